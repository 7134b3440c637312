from format_permissions import *  # noqa: F401,F403
from format_permissions import format_permissions

def check(format_permissions):
    assert format_permissions(0o755) == "rwxr-xr-x"
    assert format_permissions(0o640) == "rw-r-----"
    assert format_permissions(0o100644) == "rw-r--r--"
    assert format_permissions(0) == "---------"
    assert format_permissions(0o777) == "rwxrwxrwx"
    assert format_permissions(0o421) == "r---w---x"
    assert format_permissions(0o1750) == "rwxr-x---"


def test_format_permissions():
    check(format_permissions)
