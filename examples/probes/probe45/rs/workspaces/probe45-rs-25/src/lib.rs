/// Clips half-open intervals `[start, end)` to the window `[lo, hi)`.
///
/// Every interval is cut down to the part that lies inside the window;
/// intervals left empty are dropped. The remaining intervals are sorted by
/// start, and intervals that overlap or touch are merged into one.
pub fn clip_intervals(intervals: &[(i64, i64)], lo: i64, hi: i64) -> Vec<(i64, i64)> {
    let mut clipped: Vec<(i64, i64)> = intervals
        .iter()
        .map(|&(s, e)| (s.max(lo), e.min(hi)))
        .collect();
    clipped.sort();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (s, e) in clipped {
        if let Some(last) = out.last_mut() {
            if s <= last.1 {
                last.1 = last.1.max(e);
                continue;
            }
        }
        out.push((s, e));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_clip_intervals() {
        assert_eq!(clip_intervals(&[(0, 5), (8, 12), (20, 30)], 3, 10), vec![(3, 5), (8, 10)]);
        assert_eq!(clip_intervals(&[(2, 6), (1, 4), (6, 7)], 0, 100), vec![(1, 7)]);
        assert_eq!(clip_intervals(&[(5, 5)], 0, 10), vec![]);
        assert_eq!(clip_intervals(&[(-5, -1)], 0, 10), vec![]);
        assert_eq!(clip_intervals(&[(-5, 50)], 0, 10), vec![(0, 10)]);
        assert_eq!(clip_intervals(&[], 0, 1), vec![]);
    }

}
