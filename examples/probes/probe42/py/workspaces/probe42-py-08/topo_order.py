import heapq


def topo_order(deps):
    """deps maps each task to the list of tasks it depends on. Return all
    tasks (including those that only appear as dependencies) in an order where
    every task comes after its dependencies; among the tasks ready at any
    moment the alphabetically smallest goes first. Raises ValueError when the
    dependencies contain a cycle.
    >>> topo_order({"b": ["a"], "c": ["a", "b"], "a": []})
    ['a', 'b', 'c']
    """
    nodes = set(deps)
    indegree = {n: 0 for n in nodes}
    users = {n: [] for n in nodes}
    for task, pres in deps.items():
        for p in pres:
            users[p].append(task)
            indegree[task] += 1
    ready = [n for n in nodes if indegree[n] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        n = heapq.heappop(ready)
        order.append(n)
        for u in users[n]:
            indegree[u] -= 1
            if indegree[u] == 0:
                heapq.heappush(ready, u)
    if len(order) != len(nodes):
        raise ValueError("cycle")
    return order
