from count_islands import *  # noqa: F401,F403
from count_islands import count_islands

def check(candidate):
    assert candidate([]) == 0
    assert candidate(["..."]) == 0
    assert candidate(["#"]) == 1
    assert candidate(["#.#", ".#.", "#.#"]) == 5
    assert candidate(["##.", ".##"]) == 1
    assert candidate(["..#", "###"]) == 1
    assert candidate(["##..", "#..#", "..##"]) == 2
    assert candidate(["#.##", "#..#", "####"]) == 1


def test_count_islands():
    check(count_islands)
