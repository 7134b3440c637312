from euler_totient import *  # noqa: F401,F403
from euler_totient import euler_totient

def check(euler_totient):
    assert euler_totient(9) == 6
    assert euler_totient(1) == 1
    assert euler_totient(7) == 6
    assert euler_totient(10) == 4
    assert euler_totient(36) == 12
    assert euler_totient(97) == 96
    assert euler_totient(1000) == 400
    assert euler_totient(30) == 8


def test_euler_totient():
    check(euler_totient)
