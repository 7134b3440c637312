def valid_issn(issn):
    """Validate an ISSN written as "NNNN-NNNC", for example "0317-8471".

    The seven characters N are digits and the check character C is a digit
    or "X" (standing for 10; a lower-case "x" is accepted too). The ISSN is
    valid when 8*N1 + 7*N2 + 6*N3 + 5*N4 + 4*N5 + 3*N6 + 2*N7 + C is
    divisible by 11."""
    if len(issn) != 9:
        return False
    body = issn[:4] + issn[5:8]
    check = issn[8].upper()
    if not all(ch in "0123456789" for ch in body):
        return False
    if check == "X":
        check_value = 10
    elif check in "0123456789":
        check_value = int(check)
    else:
        return False
    total = sum((8 - i) * int(ch) for i, ch in enumerate(body))
    return (total + check_value) % 11 == 0
