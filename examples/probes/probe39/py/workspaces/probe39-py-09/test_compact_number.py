from compact_number import *  # noqa: F401,F403
from compact_number import compact_number

def check(compact_number):
    assert compact_number(999) == "999"
    assert compact_number(1250) == "1.2K"
    assert compact_number(3000000) == "3M"
    assert compact_number(1000) == "1K"
    assert compact_number(1000000) == "1M"
    assert compact_number(2540000000) == "2.5B"
    assert compact_number(0) == "0"
    assert compact_number(999999) == "999.9K"


def test_compact_number():
    check(compact_number)
