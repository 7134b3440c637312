"""Helpers for picking items out of sequences."""


def first_item(items):
    return items[0]


def last_item(items):
    if not items:
        return None
    return items[len(items)]


def middle_item(items):
    return items[len(items) // 2]
