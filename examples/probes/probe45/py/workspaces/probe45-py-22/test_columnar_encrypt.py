from columnar_encrypt import *  # noqa: F401,F403
from columnar_encrypt import columnar_encrypt

import pytest


def check(columnar_encrypt):
    assert columnar_encrypt("WE ARE DISCOVERED FLEE AT ONCE", "ZEBRAS") == 'EVLNXACDTXESEAXROFOXDEECXWIREE'
    assert columnar_encrypt("ATTACK AT DAWN", "BANANA") == 'TTAAKNAATDCW'
    assert columnar_encrypt("HELLO", "AA") == "HLOELX"
    assert columnar_encrypt("ABC", "C") == "ABC"
    assert columnar_encrypt("", "KEY") == ""
    with pytest.raises(ValueError):
        columnar_encrypt("abc", "")


def test_columnar_encrypt():
    check(columnar_encrypt)
