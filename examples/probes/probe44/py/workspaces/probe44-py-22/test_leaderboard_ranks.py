from leaderboard_ranks import *  # noqa: F401,F403
from leaderboard_ranks import leaderboard_ranks


def check(leaderboard_ranks):
    assert leaderboard_ranks({"ann": 30, "bob": 50, "cy": 30, "dee": 10}) == [(1, "bob", 50), (2, "ann", 30), (2, "cy", 30), (4, "dee", 10)]
    assert leaderboard_ranks({}) == []
    assert leaderboard_ranks({"solo": 0}) == [(1, "solo", 0)]
    assert leaderboard_ranks({"a": 5, "b": 5, "c": 5}) == [(1, "a", 5), (1, "b", 5), (1, "c", 5)]
    assert leaderboard_ranks({"x": 1, "y": 2, "z": 3}) == [(1, "z", 3), (2, "y", 2), (3, "x", 1)]
    assert [r for r, _, _ in leaderboard_ranks({"p": 9, "q": 9, "r": 7, "s": 7, "t": 1})] == [1, 1, 3, 3, 5]


def test_leaderboard_ranks():
    check(leaderboard_ranks)
