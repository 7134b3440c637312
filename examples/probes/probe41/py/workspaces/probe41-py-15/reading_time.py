import math


def reading_time(text: str, words_per_minute: int = 200) -> int:
    """Estimate the reading time of text in whole minutes: the number of
    whitespace-separated words divided by words_per_minute, rounded up, and
    never less than 1 minute.
    >>> reading_time("word " * 450)
    3
    >>> reading_time("just a few words")
    1
    >>> reading_time("a b c d e f", 4)
    2
    """
    words = len(text.split())
    return max(1, round(words / words_per_minute))
