from pig_latin import *  # noqa: F401,F403
from pig_latin import pig_latin

def check(pig_latin):
    assert pig_latin("apple pie") == "appleway iepay"
    assert pig_latin("quiet string") == "ietquay ingstray"
    assert pig_latin("squeal") == "ealsquay"
    assert pig_latin("rhythm") == "rhythmay"
    assert pig_latin("eat the queen") == "eatway ethay eenquay"
    assert pig_latin("x") == "xay"
    assert pig_latin("yellow") == "ellowyay"
    assert pig_latin("equal") == "equalway"


def test_pig_latin():
    check(pig_latin)
