from tic_tac_toe_winner import *  # noqa: F401,F403
from tic_tac_toe_winner import tic_tac_toe_winner


def check(tic_tac_toe_winner):
    assert tic_tac_toe_winner(["XOX", ".XO", "..X"]) == "X"
    assert tic_tac_toe_winner(["OOO", "XX.", "X.."]) == "O"
    assert tic_tac_toe_winner(["XO.", "XO.", "X.."]) == "X"
    assert tic_tac_toe_winner(["XOO", "XO.", "O.X"]) == "O"
    assert tic_tac_toe_winner(["XOX", "XOO", "OXX"]) == "draw"
    assert tic_tac_toe_winner(["X..", "...", "..."]) is None


def test_tic_tac_toe_winner():
    check(tic_tac_toe_winner)
