"""Parsing and summarising sensor readings."""
from dataclasses import dataclass

from greenhouse.settings import SENSOR_TIMEOUT_S


class BadReading(ValueError):
    """A sensor line that cannot be understood."""


@dataclass
class Reading:
    bed: str
    moisture: float  # soil moisture, percent
    air_c: float  # air temperature, degrees Celsius
    age_s: int = 0  # seconds since the sensor reported


def parse_line(line):
    """Turn a line like 'bed-3,41.5,18.2' into a Reading."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 3:
        raise BadReading(f"expected 3 fields, got {len(parts)}: {line!r}")
    bed, moisture, air = parts
    try:
        reading = Reading(bed, float(moisture), float(air))
    except ValueError as exc:
        raise BadReading(str(exc)) from exc
    if not 0 <= reading.moisture <= 100:
        raise BadReading(f"moisture out of range: {reading.moisture}")
    return reading


def is_stale(reading):
    """True when the reading is too old to act on."""
    return reading.age_s > SENSOR_TIMEOUT_S


def average_moisture(readings):
    """Mean soil moisture of the fresh readings, or None if there are none."""
    fresh = [r.moisture for r in readings if not is_stale(r)]
    if not fresh:
        return None
    return round(sum(fresh) / len(fresh), 1)
