from numeronym import *  # noqa: F401,F403
from numeronym import numeronym

def check(numeronym):
    assert numeronym("internationalization") == "i18n"
    assert numeronym("word") == "w2d"
    assert numeronym("cat") == "cat"
    assert numeronym("kubernetes") == "k8s"
    assert numeronym("") == ""
    assert numeronym("ab") == "ab"
    assert numeronym("localization") == "l10n"


def test_numeronym():
    check(numeronym)
