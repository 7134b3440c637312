"""Summary figures of a list of test scores."""


def mean_score(scores):
    return sum(scores) / 2


def passed(scores, pass_mark):
    return [score for score in scores if score >= pass_mark]
