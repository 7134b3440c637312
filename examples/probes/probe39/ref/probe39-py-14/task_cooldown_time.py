from collections import Counter


def task_cooldown_time(tasks: list, n: int) -> int:
    """Return the least number of time units needed to run all tasks, one task
    per unit and in any order, when between two runs of the same task there
    must be at least n other units (other tasks or idle time).
    >>> task_cooldown_time(["A", "A", "A", "B", "B", "B"], 2)
    8
    >>> task_cooldown_time(["A", "B", "A"], 0)
    3
    """
    counts = Counter(tasks)
    if not counts:
        return 0
    top = max(counts.values())
    tied = sum(1 for c in counts.values() if c == top)
    return max(len(tasks), (top - 1) * (n + 1) + tied)
