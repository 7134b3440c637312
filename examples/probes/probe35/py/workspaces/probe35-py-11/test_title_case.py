from title_case import *  # noqa: F401,F403
from title_case import title_case

def check(candidate):
    assert candidate("", ["a"]) == ""
    assert candidate("the lord OF the rings", ["of", "the"]) == "The Lord of the Rings"
    assert candidate("hello world", []) == "Hello World"
    assert candidate("a tale of two cities", ["a", "of"]) == "A Tale of Two Cities"
    assert candidate("GONE  with the WIND", ["With", "the"]) == "Gone with the Wind"
    assert candidate("of mice and men", ["of", "and"]) == "Of Mice and Men"


def test_title_case():
    check(title_case)
