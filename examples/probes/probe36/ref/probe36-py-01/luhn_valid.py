def luhn_valid(number: str) -> bool:
    """Check a card number with the Luhn algorithm. Spaces are ignored; any
    other non-digit character, or fewer than two digits, makes it invalid.
    Starting from the rightmost digit, double every second digit; if a doubled
    value is greater than 9, subtract 9 from it. The number is valid when the
    sum of all the digits is a multiple of 10.
    >>> luhn_valid("4539 3195 0343 6467")
    True
    >>> luhn_valid("8273 1232 7352 0569")
    False
    """
    digits = number.replace(" ", "")
    if len(digits) < 2 or not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0
