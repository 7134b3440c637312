from int_to_roman import *  # noqa: F401,F403
from int_to_roman import int_to_roman

def check(int_to_roman):
    assert int_to_roman(1994) == "MCMXCIV"
    assert int_to_roman(3888) == "MMMDCCCLXXXVIII"
    assert int_to_roman(4) == "IV"
    assert int_to_roman(3) == "III"
    assert int_to_roman(58) == "LVIII"
    assert int_to_roman(2024) == "MMXXIV"
    assert int_to_roman(3999) == "MMMCMXCIX"
    assert int_to_roman(40) == "XL"


def test_int_to_roman():
    check(int_to_roman)
