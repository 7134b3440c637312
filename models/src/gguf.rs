//! A GGUF reader: header, metadata key/values (including arrays), tensor infos, alignment,
//! and dequantization of the common ggml types to `f32`.
//!
//! Every read is bounds-checked: a truncated or corrupt file yields [`ModelError::Gguf`],
//! never a panic. Dimensions follow GGUF's convention: `dims[0]` is the fastest-varying
//! axis, so a `[in, out]` GGUF matrix is a row-major `[out][in]` array.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::error::ModelError;
use crate::kernels::{PackedMatrix, WeightBytes};

const GGUF_MAGIC: &[u8; 4] = b"GGUF";
const DEFAULT_ALIGNMENT: u64 = 32;
/// Refuse absurd counts before allocating: a corrupt header must not make us reserve gigabytes.
const MAX_ELEMENTS_PER_ARRAY: u64 = 1 << 28;
const MAX_DIMS: u32 = 8;

/// A metadata value.
#[derive(Debug, Clone, PartialEq)]
pub enum GgufValue {
    U8(u8),
    I8(i8),
    U16(u16),
    I16(i16),
    U32(u32),
    I32(i32),
    F32(f32),
    Bool(bool),
    String(String),
    Array(Vec<GgufValue>),
    U64(u64),
    I64(i64),
    F64(f64),
}

impl GgufValue {
    /// Integer value of any integer type (non-negative), for counts and ids.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            GgufValue::U8(v) => Some(v.into()),
            GgufValue::U16(v) => Some(v.into()),
            GgufValue::U32(v) => Some(v.into()),
            GgufValue::U64(v) => Some(v),
            GgufValue::I8(v) => u64::try_from(v).ok(),
            GgufValue::I16(v) => u64::try_from(v).ok(),
            GgufValue::I32(v) => u64::try_from(v).ok(),
            GgufValue::I64(v) => u64::try_from(v).ok(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            GgufValue::F32(v) => Some(v.into()),
            GgufValue::F64(v) => Some(v),
            _ => self.as_u64().map(|v| v as f64),
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            GgufValue::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            GgufValue::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[GgufValue]> {
        match self {
            GgufValue::Array(items) => Some(items),
            _ => None,
        }
    }
}

/// The ggml tensor element types this reader knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GgmlType {
    F32,
    F16,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q2K,
    Q3K,
    Q4K,
    Q5K,
    Q6K,
    BF16,
    /// A type we can list but not dequantize.
    Other(u32),
}

impl GgmlType {
    pub fn from_id(id: u32) -> Self {
        match id {
            0 => GgmlType::F32,
            1 => GgmlType::F16,
            2 => GgmlType::Q4_0,
            3 => GgmlType::Q4_1,
            6 => GgmlType::Q5_0,
            7 => GgmlType::Q5_1,
            8 => GgmlType::Q8_0,
            10 => GgmlType::Q2K,
            11 => GgmlType::Q3K,
            12 => GgmlType::Q4K,
            13 => GgmlType::Q5K,
            14 => GgmlType::Q6K,
            30 => GgmlType::BF16,
            other => GgmlType::Other(other),
        }
    }

    /// (elements per block, bytes per block), or `None` for unsupported types.
    pub fn block_layout(self) -> Option<(usize, usize)> {
        match self {
            GgmlType::F32 => Some((1, 4)),
            GgmlType::F16 | GgmlType::BF16 => Some((1, 2)),
            GgmlType::Q4_0 => Some((32, 18)),
            GgmlType::Q4_1 => Some((32, 20)),
            GgmlType::Q5_0 => Some((32, 22)),
            GgmlType::Q5_1 => Some((32, 24)),
            GgmlType::Q8_0 => Some((32, 34)),
            GgmlType::Q2K => Some((256, 84)),
            GgmlType::Q3K => Some((256, 110)),
            GgmlType::Q4K => Some((256, 144)),
            GgmlType::Q5K => Some((256, 176)),
            GgmlType::Q6K => Some((256, 210)),
            GgmlType::Other(_) => None,
        }
    }
}

/// Where a tensor lives in the file and what it holds.
#[derive(Debug, Clone)]
pub struct GgufTensorInfo {
    pub name: String,
    /// GGUF order: `dims[0]` varies fastest.
    pub dims: Vec<u64>,
    pub ggml_type: GgmlType,
    /// Offset relative to the start of the tensor data section.
    pub offset: u64,
}

impl GgufTensorInfo {
    pub fn element_count(&self) -> Option<u64> {
        self.dims
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d))
    }
}

/// A parsed GGUF file, holding its bytes so tensors can be read later.
#[derive(Debug)]
pub struct GgufFile {
    pub version: u32,
    pub metadata: BTreeMap<String, GgufValue>,
    pub tensors: Vec<GgufTensorInfo>,
    pub alignment: u64,
    data_start: usize,
    /// The whole file: memory-mapped by [`GgufFile::open`], so tensors are served from the
    /// page cache rather than copied (see [`GgufFile::tensor_matrix`]).
    bytes: WeightBytes,
}

fn err(reason: impl Into<String>) -> ModelError {
    ModelError::Gguf(reason.into())
}

/// A bounds-checked little-endian cursor.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| err(format!("truncated at byte {} (wanted {n} more)", self.pos)))?;
        let out = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, ModelError> {
        Ok(self.array::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, ModelError> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u32(&mut self) -> Result<u32, ModelError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Result<u64, ModelError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    fn string(&mut self) -> Result<String, ModelError> {
        let len = self.u64()?;
        let len = usize::try_from(len).map_err(|_| err("string length overflows usize"))?;
        let raw = self.take(len)?;
        // Tokens may hold invalid UTF-8 in odd models; keep them readable rather than fail.
        Ok(String::from_utf8_lossy(raw).into_owned())
    }

    fn value(&mut self, type_id: u32, depth: u32) -> Result<GgufValue, ModelError> {
        Ok(match type_id {
            0 => GgufValue::U8(self.u8()?),
            1 => GgufValue::I8(self.u8()? as i8),
            2 => GgufValue::U16(self.u16()?),
            3 => GgufValue::I16(self.u16()? as i16),
            4 => GgufValue::U32(self.u32()?),
            5 => GgufValue::I32(self.u32()? as i32),
            6 => GgufValue::F32(f32::from_bits(self.u32()?)),
            7 => GgufValue::Bool(self.u8()? != 0),
            8 => GgufValue::String(self.string()?),
            9 => {
                if depth > 2 {
                    return Err(err("metadata arrays nested too deeply"));
                }
                let item_type = self.u32()?;
                let count = self.u64()?;
                if count > MAX_ELEMENTS_PER_ARRAY {
                    return Err(err(format!("metadata array of {count} items")));
                }
                // Each item takes at least one byte, so the remaining bytes bound the count.
                let remaining = (self.bytes.len() - self.pos) as u64;
                if count > remaining {
                    return Err(err("metadata array longer than the file"));
                }
                let mut items = Vec::with_capacity(count as usize);
                for _ in 0..count {
                    items.push(self.value(item_type, depth + 1)?);
                }
                GgufValue::Array(items)
            }
            10 => GgufValue::U64(self.u64()?),
            11 => GgufValue::I64(self.u64()? as i64),
            12 => GgufValue::F64(f64::from_bits(self.u64()?)),
            other => return Err(err(format!("unknown metadata value type {other}"))),
        })
    }
}

impl GgufFile {
    /// Map the file into memory and parse its header.
    pub fn open(path: &Path) -> Result<Self, ModelError> {
        let load_err = |e: std::io::Error| ModelError::Load {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let file = std::fs::File::open(path).map_err(load_err)?;
        // SAFETY: the mapping is read-only. Model files are written once by `models fetch`
        // (atomically renamed into place) and never modified in place; if another process
        // truncated one while it is mapped, reads of the lost pages would fault, the risk
        // every mmap-based model loader (llama.cpp included) accepts.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(load_err)?;
        let len = map.len();
        Self::parse_bytes(WeightBytes::Mapped {
            map: Arc::new(map),
            range: 0..len,
        })
    }

    pub fn parse(bytes: Vec<u8>) -> Result<Self, ModelError> {
        Self::parse_bytes(WeightBytes::Owned(Arc::new(bytes)))
    }

    fn parse_bytes(file_bytes: WeightBytes) -> Result<Self, ModelError> {
        let bytes = file_bytes.as_slice();
        let mut cur = Cursor { bytes, pos: 0 };
        if cur.take(4)? != GGUF_MAGIC {
            return Err(err("not a GGUF file (bad magic)"));
        }
        let version = cur.u32()?;
        if !(2..=3).contains(&version) {
            return Err(err(format!("unsupported GGUF version {version}")));
        }
        let tensor_count = cur.u64()?;
        let kv_count = cur.u64()?;
        let remaining = bytes.len() as u64;
        if tensor_count > remaining || kv_count > remaining {
            return Err(err("header counts exceed file size"));
        }

        let mut metadata = BTreeMap::new();
        for _ in 0..kv_count {
            let key = cur.string()?;
            let type_id = cur.u32()?;
            let value = cur.value(type_id, 0)?;
            metadata.insert(key, value);
        }

        let mut tensors = Vec::with_capacity(tensor_count as usize);
        for _ in 0..tensor_count {
            let name = cur.string()?;
            let n_dims = cur.u32()?;
            if n_dims > MAX_DIMS {
                return Err(err(format!("tensor {name} has {n_dims} dims")));
            }
            let mut dims = Vec::with_capacity(n_dims as usize);
            for _ in 0..n_dims {
                dims.push(cur.u64()?);
            }
            let ggml_type = GgmlType::from_id(cur.u32()?);
            let offset = cur.u64()?;
            tensors.push(GgufTensorInfo {
                name,
                dims,
                ggml_type,
                offset,
            });
        }

        let alignment = match metadata.get("general.alignment") {
            Some(v) => v
                .as_u64()
                .filter(|a| *a > 0 && a.is_power_of_two())
                .ok_or_else(|| err("general.alignment is not a power of two"))?,
            None => DEFAULT_ALIGNMENT,
        };
        let pos = cur.pos as u64;
        let data_start = pos.div_ceil(alignment) * alignment;
        let data_start =
            usize::try_from(data_start).map_err(|_| err("data offset overflows usize"))?;
        // A vocab-only file (no tensors) may end right after its metadata, unpadded.
        let data_start = if tensors.is_empty() {
            data_start.min(bytes.len())
        } else if data_start > bytes.len() {
            return Err(err("tensor data section starts past end of file"));
        } else {
            data_start
        };
        let file = GgufFile {
            version,
            metadata,
            tensors,
            alignment,
            data_start,
            bytes: file_bytes.clone(),
        };
        // Validate every tensor's byte range up front so later reads only fail on type.
        for info in &file.tensors {
            if info.ggml_type.block_layout().is_some() {
                file.tensor_bytes(info)?;
            }
        }
        Ok(file)
    }

    pub fn get(&self, key: &str) -> Option<&GgufValue> {
        self.metadata.get(key)
    }

    pub fn get_u64(&self, key: &str) -> Result<u64, ModelError> {
        self.get(key)
            .and_then(GgufValue::as_u64)
            .ok_or_else(|| err(format!("missing integer metadata {key}")))
    }

    pub fn get_f64(&self, key: &str) -> Result<f64, ModelError> {
        self.get(key)
            .and_then(GgufValue::as_f64)
            .ok_or_else(|| err(format!("missing numeric metadata {key}")))
    }

    pub fn get_str(&self, key: &str) -> Result<&str, ModelError> {
        self.get(key)
            .and_then(GgufValue::as_str)
            .ok_or_else(|| err(format!("missing string metadata {key}")))
    }

    /// A string array such as `tokenizer.ggml.tokens`.
    pub fn get_str_array(&self, key: &str) -> Result<Vec<&str>, ModelError> {
        let items = self
            .get(key)
            .and_then(GgufValue::as_array)
            .ok_or_else(|| err(format!("missing array metadata {key}")))?;
        items
            .iter()
            .map(|v| {
                v.as_str()
                    .ok_or_else(|| err(format!("{key} holds a non-string")))
            })
            .collect()
    }

    pub fn tensor_info(&self, name: &str) -> Option<&GgufTensorInfo> {
        self.tensors.iter().find(|t| t.name == name)
    }

    fn tensor_bytes(&self, info: &GgufTensorInfo) -> Result<&[u8], ModelError> {
        let (block_elems, block_bytes) = info.ggml_type.block_layout().ok_or_else(|| {
            err(format!(
                "{}: unsupported type {:?}",
                info.name, info.ggml_type
            ))
        })?;
        let count = info
            .element_count()
            .ok_or_else(|| err(format!("{}: element count overflows", info.name)))?;
        if !count.is_multiple_of(block_elems as u64) {
            return Err(err(format!(
                "{}: {count} elements is not a whole number of {block_elems}-blocks",
                info.name
            )));
        }
        let len = (count / block_elems as u64)
            .checked_mul(block_bytes as u64)
            .ok_or_else(|| err(format!("{}: byte size overflows", info.name)))?;
        let start = (self.data_start as u64)
            .checked_add(info.offset)
            .ok_or_else(|| err(format!("{}: offset overflows", info.name)))?;
        let end = start
            .checked_add(len)
            .filter(|&end| end <= self.bytes.as_slice().len() as u64)
            .ok_or_else(|| err(format!("{}: data runs past end of file", info.name)))?;
        Ok(&self.bytes.as_slice()[start as usize..end as usize])
    }

    /// A 2-D tensor as a [`PackedMatrix`] `[rows, cols]` (GGUF dims reversed), its blocks
    /// borrowed from the mapped file where a packed kernel exists; `None` if absent.
    pub fn tensor_matrix(&self, name: &str) -> Result<Option<PackedMatrix>, ModelError> {
        let Some(info) = self.tensor_info(name) else {
            return Ok(None);
        };
        let &[cols, rows] = info.dims.as_slice() else {
            return Err(err(format!("{name}: {} dims, expected 2", info.dims.len())));
        };
        let raw = self.tensor_bytes(info)?;
        let start = raw.as_ptr() as usize - self.bytes.as_slice().as_ptr() as usize;
        let bytes = match &self.bytes {
            WeightBytes::Mapped { map, range } => WeightBytes::Mapped {
                map: map.clone(),
                range: range.start + start..range.start + start + raw.len(),
            },
            WeightBytes::Owned(_) => WeightBytes::Owned(Arc::new(raw.to_vec())),
        };
        PackedMatrix::from_ggml(info.ggml_type, bytes, rows as usize, cols as usize).map(Some)
    }

    /// Dequantize a tensor to `f32`, returned with its GGUF dims.
    pub fn tensor_f32(&self, name: &str) -> Result<(Vec<f32>, Vec<u64>), ModelError> {
        let info = self
            .tensor_info(name)
            .ok_or_else(|| err(format!("missing tensor {name}")))?;
        let raw = self.tensor_bytes(info)?;
        Ok((dequantize(info.ggml_type, raw)?, info.dims.clone()))
    }
}

#[inline]
fn f16_at(bytes: &[u8], at: usize) -> f32 {
    half::f16::from_le_bytes([bytes[at], bytes[at + 1]]).to_f32()
}

/// Dequantize whole blocks of `ggml_type` to `f32`. `raw` must hold a whole number of blocks.
pub fn dequantize(ggml_type: GgmlType, raw: &[u8]) -> Result<Vec<f32>, ModelError> {
    let (block_elems, block_bytes) = ggml_type
        .block_layout()
        .ok_or_else(|| err(format!("cannot dequantize {ggml_type:?}")))?;
    if !raw.len().is_multiple_of(block_bytes) {
        return Err(err(format!(
            "{} bytes is not a whole number of {ggml_type:?} blocks",
            raw.len()
        )));
    }
    let mut out = Vec::with_capacity(raw.len() / block_bytes * block_elems);
    // `chunks_exact` guarantees every block has exactly `block_bytes`, so the fixed
    // offsets inside the per-type decoders are in range.
    for block in raw.chunks_exact(block_bytes) {
        match ggml_type {
            GgmlType::F32 => out.push(f32::from_le_bytes([block[0], block[1], block[2], block[3]])),
            GgmlType::F16 => out.push(f16_at(block, 0)),
            GgmlType::BF16 => out.push(half::bf16::from_le_bytes([block[0], block[1]]).to_f32()),
            GgmlType::Q4_0 => push_block(block, decode_q4_0, &mut out),
            GgmlType::Q4_1 => push_block(block, decode_q4_1, &mut out),
            GgmlType::Q5_0 => push_block(block, decode_q5_0, &mut out),
            GgmlType::Q5_1 => push_block(block, decode_q5_1, &mut out),
            GgmlType::Q8_0 => push_block(block, decode_q8_0, &mut out),
            GgmlType::Q2K => push_block(block, decode_q2_k, &mut out),
            GgmlType::Q3K => push_block(block, decode_q3_k, &mut out),
            GgmlType::Q4K => push_block(block, decode_q4_k, &mut out),
            GgmlType::Q5K => push_block(block, decode_q5_k, &mut out),
            GgmlType::Q6K => push_block(block, decode_q6_k, &mut out),
            GgmlType::Other(_) => return Err(err(format!("cannot dequantize {ggml_type:?}"))),
        }
    }
    Ok(out)
}

/// 32 values: f16 scale, then 16 bytes of nibbles (low nibbles first half, high second).
/// The packed kernels (`crate::kernels`) unpack rows with these same block decoders, so the
/// values they multiply are the ones checked against gguf-py here.
#[inline(always)]
pub(crate) fn decode_q4_0(block: &[u8; 18], out: &mut [f32; 32]) {
    let d = f16_at(block, 0);
    for l in 0..16 {
        out[l] = ((block[2 + l] & 0x0F) as i32 - 8) as f32 * d;
        out[16 + l] = ((block[2 + l] >> 4) as i32 - 8) as f32 * d;
    }
}

/// 32 values: f16 scale, f16 minimum, 16 bytes of nibbles.
#[inline(always)]
pub(crate) fn decode_q4_1(block: &[u8; 20], out: &mut [f32; 32]) {
    let d = f16_at(block, 0);
    let m = f16_at(block, 2);
    for l in 0..16 {
        out[l] = (block[4 + l] & 0x0F) as f32 * d + m;
        out[16 + l] = (block[4 + l] >> 4) as f32 * d + m;
    }
}

/// The fifth bits of a Q5 block: bit `i` of the little-endian u32 belongs to value `i`.
#[inline(always)]
fn q5_high_bits(block: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([block[at], block[at + 1], block[at + 2], block[at + 3]])
}

/// The 5-bit quants of a Q5_0/Q5_1 block, in output order: value `l` takes the low nibble
/// of byte `l` and bit `l` of `qh`, value `16 + l` the high nibble and bit `16 + l`. In
/// 32-bit lanes throughout: a byte array in between kept the loop from vectorizing (3× slower).
#[inline(always)]
fn q5_quants(qh: u32, qs: &[u8]) -> [i32; 32] {
    let mut q = [0i32; 32];
    for l in 0..16 {
        let byte = u32::from(qs[l]);
        q[l] = ((byte & 0x0F) | (((qh >> l) & 1) << 4)) as i32;
        q[16 + l] = ((byte >> 4) | (((qh >> (16 + l)) & 1) << 4)) as i32;
    }
    q
}

/// 32 values: f16 scale, 4 bytes of fifth bits, 16 bytes of nibbles; offset 16.
#[inline(always)]
pub(crate) fn decode_q5_0(block: &[u8; 22], out: &mut [f32; 32]) {
    let d = f16_at(block, 0);
    let q = q5_quants(q5_high_bits(block, 2), &block[6..22]);
    for l in 0..32 {
        out[l] = (q[l] - 16) as f32 * d;
    }
}

/// 32 values: f16 scale, f16 minimum, 4 bytes of fifth bits, 16 bytes of nibbles.
#[inline(always)]
pub(crate) fn decode_q5_1(block: &[u8; 24], out: &mut [f32; 32]) {
    let d = f16_at(block, 0);
    let m = f16_at(block, 2);
    let q = q5_quants(q5_high_bits(block, 4), &block[8..24]);
    for l in 0..32 {
        out[l] = q[l] as f32 * d + m;
    }
}

/// 32 values: f16 scale, 32 signed bytes.
#[inline(always)]
pub(crate) fn decode_q8_0(block: &[u8; 34], out: &mut [f32; 32]) {
    let d = f16_at(block, 0);
    for l in 0..32 {
        out[l] = (block[2 + l] as i8) as f32 * d;
    }
}

/// A fixed-size block decoder run over one `chunks_exact` block of `dequantize`.
fn push_block<const N: usize, const E: usize>(
    block: &[u8],
    decode: fn(&[u8; N], &mut [f32; E]),
    out: &mut Vec<f32>,
) {
    if let Ok(block) = <&[u8; N]>::try_from(block) {
        let mut values = [0.0f32; E];
        decode(block, &mut values);
        out.extend_from_slice(&values);
    }
}

/// The packed 6-bit (scale, min) pair `j` of a Q4_K super-block.
#[inline(always)]
pub(crate) fn q4_k_scale_min(j: usize, scales: &[u8]) -> (u8, u8) {
    if j < 4 {
        (scales[j] & 63, scales[j + 4] & 63)
    } else {
        (
            (scales[j + 4] & 0x0F) | ((scales[j - 4] >> 6) << 4),
            (scales[j + 4] >> 4) | ((scales[j] >> 6) << 4),
        )
    }
}

/// 256 values: f16 d, f16 dmin, 12 bytes of packed 6-bit scales/mins, 128 bytes of nibbles.
#[inline(always)]
pub(crate) fn decode_q4_k(block: &[u8; 144], out: &mut [f32; 256]) {
    let d = f16_at(block, 0);
    let dmin = f16_at(block, 2);
    let scales = &block[4..16];
    let (qs, _) = block[16..].as_chunks::<32>();
    let (outs, _) = out.as_chunks_mut::<64>();
    for (chunk, (q, y)) in qs.iter().zip(outs).enumerate() {
        let (sc_lo, m_lo) = q4_k_scale_min(2 * chunk, scales);
        let (sc_hi, m_hi) = q4_k_scale_min(2 * chunk + 1, scales);
        let (d_lo, min_lo) = (d * sc_lo as f32, dmin * m_lo as f32);
        let (d_hi, min_hi) = (d * sc_hi as f32, dmin * m_hi as f32);
        for l in 0..32 {
            y[l] = d_lo * (q[l] & 0x0F) as f32 - min_lo;
            y[32 + l] = d_hi * (q[l] >> 4) as f32 - min_hi;
        }
    }
}

/// 256 values: 16 bytes of 4-bit (scale, min) pairs, 64 bytes of 2-bit quants, f16 d,
/// f16 dmin. Value `i` (half `i / 128`, shift `2 * (i % 128 / 32)`) uses byte
/// `32 * half + i % 32` and the pair of its 16-value group `i / 16`. Written group by group
/// (sixteen values share a scale and a byte run) so the packed kernels' copy vectorizes.
#[inline(always)]
pub(crate) fn decode_q2_k(block: &[u8; 84], out: &mut [f32; 256]) {
    let d = f16_at(block, 80);
    let dmin = f16_at(block, 82);
    let (groups, _) = out.as_chunks_mut::<16>();
    for (g, y) in groups.iter_mut().enumerate() {
        let sc = block[g];
        let dl = d * (sc & 0x0F) as f32;
        let ml = dmin * (sc >> 4) as f32;
        // Group g covers values 16 g .. 16 g + 16: half g / 8, shift 2 (g % 8 / 2), bytes
        // 32 half + 16 (g % 2) ..
        let half_index = g / 8;
        let shift = 2 * ((g % 8) / 2);
        let first = 16 + 32 * half_index + 16 * (g % 2);
        for (o, &b) in y.iter_mut().zip(&block[first..first + 16]) {
            *o = dl * ((b >> shift) & 3) as f32 - ml;
        }
    }
}

/// The signed 6-bit scale `g` (of 16) of a Q3_K block: low 4 bits from the nibbles of
/// bytes 0..8, high 2 bits from the bit pairs of bytes 8..12, minus 32.
#[inline(always)]
fn q3_k_scale(g: usize, scales: &[u8]) -> i32 {
    let low = if g < 8 {
        scales[g] & 0x0F
    } else {
        scales[g - 8] >> 4
    };
    let high = (scales[8 + g % 4] >> (2 * (g / 4))) & 3;
    (low | (high << 4)) as i32 - 32
}

/// 256 values: 32 bytes of high-bit mask, 64 bytes of 2-bit quants, 12 bytes of packed
/// 6-bit scales, f16 d. A clear mask bit subtracts 4 from the 2-bit quant. Group by group,
/// as [`decode_q2_k`].
#[inline(always)]
pub(crate) fn decode_q3_k(block: &[u8; 110], out: &mut [f32; 256]) {
    let d = f16_at(block, 108);
    let scales = &block[96..108];
    let (groups, _) = out.as_chunks_mut::<16>();
    for (g, y) in groups.iter_mut().enumerate() {
        let dl = d * q3_k_scale(g, scales) as f32;
        let half_index = g / 8;
        let shift = 2 * ((g % 8) / 2);
        let first = 16 * (g % 2);
        let qs = &block[32 + 32 * half_index + first..32 + 32 * half_index + first + 16];
        // Value 16 g + l has mask bit (16 g + l) / 32 = g / 2 of byte (16 g + l) % 32.
        let mask = &block[first..first + 16];
        let bit = g / 2;
        for ((o, &q), &h) in y.iter_mut().zip(qs).zip(mask) {
            let low = ((q >> shift) & 3) as i32;
            let high = ((h >> bit) & 1) as i32;
            *o = dl * (low - 4 + 4 * high) as f32;
        }
    }
}

/// 256 values: f16 d, f16 dmin, 12 bytes of packed 6-bit scales/mins (as Q4_K), 32 bytes
/// of fifth bits (bit `s` of byte `l` for value `32 s + l`), 128 bytes of nibbles.
#[inline(always)]
pub(crate) fn decode_q5_k(block: &[u8; 176], out: &mut [f32; 256]) {
    let d = f16_at(block, 0);
    let dmin = f16_at(block, 2);
    let scales = &block[4..16];
    let qh = &block[16..48];
    let (qs, _) = block[48..].as_chunks::<32>();
    let (outs, _) = out.as_chunks_mut::<32>();
    for (sub, y) in outs.iter_mut().enumerate() {
        let (sc, m) = q4_k_scale_min(sub, scales);
        let (dl, ml) = (d * sc as f32, dmin * m as f32);
        let Some(bytes) = qs.get(sub / 2) else {
            continue;
        };
        let shift = 4 * (sub % 2);
        for ((o, &b), &h) in y.iter_mut().zip(bytes).zip(qh) {
            let q = ((b >> shift) & 0x0F) | (((h >> sub) & 1) << 4);
            *o = dl * q as f32 - ml;
        }
    }
}

/// 256 values: 128 bytes low nibbles, 64 bytes high 2-bit pairs, 16 signed scales, f16 d.
#[inline(always)]
pub(crate) fn decode_q6_k(block: &[u8; 210], out: &mut [f32; 256]) {
    let d = f16_at(block, 208);
    let (outs, _) = out.as_chunks_mut::<128>();
    for (half_index, y) in outs.iter_mut().enumerate() {
        let ql = &block[half_index * 64..half_index * 64 + 64];
        let qh = &block[128 + half_index * 32..128 + half_index * 32 + 32];
        let sc = &block[192 + half_index * 8..192 + half_index * 8 + 8];
        // Sixteen values share a scale: the scales of a 16-value run are taken once, so the
        // run vectorizes (a per-value scale lookup kept it scalar). `d · scale` is formed
        // first, as before, so the values are the same bit for bit.
        for is in 0..2 {
            // No closure (`map`): one may be compiled without the kernels' SIMD features.
            let ds = [
                d * (sc[is] as i8) as f32,
                d * (sc[is + 2] as i8) as f32,
                d * (sc[is + 4] as i8) as f32,
                d * (sc[is + 6] as i8) as f32,
            ];
            for l in 16 * is..16 * is + 16 {
                let q1 = ((ql[l] & 0x0F) | ((qh[l] & 3) << 4)) as i32 - 32;
                let q2 = ((ql[l + 32] & 0x0F) | (((qh[l] >> 2) & 3) << 4)) as i32 - 32;
                let q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) as i32 - 32;
                let q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) as i32 - 32;
                y[l] = ds[0] * q1 as f32;
                y[l + 32] = ds[1] * q2 as f32;
                y[l + 64] = ds[2] * q3 as f32;
                y[l + 96] = ds[3] * q4 as f32;
            }
        }
    }
}

/// Writes a GGUF v3 file in memory; used by tests to build tiny models.
#[doc(hidden)]
pub mod writer {
    use super::GgufValue;

    fn put_str(out: &mut Vec<u8>, s: &str) {
        out.extend((s.len() as u64).to_le_bytes());
        out.extend(s.as_bytes());
    }

    fn type_id(v: &GgufValue) -> u32 {
        match v {
            GgufValue::U8(_) => 0,
            GgufValue::I8(_) => 1,
            GgufValue::U16(_) => 2,
            GgufValue::I16(_) => 3,
            GgufValue::U32(_) => 4,
            GgufValue::I32(_) => 5,
            GgufValue::F32(_) => 6,
            GgufValue::Bool(_) => 7,
            GgufValue::String(_) => 8,
            GgufValue::Array(_) => 9,
            GgufValue::U64(_) => 10,
            GgufValue::I64(_) => 11,
            GgufValue::F64(_) => 12,
        }
    }

    fn put_value(out: &mut Vec<u8>, v: &GgufValue) {
        match v {
            GgufValue::U8(x) => out.push(*x),
            GgufValue::I8(x) => out.push(*x as u8),
            GgufValue::U16(x) => out.extend(x.to_le_bytes()),
            GgufValue::I16(x) => out.extend(x.to_le_bytes()),
            GgufValue::U32(x) => out.extend(x.to_le_bytes()),
            GgufValue::I32(x) => out.extend(x.to_le_bytes()),
            GgufValue::F32(x) => out.extend(x.to_le_bytes()),
            GgufValue::Bool(x) => out.push(u8::from(*x)),
            GgufValue::String(s) => put_str(out, s),
            GgufValue::Array(items) => {
                let item_type = items.first().map(type_id).unwrap_or(4);
                out.extend(item_type.to_le_bytes());
                out.extend((items.len() as u64).to_le_bytes());
                for item in items {
                    put_value(out, item);
                }
            }
            GgufValue::U64(x) => out.extend(x.to_le_bytes()),
            GgufValue::I64(x) => out.extend(x.to_le_bytes()),
            GgufValue::F64(x) => out.extend(x.to_le_bytes()),
        }
    }

    /// Metadata plus F32 tensors `(name, gguf dims, values)`.
    pub fn write_f32_gguf(
        metadata: &[(String, GgufValue)],
        tensors: &[(String, Vec<u64>, Vec<f32>)],
    ) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend(b"GGUF");
        out.extend(3u32.to_le_bytes());
        out.extend((tensors.len() as u64).to_le_bytes());
        out.extend((metadata.len() as u64).to_le_bytes());
        for (key, value) in metadata {
            put_str(&mut out, key);
            out.extend(type_id(value).to_le_bytes());
            put_value(&mut out, value);
        }
        let mut offset = 0u64;
        for (name, dims, values) in tensors {
            put_str(&mut out, name);
            out.extend((dims.len() as u32).to_le_bytes());
            for d in dims {
                out.extend(d.to_le_bytes());
            }
            out.extend(0u32.to_le_bytes());
            out.extend(offset.to_le_bytes());
            offset += (values.len() as u64 * 4).div_ceil(32) * 32;
        }
        while out.len() % 32 != 0 {
            out.push(0);
        }
        for (_, _, values) in tensors {
            let start = out.len();
            for v in values {
                out.extend(v.to_le_bytes());
            }
            while (out.len() - start) % 32 != 0 {
                out.push(0);
            }
        }
        out
    }
}
