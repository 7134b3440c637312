/// Returns the amicable pairs `(a, b)` with `a < b <= limit`, sorted by `a`.
/// Two different numbers are amicable when each is the sum of the proper
/// divisors of the other (the divisors smaller than the number itself), as
/// with 220 and 284. Perfect numbers, whose divisor sum is the number
/// itself, are not amicable.
pub fn amicable_pairs(limit: u32) -> Vec<(u32, u32)> {
    let n = limit as usize;
    // sums[k] = sum of the proper divisors of k, by a sieve
    let mut sums = vec![0usize; n + 1];
    for d in 1..=n / 2 {
        for multiple in (2 * d..=n).step_by(d) {
            sums[multiple] += d;
        }
    }
    let mut pairs = Vec::new();
    for a in 1..=n {
        let b = sums[a];
        if b <= n && sums[b] == a {
            pairs.push((a as u32, b as u32));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_amicable_pairs() {
        assert_eq!(amicable_pairs(0), vec![]);
        assert_eq!(amicable_pairs(100), vec![]);
        assert_eq!(amicable_pairs(284), vec![(220, 284)]);
        assert_eq!(amicable_pairs(1000), vec![(220, 284)]);
        assert_eq!(amicable_pairs(1500), vec![(220, 284), (1184, 1210)]);
        assert_eq!(amicable_pairs(3000), vec![(220, 284), (1184, 1210), (2620, 2924)]);
    }

}
