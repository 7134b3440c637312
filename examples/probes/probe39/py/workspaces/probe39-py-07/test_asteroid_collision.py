from asteroid_collision import *  # noqa: F401,F403
from asteroid_collision import asteroid_collision

def check(asteroid_collision):
    assert asteroid_collision([5, 10, -5]) == [5, 10]
    assert asteroid_collision([8, -8]) == []
    assert asteroid_collision([-2, -1, 1, 2]) == [-2, -1, 1, 2]
    assert asteroid_collision([10, 2, -5]) == [10]
    assert asteroid_collision([1, -2, -2, 3]) == [-2, -2, 3]
    assert asteroid_collision([3, 5, -5, -3]) == []
    assert asteroid_collision([]) == []


def test_asteroid_collision():
    check(asteroid_collision)
