/// Returns the sum of all positive numbers below `limit` that read the same
/// forwards and backwards both in base 10 and in base 2 (written without
/// leading zeros), such as 585 = 0b1001001001.
pub fn double_base_palindromes(limit: u64) -> u64 {
    fn is_palindrome(n: u64, base: u64) -> bool {
        let mut rest = n;
        let mut reversed = 0;
        while rest > 0 {
            reversed = reversed * 10 + rest % base;
            rest /= base;
        }
        reversed == n
    }
    (1..limit)
        .filter(|&n| is_palindrome(n, 10) && is_palindrome(n, 2))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_double_base_palindromes() {
        assert_eq!(double_base_palindromes(0), 0);
        assert_eq!(double_base_palindromes(1), 0);
        assert_eq!(double_base_palindromes(10), 25);
        assert_eq!(double_base_palindromes(100), 157);
        assert_eq!(double_base_palindromes(585), 470);
        assert_eq!(double_base_palindromes(1_000_000), 872187);
    }

}
