from extract_hashtags import *  # noqa: F401,F403
from extract_hashtags import extract_hashtags

def check(extract_hashtags):
    assert extract_hashtags("Loving #Python and #python3! #") == ["python", "python3"]
    assert extract_hashtags("a#b #Go, #go #rust_lang.") == ["go", "rust_lang"]
    assert extract_hashtags("") == []
    assert extract_hashtags("no tags here") == []
    assert extract_hashtags("#A #b #a #B") == ["a", "b"]
    assert extract_hashtags("#1st #-no") == ["1st"]


def test_extract_hashtags():
    check(extract_hashtags)
