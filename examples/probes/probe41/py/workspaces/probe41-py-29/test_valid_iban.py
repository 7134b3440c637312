from valid_iban import *  # noqa: F401,F403
from valid_iban import valid_iban

def check(valid_iban):
    assert valid_iban("GB82 WEST 1234 5698 7654 32") == True
    assert valid_iban("GB82 WEST 1234 5698 7654 33") == False
    assert valid_iban("DE89370400440532013000") == True
    assert valid_iban("gb82 west 1234 5698 7654 32") == False
    assert valid_iban("GB82") == False
    assert valid_iban("FR14 2004 1010 0505 0001 3M02 606") == True
    assert valid_iban("NL91ABNA0417164300") == True
    assert valid_iban("NL91ABNA0417164301") == False


def test_valid_iban():
    check(valid_iban)
