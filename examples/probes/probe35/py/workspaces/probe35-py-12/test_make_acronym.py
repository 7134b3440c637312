from make_acronym import *  # noqa: F401,F403
from make_acronym import make_acronym

def check(candidate):
    assert candidate("") == ""
    assert candidate("Portable Network Graphics") == "PNG"
    assert candidate("complementary metal-oxide semiconductor") == "CMOS"
    assert candidate("Ruby on Rails") == "ROR"
    assert candidate("As Soon As Possible") == "ASAP"
    assert candidate("first-in first-out") == "FIFO"
    assert candidate("  light  amplification by stimulated emission of radiation") == "LABSEOR"


def test_make_acronym():
    check(make_acronym)
