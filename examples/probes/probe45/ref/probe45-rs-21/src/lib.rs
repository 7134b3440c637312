/// Returns the smallest squared Euclidean distance between two of the given
/// points, or `None` when there are fewer than two points. The points are
/// sorted by x, and the scan for partners of a point stops as soon as the
/// squared x-gap alone reaches the best distance found so far.
pub fn closest_pair_sq(points: &[(i64, i64)]) -> Option<i64> {
    if points.len() < 2 {
        return None;
    }
    let mut pts = points.to_vec();
    pts.sort();
    let mut best = i64::MAX;
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let dx = pts[j].0 - pts[i].0;
            if dx * dx >= best {
                break;
            }
            let dy = pts[j].1 - pts[i].1;
            best = best.min(dx * dx + dy * dy);
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_closest_pair_sq() {
        assert_eq!(closest_pair_sq(&[]), None);
        assert_eq!(closest_pair_sq(&[(1, 1)]), None);
        assert_eq!(closest_pair_sq(&[(0, 0), (3, 4), (1, 1)]), Some(2));
        assert_eq!(closest_pair_sq(&[(5, 5), (5, 5)]), Some(0));
        assert_eq!(closest_pair_sq(&[(0, 0), (10, 0), (0, -3)]), Some(9));
        assert_eq!(closest_pair_sq(&[(-2, -3), (4, 7), (-1, -1), (10, 10)]), Some(5));
        assert_eq!(closest_pair_sq(&[(0, 100), (50, 0), (1, 98), (52, 1)]), Some(5));
    }

}
