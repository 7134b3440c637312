//! A request of several tasks, split into its clauses so each task can be ranked on its own.
//!
//! "First, convert 5000 euros to dollars. Then plan a trip from New York to Los Angeles…"
//! ranked as one text finds the tools of its loudest task; ranked clause by clause it finds each
//! task's. The split is deliberately plain (sentences, and parts opened by an enumerating word)
//! because a clause that is no task ("Can you help me with a few tasks?") only adds candidates
//! that the retriever's margin keeps below the whole request's own (see
//! [`crate::policy::RetrievalPolicy::clause_margin`]).

use std::sync::OnceLock;

use regex::Regex;

/// Words that open the next task of an enumerated request.
const ENUMERATORS: &str = "first|firstly|second|secondly|third|thirdly|then|next|after that|\
afterwards|also|additionally|moreover|furthermore|lastly|finally|besides|in addition";

/// A clause needs this many words to be ranked on its own ("Thanks!" is not a task).
const MIN_CLAUSE_WORDS: usize = 3;

/// Where a new task starts inside a sentence: an enumerating word at its start, or after a comma,
/// a semicolon or "and". Capitalized only: "then" inside a sentence ("and then sort it") joins
/// steps of one task more often than it starts another.
fn enumerator() -> Option<&'static Regex> {
    static ENUMERATOR: OnceLock<Option<Regex>> = OnceLock::new();
    ENUMERATOR
        .get_or_init(|| {
            let words: Vec<String> = ENUMERATORS
                .split('|')
                .map(|w| {
                    let mut chars = w.chars();
                    match chars.next() {
                        Some(c) => c.to_uppercase().chain(chars).collect(),
                        None => String::new(),
                    }
                })
                .collect();
            Regex::new(&format!(
                r"(?:^|,\s*|;\s*|\s+and\s+)((?:{})\b)",
                words.join("|")
            ))
            .ok()
        })
        .as_ref()
}

/// The request's clauses, in order, when it has at least two; otherwise empty (the request is
/// ranked as a whole only).
pub fn request_clauses(request: &str) -> Vec<String> {
    let text = request.trim().trim_matches('"');
    let mut clauses = Vec::new();
    for sentence in sentences(text) {
        let mut start = 0;
        if let Some(re) = enumerator() {
            for found in re.captures_iter(sentence) {
                let (Some(whole), Some(word)) = (found.get(0), found.get(1)) else {
                    continue;
                };
                push_clause(&mut clauses, &sentence[start..whole.start()]);
                // The enumerating word itself says nothing of the task ("First, multiply 17
                // by 23" ranked the patch tool above the calculator).
                start = word.end();
            }
        }
        push_clause(&mut clauses, &sentence[start..]);
    }
    if clauses.len() < 2 {
        clauses.clear();
    }
    clauses
}

fn push_clause(clauses: &mut Vec<String>, text: &str) {
    let clause = text.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'));
    if clause.split_whitespace().count() >= MIN_CLAUSE_WORDS {
        clauses.push(clause.to_string());
    }
}

/// Sentences: a `.`, `?` or `!` followed by white space and an upper-case letter or a quote.
/// ("3.5 km" and "e.g. the" stay whole.)
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !matches!(c, '.' | '?' | '!') {
            continue;
        }
        let after = i + c.len_utf8();
        let rest = &text[after..];
        let trimmed = rest.trim_start();
        if trimmed.len() == rest.len() {
            continue;
        }
        if trimmed
            .chars()
            .next()
            .is_some_and(|n| n.is_uppercase() || n == '"' || n == '\'')
        {
            out.push(&text[start..after]);
            start = text.len() - trimmed.len();
            while chars.peek().is_some_and(|&(j, _)| j < start) {
                chars.next();
            }
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_enumerated_request_splits_into_its_tasks() {
        let clauses = request_clauses(
            "\"Could you help me with a few tasks? First, I need to convert 5000 Euros to US \
             dollars. After that, I would like to know the population of turtles in Galapagos \
             Islands in 2018, and also include the species information. Then, I need to plan a \
             trip from New York to Los Angeles, but I want to avoid tolls and ferries. Finally, \
             I need to convert 3000 British Pounds to Japanese Yen.\"",
        );
        assert_eq!(
            clauses,
            vec![
                "Could you help me with a few tasks?",
                "I need to convert 5000 Euros to US dollars.",
                "I would like to know the population of turtles in Galapagos Islands in 2018, \
                 and also include the species information.",
                "I need to plan a trip from New York to Los Angeles, but I want to avoid tolls \
                 and ferries.",
                "I need to convert 3000 British Pounds to Japanese Yen.",
            ]
        );
    }

    #[test]
    fn enumerators_inside_a_sentence_open_a_clause() {
        assert_eq!(
            request_clauses(
                "Find the factorial of 7, then sort the list; Also fetch the weather in Paris \
                 and Finally book a table for two"
            ),
            vec![
                "Find the factorial of 7, then sort the list",
                "fetch the weather in Paris",
                "book a table for two",
            ]
        );
    }

    #[test]
    fn a_one_task_request_is_not_split() {
        assert!(
            request_clauses("Calculate the area of a circle with a radius of 5.5 units.")
                .is_empty()
        );
        // Decimal points, abbreviations and a lower-case word after a full stop do not end a
        // sentence; a short trailing remark is no clause.
        assert!(request_clauses("Convert 3.5 km to miles, e.g. for a run. thanks").is_empty());
        assert!(request_clauses("What is 2 + 2? Thanks!").is_empty());
        assert!(request_clauses("").is_empty());
    }

    proptest::proptest! {
        /// Any text, any script: no panic, and every clause is a piece of the request, in
        /// order, never two of them overlapping.
        #[test]
        fn clauses_are_ordered_pieces_of_the_request(request in "(\\PC|[.?!,;] |First, |Then |\\n){0,80}") {
            let mut from = 0;
            for clause in request_clauses(&request) {
                let at = request[from..].find(clause.as_str());
                proptest::prop_assert!(at.is_some(), "{clause:?} in {request:?}");
                from += at.unwrap_or(0) + clause.len();
            }
        }
    }

    #[test]
    fn sentences_split_on_questions_and_quotes() {
        assert_eq!(
            request_clauses("What is the weather in Oslo? 'Book me a flight to Rome' too!"),
            vec![
                "What is the weather in Oslo?",
                "'Book me a flight to Rome' too!"
            ]
        );
    }
}
