from version_bump import *  # noqa: F401,F403
from version_bump import version_bump

def check(version_bump):
    assert version_bump("1.4.2", "minor") == "1.5.0"
    assert version_bump("0.9.9", "major") == "1.0.0"
    assert version_bump("2.0.9", "patch") == "2.0.10"
    assert version_bump("1.2.3", "minor") == "1.3.0"
    assert version_bump("1.9.0", "minor") == "1.10.0"
    assert version_bump("10.20.30", "major") == "11.0.0"
    assert version_bump("0.0.0", "patch") == "0.0.1"


def test_version_bump():
    check(version_bump)
