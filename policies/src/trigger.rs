//! The trigger: read the model's own confidence against τ. Low confidence → seek a tool;
//! otherwise reason in language. The model is never asked to argue whether to act.

pub use tact_runtime::decisions::{TriggerAction, TriggerDecision};
use tact_runtime::model_io::ConfidenceSignal;

use crate::policy::{TriggerPolicy, TriggerSignal};

/// The "need a tool" score of a signal under the chosen reading. Entropy and top-token
/// log-probability are turned around so that, for every signal, higher means "less sure, seek
/// help". A missing probe reading falls back to `p_tool` rather than guessing.
pub fn need_score(signal: &ConfidenceSignal, which: TriggerSignal) -> f32 {
    match which {
        TriggerSignal::PTool => signal.p_tool,
        TriggerSignal::Probe => signal.probe.unwrap_or(signal.p_tool),
        TriggerSignal::Entropy => signal.entropy,
        TriggerSignal::TopLogprob => -signal.top_logprob,
        TriggerSignal::Margin => -signal.margin,
    }
}

/// Decide from a signal and the policy: deterministic, no model call.
pub fn decide(signal: &ConfidenceSignal, policy: &TriggerPolicy) -> TriggerDecision {
    let need = need_score(signal, policy.signal);
    // Seek help when the reading says so, and also when there is no evidence of confidence:
    // a NaN or infinite reading, or a probe policy whose model gave no probe reading (p_tool,
    // the fallback reading, lives five orders of magnitude below the probe's τ).
    let no_reading = policy.signal == TriggerSignal::Probe && signal.probe.is_none();
    let action = if no_reading || !need.is_finite() || need >= policy.tau {
        TriggerAction::SeekTool
    } else {
        TriggerAction::Reason
    };
    TriggerDecision {
        action,
        need,
        tau: policy.tau,
        signal: policy.signal,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::model_io::ModelCost;

    fn signal(p_tool: f32, entropy: f32, top_logprob: f32, probe: Option<f32>) -> ConfidenceSignal {
        ConfidenceSignal {
            top_logprob,
            entropy,
            margin: 0.0,
            p_tool,
            probe,
            cost: ModelCost::default(),
        }
    }

    fn policy(which: TriggerSignal, tau: f32) -> TriggerPolicy {
        TriggerPolicy {
            signal: which,
            tau,
            probe: None,
        }
    }

    #[test]
    fn p_tool_above_tau_seeks_a_tool_and_below_reasons() {
        let p = policy(TriggerSignal::PTool, 0.5);
        assert_eq!(
            decide(&signal(0.8, 0.0, 0.0, None), &p).action,
            TriggerAction::SeekTool
        );
        assert_eq!(
            decide(&signal(0.2, 0.0, 0.0, None), &p).action,
            TriggerAction::Reason
        );
    }

    #[test]
    fn low_top_logprob_means_unsure() {
        let p = policy(TriggerSignal::TopLogprob, 1.0);
        assert_eq!(
            decide(&signal(0.0, 0.0, -2.0, None), &p).action,
            TriggerAction::SeekTool
        );
        assert_eq!(
            decide(&signal(0.0, 0.0, -0.1, None), &p).action,
            TriggerAction::Reason
        );
    }

    #[test]
    fn nan_signal_seeks_help() {
        let p = policy(TriggerSignal::Entropy, 1.0);
        assert_eq!(
            decide(&signal(0.0, f32::NAN, 0.0, None), &p).action,
            TriggerAction::SeekTool
        );
    }

    #[test]
    fn missing_probe_falls_back_to_p_tool() {
        let p = policy(TriggerSignal::Probe, 0.5);
        assert_eq!(decide(&signal(0.9, 0.0, 0.0, None), &p).need, 0.9);
        assert_eq!(decide(&signal(0.9, 0.0, 0.0, Some(0.1)), &p).need, 0.1);
    }

    /// Regression (bench-jobs on examples/everyday): a model loaded without its probe made every
    /// decision compare p_tool (≈ 1e-6) with the probe's τ, and the model reasoned from memory.
    /// Without a probe reading, a probe trigger seeks help, whatever p_tool says.
    #[test]
    fn a_probe_trigger_without_a_probe_reading_seeks_help() {
        let p = policy(TriggerSignal::Probe, 0.3);
        assert_eq!(
            decide(&signal(1e-6, 0.0, 0.0, None), &p).action,
            TriggerAction::SeekTool
        );
        assert_eq!(
            decide(&signal(1e-6, 0.0, 0.0, Some(0.1)), &p).action,
            TriggerAction::Reason
        );
    }
}

/// Files of the workspace a request names as written (`README.md`, `src/lib.rs`,
/// `` `Cargo.toml` ``) that `is_file` finds and `was_read` says the job has not read, in the
/// order named. Words without a dot or slash are not paths: "the crate" names no file.
pub fn unread_named_files(
    request: &str,
    is_file: impl Fn(&str) -> bool,
    was_read: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in request.split_whitespace() {
        let path = word
            .trim_matches(|c: char| {
                matches!(
                    c,
                    '`' | '"' | '\'' | '(' | ')' | ',' | ':' | ';' | '?' | '!'
                )
            })
            .trim_end_matches('.');
        let path = path.strip_prefix("./").unwrap_or(path);
        let looks_like_path = (path.contains('.') || path.contains('/'))
            && !path.starts_with('/')
            && !path.contains("..")
            && path.chars().any(char::is_alphanumeric);
        if looks_like_path && !out.iter().any(|p| p == path) && is_file(path) && !was_read(path) {
            out.push(path.to_string());
        }
    }
    // Files named by what they are rather than by path: the first of each group that exists.
    for group in conventional_files(request) {
        if let Some(path) = group.iter().find(|p| is_file(p))
            && !was_read(path)
            && !out.iter().any(|p| p == path)
        {
            out.push((*path).to_string());
        }
    }
    out
}

/// Files a request names by what they are ("the README", "the crate's version", "the project's
/// dependencies"), each as the usual paths it may have, in order of preference.
fn conventional_files(request: &str) -> Vec<&'static [&'static str]> {
    let words: Vec<String> = request
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let has = |set: &[&str]| words.iter().any(|w| set.contains(&w.as_str()));
    let manifest_words = [
        "version",
        "dependencies",
        "dependency",
        "manifest",
        "edition",
    ];
    let mut groups: Vec<&'static [&'static str]> = Vec::new();
    if has(&["readme"]) {
        groups.push(&["README.md", "README", "README.rst", "README.txt"]);
    }
    if has(&manifest_words) && has(&["crate", "cargo"]) {
        groups.push(&["Cargo.toml"]);
    } else if has(&manifest_words) && has(&["package", "project"]) {
        groups.push(&[
            "pyproject.toml",
            "package.json",
            "setup.cfg",
            "setup.py",
            "Cargo.toml",
        ]);
    }
    groups
}

/// Directories of the workspace a request names as directories ("the notes directory", "the
/// `src` folder", "notes/", "in the folder docs") that `is_dir` finds, in the order named.
pub fn named_dirs(request: &str, is_dir: impl Fn(&str) -> bool) -> Vec<String> {
    let words: Vec<&str> = request
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| {
                matches!(
                    c,
                    '`' | '"' | '\'' | '(' | ')' | ',' | ':' | ';' | '?' | '!' | '.'
                )
            })
        })
        .collect();
    let is_dir_word = |w: &str| {
        matches!(
            w.to_lowercase().as_str(),
            "directory" | "directories" | "folder" | "folders" | "dir"
        )
    };
    let safe = |p: &str| {
        !p.is_empty()
            && !p.starts_with('/')
            && !p.contains("..")
            && p.chars().any(char::is_alphanumeric)
    };
    let mut out: Vec<String> = Vec::new();
    // The workspace's own top ("What's at the top level of this project?").
    let lower = request.to_lowercase();
    let top = [
        "top level",
        "top-level",
        "root directory",
        "root folder",
        "workspace root",
        "project root",
        "repository root",
        "the root of",
    ];
    if top.iter().any(|p| lower.contains(p)) && is_dir(".") {
        out.push(".".to_string());
    }
    for (k, word) in words.iter().enumerate() {
        // A Python package or module directory named as such ("the modules in the greenhouse
        // package", everyday3's list-package-dir), or a path with a slash ("under
        // docs/routes", everyday2's list-routes): a directory only when it is one.
        let package_word = |w: &str| matches!(w.to_lowercase().as_str(), "package" | "packages");
        let named = if let Some(stem) = word.strip_suffix('/') {
            Some(stem)
        } else if words
            .get(k + 1)
            .is_some_and(|next| is_dir_word(next) || package_word(next))
            || (k > 0 && is_dir_word(words[k - 1]))
            || word.contains('/')
        {
            Some(*word)
        } else {
            None
        };
        if let Some(path) = named.map(|p| p.strip_prefix("./").unwrap_or(p))
            && safe(path)
            && !is_dir_word(path)
            && !out.iter().any(|p| p == path)
            && is_dir(path)
        {
            out.push(path.to_string());
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod grounding_tests {
    use super::{named_dirs, unread_named_files};

    #[test]
    fn directories_a_request_names_are_found_as_directories() {
        let dirs = ["notes", "src", "docs/api"];
        let is_dir = |p: &str| dirs.contains(&p);
        assert_eq!(
            named_dirs("What is in the notes directory?", is_dir),
            vec!["notes"]
        );
        assert_eq!(
            named_dirs(
                "List the `src` folder, then docs/api/ and the folder notes.",
                is_dir
            ),
            vec!["src", "docs/api", "notes"]
        );
        // A directory word with no directory beside it, or a name that is not a directory.
        assert!(named_dirs("Which directory holds the tests?", is_dir).is_empty());
        // The workspace's top (everyday2's list-root-library).
        let with_root = |p: &str| p == "." || dirs.contains(&p);
        assert_eq!(
            named_dirs("What's at the top level of this project?", with_root),
            vec!["."]
        );
        assert!(named_dirs("the build folder and ../ and /etc/", is_dir).is_empty());
        // A path with a slash, and a package named as such (everyday2's list-routes,
        // everyday3's list-package-dir); a slashed word that is no directory is not one.
        assert_eq!(
            named_dirs("Which route pages are there under docs/api?", is_dir),
            vec!["docs/api"]
        );
        assert_eq!(
            named_dirs("list the modules in the src package", is_dir),
            vec!["src"]
        );
        assert!(named_dirs("Is it read/write?", is_dir).is_empty());
    }

    #[test]
    fn files_a_request_names_are_found_as_written_and_only_while_unread() {
        let files = ["README.md", "src/lib.rs", "Cargo.toml"];
        let is_file = |p: &str| files.contains(&p);
        let request = "Read README.md, then `src/lib.rs` and ./Cargo.toml. What is the crate for?";
        assert_eq!(
            unread_named_files(request, is_file, |_| false),
            vec!["README.md", "src/lib.rs", "Cargo.toml"]
        );
        assert_eq!(
            unread_named_files(request, is_file, |p| p == "README.md"),
            vec!["src/lib.rs", "Cargo.toml"]
        );
        // Words are not files, files that do not exist are not named, paths outside are not.
        assert!(
            unread_named_files("What is the crate for? see e.g. notes.md", is_file, |_| {
                false
            })
            .is_empty()
        );
        assert!(unread_named_files("read /etc/passwd and ../x.rs", |_| true, |_| false).is_empty());
        // Named by what they are (everyday2): the README, the crate's manifest.
        let exists = |p: &str| matches!(p, "README.md" | "Cargo.toml" | "pyproject.toml");
        assert_eq!(
            unread_named_files(
                "Have a look at the README and tell me what this crate is for.",
                exists,
                |_| false
            ),
            vec!["README.md"]
        );
        assert_eq!(
            unread_named_files("Bump the crate's version to 0.4.0.", exists, |_| false),
            vec!["Cargo.toml"]
        );
        assert_eq!(
            unread_named_files("Which dependencies does the project have?", exists, |_| {
                false
            }),
            vec!["pyproject.toml"]
        );
        assert!(unread_named_files("What is a crate in Rust?", exists, |_| false).is_empty());
    }
}

/// What a request asks of version control, read from its words: a file's current text does
/// not say what changed in it, so a request about changes is grounded by git, not by reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryAsk {
    /// What changed (in the files named, or anywhere): the diff.
    Changes,
    /// Which files changed: the status.
    ChangedFiles,
}

/// Phrases that ask about the work since the last commit.
const HISTORY_PHRASES: &[&str] = &[
    "since the last commit",
    "since my last commit",
    "since last commit",
    "after the last commit",
    "after my last commit",
    "since the latest commit",
    "since the previous commit",
    "uncommitted",
    "not committed",
    "not yet committed",
    "unstaged",
    "what changed",
    "what has changed",
    "what did i change",
    "what was added",
    "what was removed",
    "what was deleted",
    "what has been added",
    "what has been removed",
];

/// Whether `request` asks about uncommitted work, and in which form. "Which files …" with a
/// history phrase asks for the files (`git_status`); any other history phrase for the changes
/// themselves (`git_diff`). None for every other request, including "commit this" or a
/// mention of git that asks nothing about the changes.
pub fn history_ask(request: &str) -> Option<HistoryAsk> {
    let text = request.to_lowercase();
    if !HISTORY_PHRASES.iter().any(|p| text.contains(p)) {
        return None;
    }
    let asks_for_files = ["which files", "what files", "which file", "list the files"]
        .iter()
        .any(|p| text.contains(p));
    Some(if asks_for_files {
        HistoryAsk::ChangedFiles
    } else {
        HistoryAsk::Changes
    })
}

/// Code symbols a request names in backticks (`` `perimeter` ``, `` `LOW_STOCK` ``), in the
/// order named: identifiers only, so a backticked path, command or expression is not one.
/// Without backticks, words shaped like code only (`SENSOR_TIMEOUT_S`, `MeterError`,
/// `clicks_per_bar`, `FIXME`): everyday3's "In which file is the MeterError enum defined?"
/// was answered from the model's memory.
pub fn named_symbols(request: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (k, span) in request.split('`').enumerate() {
        // Odd pieces lie between a pair of backticks.
        let is_identifier = span.len() >= 2
            && span.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && span.chars().all(|c| c.is_alphanumeric() || c == '_');
        if k % 2 == 1 && is_identifier && !out.iter().any(|s| s == span) {
            out.push(span.to_string());
        }
    }
    if !out.is_empty() || request.contains('`') {
        return out;
    }
    for word in request.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | '?' | '!' | ';' | ':' | '(' | ')' | '"' | '\'')
    }) {
        let word = word.trim_end_matches('.');
        if looks_like_code(word) && !out.iter().any(|s| s == word) {
            out.push(word.to_string());
        }
    }
    out
}

/// A word only code writes: snake or screaming case with an underscore inside
/// (`clicks_per_bar`, `SENSOR_TIMEOUT_S`), camel case with a capital inside (`MeterError`,
/// `parseArgs`), or a marker in capitals of four letters or more (`FIXME`, `TODO`).
fn looks_like_code(word: &str) -> bool {
    let identifier = word.len() >= 3
        && word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return false;
    }
    let inner_underscore = word.trim_matches('_').contains('_');
    let inner_capital = word
        .char_indices()
        .skip(1)
        .any(|(i, c)| c.is_ascii_uppercase() && word[..i].chars().any(|p| p.is_ascii_lowercase()));
    // Capitals that name files or formats, not markers.
    const NOT_MARKERS: [&str; 10] = [
        "README",
        "LICENSE",
        "CHANGELOG",
        "JSON",
        "YAML",
        "TOML",
        "HTML",
        "HTTP",
        "HTTPS",
        "ASCII",
    ];
    let marker = word.len() >= 4
        && word.chars().all(|c| c.is_ascii_uppercase())
        && !NOT_MARKERS.contains(&word);
    inner_underscore || inner_capital || marker
}

/// What a question asks to find mentions of in the workspace's files ("Which of our notes say
/// anything about a projector?" → `projector`, "In which files do our notes talk about
/// crampons?" → `crampons`): the word after a phrase of mentioning, in a question about files,
/// notes or documents. The model knows nothing of the workspace; a search does.
pub fn mentioned_terms(request: &str) -> Vec<String> {
    let lower = request.to_lowercase();
    let about_files = [
        "file",
        "files",
        "note",
        "notes",
        "doc",
        "docs",
        "document",
        "documents",
        "where",
        "which",
        "anywhere",
    ]
    .iter()
    .any(|w| lower.split(|c: char| !c.is_alphanumeric()).any(|x| x == *w));
    if !about_files {
        return Vec::new();
    }
    static PHRASE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:mentions?|mentioning|talks?\s+about|says?\s+(?:anything|something)\s+about|refers?\s+to|references?)\s+(?:the\s+|a\s+|an\s+|any\s+|our\s+)?([A-Za-z_][\w-]{2,})",
        )
        .ok()
    });
    let Some(phrase) = PHRASE.as_ref() else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for c in phrase.captures_iter(request) {
        let term = c[1].to_string();
        if !out.contains(&term) {
            out.push(term);
        }
    }
    out
}

/// Phrases by which a request points at the workspace itself.
const WORKSPACE_PHRASES: &[&str] = &[
    "this crate",
    "the crate",
    "this project",
    "the project",
    "this repo",
    "the repo",
    "this repository",
    "the repository",
    "this workspace",
    "the workspace",
    "this codebase",
    "the codebase",
    "in the code",
    "this directory",
    "this folder",
];

/// Whether `request` asks about the workspace itself ("Which Rust source files does this crate
/// have?"): the model knows nothing of it, so however sure it is, its first answer needs a
/// tool's observation. Matched on whole words, so "the projector" is not "the project".
pub fn refers_to_workspace(request: &str) -> bool {
    let words: Vec<String> = request
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let text = format!(" {} ", words.join(" "));
    // "Where are the Python test files?": a question after the workspace's own files.
    let asks_where_files = words
        .first()
        .is_some_and(|w| matches!(w.as_str(), "where" | "which"))
        && words
            .iter()
            .any(|w| matches!(w.as_str(), "files" | "file" | "folders" | "directories"));
    asks_where_files
        || WORKSPACE_PHRASES
            .iter()
            .any(|p| text.contains(&format!(" {p} ")))
}

#[cfg(test)]
mod history_tests {
    use super::*;

    #[test]
    fn requests_about_uncommitted_work_are_told_apart() {
        assert_eq!(
            history_ask("Show me what was added to docs/release.md since the last commit."),
            Some(HistoryAsk::Changes)
        );
        assert_eq!(
            history_ask("What changed since the last commit?"),
            Some(HistoryAsk::Changes)
        );
        assert_eq!(
            history_ask("Which files have uncommitted changes?"),
            Some(HistoryAsk::ChangedFiles)
        );
        assert_eq!(history_ask("Read README.md and explain it."), None);
        assert_eq!(history_ask("Commit the change to prices.csv."), None);
        assert_eq!(history_ask("Which files mention LOW_STOCK?"), None);
        // everyday2's wordings.
        assert_eq!(
            history_ask("Did something get added to docs/packing-list.md after the last commit?"),
            Some(HistoryAsk::Changes)
        );
        assert_eq!(
            history_ask(
                "I've edited a few things since my last commit. What exactly did I change?"
            ),
            Some(HistoryAsk::Changes)
        );
    }

    #[test]
    fn symbols_are_backticked_identifiers() {
        assert_eq!(
            named_symbols("In which file is the function `perimeter` defined?"),
            vec!["perimeter"]
        );
        assert_eq!(
            named_symbols("Where are `LOW_STOCK` and `sell` used? And `LOW_STOCK`?"),
            vec!["LOW_STOCK", "sell"]
        );
        assert!(named_symbols("Read `src/lib.rs`, run `cargo test`, see `a + b`.").is_empty());
        assert!(named_symbols("An unpaired `tick and `x`").is_empty());
        // Unquoted, only words shaped like code (everyday3's search jobs).
        assert_eq!(
            named_symbols("Where's SENSOR_TIMEOUT_S defined, and what uses it?"),
            vec!["SENSOR_TIMEOUT_S"]
        );
        assert_eq!(
            named_symbols("In which file is the MeterError enum defined?"),
            vec!["MeterError"]
        );
        assert_eq!(
            named_symbols("Is there a FIXME left anywhere in the source? Tell me the file."),
            vec!["FIXME"]
        );
        assert!(named_symbols("Where is the README for this API? Is it OK?").is_empty());
        assert!(named_symbols("What does the main function do?").is_empty());
    }

    /// everyday2's search-crampons and everyday3's search-projector: the word after a phrase
    /// of mentioning, in a question about files or notes.
    #[test]
    fn terms_a_question_asks_mentions_of() {
        assert_eq!(
            mentioned_terms("In which files do our notes talk about crampons?"),
            vec!["crampons"]
        );
        assert_eq!(
            mentioned_terms("Which of our notes say anything about a projector?"),
            vec!["projector"]
        );
        assert_eq!(
            mentioned_terms("Which files mention the ridge loop?"),
            vec!["ridge"]
        );
        assert!(mentioned_terms("Tell me about crampons.").is_empty());
    }

    #[test]
    fn requests_about_the_workspace_itself_are_recognized() {
        assert!(refers_to_workspace(
            "Which Rust source files does this crate have?"
        ));
        assert!(refers_to_workspace(
            "Where in the code is there a TODO comment?"
        ));
        assert!(refers_to_workspace(
            "Find all Python files in this project."
        ));
        assert!(refers_to_workspace(
            "Where are the Python test files? Give me their paths."
        ));
        assert!(!refers_to_workspace("Compute 17 * 23 + 4."));
        assert!(!refers_to_workspace("What is a file descriptor?"));
        assert!(!refers_to_workspace("Turn on the projector."));
        assert!(!refers_to_workspace("What is a crate in Rust?"));
    }
}
