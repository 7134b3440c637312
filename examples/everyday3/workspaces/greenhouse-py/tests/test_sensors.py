import pytest

from greenhouse.sensors import BadReading, Reading, average_moisture, is_stale, parse_line


def test_parse_line_reads_three_fields():
    r = parse_line("bed-3,41.5,18.2")
    assert r == Reading("bed-3", 41.5, 18.2)


def test_parse_line_strips_spaces():
    r = parse_line(" bed-7 , 12 , 9.5 ")
    assert r.bed == "bed-7"
    assert r.moisture == 12.0


def test_parse_line_rejects_missing_field():
    with pytest.raises(BadReading):
        parse_line("bed-1,40.0")


def test_parse_line_rejects_moisture_over_100():
    with pytest.raises(BadReading):
        parse_line("bed-1,104,20")


def test_old_reading_is_stale():
    assert is_stale(Reading("bed-2", 30, 15, age_s=120))
    assert not is_stale(Reading("bed-2", 30, 15, age_s=60))


def test_average_skips_stale_readings():
    readings = [
        Reading("bed-1", 40.0, 15),
        Reading("bed-2", 25.0, 15),
        Reading("bed-3", 10.0, 15, age_s=300),
    ]
    assert average_moisture(readings) == 32.5
