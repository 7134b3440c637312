from slugify import *  # noqa: F401,F403
from slugify import slugify

def check(slugify):
    assert slugify("Hello, World!") == "hello-world"
    assert slugify("  C++ & Rust  ") == "c-rust"
    assert slugify("100% Pure") == "100-pure"
    assert slugify("") == ""
    assert slugify("---") == ""
    assert slugify("...Leading dots") == "leading-dots"
    assert slugify("Déjà vu") == "d-j-vu"
    assert slugify("already-a-slug") == "already-a-slug"


def test_slugify():
    check(slugify)
