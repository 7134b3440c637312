from parse_bool import *  # noqa: F401,F403
from parse_bool import parse_bool

def check(parse_bool):
    assert parse_bool("yes") == True
    assert parse_bool(" OFF ") == False
    assert parse_bool("maybe") is None
    assert parse_bool("TRUE") == True
    assert parse_bool("0") == False
    assert parse_bool("\tOn\n") == True
    assert parse_bool("") is None
    assert parse_bool("yes please") is None


def test_parse_bool():
    check(parse_bool)
