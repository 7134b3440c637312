from parse_cell_ref import *  # noqa: F401,F403
from parse_cell_ref import parse_cell_ref

def check(parse_cell_ref):
    assert parse_cell_ref("A1") == (0, 0)
    assert parse_cell_ref("B3") == (2, 1)
    assert parse_cell_ref("AA10") == (9, 26)
    assert parse_cell_ref("z5") == (4, 25)
    assert parse_cell_ref("az2") == (1, 51)
    assert parse_cell_ref("BA1") == (0, 52)
    assert parse_cell_ref("c7") == (6, 2)


def test_parse_cell_ref():
    check(parse_cell_ref)
