//! The retriever's tokenizer: splits identifiers the way tool names are written
//! (`snake_case`, `camelCase`, `dotted.names`, `kebab-case`), lowercases, and drops stopwords.
//!
//! Bump [`TOKENIZER_VERSION`] whenever the output for some input changes: persisted indexes
//! record it and refuse to load under a different tokenizer.

/// Version of the token stream; part of the persisted index header.
pub const TOKENIZER_VERSION: u32 = 2;

/// Words too common in tool descriptions and requests to tell tools apart.
const STOPWORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for", "from", "given", "has",
    "have", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of", "on", "or", "so", "that",
    "the", "their", "then", "this", "to", "was", "we", "what", "which", "will", "with", "you",
    "your",
];

fn is_stopword(token: &str) -> bool {
    STOPWORDS.binary_search(&token).is_ok()
}

/// Reduce a lowercase word to a crude stem so that plurals and third-person verbs meet their
/// base form ("areas" → "area", "calculates" → "calculate"). Deliberately tiny: a stemmer that
/// over-merges hurts ranking more than a missed plural.
fn stem(word: &str) -> &str {
    let n = word.len();
    if n > 4 && word.ends_with("ies") {
        // "entries" and "entry" both become "entr": same bucket, which is what matters.
        return &word[..n - 3];
    }
    if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        return &word[..n - 1];
    }
    if n > 4 && word.ends_with('y') {
        return &word[..n - 1];
    }
    word
}

/// Split one alphanumeric run at case and letter/digit boundaries:
/// `getHTTPResponse2` → `get`, `HTTP`, `Response`, `2`.
fn split_case(run: &str, out: &mut Vec<String>) {
    let chars: Vec<char> = run.chars().collect();
    let mut start = 0;
    for i in 1..chars.len() {
        let prev = chars[i - 1];
        let cur = chars[i];
        let next = chars.get(i + 1).copied();
        let lower_to_upper = prev.is_lowercase() && cur.is_uppercase();
        // The last capital of an acronym starts the next word: "HTTPServer" → "HTTP", "Server".
        let acronym_end =
            prev.is_uppercase() && cur.is_uppercase() && next.is_some_and(|c| c.is_lowercase());
        let digit_edge = prev.is_ascii_digit() != cur.is_ascii_digit();
        if lower_to_upper || acronym_end || digit_edge {
            out.push(chars[start..i].iter().collect());
            start = i;
        }
    }
    if start < chars.len() {
        out.push(chars[start..].iter().collect());
    }
}

/// Tokens of `text` for indexing and for queries (the same function for both, so they meet).
pub fn tokenize(text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    for run in text.split(|c: char| !c.is_alphanumeric()) {
        if !run.is_empty() {
            split_case(run, &mut pieces);
        }
    }
    pieces
        .into_iter()
        .filter_map(|piece| {
            let lower = piece.to_lowercase();
            let single_letter =
                lower.chars().count() == 1 && !lower.chars().all(|c| c.is_ascii_digit());
            if single_letter || is_stopword(&lower) {
                None
            } else {
                Some(stem(&lower).to_string())
            }
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn stopword_list_is_sorted_for_binary_search() {
        let mut sorted = STOPWORDS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, STOPWORDS);
    }

    #[test]
    fn splits_snake_camel_dotted_and_acronyms() {
        assert_eq!(
            tokenize("get_weather_forecast"),
            ["get", "weather", "forecast"]
        );
        assert_eq!(
            tokenize("getWeatherForecast"),
            ["get", "weather", "forecast"]
        );
        assert_eq!(tokenize("math.factorial"), ["math", "factorial"]);
        assert_eq!(tokenize("parseHTTPResponse"), ["parse", "http", "response"]);
        assert_eq!(tokenize("kebab-case-name"), ["kebab", "case", "name"]);
        assert_eq!(tokenize("sha256Digest"), ["sha", "256", "digest"]);
    }

    #[test]
    fn lowercases_drops_stopwords_and_stems_plurals() {
        assert_eq!(
            tokenize("Find the Areas of a Triangle"),
            ["find", "area", "triangle"]
        );
        assert_eq!(tokenize("calculates the status"), ["calculate", "status"]);
    }

    #[test]
    fn punctuation_and_empty_input_give_no_tokens() {
        assert!(tokenize("").is_empty());
        assert!(tokenize("  ... ,,, __ ").is_empty());
    }
}
