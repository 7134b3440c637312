from iso_week_label import *  # noqa: F401,F403
from iso_week_label import iso_week_label

from datetime import date


def check(iso_week_label):
    assert iso_week_label(date(2024, 2, 14)) == "2024-W07"
    assert iso_week_label(date(2021, 1, 3)) == "2020-W53"
    assert iso_week_label(date(2024, 12, 30)) == "2025-W01"
    assert iso_week_label(date(2024, 2, 14), with_day=True) == "2024-W07-3"
    assert iso_week_label(date(2026, 1, 1), with_day=True) == "2026-W01-4"
    assert iso_week_label(date(2027, 1, 1)) == "2026-W53"


def test_iso_week_label():
    check(iso_week_label)
