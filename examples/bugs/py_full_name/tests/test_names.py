from names import full_name, initials


def test_full_name_has_a_space():
    assert full_name("Ada", "Lovelace") == "Ada Lovelace"


def test_initials():
    assert initials("Ada", "Lovelace") == "AL"
