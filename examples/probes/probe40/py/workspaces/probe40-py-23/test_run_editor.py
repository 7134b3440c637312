from run_editor import *  # noqa: F401,F403
from run_editor import run_editor

def check(run_editor):
    assert run_editor(["type abc", "type de", "delete 3", "undo"]) == "abcde"
    assert run_editor(["type hi", "undo", "undo", "type yo"]) == "yo"
    assert run_editor(["type a", "type b", "undo", "undo"]) == ""
    assert run_editor(["type abc", "delete 10"]) == ""
    assert run_editor(["type hello world"]) == "hello world"
    assert run_editor(["type ab", "delete 1", "type c", "undo", "undo"]) == "ab"
    assert run_editor([]) == ""


def test_run_editor():
    check(run_editor)
