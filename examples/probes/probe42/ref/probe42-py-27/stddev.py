import math


def stddev(values, sample=False):
    """Standard deviation of values: the population deviation (divide by n)
    by default, the sample deviation (divide by n - 1) when sample is True.
    Raises ValueError when there are no values, or fewer than two for a
    sample.
    >>> stddev([2, 4, 4, 4, 5, 5, 7, 9])
    2.0
    """
    n = len(values)
    if n == 0 or (sample and n < 2):
        raise ValueError("not enough data")
    mean = sum(values) / n
    squares = sum((v - mean) ** 2 for v in values)
    divisor = n - 1 if sample else n
    return math.sqrt(squares / divisor)
