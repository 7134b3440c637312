from split_url import *  # noqa: F401,F403
from split_url import split_url

def check(split_url):
    assert split_url('HTTPS://Example.com:8443/a/b?x=1') == ('https', 'example.com', 8443, '/a/b')
    assert split_url('http://example.org') == ('http', 'example.org', 80, '/')
    assert split_url('ftp://files.example.net/pub/readme.txt') == ('ftp', 'files.example.net', 21, '/pub/readme.txt')
    assert split_url('https://user:secret@api.example.com/v1#top') == ('https', 'api.example.com', 443, '/v1')
    assert split_url('gopher://host/x') == ('gopher', 'host', None, '/x')
    assert split_url('http://bob@localhost:8000') == ('http', 'localhost', 8000, '/')


def test_split_url():
    check(split_url)
