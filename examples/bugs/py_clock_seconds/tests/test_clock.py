from clock import seconds_since_midnight


def test_midnight():
    assert seconds_since_midnight("00:00:00") == 0


def test_seconds_only():
    assert seconds_since_midnight("00:00:07") == 7


def test_hours_minutes_seconds():
    assert seconds_since_midnight("01:02:03") == 3723


def test_last_second():
    assert seconds_since_midnight("23:59:59") == 86399
