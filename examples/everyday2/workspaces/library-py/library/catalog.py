"""The branch's book catalog: adding books and finding them by title."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Book:
    isbn: str
    title: str
    author: str
    shelf: str


class Catalog:
    """Books held by the branch, keyed by ISBN."""

    def __init__(self):
        self._books = {}

    def add(self, book):
        if book.isbn in self._books:
            raise ValueError(f"duplicate ISBN {book.isbn}")
        self._books[book.isbn] = book

    def get(self, isbn):
        return self._books.get(isbn)

    def search_title(self, words):
        """Books whose title contains every word, ignoring case."""
        wanted = words.lower().split()
        hits = [
            b for b in self._books.values()
            if all(w in b.title.lower() for w in wanted)
        ]
        return sorted(hits, key=lambda b: b.title)

    def __len__(self):
        return len(self._books)
