import math


def mixed_fraction(num: int, den: int) -> str:
    """Write the non-negative fraction num/den (den > 0) as a mixed number in
    lowest terms: "W" when it is a whole number, "N/D" when it is less than 1,
    and "W N/D" otherwise.
    >>> mixed_fraction(7, 2)
    '3 1/2'
    >>> mixed_fraction(6, 4)
    '1 1/2'
    >>> mixed_fraction(2, 6)
    '1/3'
    >>> mixed_fraction(8, 4)
    '2'
    """
    whole, rest = divmod(num, den)
    if rest == 0:
        return str(whole)
    g = math.gcd(rest, den)
    frac = f"{rest // g}/{den // g}"
    return f"{whole} {frac}"
