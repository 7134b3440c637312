from apply_chmod import *  # noqa: F401,F403
from apply_chmod import apply_chmod

def check(apply_chmod):
    assert apply_chmod(0o644, "u+x,go-r") == 0o700
    assert apply_chmod(0o644, "+x") == 0o755
    assert apply_chmod(0o755, "go=r") == 0o744
    assert apply_chmod(0o777, "a=") == 0o000
    assert apply_chmod(0o600, "g=rw,o-w") == 0o660
    assert apply_chmod(0o750, "o+r,u-w") == 0o554
    assert apply_chmod(0o711, "u=rw") == 0o611


def test_apply_chmod():
    check(apply_chmod)
