#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the cost of the cheapest path from src to dst in a directed graph
with n vertices and edges (from, to, cost), or None if dst cannot be
reached (Dijkstra's algorithm).
shortest_path_cost(3, &[(0, 1, 4), (1, 2, 1), (0, 2, 10)], 0, 2) == Some(5)
shortest_path_cost(2, &[(1, 0, 1)], 0, 1) == None
*/
fn shortest_path_cost(n: usize, edges: &[(usize, usize, u64)], src: usize, dst: usize) -> Option<u64> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b, w) in edges {
        adj[a].push((b, w));
    }
    let mut dist = vec![u64::MAX; n];
    let mut heap = std::collections::BinaryHeap::new();
    dist[src] = 0;
    heap.push(cmp::Reverse((0u64, src)));
    while let Some(cmp::Reverse((d, v))) = heap.pop() {
        if d > dist[v] {
            continue;
        }
        if v == dst {
            return Some(d);
        }
        for &(w, cost) in &adj[v] {
            if dist[w] != u64::MAX {
                continue;
            }
            let nd = d + cost;
            if nd < dist[w] {
                dist[w] = nd;
                heap.push(cmp::Reverse((nd, w)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_shortest_path_cost() {
        assert_eq!(shortest_path_cost(3, &[(0, 1, 4), (1, 2, 1), (0, 2, 10)], 0, 2), Some(5));
        assert_eq!(shortest_path_cost(2, &[(1, 0, 1)], 0, 1), None);
        assert_eq!(shortest_path_cost(1, &[], 0, 0), Some(0));
        assert_eq!(shortest_path_cost(3, &[(0, 1, 2), (1, 2, 3)], 0, 2), Some(5));
        assert_eq!(shortest_path_cost(4, &[(0, 1, 1), (0, 2, 5), (1, 2, 1), (2, 3, 1), (1, 3, 7)], 0, 3), Some(3));
        assert_eq!(shortest_path_cost(3, &[(0, 1, 1)], 0, 2), None);
    }

}
