#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
grid is a maze of equal-length rows in which '#' is a wall and every other
character is open floor. Return the least number of steps (up, down, left
or right) from start to goal, both given as (row, col) of open cells, or
None when the goal cannot be reached.
maze_steps(&["..#", "...", "#.."], (0, 0), (2, 2)) == Some(4)
maze_steps(&[".#.", ".#.", ".#."], (0, 0), (0, 2)) == None
*/
fn maze_steps(grid: &[&str], start: (usize, usize), goal: (usize, usize)) -> Option<usize> {
    let cells: Vec<&[u8]> = grid.iter().map(|row| row.as_bytes()).collect();
    let rows = cells.len();
    let cols = if rows > 0 { cells[0].len() } else { 0 };
    let mut dist = vec![vec![usize::MAX; cols]; rows];
    let mut queue = std::collections::VecDeque::new();
    dist[start.0][start.1] = 0;
    queue.push_back(start);
    while let Some((r, c)) = queue.pop_front() {
        if (r, c) == goal {
            return Some(dist[r][c]);
        }
        let moves = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
        for &(nr, nc) in moves.iter() {
            if nr >= rows || nc >= cols {
                continue;
            }
            if cells[nr][nc] == b'#' {
                continue;
            }
            if dist[nr][nc] == usize::MAX {
                dist[nr][nc] = dist[r][c] + 1;
                queue.push_back((nr, nc));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_maze_steps() {
        assert!(maze_steps(&["..#", "...", "#.."], (0, 0), (2, 2)) == Some(4));
        assert!(maze_steps(&[".#.", ".#.", ".#."], (0, 0), (0, 2)) == None);
        assert!(maze_steps(&["."], (0, 0), (0, 0)) == Some(0));
        assert!(maze_steps(&["....", ".##.", "...."], (0, 0), (2, 3)) == Some(5));
        assert!(maze_steps(&["..", "##", ".."], (0, 0), (2, 0)) == None);
        assert!(maze_steps(&[".#...", ".#.#.", "...#."], (0, 0), (0, 4)) == Some(8));
    }

}
