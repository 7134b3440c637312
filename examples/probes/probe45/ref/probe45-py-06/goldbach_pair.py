def goldbach_pair(n):
    """For an even integer n >= 4 return the pair of primes (p, q) with
    p <= q and p + q == n that has the smallest p. Raise ValueError if n is
    odd or smaller than 4."""
    if n < 4 or n % 2:
        raise ValueError("n must be an even integer >= 4")

    def is_prime(k):
        if k < 2:
            return False
        d = 2
        while d * d <= k:
            if k % d == 0:
                return False
            d += 1
        return True

    for p in range(2, n // 2 + 1):
        if is_prime(p) and is_prime(n - p):
            return (p, n - p)
