#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse a human-written size such as "512", "10k", "1.5 MB" or "2GiB" into a
number of bytes. The number may have a fractional part and may be followed by
spaces and then a unit (case-insensitive): none or "b" = 1, "k"/"kb" = 1000,
"m"/"mb" = 1000^2, "g"/"gb" = 1000^3, "kib" = 1024, "mib" = 1024^2,
"gib" = 1024^3. The result is rounded down to whole bytes. Negative or
malformed input gives None.

    parse_size("1.5 MB") == Some(1_500_000)
    parse_size("2GiB")   == Some(2_147_483_648)
*/
pub fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().ok()?;
    let multiplier: f64 = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" => 1e3,
        "m" | "mb" => 1e6,
        "g" | "gb" => 1e9,
        "kib" => 1024.0,
        "mib" => 1048576.0,
        "gib" => 1073741824.0,
        _ => return None,
    };
    Some((value * multiplier).floor() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_size() {
        assert_eq!(parse_size("1.5 MB"), Some(1_500_000));
        assert_eq!(parse_size("2GiB"), Some(2_147_483_648));
        assert_eq!(parse_size("512"), Some(512));
        assert_eq!(parse_size(" 10 k "), Some(10_000));
        assert_eq!(parse_size("0.5KiB"), Some(512));
        assert_eq!(parse_size("-5"), None);
        assert_eq!(parse_size("12 parsecs"), None);
        assert_eq!(parse_size("1.2.3"), None);
    }

}
