def int_to_roman(n: int) -> str:
    """Write n (1 <= n <= 3999) in Roman numerals, using the subtractive forms
    CM, CD, XC, XL, IX and IV.
    >>> int_to_roman(1994)
    'MCMXCIV'
    >>> int_to_roman(3888)
    'MMMDCCCLXXXVIII'
    >>> int_to_roman(4)
    'IV'
    """
    table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
             (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
             (5, "V"), (4, "IV"), (1, "I")]
    out = []
    for value, symbol in table:
        if n >= value:
            out.append(symbol)
            n -= value
    return "".join(out)
