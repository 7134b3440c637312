def mod_inverse(a, m):
    """Return the x in 0..m-1 with (a * x) % m == 1, or None when a has no
    inverse modulo m (m >= 1). a may be negative.
    >>> mod_inverse(3, 11)
    4
    >>> mod_inverse(6, 9) is None
    True
    """
    old_r, r = a % m, m
    old_s, s = 1, 0
    while r:
        quotient = old_r // r
        old_r, r = r, old_r - quotient * r
        old_s, s = s, old_s - quotient * s
    if old_r != 1:
        return None
    return old_s % m
