import re


def first_seen_words(text: str) -> list:
    """Return the distinct words of text in the order of their first
    appearance. Words are maximal runs of letters and apostrophes, compared
    case-insensitively and returned in lower case.
    >>> first_seen_words("the cat and the hat")
    ['the', 'cat', 'and', 'hat']
    >>> first_seen_words("Go, go, GO!")
    ['go']
    >>> first_seen_words("It's 5 o'clock")
    ["it's", "o'clock"]
    """
    words = re.findall(r"[a-z']+", text.lower())
    seen = set()
    result = []
    for word in words:
        if word not in seen:
            seen.add(word)
            result.append(word)
    return result
