from split_sentences import *  # noqa: F401,F403
from split_sentences import split_sentences

def check(split_sentences):
    assert split_sentences("Hi there. How are you?  fine!") == ["Hi there.", "How are you?", "fine!"]
    assert split_sentences("") == []
    assert split_sentences("One. Two.") == ["One.", "Two."]
    assert split_sentences("no end mark") == ["no end mark"]
    assert split_sentences("  Spaces  !  ") == ["Spaces  !"]
    assert split_sentences("a? b! c.") == ["a?", "b!", "c."]
    assert split_sentences("Is it OK? yes") == ["Is it OK?", "yes"]


def test_split_sentences():
    check(split_sentences)
