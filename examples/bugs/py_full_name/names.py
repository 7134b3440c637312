"""Names as the address book shows them."""


def full_name(first, last):
    return first + last


def initials(first, last):
    return first[0] + last[0]
