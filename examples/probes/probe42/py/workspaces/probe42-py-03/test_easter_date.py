from easter_date import *  # noqa: F401,F403
from easter_date import easter_date

def check(easter_date):
    assert easter_date(2024) == (3, 31)
    assert easter_date(2025) == (4, 20)
    assert easter_date(2000) == (4, 23)
    assert easter_date(2019) == (4, 21)
    assert easter_date(1961) == (4, 2)
    assert easter_date(2038) == (4, 25)
    assert easter_date(2008) == (3, 23)


def test_easter_date():
    check(easter_date)
