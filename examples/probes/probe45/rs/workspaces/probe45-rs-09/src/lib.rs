/// Encrypts `text` with the affine cipher E(x) = (a * x + b) mod 26, where x
/// is the position of a letter in the alphabet (a = 0). Letters keep their
/// case and every other character is copied unchanged. Returns `None` when
/// `a` is not coprime with 26, because the cipher could not be decrypted.
pub fn affine_encode(text: &str, a: i32, b: i32) -> Option<String> {
    fn gcd(x: i32, y: i32) -> i32 {
        if y == 0 {
            x.abs()
        } else {
            gcd(y, x % y)
        }
    }
    if gcd(a, 13) != 1 {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        let base = if ch.is_ascii_lowercase() {
            b'a'
        } else if ch.is_ascii_uppercase() {
            b'A'
        } else {
            out.push(ch);
            continue;
        };
        let x = (ch as u8 - base) as i32;
        let y = (a * x + b).rem_euclid(26);
        out.push((base + y as u8) as char);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_affine_encode() {
        assert_eq!(affine_encode("affine cipher", 5, 8), Some("ihhwvc swfrcp".to_string()));
        assert_eq!(affine_encode("Hello, World!", 7, 3), Some("Afccx, Bxscy!".to_string()));
        assert_eq!(affine_encode("xyz", 1, -1), Some("wxy".to_string()));
        assert_eq!(affine_encode("", 3, 4), Some(String::new()));
        assert_eq!(affine_encode("abc", 2, 1), None);
        assert_eq!(affine_encode("abc", 13, 0), None);
        assert_eq!(affine_encode("abc", 4, 0), None);
    }

}
