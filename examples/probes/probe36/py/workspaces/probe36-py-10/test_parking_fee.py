from parking_fee import *  # noqa: F401,F403
from parking_fee import parking_fee

def check(parking_fee):
    assert parking_fee(25) == 0
    assert parking_fee(61) == 4
    assert parking_fee(600) == 15
    assert parking_fee(30) == 0
    assert parking_fee(31) == 2
    assert parking_fee(60) == 2
    assert parking_fee(420) == 14
    assert parking_fee(1440) == 15
    assert parking_fee(1441) == 30
    assert parking_fee(2000) == 30


def test_parking_fee():
    check(parking_fee)
