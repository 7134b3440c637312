/// Checks the format of a BIC (SWIFT code): a 4-letter bank code, a 2-letter
/// country code, a 2-character location code and an optional 3-character
/// branch code, so 8 or 11 characters in all. The first six characters
/// must be upper-case ASCII letters and the rest upper-case ASCII letters or
/// digits. A branch code of `"XXX"` (the primary office) is allowed.
pub fn valid_bic(code: &str) -> bool {
    let bytes = code.as_bytes();
    if bytes.len() != 8 && bytes.len() != 11 {
        return false;
    }
    if bytes.len() == 11 && &code[8..] == "XXX" {
        return false;
    }
    for (i, &b) in bytes.iter().enumerate() {
        let ok = if i < 6 {
            b.is_ascii_uppercase()
        } else {
            b.is_ascii_uppercase() || b.is_ascii_digit()
        };
        if !ok {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_bic() {
        assert!(valid_bic("DEUTDEFF"));
        assert!(valid_bic("DEUTDEFF500"));
        assert!(valid_bic("NEDSZAJJXXX"));
        assert!(valid_bic("BOFAUS3N"));
        assert!(!valid_bic("deutdeff"));
        assert!(!valid_bic("DEUT12FF"));
        assert!(!valid_bic("DEUTDEF"));
        assert!(!valid_bic("DEUTDEFF5000"));
    }

}
