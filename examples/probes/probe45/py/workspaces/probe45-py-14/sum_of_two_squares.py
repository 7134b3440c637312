def sum_of_two_squares(n):
    """Return a pair (a, b) of non-negative integers with a <= b and
    a*a + b*b == n, choosing the pair with the smallest a, or None when n is
    not a sum of two squares. Raise ValueError for negative n."""
    if n < 0:
        raise ValueError("n must be non-negative")
    a = 0
    while 2 * a * a < n:
        rest = n - a * a
        b = int(rest ** 0.5)
        while b * b > rest:
            b -= 1
        while (b + 1) * (b + 1) <= rest:
            b += 1
        if b * b == rest:
            return (a, b)
        a += 1
    return None
