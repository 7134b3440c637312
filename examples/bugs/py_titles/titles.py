"""Formatting book titles for display."""


def display_title(title):
    words = title.split()
    return " ".join(word.upper() for word in words)


def shelf_label(title, author):
    return f"{display_title(title)} by {author}"
