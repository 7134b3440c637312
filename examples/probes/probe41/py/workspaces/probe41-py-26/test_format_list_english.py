from format_list_english import *  # noqa: F401,F403
from format_list_english import format_list_english

def check(format_list_english):
    assert format_list_english(["apples"]) == "apples"
    assert format_list_english(["tea", "coffee"]) == "tea and coffee"
    assert format_list_english(["red", "green", "blue"]) == "red, green and blue"
    assert format_list_english([]) == ""
    assert format_list_english(["x"]) == "x"
    assert format_list_english(["a", "b", "c", "d"]) == "a, b, c and d"


def test_format_list_english():
    check(format_list_english)
