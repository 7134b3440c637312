/// Returns the diameter of a tree, the number of edges on its longest path.
/// The tree has vertices `0..n` and the `n - 1` undirected `edges`. It is
/// found with two breadth-first searches: the vertex farthest from vertex 0
/// is one end of a longest path. A tree with 0 or 1 vertices has diameter 0.
pub fn tree_diameter(n: usize, edges: &[(usize, usize)]) -> usize {
    if n == 0 {
        return 0;
    }
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let farthest = |start: usize| -> (usize, usize) {
        let mut dist = vec![usize::MAX; n];
        dist[start] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut far = (start, 0);
        while let Some(v) = queue.pop_front() {
            if dist[v] > far.1 {
                far = (v, dist[v]);
            }
            for &w in &adj[v] {
                if dist[w] == usize::MAX {
                    dist[w] = dist[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        far
    };
    let (end, _) = farthest(0);
    farthest(0).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_tree_diameter() {
        assert_eq!(tree_diameter(0, &[]), 0);
        assert_eq!(tree_diameter(1, &[]), 0);
        assert_eq!(tree_diameter(4, &[(0, 1), (1, 2), (2, 3)]), 3);
        assert_eq!(tree_diameter(4, &[(0, 1), (0, 2), (0, 3)]), 2);
        assert_eq!(tree_diameter(6, &[(0, 1), (1, 2), (1, 3), (3, 4), (4, 5)]), 4);
        assert_eq!(tree_diameter(5, &[(2, 0), (2, 1), (2, 3), (3, 4)]), 3);
    }

}
