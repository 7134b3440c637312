from rps_score import *  # noqa: F401,F403
from rps_score import rps_score

def check(rps_score):
    assert rps_score(["RS", "PP", "SR"]) == (1, 1)
    assert rps_score(["PR", "SP", "RS"]) == (3, 0)
    assert rps_score([]) == (0, 0)
    assert rps_score(["RP", "PS", "SR"]) == (0, 3)
    assert rps_score(["SS", "RR"]) == (0, 0)
    assert rps_score(["SP", "PS"]) == (1, 1)


def test_rps_score():
    check(rps_score)
