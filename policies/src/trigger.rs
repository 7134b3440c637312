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
    out
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
    for (k, word) in words.iter().enumerate() {
        let named = if let Some(stem) = word.strip_suffix('/') {
            Some(stem)
        } else if words.get(k + 1).is_some_and(|next| is_dir_word(next))
            || (k > 0 && is_dir_word(words[k - 1]))
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
        assert!(named_dirs("the build folder and ../ and /etc/", is_dir).is_empty());
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
    }
}
