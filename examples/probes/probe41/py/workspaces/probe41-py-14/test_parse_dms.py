from parse_dms import *  # noqa: F401,F403
from parse_dms import parse_dms

def check(parse_dms):
    assert parse_dms("40 26 46 N") == 40.446111
    assert parse_dms("79 58 56 W") == -79.982222
    assert parse_dms("0 30 0 S") == -0.5
    assert parse_dms("33 51 54 S") == -33.865
    assert parse_dms("151 12 36 E") == 151.21
    assert parse_dms("0 0 0 N") == 0.0
    assert parse_dms("12 0 30.5 E") == 12.008472


def test_parse_dms():
    check(parse_dms)
