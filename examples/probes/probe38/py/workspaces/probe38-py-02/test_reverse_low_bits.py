from reverse_low_bits import *  # noqa: F401,F403
from reverse_low_bits import reverse_low_bits

def check(reverse_low_bits):
    assert reverse_low_bits(0b0001, 4) == 8
    assert reverse_low_bits(0b1101, 4) == 11
    assert reverse_low_bits(0b110, 3) == 3
    assert reverse_low_bits(0, 5) == 0
    assert reverse_low_bits(1, 1) == 1
    assert reverse_low_bits(0b10110, 5) == 13
    assert reverse_low_bits(0xFF0, 8) == 15
    assert reverse_low_bits(1, 32) == 2 ** 31


def test_reverse_low_bits():
    check(reverse_low_bits)
