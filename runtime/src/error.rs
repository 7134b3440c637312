use thiserror::Error;

/// Errors of the runtime crate.
#[derive(Debug, Error)]
pub enum RuntimeError {
    /// Fewer bytes than the frame header or its declared length.
    #[error("truncated frame: needed {needed} bytes, got {got}")]
    TruncatedFrame { needed: usize, got: usize },
    /// A frame longer than the maximum; refused before allocating.
    #[error("oversize frame: {len} bytes exceeds the maximum of {max}")]
    OversizeFrame { len: usize, max: usize },
    /// Bytes that are not a valid envelope or body.
    #[error("malformed frame: {0}")]
    MalformedFrame(String),
    /// An envelope of another wire version.
    #[error("wire version {got} is not supported (this build speaks {expected})")]
    WrongVersion { got: u32, expected: u32 },
    /// The envelope's kind does not match the body type asked for.
    #[error("unexpected message kind {got:?}, expected {expected:?}")]
    UnexpectedKind { got: String, expected: String },
    #[error("encoding: {0}")]
    Encode(String),
    /// A plan missing a required field.
    #[error("invalid plan: missing or invalid {field}")]
    InvalidPlan { field: String },
    #[error("ledger {path}: {reason}")]
    Ledger { path: String, reason: String },
    #[error("ledger writer is closed")]
    LedgerClosed,
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}
