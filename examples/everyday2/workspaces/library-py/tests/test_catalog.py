import pytest

from library.catalog import Book, Catalog


def make_catalog():
    cat = Catalog()
    cat.add(Book("978-0141439518", "Pride and Prejudice", "Jane Austen", "F-AUS"))
    cat.add(Book("978-0140449136", "Crime and Punishment", "Fyodor Dostoevsky", "F-DOS"))
    cat.add(Book("978-0199535569", "Persuasion", "Jane Austen", "F-AUS"))
    return cat


def test_add_and_get():
    cat = make_catalog()
    assert cat.get("978-0199535569").title == "Persuasion"
    assert len(cat) == 3


def test_duplicate_isbn_rejected():
    cat = make_catalog()
    with pytest.raises(ValueError):
        cat.add(Book("978-0199535569", "Persuasion", "Jane Austen", "F-AUS"))


def test_search_title_ignores_case():
    hits = make_catalog().search_title("PRIDE")
    assert [b.title for b in hits] == ["Pride and Prejudice"]


def test_search_title_needs_every_word():
    hits = make_catalog().search_title("and punishment")
    assert [b.isbn for b in hits] == ["978-0140449136"]
