//! ARCHITECTURE.md is the map a newcomer reads first: every file or folder it names in
//! backticks must exist in the tree (issue 16 item 3), so a move that forgets the map fails here.

#![allow(clippy::expect_used)]
use std::path::{Path, PathBuf};

/// Every file and folder of the repository (without build output and VCS data), as paths
/// relative to the root with `/` separators.
fn tree(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&rel)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if matches!(name.as_str(), "target" | ".git") {
                continue;
            }
            let path = rel.join(&name);
            let text = path.to_string_lossy().replace('\\', "/");
            if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                out.push(format!("{text}/"));
                stack.push(path);
            } else {
                out.push(text);
            }
        }
    }
    out
}

/// Backticked spans that name a repository path: they hold a `/` or end in a source or data
/// extension. Placeholders (`<node>`), globs, environment paths and the workspace's runtime
/// files (`.tact/…`, created by a job) are not repository paths.
fn named_paths(doc: &str) -> Vec<String> {
    const EXTENSIONS: [&str; 8] = [
        ".rs", ".md", ".toml", ".json", ".jsonl", ".sh", ".py", ".yml",
    ];
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.contains(char::is_whitespace) && !span.is_empty())
        .filter(|span| span.contains('/') || EXTENSIONS.iter().any(|e| span.ends_with(e)))
        .filter(|span| !span.contains(['<', '*', '$', '~', '{', '(', ':', '=']))
        .filter(|span| !span.starts_with(".tact") && !span.starts_with("--"))
        .filter(|span| {
            span.chars()
                .all(|c| c.is_ascii_alphanumeric() || "./_-".contains(c))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn architecture_names_only_paths_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let tree = tree(root);
    let named = named_paths(&doc);
    assert!(named.len() > 50, "the map names files: {named:?}");
    // A name resolves when it is a path from the root, or the tail of one (the code map names
    // files relative to the crate it describes).
    let missing: Vec<&String> = named
        .iter()
        .filter(|name| {
            let name = name.trim_start_matches("./");
            let dir = format!("{}/", name.trim_end_matches('/'));
            !tree.iter().any(|p| {
                p == name
                    || *p == dir
                    || p.ends_with(&format!("/{name}"))
                    || p.ends_with(&format!("/{dir}"))
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names {missing:?}, which do not exist"
    );
}

#[test]
fn the_path_finder_sees_a_moved_file() {
    // The check above must be able to fail: a named file that was moved away is reported.
    let named = named_paths("the actors (`actors/src/wiring.rs`, `nodes/guard.rs`) and `x y`");
    assert_eq!(named, vec!["actors/src/wiring.rs", "nodes/guard.rs"]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = tree(root);
    assert!(!tree.iter().any(|p| p.ends_with("actors/src/wiring.rs")));
    assert!(tree.iter().any(|p| p == "actors/src/nodes/guard.rs"));
}
