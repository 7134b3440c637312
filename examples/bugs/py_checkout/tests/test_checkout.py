from checkout import can_checkout, cart_total, shipping_cost


def test_total():
    assert cart_total([10, 15]) == 25


def test_logged_in_with_items_can_check_out():
    assert can_checkout([10], True)


def test_empty_cart_cannot_check_out():
    assert not can_checkout([], True)


def test_anonymous_user_cannot_check_out():
    assert not can_checkout([10], False)


def test_free_shipping_over_fifty():
    assert shipping_cost([30, 20]) == 0
    assert shipping_cost([30]) == 5
