from pairs import count_pairs


def test_two_pairs():
    assert count_pairs([1, 2, 3, 4], 5) == 2


def test_no_numbers():
    assert count_pairs([], 3) == 0
