def league_points(results: list) -> dict:
    """Each result is a string "Home X-Y Away" giving the goals X of the home
    team and the goals Y of the away team (team names contain no "-" but may
    contain spaces). A win is worth 3 points, a draw 1 point to each team and
    a loss nothing. Return a dict mapping every team that played to its total
    number of points.
    >>> league_points(["Lions 2-1 Tigers", "Tigers 0-0 Bears"])
    {'Lions': 3, 'Tigers': 1, 'Bears': 1}
    """
    points = {}
    for line in results:
        home_part, away_part = line.split("-")
        home, home_goals = home_part.rsplit(" ", 1)
        away_goals, away = away_part.split(" ", 1)
        points.setdefault(home, 0)
        points.setdefault(away, 0)
        if int(home_goals) > int(away_goals):
            points[home] += 3
        elif int(home_goals) < int(away_goals):
            points[away] += 3
        else:
            points[home] += 1
            points[away] += 1
    return points
