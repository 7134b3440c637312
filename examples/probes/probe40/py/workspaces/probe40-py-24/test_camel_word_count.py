from camel_word_count import *  # noqa: F401,F403
from camel_word_count import camel_word_count

def check(camel_word_count):
    assert camel_word_count("parseHttpRequest") == 3
    assert camel_word_count("Value2Go") == 2
    assert camel_word_count("x") == 1
    assert camel_word_count("") == 0
    assert camel_word_count("ABC") == 3
    assert camel_word_count("getX") == 2
    assert camel_word_count("item42count") == 1


def test_camel_word_count():
    check(camel_word_count)
