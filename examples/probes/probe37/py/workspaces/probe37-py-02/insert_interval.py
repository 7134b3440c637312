def insert_interval(intervals: list, new: list) -> list:
    """Insert the closed interval new = [start, end] into a list of disjoint
    intervals sorted by start. new is merged with every interval it overlaps
    or touches (sharing an end point counts). Return the new sorted list.
    >>> insert_interval([[1, 3], [6, 9]], [2, 5])
    [[1, 5], [6, 9]]
    >>> insert_interval([[1, 2], [5, 7]], [3, 4])
    [[1, 2], [3, 4], [5, 7]]
    """
    result = []
    start, end = new
    i = 0
    n = len(intervals)
    while i < n and intervals[i][1] < start:
        result.append(list(intervals[i]))
        i += 1
    while i < n and intervals[i][0] < end:
        start = min(start, intervals[i][0])
        end = max(end, intervals[i][1])
        i += 1
    result.append([start, end])
    while i < n:
        result.append(list(intervals[i]))
        i += 1
    return result
