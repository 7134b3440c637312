from greeting import banner, greeting


def test_greeting_ends_with_an_exclamation_mark():
    assert greeting("Ada") == "Hello, Ada!"


def test_banner_joins_greetings():
    assert banner(["Ada", "Bob"]) == "Hello, Ada! / Hello, Bob!"


def test_empty_banner():
    assert banner([]) == ""
