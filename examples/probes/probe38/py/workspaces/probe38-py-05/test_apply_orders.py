from apply_orders import *  # noqa: F401,F403
from apply_orders import apply_orders

def check(apply_orders):
    assert apply_orders({"pen": 5}, [(1, "pen", 3), (2, "pen", 3), (3, "ink", 1)]) == ({"pen": 2}, [2, 3])
    assert apply_orders({}, []) == ({}, [])
    assert apply_orders({"a": 1, "b": 2}, [(7, "b", 2), (8, "a", 1)]) == ({"a": 0, "b": 0}, [])
    assert apply_orders({"a": 4}, [(1, "a", 5), (2, "a", 4), (3, "a", 1)]) == ({"a": 0}, [1, 3])
    stock = {"x": 3}
    assert apply_orders(stock, [(1, "x", 2)]) == ({"x": 1}, [])
    assert stock == {"x": 3}


def test_apply_orders():
    check(apply_orders)
