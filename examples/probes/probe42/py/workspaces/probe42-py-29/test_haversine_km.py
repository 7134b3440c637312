from haversine_km import *  # noqa: F401,F403
from haversine_km import haversine_km

def check(haversine_km):
    assert round(haversine_km(0, 0, 0, 1), 1) == 111.2
    assert round(haversine_km(0, 0, 10, 0)) == 1112
    assert haversine_km(48.85, 2.35, 48.85, 2.35) == 0
    assert round(haversine_km(51.5007, -0.1246, 40.6892, -74.0445)) == 5575
    assert round(haversine_km(-33.87, 151.21, 35.68, 139.69)) == 7826
    assert round(haversine_km(60, 10, 60, 20), 1) == 555.4


def test_haversine_km():
    check(haversine_km)
