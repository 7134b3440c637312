//! Values a request states outright, for arguments to copy instead of invent.
//!
//! A small model asked to write an argument freely invents plausible values ("Las Vegas" for
//! a request about Los Gatos, "Fantasy" for "Family"); most arguments of a tool call are
//! copied from the request (a number, a name, a quoted string, an allowed value it mentions).
//! So the argument decoder offers the model only what the request says wherever the request
//! says something of the right type, and lets the model choose among those by likelihood.
//! Everything here is deterministic text processing.

/// Bumped whenever what the decoder copies changes: evaluation caches key on it.
pub const BINDER_EDITION: &str = "copy-v1";

/// Longest span of words offered as a string value.
const MAX_SPAN_WORDS: usize = 5;
/// Most string spans offered: the shortest requests give few, long ones are cut.
const MAX_SPANS: usize = 64;

/// Words that neither start nor end a copied span: "in", "the", "me" are never the value.
const STOPWORDS: &[&str] = &[
    "a", "an", "the", "and", "or", "of", "in", "on", "at", "to", "for", "from", "with", "by", "is",
    "are", "was", "be", "it", "its", "me", "my", "i", "you", "your", "we", "our", "us", "can",
    "could", "would", "will", "please", "what", "which", "who", "how", "when", "where", "that",
    "this", "these", "those", "some", "any", "find", "get", "show", "tell", "give", "do", "does",
    "did", "want", "like", "need", "about", "as", "if", "then", "there", "also", "up", "i'm",
    "i'd", "let", "know", "help", "hi", "hello", "thanks", "using", "use", "into", "than",
];

/// What a request says, ready to be offered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestValues {
    /// The request in lower case, for "does it mention" checks.
    lower: String,
    /// Numbers as written and as read (`1,000` → 1000, `$1.2M` → 1200000, `five` → 5).
    pub numbers: Vec<f64>,
    /// String spans: quoted text first, then runs of capitalized words, then word spans.
    pub spans: Vec<String>,
}

impl RequestValues {
    pub fn new(request: &str) -> Self {
        Self {
            lower: request.to_lowercase(),
            numbers: numbers(request),
            spans: spans(request),
        }
    }

    /// Whether the request mentions `value` as a word or phrase (case-insensitive).
    pub fn mentions(&self, value: &str) -> bool {
        let needle = value.trim().to_lowercase();
        if needle.is_empty() {
            return false;
        }
        let haystack = self.lower.as_str();
        let mut from = 0;
        while let Some(found) = haystack.get(from..).and_then(|h| h.find(&needle)) {
            let start = from + found;
            let end = start + needle.len();
            let before = haystack[..start].chars().next_back();
            let after = haystack[end..].chars().next();
            let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
            if boundary(before) && boundary(after) {
                return true;
            }
            from = start + needle.len().max(1);
        }
        false
    }

    /// The numbers an argument may take: integers only when `integer`, within the bounds.
    pub fn numbers_for(
        &self,
        integer: bool,
        minimum: Option<f64>,
        maximum: Option<f64>,
    ) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        for &n in &self.numbers {
            let fits = (!integer || n.fract() == 0.0)
                && minimum.is_none_or(|m| n >= m)
                && maximum.is_none_or(|m| n <= m);
            if fits && !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }
}

/// Numbers in the text: digits with optional thousands separators, a fraction, a `k`/`M`/`B`
/// multiplier; and the number words one to twelve.
fn numbers(text: &str) -> Vec<f64> {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let negative = c == '-'
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && (i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '(');
        if !c.is_ascii_digit() && !negative {
            i += 1;
            continue;
        }
        // Glued to a word ("mp3", "v2") is part of a name, not a number.
        if i > 0 && chars[i - 1].is_alphabetic() {
            while i < chars.len() && chars[i].is_alphanumeric() {
                i += 1;
            }
            continue;
        }
        let start = i;
        if negative {
            i += 1;
        }
        let mut digits = String::new();
        if negative {
            digits.push('-');
        }
        while i < chars.len() {
            let d = chars[i];
            let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if d.is_ascii_digit() {
                digits.push(d);
            } else if d == ',' && next_digit && chars.get(i + 4).is_none_or(|c| !c.is_ascii_digit())
            {
                // A thousands separator: exactly three digits follow.
            } else if d == '.' && next_digit {
                digits.push('.');
            } else {
                break;
            }
            i += 1;
        }
        let multiplier = match chars.get(i) {
            Some('k' | 'K') => 1e3,
            Some('M') => 1e6,
            Some('B') => 1e9,
            _ => 1.0,
        };
        let multiplied = multiplier != 1.0 && chars.get(i + 1).is_none_or(|c| !c.is_alphanumeric());
        if let Ok(value) = digits.parse::<f64>() {
            out.push(value);
            if multiplied {
                out.push((value * multiplier).round());
            }
        }
        if i == start {
            i += 1;
        }
    }
    for word in words(text) {
        if let Some(n) = WORDS.iter().position(|w| word.eq_ignore_ascii_case(w)) {
            out.push((n + 1) as f64);
        }
    }
    out
}

/// Words with their punctuation trimmed (apostrophes and inner `-./@:_` kept).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''))
        .map(|w| w.trim_end_matches("'s"))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_stopword(word: &str) -> bool {
    STOPWORDS.contains(&word.to_lowercase().as_str())
}

/// Candidate string values: quoted text, runs of capitalized words, then every span of up to
/// [`MAX_SPAN_WORDS`] words that neither starts nor ends with a stopword, shortest first.
fn spans(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: &str| {
        let s = s.trim();
        if !s.is_empty() && s.len() <= 200 && !out.iter().any(|o| o == s) {
            out.push(s.to_string());
        }
    };
    for quoted in quoted_parts(text) {
        push(quoted);
    }
    let ws = words(text);
    let capitalized = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let mut k = 0;
    while k < ws.len() {
        if capitalized(ws[k]) && !is_stopword(ws[k]) {
            let start = k;
            while k + 1 < ws.len()
                && ((capitalized(ws[k + 1]) && !is_stopword(ws[k + 1]))
                    || (matches!(ws[k + 1], "of" | "de" | "the" | "and")
                        && ws.get(k + 2).is_some_and(|w| capitalized(w))))
            {
                k += 1;
            }
            if k > start {
                push(&ws[start..=k].join(" "));
            }
        }
        k += 1;
    }
    // Word spans stay within a sentence.
    let sentences: Vec<Vec<&str>> = text
        .split(['?', '!', ';', '\n'])
        .flat_map(|s| s.split(". "))
        .map(words)
        .collect();
    for length in 1..=MAX_SPAN_WORDS {
        for sentence in &sentences {
            for window in sentence.windows(length) {
                let (Some(first), Some(last)) = (window.first(), window.last()) else {
                    continue;
                };
                if is_stopword(first) || is_stopword(last) {
                    continue;
                }
                push(&window.join(" "));
            }
        }
    }
    out.truncate(MAX_SPANS);
    out
}

/// Text between paired quotes: a quote opens after a non-word character and closes before
/// one, so the apostrophe of "I'm" neither opens nor closes.
fn quoted_parts(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let word = |k: usize| chars.get(k).is_some_and(|(_, c)| c.is_alphanumeric());
    let mut k = 0;
    while k < chars.len() {
        let (start, quote) = chars[k];
        let opens = matches!(quote, '\'' | '"' | '`') && (k == 0 || !word(k - 1)) && word(k + 1);
        if !opens {
            k += 1;
            continue;
        }
        let close = (k + 1..chars.len()).find(|&j| {
            chars[j].1 == quote
                && !word(j + 1)
                && chars.get(j - 1).is_some_and(|(_, c)| !c.is_whitespace())
        });
        match close {
            Some(j) => {
                let inner = &text[start + quote.len_utf8()..chars[j].0];
                if inner.len() <= 120 && !inner.contains('\n') {
                    out.push(inner);
                }
                k = j + 1;
            }
            None => k += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn numbers_are_read_as_people_write_them() {
        let r =
            RequestValues::new("Pay $1,200 for 3 items, then $1.2M, 5k and -4 (five in all) to v2");
        for n in [1200.0, 3.0, 1.2, 1_200_000.0, 5.0, 5000.0, -4.0] {
            assert!(r.numbers.contains(&n), "{n} in {:?}", r.numbers);
        }
        assert!(!r.numbers.contains(&2.0), "v2 is a name: {:?}", r.numbers);
        assert_eq!(r.numbers_for(true, Some(0.0), Some(10.0)), vec![3.0, 5.0]);
    }

    #[test]
    fn spans_offer_quotes_names_and_phrases_never_bare_stopwords() {
        let r = RequestValues::new(
            "Can you find a Family Counselor in Los Gatos and search for 'Baby Shark'? I'm free.",
        );
        assert_eq!(r.spans.first().map(String::as_str), Some("Baby Shark"));
        for s in ["Family Counselor", "Los Gatos", "Gatos", "Family"] {
            assert!(r.spans.iter().any(|x| x == s), "{s} in {:?}", r.spans);
        }
        assert!(
            !r.spans
                .iter()
                .any(|x| x == "in" || x == "the" || x.starts_with("a "))
        );
        assert!(
            !r.spans.iter().any(|x| x.starts_with("m free")),
            "{:?}",
            r.spans
        );
        // Spans do not run across sentences.
        assert!(
            !r.spans.iter().any(|x| x.contains("Shark I'm")),
            "{:?}",
            r.spans
        );
    }

    #[test]
    fn mentions_are_whole_words() {
        let r = RequestValues::new("Find comedy movies, business class");
        assert!(r.mentions("Comedy"));
        assert!(r.mentions("business"));
        assert!(!r.mentions("Com"));
        assert!(!r.mentions(""));
    }
}
