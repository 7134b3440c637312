from math import gcd


def lcm_range(n: int) -> int:
    """Return the smallest positive integer that is divisible by every integer
    from 1 to n (n >= 1).
    >>> lcm_range(4)
    12
    >>> lcm_range(10)
    2520
    """
    result = 1
    for i in range(2, n + 1):
        result = result * i // gcd(result, i)
    return result
