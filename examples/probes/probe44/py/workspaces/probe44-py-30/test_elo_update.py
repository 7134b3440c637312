from elo_update import *  # noqa: F401,F403
from elo_update import elo_update

import pytest


def check(elo_update):
    assert elo_update(1600, 1400, 1) == (1608, 1392)
    assert elo_update(1500, 1500, 0.5) == (1500, 1500)
    assert elo_update(1500, 1500, 1) == (1516, 1484)
    assert elo_update(1400, 1600, 1) == (1424, 1576)
    assert elo_update(2000, 1000, 0, k=10) == (1990, 1010)
    assert elo_update(1600, 1400, 0.5, k=16) == (1596, 1404)
    with pytest.raises(ValueError):
        elo_update(1500, 1500, 2)


def test_elo_update():
    check(elo_update)
