"""Letter grades for exam scores."""


def letter_grade(score):
    if score > 90:
        return "A"
    if score >= 80:
        return "B"
    if score >= 70:
        return "C"
    return "F"


def passed(score):
    return letter_grade(score) != "F"
