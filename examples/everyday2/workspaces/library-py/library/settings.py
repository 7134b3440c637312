"""Reads library.cfg once and exposes the lending rules as constants."""

import configparser
from pathlib import Path

CONFIG_PATH = Path(__file__).resolve().parent.parent / "library.cfg"

_cfg = configparser.ConfigParser()
_cfg.read(CONFIG_PATH)

BRANCH_NAME = _cfg.get("branch", "name")
LOAN_DAYS = _cfg.getint("loans", "loan_days")
MAX_RENEWALS = _cfg.getint("loans", "max_renewals")
MAX_ITEMS = _cfg.getint("loans", "max_items_per_member")
FINE_PER_DAY = _cfg.getfloat("fines", "per_day")
FINE_CAP = _cfg.getfloat("fines", "cap")
