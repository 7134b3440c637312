/// Reports whether the directed graph with vertices `0..n` and the edges
/// `(from, to)` contains a cycle; a self-loop counts as a cycle.
///
/// Uses an iterative depth-first search that colours every vertex as
/// unvisited, on the current path, or finished.
pub fn has_cycle(n: usize, edges: &[(usize, usize)]) -> bool {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
    }
    // 0 = unvisited, 1 = on the current path, 2 = finished
    let mut colour = vec![0u8; n];
    for start in 0..n {
        if colour[start] != 0 {
            continue;
        }
        colour[start] = 1;
        let mut stack = vec![(start, 0usize)];
        while let Some(top) = stack.last_mut() {
            let node = top.0;
            if top.1 < adj[node].len() {
                let child = adj[node][top.1];
                top.1 += 1;
                if colour[child] == 1 {
                    return true;
                }
                if colour[child] == 0 {
                    colour[child] = 1;
                    stack.push((child, 0));
                }
            } else {
                colour[node] = 2;
                stack.pop();
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_has_cycle() {
        assert!(!has_cycle(0, &[]));
        assert!(!has_cycle(4, &[(0, 1), (1, 2), (2, 3)]));
        assert!(!has_cycle(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]));
        assert!(has_cycle(3, &[(0, 1), (1, 2), (2, 0)]));
        assert!(has_cycle(2, &[(1, 1)]));
        assert!(has_cycle(5, &[(0, 1), (2, 3), (3, 4), (4, 2)]));
        assert!(!has_cycle(5, &[(3, 1), (4, 1), (1, 0), (2, 0), (4, 3)]));
    }

}
