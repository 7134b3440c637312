from itertools import combinations


def cribbage_fifteens(cards):
    """Return the points a cribbage hand scores for fifteens.

    `cards` is a list of rank strings: "A", "2" to "10", "J", "Q" and "K".
    An ace counts 1 and a face card 10. Every distinct combination of two or
    more cards (cards are told apart by position, so equal ranks still form
    different combinations) whose values add up to exactly 15 scores 2
    points.
    """
    values = []
    for rank in cards:
        if rank == "A":
            values.append(1)
        elif rank in ("J", "Q", "K"):
            values.append(10)
        else:
            values.append(int(rank))
    points = 0
    for size in range(2, len(values) + 1):
        if size == 5:
            break
        for combo in combinations(values, size):
            if sum(combo) == 15:
                points += 2
    return points
