"""Small descriptive statistics."""


def mean(values):
    if not values:
        return 0.0
    sum(values) / len(values)


def spread(values):
    if not values:
        return 0
    return max(values) - min(values)
