from kebab_case import *  # noqa: F401,F403
from kebab_case import kebab_case

def check(kebab_case):
    assert kebab_case("Hello World") == "hello-world"
    assert kebab_case("  Parse   HTTP_request now! ") == "parse-http-request-now"
    assert kebab_case("...") == ""
    assert kebab_case("already-kebab-case") == "already-kebab-case"
    assert kebab_case("Version 2 Release") == "version-2-release"
    assert kebab_case("") == ""
    assert kebab_case("x") == "x"


def test_kebab_case():
    check(kebab_case)
