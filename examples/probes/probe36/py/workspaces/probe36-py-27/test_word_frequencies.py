from word_frequencies import *  # noqa: F401,F403
from word_frequencies import word_frequencies

def check(word_frequencies):
    assert word_frequencies("The cat saw the dog.") == {"the": 2, "cat": 1, "saw": 1, "dog": 1}
    assert word_frequencies("I think, therefore I am!") == {"i": 2, "think": 1, "therefore": 1, "am": 1}
    assert word_frequencies("") == {}
    assert word_frequencies("a a A.") == {"a": 3}
    assert word_frequencies("Hello, hello... HELLO?!") == {"hello": 3}
    assert word_frequencies("-- x") == {"--": 1, "x": 1}
    assert word_frequencies("'quoted' words") == {"quoted": 1, "words": 1}
    assert word_frequencies("... !!") == {}


def test_word_frequencies():
    check(word_frequencies)
