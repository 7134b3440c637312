from one_edit_away import *  # noqa: F401,F403
from one_edit_away import one_edit_away

import pytest


def check(one_edit_away):
    assert one_edit_away("pale", "ple") is True
    assert one_edit_away("ple", "pale") is True
    assert one_edit_away("pale", "bale") is True
    assert one_edit_away("pale", "bake") is False
    assert one_edit_away("spale", "pale") is True
    assert one_edit_away("", "a") is True
    assert one_edit_away("abc", "abc") is True
    assert one_edit_away("abc", "a") is False


def test_one_edit_away():
    check(one_edit_away)
