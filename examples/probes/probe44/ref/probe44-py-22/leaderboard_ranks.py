def leaderboard_ranks(scores):
    """Rank players by score, highest first, with competition ranking.

    scores maps names to scores. Tied players share a rank and the next
    rank is skipped ("1224" ranking). Returns a list of (rank, name, score)
    tuples ordered by rank, ties ordered by name.

    >>> leaderboard_ranks({"ann": 30, "bob": 50, "cy": 30, "dee": 10})
    [(1, 'bob', 50), (2, 'ann', 30), (2, 'cy', 30), (4, 'dee', 10)]
    """
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    result = []
    rank = 0
    previous = None
    for position, (name, score) in enumerate(ordered, start=1):
        if score != previous:
            rank = position
            previous = score
        result.append((rank, name, score))
    return result
