from primes_up_to import *  # noqa: F401,F403
from primes_up_to import primes_up_to

def check(primes_up_to):
    assert primes_up_to(10) == [2, 3, 5, 7]
    assert primes_up_to(1) == []
    assert primes_up_to(0) == []
    assert primes_up_to(2) == [2]
    assert primes_up_to(9) == [2, 3, 5, 7]
    assert primes_up_to(25) == [2, 3, 5, 7, 11, 13, 17, 19, 23]
    assert primes_up_to(49)[-1] == 47
    assert len(primes_up_to(100)) == 25


def test_primes_up_to():
    check(primes_up_to)
