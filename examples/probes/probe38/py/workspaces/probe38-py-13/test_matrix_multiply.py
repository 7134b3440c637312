from matrix_multiply import *  # noqa: F401,F403
from matrix_multiply import matrix_multiply

def check(matrix_multiply):
    assert matrix_multiply([[1, 2], [3, 4]], [[5, 6], [7, 8]]) == [[19, 22], [43, 50]]
    assert matrix_multiply([[1, 2, 3]], [[1], [0], [2]]) == [[7]]
    assert matrix_multiply([[2]], [[3]]) == [[6]]
    assert matrix_multiply([[1, 0], [0, 1]], [[4, 5], [6, 7]]) == [[4, 5], [6, 7]]
    assert matrix_multiply([[1], [2]], [[3, 4]]) == [[3, 4], [6, 8]]
    try:
        matrix_multiply([[1, 2]], [[1, 2]])
    except ValueError:
        pass
    else:
        assert False, "expected ValueError"


def test_matrix_multiply():
    check(matrix_multiply)
