from even_parity_bit import *  # noqa: F401,F403
from even_parity_bit import even_parity_bit

def check(even_parity_bit):
    assert even_parity_bit(0b1011) == 1
    assert even_parity_bit(0b1001) == 0
    assert even_parity_bit(0) == 0
    assert even_parity_bit(1) == 1
    assert even_parity_bit(255) == 0
    assert even_parity_bit(7) == 1
    assert even_parity_bit(2 ** 40 + 1) == 0


def test_even_parity_bit():
    check(even_parity_bit)
