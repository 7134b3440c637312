def pig_latin(sentence: str) -> str:
    """Translate a non-empty sentence of lowercase words separated by single
    spaces into Pig Latin. A word that starts with a vowel (a, e, i, o, u)
    gets "way" appended. Otherwise its leading consonants move to the end,
    followed by "ay"; a "u" right after one of those consonants being "q"
    moves along with the "q". A word without vowels just gets "ay".
    >>> pig_latin("apple pie")
    'appleway iepay'
    >>> pig_latin("quiet string")
    'ietquay ingstray'
    """
    vowels = "aeiou"
    out = []
    for word in sentence.split(" "):
        if word[0] in vowels:
            out.append(word + "way")
            continue
        i = 0
        while i < len(word) and word[i] not in vowels:
            if word[i] == "q" and i + 1 < len(word) and word[i + 1] == "u":
                i += 1
            i += 1
        out.append(word[i:] + word[:i] + "ay")
    return " ".join(out)
