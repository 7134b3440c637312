use contains_digit::{contains_digit, contains_uppercase, is_strong};

#[test]
fn finds_a_digit() {
    assert!(contains_digit("abc7"));
}

#[test]
fn no_digit() {
    assert!(!contains_digit("abc"));
}

#[test]
fn uppercase() {
    assert!(contains_uppercase("aBc"));
}

#[test]
fn strong_password() {
    assert!(is_strong("Secret123"));
}
