from group_by_initial import *  # noqa: F401,F403
from group_by_initial import group_by_initial


def check(group_by_initial):
    assert group_by_initial(["bob", "Alice", "anna", "42 Club"]) == {"#": ["42 Club"], "A": ["Alice", "anna"], "B": ["bob"]}
    assert group_by_initial([]) == {}
    assert group_by_initial(["", "zed"]) == {"Z": ["zed"]}
    assert list(group_by_initial(["zoe", "adam", "Mia"])) == ["A", "M", "Z"]
    assert group_by_initial(["_tmp", "@home"]) == {"#": ["@home", "_tmp"]}
    assert group_by_initial(["Émile", "eve"]) == {"E": ["eve"], "É": ["Émile"]}


def test_group_by_initial():
    check(group_by_initial)
