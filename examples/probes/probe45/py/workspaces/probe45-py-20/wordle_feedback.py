def wordle_feedback(guess, answer):
    """Return the Wordle feedback for `guess` against `answer` (two words of
    the same length) as a string with one character per letter: "G" for the
    right letter in the right place, "Y" for a letter that occurs elsewhere
    in the answer and "." for a letter that does not.

    Repeated letters are handled like the game does: exact matches are
    marked first, then the remaining guess letters are marked "Y" from left
    to right only while unmatched copies of that letter remain in the
    answer. Raise ValueError if the lengths differ."""
    if len(guess) != len(answer):
        raise ValueError("guess and answer differ in length")
    result = ["."] * len(guess)
    remaining = {}
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            result[i] = "G"
        else:
            remaining[g] = remaining.get(g, 0) + 1
    for i, g in enumerate(guess):
        if result[i] == "." and remaining.get(g, 0) > 0:
            result[i] = "Y"
            remaining[g] -= 1
    return "".join(result)
