def debounce_times(times, wait):
    """Trailing-edge debounce. times are event timestamps (any order); a burst
    of events ends once wait seconds pass without a new event, and the handler
    then fires at (last event of the burst) + wait. An event exactly wait
    seconds after the previous one starts a new burst. Return the firing
    times in order.
    >>> debounce_times([0, 1, 2, 10, 11], 3)
    [5, 14]
    """
    events = sorted(times)
    fired = []
    last = None
    for t in events:
        if last is not None and t - last >= wait:
            fired.append(last + wait)
        last = t
    if last is not None:
        fired.append(last + wait)
    return fired
