from durations import fortnights_to_days, is_long_trip, weeks_to_days


def test_one_week():
    assert weeks_to_days(1) == 7


def test_weeks_and_days():
    assert weeks_to_days(2, 3) == 17


def test_fortnight():
    assert fortnights_to_days(1) == 14


def test_long_trip():
    assert is_long_trip(20)
    assert not is_long_trip(14)
