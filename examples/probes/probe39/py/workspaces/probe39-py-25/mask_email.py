def mask_email(email: str) -> str:
    """Hide the local part of an e-mail address (the text before the first
    "@"): keep its first and last characters and replace each character in
    between with "*". A local part of one or two characters becomes its
    first character followed by a single "*". The domain is kept as it is.
    >>> mask_email("john.doe@example.com")
    'j******e@example.com'
    >>> mask_email("al@x.org")
    'a*@x.org'
    """
    local, domain = email.split("@", 1)
    if len(local) <= 2:
        masked = local[0] + "*"
    else:
        masked = local[0] + "*" * (len(local) - 1) + local[-1]
    return masked + "@" + domain
