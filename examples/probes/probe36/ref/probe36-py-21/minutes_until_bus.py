def minutes_until_bus(departures: list, now: str) -> int:
    """Buses leave every day at the times in `departures` ("HH:MM", in any
    order). Return how many minutes someone arriving at the stop at `now`
    waits for the next bus; a bus leaving exactly at `now` is caught. If no
    bus leaves later that day, they take the first bus of the next day.
    >>> minutes_until_bus(["08:00", "12:30", "18:15"], "12:00")
    30
    >>> minutes_until_bus(["08:00", "12:30", "18:15"], "19:00")
    780
    """
    def to_minutes(hhmm):
        h, m = hhmm.split(":")
        return int(h) * 60 + int(m)

    t = to_minutes(now)
    best = None
    for dep in departures:
        wait = to_minutes(dep) - t
        if wait < 0:
            wait += 24 * 60
        if best is None or wait < best:
            best = wait
    return best
