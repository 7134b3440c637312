def rps_score(rounds: list) -> tuple:
    """Score a game of rock-paper-scissors. Each round is a two-letter string
    holding the moves of player one and player two, using R (rock), P (paper)
    and S (scissors). Rock beats scissors, scissors beats paper and paper
    beats rock; a draw scores nothing. Return (wins of player one, wins of
    player two).
    >>> rps_score(["RS", "PP", "SR"])
    (1, 1)
    >>> rps_score(["PR", "SP", "RS"])
    (3, 0)
    >>> rps_score([])
    (0, 0)
    """
    beats = {"R": "S", "S": "R", "P": "R"}
    one = two = 0
    for a, b in rounds:
        if beats[a] == b:
            one += 1
        elif beats[b] == a:
            two += 1
    return (one, two)
