def unique_email_count(emails):
    """Count how many distinct mailboxes a list of addresses reaches. Case is
    ignored everywhere. In the local part (before the '@') dots are ignored
    and anything from the first '+' on is dropped; the domain is compared as
    written.
    >>> unique_email_count(["a.b@x.com", "ab+news@x.com", "AB@X.COM"])
    1
    >>> unique_email_count(["ab@x.com", "ab@xcom"])
    2
    """
    seen = set()
    for email in emails:
        local, _, domain = email.lower().partition("@")
        local = local.split("+", 1)[0]
        local = local.replace(".", "")
        domain = domain.replace(".", "")
        seen.add(local + "@" + domain)
    return len(seen)
