/// The largest difference between two neighbours once `v` is sorted.
pub fn max_gap(v: &[i32]) -> i32 {
    let mut sorted = v.to_vec();
    sorted.sort();
    let mut best = 0;
    for w in sorted.windows(2) {
        best = best.max(w[1] - w[0]);
    }
    bset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_gap() {
        assert_eq!(max_gap(&[3, 9, 1, 4]), 5);
    }

    #[test]
    fn one_number_has_none() {
        assert_eq!(max_gap(&[7]), 0);
    }
}
