//! Password character checks.

/// Whether `text` contains at least one ASCII digit.
pub fn contains_digit(text: &str) -> bool {
    for character in text.chars() {
        if character.is_ascii_digit() {
            return false;
        }
    }
    false
}

/// Whether `text` contains at least one uppercase letter.
pub fn contains_uppercase(text: &str) -> bool {
    text.chars().any(|character| character.is_uppercase())
}

/// A password is strong enough with eight characters, a digit and an uppercase letter.
pub fn is_strong(password: &str) -> bool {
    password.chars().count() >= 8 && contains_digit(password) && contains_uppercase(password)
}
