from zodiac_sign import *  # noqa: F401,F403
from zodiac_sign import zodiac_sign

def check(zodiac_sign):
    assert zodiac_sign(3, 21) == 'Aries'
    assert zodiac_sign(1, 5) == 'Capricorn'
    assert zodiac_sign(7, 4) == 'Cancer'
    assert zodiac_sign(12, 25) == 'Capricorn'
    assert zodiac_sign(8, 23) == 'Virgo'
    assert zodiac_sign(10, 31) == 'Scorpio'
    assert zodiac_sign(2, 18) == 'Aquarius'


def test_zodiac_sign():
    check(zodiac_sign)
