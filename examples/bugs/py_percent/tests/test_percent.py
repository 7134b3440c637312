from percent import format_percentage, percentage, ratio


def test_ratio():
    assert ratio(1, 4) == 0.25


def test_ratio_of_nothing():
    assert ratio(3, 0) == 0.0


def test_percentage():
    assert percentage(1, 4) == 25.0


def test_formatted():
    assert format_percentage(1, 8) == "12.5%"
