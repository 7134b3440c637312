from count_capitalized_words import *  # noqa: F401,F403
from count_capitalized_words import count_capitalized_words

def check(count_capitalized_words):
    assert count_capitalized_words("Alice met Bob in Paris") == 3
    assert count_capitalized_words('He said "Hello" to NASA') == 3
    assert count_capitalized_words("(Maybe) not") == 1
    assert count_capitalized_words("I think, therefore I am") == 2
    assert count_capitalized_words("") == 0
    assert count_capitalized_words("McDonald's is OPEN") == 2
    assert count_capitalized_words("lower case only") == 0
    assert count_capitalized_words("'Quoted' ((Nested)) 123") == 2


def test_count_capitalized_words():
    check(count_capitalized_words)
