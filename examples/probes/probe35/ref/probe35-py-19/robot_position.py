def robot_position(commands: str) -> tuple:
    """A robot starts at (0, 0) facing north, where north is +y and east is +x.
    Each command is "L" (turn 90 degrees left), "R" (turn 90 degrees right),
    "F" (move one step forward) or "B" (move one step backward, keeping its
    direction). Return the final (x, y) position.
    >>> robot_position("FFRFF")
    (2, 2)
    """
    directions = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # north, east, south, west
    facing = 0
    x = y = 0
    for command in commands:
        if command == "L":
            facing = (facing - 1) % 4
        elif command == "R":
            facing = (facing + 1) % 4
        elif command == "F":
            dx, dy = directions[facing]
            x, y = x + dx, y + dy
        elif command == "B":
            dx, dy = directions[facing]
            x, y = x - dx, y - dy
    return (x, y)
