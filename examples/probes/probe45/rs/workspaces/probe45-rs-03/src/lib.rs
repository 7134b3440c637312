/// Returns the balanced ternary representation of `n`, most significant
/// digit first, using `'+'` for the digit 1, `'0'` for 0 and `'-'` for -1.
/// Zero is `"0"`. For example 5 = 9 - 3 - 1 is `"+--"` and -2 = -3 + 1 is
/// `"-+"`.
pub fn balanced_ternary(mut n: i64) -> String {
    if n == 0 {
        return "0".to_string();
    }
    let mut digits = Vec::new();
    while n != 0 {
        let mut r = n.rem_euclid(3);
        n = n.div_euclid(3);
        if r == 2 {
            r = 1;
            n += 1;
        }
        digits.push(match r {
            1 => '+',
            0 => '0',
            _ => '-',
        });
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_balanced_ternary() {
        assert_eq!(balanced_ternary(0), "0");
        assert_eq!(balanced_ternary(1), "+");
        assert_eq!(balanced_ternary(2), "+-");
        assert_eq!(balanced_ternary(5), "+--");
        assert_eq!(balanced_ternary(-2), "-+");
        assert_eq!(balanced_ternary(9), "+00");
        assert_eq!(balanced_ternary(-13), "---");
    }

}
