def euler_totient(n):
    """Return Euler's totient of n >= 1, the count of k in 1..n with
    gcd(k, n) == 1.
    >>> euler_totient(9)
    6
    """
    result = n
    m = n
    p = 2
    while p * p <= m:
        if m % p == 0:
            while m % p == 0:
                m //= p
            result -= result // p
        p += 1
    if m > 1:
        result -= result // m
    return result
