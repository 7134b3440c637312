from next_occurrence import *  # noqa: F401,F403
from next_occurrence import next_occurrence

from datetime import datetime


def check(next_occurrence):
    assert next_occurrence(datetime(2024, 3, 6, 12, 0), 4, 9) == datetime(2024, 3, 8, 9, 0)
    assert next_occurrence(datetime(2024, 3, 6, 8, 0), 2, 9) == datetime(2024, 3, 6, 9, 0)
    assert next_occurrence(datetime(2024, 3, 6, 9, 0), 2, 9) == datetime(2024, 3, 13, 9, 0)
    assert next_occurrence(datetime(2024, 3, 6, 12, 0), 0, 7, 30) == datetime(2024, 3, 11, 7, 30)
    assert next_occurrence(datetime(2024, 12, 30, 23, 59, 59), 1, 0) == datetime(2024, 12, 31, 0, 0)
    assert next_occurrence(datetime(2024, 2, 28, 10, 0), 3, 10) == datetime(2024, 2, 29, 10, 0)


def test_next_occurrence():
    check(next_occurrence)
