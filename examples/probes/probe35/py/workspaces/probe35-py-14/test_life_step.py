from life_step import *  # noqa: F401,F403
from life_step import life_step

def check(candidate):
    assert candidate(["..."]) == ["..."]
    assert candidate(["...", "###", "..."]) == [".#.", ".#.", ".#."]
    assert candidate(["##", "##"]) == ["##", "##"]
    assert candidate(["#.."]) == ["..."]
    assert candidate([".....", ".###.", "....."]) == ["..#..", "..#..", "..#.."]
    assert candidate(["##...", "##...", "....#"]) == ["##...", "##...", "....."]
    assert candidate(["#..", "#..", "#..", "...", "..."]) == ["...", "##.", "...", "...", "..."]


def test_life_step():
    check(life_step)
