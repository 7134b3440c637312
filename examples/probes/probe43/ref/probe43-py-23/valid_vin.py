def valid_vin(vin):
    """Check a 17-character North American vehicle identification number.
    Only digits and the uppercase letters other than I, O and Q may appear,
    and the ninth character must be the check digit ("0" to "9", or "X"
    for 10): the sum of the transliterated values times the position
    weights, modulo 11.
    >>> valid_vin("1M8GDM9AXKP042788")
    True
    """
    if len(vin) != 17 or not vin.isalnum():
        return False
    values = {}
    for i, ch in enumerate("ABCDEFGH"):
        values[ch] = i + 1
    for i, ch in enumerate("JKLMN"):
        values[ch] = i + 1
    values["P"] = 7
    values["R"] = 9
    for i, ch in enumerate("STUVWXYZ"):
        values[ch] = i + 2
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    total = 0
    for ch, w in zip(vin, weights):
        if ch in "0123456789":
            total += int(ch) * w
        elif ch in values:
            total += values[ch] * w
        else:
            return False
    check = total % 11
    expected = "X" if check == 10 else str(check)
    return vin[8] == expected
