def card_brand(number):
    """Guess the brand of a payment card number from its prefix and length.
    Spaces and dashes are ignored. Visa: starts with 4, 13, 16 or 19 digits.
    Mastercard: 51-55 or 2221-2720, 16 digits. Amex: 34 or 37, 15 digits.
    Discover: 6011 or 65, 16 digits. Anything else is "unknown".
    >>> card_brand("4111 1111 1111 1111")
    'visa'
    >>> card_brand("3782-822463-10005")
    'amex'
    """
    digits = number.replace(" ", "").replace("-", "")
    if not digits.isdigit():
        return "unknown"
    n = len(digits)
    two = int(digits[:2])
    four = int(digits[:4])
    if digits[0] == "4" and n in (13, 16, 19):
        return "visa"
    if (51 <= two <= 55 or 2221 <= four <= 2720) and n == 16:
        return "mastercard"
    if two in (34, 36) and n == 15:
        return "amex"
    if (digits.startswith("6011") or digits.startswith("65")) and n == 16:
        return "discover"
    return "unknown"
