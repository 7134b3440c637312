def lfu_misses(capacity, requests):
    """Simulate a least-frequently-used cache that holds at most `capacity`
    keys and return the number of misses for the sequence `requests`.

    A key's use count is 1 when it is inserted and grows by 1 on every hit.
    On a miss with a full cache the key with the smallest use count is
    evicted first; ties are broken by evicting the key whose last use is
    the oldest. An evicted key forgets its count. With capacity 0 every
    request is a miss."""
    counts = {}
    last_used = {}
    misses = 0
    for t, key in enumerate(requests):
        if key in counts:
            counts[key] += 1
            last_used[key] = t
            continue
        misses += 1
        if capacity <= 0:
            continue
        if len(counts) >= capacity:
            victim = max(counts, key=lambda k: (counts[k], last_used[k]))
            del counts[victim]
            del last_used[victim]
        counts[key] = 1
        last_used[key] = t
    return misses
