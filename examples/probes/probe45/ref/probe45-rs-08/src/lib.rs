/// Simulates Langton's ant on an infinite grid of white cells and returns how
/// many cells are black after `steps` moves.
///
/// The ant starts facing up. On a white cell it turns 90 degrees to the
/// right, on a black cell 90 degrees to the left; then it flips the colour
/// of the cell it stands on and moves forward by one cell.
pub fn langtons_ant(steps: usize) -> usize {
    use std::collections::HashSet;
    let mut black: HashSet<(i64, i64)> = HashSet::new();
    let (mut x, mut y) = (0i64, 0i64);
    // up, right, down, left, with y growing downwards
    let dirs = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    let mut d = 0usize;
    for _ in 0..steps {
        if black.contains(&(x, y)) {
            d = (d + 3) % 4;
            black.remove(&(x, y));
        } else {
            d = (d + 1) % 4;
            black.insert((x, y));
        }
        x += dirs[d].0;
        y += dirs[d].1;
    }
    black.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_langtons_ant() {
        assert_eq!(langtons_ant(0), 0);
        assert_eq!(langtons_ant(1), 1);
        assert_eq!(langtons_ant(4), 4);
        assert_eq!(langtons_ant(5), 3);
        assert_eq!(langtons_ant(100), 20);
        assert_eq!(langtons_ant(1000), 118);
        assert_eq!(langtons_ant(11000), 834);
    }

}
