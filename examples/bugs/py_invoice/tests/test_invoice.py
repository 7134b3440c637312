from invoice import subtotal, total_with_tax

LINES = [
    {"price": 10.0, "quantity": 2},
    {"price": 5.0, "quantity": 1},
]


def test_subtotal():
    assert subtotal(LINES) == 25.0


def test_total_includes_tax():
    assert total_with_tax(LINES, 0.2) == 30.0


def test_total_without_tax():
    assert total_with_tax(LINES, 0.0) == 25.0
