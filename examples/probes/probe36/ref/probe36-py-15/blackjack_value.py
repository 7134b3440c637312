def blackjack_value(cards: list) -> int:
    """Return the best value of a blackjack hand. Cards are strings: "2" to
    "10", "J", "Q", "K" (worth 10) and "A" (worth 11 or 1). Aces count 11
    unless that would push the total over 21, in which case as many aces as
    needed count 1.
    >>> blackjack_value(["A", "K"])
    21
    >>> blackjack_value(["A", "A", "9"])
    21
    >>> blackjack_value(["K", "Q", "5"])
    25
    """
    total = 0
    aces = 0
    for card in cards:
        if card == "A":
            total += 11
            aces += 1
        elif card in ("J", "Q", "K"):
            total += 10
        else:
            total += int(card)
    while total > 21 and aces > 0:
        total -= 10
        aces -= 1
    return total
