from knight_moves import *  # noqa: F401,F403
from knight_moves import knight_moves

def check(knight_moves):
    assert knight_moves("a1") == 2
    assert knight_moves("d4") == 8
    assert knight_moves("h8") == 2
    assert knight_moves("h1") == 2
    assert knight_moves("b1") == 3
    assert knight_moves("g7") == 4
    assert knight_moves("e1") == 4
    assert knight_moves("b2") == 4
    assert knight_moves("c3") == 8


def test_knight_moves():
    check(knight_moves)
