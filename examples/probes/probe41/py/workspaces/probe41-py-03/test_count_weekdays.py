from count_weekdays import *  # noqa: F401,F403
from count_weekdays import count_weekdays

def check(count_weekdays):
    assert count_weekdays("2024-03-04", "2024-03-11") == 5
    assert count_weekdays("2024-03-09", "2024-03-11") == 0
    assert count_weekdays("2024-03-08", "2024-03-12") == 2
    assert count_weekdays("2024-03-11", "2024-03-11") == 0
    assert count_weekdays("2024-03-15", "2024-03-04") == 0
    assert count_weekdays("2024-02-26", "2024-03-04") == 5
    assert count_weekdays("2024-01-01", "2025-01-01") == 262


def test_count_weekdays():
    check(count_weekdays)
