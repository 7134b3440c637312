from visits_per_day import *  # noqa: F401,F403
from visits_per_day import visits_per_day

def check(visits_per_day):
    assert visits_per_day(["1:ann", "1:bob", "1:ann", "2:ann"]) == {1: 2, 2: 1}
    assert visits_per_day(["3:Ann", "3:ann"]) == {3: 2}
    assert visits_per_day([]) == {}
    assert visits_per_day(["10:x", "10:x", "10:x"]) == {10: 1}
    assert visits_per_day(["2:Bob", "1:bob", "2:BOB"]) == {2: 2, 1: 1}
    assert visits_per_day(["5:a:b", "5:a"]) == {5: 2}


def test_visits_per_day():
    check(visits_per_day)
