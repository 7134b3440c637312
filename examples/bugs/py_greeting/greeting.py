"""Greetings for the front page."""


def greeting(name):
    return "Hello, " + name


def banner(names):
    return " / ".join(greeting(name) for name in names)
