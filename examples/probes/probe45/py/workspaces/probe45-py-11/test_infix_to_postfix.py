from infix_to_postfix import *  # noqa: F401,F403
from infix_to_postfix import infix_to_postfix

import pytest


def check(infix_to_postfix):
    assert infix_to_postfix("3 + 4 * 2") == "3 4 2 * +"
    assert infix_to_postfix("( 1 + 2 ) * 3") == "1 2 + 3 *"
    assert infix_to_postfix("2 ^ 3 ^ 2") == "2 3 2 ^ ^"
    assert infix_to_postfix("10 - 4 - 3") == "10 4 - 3 -"
    assert infix_to_postfix("( ( 7 ) )") == "7"
    assert infix_to_postfix("3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3") == "3 4 2 * 1 5 - 2 3 ^ ^ / +"


def test_infix_to_postfix():
    check(infix_to_postfix)
