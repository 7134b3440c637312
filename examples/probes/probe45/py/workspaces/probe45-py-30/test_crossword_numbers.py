from crossword_numbers import *  # noqa: F401,F403
from crossword_numbers import crossword_numbers

import pytest


def check(crossword_numbers):
    assert crossword_numbers([]) == {}
    assert crossword_numbers(["..."] * 3) == {
        1: (0, 0, True, True), 2: (0, 1, False, True), 3: (0, 2, False, True),
        4: (1, 0, True, False), 5: (2, 0, True, False),
    }
    assert crossword_numbers(["#..", "...", "..#"]) == {1: (0, 1, True, True), 2: (0, 2, False, True), 3: (1, 0, True, True), 4: (2, 0, True, False)}
    assert crossword_numbers([".#.", "#.#", ".#."]) == {}
    assert crossword_numbers(["..#", "#.."]) == {1: (0, 0, True, False), 2: (0, 1, False, True), 3: (1, 1, True, False)}


def test_crossword_numbers():
    check(crossword_numbers)
