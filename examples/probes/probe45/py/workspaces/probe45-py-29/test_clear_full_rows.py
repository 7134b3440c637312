from clear_full_rows import *  # noqa: F401,F403
from clear_full_rows import clear_full_rows

import pytest


def check(clear_full_rows):
    assert clear_full_rows([]) == ([], 0)
    assert clear_full_rows(["..#", ".##"]) == (["..#", ".##"], 0)
    assert clear_full_rows(["#..", "###", ".#."]) == (["...", "#..", ".#."], 40)
    assert clear_full_rows(["##", "#.", "##", "##"], level=2) == (["..", "..", "..", "#."], 900)
    assert clear_full_rows(["###"] * 4) == (["..."] * 4, 1200)
    board = ["#.#", "###"]
    clear_full_rows(board)
    assert board == ["#.#", "###"]


def test_clear_full_rows():
    check(clear_full_rows)
