from visible_trees import *  # noqa: F401,F403
from visible_trees import visible_trees

import pytest


def check(visible_trees):
    assert visible_trees(["30373", "25512", "65332", "33549", "35390"]) == 21
    assert visible_trees(["0"]) == 1
    assert visible_trees(["11", "11"]) == 4
    assert visible_trees(["111", "121", "111"]) == 9
    assert visible_trees(["111", "101", "111"]) == 8
    assert visible_trees([]) == 0


def test_visible_trees():
    check(visible_trees)
