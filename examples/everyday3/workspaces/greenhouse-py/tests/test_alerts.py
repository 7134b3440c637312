from greenhouse.alerts import alerts_for, frost_alert, heat_alert
from greenhouse.sensors import Reading
from greenhouse.settings import SETTINGS


def test_frost_alert_at_threshold():
    assert frost_alert(SETTINGS["frost_c"])


def test_heat_alert_when_hot():
    assert heat_alert(SETTINGS["heat_c"] + 1)
    assert not heat_alert(20.0)


def test_alerts_for_names_the_bed():
    readings = [Reading("bed-4", 40, -1.0), Reading("bed-5", 40, 18.0)]
    assert alerts_for(readings) == ["bed-4: frost risk (-1.0 C)"]
