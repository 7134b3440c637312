def min_cost_climb(cost):
    """Standing on step i of a staircase costs cost[i]. You start before
    step 0 or before step 1, climb one or two steps at a time, and finish
    anywhere past the last step. Return the minimum total cost; with fewer
    than two steps the answer is 0.
    >>> min_cost_climb([10, 15, 20])
    15
    >>> min_cost_climb([1, 100, 1, 1, 1, 100, 1, 1, 100, 1])
    6
    """
    if len(cost) < 2:
        return 0
    prev2, prev1 = cost[0], cost[1]
    for c in cost[2:]:
        prev2, prev1 = prev1, c + max(prev2, prev1)
    return min(prev2, prev1)
