def run_length_encode(text: str) -> str:
    """Compress runs of the same character: each run becomes its length
    followed by the character, except that a run of length one is written as
    the character alone.
    >>> run_length_encode("WWWWBWWW")
    '4WB3W'
    >>> run_length_encode("abc")
    'abc'
    """
    out = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        count = j - i + 1
        if count > 1:
            out.append(str(count))
        out.append(text[i])
        i = j
    return "".join(out)
