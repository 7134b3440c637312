from meeting_rooms import *  # noqa: F401,F403
from meeting_rooms import meeting_rooms

def check(meeting_rooms):
    assert meeting_rooms([(0, 30), (5, 10), (15, 20)]) == 2
    assert meeting_rooms([(9, 10), (10, 11)]) == 1
    assert meeting_rooms([]) == 0
    assert meeting_rooms([(1, 5)]) == 1
    assert meeting_rooms([(1, 5), (2, 6), (3, 7)]) == 3
    assert meeting_rooms([(1, 4), (2, 3), (3, 5), (4, 6)]) == 2
    assert meeting_rooms([(10, 20), (0, 10), (20, 30)]) == 1


def test_meeting_rooms():
    check(meeting_rooms)
