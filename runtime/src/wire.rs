//! The wire: every message that crosses an actor or process boundary is a serde type encoded
//! with rmp-serde (named maps) inside a versioned [`Envelope`], framed as
//! `u32 big-endian length | payload`.
//!
//! Decoding never panics. Truncated, oversize, malformed and wrong-version input each give
//! their own [`RuntimeError`] variant, and the frame length is checked against the maximum
//! *before* any buffer is allocated.

use std::io::{Read, Write};

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::error::RuntimeError;

/// The wire version this build speaks.
pub const WIRE_VERSION: u32 = 1;

/// Default maximum frame payload: 16 MiB. Large enough for a file read capped by the tools,
/// small enough that a corrupt length cannot make us allocate gigabytes.
pub const MAX_FRAME: usize = 16 * 1024 * 1024;

/// A message body that knows its kind tag.
pub trait Message: Serialize + DeserializeOwned {
    const KIND: &'static str;
}

/// The versioned envelope around every message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub id: u64,
    pub kind: String,
    pub body: T,
}

/// Only the header of an envelope, to check version and kind before decoding the body.
#[derive(Deserialize)]
struct EnvelopeHeader {
    v: u32,
    #[allow(dead_code)]
    id: u64,
    kind: String,
}

impl<T: Message> Envelope<T> {
    pub fn new(id: u64, body: T) -> Self {
        Self {
            v: WIRE_VERSION,
            id,
            kind: T::KIND.to_string(),
            body,
        }
    }
}

/// Encode a message into an envelope payload (no length prefix).
pub fn encode<T: Message>(id: u64, body: &T) -> Result<Vec<u8>, RuntimeError> {
    #[derive(Serialize)]
    struct Out<'a, T> {
        v: u32,
        id: u64,
        kind: &'a str,
        body: &'a T,
    }
    rmp_serde::to_vec_named(&Out {
        v: WIRE_VERSION,
        id,
        kind: T::KIND,
        body,
    })
    .map_err(|e| RuntimeError::Encode(e.to_string()))
}

/// Peek at an envelope's version and kind.
pub fn peek_kind(payload: &[u8]) -> Result<(u64, String), RuntimeError> {
    let header: EnvelopeHeader =
        rmp_serde::from_slice(payload).map_err(|e| RuntimeError::MalformedFrame(e.to_string()))?;
    if header.v != WIRE_VERSION {
        return Err(RuntimeError::WrongVersion {
            got: header.v,
            expected: WIRE_VERSION,
        });
    }
    Ok((header.id, header.kind))
}

/// Decode an envelope payload of a known kind.
pub fn decode<T: Message>(payload: &[u8]) -> Result<Envelope<T>, RuntimeError> {
    let (_, kind) = peek_kind(payload)?;
    if kind != T::KIND {
        return Err(RuntimeError::UnexpectedKind {
            got: kind,
            expected: T::KIND.to_string(),
        });
    }
    rmp_serde::from_slice(payload).map_err(|e| RuntimeError::MalformedFrame(e.to_string()))
}

/// Prefix a payload with its length.
pub fn frame(payload: &[u8]) -> Result<Vec<u8>, RuntimeError> {
    let len = u32::try_from(payload.len()).map_err(|_| RuntimeError::OversizeFrame {
        len: payload.len(),
        max: MAX_FRAME,
    })?;
    let mut out = Vec::with_capacity(4 + payload.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(payload);
    Ok(out)
}

/// Split one frame off the front of `bytes`: returns the payload and the rest.
pub fn unframe(bytes: &[u8], max: usize) -> Result<(&[u8], &[u8]), RuntimeError> {
    let Some(header) = bytes.get(..4) else {
        return Err(RuntimeError::TruncatedFrame {
            needed: 4,
            got: bytes.len(),
        });
    };
    let len = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
    if len > max {
        return Err(RuntimeError::OversizeFrame { len, max });
    }
    let rest = &bytes[4..];
    if rest.len() < len {
        return Err(RuntimeError::TruncatedFrame {
            needed: 4 + len,
            got: bytes.len(),
        });
    }
    Ok(rest.split_at(len))
}

/// Write one message as a frame and flush.
pub fn write_message<T: Message, W: Write>(
    w: &mut W,
    id: u64,
    body: &T,
) -> Result<(), RuntimeError> {
    let payload = encode(id, body)?;
    if payload.len() > MAX_FRAME {
        return Err(RuntimeError::OversizeFrame {
            len: payload.len(),
            max: MAX_FRAME,
        });
    }
    w.write_all(&frame(&payload)?)?;
    w.flush()?;
    Ok(())
}

/// Read one frame's payload. `Ok(None)` on a clean end of stream before a header.
pub fn read_frame<R: Read>(r: &mut R, max: usize) -> Result<Option<Vec<u8>>, RuntimeError> {
    let mut header = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match r.read(&mut header[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(RuntimeError::TruncatedFrame { needed: 4, got }),
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    let len = u32::from_be_bytes(header) as usize;
    if len > max {
        return Err(RuntimeError::OversizeFrame { len, max });
    }
    let mut payload = vec![0u8; len];
    let mut filled = 0;
    while filled < len {
        match r.read(&mut payload[filled..]) {
            Ok(0) => {
                return Err(RuntimeError::TruncatedFrame {
                    needed: 4 + len,
                    got: 4 + filled,
                });
            }
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Some(payload))
}

/// Read and decode one message of a known kind. `Ok(None)` on a clean end of stream.
pub fn read_message<T: Message, R: Read>(r: &mut R) -> Result<Option<Envelope<T>>, RuntimeError> {
    match read_frame(r, MAX_FRAME)? {
        None => Ok(None),
        Some(payload) => decode(&payload).map(Some),
    }
}
