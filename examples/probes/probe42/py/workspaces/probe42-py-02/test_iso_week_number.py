from iso_week_number import *  # noqa: F401,F403
from iso_week_number import iso_week_number

def check(iso_week_number):
    assert iso_week_number(2024, 6, 15) == (2024, 24)
    assert iso_week_number(2024, 1, 1) == (2024, 1)
    assert iso_week_number(2024, 12, 30) == (2025, 1)
    assert iso_week_number(2021, 1, 3) == (2020, 53)
    assert iso_week_number(2026, 12, 6) == (2026, 49)
    assert iso_week_number(2020, 12, 31) == (2020, 53)
    assert iso_week_number(2027, 1, 1) == (2026, 53)


def test_iso_week_number():
    check(iso_week_number)
