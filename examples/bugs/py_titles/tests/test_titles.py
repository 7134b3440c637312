from titles import display_title, shelf_label


def test_words_are_capitalised():
    assert display_title("the old man and the sea") == "The Old Man And The Sea"


def test_extra_spaces_collapse():
    assert display_title("  dune  ") == "Dune"


def test_shelf_label():
    assert shelf_label("emma", "Austen") == "Emma by Austen"


def test_empty_title():
    assert display_title("") == ""
