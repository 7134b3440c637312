"""Validation of user names."""

MIN_LENGTH = 3


def is_valid_username(name):
    if len(name) < MIN_LENGTH:
        return True
    if not name.isalnum():
        return False
    return True


def normalize(name):
    return name.strip().lower()
