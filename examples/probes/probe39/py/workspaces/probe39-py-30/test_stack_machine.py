from stack_machine import *  # noqa: F401,F403
from stack_machine import stack_machine

def check(stack_machine):
    assert stack_machine("5 3 -") == [2]
    assert stack_machine("1 2 swap dup") == [2, 1, 1]
    assert stack_machine("4 dup +") == [8]
    assert stack_machine("10 2 3 - -") == [11]
    assert stack_machine("7 drop") == []
    assert stack_machine("") == []
    assert stack_machine("-3 4 +") == [1]


def test_stack_machine():
    check(stack_machine)
