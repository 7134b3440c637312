def elo_update(rating_a, rating_b, score_a, k=32):
    """Update two Elo ratings after a game. score_a is 1 for a win of player
    A, 0.5 for a draw and 0 for a loss; the expected score of A is
    1 / (1 + 10 ** ((rating_b - rating_a) / 400)). Return the new ratings,
    rounded to integers.
    >>> elo_update(1500, 1500, 1)
    (1516, 1484)
    """
    expected_a = 1 / (1 + 10 ** ((rating_a - rating_b) / 400))
    expected_b = 1 - expected_a
    new_a = rating_a + k * (score_a - expected_a)
    new_b = rating_b + k * ((1 - score_a) - expected_b)
    return round(new_a), round(new_b)
