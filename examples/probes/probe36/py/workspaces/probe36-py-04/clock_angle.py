def clock_angle(time: str) -> float:
    """Return the smaller angle, in degrees, between the hour and minute hands
    of an analogue clock showing `time` ("H:MM", 24-hour times are allowed).
    The hour hand moves continuously: it advances 0.5 degrees per minute.
    >>> clock_angle("3:00")
    90.0
    >>> clock_angle("9:00")
    90.0
    >>> clock_angle("12:30")
    165.0
    """
    hours, minutes = (int(p) for p in time.split(":"))
    hour_angle = (hours % 12) * 30 + minutes * 0.5
    minute_angle = minutes * 6
    angle = abs(hour_angle - minute_angle)
    return angle
