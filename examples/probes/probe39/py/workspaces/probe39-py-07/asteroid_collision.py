def asteroid_collision(asteroids: list) -> list:
    """Each nonzero integer is an asteroid moving right (positive) or left
    (negative) with size equal to its absolute value. When a right-mover
    meets a left-mover the smaller one explodes; if both have the same size,
    both explode. Return the asteroids that remain, in order.
    >>> asteroid_collision([5, 10, -5])
    [5, 10]
    >>> asteroid_collision([8, -8])
    []
    >>> asteroid_collision([-2, -1, 1, 2])
    [-2, -1, 1, 2]
    """
    stack = []
    for a in asteroids:
        alive = True
        while alive and a < 0 and stack and stack[-1] > 0:
            if stack[-1] < -a:
                stack.pop()
                continue
            alive = False
        if alive:
            stack.append(a)
    return stack
