from grades import letter_grade, passed


def test_high_scores_get_an_a():
    assert letter_grade(97) == "A"


def test_exactly_ninety_is_an_a():
    assert letter_grade(90) == "A"


def test_middle_bands():
    assert letter_grade(85) == "B"
    assert letter_grade(70) == "C"


def test_failing_score():
    assert not passed(42)
