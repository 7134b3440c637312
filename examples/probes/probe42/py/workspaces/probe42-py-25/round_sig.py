import math


def round_sig(x, sig=3):
    """Round x to sig significant digits.
    >>> round_sig(1234.5)
    1230.0
    >>> round_sig(0.012345, 2)
    0.012
    """
    if x == 0:
        return 0.0
    exponent = math.ceil(math.log10(abs(x)))
    digits = sig - 1 - exponent
    return round(x, digits)
