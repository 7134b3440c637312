from pluralize import *  # noqa: F401,F403
from pluralize import pluralize

def check(pluralize):
    assert pluralize(1, "box") == "1 box"
    assert pluralize(3, "box") == "3 boxes"
    assert pluralize(2, "city") == "2 cities"
    assert pluralize(0, "apple") == "0 apples"
    assert pluralize(2, "day") == "2 days"
    assert pluralize(5, "church") == "5 churches"
    assert pluralize(1, "city") == "1 city"
    assert pluralize(0, "wish") == "0 wishes"


def test_pluralize():
    check(pluralize)
