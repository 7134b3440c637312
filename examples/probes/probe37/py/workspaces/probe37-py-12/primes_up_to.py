def primes_up_to(n: int) -> list:
    """Return every prime p with 2 <= p <= n, in increasing order, using the
    sieve of Eratosthenes.
    >>> primes_up_to(10)
    [2, 3, 5, 7]
    >>> primes_up_to(1)
    []
    """
    if n < 2:
        return []
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    for i in range(2, int(n ** 0.5)):
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
    return [i for i, flag in enumerate(is_prime) if flag]
