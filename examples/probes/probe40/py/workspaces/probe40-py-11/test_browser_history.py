from browser_history import *  # noqa: F401,F403
from browser_history import browser_history

def check(browser_history):
    assert browser_history(["visit a", "visit b", "back"]) == "a"
    assert browser_history(["visit a", "back", "back", "forward"]) == "a"
    assert browser_history(["visit a", "visit b", "back", "visit c", "forward"]) == "c"
    assert browser_history([]) == "home"
    assert browser_history(["back"]) == "home"
    assert browser_history(["visit x", "visit y", "back", "back", "forward", "forward", "forward"]) == "y"
    assert browser_history(["visit a", "visit b", "back", "visit c", "back", "forward", "forward"]) == "c"


def test_browser_history():
    check(browser_history)
