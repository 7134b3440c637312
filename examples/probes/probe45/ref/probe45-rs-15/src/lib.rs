/// Returns the number of positive divisors of `n`, computed from the prime
/// factorisation n = p1^e1 * ... * pk^ek as (e1 + 1) * ... * (ek + 1).
/// `divisor_count(1)` is 1 and `divisor_count(0)` is defined as 0.
pub fn divisor_count(mut n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut count = 1;
    let mut p = 2;
    while p * p <= n {
        let mut e = 0;
        while n % p == 0 {
            n /= p;
            e += 1;
        }
        count *= e + 1;
        p += 1;
    }
    if n > 1 {
        count *= 2;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_divisor_count() {
        assert_eq!(divisor_count(0), 0);
        assert_eq!(divisor_count(1), 1);
        assert_eq!(divisor_count(4), 3);
        assert_eq!(divisor_count(12), 6);
        assert_eq!(divisor_count(36), 9);
        assert_eq!(divisor_count(97), 2);
        assert_eq!(divisor_count(360), 24);
        assert_eq!(divisor_count(1_000_000), 49);
    }

}
