from collections import deque


def sliding_window_max(nums, k):
    """Return the maximum of every window of k consecutive elements of nums,
    from left to right: len(nums) - k + 1 values, or [] when k > len(nums).
    k is at least 1.
    >>> sliding_window_max([1, 3, -1, -3, 5, 3, 6, 7], 3)
    [3, 3, 5, 5, 6, 7]
    >>> sliding_window_max([4, 2], 1)
    [4, 2]
    """
    window = deque()
    result = []
    for i, x in enumerate(nums):
        while window and nums[window[-1]] <= x:
            window.pop()
        window.append(i)
        if window[0] < i - k:
            window.popleft()
        if i >= k - 1:
            result.append(nums[window[0]])
    return result
