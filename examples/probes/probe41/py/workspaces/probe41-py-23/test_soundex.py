from soundex import *  # noqa: F401,F403
from soundex import soundex

def check(soundex):
    assert soundex("Robert") == "R163"
    assert soundex("Ashcraft") == "A261"
    assert soundex("Tymczak") == "T522"
    assert soundex("Jackson") == "J250"
    assert soundex("Pfister") == "P236"
    assert soundex("Lee") == "L000"
    assert soundex("Honeyman") == "H555"
    assert soundex("Washington") == "W252"


def test_soundex():
    check(soundex)
