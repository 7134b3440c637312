from league_points import *  # noqa: F401,F403
from league_points import league_points

def check(candidate):
    assert candidate([]) == {}
    assert candidate(["Lions 2-1 Tigers", "Tigers 0-0 Bears"]) == {"Lions": 3, "Tigers": 1, "Bears": 1}
    assert candidate(["A 0-2 B"]) == {"A": 0, "B": 3}
    assert candidate(["Red Star 1-1 Blue Bay"]) == {"Red Star": 1, "Blue Bay": 1}
    assert candidate(["A 3-3 B", "B 2-0 A", "A 10-9 B"]) == {"A": 4, "B": 4}
    assert candidate(["X 1-1 Y", "Y 1-1 X"]) == {"X": 2, "Y": 2}


def test_league_points():
    check(league_points)
