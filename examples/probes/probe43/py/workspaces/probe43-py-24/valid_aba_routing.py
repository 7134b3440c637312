def valid_aba_routing(number):
    """Check a US ABA routing number: nine digits whose first two are in
    00-12, 21-32, 61-72 or 80, and whose digits weighted 3, 7, 1, 3, 7, 1,
    3, 7, 1 add up to a multiple of 10.
    >>> valid_aba_routing("021000021")
    True
    """
    if len(number) != 9 or not number.isdigit():
        return False
    prefix = int(number[:2])
    if not (prefix <= 12 or 21 < prefix <= 32 or 61 <= prefix <= 72 or prefix == 80):
        return False
    weights = (3, 7, 1)
    total = 0
    for i, ch in enumerate(number):
        total += int(ch) * weights[i % 3]
    return total % 10 == 0
