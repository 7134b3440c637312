from unique_email_count import *  # noqa: F401,F403
from unique_email_count import unique_email_count

def check(unique_email_count):
    assert unique_email_count(["a.b@x.com", "ab+news@x.com", "AB@X.COM"]) == 1
    assert unique_email_count(["ab@x.com", "ab@xcom"]) == 2
    assert unique_email_count([]) == 0
    assert unique_email_count(["x+1@a.org", "x+2@a.org", "x@b.org"]) == 2
    assert unique_email_count(["first.last@mail.co.uk", "firstlast@mail.couk"]) == 2
    assert unique_email_count(["j.o.e@site.net", "JOE@site.net", "joe@site.net.au"]) == 2


def test_unique_email_count():
    check(unique_email_count)
