def wrap_words(text, width):
    """Greedy word wrap.

    Splits text on whitespace and packs the words into lines of at most
    width characters, words on a line being joined by one space. A word
    longer than width is put on a line of its own without being broken.

    >>> wrap_words("the quick brown fox", 10)
    ['the quick', 'brown fox']
    """
    lines = []
    line = ""
    for word in text.split():
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
