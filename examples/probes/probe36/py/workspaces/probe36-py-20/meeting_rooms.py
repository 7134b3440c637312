import heapq


def meeting_rooms(meetings: list) -> int:
    """Return the smallest number of rooms needed to hold all the meetings,
    given as (start, end) pairs of minutes. A meeting ending at time t frees
    its room for a meeting starting at t.
    >>> meeting_rooms([(0, 30), (5, 10), (15, 20)])
    2
    >>> meeting_rooms([(9, 10), (10, 11)])
    1
    """
    ends = []
    rooms = 0
    for start, end in sorted(meetings):
        while ends and ends[0] < start:
            heapq.heappop(ends)
        heapq.heappush(ends, end)
        rooms = max(rooms, len(ends))
    return rooms
