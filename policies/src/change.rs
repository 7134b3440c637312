//! Described changes (deterministic): what a request asks to change and to what, the edits of
//! a read file that would do it, and when the request leaves that to the user.
//!
//! A weak model asked to write `old_text`/`new_text` for an edit reads the file and then
//! stops, answers, or invents text that occurs nowhere. Most everyday change requests spell
//! the edit out ("change the greeting from "Hello" to "Hi"", "set MAX_SHAPES to 64", "bump
//! the version to 1.1.0", "create CHANGELOG.md containing '# Changelog'"): the runtime reads
//! the request and proposes the edits; the model only ranks them when there are several. A
//! change request that names nothing to change and no value is the user's to settle.

use std::sync::LazyLock;

use regex::Regex;

/// What a request asks to change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeRequest {
    /// Replace the text `from` with `to` ("change the greeting from "Hello" to "Hi"",
    /// "replace `foo` with `bar`", "rename `sell` to `sell_item`").
    Replace { from: String, to: String },
    /// Give the setting or constant `name` the value `to` ("set MAX_SHAPES to 64", "bump the
    /// version in config.json to 1.1.0").
    SetValue { name: String, to: String },
    /// Create the file `path` holding `content` ("create a file CHANGELOG.md containing the
    /// line '# Changelog'").
    CreateFile { path: String, content: String },
}

/// One edit of a file that would make the change: `old_text` is a whole line of the file and
/// occurs in it exactly once (as `apply_edit` requires).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditCandidate {
    pub old_text: String,
    pub new_text: String,
    /// 1-based line of `old_text`.
    pub line: usize,
}

/// Verbs that ask to give something a new value.
const SET_VERBS: &str = r"set|change|bump|update|make|increase|decrease|raise|lower";

/// Text between paired quotes (`"…"`, `'…'`, `` `…` ``, `“…”`): a quote opens after a
/// non-word character and closes before one, so "don't" opens nothing.
pub fn quoted(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let word = |k: Option<&char>| k.is_some_and(|c| c.is_alphanumeric());
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let open = chars[k];
        let close = match open {
            '"' | '\'' | '`' => open,
            '“' => '”',
            _ => {
                k += 1;
                continue;
            }
        };
        if k > 0 && word(chars.get(k - 1)) {
            k += 1;
            continue;
        }
        let end = (k + 1..chars.len())
            .find(|&j| chars[j] == close && !word(chars.get(j + 1)))
            .filter(|&j| j > k + 1);
        match end {
            Some(j) => {
                out.push(chars[k + 1..j].iter().collect());
                k = j + 1;
            }
            None => k += 1,
        }
    }
    out
}

/// The request shapes [`read_change`] reads, compiled once (`classify` asks it of every task).
struct ChangePatterns {
    number: Regex,
    code_word: Regex,
    create: Regex,
    next_line: Regex,
    from_to: Regex,
    should_be: Regex,
    set: Regex,
}

static PATTERNS: LazyLock<Option<ChangePatterns>> = LazyLock::new(|| {
    Some(ChangePatterns {
        number: Regex::new(r"^-?\d+(?:\.\d+)*$").ok()?,
        code_word: Regex::new(r"^[A-Za-z_][A-Za-z0-9_\-]*$").ok()?,
        // Create a file holding given text.
        create: Regex::new(
            r"(?i)\b(?:create|add|write|make)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:file\s+)?(?:called\s+|named\s+)?`?([\w./-]+\.\w+)`?",
        )
        .ok()?,
        next_line: Regex::new(
            r"(?i)\b(?:another\s+|a\s+second\s+|a\s+)?line\s+(?:saying|that\s+says|reading|with)\s+([^'`“”]+?)[.!]?\s*$",
        )
        .ok()?,
        from_to: Regex::new(&format!(
            r"(?i)\b(?:{SET_VERBS})\s+(?:the\s+)?`?([A-Za-z_][\w.\-]*)`?(?:\s+(?:in|of)\s+\S+)?\s+from\s+\S+\s+to\s+(\S+?)[.!]?\s*$"
        ))
        .ok()?,
        should_be: Regex::new(
            r#"(?i)\bthe\s+`?([A-Za-z_][\w.\-]*)`?(?:\s+(?:in|of)\s+\S+)?\s+should\s+(?:now\s+)?be\s+("[^"]+"|'[^']+'|`[^`]+`|\S+?)[.!]?\s*$"#,
        )
        .ok()?,
        set: Regex::new(&format!(
            r"(?i)\b(?:{SET_VERBS})\s+(?:the\s+)?(?:(?:crate|package|project|app|module|library)(?:'s|’s)?\s+)?(?:value\s+of\s+)?`?([A-Za-z_][\w.\-]*)`?(?:\s+(?:in|of|from)\s+\S+)?\s+(?:to|=)\s+(\S+)(.*)$"
        ))
        .ok()?,
    })
});

/// A value a request states outright: a number or version, a quoted string, `true`/`false`,
/// or one code-like word; "the one we agreed on" is not a value.
fn literal(value: &str) -> Option<String> {
    let v = value.trim_end_matches(['.', ',', ';', '!', '?']);
    let patterns = PATTERNS.as_ref()?;
    let (number, code_word) = (&patterns.number, &patterns.code_word);
    let articles = [
        "the", "a", "an", "one", "what", "whatever", "it", "that", "this",
    ];
    if number.is_match(v) || v == "true" || v == "false" {
        return Some(v.to_string());
    }
    if code_word.is_match(v) && !articles.contains(&v.to_lowercase().as_str()) {
        return Some(v.to_string());
    }
    None
}

/// Read what `task` asks to change, when it says so outright.
pub fn read_change(task: &str) -> Option<ChangeRequest> {
    let patterns = PATTERNS.as_ref()?;
    let quotes = quoted(task);
    let lower = task.to_lowercase();
    // Create a file holding given text.
    let create = &patterns.create;
    if let Some(c) = create.captures(task)
        && let Some(content) = quotes.iter().find(|q| q.as_str() != &c[1])
        && [
            "contain", "with", "saying", "holding", "text", "line", "content",
        ]
        .iter()
        .any(|w| lower.contains(w))
    {
        // A further line described after the quoted one, unquoted ("… the heading '#
        // Sponsors', and under it a line saying Brightwave Hosting pays for the pizza.").
        let after_quote = task
            .find(content.as_str())
            .and_then(|at| task.get(at + content.len()..))
            .unwrap_or("");
        let next_line = patterns
            .next_line
            .captures(after_quote)
            .map(|m| m[1].trim().to_string())
            .filter(|l| !l.is_empty());
        let content = match next_line {
            Some(line) => format!("{content}\n{line}"),
            None => content.clone(),
        };
        return Some(ChangeRequest::CreateFile {
            path: c[1].to_string(),
            content,
        });
    }
    // Two quoted values joined by "to" or "with": the first becomes the second.
    if quotes.len() >= 2 {
        let (from, to) = (&quotes[0], &quotes[1]);
        let between = task
            .find(from.as_str())
            .and_then(|a| task[a + from.len()..].find(to.as_str()).map(|b| (a, b)))
            .map(|(a, b)| task[a + from.len()..a + from.len() + b].to_lowercase());
        if between.is_some_and(|b| b.contains(" to ") || b.contains(" with ") || b.contains("->"))
            && from != to
        {
            return Some(ChangeRequest::Replace {
                from: from.clone(),
                to: to.clone(),
            });
        }
    }
    // "change NAME [in FILE] from OLD to NEW" (everyday4's edit-ev-bays).
    let from_to = &patterns.from_to;
    if let Some(c) = from_to.captures(task)
        && let Some(to) = literal(c[2].trim_matches(['"', '\'', '`']))
    {
        return Some(ChangeRequest::SetValue {
            name: c[1].to_string(),
            to,
        });
    }
    // "the NAME [in FILE] should [now] be VALUE", the value quoted or one literal (everyday4's
    // edit-show-host: "the host in show.toml should now be "Callum Reid".").
    let should_be = &patterns.should_be;
    if let Some(c) = should_be.captures(task) {
        let value = &c[2];
        let inside_quotes = ['"', '\'', '`'].into_iter().find_map(|q| {
            value
                .strip_prefix(q)
                .and_then(|v| v.strip_suffix(q))
                .filter(|v| !v.is_empty())
        });
        let to = match inside_quotes {
            Some(inside) => Some(inside.to_string()),
            None => literal(value),
        };
        if let Some(to) = to {
            return Some(ChangeRequest::SetValue {
                name: c[1].to_string(),
                to,
            });
        }
    }
    // "set NAME [in FILE] to VALUE".
    let set = &patterns.set;
    let c = set.captures(task)?;
    let (name, value, rest) = (&c[1], &c[2], c[3].trim());
    let value = value.trim_matches(['"', '\'', '`']);
    // "to 64." ends the request, as does a clause after a comma ("to 35, the beds are drying
    // out"); "to the one we agreed on yesterday" names no value.
    let ends = rest.is_empty() || rest.starts_with(['.', '!', ';']) || rest.starts_with("and ");
    let value = value.strip_suffix(',').unwrap_or(value);
    let to = literal(value).filter(|_| ends || value.ends_with('.') || c[2].ends_with(','))?;
    if ["it", "this", "that", "them"].contains(&name.to_lowercase().as_str()) {
        return None;
    }
    Some(ChangeRequest::SetValue {
        name: name.to_string(),
        to,
    })
}

/// Does the request name something concrete to change: a quoted text, a path, or a code-like
/// word (`MAX_SHAPES`, `sell_item`, `parseArgs`, `area()`)?
fn names_a_target(task: &str) -> bool {
    let code_like = Regex::new(
        r"\b(?:[A-Za-z]+_[\w]*|[a-z]+[A-Z]\w*|[A-Z]{2,}\w*|\w+\(\)|[\w-]+\.[A-Za-z]{1,5})\b",
    );
    !quoted(task).is_empty() || code_like.is_ok_and(|r| r.is_match(task))
}

/// The question to put to the user when a change request leaves what to change, or to what,
/// unsaid ("Rename the function.", "Change the port to the one we agreed on yesterday.",
/// "Delete the files I no longer need."); `None` when the request says enough to act on.
pub fn unresolved(task: &str) -> Option<String> {
    if read_change(task).is_some() || names_a_target(task) {
        return None;
    }
    Some(format!(
        "The request \"{}\" does not say exactly what to change or what the new value is. What should change, and to what?",
        task.trim()
    ))
}

/// Phrases by which a request leans on something only the user knows: a conversation, a
/// habit, someone's preference ("the battery size we talked about on the phone", "the usual
/// number of guests", "the slot she preferred").
const UNSHARED_CONTEXT: [&str; 14] = [
    "we talked about",
    "we discussed",
    "we agreed",
    "i mentioned",
    "i told you",
    "on the phone",
    "the usual",
    "as usual",
    "she preferred",
    "he preferred",
    "they preferred",
    "she wanted",
    "he wanted",
    "you know which",
];

/// The question to put to the user when a request leans on something only the user knows
/// (everyday2's ask-usual-guests, everyday4's ask-battery-size and ask-guest-slot: the model
/// answered or stopped where no file says what "the usual number" is); `None` otherwise.
pub fn unshared_context(task: &str) -> Option<String> {
    // Whole words only: `usual_count` is a name, not "the usual".
    let words: Vec<String> = task
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let text = format!(" {} ", words.join(" "));
    let phrase = UNSHARED_CONTEXT
        .iter()
        .find(|p| text.contains(&format!(" {p} ")))?;
    Some(format!(
        "The request \"{}\" relies on something I cannot see (\"{phrase}\"). What is it, exactly?",
        task.trim()
    ))
}

/// The edits of `text` (a file's whole content) that would make `change`, best first: for a
/// replacement, each line holding `from`; for a new value, each line naming `name` whose first
/// value after the name (a number, version or quoted string) becomes `to`. Lines that occur
/// more than once in the file are left out (the edit would be ambiguous).
pub fn candidate_edits(change: &ChangeRequest, text: &str) -> Vec<EditCandidate> {
    let unique = |line: &str| text.matches(line).count() == 1;
    // The patterns of a new value are compiled once per file, not once per line.
    let setter = match change {
        ChangeRequest::SetValue { name, to } => match ValueSetter::new(name, to) {
            Some(setter) => Some(setter),
            None => return Vec::new(),
        },
        _ => None,
    };
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let new_text = match (change, &setter) {
            (ChangeRequest::Replace { from, to }, _) if line.contains(from.as_str()) => {
                line.replace(from.as_str(), to)
            }
            (_, Some(setter)) => match setter.apply(line) {
                Some(new) => new,
                None => continue,
            },
            _ => continue,
        };
        if new_text != line && !line.trim().is_empty() && unique(line) {
            out.push(EditCandidate {
                old_text: line.to_string(),
                new_text,
                line: k + 1,
            });
        }
    }
    // A line that assigns the name (`NAME = `, `NAME: `, `"name": `) before one that only uses it.
    if let Some(setter) = &setter {
        out.sort_by_key(|c| !setter.assigns.is_match(&c.old_text));
    }
    out
}

/// A new value for a name, as patterns over a file's lines.
struct ValueSetter {
    /// A whole-word occurrence of the name.
    name: Regex,
    /// A value: a quoted string, a number or a version.
    value: Regex,
    /// The name given its value (`NAME = …`, `NAME: … = …`, `"name": …`).
    assigns: Regex,
    to: String,
}

impl ValueSetter {
    fn new(name: &str, to: &str) -> Option<Self> {
        let name = regex::escape(name);
        Some(Self {
            name: Regex::new(&format!(r"(?i)(?:^|[^\w]){name}(?:[^\w]|$)")).ok()?,
            value: Regex::new(r#""[^"]*"|'[^']*'|-?\d+(?:\.\d+)*"#).ok()?,
            assigns: Regex::new(&format!(r#"(?i)(?:^|[^\w])"?{name}"?\s*(?::[^=]*=|=|:)"#)).ok()?,
            to: to.to_string(),
        })
    }

    /// `line` with the first value after the name replaced by the new one, quoted as the old
    /// value was.
    fn apply(&self, line: &str) -> Option<String> {
        // After the assignment when the line assigns the name (`ML_PER_CUP: f64 = 240.0`: the
        // type's `64` is no value), and never a number inside a word.
        let after = match self.assigns.find(line) {
            Some(assignment) => assignment.end(),
            None => self.name.find(line)?.end(),
        };
        let found = self.value.find_iter(&line[after..]).find(|m| {
            line[..after + m.start()]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })?;
        let found = (after + found.start())..(after + found.end());
        let found_text = &line[found.clone()];
        let new = match found_text.chars().next() {
            Some(q @ ('"' | '\'')) => format!("{q}{}{q}", self.to),
            _ => self.to.clone(),
        };
        Some(format!(
            "{}{}{}",
            &line[..found.start],
            new,
            &line[found.end..]
        ))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn requests_that_spell_the_change_out_are_read() {
        assert_eq!(
            read_change("In greet.py, change the greeting from \"Hello\" to \"Hi\"."),
            Some(ChangeRequest::Replace {
                from: "Hello".into(),
                to: "Hi".into()
            })
        );
        assert_eq!(
            read_change("Rename `sell` to `sell_item` in inventory.py"),
            Some(ChangeRequest::Replace {
                from: "sell".into(),
                to: "sell_item".into()
            })
        );
        assert_eq!(
            read_change("Set MAX_SHAPES in src/lib.rs to 64."),
            Some(ChangeRequest::SetValue {
                name: "MAX_SHAPES".into(),
                to: "64".into()
            })
        );
        assert_eq!(
            read_change("Bump the version in config.json to 1.1.0."),
            Some(ChangeRequest::SetValue {
                name: "version".into(),
                to: "1.1.0".into()
            })
        );
        assert_eq!(
            read_change("Create a file CHANGELOG.md containing the line '# Changelog'."),
            Some(ChangeRequest::CreateFile {
                path: "CHANGELOG.md".into(),
                content: "# Changelog".into()
            })
        );
        // No value stated: nothing to read.
        assert_eq!(
            read_change("Change the port to the one we agreed on yesterday."),
            None
        );
        assert_eq!(read_change("Rename the function."), None);
        assert_eq!(read_change("Set it to whatever works."), None);
        // everyday3: a reason after a comma; a second line described after the quoted one.
        assert_eq!(
            read_change(
                "Raise dry_threshold in greenhouse.ini to 35, the beds are drying out too much."
            ),
            Some(ChangeRequest::SetValue {
                name: "dry_threshold".into(),
                to: "35".into()
            })
        );
        assert_eq!(
            read_change(
                "Make a new file docs/sponsors.md. First line should be the heading '# Sponsors', and under it a line saying Brightwave Hosting pays for the pizza."
            ),
            Some(ChangeRequest::CreateFile {
                path: "docs/sponsors.md".into(),
                content: "# Sponsors\nBrightwave Hosting pays for the pizza".into()
            })
        );
        assert_eq!(read_change("Set the port to one, then restart it."), None);
        // everyday4: "from OLD to NEW" after the name, and "should now be" a quoted value.
        assert_eq!(
            read_change("We've added more chargers. Change ev_bays in parking.ini from 12 to 20."),
            Some(ChangeRequest::SetValue {
                name: "ev_bays".into(),
                to: "20".into()
            })
        );
        assert_eq!(
            read_change(
                "Ines is handing over, so the host in show.toml should now be \"Callum Reid\"."
            ),
            Some(ChangeRequest::SetValue {
                name: "host".into(),
                to: "Callum Reid".into()
            })
        );
        assert_eq!(read_change("The answer should be obvious by now."), None);
        // An unclosed quote is no quoted value (and no slicing inside a character).
        assert_eq!(read_change("the name should now be \"é"), None);
    }

    #[test]
    fn a_request_leaning_on_what_only_the_user_knows_asks() {
        for task in [
            "Put in the battery size we talked about on the phone.",
            "Scale the recipe for the usual number of guests.",
            "book the next guest into the slot she preferred",
        ] {
            assert!(unshared_context(task).is_some(), "{task}");
        }
        for task in [
            "Set MAX_SHAPES in src/lib.rs to 64.",
            "What is the usual_count constant for?",
            "Explain why the tests fail as usually configured.",
        ] {
            assert_eq!(unshared_context(task), None, "{task}");
        }
    }

    #[test]
    fn a_change_with_nothing_named_goes_to_the_user() {
        for task in [
            "Rename the function.",
            "Change the port to the one we agreed on yesterday.",
            "Delete the files I no longer need.",
        ] {
            assert!(unresolved(task).is_some(), "{task}");
        }
        for task in [
            "Set MAX_SHAPES in src/lib.rs to 64.",
            "Add a docstring to `sell`.",
            "Remove the unused import from inventory.py",
            "Rename parseArgs to parse_args",
        ] {
            assert_eq!(unresolved(task), None, "{task}");
        }
    }

    #[test]
    fn edits_replace_whole_lines_that_occur_once() {
        let greet = "def greeting(name):\n    return \"Hello, \" + name + \"!\"\n";
        let change = read_change("change the greeting from \"Hello\" to \"Hi\"").unwrap();
        assert_eq!(
            candidate_edits(&change, greet),
            vec![EditCandidate {
                old_text: "    return \"Hello, \" + name + \"!\"".into(),
                new_text: "    return \"Hi, \" + name + \"!\"".into(),
                line: 2
            }]
        );
        let config =
            "{\n  \"name\": \"inventory\",\n  \"version\": \"1.0.3\",\n  \"port\": 8080\n}\n";
        let bump = read_change("Bump the version in config.json to 1.1.0.").unwrap();
        let edits = candidate_edits(&bump, config);
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].new_text, "  \"version\": \"1.1.0\",");
        let lib = "/// The most shapes one drawing may hold.\npub const MAX_SHAPES: usize = 32;\n\nfn f() -> usize { MAX_SHAPES * 2 }\n";
        let set = read_change("Set MAX_SHAPES in src/lib.rs to 64.").unwrap();
        let edits = candidate_edits(&set, lib);
        assert_eq!(edits[0].new_text, "pub const MAX_SHAPES: usize = 64;");
        assert_eq!(edits[0].line, 2);
        // The use of the name is a later, lesser candidate, never the first.
        assert!(edits.iter().skip(1).all(|e| e.line == 4));
        // A line that occurs twice is not offered.
        let twice = "x = 1\nx = 1\n";
        let set_x = ChangeRequest::SetValue {
            name: "x".into(),
            to: "2".into(),
        };
        assert!(candidate_edits(&set_x, twice).is_empty());
    }

    /// everyday2's edit-ml-per-cup: the type's `64` in `f64` was taken for the value
    /// (`f250.0 = 240.0`); the value is the one after the assignment, never a number inside a
    /// word. And "the crate's version" names the setting `version`.
    #[test]
    fn the_value_set_is_the_assigned_one_not_a_number_in_the_type() {
        let units = "pub const ML_PER_CUP: f64 = 240.0;
pub const ML_PER_TSP: f64 = 5.0;
";
        let set = read_change("Set `ML_PER_CUP` in src/units.rs to 250.0.").unwrap();
        assert_eq!(
            candidate_edits(&set, units)[0].new_text,
            "pub const ML_PER_CUP: f64 = 250.0;"
        );
        assert_eq!(
            read_change("Bump the crate's version to 0.4.0."),
            Some(ChangeRequest::SetValue {
                name: "version".into(),
                to: "0.4.0".into()
            })
        );
        let manifest =
            "[package]\nname = \"recipe_scaler\"\nversion = \"0.3.1\"\nedition = \"2021\"\n";
        let bump = read_change("Bump the crate's version to 0.4.0.").unwrap();
        assert_eq!(
            candidate_edits(&bump, manifest)[0].new_text,
            "version = \"0.4.0\""
        );
    }
}
