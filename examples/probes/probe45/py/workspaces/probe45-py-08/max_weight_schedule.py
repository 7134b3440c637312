import bisect


def max_weight_schedule(jobs):
    """Weighted interval scheduling.

    `jobs` is a list of (start, end, weight) tuples in any order. A job
    occupies the half-open interval [start, end), so a job may start exactly
    when another one ends. Return the largest total weight of a set of
    pairwise non-overlapping jobs (0 when there are no jobs)."""
    ends = [job[1] for job in jobs]
    best = [0] * (len(jobs) + 1)  # best[i]: using only the first i jobs
    for i, (start, end, weight) in enumerate(jobs):
        k = bisect.bisect_right(ends, start, 0, i)
        best[i + 1] = max(best[i], best[k] + weight)
    return best[-1]
