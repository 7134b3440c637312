//! A result cache for model outputs (confidence signals, choices), so tune, A/B and repeated
//! evals never redo a forward pass.
//!
//! Stored as JSON Lines, one `{key, digest, value}` per line, appended as results arrive: an
//! interrupted run keeps what it computed. The key is (kind, model id, item id); the digest is
//! of the exact prompt, so a changed prompt is recomputed rather than served stale.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::EvalError;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct CacheLine {
    key: String,
    digest: String,
    value: serde_json::Value,
}

#[derive(Debug)]
pub struct ResultCache {
    path: Option<PathBuf>,
    entries: HashMap<String, (String, serde_json::Value)>,
    pub hits: usize,
    pub misses: usize,
}

/// Cache key of one result.
pub fn cache_key(kind: &str, model_id: &str, item_id: &str) -> String {
    format!("{kind}\u{1f}{model_id}\u{1f}{item_id}")
}

impl ResultCache {
    /// An empty cache that keeps nothing on disk.
    pub fn in_memory() -> ResultCache {
        ResultCache {
            path: None,
            entries: HashMap::new(),
            hits: 0,
            misses: 0,
        }
    }

    /// Open (or start) the cache at `path`. A corrupt line (e.g. a torn last write) is
    /// skipped: it only costs a recomputation.
    pub fn open(path: &Path) -> Result<ResultCache, EvalError> {
        let mut cache = ResultCache {
            path: Some(path.to_path_buf()),
            ..ResultCache::in_memory()
        };
        match std::fs::read_to_string(path) {
            Ok(text) => {
                for line in text.lines() {
                    if let Ok(entry) = serde_json::from_str::<CacheLine>(line) {
                        cache.entries.insert(entry.key, (entry.digest, entry.value));
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(EvalError::Read {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                });
            }
        }
        Ok(cache)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The cached value for `key` if it was computed from a prompt with this `digest`.
    pub fn get<T: DeserializeOwned>(&mut self, key: &str, digest: &str) -> Option<T> {
        let found = self
            .entries
            .get(key)
            .filter(|(d, _)| d == digest)
            .and_then(|(_, v)| serde_json::from_value(v.clone()).ok());
        if found.is_some() {
            self.hits += 1;
        } else {
            self.misses += 1;
        }
        found
    }

    /// Record a value (and append it to the file, if any).
    pub fn put<T: Serialize>(
        &mut self,
        key: &str,
        digest: &str,
        value: &T,
    ) -> Result<(), EvalError> {
        let value = serde_json::to_value(value).map_err(|e| EvalError::Invalid(e.to_string()))?;
        if let Some(path) = &self.path {
            let line = serde_json::to_string(&CacheLine {
                key: key.to_string(),
                digest: digest.to_string(),
                value: value.clone(),
            })
            .map_err(|e| EvalError::Invalid(e.to_string()))?;
            let io = |e: std::io::Error| EvalError::Write {
                path: path.display().to_string(),
                reason: e.to_string(),
            };
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent).map_err(io)?;
            }
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(io)?;
            writeln!(file, "{line}").map_err(io)?;
        }
        self.entries
            .insert(key.to_string(), (digest.to_string(), value));
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn values_survive_reopening_and_a_changed_digest_misses() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c/signals.jsonl");
        let key = cache_key("trigger", "m1", "item-1");
        {
            let mut cache = ResultCache::open(&path).unwrap();
            assert_eq!(cache.get::<f32>(&key, "d1"), None);
            cache.put(&key, "d1", &0.25f32).unwrap();
        }
        // A torn trailing line is ignored.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"{\"key\":")
            .unwrap();
        let mut cache = ResultCache::open(&path).unwrap();
        assert_eq!(cache.get::<f32>(&key, "d1"), Some(0.25));
        assert_eq!(cache.get::<f32>(&key, "d2"), None);
        assert_eq!(
            cache.get::<f32>(&cache_key("trigger", "m2", "item-1"), "d1"),
            None
        );
        assert_eq!((cache.hits, cache.misses), (1, 2));
    }
}
