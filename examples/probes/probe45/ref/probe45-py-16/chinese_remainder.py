def chinese_remainder(residues, moduli):
    """Solve the system x = residues[i] (mod moduli[i]) for pairwise coprime
    positive moduli and return the smallest non-negative solution x, which
    is unique modulo the product of the moduli. Empty lists give 0. Raise
    ValueError if the lists differ in length or two moduli share a factor."""
    if len(residues) != len(moduli):
        raise ValueError("length mismatch")
    x, m = 0, 1
    for r, n in zip(residues, moduli):
        # choose t so that x + m*t = r (mod n)
        g, inv = _gcd_and_inverse(m % n, n)
        if g != 1:
            raise ValueError("moduli are not coprime")
        t = ((r - x) * inv) % n
        x += m * t
        m *= n
    return x % m


def _gcd_and_inverse(a, n):
    """Return (gcd(a, n), s) where s*a = gcd (mod n)."""
    old_r, r = a, n
    old_s, s = 1, 0
    while r:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
    return old_r, old_s % n
