"""Loads the greenhouse thresholds from greenhouse.ini."""
import configparser
from pathlib import Path

CONFIG_PATH = Path(__file__).resolve().parent.parent / "greenhouse.ini"

# Readings older than this many seconds are ignored.
SENSOR_TIMEOUT_S = 90


def load(path=CONFIG_PATH):
    parser = configparser.ConfigParser()
    parser.read(path)
    return {
        "dry_threshold": parser.getfloat("watering", "dry_threshold"),
        "litres_per_bed": parser.getfloat("watering", "litres_per_bed"),
        "max_runs_per_day": parser.getint("watering", "max_runs_per_day"),
        "start_hour": parser.getint("watering", "start_hour"),
        "frost_c": parser.getfloat("alerts", "frost_c"),
        "heat_c": parser.getfloat("alerts", "heat_c"),
    }


SETTINGS = load()
