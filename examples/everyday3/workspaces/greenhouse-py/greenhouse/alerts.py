"""Frost and heat warnings for the polytunnel."""
from greenhouse.settings import SETTINGS


def frost_alert(air_c):
    """Warn when the air is at or below the frost temperature."""
    return air_c < SETTINGS["frost_c"]


def heat_alert(air_c):
    """Warn when the air is at or above the heat temperature."""
    return air_c >= SETTINGS["heat_c"]


def alerts_for(readings):
    """One message per bed that is too cold or too hot."""
    messages = []
    for r in readings:
        if frost_alert(r.air_c):
            messages.append(f"{r.bed}: frost risk ({r.air_c} C)")
        elif heat_alert(r.air_c):
            messages.append(f"{r.bed}: too hot ({r.air_c} C)")
    return messages
