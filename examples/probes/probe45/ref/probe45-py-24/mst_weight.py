def mst_weight(n, edges):
    """Return the total weight of a minimum spanning tree of the undirected
    graph with vertices 0 .. n-1 and `edges` given as (u, v, weight)
    tuples, using Kruskal's algorithm with a union-find structure. Return
    None if the graph is not connected; a graph with 0 or 1 vertices is
    connected and its tree weighs 0."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total = 0
    used = 0
    for u, v, w in sorted(edges, key=lambda e: e[2]):
        ru, rv = find(u), find(v)
        if ru == rv:
            continue
        parent[ru] = rv
        total += w
        used += 1
    if used < n - 1:
        return None
    return total
