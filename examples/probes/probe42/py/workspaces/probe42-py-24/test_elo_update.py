from elo_update import *  # noqa: F401,F403
from elo_update import elo_update

def check(elo_update):
    assert elo_update(1500, 1500, 1) == (1516, 1484)
    assert elo_update(1500, 1500, 0.5) == (1500, 1500)
    assert elo_update(1600, 1400, 1) == (1608, 1392)
    assert elo_update(1400, 1600, 1) == (1424, 1576)
    assert elo_update(2000, 2000, 0, k=16) == (1992, 2008)
    assert elo_update(1800, 1500, 0.5) == (1789, 1511)


def test_elo_update():
    check(elo_update)
