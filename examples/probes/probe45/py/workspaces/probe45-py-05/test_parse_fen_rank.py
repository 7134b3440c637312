from parse_fen_rank import *  # noqa: F401,F403
from parse_fen_rank import parse_fen_rank

import pytest


def check(parse_fen_rank):
    assert parse_fen_rank("rnbqkbnr") == "rnbqkbnr"
    assert parse_fen_rank("8") == "........"
    assert parse_fen_rank("4P3") == "....P..."
    assert parse_fen_rank("r3k2r") == "r...k..r"
    with pytest.raises(ValueError):
        parse_fen_rank("44p")
    with pytest.raises(ValueError):
        parse_fen_rank("ppp")
    with pytest.raises(ValueError):
        parse_fen_rank("9")


def test_parse_fen_rank():
    check(parse_fen_rank)
