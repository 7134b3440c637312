from business_days_add import *  # noqa: F401,F403
from business_days_add import business_days_add

def check(business_days_add):
    assert business_days_add(date(2024, 6, 14), 1) == date(2024, 6, 17)
    assert business_days_add(date(2024, 6, 10), 4) == date(2024, 6, 14)
    assert business_days_add(date(2024, 6, 10), 5) == date(2024, 6, 17)
    assert business_days_add(date(2024, 6, 15), 0) == date(2024, 6, 17)
    assert business_days_add(date(2024, 6, 12), 0) == date(2024, 6, 12)
    assert business_days_add(date(2024, 12, 23), 2, [date(2024, 12, 25)]) == date(2024, 12, 26)
    assert business_days_add(date(2024, 6, 3), 10) == date(2024, 6, 17)


def test_business_days_add():
    check(business_days_add)
