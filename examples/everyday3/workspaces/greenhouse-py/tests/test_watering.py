from greenhouse.sensors import Reading
from greenhouse.watering import litres_for, needs_water, plan


def test_dry_bed_needs_water():
    assert needs_water(Reading("bed-1", 20.0, 15), threshold=32)


def test_moist_bed_does_not_need_water():
    assert not needs_water(Reading("bed-1", 45.0, 15), threshold=32)


def test_stale_reading_never_triggers_watering():
    assert not needs_water(Reading("bed-1", 5.0, 15, age_s=600), threshold=32)


def test_very_dry_bed_gets_extra_water():
    normal = litres_for(Reading("bed-1", 25.0, 15), threshold=32)
    very_dry = litres_for(Reading("bed-2", 10.0, 15), threshold=32)
    assert very_dry == normal * 1.5


def test_plan_is_empty_after_daily_limit():
    readings = [Reading("bed-1", 5.0, 15)]
    assert plan(readings, runs_today=3) == {}
