from collections import deque


def round_robin_order(bursts: list, quantum: int) -> list:
    """Simulate round-robin scheduling. Processes 0, 1, 2, ... need bursts[i]
    (positive) time units each and wait in a queue in index order. The
    process at the front runs for up to quantum units; if it is not finished
    it goes to the back of the queue. Return the process indices in the
    order in which they finish.
    >>> round_robin_order([3, 1, 2], 2)
    [1, 2, 0]
    >>> round_robin_order([1, 1], 5)
    [0, 1]
    """
    queue = deque(range(len(bursts)))
    left = list(bursts)
    order = []
    while queue:
        i = queue.popleft()
        left[i] -= min(quantum, left[i])
        if left[i] == 0:
            order.append(i)
    return order
