def to_negabinary(n):
    """Return the base -2 ("negabinary") representation of the integer n as a
    string of the digits "0" and "1" without leading zeros ("0" for zero).
    Every integer, negative or not, has exactly one such representation and
    needs no sign: for example 2 is "110" (4 - 2 + 0) and -1 is "11"
    (-2 + 1)."""
    if n == 0:
        return "0"
    digits = []
    while n != 0:
        n, r = divmod(n, -2)
        if r < 0:
            r += 2
            n += 1
        digits.append(str(r))
    return "".join(reversed(digits))
