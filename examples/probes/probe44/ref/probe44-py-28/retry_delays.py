def retry_delays(attempts, base=0.5, factor=2.0, cap=30.0, budget=None):
    """Waiting times (seconds) before each retry, with exponential backoff.

    The k-th delay (k = 0, 1, ...) is base * factor**k but never more than
    cap. At most `attempts` delays are returned. If budget is given, the
    list stops before the delay that would make the total exceed budget.

    >>> retry_delays(5, base=1, factor=3, cap=20)
    [1.0, 3.0, 9.0, 20.0, 20.0]
    """
    delays = []
    delay = float(base)
    total = 0.0
    for _ in range(attempts):
        wait = min(delay, float(cap))
        if budget is not None and total + wait > budget:
            break
        delays.append(wait)
        total += wait
        delay *= factor
    return delays
