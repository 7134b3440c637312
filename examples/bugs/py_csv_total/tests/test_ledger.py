from ledger import fields, total


def test_fields():
    assert fields("apple, 3") == ["apple", "3"]


def test_total():
    assert total(["a,1", "b, 2", "c ,3"]) == 6
