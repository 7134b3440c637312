def board_position(rolls: list, jumps: dict, size: int = 100) -> int:
    """Play snakes and ladders alone on squares 1..size, starting off the
    board on square 0. For each roll, move forward by the rolled number; a
    move that would go past square size is not made. Landing on a square that
    is a key of jumps moves you on to its value (a ladder up or a snake down).
    The game stops as soon as square size is reached. Return the final square.
    >>> board_position([3, 4], {3: 10})
    14
    >>> board_position([6, 2], {8: 2})
    2
    >>> board_position([5, 5], {}, 8)
    5
    """
    pos = 0
    for roll in rolls:
        if pos + roll <= size:
            pos += roll
            pos = jumps.get(pos, pos)
        if pos == size:
            break
    return pos
