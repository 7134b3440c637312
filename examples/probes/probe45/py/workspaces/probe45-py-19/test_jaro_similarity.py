from jaro_similarity import *  # noqa: F401,F403
from jaro_similarity import jaro_similarity

import pytest


def check(jaro_similarity):
    assert jaro_similarity("MARTHA", "MARHTA") == 0.9444
    assert jaro_similarity("DIXON", "DICKSONX") == 0.7667
    assert jaro_similarity("CRATE", "TRACE") == 0.7333
    assert jaro_similarity("AAAA", "A") == 0.75
    assert jaro_similarity("", "") == 1.0
    assert jaro_similarity("abc", "") == 0.0
    assert jaro_similarity("abc", "xyz") == 0.0


def test_jaro_similarity():
    check(jaro_similarity)
