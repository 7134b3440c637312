from set_bit_positions import *  # noqa: F401,F403
from set_bit_positions import set_bit_positions

def check(set_bit_positions):
    assert set_bit_positions(0b10110) == [4, 2, 1]
    assert set_bit_positions(1) == [0]
    assert set_bit_positions(0) == []
    assert set_bit_positions(2 ** 10) == [10]
    assert set_bit_positions(0b111) == [2, 1, 0]
    assert set_bit_positions(0b1000001) == [6, 0]


def test_set_bit_positions():
    check(set_bit_positions)
