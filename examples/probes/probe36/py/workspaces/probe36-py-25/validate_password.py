def validate_password(password: str) -> list:
    """Check a password against the site rules and return the rules it breaks,
    in this order: "length" (fewer than 8 characters), "upper" (no upper-case
    letter), "lower" (no lower-case letter), "digit" (no digit) and "space"
    (contains whitespace). An empty list means the password is accepted.
    >>> validate_password("Secret123")
    []
    >>> validate_password("short")
    ['length', 'upper', 'digit']
    """
    problems = []
    if len(password) < 8 or len(password) > 64:
        problems.append("length")
    if not any(c.isupper() for c in password):
        problems.append("upper")
    if not any(c.islower() for c in password):
        problems.append("lower")
    if not any(c.isdigit() for c in password):
        problems.append("digit")
    if any(c.isspace() for c in password):
        problems.append("space")
    return problems
