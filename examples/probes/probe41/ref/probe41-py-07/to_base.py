def to_base(n: int, base: int) -> str:
    """Write the integer n in the given base (2 <= base <= 36) using the digits
    0-9 and then upper-case letters A-Z, with a leading "-" for negative
    numbers.
    >>> to_base(255, 16)
    'FF'
    >>> to_base(-10, 2)
    '-1010'
    >>> to_base(0, 7)
    '0'
    """
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n > 0:
        out.append(digits[n % base])
        n //= base
    return sign + "".join(reversed(out))
