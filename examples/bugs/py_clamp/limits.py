"""Keeping values inside a range."""


def clamp(value, low, high):
    if low > high:
        raise ValueError("low must not exceed high")
    return max(low, max(value, high))


def clamp_all(values, low, high):
    return [clamp(value, low, high) for value in values]
