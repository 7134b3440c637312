from month_end import *  # noqa: F401,F403
from month_end import month_end

def check(month_end):
    assert month_end(20240215) == 20240229
    assert month_end(20230401) == 20230430
    assert month_end(20001105) == 20001130
    assert month_end(20000210) == 20000229
    assert month_end(19000201) == 19000228
    assert month_end(20231231) == 20231231
    assert month_end(20230203) == 20230228


def test_month_end():
    check(month_end)
