def count_components(n, edges):
    """Count the connected components of an undirected graph on the
    vertices 0..n-1 with the given edges (pairs of vertices; self-loops and
    repeated edges may occur).
    >>> count_components(5, [(0, 1), (1, 2), (3, 4)])
    2
    """
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    count = n
    for a, b in edges:
        ra = find(a)
        rb = find(b)
        if ra != rb:
            parent[a] = rb
            count -= 1
    return count
