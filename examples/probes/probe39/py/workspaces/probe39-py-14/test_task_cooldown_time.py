from task_cooldown_time import *  # noqa: F401,F403
from task_cooldown_time import task_cooldown_time

def check(task_cooldown_time):
    assert task_cooldown_time(["A", "A", "A", "B", "B", "B"], 2) == 8
    assert task_cooldown_time(["A", "B", "A"], 0) == 3
    assert task_cooldown_time(["A", "A", "A"], 1) == 5
    assert task_cooldown_time([], 2) == 0
    assert task_cooldown_time(["A", "B", "C"], 5) == 3
    assert task_cooldown_time(["A", "A", "B", "C", "D", "E"], 2) == 6


def test_task_cooldown_time():
    check(task_cooldown_time)
