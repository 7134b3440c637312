from max_subarray_sum import *  # noqa: F401,F403
from max_subarray_sum import max_subarray_sum

def check(max_subarray_sum):
    assert max_subarray_sum([-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6
    assert max_subarray_sum([-3, -1, -2]) == -1
    assert max_subarray_sum([5]) == 5
    assert max_subarray_sum([-7]) == -7
    assert max_subarray_sum([1, 2, 3]) == 6
    assert max_subarray_sum([2, -1, 2]) == 3
    assert max_subarray_sum([-1, 3, -2, 5, -10, 4]) == 6


def test_max_subarray_sum():
    check(max_subarray_sum)
