from escape_html import *  # noqa: F401,F403
from escape_html import escape_html

def check(escape_html):
    assert escape_html('a < b') == 'a &lt; b'
    assert escape_html('<a href="x">Tom & Jerry</a>') == '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;'
    assert escape_html("it's <b>", quote=False) == "it's &lt;b&gt;"
    assert escape_html('') == ''
    assert escape_html('plain text') == 'plain text'
    assert escape_html("'") == '&#x27;'
    assert escape_html('&amp;') == '&amp;amp;'


def test_escape_html():
    check(escape_html)
