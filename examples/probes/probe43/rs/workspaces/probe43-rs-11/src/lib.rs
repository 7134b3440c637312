#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Decimal expansion of num / den as text, with the repeating part of the
fraction in parentheses. den must not be zero.
fraction_to_decimal(1, 3) == "0.(3)"
fraction_to_decimal(1, 6) == "0.1(6)"
fraction_to_decimal(-50, 8) == "-6.25"
*/
fn fraction_to_decimal(num: i64, den: i64) -> String {
    let mut out = String::new();
    if (num < 0) != (den < 0) && num != 0 {
        out.push('-');
    }
    let n = num.unsigned_abs();
    let d = den.unsigned_abs();
    out.push_str(&(n / d).to_string());
    let mut rem = n % d;
    out.push('.');
    let mut seen: HashMap<u64, usize> = HashMap::new();
    while rem != 0 {
        if let Some(&pos) = seen.get(&rem) {
            out.insert(pos, '(');
            out.push(')');
            break;
        }
        seen.insert(rem, out.len());
        rem *= 10;
        out.push_str(&(rem / d).to_string());
        rem %= d;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_fraction_to_decimal() {
        assert_eq!(fraction_to_decimal(1, 3), "0.(3)");
        assert_eq!(fraction_to_decimal(1, 6), "0.1(6)");
        assert_eq!(fraction_to_decimal(-50, 8), "-6.25");
        assert_eq!(fraction_to_decimal(4, 2), "2");
        assert_eq!(fraction_to_decimal(0, -5), "0");
        assert_eq!(fraction_to_decimal(22, 7), "3.(142857)");
        assert_eq!(fraction_to_decimal(-9, -3), "3");
        assert_eq!(fraction_to_decimal(1, 4), "0.25");
    }

}
