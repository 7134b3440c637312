def parse_money(text: str) -> int:
    """Parse an amount of money such as "$1,234.50" and return it in cents.
    Surrounding spaces are ignored, the dollar sign and the thousands commas
    are optional, a leading "-" makes the amount negative, and the cents part
    may have one or two digits or be left out ("3.5" is 3 dollars 50 cents).
    >>> parse_money("$1,234.50")
    123450
    >>> parse_money("-$3.5")
    -350
    >>> parse_money("12")
    1200
    """
    text = text.strip()
    sign = 1
    if text.startswith("-"):
        sign = -1
        text = text[1:]
    text = text.lstrip("$").replace(",", "")
    if "." in text:
        whole, frac = text.split(".")
        frac = ("00" + frac)[-2:]
    else:
        whole, frac = text, "00"
    return sign * (int(whole or "0") * 100 + int(frac))
