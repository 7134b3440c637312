#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A robot vacuum starts at (0, 0) and follows moves, one step per character:
'N' (y + 1), 'S' (y - 1), 'E' (x + 1) or 'W' (x - 1); other characters are
ignored. Return how many distinct cells it has been in, the starting cell
included.
robot_cleaned_cells("NNSS") == 3
robot_cleaned_cells("NESW") == 4
robot_cleaned_cells("") == 1
*/
fn robot_cleaned_cells(moves: &str) -> usize {
    let mut seen: HashSet<(i32, i32)> = HashSet::new();
    let (mut x, mut y) = (0, 0);
    seen.insert((x, y));
    for c in moves.chars() {
        match c {
            'N' => y += 1,
            'S' => y -= 1,
            'E' => x += 1,
            'W' => x -= 1,
            _ => continue,
        }
        seen.insert((x, y));
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_robot_cleaned_cells() {
        assert_eq!(robot_cleaned_cells("NNSS"), 3);
        assert_eq!(robot_cleaned_cells("NESW"), 4);
        assert_eq!(robot_cleaned_cells(""), 1);
        assert_eq!(robot_cleaned_cells("N"), 2);
        assert_eq!(robot_cleaned_cells("EEEE"), 5);
        assert_eq!(robot_cleaned_cells("NxS"), 2);
        assert_eq!(robot_cleaned_cells("NNN"), 4);
    }

}
