from mask import mask_odd_positions


def test_odd_positions_filled():
    assert mask_odd_positions([5, 6, 7, 8, 9]) == [5, 0, 7, 0, 9]


def test_own_fill():
    assert mask_odd_positions(["a", "b"], fill="-") == ["a", "-"]


def test_empty():
    assert mask_odd_positions([]) == []
