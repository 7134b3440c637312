def jaro_similarity(a, b):
    """Return the Jaro similarity of the strings a and b, rounded to 4
    decimal places.

    Two characters match if they are equal and their positions differ by at
    most max(len(a), len(b)) // 2 - 1 (but at least 0). Scanning a from left
    to right, each character is matched with the first not yet matched equal
    character of b inside that window, so every character of b is matched at
    most once. With m matches and t equal to half the number of positions
    where the matched characters of a and of b (each in string order)
    differ, the similarity is (m/len(a) + m/len(b) + (m - t)/m) / 3, and 0.0
    when m == 0. Two empty strings have similarity 1.0."""
    if not a and not b:
        return 1.0
    window = max(max(len(a), len(b)) // 2 - 1, 0)
    b_used = [False] * len(b)
    a_matched = []
    for i, ch in enumerate(a):
        lo, hi = max(0, i - window), min(len(b), i + window + 1)
        for j in range(lo, hi):
            if not b_used[j] and b[j] == ch:
                a_matched.append(ch)
                break
    m = len(a_matched)
    if m == 0:
        return 0.0
    b_matched = [b[j] for j in range(len(b)) if b_used[j]]
    t = sum(x != y for x, y in zip(a_matched, b_matched)) / 2
    return round((m / len(a) + m / len(b) + (m - t) / m) / 3, 4)
