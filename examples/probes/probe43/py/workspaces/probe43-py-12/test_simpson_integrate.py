from simpson_integrate import *  # noqa: F401,F403
from simpson_integrate import simpson_integrate

def check(simpson_integrate):
    assert simpson_integrate(lambda x: x * x, 0, 3, 2) == 9.0
    assert abs(simpson_integrate(lambda x: x ** 3, 0, 2, 3) - 4.0) < 1e-12
    assert abs(simpson_integrate(lambda x: 1.0, 2, 5, 7) - 3.0) < 1e-12
    assert abs(simpson_integrate(lambda x: x ** 3, 0, 2, 1) - 4.0) < 1e-12
    assert abs(simpson_integrate(lambda x: 4 * x ** 3 - x, -1, 1, 5)) < 1e-12
    assert abs(simpson_integrate(lambda x: x ** 2, 0, 1) - 1 / 3) < 1e-12


def test_simpson_integrate():
    check(simpson_integrate)
