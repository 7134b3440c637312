from weighted_choice_index import *  # noqa: F401,F403
from weighted_choice_index import weighted_choice_index

def check(weighted_choice_index):
    assert weighted_choice_index([1, 3], 0.5) == 1
    assert weighted_choice_index([1, 3], 0.2) == 0
    assert weighted_choice_index([1, 0, 1], 0.5) == 2
    assert weighted_choice_index([0, 3], 0.0) == 1
    assert weighted_choice_index([2, 2, 4], 0.25) == 1
    assert weighted_choice_index([5], 0.999) == 0
    assert weighted_choice_index([1, 1, 0], 0.9999999999999999) == 1
    try:
        weighted_choice_index([0, 0], 0.5)
        assert False
    except ValueError:
        pass


def test_weighted_choice_index():
    check(weighted_choice_index)
