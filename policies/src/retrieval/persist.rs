//! On-disk form of a [`RetrievalIndex`]: a MessagePack header, then the MessagePack body.
//!
//! The header is read first and checked, so an index written by another format or tokenizer
//! version is refused with a clear message instead of being half-decoded.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::tokenize::TOKENIZER_VERSION;
use super::{RetrievalError, RetrievalIndex};

/// Identifies a tact retrieval index file.
pub const MAGIC: &str = "tact-retrieval-index";
/// Layout of the body; bump on any change to [`RetrievalIndex`]'s fields.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndexHeader {
    pub magic: String,
    pub format_version: u32,
    pub tokenizer_version: u32,
    pub tool_count: u64,
    pub embedder_id: Option<String>,
    pub embedded_count: u64,
}

impl RetrievalIndex {
    pub fn header(&self) -> IndexHeader {
        IndexHeader {
            magic: MAGIC.to_string(),
            format_version: FORMAT_VERSION,
            tokenizer_version: TOKENIZER_VERSION,
            tool_count: self.len() as u64,
            embedder_id: self.embedder_id().map(String::from),
            embedded_count: self.embedded_count() as u64,
        }
    }

    pub fn write_to(&self, writer: impl Write) -> Result<(), RetrievalError> {
        let mut writer = BufWriter::new(writer);
        rmp_serde::encode::write_named(&mut writer, &self.header())
            .map_err(|e| RetrievalError::Encode(e.to_string()))?;
        rmp_serde::encode::write_named(&mut writer, self)
            .map_err(|e| RetrievalError::Encode(e.to_string()))?;
        writer
            .flush()
            .map_err(|e| RetrievalError::Encode(e.to_string()))
    }

    pub fn read_from(reader: impl Read) -> Result<RetrievalIndex, RetrievalError> {
        let mut deserializer = rmp_serde::Deserializer::new(BufReader::new(reader));
        let header = IndexHeader::deserialize(&mut deserializer)
            .map_err(|e| RetrievalError::Header(format!("not a tact retrieval index ({e})")))?;
        check_header(&header)?;
        let index = RetrievalIndex::deserialize(&mut deserializer)
            .map_err(|e| RetrievalError::Decode(e.to_string()))?;
        if index.len() as u64 != header.tool_count {
            return Err(RetrievalError::Decode(format!(
                "header says {} tools, body has {}",
                header.tool_count,
                index.len()
            )));
        }
        Ok(index)
    }

    /// Write atomically: a temporary file beside `path`, then rename, so a crash never leaves
    /// a truncated index behind.
    pub fn save(&self, path: &Path) -> Result<(), RetrievalError> {
        let io = |e: std::io::Error| RetrievalError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        // One temporary per writer (process and call): two jobs, or two threads, persisting
        // the same index at once must not interleave their bytes in one file.
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let nth = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temporary = path.with_extension(format!("partial.{}.{nth}", std::process::id()));
        let file = std::fs::File::create(&temporary).map_err(io)?;
        let mut writer = std::io::BufWriter::new(file);
        self.write_to(&mut writer)?;
        let file = writer.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&temporary, path).map_err(io)
    }

    pub fn load(path: &Path) -> Result<RetrievalIndex, RetrievalError> {
        let file = std::fs::File::open(path).map_err(|e| RetrievalError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        RetrievalIndex::read_from(file)
    }
}

fn check_header(header: &IndexHeader) -> Result<(), RetrievalError> {
    if header.magic != MAGIC {
        return Err(RetrievalError::Header(format!(
            "magic is {:?}, expected {MAGIC:?}",
            header.magic
        )));
    }
    if header.format_version != FORMAT_VERSION {
        return Err(RetrievalError::Header(format!(
            "format version {} (this build reads {FORMAT_VERSION}); rebuild the index",
            header.format_version
        )));
    }
    if header.tokenizer_version != TOKENIZER_VERSION {
        return Err(RetrievalError::Header(format!(
            "tokenizer version {} (this build tokenizes as {TOKENIZER_VERSION}); rebuild the index",
            header.tokenizer_version
        )));
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::retrieval::{EmbeddingCache, HashingEmbedder, ToolSpec};

    fn index() -> RetrievalIndex {
        let tools: Vec<ToolSpec> = (0..50)
            .map(|i| ToolSpec {
                tool_id: format!("tool_{i}"),
                name: format!("tool_{i}"),
                description: format!("does thing number {i} with widgets"),
                parameters: None,
            })
            .collect();
        RetrievalIndex::build(&tools)
    }

    #[test]
    fn round_trips_through_bytes_with_embeddings() {
        let mut index = index();
        let mut cache = EmbeddingCache::default();
        index
            .embed_missing(
                &HashingEmbedder { dimensions: 8 },
                &mut cache,
                16,
                Some(20),
                &mut |_| {},
            )
            .unwrap();
        assert_eq!(index.embedded_count(), 20);
        let mut bytes = Vec::new();
        index.write_to(&mut bytes).unwrap();
        let back = RetrievalIndex::read_from(bytes.as_slice()).unwrap();
        assert_eq!(back, index);
        assert_eq!(back.header().embedded_count, 20);
    }

    #[test]
    fn refuses_garbage_and_other_versions() {
        assert!(matches!(
            RetrievalIndex::read_from(&b"not msgpack at all"[..]),
            Err(RetrievalError::Header(_))
        ));
        let mut header = index().header();
        header.format_version = FORMAT_VERSION + 1;
        let mut bytes = rmp_serde::to_vec_named(&header).unwrap();
        bytes.extend(rmp_serde::to_vec_named(&index()).unwrap());
        let err = RetrievalIndex::read_from(bytes.as_slice()).unwrap_err();
        assert!(err.to_string().contains("format version"), "{err}");
    }

    #[test]
    fn load_or_build_reuses_an_unchanged_catalog_and_rebuilds_a_changed_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.msgpack");
        let mut tools: Vec<ToolSpec> = (0..5)
            .map(|i| ToolSpec {
                tool_id: format!("t{i}"),
                name: format!("t{i}"),
                description: "d".into(),
                parameters: None,
            })
            .collect();
        let (_, rebuilt) = RetrievalIndex::load_or_build(&path, &tools).unwrap();
        assert!(rebuilt);
        let (index, rebuilt) = RetrievalIndex::load_or_build(&path, &tools).unwrap();
        assert!(!rebuilt);
        assert_eq!(index.len(), 5);
        tools[2].description = "changed".into();
        let (_, rebuilt) = RetrievalIndex::load_or_build(&path, &tools).unwrap();
        assert!(rebuilt);
        std::fs::write(&path, b"garbage").unwrap();
        let (index, rebuilt) = RetrievalIndex::load_or_build(&path, &tools).unwrap();
        assert!(rebuilt && index.len() == 5);
    }

    #[test]
    fn save_and_load_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/index.msgpack");
        index().save(&path).unwrap();
        assert_eq!(RetrievalIndex::load(&path).unwrap(), index());
        assert!(RetrievalIndex::load(&dir.path().join("missing")).is_err());
    }
}
