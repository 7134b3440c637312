from vigenere_encrypt import *  # noqa: F401,F403
from vigenere_encrypt import vigenere_encrypt

def check(vigenere_encrypt):
    assert vigenere_encrypt("attack at dawn", "lemon") == "lxfopv ef rnhr"
    assert vigenere_encrypt("Hello, World!", "key") == "Rijvs, Uyvjn!"
    assert vigenere_encrypt("abc", "a") == "abc"
    assert vigenere_encrypt("xyz", "b") == "yza"
    assert vigenere_encrypt("", "key") == ""
    assert vigenere_encrypt("a-b-c", "bc") == "b-d-d"
    assert vigenere_encrypt("ZZ", "zz") == "YY"


def test_vigenere_encrypt():
    check(vigenere_encrypt)
