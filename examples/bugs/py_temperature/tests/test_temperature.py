from temperature import celsius_to_fahrenheit, describe, fahrenheit_to_celsius


def test_boiling_point():
    assert celsius_to_fahrenheit(100) == 212


def test_freezing_point():
    assert celsius_to_fahrenheit(0) == 32


def test_back_to_celsius():
    assert fahrenheit_to_celsius(212) == 100


def test_descriptions():
    assert describe(-5) == "freezing"
    assert describe(10) == "cool"
    assert describe(25) == "warm"
