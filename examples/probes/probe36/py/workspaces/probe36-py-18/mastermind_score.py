def mastermind_score(secret: str, guess: str) -> tuple:
    """Score a Mastermind guess against the secret code (two strings of the
    same length). Return (exact, partial): exact counts the positions where
    guess and secret agree; partial counts the other guessed colours that occur
    elsewhere in the secret, each secret peg matching at most once.
    >>> mastermind_score("RGBY", "RGYB")
    (2, 2)
    >>> mastermind_score("RRGG", "GRRR")
    (1, 2)
    """
    exact = 0
    secret_left = {}
    guess_left = {}
    for s, g in zip(secret, guess):
        if s == g:
            exact += 1
        else:
            secret_left[s] = secret_left.get(s, 0) + 1
            guess_left[g] = guess_left.get(g, 0) + 1
    partial = 0
    for colour, n in guess_left.items():
        partial += min(n, guess_left.get(colour, 0))
    return exact, partial
