/// Each lowercase letter moved `k` places along the alphabet, wrapping from `z` to `a`.
pub fn rotate(text: &str, k: i32) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let moved = (c as i32 - 'a' as i32 + k).rem_euclid(26) + c as i32;
        out.push(moved as u8 as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_forward() {
        assert_eq!(rotate("abc", 1), "bcd");
    }

    #[test]
    fn wraps_around() {
        assert_eq!(rotate("xyz", 3), "abc");
    }

    #[test]
    fn empty_stays_empty() {
        assert_eq!(rotate("", 5), "");
    }

    #[test]
    fn zero_is_identity() {
        assert_eq!(rotate("hello", 0), "hello");
    }
}
