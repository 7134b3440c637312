from quarter_label import *  # noqa: F401,F403
from quarter_label import quarter_label

def check(quarter_label):
    assert quarter_label("2024-05-17") == "2024-Q2"
    assert quarter_label("2023-12-31") == "2023-Q4"
    assert quarter_label("2025-01-01") == "2025-Q1"
    assert quarter_label("2022-03-31") == "2022-Q1"
    assert quarter_label("2022-04-01") == "2022-Q2"
    assert quarter_label("2022-09-15") == "2022-Q3"
    assert quarter_label("1999-10-01") == "1999-Q4"
    assert quarter_label("2022-06-30") == "2022-Q2"


def test_quarter_label():
    check(quarter_label)
