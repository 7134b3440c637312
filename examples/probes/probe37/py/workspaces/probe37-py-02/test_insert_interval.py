from insert_interval import *  # noqa: F401,F403
from insert_interval import insert_interval

def check(insert_interval):
    assert insert_interval([[1, 3], [6, 9]], [2, 5]) == [[1, 5], [6, 9]]
    assert insert_interval([[1, 2], [5, 7]], [3, 4]) == [[1, 2], [3, 4], [5, 7]]
    assert insert_interval([], [4, 8]) == [[4, 8]]
    assert insert_interval([[1, 2], [3, 5], [6, 7], [8, 10], [12, 16]], [4, 8]) == [[1, 2], [3, 10], [12, 16]]
    assert insert_interval([[1, 2], [5, 7]], [3, 5]) == [[1, 2], [3, 7]]
    assert insert_interval([[1, 2], [5, 7]], [2, 3]) == [[1, 3], [5, 7]]
    assert insert_interval([[4, 6]], [1, 2]) == [[1, 2], [4, 6]]
    assert insert_interval([[4, 6]], [7, 9]) == [[4, 6], [7, 9]]


def test_insert_interval():
    check(insert_interval)
