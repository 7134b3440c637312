//! Values a request states outright, for arguments to copy instead of invent.
//!
//! A small model asked to write an argument freely invents plausible values ("Las Vegas" for
//! a request about Los Gatos, "Fantasy" for "Family"); most arguments of a tool call are
//! copied from the request (a number, a name, a quoted string, an allowed value it mentions).
//! So the argument decoder offers the model only what the request says wherever the request
//! says something of the right type, and lets the model choose among those by likelihood.
//! Everything here is deterministic text processing.

use chrono::{Datelike, NaiveDate};

/// Bumped whenever what the decoder copies or how it reads a schema changes: evaluation caches
/// key on it (`copy-v4`: `anyOf`/`oneOf` branches chosen, `allOf` merged, escapes in strings,
/// maps, values matching a `pattern` or `format` copied; `copy-v5`: arithmetic copied whole
/// into expression arguments and offered among the spans, globs for glob arguments; `copy-v6`:
/// flags set as the request names them, stated optionals written, percentages as fractions for
/// real-valued arguments, lists written out in prose copied whole; `copy-v8`: lists of
/// numbers taken in the order written, `City, Region` for a location without a region
/// argument beside it, the text right after a property's name; `copy-v9`: a whole written
/// address among the places, no optional written for an allowed value named after a negation;
/// `copy-v10`: dates year first or with the request's one year, a start date the first and an
/// end date the last written, dates in the form the description shows, 24-hour clock times, an
/// optional written when the request states its value without naming it; `copy-v11`: people
/// in the part a property names — cast, director, artist; counts of a property's things; dates
/// relative to the day the request says it is; "from rest" as 0; flags named by their subject
/// alone or by a synonym).
pub const BINDER_EDITION: &str = "copy-v11";

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

/// Words of a flag's name that say what to do with the thing rather than what it is
/// (`include_stats` is about stats, `calculate_years_ago` about years ago).
const FLAG_FILLERS: &[&str] = &[
    "include",
    "includes",
    "including",
    "has",
    "have",
    "use",
    "show",
    "get",
    "with",
    "should",
    "enable",
    "enabled",
    "return",
    "returns",
    "calculate",
    "compute",
    "specific",
    "flag",
    "want",
    "allow",
    "add",
    "consider",
    "only",
    "need",
    "check",
    "display",
    "print",
    "fetch",
    // The aspect a flag sets rather than what it is about (`private_visibility` is about
    // privacy: "make it private").
    "visibility",
    "mode",
    "setting",
    "settings",
    "option",
    "options",
    // What a flag says of its subject rather than the subject (`good_for_kids` is about kids).
    "good",
    "suitable",
    "friendly",
];

/// Other words a request names a flag's subject by, whole-word prefixes: "children" for
/// `good_for_kids`, "free to enter" for `free_entry`.
const FLAG_SYNONYMS: &[(&str, &[&str])] = &[
    ("kids", &["child", "grandchild"]),
    ("kid", &["child", "grandchild"]),
    ("entry", &["enter", "admission"]),
];

/// Words that deny what follows them within four words.
const NEGATIONS: &[&str] = &[
    "no",
    "not",
    "without",
    "few",
    "exclude",
    "excluding",
    "except",
    "never",
    "neglect",
    "neglecting",
    "ignore",
    "ignoring",
    "don",
    "doesn",
    "non",
];

/// Whether one of the last four of `before` (the words ahead of a mention) is a negation.
fn follows_negation(before: &[&str]) -> bool {
    before.iter().rev().take(4).any(|w| NEGATIONS.contains(w))
}

/// Flag names whose sense is the negation of what they name (`skip_tests`).
const NEGATIVE_FLAGS: &[&str] = &["disable", "disabled", "skip", "hide", "omit"];

/// What a request says, ready to be offered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestValues {
    /// The request in lower case, for "does it mention" checks.
    lower: String,
    /// Numbers as written and as read (`1,000` → 1000, `$1.2M` → 1200000, `five` → 5).
    pub numbers: Vec<f64>,
    /// String spans: quoted text first, then runs of capitalized words, then word spans.
    pub spans: Vec<String>,
    /// Lists of two or more numbers written in brackets or parentheses (`[200,300,400]`), then
    /// those written out in prose (`the values 12, 24, 36 and …`).
    pub number_lists: Vec<Vec<f64>>,
    /// Things the request lists by name (`C, F and G`, `between John and Alice`), for a list
    /// argument: each reading of where the first and last items start and end (see
    /// [`enumerations`]).
    pub enumerations: Vec<Vec<String>>,
    /// Percentages stated (`10%`, `7 percent`) as (the number written, its fraction): which
    /// reading an argument takes depends on the argument, not the text.
    pub percents: Vec<(f64, f64)>,
    /// Places written as `City, Region` (`Riga, Latvia`, `Mariposa, CA`), for a location
    /// argument: the region is part of the value.
    pub places: Vec<String>,
    /// US cities named without their state, with it (`Berkeley` → `Berkeley, CA`), for a
    /// location argument whose description asks for `City, ST`.
    pub us_places: Vec<String>,
    /// The request as written (its lower-case copy keeps the same offsets when it is ASCII).
    text: String,
    /// Calendar dates the request writes out with their year ("April 4th, 2023", "2023 April
    /// 4", "4/8/2023"), as `YYYY-MM-DD`.
    pub dates: Vec<String>,
    /// Clock times the request writes (`10:00 AM`, `2pm`, `13:45`), as 24-hour `HH:MM`, in
    /// the order written.
    pub times: Vec<String>,
    /// Each whitespace-separated piece of the request with the punctuation around it trimmed
    /// (`<a@b.io>,` → `a@b.io`): the candidates for a formatted or patterned string.
    pub pieces: Vec<String>,
    /// Arithmetic the request writes out (`17 * 23 + 4`, `sqrt(144) + 3`, `15% of 240` as
    /// `15 * 240 / 100`): the value of an expression argument, which word spans cut apart.
    pub expressions: Vec<String>,
    /// File globs the request asks for: `*.py` as written, or a language or format it names
    /// ("Python files" → `**/*.py`), for a glob argument.
    pub globs: Vec<String>,
}

impl RequestValues {
    pub fn new(request: &str) -> Self {
        let expressions = request_expressions(request);
        // Arithmetic leads the spans: any string argument may be the sum the request writes.
        let mut all_spans = expressions.clone();
        all_spans.extend(
            spans(request)
                .into_iter()
                .filter(|s| !expressions.contains(s)),
        );
        all_spans.truncate(MAX_SPANS);
        let readings = number_readings(request);
        let listed = enumerations(request);
        let mut lists = number_lists(request);
        for list in prose_number_lists(&listed) {
            if !lists.contains(&list) {
                lists.push(list);
            }
        }
        // A list whose items are all numbers is a number list only, not a list of names.
        let listed_names: Vec<Vec<String>> = listed
            .into_iter()
            .filter(|l| l.iter().any(|item| item.parse::<f64>().is_err()))
            .collect();
        Self {
            lower: request.to_lowercase(),
            numbers: numbers(request, &readings),
            spans: all_spans,
            number_lists: lists,
            enumerations: listed_names,
            percents: readings
                .iter()
                .filter_map(|(_, readings)| match readings.as_slice() {
                    [whole, fraction] => Some((*whole, *fraction)),
                    _ => None,
                })
                .collect(),
            dates: dates(request),
            times: times(request),
            pieces: request
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| "\"'`()[]{}<>,;!?".contains(c))
                        .trim_end_matches(['.', ':'])
                        .to_string()
                })
                .filter(|w| !w.is_empty())
                .collect(),
            places: places(request),
            us_places: us_places(request),
            text: request.to_string(),
            expressions,
            globs: globs(request),
        }
    }

    /// The request's values a string of `schema`'s `format` (email, uri, uuid, ipv4, date,
    /// date-time, time) and `pattern` may take, within its length bounds; `None` when the
    /// schema asks neither (or a pattern this engine cannot read).
    pub fn matching(&self, schema: &serde_json::Value) -> Option<Vec<String>> {
        let format = schema
            .get("format")
            .and_then(serde_json::Value::as_str)
            .and_then(format_pattern);
        let pattern = match schema.get("pattern").and_then(serde_json::Value::as_str) {
            Some(p) => Some(regex::Regex::new(p).ok()?),
            None => None,
        };
        if format.is_none() && pattern.is_none() {
            return None;
        }
        let format = match format {
            Some(f) => Some(regex::Regex::new(f).ok()?),
            None => None,
        };
        let bound = |key: &str| schema.get(key).and_then(serde_json::Value::as_u64);
        let (min, max) = (bound("minLength").unwrap_or(0), bound("maxLength"));
        let mut out: Vec<String> = Vec::new();
        for candidate in self.pieces.iter().chain(&self.spans).chain(&self.dates) {
            let length = candidate.chars().count() as u64;
            if length >= min
                && max.is_none_or(|m| length <= m)
                && format.as_ref().is_none_or(|f| f.is_match(candidate))
                && pattern.as_ref().is_none_or(|p| p.is_match(candidate))
                // Whole pieces come first: a part of one already taken is not another value.
                && !out.iter().any(|o| o.contains(candidate.as_str()))
            {
                out.push(candidate.clone());
            }
        }
        Some(out)
    }

    /// Whether the request speaks of a property: a word of its name (`trait_count` → "trait",
    /// `directFlight` → "direct") of three letters or more, not a stopword.
    pub fn mentions_property(&self, name: &str) -> bool {
        name_words(name)
            .iter()
            .any(|w| w.len() >= 3 && !is_stopword(w) && self.mentions_prefix(w))
    }

    /// The text the request gives right after naming the property (`directed by Edgar Wright`,
    /// `the title should be 'Breakthrough'`, `type 'Plus'`): a quoted part or a run of
    /// capitalized words, after a few linking words.
    pub fn keyed_span(&self, name: &str) -> Option<String> {
        // Offsets of the lower-case copy are the text's only when lowering kept every length.
        if self.lower.len() != self.text.len() {
            return None;
        }
        let phrase = name_words(name).join(" ");
        let tail = self.after_phrase(&phrase)?;
        let mut at = self.text.len() - tail.len();
        for _ in 0..3 {
            let rest = self.text[at..].trim_start();
            let skipped = self.text.len() - rest.len();
            let filler = [
                "should be",
                "must be",
                "is",
                "=",
                ":",
                "of",
                "by",
                "called",
                "named",
                "as",
                "be",
                "to",
            ]
            .iter()
            .find(|f| {
                rest.to_lowercase().starts_with(**f)
                    && rest[f.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric() || f.len() == 1)
            });
            match filler {
                Some(f) => at = skipped + f.len(),
                None => {
                    at = skipped;
                    break;
                }
            }
        }
        let rest = &self.text[at..];
        if let Some(quoted) = quoted_parts(rest).into_iter().next()
            && rest.trim_start().get(1..)?.starts_with(quoted)
        {
            return Some(quoted.to_string());
        }
        // Capitalized words up to four, ending at a lower-case word or at punctuation.
        let mut out: Vec<&str> = Vec::new();
        for raw in rest.split_whitespace().take(4) {
            let word = raw.trim_end_matches(|c: char| ",.;:!?)".contains(c));
            if !word.chars().next().is_some_and(char::is_uppercase) || is_stopword(word) {
                break;
            }
            out.push(word);
            if word.len() != raw.len() {
                break;
            }
        }
        (!out.is_empty()).then(|| out.join(" "))
    }

    /// What the request says of a yes/no property (`include_stats`, `direct_flight`,
    /// `details`): `Some(true)` when it names every word of what the flag is about (by stem,
    /// "statistics" for `stats`), `Some(false)` when it names them within four words after a negation
    /// ("few artistic interests", "neglect air resistance"), `None` when it does not name
    /// them, or when the flag's name is itself a negation (`exclude_weekends`, where the sense
    /// flips), and the model decides.
    pub fn flag(&self, name: &str) -> Option<bool> {
        let words = name_words(name);
        if words
            .iter()
            .any(|w| NEGATIONS.contains(&w.as_str()) || NEGATIVE_FLAGS.contains(&w.as_str()))
        {
            return None;
        }
        let request_words: Vec<&str> = self
            .lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let mut first: Option<usize> = None;
        for w in words
            .iter()
            .filter(|w| w.len() >= 3 && !FLAG_FILLERS.contains(&w.as_str()) && !is_stopword(w))
        {
            let stem: String = w.chars().take(4).collect();
            let synonyms = FLAG_SYNONYMS
                .iter()
                .find(|(word, _)| word == w)
                .map_or(&[][..], |(_, s)| *s);
            let at = request_words
                .iter()
                .position(|r| r.starts_with(&stem) || synonyms.iter().any(|s| r.starts_with(s)))?;
            first = Some(first.map_or(at, |f: usize| f.min(at)));
        }
        let first = first?;
        Some(!follows_negation(&request_words[..first]))
    }

    /// Whether a word of the request shares `word`'s stem: its first four letters, or the
    /// whole of a shorter word ("trait" in "traits", "stats" in "statistics").
    fn mentions_prefix(&self, word: &str) -> bool {
        let stem: String = word.chars().take(4).collect();
        self.lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.starts_with(&stem))
    }

    /// The number the request states right after naming the property (`b = -11`, `group
    /// size of 50`, `discount rate: 10%`, `initial_investment=2000`), in each of its readings
    /// (`10%` is 10 or 0.1).
    pub fn keyed_number(&self, name: &str) -> Option<Vec<f64>> {
        let phrase = name_words(name).join(" ");
        let tail = self.after_phrase(&phrase)?;
        let mut rest = tail.trim_start();
        for _ in 0..4 {
            let filler = [
                "=", ":", "of", "is", "to", "at", "as", "be", "equal", "equals", "about", "least",
                "most", "around", "over", "under", "above", "below",
            ]
            .iter()
            .find(|f| {
                rest.starts_with(**f)
                    && rest[f.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphabetic() || f.len() == 1)
            });
            match filler {
                Some(f) => rest = rest[f.len()..].trim_start(),
                None => break,
            }
        }
        let rest = rest.strip_prefix('$').unwrap_or(rest);
        // "initial velocity is zero": a number word is a number too.
        if let Some(n) = words(rest).first().and_then(|w| number_word(w))
            && rest.starts_with(|c: char| c.is_alphabetic())
        {
            return Some(vec![n]);
        }
        let first = number_readings(rest).into_iter().next()?;
        (first.0 == 0).then_some(first.1)
    }

    /// The number the request gives a property by name (see [`Self::keyed_number`]), else by
    /// counting its things ([`Self::counted_number`]), else by an idiom
    /// ([`Self::idiom_number`]).
    pub fn number_for_property(&self, name: &str) -> Option<Vec<f64>> {
        self.keyed_number(name)
            .or_else(|| self.counted_number(name))
            .or_else(|| self.idiom_number(name))
    }

    /// The number the request counts a count property's things with ("three hotel rooms" for
    /// `number_of_rooms`, "1 seat" for `number_of_seats`, "five traits" for `trait_count`): a
    /// number one or two words before a word that shares the stem of the property's noun.
    pub fn counted_number(&self, name: &str) -> Option<Vec<f64>> {
        const COUNTING: &[&str] = &["number", "num", "count", "total", "no", "n"];
        let words = name_words(name);
        if !words.iter().any(|w| COUNTING.contains(&w.as_str())) {
            return None;
        }
        let stems: Vec<String> = words
            .iter()
            .filter(|w| w.len() >= 3 && !COUNTING.contains(&w.as_str()) && !is_stopword(w))
            .map(|w| w.chars().take(4).collect())
            .collect();
        let said: Vec<&str> = self
            .lower
            .split(|c: char| !c.is_alphanumeric() && c != '.')
            .map(|w| w.trim_end_matches('.'))
            .filter(|w| !w.is_empty())
            .collect();
        said.iter().enumerate().find_map(|(k, w)| {
            let n = number_word(w).or_else(|| w.parse::<f64>().ok())?;
            let counts = said[k + 1..]
                .iter()
                .take(2)
                .any(|next| stems.iter().any(|s| next.starts_with(s.as_str())));
            counts.then(|| vec![n])
        })
    }

    /// A number the request states by an idiom rather than a numeral: an initial velocity or
    /// speed of an object "dropped" or starting "from rest" is 0.
    pub fn idiom_number(&self, name: &str) -> Option<Vec<f64>> {
        let words = name_words(name);
        let initial_motion = words.iter().any(|w| w == "initial")
            && words.iter().any(|w| w == "velocity" || w == "speed");
        let at_rest = ["from rest", "at rest", "dropped"]
            .iter()
            .any(|p| self.after_phrase(p).is_some());
        (initial_motion && at_rest).then(|| vec![0.0])
    }

    /// The request's text after the first whole-word occurrence of `phrase`.
    fn after_phrase(&self, phrase: &str) -> Option<&str> {
        if phrase.is_empty() {
            return None;
        }
        let haystack = self.lower.as_str();
        let mut from = 0;
        while let Some(found) = haystack.get(from..).and_then(|h| h.find(phrase)) {
            let start = from + found;
            let end = start + phrase.len();
            let before = haystack[..start].chars().next_back();
            let after = haystack[end..].chars().next();
            let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
            if boundary(before) && boundary(after) {
                return haystack.get(end..);
            }
            from = end;
        }
        None
    }

    /// Whether the request mentions `value` as a word or phrase (case-insensitive).
    pub fn mentions(&self, value: &str) -> bool {
        self.after_phrase(&value.trim().to_lowercase()).is_some()
    }

    /// Whether the request mentions `value` other than within four words after a negation
    /// ("exclude any that are completed" does not ask for `completed`).
    pub fn mentions_affirmed(&self, value: &str) -> bool {
        let phrase = value.trim().to_lowercase();
        let Some(tail) = self.after_phrase(&phrase) else {
            return false;
        };
        let start = self.lower.len() - tail.len() - phrase.len();
        let before: Vec<&str> = self.lower[..start]
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        !follows_negation(&before)
    }

    /// The person the request names in `role`: a capitalized name right after a word that
    /// gives the role ("directed by Guillermo del Toro", "featuring Josef Sommer", "songs by
    /// Ariana Grande") or right before one ("Bill Murray in the cast", "a big Taylor Swift
    /// fan"). A name after a bare "with" needs two words: "with Bill Murray", not "with Subtitles".
    pub fn person_in_role(&self, role: PersonRole) -> Option<String> {
        // Each word as written (quotes and punctuation trimmed), and whether punctuation ends it.
        let words: Vec<(String, bool)> = self
            .text
            .split_whitespace()
            .map(|raw| {
                let quoted = raw.starts_with(['\'', '"', '`']);
                let core =
                    raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-');
                let core = core.trim_matches(['\'', '-']);
                let core = core.strip_suffix("'s").unwrap_or(core);
                // A quoted word is a title's, never a name's: mark it so no run starts there.
                let word = if quoted {
                    core.to_lowercase()
                } else {
                    core.to_string()
                };
                let ends = raw.ends_with(|c: char| ",.;:!?)\"'`".contains(c));
                (word, ends)
            })
            .collect();
        let lower: Vec<String> = words.iter().map(|w| w.0.to_lowercase()).collect();
        for (start, end, name) in person_names(&words) {
            let fits = ROLE_CUES.iter().any(|(cue_role, before, after)| {
                if *cue_role != role {
                    return false;
                }
                // The request's words over `range` are exactly `cue`.
                let says = |range: std::ops::Range<usize>, cue: &[&str]| {
                    lower
                        .get(range)
                        .is_some_and(|said| said.iter().map(String::as_str).eq(cue.iter().copied()))
                };
                let before_fits = !before.is_empty()
                    && start >= before.len()
                    && says(start - before.len()..start, before)
                    // "directed by X" is a director, not the artist "by X".
                    && !(role == PersonRole::Artist
                        && before == &["by"]
                        && start >= 2
                        && ["directed", "written", "produced"].contains(&lower[start - 2].as_str()))
                    && (before != &["with"] || end - start >= 2)
                    && !words[start - 1].1;
                let after_fits =
                    !after.is_empty() && !words[end - 1].1 && says(end..end + after.len(), after);
                before_fits || after_fits
            });
            if fits {
                return Some(name);
            }
        }
        None
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

/// The part a person plays that a property asks for, read from its name (`cast`, `starring`,
/// `directed_by`, `artist`) or its description ("the main actor").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonRole {
    Performer,
    Director,
    Artist,
}

/// The person a property names, if it names one (see [`PersonRole`]).
pub fn person_role(property: &str, description: &str) -> Option<PersonRole> {
    let words = name_words(property);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    if has(&["director", "directed", "directors"]) {
        return Some(PersonRole::Director);
    }
    if has(&[
        "cast", "starring", "actor", "actors", "actress", "star", "stars",
    ]) {
        return Some(PersonRole::Performer);
    }
    if has(&[
        "artist",
        "artists",
        "band",
        "singer",
        "performer",
        "musician",
    ]) {
        return Some(PersonRole::Artist);
    }
    let description = description.to_lowercase();
    (words
        .iter()
        .any(|w| w == "name" || w == "person" || w == "lead")
        && (description.contains("actor") || description.contains("actress")))
    .then_some(PersonRole::Performer)
}

/// Words that put the name right after them in a role ("directed by Wes Anderson",
/// "featuring Josef Sommer"), and those that do so right before it ("Bill Murray in the cast").
const ROLE_CUES: &[(PersonRole, &[&str], &[&str])] = &[
    (PersonRole::Director, &["directed", "by"], &[]),
    (PersonRole::Director, &["by", "director"], &[]),
    (PersonRole::Director, &["director"], &[]),
    (PersonRole::Director, &[], &["as", "the", "director"]),
    (PersonRole::Director, &[], &["as", "director"]),
    (PersonRole::Performer, &["starring"], &[]),
    (PersonRole::Performer, &["featuring"], &[]),
    (PersonRole::Performer, &["feature"], &[]),
    (PersonRole::Performer, &["features"], &[]),
    (PersonRole::Performer, &["featured"], &[]),
    (PersonRole::Performer, &["stars"], &[]),
    (PersonRole::Performer, &["showcasing"], &[]),
    (PersonRole::Performer, &["acted", "by"], &[]),
    (PersonRole::Performer, &["actor"], &[]),
    (PersonRole::Performer, &["actress"], &[]),
    (PersonRole::Performer, &["with"], &[]),
    (PersonRole::Performer, &[], &["in", "the", "cast"]),
    (
        PersonRole::Performer,
        &[],
        &["as", "part", "of", "the", "cast"],
    ),
    (PersonRole::Performer, &[], &["in", "it"]),
    (PersonRole::Performer, &[], &["in", "the", "lead"]),
    (PersonRole::Performer, &[], &["as", "an", "actor"]),
    (PersonRole::Performer, &[], &["as", "the", "lead"]),
    (PersonRole::Performer, &[], &["starring"]),
    (PersonRole::Performer, &[], &["acts"]),
    (PersonRole::Artist, &["by"], &[]),
    (PersonRole::Artist, &["from", "the"], &[]),
    (PersonRole::Artist, &["artist"], &[]),
    (PersonRole::Artist, &["band"], &[]),
    (PersonRole::Artist, &["singer"], &[]),
    (PersonRole::Artist, &[], &["fan"]),
];

/// Lower-case name particles kept inside a name ("Guillermo del Toro", "Gregory La Cava").
const NAME_PARTICLES: &[&str] = &[
    "del", "de", "la", "le", "van", "von", "der", "da", "di", "du",
];

/// Capitalized words that make a run a title or a kind of thing rather than a person.
const NOT_NAMES: &[&str] = &[
    "genre",
    "movie",
    "movies",
    "film",
    "films",
    "music",
    "song",
    "songs",
    "album",
    "theater",
    "theatre",
    "restaurant",
    "hotel",
    "series",
    "show",
];

/// People a request names: runs of one to four capitalized words (particles inside), each as
/// (first word's index, index past its last, the name), over the request's words.
fn person_names(words: &[(String, bool)]) -> Vec<(usize, usize, String)> {
    let capitalized = |w: &str| {
        w.chars().next().is_some_and(char::is_uppercase)
            && !is_stopword(w)
            && !NOT_NAMES.contains(&w.to_lowercase().as_str())
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < words.len() {
        if !capitalized(&words[k].0) {
            k += 1;
            continue;
        }
        let start = k;
        let mut end = k + 1;
        while end < words.len() && end - start < 4 && !words[end - 1].1 {
            let next = &words[end].0;
            if capitalized(next) {
                end += 1;
            } else if NAME_PARTICLES.contains(&next.as_str())
                && words.get(end + 1).is_some_and(|w| capitalized(&w.0))
                && !words[end].1
            {
                end += 2;
            } else {
                break;
            }
        }
        // A run that goes on past four words is a title, not a name; one followed by a kind of
        // thing names that kind ("the Electropop genre").
        let title = end < words.len()
            && !words[end - 1].1
            && (capitalized(&words[end].0)
                || NOT_NAMES.contains(&words[end].0.to_lowercase().as_str()));
        if !title {
            let name: Vec<&str> = words[start..end].iter().map(|w| w.0.as_str()).collect();
            out.push((start, end, name.join(" ")));
        }
        k = end;
    }
    out
}

/// Numbers in the text, every reading of each (see [`number_readings`]); and the number
/// words one to twelve.
fn numbers(text: &str, readings: &[(usize, Vec<f64>)]) -> Vec<f64> {
    let mut out: Vec<f64> = readings
        .iter()
        .flat_map(|(_, readings)| readings.iter().copied())
        .collect();
    for word in words(text) {
        if let Some(n) = number_word(word) {
            out.push(n);
        }
    }
    out
}

/// The number words zero to twelve.
fn number_word(word: &str) -> Option<f64> {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .iter()
        .position(|w| word.eq_ignore_ascii_case(w))
        .map(|n| n as f64)
}

/// Each number written in the text, as (byte offset, readings): digits with optional
/// thousands separators and a fraction, as written; times a `k`/`M`/`B` suffix or a
/// "thousand"/"million"/"billion" after it; and over 100 when a `%` follows.
fn number_readings(text: &str) -> Vec<(usize, Vec<f64>)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let at = |k: usize| chars.get(k).map(|(_, c)| *c);
    let digit = |k: usize| at(k).is_some_and(|c| c.is_ascii_digit());
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].1;
        let negative = c == '-'
            && digit(i + 1)
            && (i == 0 || at(i - 1).is_some_and(|p| p.is_whitespace() || "(=[:,".contains(p)));
        if !c.is_ascii_digit() && !negative {
            i += 1;
            continue;
        }
        // Glued to a word ("mp3", "v2") is part of a name, not a number.
        if i > 0 && at(i - 1).is_some_and(char::is_alphabetic) {
            while at(i).is_some_and(char::is_alphanumeric) {
                i += 1;
            }
            continue;
        }
        let start = i;
        // In `[200,300]` or `f(1,500)` commas separate items, not thousands.
        let in_prose = i == 0 || at(i - 1).is_some_and(|p| !"[(,".contains(p));
        let mut digits = String::new();
        if negative {
            digits.push('-');
            i += 1;
        }
        while let Some(d) = at(i) {
            if d.is_ascii_digit() {
                digits.push(d);
            } else if d == ','
                && in_prose
                && digit(i + 1)
                && digit(i + 2)
                && digit(i + 3)
                && !digit(i + 4)
            {
                // A thousands separator: exactly three digits follow (not in a list).
            } else if d == '.' && digit(i + 1) {
                digits.push('.');
            } else {
                break;
            }
            i += 1;
        }
        let Ok(value) = digits.parse::<f64>() else {
            i = i.max(start + 1);
            continue;
        };
        let mut readings = vec![value];
        let rest: String = chars[i.min(chars.len())..]
            .iter()
            .take(12)
            .map(|(_, c)| *c)
            .collect();
        let rest = rest.to_lowercase();
        let glued =
            |suffix: char| at(i) == Some(suffix) && at(i + 1).is_none_or(|c| !c.is_alphanumeric());
        let scale = if glued('k') || glued('K') || rest.starts_with(" thousand") {
            1e3
        } else if glued('M') || rest.starts_with(" million") || rest.starts_with("m ") {
            1e6
        } else if glued('B') || rest.starts_with(" billion") {
            1e9
        } else {
            1.0
        };
        if scale != 1.0 {
            // "100 million" means the large number: the bare 100 is not offered.
            readings = vec![(value * scale).round()];
        }
        if rest.starts_with('%') || rest.starts_with(" %") || rest.starts_with(" percent") {
            readings.push(value / 100.0);
        }
        out.push((chars[start].0, readings));
        i = i.max(start + 1);
    }
    out
}

/// Dates written with a month name, a day and a year near each other ("April 4th, 2023", "the
/// 12th of March 2023"), as `M/D/YYYY`, or year first (`2023.10.1`, `2023-4-15`, `2023/08/16`),
/// in ISO form and in the order written. A date written without its year ("until April 8th")
/// takes the year the request writes elsewhere when it writes exactly one; otherwise it is left
/// out, as the year would be a guess.
fn dates(text: &str) -> Vec<String> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let tokens: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|t| {
            t.trim_matches(|c: char| !c.is_alphanumeric() && c != '/')
                .to_lowercase()
        })
        .filter(|t| !t.is_empty())
        .collect();
    let day_of = |t: &str| -> Option<u32> {
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let rest = &t[digits.len()..];
        let day = digits.parse::<u32>().ok()?;
        ((1..=31).contains(&day) && matches!(rest, "" | "st" | "nd" | "rd" | "th")).then_some(day)
    };
    let year_of = |t: &str| -> Option<u32> {
        let year = t.parse::<u32>().ok()?;
        (t.len() == 4 && (1900..=2100).contains(&year)).then_some(year)
    };
    let month_of = |t: &str| t.parse::<u32>().ok().filter(|m| (1..=12).contains(m));
    // `M/D/YYYY`, or year first with `.`, `-` or `/` between the parts.
    let numeric = |t: &str| -> Option<(u32, u32, u32)> {
        if let [m, d, y] = t.split('/').collect::<Vec<_>>().as_slice()
            && let (Some(m), Some(d), Some(y)) = (month_of(m), day_of(d), year_of(y))
        {
            return Some((y, m, d));
        }
        let parts: Vec<&str> = t.split(['.', '-', '/']).collect();
        match parts.as_slice() {
            [y, m, d] => Some((year_of(y)?, month_of(m)?, day_of(d)?)),
            _ => None,
        }
    };
    // The years the request writes, alone or in a numeric date.
    let mut years: Vec<u32> = tokens
        .iter()
        .filter_map(|t| year_of(t).or_else(|| numeric(t).map(|(y, _, _)| y)))
        .collect();
    years.sort_unstable();
    years.dedup();
    let only_year = match years.as_slice() {
        [year] => Some(*year),
        _ => None,
    };
    // Each date written, with the index of the token that starts it.
    let mut written: Vec<(usize, NaiveDate)> = Vec::new();
    let mut push = |k: usize, y: u32, m: u32, d: u32| {
        if let Some(date) = calendar_date(y, m, d) {
            written.push((k, date));
        }
    };
    // A month written with its year but no day ("march 2023"): the month a bare "the 10th" is in.
    let mut month_of_year: Option<(u32, u32)> = None;
    for (k, token) in tokens.iter().enumerate() {
        if let Some((y, m, d)) = numeric(token) {
            push(k, y, m, d);
            continue;
        }
        let Some(month) = MONTHS
            .iter()
            .position(|m| token.starts_with(m) && token.len() <= 9)
        else {
            continue;
        };
        let near = |offset: isize| {
            k.checked_add_signed(offset)
                .and_then(|i| tokens.get(i))
                .map(String::as_str)
        };
        // "April 4th 2023", "4 April 2023", "2023 April 4th", "the 12th of March".
        let day = near(1)
            .and_then(day_of)
            .or_else(|| near(-1).and_then(day_of))
            .or_else(|| {
                (near(-1) == Some("of"))
                    .then(|| near(-2).and_then(day_of))
                    .flatten()
            });
        let year = [2, 1, -1, -2, 3]
            .iter()
            .find_map(|&o| near(o).and_then(year_of))
            .or(only_year);
        match (day, year) {
            (Some(day), Some(year)) => push(k, year, month as u32 + 1, day),
            (None, _) => {
                if let Some(year) = near(1).and_then(year_of).or(near(-1).and_then(year_of)) {
                    month_of_year.get_or_insert((year, month as u32 + 1));
                }
            }
            _ => {}
        }
    }
    relative_dates(&tokens, &mut written, month_of_year, day_of);
    written.sort_by_key(|(k, _)| *k);
    let mut out: Vec<String> = Vec::new();
    for (_, date) in written {
        let date = date.format("%Y-%m-%d").to_string();
        if !out.contains(&date) {
            out.push(date);
        }
    }
    out
}

/// The calendar date `y-m-d`, when there is one (not February 30th).
fn calendar_date(y: u32, m: u32, d: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)
}

/// Dates a request gives relative to the day it says it is ("today is Monday April 25th 2023"
/// — the anchor): "tomorrow", "today", "the upcoming Wednesday" (counted from the weekday the
/// request names for today, when it names one), "the 12th" (in the anchor's month, or in a
/// month written with its year). The anchor itself is dropped from `written` when the request
/// gives a date relative to it: it says when the request was written, not what it asks for.
/// "Next Monday" is left alone: people mean this week's or next week's by it.
fn relative_dates(
    tokens: &[String],
    written: &mut Vec<(usize, NaiveDate)>,
    month_of_year: Option<(u32, u32)>,
    day_of: impl Fn(&str) -> Option<u32>,
) {
    const WEEKDAYS: [&str; 7] = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    let weekday_of = |t: &str| WEEKDAYS.iter().position(|w| *w == t);
    // "today is [weekday] DATE [weekday]": the date within five tokens after "today".
    let mut anchor: Option<(usize, usize, NaiveDate)> = None;
    for (j, token) in tokens.iter().enumerate() {
        if !matches!(token.as_str(), "today" | "today's") {
            continue;
        }
        if let Some(&(k, date)) = written.iter().find(|(k, _)| *k > j && *k <= j + 5) {
            anchor = Some((j, k, date));
            break;
        }
    }
    let mut relative: Vec<(usize, NaiveDate)> = Vec::new();
    if let Some((j, k, today)) = anchor {
        // The clause that states the anchor: "today is monday 2023-10-1 monday".
        let clause_end = (k + 4).min(tokens.len());
        let in_clause = |i: usize| (j..clause_end).contains(&i);
        let stated_weekday = (j + 1..clause_end)
            .find_map(|i| weekday_of(&tokens[i]))
            .unwrap_or_else(|| today.weekday().num_days_from_monday() as usize);
        for (i, token) in tokens.iter().enumerate() {
            if in_clause(i) {
                continue;
            }
            let previous = i.checked_sub(1).map(|p| tokens[p].as_str());
            let days = match token.as_str() {
                "today" | "tonight" => Some(0),
                "tomorrow" if previous == Some("after") => Some(2),
                "tomorrow" => Some(1),
                word => weekday_of(word)
                    .filter(|_| matches!(previous, Some("upcoming" | "coming")))
                    .map(|target| (target + 7 - stated_weekday - 1) % 7 + 1),
            };
            if let Some(days) = days {
                relative.push((i, today + chrono::Days::new(days as u64)));
            }
        }
    }
    // "the 10th": a day of the anchor's month (or the next, when it has passed) or of the month
    // written with its year.
    let month = anchor
        .map(|(_, _, d)| (d.year() as u32, d.month(), d.day()))
        .or(month_of_year.map(|(y, m)| (y, m, 0)));
    if let Some((year, month, today)) = month {
        for (i, token) in tokens.iter().enumerate() {
            let Some(day) = (i > 0 && tokens[i - 1] == "the" && token.parse::<u32>().is_err())
                .then(|| day_of(token))
                .flatten()
            else {
                continue;
            };
            // A day written with its month is a whole date already.
            if written.iter().any(|(k, _)| k.abs_diff(i) <= 2) {
                continue;
            }
            let (y, m) = match day < today {
                true if month == 12 => (year + 1, 1),
                true => (year, month + 1),
                false => (year, month),
            };
            if let Some(date) = calendar_date(y, m, day) {
                relative.push((i, date));
            }
        }
    }
    if !relative.is_empty() {
        if let Some((_, k, _)) = anchor {
            written.retain(|(i, _)| *i != k);
        }
        written.extend(relative);
    }
}

/// Clock times, as 24-hour `HH:MM`: `10:00 AM`, `2pm`, `9 a.m.`, `12 PM` (noon), `13:45`. A bare
/// number is not a time, nor are digits inside a longer run (`3.5:1`, a date's parts).
fn times(text: &str) -> Vec<String> {
    let Ok(pattern) =
        regex::Regex::new(r"(?i)(?:^|[^\d:.])(\d{1,2})(?::([0-5]\d))?(?:\s?([ap])\.?m\b\.?)?")
    else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for found in pattern.captures_iter(text) {
        let (Some(hour), minutes, half) = (found.get(1), found.get(2), found.get(3)) else {
            continue;
        };
        let end = found.get(0).map_or(0, |m| m.end());
        // `13:45` must not run on into more digits (`13:45.5`, `13:456`); a full stop or a
        // question mark after it ends a sentence.
        let after = &text[end..];
        let runs_on = |c: char| c.is_ascii_digit();
        if after.starts_with(runs_on)
            || (after.starts_with(['.', ':']) && after[1..].starts_with(runs_on))
        {
            continue;
        }
        // "4:30 in the afternoon", "10 in the morning": the half of the day in words.
        let said = after.trim_start().to_lowercase();
        let half_in_words = if said.starts_with("in the morning") {
            Some("a")
        } else if ["in the afternoon", "in the evening", "at night", "tonight"]
            .iter()
            .any(|w| said.starts_with(w))
        {
            Some("p")
        } else {
            None
        };
        let Ok(mut hour) = hour.as_str().parse::<u32>() else {
            continue;
        };
        let minutes = minutes.map_or(0, |m| m.as_str().parse::<u32>().unwrap_or(0));
        let half = half
            .map(|h| h.as_str().to_ascii_lowercase())
            .or(half_in_words.map(str::to_string));
        match half {
            Some(h) => {
                if !(1..=12).contains(&hour) {
                    continue;
                }
                hour = match (h.as_str(), hour) {
                    ("a", 12) => 0,
                    ("p", h) if h < 12 => h + 12,
                    (_, h) => h,
                };
            }
            None if found.get(2).is_none() || hour > 23 => continue,
            None => {}
        }
        let time = format!("{hour:02}:{minutes:02}");
        if !out.contains(&time) {
            out.push(time);
        }
    }
    out
}

/// Words that end a listed item besides the stopwords: "between John and Alice" lists John.
const ITEM_BOUNDARIES: &[&str] = &[
    "between",
    "near",
    "like",
    "such",
    "including",
    "via",
    "per",
    "after",
    "before",
    "during",
    "over",
    "under",
    "without",
    "within",
    "across",
    "against",
    "among",
    "through",
    "versus",
    "vs",
    "am",
    "being",
    "been",
    "has",
    "have",
    "had",
    "which",
    "while",
    "named",
    "called",
];

/// Most words of one listed item.
const MAX_ITEM_WORDS: usize = 3;

/// Things the text lists: runs of words joined by commas, "and" or "or" (`C, F and G`,
/// `efficient, organized, easy going and compassionate`, `John and Alice`). An item inside a
/// list is one to three words with no stopword; the first item is the words just before the
/// first joint and the last one the words just after the last, each cut at a stopword, and
/// each reading of how many of those words belong to the item is a list of its own (at most
/// nine per list). Items keep their case.
fn enumerations(text: &str) -> Vec<Vec<String>> {
    let boundary = |w: &str| is_stopword(w) || ITEM_BOUNDARIES.contains(&w.to_lowercase().as_str());
    let mut out: Vec<Vec<String>> = Vec::new();
    for segment in list_segments(text) {
        // Runs of words between joints.
        let mut runs: Vec<Vec<&str>> = vec![Vec::new()];
        for token in segment {
            let joint = token == ","
                || token.eq_ignore_ascii_case("and")
                || token.eq_ignore_ascii_case("or");
            if !joint {
                if let Some(run) = runs.last_mut() {
                    run.push(token);
                }
            } else if runs.last().is_some_and(|r| !r.is_empty()) {
                runs.push(Vec::new());
            }
        }
        runs.retain(|r| !r.is_empty());
        let middle = |run: &[&str]| run.len() <= MAX_ITEM_WORDS && !run.iter().any(|w| boundary(w));
        let tails = |run: &[&str]| -> Vec<String> {
            let free = run.iter().rev().take_while(|w| !boundary(w)).count();
            (1..=free.min(MAX_ITEM_WORDS))
                .map(|n| run[run.len() - n..].join(" "))
                .collect()
        };
        let heads = |run: &[&str]| -> Vec<String> {
            let free = run.iter().take_while(|w| !boundary(w)).count();
            (1..=free.min(MAX_ITEM_WORDS))
                .map(|n| run[..n].join(" "))
                .collect()
        };
        let mut start = 0;
        while start + 1 < runs.len() {
            let mut end = start + 1;
            while end + 1 < runs.len() && middle(&runs[end]) {
                end += 1;
            }
            let inner: Vec<String> = runs[start + 1..end].iter().map(|r| r.join(" ")).collect();
            for first in tails(&runs[start]) {
                for last in heads(&runs[end]) {
                    let mut list = vec![first.clone()];
                    list.extend(inner.iter().cloned());
                    list.push(last);
                    if !out.contains(&list) {
                        out.push(list);
                    }
                }
            }
            start = end;
        }
    }
    out
}

/// The text cut at every punctuation mark but the comma, each piece as its words and commas.
/// A word keeps inner punctuation (`Pet-friendly`, `10.5`, `R&B`, `dataset_B`).
fn list_segments(text: &str) -> Vec<Vec<&str>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let inner = |k: usize| {
        let (before, after) = (
            k.checked_sub(1).and_then(|j| chars.get(j)),
            chars.get(k + 1),
        );
        before.is_some_and(|(_, c)| c.is_alphanumeric())
            && after.is_some_and(|(_, c)| c.is_alphanumeric())
    };
    let mut segments: Vec<Vec<&str>> = vec![Vec::new()];
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        let sign = c == '-' && chars.get(k + 1).is_some_and(|(_, d)| d.is_ascii_digit());
        if c.is_alphanumeric() || c == '_' || sign {
            let start = at;
            k += usize::from(sign);
            while k < chars.len() {
                let c = chars[k].1;
                if c.is_alphanumeric() || c == '_' || ("-'./&+#".contains(c) && inner(k)) {
                    k += 1;
                } else {
                    break;
                }
            }
            let end = chars.get(k).map_or(text.len(), |(i, _)| *i);
            if let Some(segment) = segments.last_mut() {
                segment.push(&text[start..end]);
            }
            continue;
        }
        if c == ',' {
            if let Some(segment) = segments.last_mut() {
                segment.push(&text[at..at + 1]);
            }
        } else if !c.is_whitespace() && segments.last().is_some_and(|s| !s.is_empty()) {
            segments.push(Vec::new());
        }
        k += 1;
    }
    segments.retain(|s| !s.is_empty());
    segments
}

/// The lists of numbers among `enumerations` (`12, 24, 36`): each one's longest run of
/// leading items that are numbers, when it has two or more.
fn prose_number_lists(enumerations: &[Vec<String>]) -> Vec<Vec<f64>> {
    let mut out: Vec<Vec<f64>> = Vec::new();
    for list in enumerations {
        let numbers: Vec<f64> = list.iter().map_while(|i| i.parse::<f64>().ok()).collect();
        if numbers.len() >= 2 && !out.contains(&numbers) {
            out.push(numbers);
        }
    }
    out
}

/// `City, Region` places: a run of capitalized words (after a house number, if any), then one
/// to three more runs after commas (`Quintana Roo, Mexico`, `2020 Addison Street, Berkeley,
/// CA, USA`). The whole written place comes first, then its first two parts.
fn places(text: &str) -> Vec<String> {
    let Ok(pattern) = regex::Regex::new(
        r"\b(?:\d+\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3}(?:,\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2}){1,3}\b",
    ) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for found in pattern.find_iter(text) {
        // A part that is a stopword ("Riga, Latvia, Can you…") ends the place before it.
        let parts: Vec<&str> = found
            .as_str()
            .split(',')
            .map(str::trim)
            // A state's two capitals are its code, not the word (`Portland, OR`, `Bangor, ME`).
            .take_while(|p| {
                let code = p.len() == 2 && p.chars().all(|c| c.is_ascii_uppercase());
                code || !is_stopword(p)
            })
            .collect();
        if parts.len() < 2 {
            continue;
        }
        let mut readings = vec![parts.join(", ")];
        if parts.len() > 2 {
            readings.push(parts[..2].join(", "));
        }
        for place in readings {
            if !out.contains(&place) {
                out.push(place);
            }
        }
    }
    out
}

include!(concat!(env!("OUT_DIR"), "/us_city_states.rs"));

/// The state (two letters) of a US city by its name, when the name is that of a city mainly in
/// one state (see `models/build.rs`).
pub fn us_city_state(city: &str) -> Option<&'static str> {
    let key = city.to_lowercase();
    US_CITY_STATES
        .binary_search_by(|(name, _)| (*name).cmp(key.as_str()))
        .ok()
        .and_then(|i| US_CITY_STATES.get(i))
        .map(|(_, state)| *state)
}

/// US cities the request names without their state, as `City, ST` (`in Berkeley` →
/// `Berkeley, CA`; `New York City` → `New York, NY`): runs of capitalized words, the longest
/// known name first. A city already followed by its region (`Portland, OR`) is a place as
/// written, not one of these.
fn us_places(text: &str) -> Vec<String> {
    let Ok(pattern) = regex::Regex::new(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3}") else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for found in pattern.find_iter(text) {
        let rest = &text[found.end()..];
        if rest.starts_with(", ") && rest[2..].starts_with(|c: char| c.is_uppercase()) {
            continue;
        }
        let words: Vec<&str> = found
            .as_str()
            .split_whitespace()
            .map(|w| w.trim_end_matches(['.', '\'']))
            .collect();
        // The run's words from its first, longest first, and a trailing "City" dropped: a city
        // begins a run of capitalized words ("Berkeley California") but does not hide inside
        // one ("Regal Crow Canyon" is a cinema, not Canyon, TX).
        let found = (1..=words.len()).rev().find_map(|len| {
            let run = words.get(..len)?;
            let name = run.join(" ");
            if is_stopword(&name) {
                return None;
            }
            if let Some(state) = us_city_state(&name) {
                return Some(format!("{name}, {state}"));
            }
            let shorter = run
                .strip_suffix(&["City"])
                .filter(|r| !r.is_empty())?
                .join(" ");
            us_city_state(&shorter).map(|state| format!("{shorter}, {state}"))
        });
        if let Some(place) = found
            && !out.contains(&place)
        {
            out.push(place);
        }
    }
    out
}

/// Lists of two or more numbers between brackets or parentheses.
fn number_lists(text: &str) -> Vec<Vec<f64>> {
    let mut out: Vec<Vec<f64>> = Vec::new();
    for (open, close) in [('[', ']'), ('(', ')')] {
        let mut rest = text;
        while let Some(start) = rest.find(open) {
            let after = &rest[start + 1..];
            let Some(end) = after.find(close) else {
                break;
            };
            let inside = &after[..end];
            let items: Vec<&str> = inside
                .split(',')
                .map(|s| s.trim().trim_start_matches("e.g.").trim())
                .collect();
            let parsed: Option<Vec<f64>> = items.iter().map(|s| s.parse::<f64>().ok()).collect();
            if let Some(list) = parsed.filter(|l| l.len() >= 2)
                && !out.contains(&list)
            {
                out.push(list);
            }
            rest = &after[end..];
        }
    }
    out
}

/// The words of a property name: `trait_count` → [trait, count], `directFlight` → [direct,
/// flight], lower case.
pub(crate) fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Languages and formats a request names by word, with their files' extension.
const FILE_KINDS: &[(&str, &str)] = &[
    ("python", "py"),
    ("rust", "rs"),
    ("javascript", "js"),
    ("typescript", "ts"),
    ("java", "java"),
    ("markdown", "md"),
    ("json", "json"),
    ("toml", "toml"),
    ("yaml", "yaml"),
    ("csv", "csv"),
    ("shell", "sh"),
    ("html", "html"),
    ("css", "css"),
    ("text", "txt"),
];

/// File globs a request asks for (see [`RequestValues::globs`]).
fn globs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let w = word.trim_matches(|c: char| "\"'`(),;:?!".contains(c));
        let w = w.strip_suffix('.').unwrap_or(w);
        if w.contains('*') && !out.iter().any(|o| o == w) {
            out.push(w.to_string());
        }
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '.')
        .filter(|w| !w.is_empty())
        .collect();
    for (k, word) in words.iter().enumerate() {
        let filey = words.get(k + 1).is_some_and(|n| {
            matches!(
                *n,
                "file" | "files" | "source" | "sources" | "code" | "scripts" | "modules"
            )
        });
        let ext = FILE_KINDS
            .iter()
            .find(|(name, _)| name == word)
            .map(|(_, ext)| *ext)
            .or_else(|| {
                word.strip_prefix('.')
                    .filter(|e| !e.is_empty() && e.chars().all(char::is_alphanumeric))
            });
        if let Some(ext) = ext.filter(|_| filey) {
            let glob = format!("**/*.{ext}");
            if !out.contains(&glob) {
                out.push(glob);
            }
        }
        // "Python test files": the test files' own names, before every file of the kind.
        let test_files = words
            .get(k + 1)
            .is_some_and(|n| matches!(*n, "test" | "tests"))
            && words
                .get(k + 2)
                .is_some_and(|n| matches!(*n, "file" | "files" | "modules" | "scripts"));
        if let Some(ext) = ext.filter(|_| test_files) {
            let glob = if ext == "py" {
                "**/test_*.py".to_string()
            } else {
                format!("**/*test*.{ext}")
            };
            if !out.contains(&glob) {
                out.insert(0, glob);
            }
        }
    }
    out
}

/// Functions an expression may call by name (a calculator's usual set).
const EXPRESSION_FUNCTIONS: &[&str] = &[
    "sqrt", "abs", "min", "max", "floor", "ceil", "round", "ln", "log", "exp", "sin", "cos", "tan",
    "pow",
];

/// The arithmetic a request gives, longest first: written in symbols (`17 * 23 + 4`), or said
/// in words ("48 times 37, minus 125") and read as if written in symbols. What
/// [`RequestValues::expressions`] holds, for callers that need nothing else of the request.
pub fn request_expressions(request: &str) -> Vec<String> {
    let mut found = expressions(request);
    if let Some(spoken) = tact_runtime::tools::calc::spoken_arithmetic(request) {
        for e in expressions(&spoken) {
            if !found.contains(&e) {
                found.push(e);
            }
        }
        found.sort_by_key(|e| std::cmp::Reverse(e.len()));
    }
    found
}

/// Arithmetic written out in the text: maximal runs of numbers, operators, parentheses and
/// function calls holding at least one operator or call, longest first. "X% of Y" (or "X
/// percent of Y") is written as `X * Y / 100`, the arithmetic it means, multiplied first so a
/// whole result stays whole (`17.5 / 100 * 2640` is 461.99999999999994 in floats, everyday4's
/// calc-percent-3).
fn expressions(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |e: String| {
        if !out.contains(&e) {
            out.push(e);
        }
    };
    let percent =
        regex::Regex::new(r"(?i)(-?\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(-?\d+(?:\.\d+)?)");
    if let Ok(percent) = percent {
        for c in percent.captures_iter(text) {
            push(format!("{} * {} / 100", &c[1], &c[2]));
        }
    }
    // Dates, phone numbers and ranges are not sums: `2023-05-15`, `555-1234`, `4/8/2023`.
    let date_like = regex::Regex::new(r"^\d+(?:-\d+)+$|^\d+(?:/\d+){2,}$");
    let bytes: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < bytes.len() {
        let Some(end) = expression_run(&bytes, k) else {
            k += 1;
            continue;
        };
        let run: String = bytes[k..end].iter().collect();
        let run = run.trim().to_string();
        let has_digit = run.chars().any(|c| c.is_ascii_digit());
        let has_operator = run.chars().skip(1).any(|c| "+-*/^%".contains(c))
            || EXPRESSION_FUNCTIONS
                .iter()
                .any(|f| run.starts_with(&format!("{f}(")) || run.contains(&format!(" {f}(")));
        let balanced =
            run.chars().filter(|&c| c == '(').count() == run.chars().filter(|&c| c == ')').count();
        let date_like = date_like.as_ref().is_ok_and(|r| r.is_match(&run));
        if has_digit && has_operator && balanced && !date_like {
            push(run);
        }
        k = end.max(k + 1);
    }
    out.sort_by_key(|e| std::cmp::Reverse(e.len()));
    out
}

/// The end of the arithmetic run starting at `start`, if one starts there: a number, a
/// function name followed by `(`, an opening parenthesis or a sign; the run goes on through
/// numbers, operators, parentheses, spaces and function calls, and does not end on an
/// operator or a space.
fn expression_run(chars: &[char], start: usize) -> Option<usize> {
    let at_word_start = start == 0 || !chars[start - 1].is_alphanumeric();
    if !at_word_start {
        return None;
    }
    let function_at = |k: usize| {
        EXPRESSION_FUNCTIONS.iter().find_map(|f| {
            let n = f.chars().count();
            let name: String = chars.get(k..k + n)?.iter().collect();
            (name.eq_ignore_ascii_case(f) && chars.get(k + n) == Some(&'(')).then_some(n)
        })
    };
    let first = *chars.get(start)?;
    if !(first.is_ascii_digit() || first == '(' || first == '-' || function_at(start).is_some()) {
        return None;
    }
    let mut k = start;
    let mut last_good = None;
    while k < chars.len() {
        let c = chars[k];
        if let Some(n) = function_at(k).filter(|_| k == 0 || !chars[k - 1].is_alphanumeric()) {
            k += n;
            continue;
        }
        if c.is_ascii_digit() || c == ')' {
            k += 1;
            last_good = Some(k);
        } else if c == '.' && chars.get(k + 1).is_some_and(char::is_ascii_digit) {
            k += 1;
        } else if c == '%' && !chars.get(k + 1).is_some_and(|n| n.is_ascii_digit()) {
            // `15%` read alone is a percentage, not the remainder operator: the run ends.
            break;
        } else if "+-*/^%(,".contains(c) || c == ' ' {
            k += 1;
        } else {
            break;
        }
    }
    last_good
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
        // A small bare number is an argument's number, not its text.
        let small_number = s.len() <= 3 && s.chars().all(|c| c.is_ascii_digit());
        if !s.is_empty() && !small_number && s.len() <= 200 && !out.iter().any(|o| o == s) {
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

/// The shape of a string of a common `format`, as a whole-string regex.
fn format_pattern(format: &str) -> Option<&'static str> {
    Some(match format {
        "email" | "idn-email" => r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$",
        "uri" | "url" | "iri" => r"^[A-Za-z][A-Za-z0-9+.-]*://\S+$",
        "uuid" => r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "ipv4" => r"^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$",
        "date" => r"^\d{4}-\d{2}-\d{2}$",
        "date-time" => {
            r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$"
        }
        "time" => r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn flags_follow_what_the_request_names_and_denies() {
        let r = RequestValues::new("Look up details of the case. Include its statistics.");
        assert_eq!(r.flag("details"), Some(true));
        assert_eq!(r.flag("include_stats"), Some(true), "stats by its stem");
        assert_eq!(
            r.flag("direct_flight"),
            None,
            "not named: the model decides"
        );
        let r = RequestValues::new("I have few artistic interests; neglect air resistance.");
        assert_eq!(r.flag("artistic_interests"), Some(false));
        assert_eq!(r.flag("air_resistance"), Some(false));
        let r = RequestValues::new("What is Adriel working on? Exclude any that are completed.");
        assert_eq!(
            r.flag("include_completed"),
            Some(false),
            "four words after the negation"
        );
        assert!(r.mentions("completed") && !r.mentions_affirmed("completed"));
        assert!(r.mentions_affirmed("Adriel"));
        let r = RequestValues::new("List my meetings excluding weekends");
        assert_eq!(
            r.flag("exclude_weekends"),
            None,
            "a negative flag's sense flips"
        );
        let r = RequestValues::new("Send $20 to Ann and keep the payment private.");
        assert_eq!(
            r.flag("private_visibility"),
            Some(true),
            "the aspect is a filler"
        );
        assert_eq!(r.flag("dark_mode"), None);
        let r = RequestValues::new("A zoo my grandchildren like, free to enter.");
        assert_eq!(r.flag("good_for_kids"), Some(true));
        assert_eq!(r.flag("free_entry"), Some(true));
        assert_eq!(
            RequestValues::new("a grand old museum").flag("good_for_kids"),
            None
        );
    }

    #[test]
    fn lists_written_out_are_read_with_each_item_boundary() {
        let r =
            RequestValues::new("Compose a melody with a progression of C, F and G for 4 measures.");
        assert!(
            r.enumerations
                .contains(&vec!["C".into(), "F".into(), "G".into()]),
            "{:?}",
            r.enumerations
        );
        let r = RequestValues::new(
            "My scores given that I am efficient, organized, easy going and compassionate?",
        );
        assert!(
            r.enumerations.contains(&vec![
                "efficient".into(),
                "organized".into(),
                "easy going".into(),
                "compassionate".into()
            ]),
            "{:?}",
            r.enumerations
        );
        let r = RequestValues::new(
            "Draft a contract between John and Alice for a rental in California.",
        );
        assert_eq!(
            r.enumerations,
            vec![vec!["John".to_string(), "Alice".into()]]
        );
        let r = RequestValues::new(
            "Compare dataset_A with the values 12, 24, 36 and dataset_B with the values 15, -30, 45.",
        );
        assert!(
            r.number_lists.contains(&vec![12.0, 24.0, 36.0]),
            "{:?}",
            r.number_lists
        );
        assert!(
            r.number_lists.contains(&vec![15.0, -30.0, 45.0]),
            "{:?}",
            r.number_lists
        );
        assert!(
            r.enumerations
                .iter()
                .all(|l| l.iter().any(|i| i.parse::<f64>().is_err())),
            "lists of numbers are numbers' lists: {:?}",
            r.enumerations
        );
        assert!(
            RequestValues::new("Hi, what is the weather?")
                .enumerations
                .is_empty()
        );
    }

    #[test]
    fn text_right_after_a_property_name_and_places_with_their_region() {
        let r = RequestValues::new(
            "Find a comedy directed by Edgar Wright. The title should be 'Breakthrough in AI', near Mariposa, CA.",
        );
        assert_eq!(r.keyed_span("directed_by").as_deref(), Some("Edgar Wright"));
        assert_eq!(r.keyed_span("title").as_deref(), Some("Breakthrough in AI"));
        assert_eq!(r.keyed_span("genre"), None);
        assert_eq!(r.places, vec!["Mariposa, CA".to_string()]);
        let r = RequestValues::new("Hi, Tom. What's the weather in Quintana Roo, Mexico?");
        assert_eq!(r.places, vec!["Quintana Roo, Mexico".to_string()]);
        let r = RequestValues::new("Im at Riga, Latvia, Can you tell me the temperature?");
        assert_eq!(r.places, vec!["Riga, Latvia".to_string()]);
        let r = RequestValues::new("A ride from 2020 Addison Street, Berkeley, CA, USA, now.");
        assert_eq!(
            r.places,
            vec![
                "2020 Addison Street, Berkeley, CA, USA".to_string(),
                "2020 Addison Street, Berkeley".into()
            ]
        );
    }

    #[test]
    fn percentages_keep_both_readings_and_zero_is_a_number() {
        let r = RequestValues::new("a discount rate of 10% over 5 years; initial velocity is zero");
        assert_eq!(r.percents, vec![(10.0, 0.1)]);
        assert_eq!(r.keyed_number("initial_velocity"), Some(vec![0.0]));
        assert!(r.numbers.contains(&0.0));
    }

    #[test]
    fn numbers_are_read_as_people_write_them() {
        let r =
            RequestValues::new("Pay $1,200 for 3 items, then $1.2M, 5k and -4 (five in all) to v2");
        for n in [1200.0, 3.0, 1_200_000.0, 5000.0, -4.0, 5.0] {
            assert!(r.numbers.contains(&n), "{n} in {:?}", r.numbers);
        }
        assert!(!r.numbers.contains(&2.0), "v2 is a name: {:?}", r.numbers);
        assert_eq!(
            r.numbers_for(true, Some(0.0), Some(10.0)),
            vec![3.0, 5.0],
            "{:?}",
            r.numbers
        );
        let r = RequestValues::new(
            "a = 3, b = -11 and c=-4; cash_flows=[200,300,400,500], a discount rate of 10%, 213 million people",
        );
        assert_eq!(r.keyed_number("b"), Some(vec![-11.0]));
        assert_eq!(r.keyed_number("c"), Some(vec![-4.0]));
        assert_eq!(r.keyed_number("discount_rate"), Some(vec![10.0, 0.1]));
        assert_eq!(r.keyed_number("rate"), Some(vec![10.0, 0.1]));
        assert_eq!(r.keyed_number("people"), None);
        let rating = RequestValues::new("a review rating of at least 4.2, please");
        assert_eq!(rating.keyed_number("rating"), Some(vec![4.2]));
        assert_eq!(r.number_lists, vec![vec![200.0, 300.0, 400.0, 500.0]]);
        assert!(r.numbers.contains(&213_000_000.0));
        assert!(
            !r.numbers.contains(&213.0),
            "a scaled number is only its large reading"
        );
        assert!(!r.numbers.contains(&200_300_400_500.0));
    }

    #[test]
    fn file_globs_are_offered_for_the_files_a_request_names() {
        let globs = |text: &str| RequestValues::new(text).globs;
        assert_eq!(globs("Find all Python files in this project."), ["**/*.py"]);
        assert_eq!(
            globs("Which Rust source files does this crate have?"),
            ["**/*.rs"]
        );
        assert_eq!(
            globs("list the .md files and src/*.txt"),
            ["src/*.txt", "**/*.md"]
        );
        assert!(globs("Explain the Python function sell").is_empty());
        // Test files by their names (everyday2's find-test-files).
        assert_eq!(
            globs("Where are the Python test files? Give me their paths."),
            ["**/test_*.py"]
        );
    }

    #[test]
    fn arithmetic_is_offered_whole_as_written() {
        let first = |text: &str| RequestValues::new(text).expressions.first().cloned();
        for (text, expected) in [
            ("Compute 17 * 23 + 4.", "17 * 23 + 4"),
            ("What is 2^10 - 24? Use the calculator.", "2^10 - 24"),
            ("Compute sqrt(144) + 3.", "sqrt(144) + 3"),
            ("How much is 15% of 240?", "15 * 240 / 100"),
            ("What's 17.5 percent of 2640?", "17.5 * 2640 / 100"),
            ("what's (3.5 + 2) * -4 then", "(3.5 + 2) * -4"),
            // Said in words (everyday2's calc jobs).
            ("What is 48 times 37, minus 125?", "48 * 37 - 125"),
            ("Take the square root of 2025 and add 7.", "sqrt(2025) + 7"),
            ("What is 3 to the power of 4 divided by 9?", "3 ^ 4 / 9"),
        ] {
            assert_eq!(first(text).as_deref(), Some(expected), "{text}");
        }
        // Numbers alone, dates, versions and names with digits are not arithmetic.
        for text in [
            "Book 3 rooms for 2 nights",
            "Bump the version to 1.1.0",
            "Set MAX_SHAPES to 64",
            "on 2023-05-15 at 9",
            "the v2 endpoint",
        ] {
            assert_eq!(first(text), None, "{text}");
        }
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
    fn properties_are_mentioned_by_a_word_of_their_name() {
        let r = RequestValues::new("Find three personality traits; book a direct flight");
        assert!(r.mentions_property("trait_count"));
        assert!(r.mentions_property("directFlight"));
        let r = RequestValues::new("Include its statistics");
        assert!(r.mentions_property("include_stats"));
        assert!(!r.mentions_property("data_type"));
        assert!(!r.mentions_property("of"));
    }

    #[test]
    fn dates_take_the_year_the_request_writes() {
        let r = RequestValues::new(
            "Hilton in Paris from 2023 April 4th to April 8th, 2023; then 4/10/2023, and May 3",
        );
        assert_eq!(
            r.dates,
            vec!["2023-04-04", "2023-04-08", "2023-04-10", "2023-05-03"]
        );
        // Written in order, the year once for both; "the 12th of march"; numeric, year first.
        let r = RequestValues::new("from April 3rd to April 5th 2023");
        assert_eq!(r.dates, vec!["2023-04-03", "2023-04-05"]);
        let r = RequestValues::new("on the 12th of march? 2023");
        assert_eq!(r.dates, vec!["2023-03-12"]);
        let r = RequestValues::new("plays on 2023.4.15? or 2023-10-1, or 2022/08/16");
        assert_eq!(r.dates, vec!["2023-04-15", "2023-10-01", "2022-08-16"]);
        // Without a year, or with two, a yearless date is not guessed.
        assert!(RequestValues::new("on the 6th of October").dates.is_empty());
        let r = RequestValues::new("March 2nd is the day; we met in 1990 and married in 2015");
        assert!(r.dates.is_empty(), "{:?}", r.dates);
        // Not dates: a version, a month past twelve.
        assert!(RequestValues::new("version 2023.13.1").dates.is_empty());
    }

    #[test]
    fn dates_relative_to_the_day_the_request_says_it_is() {
        let dates = |text: &str| RequestValues::new(text).dates;
        assert_eq!(
            dates("rain in Oslo tomorrow? today is 2024.2.28"),
            vec!["2024-02-29"]
        );
        // The weekday the request names for today counts, whatever the calendar says.
        assert_eq!(
            dates("the upcoming Friday, today is Monday June 3rd 2024"),
            vec!["2024-06-07"]
        );
        assert_eq!(
            dates("the upcoming Monday, today is Monday June 3rd 2024"),
            vec!["2024-06-10"]
        );
        // From today until a day of the month: both ends, in order.
        assert_eq!(
            dates("a van from today until the 9th. today is 2024.5.30"),
            vec!["2024-05-30", "2024-06-09"]
        );
        // A bare day in the month written with its year.
        assert_eq!(
            dates("a gig on the 10th. May 2024 please"),
            vec!["2024-05-10"]
        );
        // "next Monday" is ambiguous: the anchor stays, nothing is made up.
        assert_eq!(
            dates("next Monday; today is 2024-06-03"),
            vec!["2024-06-03"]
        );
    }

    #[test]
    fn us_cities_named_alone_get_their_state() {
        assert_eq!(us_city_state("Berkeley"), Some("CA"));
        assert_eq!(
            us_city_state("portland"),
            Some("OR"),
            "OR's 65 ZIP codes to ME's 9"
        );
        // A major city abroad, or a name no state dominates, is not guessed.
        assert_eq!(us_city_state("London"), None);
        assert_eq!(us_city_state("Springfield"), None);
        let r = RequestValues::new(
            "Music events in New York City or Long Beach? From Portland, OR to Sacramento.",
        );
        assert_eq!(
            r.us_places,
            vec!["New York, NY", "Long Beach, CA", "Sacramento, CA"]
        );
        assert_eq!(
            RequestValues::new("from Portland, OR to Bangor, ME").places,
            vec!["Portland, OR", "Bangor, ME"]
        );
        assert!(
            RequestValues::new("Weather in Toronto and Paris")
                .us_places
                .is_empty()
        );
        // A city begins a run of capitalized words, never hides inside one.
        let r = RequestValues::new("I'm in Berkeley California; a movie at Regal Crow Canyon");
        assert_eq!(r.us_places, vec!["Berkeley, CA"]);
    }

    #[test]
    fn counts_and_idioms_state_numbers() {
        let r = RequestValues::new("Book three hotel rooms and a cab with 2 seats.");
        assert_eq!(r.counted_number("number_of_rooms"), Some(vec![3.0]));
        assert_eq!(r.counted_number("number_of_seats"), Some(vec![2.0]));
        assert_eq!(
            r.counted_number("num_guests"),
            None,
            "nothing counts guests"
        );
        assert_eq!(r.counted_number("rooms"), None, "not a count property");
        let r = RequestValues::new("A ball is dropped and falls for 3 seconds.");
        assert_eq!(r.idiom_number("initial_velocity"), Some(vec![0.0]));
        assert_eq!(r.idiom_number("time"), None);
        assert_eq!(
            RequestValues::new("thrown up at 4 m/s").idiom_number("initial_speed"),
            None
        );
    }

    #[test]
    fn people_are_read_in_the_part_the_request_gives_them() {
        use super::PersonRole::{Artist, Director, Performer};
        let read = |text: &str, role| RequestValues::new(text).person_in_role(role);
        let text = "Any thriller directed by Ana de Souza with Tom Reyes in the cast?";
        assert_eq!(read(text, Director).as_deref(), Some("Ana de Souza"));
        assert_eq!(read(text, Performer).as_deref(), Some("Tom Reyes"));
        assert_eq!(read(text, Artist), None);
        let text = "A quiet drama featuring Lin Okafor, please.";
        assert_eq!(read(text, Performer).as_deref(), Some("Lin Okafor"));
        let text = "I am a huge Nova Lark fan, play their songs.";
        assert_eq!(read(text, Artist).as_deref(), Some("Nova Lark"));
        // A quoted title is not a person, and "by" after "directed" names a director.
        let text = "Play 'Blue Night' by Oren Vale on the patio speaker.";
        assert_eq!(read(text, Artist).as_deref(), Some("Oren Vale"));
        assert_eq!(read("a film directed by Kim Aro", Artist), None);
        // A bare "with" needs a two-word name, and a kind of thing is not a name.
        assert_eq!(read("a movie with Subtitles", Performer), None);
        assert_eq!(read("a movie with Family Genre", Performer), None);
        assert_eq!(read("songs from the Synthwave genre", Artist), None);
        assert_eq!(read("any film with no one famous", Performer), None);
        assert_eq!(super::person_role("directed_by", ""), Some(Director));
        assert_eq!(super::person_role("cast", "Main actor"), Some(Performer));
        assert_eq!(super::person_role("artist", ""), Some(Artist));
        assert_eq!(super::person_role("title", "The movie's title"), None);
    }

    #[test]
    fn clock_times_are_read_in_24_hours() {
        let r = RequestValues::new(
            "pick up at 10:00 AM, back by 2pm or 9 a.m., the 13:45 train, noon is 12 PM; 12am",
        );
        assert_eq!(
            r.times,
            vec!["10:00", "14:00", "09:00", "13:45", "12:00", "00:00"]
        );
        let r = RequestValues::new("at 4:30 in the afternoon, or 10 in the morning, or at 19:00.?");
        assert_eq!(r.times, vec!["16:30", "10:00", "19:00"]);
        // Not times: bare numbers, ratios, dates, versions, a minute past 59.
        let r = RequestValues::new("3 adults, ratio 3.5:1, on 2023.10.1, v1.2, at 10:75, 25:00");
        assert!(r.times.is_empty(), "{:?}", r.times);
    }

    #[test]
    fn mentions_are_whole_words() {
        let r = RequestValues::new("Find comedy movies, business class");
        assert!(r.mentions("Comedy"));
        assert!(r.mentions("business"));
        assert!(!r.mentions("Com"));
        assert!(!r.mentions(""));
    }

    #[test]
    fn formatted_and_patterned_strings_match_the_requests_values() {
        let r = RequestValues::new(
            "Mail <ops@example.com>, cc ann@corp.io; fetch https://x.org/a?b=1. Host 10.0.0.7, \
             ticket ABC-1234 at 2024-05-01T09:30:00Z.",
        );
        let with = |schema: serde_json::Value| r.matching(&schema);
        assert_eq!(
            with(serde_json::json!({"type": "string", "format": "email"})).unwrap(),
            ["ops@example.com", "ann@corp.io"]
        );
        assert_eq!(
            with(serde_json::json!({"format": "uri"})).unwrap(),
            ["https://x.org/a?b=1"]
        );
        assert_eq!(
            with(serde_json::json!({"format": "ipv4"})).unwrap(),
            ["10.0.0.7"]
        );
        assert_eq!(
            with(serde_json::json!({"format": "date-time"})).unwrap(),
            ["2024-05-01T09:30:00Z"]
        );
        assert_eq!(
            with(serde_json::json!({"pattern": "^[A-Z]+-[0-9]+$"})).unwrap(),
            ["ABC-1234"]
        );
        // Length bounds apply; a schema asking neither gets `None`; an unreadable pattern too.
        assert!(
            with(serde_json::json!({"format": "email", "maxLength": 10}))
                .unwrap()
                .is_empty()
        );
        assert_eq!(with(serde_json::json!({"type": "string"})), None);
        assert_eq!(with(serde_json::json!({"pattern": "(unclosed"})), None);
    }
}
