from group_by_content import *  # noqa: F401,F403
from group_by_content import group_by_content

def check(group_by_content):
    assert group_by_content([("a", "x"), ("b", "y"), ("c", "x")]) == [["a", "c"]]
    assert group_by_content([]) == []
    assert group_by_content([("a", "1"), ("b", "2")]) == []
    assert group_by_content([("p", "z"), ("q", "w"), ("r", "w"), ("s", "z"), ("t", "z")]) == [["p", "s", "t"], ["q", "r"]]


def test_group_by_content():
    check(group_by_content)
