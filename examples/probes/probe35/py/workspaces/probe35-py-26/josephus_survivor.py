def josephus_survivor(n: int, k: int) -> int:
    """People numbered 1 to n stand in a circle. Counting starts at person 1,
    and every k-th person counted is removed from the circle; counting then
    goes on from the next person still in the circle, until only one person
    is left. Return that person's number.
    >>> josephus_survivor(7, 3)
    4
    """
    people = list(range(1, n + 1))
    index = 0
    while len(people) > 1:
        index = (index + k - 1) % len(people)
        people.pop(index)
        index += 1
    return people[0]
