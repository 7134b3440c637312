from slugify import *  # noqa: F401,F403
from slugify import slugify


def check(slugify):
    assert slugify("Hello, World!") == "hello-world"
    assert slugify("  --Already--Slugged--  ") == "already-slugged"
    assert slugify("The quick brown fox", max_len=12) == "the-quick"
    assert slugify("The quick brown fox", max_len=9) == "the-quick"
    assert slugify("Supercalifragilistic word", max_len=5) == "super"
    assert slugify("C++ & Rust: 2024 edition") == "c-rust-2024-edition"


def test_slugify():
    check(slugify)
