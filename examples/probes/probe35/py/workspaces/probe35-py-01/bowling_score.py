def bowling_score(rolls: list) -> int:
    """Return the total score of a complete game of ten-pin bowling, given the
    number of pins knocked down by each roll, in order. A game has ten frames.
    A strike (all 10 pins with the first roll of a frame) scores 10 plus the
    pins of the next two rolls; a spare (10 pins with the two rolls of a frame)
    scores 10 plus the pins of the next roll; any other frame scores the pins
    knocked down in it. The bonus rolls after the tenth frame only count as
    bonuses.
    >>> bowling_score([10] * 12)
    300
    >>> bowling_score([9, 1] * 10 + [9])
    190
    """
    score = 0
    i = 0
    for frame in range(10):
        if rolls[i] == 10:
            score += 10 + rolls[i + 1]
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            score += 10 + rolls[i + 2]
            i += 2
        else:
            score += rolls[i] + rolls[i + 1]
            i += 2
    return score
