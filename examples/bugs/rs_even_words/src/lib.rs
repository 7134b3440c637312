/// The words of `sentence` with an even number of letters, in order, separated by one space.
pub fn even_words(sentence: &str) -> String {
    let mut out = String::new();
    for word in sentence.split_whitespace() {
        if word.len() % 2 == 0 {
            out.push_str(word);
        }
    }
    // The separator after the last word is not wanted.
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_even_words_apart() {
        assert_eq!(even_words("this is a test of words"), "this is test of");
    }

    #[test]
    fn one_word() {
        assert_eq!(even_words("abcd xyz"), "abcd");
    }

    #[test]
    fn no_even_word() {
        assert_eq!(even_words("a bcd"), "");
    }
}
