from names import extension, stem


def test_stem():
    assert stem("notes.txt") == "notes"
    assert stem("a.tar.gz") == "a.tar"


def test_hidden_file():
    assert stem(".bashrc") == ".bashrc"


def test_extension():
    assert extension("a.tar.gz") == "gz"
