/// How many vowels `s` holds.
pub fn count_vowels(s: &str) -> usize {
    let count = 0;
    for c in s.chars() {
        if "aeiouAEIOU".contains(c) {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_vowels() {
        assert_eq!(count_vowels("education"), 5);
    }

    #[test]
    fn none_in_consonants() {
        assert_eq!(count_vowels("xyz"), 0);
    }
}
