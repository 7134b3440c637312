from mask_email import *  # noqa: F401,F403
from mask_email import mask_email

def check(mask_email):
    assert mask_email("john.doe@example.com") == "j******e@example.com"
    assert mask_email("al@x.org") == "a*@x.org"
    assert mask_email("a@b.c") == "a*@b.c"
    assert mask_email("abc@d.e") == "a*c@d.e"
    assert mask_email("x.y.z@q@r") == "x***z@q@r"


def test_mask_email():
    check(mask_email)
