//! One way to name a decoder everywhere (`--model NAME|PATH`): an installed model's name, a
//! GGUF file, or an HF folder. [`resolve_model`] is the only place that turns the text into a
//! file; [`ResolvedModel::spawn`] and [`ResolvedModel::load_engine`] load it.

use std::path::{Path, PathBuf};

use crate::engine::{BackendKind, Engine};
use crate::error::ModelError;
use crate::fetch::{QWEN_CODER_DIR, SMOLLM2_DIR, qwen_coder_path, smollm2_path};
use crate::handle::ModelHandle;

/// The decoder used when no `--model` is given.
pub const DEFAULT_MODEL: &str = SMOLLM2_DIR;

/// Decoders tact installs, by name: (name, other accepted names, path under the home).
fn known_models(home: &Path) -> [(&'static str, &'static [&'static str], PathBuf); 2] {
    [
        (SMOLLM2_DIR, &["smollm2"], smollm2_path(home)),
        (
            "qwen2.5-coder-0.5b",
            &[QWEN_CODER_DIR],
            qwen_coder_path(home),
        ),
    ]
}

/// Names of the decoders installed under `home`.
pub fn installed_model_names(home: &Path) -> Vec<&'static str> {
    known_models(home)
        .into_iter()
        .filter(|(_, _, path)| path.is_file())
        .map(|(name, _, _)| name)
        .collect()
}

/// What a `--model` value names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSource {
    Gguf(PathBuf),
    HfFolder(PathBuf),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedModel {
    /// The installed name, or the path as given.
    pub name: String,
    pub source: ModelSource,
}

impl ResolvedModel {
    pub fn path(&self) -> &Path {
        match &self.source {
            ModelSource::Gguf(path) | ModelSource::HfFolder(path) => path,
        }
    }

    /// Load the engine (on the calling thread).
    pub fn load_engine(&self, backend: BackendKind) -> Result<Engine, ModelError> {
        match &self.source {
            ModelSource::Gguf(path) => Engine::from_gguf_path(path, backend),
            ModelSource::HfFolder(path) => crate::hf::engine_from_hf_folder(path, backend),
        }
    }

    /// Start a model thread serving this decoder.
    pub fn spawn(&self, backend: BackendKind) -> Result<ModelHandle, ModelError> {
        self.spawn_with_threads(backend, None)
    }

    /// [`ResolvedModel::spawn`] with the decoder on `threads` threads (None: the machine's
    /// cores).
    pub fn spawn_with_threads(
        &self,
        backend: BackendKind,
        threads: Option<usize>,
    ) -> Result<ModelHandle, ModelError> {
        let resolved = self.clone();
        ModelHandle::spawn(move || {
            let mut engine = resolved.load_engine(backend)?;
            if let Some(threads) = threads {
                engine.set_threads(threads)?;
            }
            Ok(engine)
        })
    }
}

/// Resolve `spec` (None = the default model): an installed model's name, else an existing GGUF
/// file or HF folder. A name that is neither is refused with the installed names listed.
pub fn resolve_model(spec: Option<&str>, home: &Path) -> Result<ResolvedModel, ModelError> {
    let spec = spec.unwrap_or(DEFAULT_MODEL);
    for (name, aliases, path) in known_models(home) {
        if spec == name || aliases.contains(&spec) {
            if !path.is_file() {
                return Err(ModelError::NotInstalled(format!(
                    "{name} ({}; run `tact models fetch{}`)",
                    path.display(),
                    if name == SMOLLM2_DIR {
                        String::new()
                    } else {
                        format!(" {name}")
                    }
                )));
            }
            return Ok(ResolvedModel {
                name: name.to_owned(),
                source: ModelSource::Gguf(path),
            });
        }
    }
    let path = PathBuf::from(spec);
    if path.is_file() {
        return Ok(ResolvedModel {
            name: spec.to_owned(),
            source: ModelSource::Gguf(path),
        });
    }
    if path.is_dir() {
        return Ok(ResolvedModel {
            name: spec.to_owned(),
            source: ModelSource::HfFolder(path),
        });
    }
    let installed = installed_model_names(home);
    Err(ModelError::UnknownModel {
        spec: spec.to_owned(),
        installed: if installed.is_empty() {
            "none; run `tact models fetch`".to_owned()
        } else {
            installed.join(", ")
        },
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn names_paths_and_unknown_names() {
        let home = tempfile::tempdir().unwrap();
        let smol = smollm2_path(home.path());
        std::fs::create_dir_all(smol.parent().unwrap()).unwrap();
        std::fs::write(&smol, b"GGUF").unwrap();

        let by_name = resolve_model(Some("smollm2-135m-instruct"), home.path()).unwrap();
        assert_eq!(by_name.source, ModelSource::Gguf(smol.clone()));
        assert_eq!(resolve_model(None, home.path()).unwrap(), by_name);
        assert_eq!(
            resolve_model(Some(smol.to_str().unwrap()), home.path())
                .unwrap()
                .source,
            ModelSource::Gguf(smol.clone())
        );
        let folder = resolve_model(Some(home.path().to_str().unwrap()), home.path()).unwrap();
        assert!(matches!(folder.source, ModelSource::HfFolder(_)));

        // Known but not installed: says how to install it.
        let err = resolve_model(Some("qwen2.5-coder-0.5b"), home.path())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("tact models fetch qwen2.5-coder-0.5b"),
            "{err}"
        );
        // Unknown: lists what is installed.
        let err = resolve_model(Some("llama-9000"), home.path())
            .unwrap_err()
            .to_string();
        assert!(err.contains("llama-9000"), "{err}");
        assert!(err.contains("installed: smollm2-135m-instruct"), "{err}");
        assert!(!err.contains("qwen2.5-coder-0.5b"), "{err}");
    }
}
