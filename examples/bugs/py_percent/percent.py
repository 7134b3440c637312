"""Ratios and percentages."""


def ratio(part, whole):
    if whole == 0:
        return 0.0
    return part / whole


def percentage(part, whole):
    return ratio(whole, part) * 100


def format_percentage(part, whole):
    return f"{percentage(part, whole):.1f}%"
