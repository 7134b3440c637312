/// Checks a word chain: every word must start with the last letter of the
/// word before it (compared case-insensitively) and no word may appear
/// twice (also compared case-insensitively). An empty word makes the chain
/// invalid. An empty list and a list of one non-empty word are valid.
pub fn word_chain_valid(words: &[&str]) -> bool {
    use std::collections::HashSet;
    let mut seen = HashSet::new();
    let mut prev_last: Option<char> = None;
    for word in words {
        let lower = word.to_lowercase();
        let first = match lower.chars().next() {
            Some(c) => c,
            None => return false,
        };
        if lower.chars().count() < 2 {
            return false;
        }
        if let Some(last) = prev_last {
            if first != last {
                return false;
            }
        }
        if !seen.insert(lower.clone()) {
            return false;
        }
        prev_last = lower.chars().last();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_word_chain_valid() {
        assert!(word_chain_valid(&[]));
        assert!(word_chain_valid(&["apple"]));
        assert!(word_chain_valid(&["apple", "Egg", "giraffe", "elephant"]));
        assert!(word_chain_valid(&["a", "apple", "egg"]));
        assert!(!word_chain_valid(&["apple", "banana"]));
        assert!(!word_chain_valid(&["egg", "gone", "Egg"]));
        assert!(!word_chain_valid(&["one", ""]));
    }

}
