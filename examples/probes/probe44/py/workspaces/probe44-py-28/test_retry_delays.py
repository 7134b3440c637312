from retry_delays import *  # noqa: F401,F403
from retry_delays import retry_delays


def check(retry_delays):
    assert retry_delays(5, base=1, factor=3, cap=20) == [1.0, 3.0, 9.0, 20.0, 20.0]
    assert retry_delays(0) == []
    assert retry_delays(3) == [0.5, 1.0, 2.0]
    assert retry_delays(4, base=10, cap=15) == [10.0, 15.0, 15.0, 15.0]
    assert retry_delays(10, base=1, cap=8, budget=20) == [1.0, 2.0, 4.0, 8.0]
    assert retry_delays(3, base=2, factor=1) == [2.0, 2.0, 2.0]


def test_retry_delays():
    check(retry_delays)
