from semver_satisfies import *  # noqa: F401,F403
from semver_satisfies import semver_satisfies

import pytest


def check(semver_satisfies):
    assert semver_satisfies("1.2.3", "1.2.3") is True
    assert semver_satisfies("1.4.0", "^1.2.3") is True
    assert semver_satisfies("2.0.0", "^1.2.3") is False
    assert semver_satisfies("0.3.0", "^0.2.1") is False
    assert semver_satisfies("1.3.0", "~1.2.3") is False
    assert semver_satisfies("1.2.3", ">=1.2.3") is True
    assert semver_satisfies("1.10.0", ">=1.9.9") is True
    with pytest.raises(ValueError):
        semver_satisfies("1.2", "1.2.0")


def test_semver_satisfies():
    check(semver_satisfies)
