from pisano_period import *  # noqa: F401,F403
from pisano_period import pisano_period

import pytest


def check(pisano_period):
    assert pisano_period(1) == 1
    assert pisano_period(2) == 3
    assert pisano_period(3) == 8
    assert pisano_period(5) == 20
    assert pisano_period(7) == 16
    assert pisano_period(10) == 60
    with pytest.raises(ValueError):
        pisano_period(0)


def test_pisano_period():
    check(pisano_period)
