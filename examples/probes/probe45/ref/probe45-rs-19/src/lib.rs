/// Picks elements of `nums`, no two of them adjacent, with the largest
/// possible sum (the "house robber" problem). Picking nothing is allowed,
/// so the sum is never negative. Returns the sum together with the indices
/// of one optimal choice in increasing order (when several choices tie,
/// any of them may be returned).
pub fn max_non_adjacent_sum(nums: &[i64]) -> (i64, Vec<usize>) {
    let n = nums.len();
    // best[i] = largest sum using only nums[..i]
    let mut best = vec![0i64; n + 1];
    for i in 0..n {
        let with = nums[i] + if i >= 1 { best[i - 1] } else { 0 };
        best[i + 1] = best[i].max(with);
    }
    let mut chosen = Vec::new();
    let mut i = n;
    while i > 0 {
        if best[i] == best[i - 1] {
            i -= 1;
        } else {
            chosen.push(i - 1);
            i = i.saturating_sub(2);
        }
    }
    chosen.reverse();
    (best[n], chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_max_non_adjacent_sum() {
        assert_eq!(max_non_adjacent_sum(&[]), (0, vec![]));
        assert_eq!(max_non_adjacent_sum(&[3]), (3, vec![0]));
        assert_eq!(max_non_adjacent_sum(&[-1, -2]), (0, vec![]));
        assert_eq!(max_non_adjacent_sum(&[1, 20, 3]), (20, vec![1]));
        assert_eq!(max_non_adjacent_sum(&[2, 7, 9, 3, 1]), (12, vec![0, 2, 4]));
        assert_eq!(max_non_adjacent_sum(&[5, 1, 1, 5]), (10, vec![0, 3]));
        assert_eq!(max_non_adjacent_sum(&[4, -1, -1, 6, 2, 8]), (18, vec![0, 3, 5]));
    }

}
