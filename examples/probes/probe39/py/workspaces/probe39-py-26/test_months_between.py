from months_between import *  # noqa: F401,F403
from months_between import months_between

def check(months_between):
    assert months_between(20240115, 20240315) == 2
    assert months_between(20240115, 20240314) == 1
    assert months_between(20231201, 20240101) == 1
    assert months_between(20200229, 20210228) == 11
    assert months_between(20240101, 20240101) == 0
    assert months_between(20240131, 20240201) == 0
    assert months_between(19991231, 20241231) == 300


def test_months_between():
    check(months_between)
