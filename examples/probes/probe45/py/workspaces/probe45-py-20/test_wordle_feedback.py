from wordle_feedback import *  # noqa: F401,F403
from wordle_feedback import wordle_feedback

import pytest


def check(wordle_feedback):
    assert wordle_feedback("crane", "crane") == "GGGGG"
    assert wordle_feedback("react", "crane") == 'YYGY.'
    assert wordle_feedback("speed", "abide") == '..Y.Y'
    assert wordle_feedback("geese", "those") == '...GG'
    assert wordle_feedback("llama", "hello") == 'YY...'
    assert wordle_feedback("xxxxx", "crane") == "....."
    with pytest.raises(ValueError):
        wordle_feedback("abc", "abcd")


def test_wordle_feedback():
    check(wordle_feedback)
