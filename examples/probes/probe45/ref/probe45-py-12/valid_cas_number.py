def valid_cas_number(cas):
    """Validate a CAS Registry Number such as "7732-18-5" (water).

    The format is 2 to 7 digits, a hyphen, exactly 2 digits, a hyphen and a
    single check digit. The check digit must equal the sum of all the other
    digits, each multiplied by its position counted from the right (the
    digit just before the second hyphen has weight 1, the one before it
    weight 2, and so on), taken modulo 10."""
    parts = cas.split("-")
    if len(parts) != 3:
        return False
    first, second, check = parts
    if not (2 <= len(first) <= 7 and len(second) == 2 and len(check) == 1):
        return False
    digits = first + second
    if not all(ch in "0123456789" for ch in digits + check):
        return False
    total = 0
    for weight, ch in enumerate(reversed(digits), start=1):
        total += weight * int(ch)
    return total % 10 == int(check)
