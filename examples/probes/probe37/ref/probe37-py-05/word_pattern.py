def word_pattern(pattern: str, text: str) -> bool:
    """Return True when the whitespace-separated words of text follow
    pattern: one word per letter, the same letter always stands for the same
    word, and different letters stand for different words.
    >>> word_pattern("abba", "dog cat cat dog")
    True
    >>> word_pattern("abba", "dog dog dog dog")
    False
    """
    words = text.split()
    if len(words) != len(pattern):
        return False
    letter_to_word = {}
    word_to_letter = {}
    for letter, word in zip(pattern, words):
        if letter in letter_to_word and letter_to_word[letter] != word:
            return False
        if word in word_to_letter and word_to_letter[word] != letter:
            return False
        letter_to_word[letter] = word
        word_to_letter[word] = letter
    return True
