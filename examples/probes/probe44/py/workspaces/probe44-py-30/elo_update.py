def elo_update(rating_a, rating_b, score_a, k=32):
    """New Elo ratings of players A and B after one game.

    score_a is 1 if A won, 0.5 for a draw and 0 if A lost. The expected
    score of A is 1 / (1 + 10 ** ((rating_b - rating_a) / 400)); A gains
    k * (score_a - expected) and B loses the same amount. Both results are
    rounded to the nearest integer.

    >>> elo_update(1600, 1400, 1)
    (1608, 1392)
    """
    if score_a not in (0, 0.5, 1):
        raise ValueError("score_a must be 0, 0.5 or 1")
    expected_a = 1 / (1 + 10 ** ((rating_a - rating_b) / 400))
    delta = k * (score_a - expected_a)
    return round(rating_a + delta), round(rating_b - delta)
