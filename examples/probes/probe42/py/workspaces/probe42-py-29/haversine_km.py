import math


def haversine_km(lat1, lon1, lat2, lon2, radius=6371.0):
    """Great-circle distance in kilometres between two points given by
    latitude and longitude in degrees, on a sphere of the given radius.
    >>> round(haversine_km(0, 0, 0, 1), 1)
    111.2
    """
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi = math.radians(lat2 - lat1)
    dlmb = math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi1) * math.sin(dlmb / 2) ** 2
    return 2 * radius * math.asin(math.sqrt(a))
