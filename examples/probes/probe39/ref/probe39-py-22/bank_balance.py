def bank_balance(start: int, transactions: list) -> tuple:
    """Apply (kind, amount) transactions to an account that holds start. A
    "deposit" adds the amount. A "withdraw" subtracts it, unless it is larger
    than the balance, in which case it is refused and nothing changes. Other
    kinds are ignored. Return (final balance, number of refused withdrawals).
    >>> bank_balance(100, [("withdraw", 30), ("withdraw", 80), ("deposit", 5)])
    (75, 1)
    >>> bank_balance(0, [("fee", 3), ("deposit", 10)])
    (10, 0)
    """
    balance = start
    refused = 0
    for kind, amount in transactions:
        if kind == "deposit":
            balance += amount
        elif kind == "withdraw":
            if amount > balance:
                refused += 1
            else:
                balance -= amount
    return balance, refused
