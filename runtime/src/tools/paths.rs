//! Workspace confinement: the one function that decides whether a path named by a call stays
//! inside the job's workspace. The tools and the guard both use it, so a path the guard admits
//! is exactly the path the tool acts on.

use std::path::{Component, Path, PathBuf};

use thiserror::Error;

/// Why a requested path was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathError {
    #[error("path `{path}` is empty")]
    Empty { path: String },
    /// `..` climbing above the workspace, an absolute path elsewhere, or a symlink leading out.
    #[error("path `{path}` resolves outside the workspace")]
    Escapes { path: String },
    #[error("path `{path}` could not be resolved: {reason}")]
    Unresolvable { path: String, reason: String },
}

/// Resolve `requested` (relative to the workspace, or absolute inside it) to a canonical path
/// inside `workspace`. The target itself need not exist (a file about to be created), but every
/// existing ancestor is canonicalized, so a symlink anywhere on the way that leads out is caught.
/// `workspace` must already be canonical.
pub fn confine(workspace: &Path, requested: &str) -> Result<PathBuf, PathError> {
    if requested.trim().is_empty() {
        return Err(PathError::Empty {
            path: requested.to_string(),
        });
    }
    let escapes = || PathError::Escapes {
        path: requested.to_string(),
    };
    let requested_path = Path::new(requested);
    // Lexical pass first: `..` is resolved against the workspace root, never above it.
    let relative = if requested_path.is_absolute() {
        requested_path
            .strip_prefix(workspace)
            .map_err(|_| escapes())?
            .to_path_buf()
    } else {
        requested_path.to_path_buf()
    };
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in relative.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(escapes());
                }
            }
            Component::RootDir | Component::Prefix(_) => return Err(escapes()),
        }
    }
    let lexical: PathBuf = parts.iter().fold(workspace.to_path_buf(), |p, c| p.join(c));

    // Physical pass: canonicalize the longest existing prefix (follows symlinks), then re-append
    // the not-yet-existing rest, which cannot contain links because it does not exist.
    let mut existing = lexical.clone();
    let mut missing_tail: Vec<std::ffi::OsString> = Vec::new();
    loop {
        match existing.symlink_metadata() {
            Ok(_) => break,
            Err(_) => match (existing.file_name(), existing.parent()) {
                (Some(name), Some(parent)) => {
                    missing_tail.push(name.to_os_string());
                    existing = parent.to_path_buf();
                }
                _ => return Err(escapes()),
            },
        }
    }
    let canonical = existing
        .canonicalize()
        .map_err(|e| PathError::Unresolvable {
            path: requested.to_string(),
            reason: e.to_string(),
        })?;
    let resolved = missing_tail.iter().rev().fold(canonical, |p, c| p.join(c));
    if resolved.starts_with(workspace) {
        Ok(resolved)
    } else {
        Err(escapes())
    }
}

/// The workspace-relative form of a confined path, with `/` separators (used as the key for
/// last-read hashes and dependency tracking).
pub fn relative_key(workspace: &Path, confined: &Path) -> String {
    match confined.strip_prefix(workspace) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".to_string(),
        Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
        Err(_) => confined.to_string_lossy().into_owned(),
    }
}

/// Lexical normalization of a workspace-relative path without touching the file system:
/// `./a/../b` → `b`. `None` when it climbs above the root or is absolute.
pub fn lexical_key(requested: &str) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for component in Path::new(requested).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    if parts.is_empty() {
        Some(".".to_string())
    } else {
        Some(parts.join("/"))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn workspace() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let canonical = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(canonical.join("src")).unwrap();
        std::fs::write(canonical.join("src/lib.rs"), "fn main() {}\n").unwrap();
        (dir, canonical)
    }

    #[test]
    fn relative_paths_inside_resolve() {
        let (_d, ws) = workspace();
        assert_eq!(confine(&ws, "src/lib.rs").unwrap(), ws.join("src/lib.rs"));
        assert_eq!(
            confine(&ws, "./src/../src/new.rs").unwrap(),
            ws.join("src/new.rs")
        );
        assert_eq!(confine(&ws, "a/b/c.txt").unwrap(), ws.join("a/b/c.txt"));
        assert_eq!(confine(&ws, ".").unwrap(), ws);
    }

    #[test]
    fn dotdot_and_foreign_absolute_paths_are_refused() {
        let (_d, ws) = workspace();
        assert!(matches!(
            confine(&ws, "../x"),
            Err(PathError::Escapes { .. })
        ));
        assert!(matches!(
            confine(&ws, "src/../../x"),
            Err(PathError::Escapes { .. })
        ));
        assert!(matches!(
            confine(&ws, "/etc/passwd"),
            Err(PathError::Escapes { .. })
        ));
        let inside = ws.join("src/lib.rs");
        assert_eq!(confine(&ws, inside.to_str().unwrap()).unwrap(), inside);
        assert!(matches!(confine(&ws, ""), Err(PathError::Empty { .. })));
    }

    #[test]
    fn symlinks_leading_out_are_refused() {
        let (_d, ws) = workspace();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), ws.join("out")).unwrap();
        assert!(matches!(
            confine(&ws, "out/secret"),
            Err(PathError::Escapes { .. })
        ));
        assert!(matches!(
            confine(&ws, "out"),
            Err(PathError::Escapes { .. })
        ));
        std::os::unix::fs::symlink(ws.join("src"), ws.join("inner")).unwrap();
        assert_eq!(confine(&ws, "inner/lib.rs").unwrap(), ws.join("src/lib.rs"));
    }

    #[test]
    fn lexical_keys_normalize() {
        assert_eq!(lexical_key("./a/../b/c").as_deref(), Some("b/c"));
        assert_eq!(lexical_key("../a"), None);
        assert_eq!(lexical_key("/abs"), None);
    }
}
