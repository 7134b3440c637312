def print_order_position(priorities: list, target: int) -> int:
    """A printer queue holds jobs with the given priorities (index 0 is at the
    front). Repeatedly take the job at the front: if any job still waiting has
    a higher priority, put the taken job back at the end of the queue,
    otherwise print it. Return the 1-based turn at which the job that started
    at index target is printed.
    >>> print_order_position([1, 1, 9, 1, 1, 1], 0)
    5
    >>> print_order_position([2, 1, 3, 2], 2)
    1
    >>> print_order_position([5], 0)
    1
    """
    queue = list(enumerate(priorities))
    printed = 0
    while queue:
        idx, pri = queue.pop(0)
        if any(p > pri for _, p in queue):
            queue.append((idx, pri))
        printed += 1
        if idx == target:
            return printed
    return -1
