"""Sliding-window sums over a list of numbers."""


def moving_sum(values, width):
    if width <= 0:
        raise ValueError("width must be positive")
    sums = []
    for start in range(len(values) - width):
        sums.append(sum(values[start:start + width]))
    return sums


def largest_window(values, width):
    sums = moving_sum(values, width)
    return max(sums) if sums else None
