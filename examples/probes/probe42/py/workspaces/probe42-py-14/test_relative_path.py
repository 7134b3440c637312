from relative_path import *  # noqa: F401,F403
from relative_path import relative_path

def check(relative_path):
    assert relative_path('/a/b', '/a/b/c/d') == 'c/d'
    assert relative_path('/a/b/c', '/a/d') == '../../d'
    assert relative_path('/a', '/a') == '.'
    assert relative_path('/x/y', '/z') == '../../z'
    assert relative_path('/', '/usr/bin') == 'usr/bin'
    assert relative_path('/a/b/', '/a') == '..'
    assert relative_path('/home/me/src', '/home/me/docs/notes.txt') == '../docs/notes.txt'


def test_relative_path():
    check(relative_path)
