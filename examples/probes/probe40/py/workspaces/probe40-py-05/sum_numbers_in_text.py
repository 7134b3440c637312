def sum_numbers_in_text(text: str) -> int:
    """Return the sum of all maximal runs of digits in text, each read as a
    decimal integer (signs and decimal points are not treated specially).
    >>> sum_numbers_in_text("a12b3c")
    15
    >>> sum_numbers_in_text("no digits")
    0
    >>> sum_numbers_in_text("7 apples, 10 pears and 0 plums")
    17
    """
    total = 0
    current = ""
    for ch in text:
        if ch.isdigit():
            current += ch
        elif current:
            total += int(current)
            current = ""
            break
    if current:
        total += int(current)
    return total
