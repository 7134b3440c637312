from minesweeper_counts import *  # noqa: F401,F403
from minesweeper_counts import minesweeper_counts

def check(minesweeper_counts):
    assert minesweeper_counts(["*..", "...", "..*"]) == ["*1.", "121", ".1*"]
    assert minesweeper_counts([".*."]) == ["1*1"]
    assert minesweeper_counts(["..."]) == ["..."]
    assert minesweeper_counts(["*"]) == ["*"]
    assert minesweeper_counts([]) == []
    assert minesweeper_counts(["**", "**"]) == ["**", "**"]
    assert minesweeper_counts([".", "*", "."]) == ["1", "*", "1"]
    assert minesweeper_counts(["*...", "....", "...*"]) == ["*1..", "1111", "..1*"]


def test_minesweeper_counts():
    check(minesweeper_counts)
