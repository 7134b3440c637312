from username import is_valid_username, normalize


def test_plain_name_is_valid():
    assert is_valid_username("alice")


def test_symbols_are_rejected():
    assert not is_valid_username("al ice!")


def test_short_names_are_rejected():
    assert not is_valid_username("al")


def test_normalize():
    assert normalize("  Bob ") == "bob"
