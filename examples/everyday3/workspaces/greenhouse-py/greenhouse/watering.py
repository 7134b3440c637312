"""Decides which beds to water and how much water each one gets."""
from greenhouse.sensors import is_stale
from greenhouse.settings import SETTINGS


def needs_water(reading, threshold=None):
    """True when a fresh reading is drier than the threshold."""
    if threshold is None:
        threshold = SETTINGS["dry_threshold"]
    return not is_stale(reading) and reading.moisture < threshold


def litres_for(reading, threshold=None):
    """Litres for one bed: the usual amount, or 1.5 times it when the
    soil is below half the dry threshold."""
    if threshold is None:
        threshold = SETTINGS["dry_threshold"]
    base = SETTINGS["litres_per_bed"]
    if reading.moisture < threshold / 2:
        return base * 1.5
    return base


def plan(readings, runs_today=0):
    """Map bed name -> litres for every bed that needs water now.

    Nothing is watered once the day's run limit has been used up.
    """
    if runs_today >= SETTINGS["max_runs_per_day"]:
        return {}
    # TODO: skip the run when the forecast says it will rain
    return {r.bed: litres_for(r) for r in readings if needs_water(r)}
