from shell_split import *  # noqa: F401,F403
from shell_split import shell_split

def check(shell_split):
    assert shell_split('ls -la /tmp') == ['ls', '-la', '/tmp']
    assert shell_split("grep -n 'hello world' notes.txt") == ['grep', '-n', 'hello world', 'notes.txt']
    assert shell_split('  a   b  ') == ['a', 'b']
    assert shell_split('echo "" x') == ['echo', '', 'x']
    assert shell_split('say "she said \\"hi\\""') == ['say', 'she said "hi"']
    assert shell_split('a\\ b c') == ['a b', 'c']
    assert shell_split("'x'") == ['x']
    assert shell_split('') == []


def test_shell_split():
    check(shell_split)
