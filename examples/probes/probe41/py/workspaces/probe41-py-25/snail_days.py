def snail_days(height: int, climb: int, slip: int) -> int:
    """A snail at the bottom of a well height metres deep climbs climb metres
    every day and slides back slip metres every night (climb > slip, or
    climb >= height). Return the day on which it gets out: it is out as soon
    as it has climbed height metres, and then it does not slide back.
    >>> snail_days(10, 3, 2)
    8
    >>> snail_days(5, 5, 1)
    1
    >>> snail_days(20, 7, 3)
    5
    """
    position = 0
    day = 0
    while True:
        day += 1
        position += climb
        if position > height:
            return day
        position -= slip
