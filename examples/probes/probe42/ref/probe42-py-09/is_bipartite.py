from collections import deque


def is_bipartite(n, edges):
    """Return True when the undirected graph on vertices 0..n-1 with the given
    edges (pairs of vertices, self-loops allowed) can be 2-coloured so that no
    edge joins two vertices of the same colour.
    >>> is_bipartite(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    True
    >>> is_bipartite(3, [(0, 1), (1, 2), (2, 0)])
    False
    """
    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    color = [-1] * n
    for start in range(n):
        if color[start] != -1:
            continue
        color[start] = 0
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for w in adj[v]:
                if color[w] == -1:
                    color[w] = 1 - color[v]
                    queue.append(w)
                elif color[w] == color[v]:
                    return False
    return True
