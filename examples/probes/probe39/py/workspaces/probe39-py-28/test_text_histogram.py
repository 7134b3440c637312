from text_histogram import *  # noqa: F401,F403
from text_histogram import text_histogram

def check(text_histogram):
    assert text_histogram([("cat", 3), ("horse", 1)]) == ["cat   | ###", "horse | #"]
    assert text_histogram([]) == []
    assert text_histogram([("a", 0), ("bb", 2)]) == ["a  | ", "bb | ##"]
    assert text_histogram([("x", 1)]) == ["x | #"]
    assert text_histogram([("mon", 2), ("tue", 0), ("wed", 4)]) == ["mon | ##", "tue | ", "wed | ####"]


def test_text_histogram():
    check(text_histogram)
