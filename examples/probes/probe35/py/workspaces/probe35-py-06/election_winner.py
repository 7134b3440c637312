def election_winner(ballots: list) -> str:
    """Each ballot is the name of one candidate. Return the candidate with the
    most votes. If several candidates share the highest number of votes,
    return the one whose name comes first alphabetically. Return None if there
    are no ballots.
    >>> election_winner(["ann", "bob", "ann"])
    'ann'
    >>> election_winner(["cat", "bob", "bob", "cat"])
    'bob'
    """
    counts = {}
    for name in ballots:
        counts[name] = counts.get(name, 0) + 1
    winner = None
    for name in sorted(counts):
        if winner is None or counts[name] >= counts[winner]:
            winner = name
    return winner
