//! A small unified-diff parser and applier for `apply_patch` (and the guard's dry run).
//!
//! Hunks must match the file's current lines exactly (no whitespace fuzz); a hunk whose stated
//! line number is off is searched for nearby and placed at the closest exact match, after the
//! previous hunk.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PatchError {
    #[error("the patch contains no file headers (`--- a/path` then `+++ b/path`)")]
    NoFiles,
    #[error("line {line} of the patch: {reason}")]
    Malformed { line: usize, reason: String },
    #[error("{path}: hunk {hunk} does not match the file (expected to find: {expected:?})")]
    HunkDoesNotApply {
        path: String,
        hunk: usize,
        expected: String,
    },
    #[error("{path}: the patch creates it but it already exists")]
    AlreadyExists { path: String },
    #[error("{path}: the patch deletes it but its content differs from the patch")]
    DeleteMismatch { path: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HunkLine {
    Context(String),
    Remove(String),
    Add(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    pub old_start: usize,
    pub old_len: usize,
    pub new_start: usize,
    pub new_len: usize,
    pub lines: Vec<HunkLine>,
    /// The new side's last line has no trailing newline (`\ No newline at end of file`).
    pub new_no_eol: bool,
}

impl Hunk {
    fn old_lines(&self) -> Vec<&str> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                HunkLine::Context(s) | HunkLine::Remove(s) => Some(s.as_str()),
                HunkLine::Add(_) => None,
            })
            .collect()
    }

    fn new_lines(&self) -> Vec<String> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                HunkLine::Context(s) | HunkLine::Add(s) => Some(s.clone()),
                HunkLine::Remove(_) => None,
            })
            .collect()
    }
}

/// The changes to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePatch {
    /// `None` for `/dev/null` (the file is created).
    pub old_path: Option<String>,
    /// `None` for `/dev/null` (the file is deleted).
    pub new_path: Option<String>,
    pub hunks: Vec<Hunk>,
}

impl FilePatch {
    /// The workspace path the patch acts on.
    pub fn target(&self) -> &str {
        self.new_path
            .as_deref()
            .or(self.old_path.as_deref())
            .unwrap_or_default()
    }

    pub fn creates(&self) -> bool {
        self.old_path.is_none()
    }

    pub fn deletes(&self) -> bool {
        self.new_path.is_none()
    }
}

fn header_path(rest: &str) -> Option<String> {
    // Drop a trailing timestamp (`path\t2024-01-01 ...`) and git's a/ b/ prefixes.
    let raw = rest.split('\t').next().unwrap_or_default().trim_end();
    let raw = raw.trim_matches('"');
    if raw == "/dev/null" {
        return None;
    }
    let stripped = raw
        .strip_prefix("a/")
        .or_else(|| raw.strip_prefix("b/"))
        .unwrap_or(raw);
    Some(stripped.to_string())
}

fn parse_range(text: &str, line: usize) -> Result<(usize, usize), PatchError> {
    let bad = || PatchError::Malformed {
        line,
        reason: format!("bad hunk range `{text}`"),
    };
    let (start, len) = match text.split_once(',') {
        Some((s, l)) => (s, l),
        None => (text, "1"),
    };
    Ok((
        start.parse().map_err(|_| bad())?,
        len.parse().map_err(|_| bad())?,
    ))
}

fn parse_hunk_header(header: &str, line: usize) -> Result<Hunk, PatchError> {
    let bad = || PatchError::Malformed {
        line,
        reason: "hunk header must look like `@@ -start,len +start,len @@`".into(),
    };
    let inner = header.strip_prefix("@@ ").ok_or_else(bad)?;
    let end = inner.find(" @@").ok_or_else(bad)?;
    let mut parts = inner[..end].split_whitespace();
    let old = parts
        .next()
        .and_then(|p| p.strip_prefix('-'))
        .ok_or_else(bad)?;
    let new = parts
        .next()
        .and_then(|p| p.strip_prefix('+'))
        .ok_or_else(bad)?;
    let (old_start, old_len) = parse_range(old, line)?;
    let (new_start, new_len) = parse_range(new, line)?;
    Ok(Hunk {
        old_start,
        old_len,
        new_start,
        new_len,
        lines: Vec::new(),
        new_no_eol: false,
    })
}

/// Parse a unified diff with one or more files.
pub fn parse_patch(text: &str) -> Result<Vec<FilePatch>, PatchError> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut files: Vec<FilePatch> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let Some(old_rest) = line.strip_prefix("--- ") else {
            i += 1;
            continue;
        };
        let Some(new_rest) = lines.get(i + 1).and_then(|l| l.strip_prefix("+++ ")) else {
            return Err(PatchError::Malformed {
                line: i + 2,
                reason: "`--- old` must be followed by `+++ new`".into(),
            });
        };
        let mut file = FilePatch {
            old_path: header_path(old_rest),
            new_path: header_path(new_rest),
            hunks: Vec::new(),
        };
        if file.old_path.is_none() && file.new_path.is_none() {
            return Err(PatchError::Malformed {
                line: i + 1,
                reason: "both sides are /dev/null".into(),
            });
        }
        i += 2;
        while i < lines.len() && lines[i].starts_with("@@") {
            let mut hunk = parse_hunk_header(lines[i], i + 1)?;
            i += 1;
            let (mut old_seen, mut new_seen) = (0usize, 0usize);
            while old_seen < hunk.old_len || new_seen < hunk.new_len {
                let Some(body) = lines.get(i) else {
                    return Err(PatchError::Malformed {
                        line: i + 1,
                        reason: "the patch ends inside a hunk".into(),
                    });
                };
                if let Some(rest) = body.strip_prefix(' ') {
                    hunk.lines.push(HunkLine::Context(rest.to_string()));
                    old_seen += 1;
                    new_seen += 1;
                } else if body.is_empty() {
                    // Editors often strip the single space of an empty context line.
                    hunk.lines.push(HunkLine::Context(String::new()));
                    old_seen += 1;
                    new_seen += 1;
                } else if let Some(rest) = body.strip_prefix('-') {
                    hunk.lines.push(HunkLine::Remove(rest.to_string()));
                    old_seen += 1;
                } else if let Some(rest) = body.strip_prefix('+') {
                    hunk.lines.push(HunkLine::Add(rest.to_string()));
                    new_seen += 1;
                } else if body.starts_with('\\') {
                    // handled below, after the line it annotates
                } else {
                    return Err(PatchError::Malformed {
                        line: i + 1,
                        reason: format!(
                            "hunk line must start with ' ', '-' or '+' (hunk declares {} old and {} new lines)",
                            hunk.old_len, hunk.new_len
                        ),
                    });
                }
                i += 1;
                if old_seen > hunk.old_len || new_seen > hunk.new_len {
                    return Err(PatchError::Malformed {
                        line: i,
                        reason: "hunk has more lines than its header declares".into(),
                    });
                }
            }
            // `\ No newline at end of file` right after the hunk's last line.
            if lines.get(i).is_some_and(|l| l.starts_with('\\')) {
                if !matches!(hunk.lines.last(), Some(HunkLine::Remove(_))) {
                    hunk.new_no_eol = true;
                }
                i += 1;
                if lines.get(i).is_some_and(|l| l.starts_with('\\')) {
                    hunk.new_no_eol = true;
                    i += 1;
                }
            }
            file.hunks.push(hunk);
        }
        if file.hunks.is_empty() {
            return Err(PatchError::Malformed {
                line: i + 1,
                reason: format!("no hunks for `{}`", file.target()),
            });
        }
        files.push(file);
    }
    if files.is_empty() {
        return Err(PatchError::NoFiles);
    }
    Ok(files)
}

/// Apply one file's hunks to its current text (`None` when the file does not exist). Returns
/// the new text, or `None` when the patch deletes the file.
pub fn apply_file_patch(
    original: Option<&str>,
    patch: &FilePatch,
) -> Result<Option<String>, PatchError> {
    let path = patch.target().to_string();
    if patch.creates() && original.is_some_and(|o| !o.is_empty()) {
        return Err(PatchError::AlreadyExists { path });
    }
    let text = original.unwrap_or_default();
    let had_trailing_newline = text.is_empty() || text.ends_with('\n');
    let mut lines: Vec<String> = if text.is_empty() {
        Vec::new()
    } else {
        text.strip_suffix('\n')
            .unwrap_or(text)
            .split('\n')
            .map(str::to_string)
            .collect()
    };
    let mut trailing_newline = had_trailing_newline;
    let mut floor = 0usize; // hunks apply in order: never before the previous one's end
    let mut offset: isize = 0;
    for (index, hunk) in patch.hunks.iter().enumerate() {
        let old = hunk.old_lines();
        let stated = if hunk.old_len == 0 {
            hunk.old_start
        } else {
            hunk.old_start.saturating_sub(1)
        };
        let desired = stated.saturating_add_signed(offset).max(floor);
        let fits = |at: usize| {
            at + old.len() <= lines.len() && old.iter().zip(&lines[at..]).all(|(a, b)| *a == b)
        };
        let mut found = None;
        for distance in 0..=lines.len() {
            if let Some(at) = desired.checked_add(distance).filter(|&at| fits(at)) {
                found = Some(at);
                break;
            }
            if let Some(at) = desired
                .checked_sub(distance)
                .filter(|&at| at >= floor && fits(at))
            {
                found = Some(at);
                break;
            }
        }
        let Some(at) = found else {
            return Err(PatchError::HunkDoesNotApply {
                path,
                hunk: index + 1,
                expected: old.iter().take(3).copied().collect::<Vec<_>>().join("\n"),
            });
        };
        let new = hunk.new_lines();
        let new_len = new.len();
        lines.splice(at..at + old.len(), new);
        offset += new_len as isize - old.len() as isize;
        offset += at as isize - desired as isize;
        floor = at + new_len;
        if floor == lines.len() {
            trailing_newline = !hunk.new_no_eol;
        }
    }
    if patch.deletes() {
        return if lines.is_empty() {
            Ok(None)
        } else {
            Err(PatchError::DeleteMismatch { path })
        };
    }
    let mut out = lines.join("\n");
    if trailing_newline && !lines.is_empty() {
        out.push('\n');
    }
    Ok(Some(out))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const BASE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";

    #[test]
    fn applies_a_git_style_patch() {
        let patch = "diff --git a/f.txt b/f.txt\nindex 1..2 100644\n--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,3 @@\n two\n-three\n+THREE\n four\n@@ -6,2 +6,3 @@\n six\n seven\n+eight\n";
        let files = parse_patch(patch).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].target(), "f.txt");
        let out = apply_file_patch(Some(BASE), &files[0]).unwrap().unwrap();
        assert_eq!(out, "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\n");
    }

    #[test]
    fn finds_a_hunk_whose_line_number_is_off() {
        let patch = "--- f\n+++ f\n@@ -1,2 +1,2 @@\n five\n-six\n+SIX\n";
        let files = parse_patch(patch).unwrap();
        let out = apply_file_patch(Some(BASE), &files[0]).unwrap().unwrap();
        assert!(out.contains("five\nSIX\nseven"));
    }

    #[test]
    fn refuses_a_hunk_that_does_not_match() {
        let patch = "--- f\n+++ f\n@@ -1,2 +1,2 @@\n one\n-TWO\n+2\n";
        let files = parse_patch(patch).unwrap();
        assert!(matches!(
            apply_file_patch(Some(BASE), &files[0]),
            Err(PatchError::HunkDoesNotApply { hunk: 1, .. })
        ));
    }

    #[test]
    fn creates_and_deletes_files() {
        let create = "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n";
        let files = parse_patch(create).unwrap();
        assert!(files[0].creates());
        assert_eq!(
            apply_file_patch(None, &files[0]).unwrap().as_deref(),
            Some("hello\nworld\n")
        );
        assert!(matches!(
            apply_file_patch(Some("x\n"), &files[0]),
            Err(PatchError::AlreadyExists { .. })
        ));
        let delete = "--- a/old.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-bye\n";
        let files = parse_patch(delete).unwrap();
        assert_eq!(apply_file_patch(Some("bye\n"), &files[0]).unwrap(), None);
    }

    #[test]
    fn handles_missing_newline_at_end() {
        let patch = "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n";
        let files = parse_patch(patch).unwrap();
        assert_eq!(
            apply_file_patch(Some("a"), &files[0]).unwrap().as_deref(),
            Some("b")
        );
        let add_eol = "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n";
        let files = parse_patch(add_eol).unwrap();
        assert_eq!(
            apply_file_patch(Some("a"), &files[0]).unwrap().as_deref(),
            Some("b\n")
        );
    }

    #[test]
    fn multi_file_patches_and_garbage() {
        let patch =
            "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-1\n+2\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-3\n+4\n";
        let files = parse_patch(patch).unwrap();
        assert_eq!(
            files.iter().map(FilePatch::target).collect::<Vec<_>>(),
            ["x", "y"]
        );
        assert_eq!(parse_patch("just words"), Err(PatchError::NoFiles));
        assert!(matches!(
            parse_patch("--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n"),
            Err(PatchError::Malformed { .. })
        ));
        assert!(matches!(
            parse_patch("--- a/x\n+++ b/x\n@@ nonsense @@\n"),
            Err(PatchError::Malformed { .. })
        ));
    }
}
