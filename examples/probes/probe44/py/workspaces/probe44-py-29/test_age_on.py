from age_on import *  # noqa: F401,F403
from age_on import age_on

from datetime import date

import pytest


def check(age_on):
    assert age_on(date(1990, 6, 15), date(2024, 6, 14)) == 33
    assert age_on(date(1990, 6, 15), date(2024, 6, 15)) == 34
    assert age_on(date(2000, 2, 29), date(2023, 2, 28)) == 22
    assert age_on(date(2000, 2, 29), date(2023, 3, 1)) == 23
    assert age_on(date(2000, 2, 29), date(2024, 2, 29)) == 24
    assert age_on(date(2020, 1, 1), date(2020, 1, 1)) == 0
    with pytest.raises(ValueError):
        age_on(date(2020, 1, 2), date(2020, 1, 1))


def test_age_on():
    check(age_on)
