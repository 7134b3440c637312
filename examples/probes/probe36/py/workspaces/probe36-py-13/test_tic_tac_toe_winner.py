from tic_tac_toe_winner import *  # noqa: F401,F403
from tic_tac_toe_winner import tic_tac_toe_winner

def check(tic_tac_toe_winner):
    assert tic_tac_toe_winner(["XXX", "OO.", "..."]) == "X"
    assert tic_tac_toe_winner(["O.X", ".X.", "XO."]) == "X"
    assert tic_tac_toe_winner(["XO.", "OX.", "..O"]) == ""
    assert tic_tac_toe_winner(["...", "...", "..."]) == ""
    assert tic_tac_toe_winner(["XO.", "XO.", ".OX"]) == "O"
    assert tic_tac_toe_winner(["O.X", "XO.", "X.O"]) == "O"
    assert tic_tac_toe_winner(["X.O", "XO.", "OX."]) == "O"
    assert tic_tac_toe_winner(["XOX", "XOO", "OXX"]) == ""


def test_tic_tac_toe_winner():
    check(tic_tac_toe_winner)
