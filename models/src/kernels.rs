//! Matrix products on the weights as the GGUF file stores them.
//!
//! Why not burn's `matmul`: at batch one a decode step is a chain of matrix-vector products,
//! and burn's CPU backends send those through a general GEMM that spends most of a step in
//! packing and dispatch (75 % of a decode step in a profile, see `docs/benchmarks.md`). They
//! also need every weight inflated to f32 (≈ 8× the bytes of a 4-bit file). Here a matrix stays
//! in its file format, usually borrowed straight from the memory-mapped file:
//!
//! * few rows of input (decode, short continuations): each thread takes a band of weight rows;
//!   one input row is multiplied block by block — dequantize a block (32 weights, or a K-quant's
//!   256) with the GGUF reader's own decoder, multiply, accumulate —
//!   and several are multiplied with each weight row unpacked once; compiled for AVX-512 or
//!   AVX2+FMA when the CPU has them (chosen at run time);
//! * many rows of input (prefill): each thread dequantizes a band of 64 weight rows, lays it
//!   out axis-major, and runs a register-tiled micro-kernel over it (6 inputs × 64 rows of
//!   accumulators), as GEMM libraries do; the `gemm` crate measured no faster here and far
//!   slower for a handful of rows, where its packing dominates.
//!
//! [`PackedMatrix::matmul_plain`] is the plain path (dequantize everything, triple loop); the
//! tests hold the fast paths to it.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use rayon::ThreadPool;
use rayon::prelude::*;

use crate::error::ModelError;

#[cfg(target_arch = "x86_64")]
mod attention_tile;
mod int16_dot;
use crate::gguf::{
    GgmlType, decode_q2_k, decode_q3_k, decode_q4_0, decode_q4_1, decode_q4_k, decode_q5_0,
    decode_q5_1, decode_q5_k, decode_q6_k, decode_q8_0, dequantize,
};
#[cfg(target_arch = "x86_64")]
use attention_tile::Lanes16;
use int16_dot::QuantizedInputs;

/// Input rows at or above which a product goes through the register-tiled kernel (below,
/// rows are multiplied one by one: laying a band out for the tiles costs more than it
/// saves for a few inputs). On AVX2, [`AVX2_TILED_MIN_ROWS`].
pub const TILED_MIN_ROWS: usize = 16;
/// [`TILED_MIN_ROWS`] on AVX2, where the small products' tiles are AVX2's own
/// ([`register_tiles`]) and beat the panels up to about 32 inputs (SmolLM2 and
/// Qwen2.5-Coder, 16 and 24 prompt tokens: 20–35 % faster; 32 even).
const AVX2_TILED_MIN_ROWS: usize = 32;

/// The input rows from which `level`'s products are tiled.
fn tiled_min_rows(level: SimdLevel) -> usize {
    match level {
        SimdLevel::Avx2Fma => AVX2_TILED_MIN_ROWS,
        _ => TILED_MIN_ROWS,
    }
}
/// Weight rows a tiled task dequantizes and multiplies with every input row.
const TILE_BAND_ROWS: usize = 64;
/// Input rows × weight rows of one tile of [`register_tiles`] (the portable tiled path, and
/// products of fewer than [`TILED_MIN_ROWS`] inputs at every level).
const TILE_INPUTS: usize = 4;
const TILE_ROWS: usize = 4;
/// Lanes of one accumulator.
const LANES: usize = 16;
/// `fn $name(args) { $inner(args) }` compiled for the CPU features `$features`: the inner
/// function is `#[inline(always)]`, so its loops are vectorized for those features. Callers
/// check the features first (`simd_level`).
macro_rules! compiled_for {
    ($features:literal, $name:ident = $inner:ident::<$($flag:literal),+>($($arg:ident: $ty:ty),* $(,)?)) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $name($($arg: $ty),*) {
            $inner::<$($flag),+>($($arg),*)
        }
    };
}

/// Causal queries in one attention call from which the keys are laid out as panels.
const KEY_PANEL_MIN_QUERIES: usize = 8;
/// Multiply-adds of an attention call above which it is spread over the pool.
const PARALLEL_ATTENTION_WORK: usize = 1 << 18;
/// Elements per quantization block of the 32-value formats (Q8_0, Q4_0, Q4_1, Q5_0, Q5_1);
/// the K-quants' super-blocks hold [`SUPER_BLOCK`].
const BLOCK: usize = 32;
const SUPER_BLOCK: usize = 256;

/// The raw bytes of a packed matrix.
#[derive(Clone)]
pub enum WeightBytes {
    /// A byte range of the memory-mapped model file: nothing is copied, and the pages are
    /// shared with the page cache.
    Mapped {
        map: Arc<memmap2::Mmap>,
        range: Range<usize>,
    },
    /// Bytes of our own (rows reordered at load, or a file read into memory).
    Owned(Arc<Vec<u8>>),
}

impl std::fmt::Debug for WeightBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = match self {
            WeightBytes::Mapped { .. } => "mapped",
            WeightBytes::Owned(_) => "owned",
        };
        write!(f, "{} {how} bytes", self.as_slice().len())
    }
}

impl WeightBytes {
    pub fn as_slice(&self) -> &[u8] {
        match self {
            WeightBytes::Mapped { map, range } => map.get(range.clone()).unwrap_or_default(),
            WeightBytes::Owned(bytes) => bytes,
        }
    }

    /// Tell the kernel this process no longer needs the mapped pages wholly inside the range
    /// (their bytes live on in a copy of our own), so they stop counting as resident. Best
    /// effort: owned bytes, an unaligned remainder or a refusal change nothing.
    fn release_pages(&self) {
        // Aligned to the largest common page size, so the advice is valid on any of them.
        const ALIGN: usize = 64 * 1024;
        let WeightBytes::Mapped { map, range } = self else {
            return;
        };
        let start = range.start.div_ceil(ALIGN) * ALIGN;
        let end = range.end / ALIGN * ALIGN;
        if end <= start {
            return;
        }
        #[cfg(unix)]
        // SAFETY: the map is a read-only file mapping (`Mmap`): MADV_DONTNEED only drops this
        // process's references to clean pages, and a later read faults the file's same bytes
        // back in, so any slice of it still reads what it read before.
        let _ = unsafe {
            map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
        };
    }
}

/// Block formats multiplied without inflating them (the rest are inflated to f32 at load).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockFormat {
    Q8_0,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q2K,
    Q3K,
    Q4K,
    Q5K,
    Q6K,
}

/// The packed format a `[rows, cols]` matrix of `ggml_type` is held in, or `None` when it is
/// inflated to f32 at load: its type has no packed kernel, or its rows are not whole blocks
/// (a row must start on a block boundary for the kernels to walk it block by block). The
/// memory guard asks the same question.
pub fn packed_format(ggml_type: GgmlType, cols: usize) -> Option<BlockFormat> {
    BlockFormat::from_ggml(ggml_type).filter(|f| cols > 0 && cols.is_multiple_of(f.block_values()))
}

impl BlockFormat {
    fn from_ggml(ggml_type: GgmlType) -> Option<Self> {
        match ggml_type {
            GgmlType::Q8_0 => Some(BlockFormat::Q8_0),
            GgmlType::Q4_0 => Some(BlockFormat::Q4_0),
            GgmlType::Q4_1 => Some(BlockFormat::Q4_1),
            GgmlType::Q5_0 => Some(BlockFormat::Q5_0),
            GgmlType::Q5_1 => Some(BlockFormat::Q5_1),
            GgmlType::Q2K => Some(BlockFormat::Q2K),
            GgmlType::Q3K => Some(BlockFormat::Q3K),
            GgmlType::Q4K => Some(BlockFormat::Q4K),
            GgmlType::Q5K => Some(BlockFormat::Q5K),
            GgmlType::Q6K => Some(BlockFormat::Q6K),
            _ => None,
        }
    }

    fn ggml(self) -> GgmlType {
        match self {
            BlockFormat::Q8_0 => GgmlType::Q8_0,
            BlockFormat::Q4_0 => GgmlType::Q4_0,
            BlockFormat::Q4_1 => GgmlType::Q4_1,
            BlockFormat::Q5_0 => GgmlType::Q5_0,
            BlockFormat::Q5_1 => GgmlType::Q5_1,
            BlockFormat::Q2K => GgmlType::Q2K,
            BlockFormat::Q3K => GgmlType::Q3K,
            BlockFormat::Q4K => GgmlType::Q4K,
            BlockFormat::Q5K => GgmlType::Q5K,
            BlockFormat::Q6K => GgmlType::Q6K,
        }
    }

    fn block_bytes(self) -> usize {
        match self {
            BlockFormat::Q8_0 => 34,
            BlockFormat::Q4_0 => 18,
            BlockFormat::Q4_1 => 20,
            BlockFormat::Q5_0 => 22,
            BlockFormat::Q5_1 => 24,
            BlockFormat::Q2K => 84,
            BlockFormat::Q3K => 110,
            BlockFormat::Q4K => 144,
            BlockFormat::Q5K => 176,
            BlockFormat::Q6K => 210,
        }
    }

    /// Values per block.
    fn block_values(self) -> usize {
        match self {
            BlockFormat::Q2K
            | BlockFormat::Q3K
            | BlockFormat::Q4K
            | BlockFormat::Q5K
            | BlockFormat::Q6K => SUPER_BLOCK,
            _ => BLOCK,
        }
    }

    fn name(self) -> &'static str {
        match self {
            BlockFormat::Q8_0 => "q8_0",
            BlockFormat::Q4_0 => "q4_0",
            BlockFormat::Q4_1 => "q4_1",
            BlockFormat::Q5_0 => "q5_0",
            BlockFormat::Q5_1 => "q5_1",
            BlockFormat::Q2K => "q2_k",
            BlockFormat::Q3K => "q3_k",
            BlockFormat::Q4K => "q4_k",
            BlockFormat::Q5K => "q5_k",
            BlockFormat::Q6K => "q6_k",
        }
    }
}

#[derive(Clone)]
enum Storage {
    F32(Arc<Vec<f32>>),
    Blocks {
        format: BlockFormat,
        bytes: WeightBytes,
    },
}

/// A `[rows, cols]` weight matrix in row-major order, like PyTorch's `nn.Linear` weight:
/// output `r` of a product is the dot product of row `r` with the input row.
#[derive(Clone)]
pub struct PackedMatrix {
    rows: usize,
    cols: usize,
    storage: Storage,
}

impl std::fmt::Debug for PackedMatrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PackedMatrix[{}, {}; {}]",
            self.rows,
            self.cols,
            self.format_name()
        )
    }
}

fn shape_err(what: impl Into<String>) -> ModelError {
    ModelError::Inference(what.into())
}

impl PackedMatrix {
    pub fn from_f32(values: Vec<f32>, rows: usize, cols: usize) -> Result<Self, ModelError> {
        if values.len() != rows * cols {
            return Err(shape_err(format!(
                "{} values for a [{rows}, {cols}] matrix",
                values.len()
            )));
        }
        Ok(Self {
            rows,
            cols,
            storage: Storage::F32(Arc::new(values)),
        })
    }

    /// A matrix of `ggml_type` blocks. Formats without a packed kernel are dequantized here.
    pub fn from_ggml(
        ggml_type: GgmlType,
        bytes: WeightBytes,
        rows: usize,
        cols: usize,
    ) -> Result<Self, ModelError> {
        match packed_format(ggml_type, cols) {
            Some(format) => {
                let expected = rows * (cols / format.block_values()) * format.block_bytes();
                if bytes.as_slice().len() != expected {
                    return Err(shape_err(format!(
                        "{} bytes of {ggml_type:?} for a [{rows}, {cols}] matrix (expected {expected})",
                        bytes.as_slice().len()
                    )));
                }
                Ok(Self {
                    rows,
                    cols,
                    storage: Storage::Blocks { format, bytes },
                })
            }
            None => Self::from_f32(dequantize(ggml_type, bytes.as_slice())?, rows, cols),
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `f32` or a packed format (`q8_0`, `q4_k`, ...): how the matrix is held in memory.
    pub fn format_name(&self) -> &'static str {
        match &self.storage {
            Storage::F32(_) => "f32",
            Storage::Blocks { format, .. } => format.name(),
        }
    }

    /// The block format, when it has integer products ([`int16_dot`]).
    fn int16_format(&self) -> Option<BlockFormat> {
        match &self.storage {
            Storage::Blocks { format, .. } if int16_dot::has_kernel(*format) => Some(*format),
            _ => None,
        }
    }

    /// Bytes one row takes in storage.
    fn row_bytes(&self) -> usize {
        match &self.storage {
            Storage::F32(_) => self.cols * 4,
            Storage::Blocks { format, .. } => {
                self.cols / format.block_values() * format.block_bytes()
            }
        }
    }

    /// Rows `range` as f32, row-major.
    pub fn rows_f32(&self, range: Range<usize>) -> Result<Vec<f32>, ModelError> {
        if range.start > range.end || range.end > self.rows {
            return Err(shape_err(format!(
                "rows {range:?} of a {}-row matrix",
                self.rows
            )));
        }
        match &self.storage {
            Storage::F32(values) => {
                Ok(values[range.start * self.cols..range.end * self.cols].to_vec())
            }
            Storage::Blocks { format, bytes } => {
                let rb = self.row_bytes();
                let raw = bytes
                    .as_slice()
                    .get(range.start * rb..range.end * rb)
                    .ok_or_else(|| shape_err("packed rows past the end of their bytes"))?;
                dequantize(format.ggml(), raw)
            }
        }
    }

    /// The same matrix with its rows in `order` (`new row i = old row order[i]`), owned.
    pub fn reorder_rows(&self, order: &[usize]) -> Result<Self, ModelError> {
        if order.len() != self.rows || order.iter().any(|&r| r >= self.rows) {
            return Err(shape_err("row order does not fit the matrix"));
        }
        let storage = match &self.storage {
            Storage::F32(values) => {
                let mut out = Vec::with_capacity(values.len());
                for &r in order {
                    out.extend_from_slice(&values[r * self.cols..(r + 1) * self.cols]);
                }
                Storage::F32(Arc::new(out))
            }
            Storage::Blocks { format, bytes } => {
                let rb = self.row_bytes();
                let raw = bytes.as_slice();
                let mut out = Vec::with_capacity(raw.len());
                for &r in order {
                    out.extend_from_slice(&raw[r * rb..(r + 1) * rb]);
                }
                Storage::Blocks {
                    format: *format,
                    bytes: WeightBytes::Owned(Arc::new(out)),
                }
            }
        };
        Ok(Self {
            rows: self.rows,
            cols: self.cols,
            storage,
        })
    }

    /// The same matrix with Q5_0 blocks rewritten as Q8_0 (the same f16 scale and the 32
    /// values as signed bytes: exact, since a Q5_0 value is −16..15); other formats as they
    /// are. Why: a Q5_0 group's unpacking (the fifth bits spread by a shuffle, the nibbles
    /// split) was most of a decode step's work on AVX2, while Q8_0's is one load; the price
    /// is 34 bytes a block instead of 22 (+55 % of those matrices' memory).
    pub fn widened_q5_0(self) -> Self {
        let Storage::Blocks {
            format: BlockFormat::Q5_0,
            bytes,
        } = &self.storage
        else {
            return self;
        };
        use int16_dot::Int16Blocks;
        let raw = bytes.as_slice();
        let mut out = Vec::with_capacity(raw.len() / 22 * 34);
        for block in raw.as_chunks::<22>().0 {
            // The f16 scale as it is, then the group's values as the integer products read them.
            out.extend_from_slice(&block[..2]);
            let (values, _) = int16_dot::Q5_0Int::group(block, 0);
            out.extend(values.iter().map(|&v| v as u8));
        }
        bytes.release_pages();
        Self {
            rows: self.rows,
            cols: self.cols,
            storage: Storage::Blocks {
                format: BlockFormat::Q8_0,
                bytes: WeightBytes::Owned(Arc::new(out)),
            },
        }
    }

    fn check_input(&self, x: &[f32], seq: usize) -> Result<(), ModelError> {
        if seq == 0 || x.len() != seq * self.cols {
            return Err(shape_err(format!(
                "input of {} values is not {seq} rows of {}",
                x.len(),
                self.cols
            )));
        }
        Ok(())
    }

    /// `x · Wᵀ` for `seq` input rows of `cols` values: `[seq, rows]`, row-major. Runs on
    /// `pool`'s threads.
    pub fn matmul(&self, x: &[f32], seq: usize, pool: &ThreadPool) -> Result<Vec<f32>, ModelError> {
        self.matmul_at(simd_level(), x, seq, pool)
    }

    /// [`PackedMatrix::matmul`] with the kernels of `level` (tests run every level the CPU
    /// has, not only the best).
    pub(crate) fn matmul_at(
        &self,
        level: SimdLevel,
        x: &[f32],
        seq: usize,
        pool: &ThreadPool,
    ) -> Result<Vec<f32>, ModelError> {
        let mut outs = matmul_group_at(level, &[self], x, seq, pool)?;
        outs.pop()
            .ok_or_else(|| shape_err("a product of one matrix returned nothing"))
    }

    /// Rows `rows` times every input row into `out` (`[rows, seq]`).
    #[allow(clippy::too_many_arguments)]
    fn band_product(
        &self,
        level: SimdLevel,
        rows: Range<usize>,
        x: &[f32],
        xt: &[f32],
        block_sums: &[f32],
        int16: Option<&QuantizedInputs>,
        seq: usize,
        out: &mut [f32],
    ) -> Result<(), ModelError> {
        #[cfg(target_arch = "x86_64")]
        if let (Some(xq), Storage::Blocks { format, bytes }) = (int16, &self.storage) {
            let (raw, row_bytes) = (bytes.as_slice(), self.row_bytes());
            let done = match level {
                // SAFETY: `simd_level` saw AVX-512 F/BW/VL, AVX2, FMA and F16C on this CPU.
                SimdLevel::Avx512 => unsafe {
                    int16_dot::band_avx512(*format, raw, row_bytes, rows.clone(), xq, out)
                },
                // SAFETY: `simd_level` saw AVX2, FMA and F16C on this CPU.
                SimdLevel::Avx2Fma => unsafe {
                    int16_dot::band_avx2(*format, raw, row_bytes, rows.clone(), xq, out)
                },
                SimdLevel::Scalar => false,
            };
            if done {
                return Ok(());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = int16;
        if seq < tiled_min_rows(level) {
            rows_times_inputs(level, self, rows, x, block_sums, seq, out);
            return Ok(());
        }
        let mut owned;
        let w: &[f32] = match &self.storage {
            Storage::F32(values) => &values[rows.start * self.cols..rows.end * self.cols],
            Storage::Blocks { format, bytes } => {
                let rb = self.row_bytes();
                let raw = bytes
                    .as_slice()
                    .get(rows.start * rb..rows.end * rb)
                    .ok_or_else(|| shape_err("packed rows past the end of their bytes"))?;
                owned = vec![0.0f32; rows.len() * self.cols];
                for (w, out) in raw.chunks_exact(rb).zip(owned.chunks_exact_mut(self.cols)) {
                    unpack_row(*format, w, out);
                }
                &owned
            }
        };
        tiles(level, w, x, xt, self.cols, seq, out);
        Ok(())
    }

    /// The plain path: dequantize everything and multiply in a triple loop (for tests).
    pub fn matmul_plain(&self, x: &[f32], seq: usize) -> Result<Vec<f32>, ModelError> {
        self.check_input(x, seq)?;
        let w = self.rows_f32(0..self.rows)?;
        let mut out = vec![0.0f32; seq * self.rows];
        for t in 0..seq {
            let xt = &x[t * self.cols..(t + 1) * self.cols];
            for r in 0..self.rows {
                let wr = &w[r * self.cols..(r + 1) * self.cols];
                out[t * self.rows + r] = wr.iter().zip(xt).map(|(a, b)| a * b).sum();
            }
        }
        Ok(out)
    }
}

/// The products of several matrices with the same input (q/k/v, or gate/up) in one
/// parallel region: a decode step wakes the pool once per group instead of once per matrix.
pub fn matmul_group(
    matrices: &[&PackedMatrix],
    x: &[f32],
    seq: usize,
    pool: &ThreadPool,
) -> Result<Vec<Vec<f32>>, ModelError> {
    matmul_group_at(simd_level(), matrices, x, seq, pool)
}

fn matmul_group_at(
    level: SimdLevel,
    matrices: &[&PackedMatrix],
    x: &[f32],
    seq: usize,
    pool: &ThreadPool,
) -> Result<Vec<Vec<f32>>, ModelError> {
    for m in matrices {
        m.check_input(x, seq)?;
    }
    let tiled = seq >= tiled_min_rows(level);
    // Per block of a single input: its sum, for the offset terms of Q4_0/Q4_1/Q5_0.
    let block_sums: Vec<f32> = if seq == 1 {
        x.chunks_exact(BLOCK).map(|b| b.iter().sum()).collect()
    } else {
        Vec::new()
    };
    // One input row on AVX2 or AVX-512: quantized once to 16-bit integers for every packed
    // matrix.
    let int16 = match (level, matrices.first()) {
        (SimdLevel::Avx2Fma | SimdLevel::Avx512, Some(m))
            if seq <= int16_dot::MAX_INPUTS
                && matrices.iter().any(|m| m.int16_format().is_some()) =>
        {
            QuantizedInputs::new(x, seq, m.cols)
        }
        _ => None,
    };
    let threads = pool.current_num_threads().max(1);
    let total_rows: usize = matrices.iter().map(|m| m.rows).sum();
    let band = if tiled {
        // Rows dequantized at once: few enough to stay in L2 while every input row
        // passes by.
        TILE_BAND_ROWS
    } else {
        // A few bands per thread so a slow thread does not hold the others up.
        total_rows.div_ceil(threads * 4).max(16)
    };
    let mut transposed: Vec<Vec<f32>> = matrices
        .iter()
        .map(|m| vec![0.0f32; m.rows * seq])
        .collect();
    let mut tasks: Vec<(&PackedMatrix, usize, &mut [f32])> = Vec::new();
    for (m, out) in matrices.iter().zip(transposed.iter_mut()) {
        for (i, chunk) in out.chunks_mut(band * seq).enumerate() {
            tasks.push((m, i * band, chunk));
        }
    }
    // The AVX-512 and AVX2 tiles read the inputs transposed: made once here for every band.
    let xt = match (level, tiled, matrices.first()) {
        (SimdLevel::Avx512 | SimdLevel::Avx2Fma, true, Some(m)) => {
            transposed_inputs(x, seq, m.cols, pool)
        }
        _ => Vec::new(),
    };
    let run = |(m, first, out): (&PackedMatrix, usize, &mut [f32])| {
        let rows = first..first + out.len() / seq;
        m.band_product(level, rows, x, &xt, &block_sums, int16.as_ref(), seq, out)
    };
    if threads == 1 || tasks.len() == 1 {
        tasks.into_iter().try_for_each(run)?;
    } else {
        pool.install(|| tasks.into_par_iter().try_for_each(run))?;
    }
    if seq == 1 {
        return Ok(transposed);
    }
    Ok(untransposed(matrices, &transposed, seq, pool))
}

/// Input rows per task of [`untransposed`]: one cache line of each band row is read at a time.
const UNTRANSPOSE_TOKENS: usize = 16;

/// The band products (`[rows, seq]` per matrix) laid out as `[seq, rows]`, in parallel, by
/// chunks of [`UNTRANSPOSE_TOKENS`] input rows. Why a pass of its own: a single-threaded
/// element-by-element scatter took a fifth of a 512-token prefill while the pool sat idle.
fn untransposed(
    matrices: &[&PackedMatrix],
    transposed: &[Vec<f32>],
    seq: usize,
    pool: &ThreadPool,
) -> Vec<Vec<f32>> {
    let mut outs: Vec<Vec<f32>> = matrices
        .iter()
        .map(|m| vec![0.0f32; seq * m.rows])
        .collect();
    let mut tasks: Vec<(usize, &[f32], usize, &mut [f32])> = Vec::new();
    for ((m, src), out) in matrices.iter().zip(transposed).zip(outs.iter_mut()) {
        for (c, chunk) in out.chunks_mut(UNTRANSPOSE_TOKENS * m.rows).enumerate() {
            tasks.push((m.rows, src.as_slice(), c * UNTRANSPOSE_TOKENS, chunk));
        }
    }
    let run = |(rows, src, t0, chunk): (usize, &[f32], usize, &mut [f32])| {
        let n = chunk.len() / rows.max(1);
        for (r, band_row) in src.chunks_exact(seq).enumerate() {
            for (i, &v) in band_row[t0..t0 + n].iter().enumerate() {
                chunk[i * rows + r] = v;
            }
        }
    };
    if pool.current_num_threads() <= 1 || tasks.len() == 1 {
        tasks.into_iter().for_each(run);
    } else {
        pool.install(|| tasks.into_par_iter().for_each(run));
    }
    outs
}

/// Vector instructions the kernels are compiled for, detected once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimdLevel {
    Avx512,
    Avx2Fma,
    Scalar,
}

/// Every level this CPU can run, plainest first.
pub fn simd_levels_here() -> Vec<SimdLevel> {
    let best = simd_level();
    [SimdLevel::Scalar, SimdLevel::Avx2Fma, SimdLevel::Avx512]
        .into_iter()
        .filter(|l| match l {
            SimdLevel::Scalar => true,
            SimdLevel::Avx2Fma => best != SimdLevel::Scalar,
            SimdLevel::Avx512 => best == SimdLevel::Avx512,
        })
        .collect()
}

pub fn simd_level() -> SimdLevel {
    static LEVEL: OnceLock<SimdLevel> = OnceLock::new();
    *LEVEL.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
                && std::arch::is_x86_feature_detected!("f16c")
            {
                return SimdLevel::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
                && std::arch::is_x86_feature_detected!("f16c")
            {
                return SimdLevel::Avx2Fma;
            }
        }
        SimdLevel::Scalar
    })
}

/// `out[(r - rows.start) * seq + t] = row r · input t` for the rows of one band.
fn rows_times_inputs(
    level: SimdLevel,
    m: &PackedMatrix,
    rows: Range<usize>,
    x: &[f32],
    block_sums: &[f32],
    seq: usize,
    out: &mut [f32],
) {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `simd_level` saw these features on this CPU.
        SimdLevel::Avx512 => unsafe { band_avx512(m, rows, x, block_sums, seq, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        SimdLevel::Avx2Fma => unsafe { band_avx2(m, rows, x, block_sums, seq, out) },
        _ => band::<false, false>(m, rows, x, block_sums, seq, out),
    }
}

compiled_for!("avx512f,avx512bw,avx512vl,avx2,fma,f16c", band_avx512 = band::<true, false>(
    m: &PackedMatrix, rows: Range<usize>, x: &[f32], block_sums: &[f32], seq: usize, out: &mut [f32]
));
compiled_for!("avx2,fma,f16c", band_avx2 = band::<true, true>(
    m: &PackedMatrix, rows: Range<usize>, x: &[f32], block_sums: &[f32], seq: usize, out: &mut [f32]
));

/// The band loop; inlined into each `target_feature` wrapper so it is compiled for it.
/// `NARROW`: the register tiles of AVX2's sixteen 8-lane registers ([`register_tiles`]).
#[inline(always)]
fn band<const FMA: bool, const NARROW: bool>(
    m: &PackedMatrix,
    rows: Range<usize>,
    x: &[f32],
    block_sums: &[f32],
    seq: usize,
    out: &mut [f32],
) {
    let cols = m.cols;
    match &m.storage {
        Storage::F32(values) if seq > 1 => {
            let mut r = rows.start;
            for out_rows in out.chunks_mut(TILE_ROWS * seq) {
                let n = out_rows.len() / seq;
                register_tiles::<FMA, NARROW>(
                    &values[r * cols..(r + n) * cols],
                    x,
                    cols,
                    seq,
                    out_rows,
                );
                r += n;
            }
        }
        Storage::F32(values) => {
            for (r, out_r) in rows.zip(out.chunks_exact_mut(seq)) {
                let w = &values[r * cols..(r + 1) * cols];
                for (t, o) in out_r.iter_mut().enumerate() {
                    *o = dot_f32::<FMA>(w, &x[t * cols..(t + 1) * cols]);
                }
            }
        }
        Storage::Blocks { format, bytes } if seq > 1 => {
            // Several inputs: unpack a few rows at a time, then multiply them with every
            // input while they sit in L1.
            let raw = bytes.as_slice();
            let rb = cols / format.block_values() * format.block_bytes();
            let mut unpacked = vec![0.0f32; TILE_ROWS * cols];
            let mut r = rows.start;
            for out_rows in out.chunks_mut(TILE_ROWS * seq) {
                let n = out_rows.len() / seq;
                let Some(w) = raw.get(r * rb..(r + n) * rb) else {
                    break;
                };
                let w_f32 = &mut unpacked[..n * cols];
                for (packed, row) in w.chunks_exact(rb).zip(w_f32.chunks_exact_mut(cols)) {
                    unpack_row(*format, packed, row);
                }
                register_tiles::<FMA, NARROW>(w_f32, x, cols, seq, out_rows);
                r += n;
            }
        }
        Storage::Blocks { format, bytes } => {
            let raw = bytes.as_slice();
            let rb = cols / format.block_values() * format.block_bytes();
            let blocks = cols / BLOCK;
            for (r, out_r) in rows.zip(out.chunks_exact_mut(seq)) {
                let Some(w) = raw.get(r * rb..(r + 1) * rb) else {
                    continue;
                };
                for (t, o) in out_r.iter_mut().enumerate() {
                    let xt = &x[t * cols..(t + 1) * cols];
                    let sums = block_sums
                        .get(t * blocks..(t + 1) * blocks)
                        .unwrap_or_default();
                    *o = match format {
                        BlockFormat::Q8_0 => dot_q8_0::<FMA>(w, xt),
                        BlockFormat::Q4_0 => dot_q4::<FMA, false>(w, xt, sums),
                        BlockFormat::Q4_1 => dot_q4::<FMA, true>(w, xt, sums),
                        BlockFormat::Q5_0 => dot_q5_0::<FMA>(w, xt, sums),
                        BlockFormat::Q5_1 => dot_decoded::<FMA, 24, BLOCK, Q5_1Blocks>(w, xt),
                        BlockFormat::Q2K => dot_decoded::<FMA, 84, SUPER_BLOCK, Q2KBlocks>(w, xt),
                        BlockFormat::Q3K => dot_decoded::<FMA, 110, SUPER_BLOCK, Q3KBlocks>(w, xt),
                        BlockFormat::Q4K => dot_decoded::<FMA, 144, SUPER_BLOCK, Q4KBlocks>(w, xt),
                        BlockFormat::Q5K => dot_decoded::<FMA, 176, SUPER_BLOCK, Q5KBlocks>(w, xt),
                        BlockFormat::Q6K => dot_decoded::<FMA, 210, SUPER_BLOCK, Q6KBlocks>(w, xt),
                    };
                }
            }
        }
    }
}

/// `out[r * seq + t] = w row r · x row t` for f32 weight rows `w` and inputs `x`, in register
/// tiles of [`TILE_ROWS`] rows × a few inputs (smaller at the edges) whose accumulators are
/// vectors along the shared axis: a loaded weight vector serves several inputs and a loaded
/// input vector several rows. The portable tiled path, and the path of products with fewer
/// than [`TILED_MIN_ROWS`] inputs at every level (one dot product at a time waited on its own
/// accumulator's latency and reloaded the row).
///
/// `NARROW` (AVX2): tiles of 4 rows × 3 inputs of 8 lanes, so the 12 accumulators, 3 input
/// vectors and a weight vector fit in AVX2's 16 registers. The 4 × 4 tiles of 16 lanes that
/// suit AVX-512's 32 registers need 32 here and spilled: on an AVX2 machine a product of 2–15
/// inputs cost as much per input as a product of one (SmolLM2, 8 prompt tokens: 100 ms, where
/// 16 through the tiled path took 60).
#[inline(always)]
fn register_tiles<const FMA: bool, const NARROW: bool>(
    w: &[f32],
    x: &[f32],
    cols: usize,
    seq: usize,
    out: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if NARROW {
        register_tiles_of::<NarrowTiles, 3>(w, x, cols, seq, out);
        return;
    }
    register_tiles_of::<PortableTiles<FMA>, TILE_INPUTS>(w, x, cols, seq, out);
}

/// How one `R` × `S` register tile is computed: rows `w` (`R · cols`) times inputs `xs`
/// (`S · cols`) into `out[r * seq + t0 + s]`; false (and nothing written) if the slices do
/// not have those shapes.
trait TileKernel {
    fn tile<const R: usize, const S: usize>(
        w: &[f32],
        xs: &[f32],
        cols: usize,
        seq: usize,
        t0: usize,
        out: &mut [f32],
    ) -> bool;
}

/// Lane-wise arrays the compiler vectorizes: 16 lanes, for AVX-512 and the portable path.
struct PortableTiles<const FMA: bool>;

impl<const FMA: bool> TileKernel for PortableTiles<FMA> {
    #[inline(always)]
    fn tile<const R: usize, const S: usize>(
        w: &[f32],
        xs: &[f32],
        cols: usize,
        seq: usize,
        t0: usize,
        out: &mut [f32],
    ) -> bool {
        tile_sums::<FMA, R, S>(w, xs, cols, seq, t0, out)
    }
}

/// AVX2's registers named outright: the lane-array form of [`tile_sums`], compiled for AVX2,
/// came out as scalar multiply-adds and stack spills.
#[cfg(target_arch = "x86_64")]
struct NarrowTiles;

#[cfg(target_arch = "x86_64")]
impl TileKernel for NarrowTiles {
    #[inline(always)]
    fn tile<const R: usize, const S: usize>(
        w: &[f32],
        xs: &[f32],
        cols: usize,
        seq: usize,
        t0: usize,
        out: &mut [f32],
    ) -> bool {
        // SAFETY: only the AVX2 wrappers (`band_avx2`, `tiles_avx2`) take the narrow tiles,
        // and they run only where `simd_level` saw AVX2 and FMA.
        unsafe { tile_sums_avx2::<R, S>(w, xs, cols, seq, t0, out) }
    }
}

/// [`register_tiles`] with tiles of up to `TS` inputs computed by `K`.
#[inline(always)]
fn register_tiles_of<K: TileKernel, const TS: usize>(
    w: &[f32],
    x: &[f32],
    cols: usize,
    seq: usize,
    out: &mut [f32],
) {
    let rows = w.len() / cols.max(1);
    let mut r = 0;
    while r < rows {
        let nr = (rows - r).min(TILE_ROWS);
        let w_r = &w[r * cols..(r + nr) * cols];
        let out_r = &mut out[r * seq..(r + nr) * seq];
        let mut t = 0;
        while t < seq {
            let nt = (seq - t).min(TS);
            let xs = &x[t * cols..(t + nt) * cols];
            let done = match (nr, nt) {
                (4, 4) => K::tile::<4, 4>(w_r, xs, cols, seq, t, out_r),
                (4, 3) => K::tile::<4, 3>(w_r, xs, cols, seq, t, out_r),
                (4, 2) => K::tile::<4, 2>(w_r, xs, cols, seq, t, out_r),
                (4, 1) => K::tile::<4, 1>(w_r, xs, cols, seq, t, out_r),
                // The last rows of a band, one at a time.
                (_, nt) => w_r.chunks_exact(cols).enumerate().all(|(i, w_i)| {
                    let out_i = &mut out_r[i * seq..(i + 1) * seq];
                    match nt {
                        4 => K::tile::<1, 4>(w_i, xs, cols, seq, t, out_i),
                        3 => K::tile::<1, 3>(w_i, xs, cols, seq, t, out_i),
                        2 => K::tile::<1, 2>(w_i, xs, cols, seq, t, out_i),
                        _ => K::tile::<1, 1>(w_i, xs, cols, seq, t, out_i),
                    }
                }),
            };
            if !done {
                // Not reached (the shapes above are exact); a dot product each, to be safe.
                for (i, w_i) in w_r.chunks_exact(cols).enumerate() {
                    for (j, x_j) in xs.chunks_exact(cols).enumerate() {
                        out_r[i * seq + t + j] = dot_f32::<false>(w_i, x_j);
                    }
                }
            }
            t += nt;
        }
        r += nr;
    }
}

/// [`tile_sums`] in AVX2 registers: `R · S` accumulators of 8 lanes (at most 12, so with the
/// `S` input vectors and one weight vector they fit in the 16 registers).
///
/// # Safety
/// The CPU must have AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn tile_sums_avx2<const R: usize, const S: usize>(
    w: &[f32],
    xs: &[f32],
    cols: usize,
    seq: usize,
    t0: usize,
    out: &mut [f32],
) -> bool {
    use std::arch::x86_64::{
        __m256, _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_setzero_ps, _mm256_storeu_ps,
    };
    if w.len() != R * cols || xs.len() != S * cols || out.len() < (R - 1) * seq + t0 + S {
        return false;
    }
    const L: usize = 8;
    let whole = cols / L;
    let (wp, xp) = (w.as_ptr(), xs.as_ptr());
    let mut acc: [[__m256; S]; R] = [[_mm256_setzero_ps(); S]; R];
    for k in 0..whole {
        let mut xv: [__m256; S] = [_mm256_setzero_ps(); S];
        for (s, v) in xv.iter_mut().enumerate() {
            // SAFETY: s < S and k < cols / 8, so the 8 values lie inside `xs` (S · cols
            // values, checked above).
            *v = unsafe { _mm256_loadu_ps(xp.add(s * cols + k * L)) };
        }
        for (r, acc_r) in acc.iter_mut().enumerate() {
            // SAFETY: as above, inside `w` (R · cols values).
            let wv = unsafe { _mm256_loadu_ps(wp.add(r * cols + k * L)) };
            for (a, x) in acc_r.iter_mut().zip(&xv) {
                *a = _mm256_fmadd_ps(wv, *x, *a);
            }
        }
    }
    for (r, acc_r) in acc.iter().enumerate() {
        let w_tail = &w[r * cols + whole * L..(r + 1) * cols];
        for (s, a) in acc_r.iter().enumerate() {
            let x_tail = &xs[s * cols + whole * L..(s + 1) * cols];
            let tail: f32 = w_tail.iter().zip(x_tail).map(|(a, b)| a * b).sum();
            let mut lanes = [0.0f32; L];
            // SAFETY: `lanes` holds 8 values.
            unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), *a) };
            out[r * seq + t0 + s] = lanes.iter().sum::<f32>() + tail;
        }
    }
    true
}

/// One `R` × `S` tile of [`register_tiles`] in lane-wise arrays of 16 ([`TileKernel::tile`]).
#[inline(always)]
fn tile_sums<const FMA: bool, const R: usize, const S: usize>(
    w: &[f32],
    xs: &[f32],
    cols: usize,
    seq: usize,
    t0: usize,
    out: &mut [f32],
) -> bool {
    if w.len() != R * cols || xs.len() != S * cols || out.len() < (R - 1) * seq + t0 + S {
        return false;
    }
    let whole = cols / LANES;
    let (wp, xp) = (w.as_ptr(), xs.as_ptr());
    let mut acc = [[[0.0f32; LANES]; S]; R];
    for k in 0..whole {
        let mut xv = [[0.0f32; LANES]; S];
        for (s, v) in xv.iter_mut().enumerate() {
            // SAFETY: s < S and k < cols / LANES, so the 16 values lie inside `xs` (checked to
            // hold S · cols values above).
            *v = unsafe { std::ptr::read_unaligned(xp.add(s * cols + k * LANES).cast()) };
        }
        for acc_r in acc.iter_mut().enumerate() {
            let (r, acc_r) = acc_r;
            // SAFETY: as above, inside `w` (R · cols values).
            let wv: [f32; LANES] =
                unsafe { std::ptr::read_unaligned(wp.add(r * cols + k * LANES).cast()) };
            for (a, x) in acc_r.iter_mut().zip(&xv) {
                for l in 0..LANES {
                    a[l] = madd::<FMA>(wv[l], x[l], a[l]);
                }
            }
        }
    }
    for (r, acc_r) in acc.iter().enumerate() {
        let w_tail = &w[r * cols + whole * LANES..(r + 1) * cols];
        for (s, a) in acc_r.iter().enumerate() {
            let x_tail = &xs[s * cols + whole * LANES..(s + 1) * cols];
            let tail: f32 = w_tail.iter().zip(x_tail).map(|(a, b)| a * b).sum();
            out[r * seq + t0 + s] = a.iter().sum::<f32>() + tail;
        }
    }
    true
}

/// `out[r * seq + t] = w row r · x row t` for a band of f32 weight rows `w`; `xt` is `x`
/// transposed ([`transposed_inputs`]) when `level` is AVX-512 or AVX2.
fn tiles(
    level: SimdLevel,
    w: &[f32],
    x: &[f32],
    xt: &[f32],
    cols: usize,
    seq: usize,
    out: &mut [f32],
) {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `simd_level` saw these features on this CPU; `matmul_group_at` transposed
        // the inputs for this level.
        SimdLevel::Avx512 if !xt.is_empty() => unsafe { tiles_avx512(w, xt, cols, seq, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        SimdLevel::Avx2Fma if !xt.is_empty() => unsafe { tiles_avx2_panels(w, xt, cols, seq, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `simd_level` saw these features on this CPU.
        SimdLevel::Avx2Fma => unsafe { tiles_avx2(w, x, cols, seq, out) },
        _ => tiles_generic::<false, false>(w, x, cols, seq, out),
    }
}

/// Weight rows of one AVX-512 register tile.
#[cfg(target_arch = "x86_64")]
const TILE_WEIGHT_ROWS: usize = 6;
/// Input rows of one AVX-512 register tile: 4 vectors (6 × 4 = 24 accumulators).
const TILE_TOKENS: usize = 64;
/// Shared-axis values per pass: the transposed inputs a tile reads (128 × 64 tokens × 4
/// bytes = 32 KB) stay in L1 while every weight row of the band passes by.
#[cfg(target_arch = "x86_64")]
const PANEL_DEPTH: usize = 128;

/// The input rows transposed for the AVX-512 tiled kernel, in blocks of 64 rows (a tile's
/// width): block `b` holds `x[t][k]` at `b·64·cols + k·width + (t - 64b)`, `width` = 64, or the
/// last block's rows rounded up to whole vectors (zeros beyond). A depth slice of a block is
/// contiguous (a strided layout made L1 sets collide), and the whole is made once per product,
/// shared by every band and every matrix of a group, so the weights are used as they are
/// stored, row by row, and never laid out again.
fn transposed_inputs(x: &[f32], seq: usize, cols: usize, pool: &ThreadPool) -> Vec<f32> {
    let seq_pad = seq.div_ceil(LANES) * LANES;
    let mut xt = vec![0.0f32; cols * seq_pad];
    // Each block of 64 input rows is its own contiguous stretch of `xt`: one task per block.
    let run = |(block, out): (usize, &mut [f32])| {
        let width = out.len() / cols.max(1);
        let first = block * TILE_TOKENS;
        let rows = x
            .chunks_exact(cols)
            .skip(first)
            .take(width.min(seq.saturating_sub(first)));
        for (s, row) in rows.enumerate() {
            for (k, &v) in row.iter().enumerate() {
                out[k * width + s] = v;
            }
        }
    };
    let block_len = TILE_TOKENS * cols.max(1);
    if pool.current_num_threads() <= 1 || seq_pad <= TILE_TOKENS {
        xt.chunks_mut(block_len).enumerate().for_each(run);
    } else {
        pool.install(|| xt.par_chunks_mut(block_len).enumerate().for_each(run));
    }
    xt
}

/// `out[r * seq + t] = w row r · x row t` for a band of f32 weight rows `w`, with the inputs
/// given transposed (`xt`, see [`transposed_inputs`]), on AVX-512. A tile broadcasts one weight
/// of each of 6 rows against 64 input rows at a time (4 vectors), as GEMM micro-kernels do; its
/// 24 accumulators stay in registers over one depth slice.
///
/// # Safety
/// The CPU must have AVX-512F.
#[cfg(target_arch = "x86_64")]
unsafe fn tiles_avx512(w: &[f32], xt: &[f32], cols: usize, seq: usize, out: &mut [f32]) {
    panel_tiles(w, xt, cols, seq, out, |tile, sums| {
        macro_rules! run {
            ($($tr:literal),*) => {
                match (tile.rows, tile.width / LANES) {
                    $(
                        // SAFETY (each arm): the caller's contract.
                        ($tr, 4) => unsafe { tile.run::<$tr, 4>(sums) },
                        ($tr, 3) => unsafe { tile.run::<$tr, 3>(sums) },
                        ($tr, 2) => unsafe { tile.run::<$tr, 2>(sums) },
                        ($tr, _) => unsafe { tile.run::<$tr, 1>(sums) },
                    )*
                    _ => {}
                }
            };
        }
        run!(6, 5, 4, 3, 2, 1);
    });
}

/// Input rows of one AVX2 register tile: two vectors of 8, so 6 weight rows make 12
/// accumulators, and with two input vectors and one broadcast weight the tile fits AVX2's 16
/// registers (the 4 × 4 tiles of 16 lanes of [`register_tiles`] needed 32 and spilled).
#[cfg(target_arch = "x86_64")]
const AVX2_TILE_TOKENS: usize = 16;

/// [`tiles_avx512`] on AVX2 and FMA: the same transposed inputs and depth slices, in tiles of 6
/// weight rows × 16 input rows.
///
/// # Safety
/// The CPU must have AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
unsafe fn tiles_avx2_panels(w: &[f32], xt: &[f32], cols: usize, seq: usize, out: &mut [f32]) {
    panel_tiles(w, xt, cols, seq, out, |tile, sums| {
        // A block's width is a whole number of 16-value vectors (`transposed_inputs`).
        for sub in (0..tile.width).step_by(AVX2_TILE_TOKENS) {
            macro_rules! run {
                ($($tr:literal),*) => {
                    match tile.rows {
                        $(
                            // SAFETY (each arm): the caller's contract.
                            $tr => unsafe { tile.run_avx2::<$tr>(sub, sums) },
                        )*
                        _ => {}
                    }
                };
            }
            run!(6, 5, 4, 3, 2, 1);
        }
    });
}

/// The loops shared by the transposed-input kernels: depth slices of [`PANEL_DEPTH`], blocks of
/// up to [`TILE_TOKENS`] inputs, bands of up to [`TILE_WEIGHT_ROWS`] weight rows, each tile
/// handed to `tile_fn` with the `[rows][seq_pad]` sums it adds into between slices.
#[cfg(target_arch = "x86_64")]
fn panel_tiles(
    w: &[f32],
    xt: &[f32],
    cols: usize,
    seq: usize,
    out: &mut [f32],
    tile_fn: impl Fn(&RowTile<'_>, &mut [f32]),
) {
    let rows = w.len() / cols.max(1);
    let seq_pad = xt.len() / cols.max(1);
    let mut sums = vec![0.0f32; rows * seq_pad];
    let mut k0 = 0;
    while k0 < cols {
        let depth = k0..(k0 + PANEL_DEPTH).min(cols);
        let mut t = 0;
        while t < seq_pad {
            let width = TILE_TOKENS.min(seq_pad - t);
            let block = &xt[t * cols..(t + width) * cols];
            let mut r = 0;
            while r < rows {
                let tile = RowTile {
                    w,
                    block,
                    width,
                    cols,
                    seq_pad,
                    depth: depth.clone(),
                    t,
                    r,
                    rows: (rows - r).min(TILE_WEIGHT_ROWS),
                };
                tile_fn(&tile, &mut sums);
                r += tile.rows;
            }
            t += width;
        }
        k0 = depth.end;
    }
    for (row_out, row_sums) in out.chunks_exact_mut(seq).zip(sums.chunks_exact(seq_pad)) {
        row_out.copy_from_slice(&row_sums[..seq]);
    }
}

/// One register tile of [`tiles_avx512`]: weight rows `r..r+TR` times the `16·TV` input rows
/// of one transposed block, over the depth slice.
#[cfg(target_arch = "x86_64")]
struct RowTile<'a> {
    w: &'a [f32],
    /// The block of transposed inputs (`[cols][width]`) for input rows `t..t+width`.
    block: &'a [f32],
    width: usize,
    cols: usize,
    seq_pad: usize,
    depth: Range<usize>,
    t: usize,
    r: usize,
    /// Weight rows of the tile (`r..r + rows`).
    rows: usize,
}

#[cfg(target_arch = "x86_64")]
impl RowTile<'_> {
    /// The AVX2 tile: weight rows `r..r+TR` times input rows `sub..sub+16` of the block.
    #[target_feature(enable = "avx2,fma")]
    fn run_avx2<const TR: usize>(&self, sub: usize, sums: &mut [f32]) {
        use std::arch::x86_64::{
            __m256, _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_set1_ps, _mm256_setzero_ps,
            _mm256_storeu_ps,
        };
        const V: usize = AVX2_TILE_TOKENS / 8;
        let (cols, seq_pad, t, r, width) = (self.cols, self.seq_pad, self.t, self.r, self.width);
        let depth = self.depth.clone();
        // Every range the loops read or write, checked once, as in `run`.
        let rows_ok = (r + TR) * cols <= self.w.len() && depth.end <= cols;
        let block_ok = depth.end * width <= self.block.len() && sub + V * 8 <= width;
        let sums_ok = (r + TR - 1) * seq_pad + t + sub + V * 8 <= sums.len();
        if !(rows_ok && block_ok && sums_ok) {
            return;
        }
        // SAFETY (for every pointer below): in bounds by the checks above.
        let w0 = unsafe { self.w.as_ptr().add(r * cols + depth.start) };
        let x0 = unsafe { self.block.as_ptr().add(depth.start * width + sub) };
        let s0 = unsafe { sums.as_mut_ptr().add(r * seq_pad + t + sub) };
        let mut acc: [[__m256; V]; TR] = [[_mm256_setzero_ps(); V]; TR];
        for (i, acc_i) in acc.iter_mut().enumerate() {
            for (v, a) in acc_i.iter_mut().enumerate() {
                *a = unsafe { _mm256_loadu_ps(s0.add(i * seq_pad + v * 8)) };
            }
        }
        for k in 0..depth.len() {
            let mut xv: [__m256; V] = [_mm256_setzero_ps(); V];
            for (v, x) in xv.iter_mut().enumerate() {
                *x = unsafe { _mm256_loadu_ps(x0.add(k * width + v * 8)) };
            }
            for (i, acc_i) in acc.iter_mut().enumerate() {
                let b = _mm256_set1_ps(unsafe { *w0.add(i * cols + k) });
                for (a, x) in acc_i.iter_mut().zip(&xv) {
                    *a = _mm256_fmadd_ps(b, *x, *a);
                }
            }
        }
        for (i, acc_i) in acc.iter().enumerate() {
            for (v, a) in acc_i.iter().enumerate() {
                unsafe { _mm256_storeu_ps(s0.add(i * seq_pad + v * 8), *a) };
            }
        }
    }

    #[target_feature(enable = "avx512f")]
    fn run<const TR: usize, const TV: usize>(&self, sums: &mut [f32]) {
        use std::arch::x86_64::{
            __m512, _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_storeu_ps,
        };
        let (cols, seq_pad, t, r, width) = (self.cols, self.seq_pad, self.t, self.r, self.width);
        let depth = self.depth.clone();
        // Every range the loops below read or write, checked once here, so the loops run on
        // raw pointers with constant offsets: no bounds check (and no panic path) keeps the
        // 24 accumulators out of registers.
        let rows_ok = (r + TR) * cols <= self.w.len() && depth.end <= cols;
        let block_ok = depth.end * width <= self.block.len() && TV * LANES <= width;
        let sums_ok = (r + TR - 1) * seq_pad + t + TV * LANES <= sums.len();
        if !(rows_ok && block_ok && sums_ok) {
            return;
        }
        // SAFETY (for every pointer below): in bounds by the checks above.
        let w0 = unsafe { self.w.as_ptr().add(r * cols + depth.start) };
        let x0 = unsafe { self.block.as_ptr().add(depth.start * width) };
        let s0 = unsafe { sums.as_mut_ptr().add(r * seq_pad + t) };
        // Loops rather than `array::from_fn`: a closure would not be compiled for AVX-512.
        let mut acc: [[__m512; TV]; TR] = [[_mm512_set1_ps(0.0); TV]; TR];
        for (i, acc_i) in acc.iter_mut().enumerate() {
            for (v, a) in acc_i.iter_mut().enumerate() {
                *a = unsafe { _mm512_loadu_ps(s0.add(i * seq_pad + v * LANES)) };
            }
        }
        for k in 0..depth.len() {
            let mut xv: [__m512; TV] = [_mm512_set1_ps(0.0); TV];
            for (v, x) in xv.iter_mut().enumerate() {
                *x = unsafe { _mm512_loadu_ps(x0.add(k * width + v * LANES)) };
            }
            for (i, acc_i) in acc.iter_mut().enumerate() {
                let b = _mm512_set1_ps(unsafe { *w0.add(i * cols + k) });
                for (a, x) in acc_i.iter_mut().zip(&xv) {
                    *a = _mm512_fmadd_ps(b, *x, *a);
                }
            }
        }
        for (i, acc_i) in acc.iter().enumerate() {
            for (v, a) in acc_i.iter().enumerate() {
                unsafe { _mm512_storeu_ps(s0.add(i * seq_pad + v * LANES), *a) };
            }
        }
    }
}

compiled_for!("avx2,fma,f16c", tiles_avx2 = tiles_generic::<true, true>(
    w: &[f32], x: &[f32], cols: usize, seq: usize, out: &mut [f32]
));

#[inline(always)]
fn tiles_generic<const FMA: bool, const NARROW: bool>(
    w: &[f32],
    x: &[f32],
    cols: usize,
    seq: usize,
    out: &mut [f32],
) {
    register_tiles::<FMA, NARROW>(w, x, cols, seq, out);
}

/// Dequantize whole blocks of one row into `out` (its length in values), with the GGUF
/// reader's own block decoders, inlined so they compile to vector code inside the SIMD
/// wrappers.
#[inline(always)]
fn unpack_row(format: BlockFormat, w: &[u8], out: &mut [f32]) {
    match format {
        BlockFormat::Q8_0 => unpack_blocks::<34, BLOCK, Q8_0Blocks>(w, out),
        BlockFormat::Q4_0 => unpack_blocks::<18, BLOCK, Q4_0Blocks>(w, out),
        BlockFormat::Q4_1 => unpack_blocks::<20, BLOCK, Q4_1Blocks>(w, out),
        BlockFormat::Q5_0 => unpack_blocks::<22, BLOCK, Q5_0Blocks>(w, out),
        BlockFormat::Q5_1 => unpack_blocks::<24, BLOCK, Q5_1Blocks>(w, out),
        BlockFormat::Q2K => unpack_blocks::<84, SUPER_BLOCK, Q2KBlocks>(w, out),
        BlockFormat::Q3K => unpack_blocks::<110, SUPER_BLOCK, Q3KBlocks>(w, out),
        BlockFormat::Q4K => unpack_blocks::<144, SUPER_BLOCK, Q4KBlocks>(w, out),
        BlockFormat::Q5K => unpack_blocks::<176, SUPER_BLOCK, Q5KBlocks>(w, out),
        BlockFormat::Q6K => unpack_blocks::<210, SUPER_BLOCK, Q6KBlocks>(w, out),
    }
}

/// One of the GGUF reader's block decoders (`N` bytes to `E` values) as a type. Not a
/// function passed as a value: that is called through a `Fn::call` shim which is not
/// inlined, so the decoder would run without the caller's SIMD features (4× slower).
trait BlockDecoder<const N: usize, const E: usize> {
    fn decode(block: &[u8; N], out: &mut [f32; E]);
}

macro_rules! block_decoders {
    ($($name:ident = $decode:ident($bytes:literal, $values:ident)),* $(,)?) => {
        $(
            struct $name;
            impl BlockDecoder<$bytes, $values> for $name {
                #[inline(always)]
                fn decode(block: &[u8; $bytes], out: &mut [f32; $values]) {
                    $decode(block, out)
                }
            }
        )*
    };
}

block_decoders!(
    Q8_0Blocks = decode_q8_0(34, BLOCK),
    Q4_0Blocks = decode_q4_0(18, BLOCK),
    Q4_1Blocks = decode_q4_1(20, BLOCK),
    Q5_0Blocks = decode_q5_0(22, BLOCK),
    Q5_1Blocks = decode_q5_1(24, BLOCK),
    Q2KBlocks = decode_q2_k(84, SUPER_BLOCK),
    Q3KBlocks = decode_q3_k(110, SUPER_BLOCK),
    Q4KBlocks = decode_q4_k(144, SUPER_BLOCK),
    Q5KBlocks = decode_q5_k(176, SUPER_BLOCK),
    Q6KBlocks = decode_q6_k(210, SUPER_BLOCK),
);

/// Blocks of `N` bytes decoded into `E` values each; a short last block (or output) is left
/// alone rather than read past, so malformed input cannot panic here.
#[inline(always)]
fn unpack_blocks<const N: usize, const E: usize, D: BlockDecoder<N, E>>(w: &[u8], out: &mut [f32]) {
    let (outs, _) = out.as_chunks_mut::<E>();
    for (b, o) in w.as_chunks::<N>().0.iter().zip(outs) {
        D::decode(b, o);
    }
}

#[inline(always)]
fn madd<const FMA: bool>(a: f32, b: f32, acc: f32) -> f32 {
    // Without the FMA feature `mul_add` is a library call, far slower than mul then add.
    if FMA { a.mul_add(b, acc) } else { a * b + acc }
}

#[inline(always)]
fn f16_le(lo: u8, hi: u8) -> f32 {
    half::f16::from_le_bytes([lo, hi]).to_f32()
}

/// Lane-wise accumulators: written so the compiler turns each lane loop into vector ops.
#[inline(always)]
fn dot_f32<const FMA: bool>(w: &[f32], x: &[f32]) -> f32 {
    const L: usize = 32;
    let mut acc = [0.0f32; L];
    let (wc, wt) = w.as_chunks::<L>();
    let (xc, xt) = x.as_chunks::<L>();
    for (a, b) in wc.iter().zip(xc) {
        for l in 0..L {
            acc[l] = madd::<FMA>(a[l], b[l], acc[l]);
        }
    }
    let tail: f32 = wt.iter().zip(xt).map(|(a, b)| a * b).sum();
    acc.iter().sum::<f32>() + tail
}

/// One row of `N`-byte blocks of `E` values times `x`: each block is decoded into a stack
/// buffer by the GGUF reader's own decoder (inlined, so it is compiled for the caller's
/// SIMD features), then multiplied and accumulated lane-wise. The formats with several
/// scales per block (Q5, the K-quants) take this path: their bytes are what bound a decode
/// step, and decoding stays in L1.
#[inline(always)]
fn dot_decoded<const FMA: bool, const N: usize, const E: usize, D: BlockDecoder<N, E>>(
    w: &[u8],
    x: &[f32],
) -> f32 {
    let mut acc = [0.0f32; LANES];
    let mut values = [0.0f32; E];
    let (blocks, _) = w.as_chunks::<N>();
    let (xs, _) = x.as_chunks::<E>();
    for (b, xb) in blocks.iter().zip(xs) {
        D::decode(b, &mut values);
        let (vc, _) = values.as_chunks::<LANES>();
        let (xc, _) = xb.as_chunks::<LANES>();
        for (v, xv) in vc.iter().zip(xc) {
            for l in 0..LANES {
                acc[l] = madd::<FMA>(v[l], xv[l], acc[l]);
            }
        }
    }
    acc.iter().sum()
}

/// Q8_0 block: f16 scale `d`, then 32 signed bytes; value = d · q.
#[inline(always)]
fn dot_q8_0<const FMA: bool>(w: &[u8], x: &[f32]) -> f32 {
    let mut acc = [0.0f32; 16];
    let (blocks, _) = w.as_chunks::<34>();
    let (xs, _) = x.as_chunks::<BLOCK>();
    for (b, xb) in blocks.iter().zip(xs) {
        let d = f16_le(b[0], b[1]);
        let mut s = [0.0f32; 16];
        for l in 0..16 {
            s[l] = madd::<FMA>(
                f32::from(b[2 + l] as i8),
                xb[l],
                f32::from(b[18 + l] as i8) * xb[16 + l],
            );
        }
        for l in 0..16 {
            acc[l] = madd::<FMA>(d, s[l], acc[l]);
        }
    }
    acc.iter().sum()
}

/// Q4_0 block: f16 scale `d`, 16 bytes of nibbles (low nibbles are values 0..16, high nibbles
/// 16..32); value = d · (q − 8). Q4_1 block: f16 `d`, f16 minimum `m`, 16 bytes of nibbles;
/// value = d · q + m. The offset term of a block is (offset) · Σx, from `block_sums`.
#[inline(always)]
fn dot_q4<const FMA: bool, const WITH_MIN: bool>(w: &[u8], x: &[f32], block_sums: &[f32]) -> f32 {
    let mut acc = [0.0f32; 16];
    let mut offsets = 0.0f32;
    let (xs, _) = x.as_chunks::<BLOCK>();
    if WITH_MIN {
        let (blocks, _) = w.as_chunks::<20>();
        for ((b, xb), &sum) in blocks.iter().zip(xs).zip(block_sums) {
            let d = f16_le(b[0], b[1]);
            let min = f16_le(b[2], b[3]);
            let s = nibbles_dot::<FMA>(&b[4..20], xb);
            for l in 0..16 {
                acc[l] = madd::<FMA>(d, s[l], acc[l]);
            }
            offsets = madd::<FMA>(min, sum, offsets);
        }
    } else {
        let (blocks, _) = w.as_chunks::<18>();
        for ((b, xb), &sum) in blocks.iter().zip(xs).zip(block_sums) {
            let d = f16_le(b[0], b[1]);
            let s = nibbles_dot::<FMA>(&b[2..18], xb);
            for l in 0..16 {
                acc[l] = madd::<FMA>(d, s[l], acc[l]);
            }
            offsets = madd::<FMA>(-8.0 * d, sum, offsets);
        }
    }
    acc.iter().sum::<f32>() + offsets
}

/// Q5_0 block: f16 scale `d`, 4 bytes of fifth bits (bit `j` for value `j`), 16 bytes of
/// nibbles laid out as Q4_0's; value = d · (q − 16), the offset term from `block_sums` as in
/// [`dot_q4`]. Fused rather than through [`dot_decoded`]: Q5_0 holds most of Qwen2.5-Coder's
/// weights, and decoding each 32-value block to memory first ran 2× slower than f32 at
/// decode. The tests hold it to the reader's decoder (`matmul_plain`).
#[inline(always)]
fn dot_q5_0<const FMA: bool>(w: &[u8], x: &[f32], block_sums: &[f32]) -> f32 {
    let mut acc = [0.0f32; 16];
    let mut offsets = 0.0f32;
    let (xs, _) = x.as_chunks::<BLOCK>();
    let (blocks, _) = w.as_chunks::<22>();
    for ((b, xb), &sum) in blocks.iter().zip(xs).zip(block_sums) {
        let d = f16_le(b[0], b[1]);
        let qh = u32::from_le_bytes([b[2], b[3], b[4], b[5]]);
        let mut s = [0.0f32; 16];
        for l in 0..16 {
            let byte = u32::from(b[6 + l]);
            let lo = (byte & 0x0F) | (((qh >> l) & 1) << 4);
            let hi = (byte >> 4) | (((qh >> (16 + l)) & 1) << 4);
            s[l] = madd::<FMA>(lo as f32, xb[l], hi as f32 * xb[16 + l]);
        }
        for l in 0..16 {
            acc[l] = madd::<FMA>(d, s[l], acc[l]);
        }
        offsets = madd::<FMA>(-16.0 * d, sum, offsets);
    }
    acc.iter().sum::<f32>() + offsets
}

#[inline(always)]
fn nibbles_dot<const FMA: bool>(q: &[u8], xb: &[f32; BLOCK]) -> [f32; 16] {
    let mut s = [0.0f32; 16];
    if let Ok(q) = <&[u8; 16]>::try_from(q) {
        for l in 0..16 {
            s[l] = madd::<FMA>(
                f32::from(q[l] & 0x0F),
                xb[l],
                f32::from(q[l] >> 4) * xb[16 + l],
            );
        }
    }
    s
}

/// Heads of a grouped-query attention: `heads / kv_heads` query heads share a key/value head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionShape {
    pub heads: usize,
    pub kv_heads: usize,
    pub head_dim: usize,
}

/// The cached keys one query may attend to: positions `0..prefix`, plus `own` (positions of
/// the query's own branch when several continuations share one prefix; empty otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisibleKeys {
    pub prefix: usize,
    pub own: Range<usize>,
}

impl VisibleKeys {
    /// Ordinary causal attention: the query at absolute position `pos` sees `0..=pos`.
    pub fn causal(pos: usize) -> Self {
        Self {
            prefix: pos + 1,
            own: 0..0,
        }
    }

    fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.prefix).chain(self.own.clone())
    }
}

/// Scaled dot-product attention of `visible.len()` queries `q` (`[seq, heads·d]`, rotary
/// already applied) over cached `keys`/`values` (`[positions, kv_heads·d]`). Returns
/// `[seq, heads·d]`. Each (query, head) pair is one task on `pool`; memory stays linear in
/// the number of positions (no `[seq, positions]` score matrix).
pub fn attention(
    q: &[f32],
    keys: &[f32],
    values: &[f32],
    visible: &[VisibleKeys],
    shape: AttentionShape,
    pool: &ThreadPool,
) -> Result<Vec<f32>, ModelError> {
    attention_at(simd_level(), q, keys, values, visible, shape, pool)
}

/// [`attention`] with the kernels of `level`.
pub(crate) fn attention_at(
    level: SimdLevel,
    q: &[f32],
    keys: &[f32],
    values: &[f32],
    visible: &[VisibleKeys],
    shape: AttentionShape,
    pool: &ThreadPool,
) -> Result<Vec<f32>, ModelError> {
    let AttentionShape {
        heads,
        kv_heads,
        head_dim: d,
    } = shape;
    if heads == 0 || kv_heads == 0 || d == 0 || !heads.is_multiple_of(kv_heads) {
        return Err(shape_err(format!(
            "attention heads {heads}/{kv_heads} of {d}"
        )));
    }
    let (q_dim, kv_dim, seq) = (heads * d, kv_heads * d, visible.len());
    let positions = keys.len() / kv_dim;
    let in_range = |v: &VisibleKeys| {
        v.prefix <= positions && v.own.end <= positions && v.prefix + v.own.len() > 0
    };
    if q.len() != seq * q_dim
        || keys.len() != values.len()
        || keys.len() != positions * kv_dim
        || !visible.iter().all(in_range)
    {
        return Err(shape_err("attention operands do not fit"));
    }
    let group = heads / kv_heads;
    let scale = 1.0 / (d as f32).sqrt();
    let mut out = vec![0.0f32; seq * q_dim];
    let work: usize = visible
        .iter()
        .map(|v| v.prefix + v.own.len())
        .sum::<usize>()
        * heads
        * d;
    // Many queries (a prefill, or continuations branching off one prompt): lay each key head
    // out 16 positions at a time, axis-major, so a query's scores come sixteen at a time
    // without horizontal sums, and a tile of queries reads each key once.
    let panels_pay = match level {
        SimdLevel::Avx512 => d.is_multiple_of(LANES),
        // Only the tiles read them on AVX2.
        SimdLevel::Avx2Fma => d == 64 || d == 128,
        _ => false,
    };
    let panels: Vec<Vec<f32>> = if panels_pay && seq >= KEY_PANEL_MIN_QUERIES {
        (0..kv_heads)
            .map(|g| key_panel(keys, kv_dim, g * d, d, positions))
            .collect()
    } else {
        Vec::new()
    };
    // A prefill (or a batch of branches) on AVX-512 or AVX2 with 64- or 128-dim heads: tiles
    // of a few (query, head) rows that share a key head read each key and value of the shared
    // positions once for the whole tile; a branch's own positions come per row.
    #[cfg(target_arch = "x86_64")]
    if !panels.is_empty() && (d == 64 || d == 128) {
        let tile_rows = match level {
            SimdLevel::Avx512 => attention_tile::Avx512::ROWS,
            _ => attention_tile::Avx2Pair::ROWS,
        };
        let block = (tile_rows / group).max(1);
        let ctx = TileContext {
            q,
            q_dim,
            keys,
            values,
            kv_dim,
            kv_heads,
            group,
            d,
            panels: &panels,
            visible,
            scale,
        };
        let one_block = |(b, out): (usize, &mut [f32])| {
            // SAFETY: `panels` are only laid out when `simd_level` saw the level's features
            // on this CPU.
            unsafe {
                match level {
                    SimdLevel::Avx512 => attention_tile::attend_block_avx512(&ctx, b * block, out),
                    _ => attention_tile::attend_block_avx2(&ctx, b * block, out),
                }
            }
        };
        if work < PARALLEL_ATTENTION_WORK {
            out.chunks_mut(block * q_dim)
                .enumerate()
                .for_each(one_block);
        } else {
            pool.install(|| {
                out.par_chunks_mut(block * q_dim)
                    .enumerate()
                    .for_each(one_block)
            });
        }
        return Ok(out);
    }
    let one_task = |(task, out): (usize, &mut [f32])| {
        let (i, h) = (task / heads, task % heads);
        let query = &q[i * q_dim + h * d..i * q_dim + (h + 1) * d];
        let kv_offset = (h / group) * d;
        let head = KvHead {
            keys,
            values,
            kv_dim,
            offset: kv_offset,
            d,
            key_panel: panels.get(h / group).map(Vec::as_slice),
        };
        match level {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `simd_level` saw these features on this CPU.
            SimdLevel::Avx512 => unsafe { attend_avx512(query, &head, &visible[i], scale, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            SimdLevel::Avx2Fma => unsafe { attend_avx2(query, &head, &visible[i], scale, out) },
            _ => attend::<false>(query, &head, &visible[i], scale, out),
        }
    };
    // Waking the pool costs more than a short decode step's attention on one thread.
    if work < PARALLEL_ATTENTION_WORK {
        out.chunks_mut(d).enumerate().for_each(one_task);
    } else {
        pool.install(|| out.par_chunks_mut(d).enumerate().for_each(one_task));
    }
    Ok(out)
}

/// What every tile of one prefill's attention reads.
#[cfg(target_arch = "x86_64")]
struct TileContext<'a> {
    q: &'a [f32],
    q_dim: usize,
    keys: &'a [f32],
    values: &'a [f32],
    kv_dim: usize,
    kv_heads: usize,
    group: usize,
    d: usize,
    panels: &'a [Vec<f32>],
    visible: &'a [VisibleKeys],
    scale: f32,
}

/// One key/value head inside the interleaved cache rows.
struct KvHead<'a> {
    keys: &'a [f32],
    values: &'a [f32],
    kv_dim: usize,
    offset: usize,
    d: usize,
    /// The head's keys as `[positions/16][d][16]` (see [`key_panel`]), when laid out.
    key_panel: Option<&'a [f32]>,
}

/// Keys of one head (`offset..offset+d` of each cache row) as blocks of 16 positions,
/// axis-major within a block (`[block][k][lane]`), zero-padded to a whole block.
fn key_panel(keys: &[f32], kv_dim: usize, offset: usize, d: usize, positions: usize) -> Vec<f32> {
    let blocks = positions.div_ceil(LANES);
    let mut panel = vec![0.0f32; blocks * d * LANES];
    for p in 0..positions {
        let (block, lane) = (p / LANES, p % LANES);
        let row = &keys[p * kv_dim + offset..p * kv_dim + offset + d];
        for (k, &v) in row.iter().enumerate() {
            panel[(block * d + k) * LANES + lane] = v;
        }
    }
    panel
}

impl KvHead<'_> {
    fn key(&self, pos: usize) -> &[f32] {
        let at = pos * self.kv_dim + self.offset;
        &self.keys[at..at + self.d]
    }
    fn value(&self, pos: usize) -> &[f32] {
        let at = pos * self.kv_dim + self.offset;
        &self.values[at..at + self.d]
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,fma,f16c")]
fn attend_avx512(query: &[f32], head: &KvHead, visible: &VisibleKeys, scale: f32, out: &mut [f32]) {
    match (head.d, head.key_panel) {
        (64, Some(panel)) if visible.own.is_empty() => {
            attend_avx512_panel::<4>(query, panel, head, visible.prefix, scale, out)
        }
        (128, Some(panel)) if visible.own.is_empty() => {
            attend_avx512_panel::<8>(query, panel, head, visible.prefix, scale, out)
        }
        (64, _) => attend_avx512_d::<4>(query, head, visible, scale, out),
        (128, _) => attend_avx512_d::<8>(query, head, visible, scale, out),
        _ => attend::<true>(query, head, visible, scale, out),
    }
}

/// Attention of one query and head of `16·V` dims with the query and the output held in
/// registers: all scores first, then `exp` sixteen at a time (a scalar `expf` per key was
/// 11 % of a 512-token prefill), then the weighted sum of the values.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn attend_avx512_d<const V: usize>(
    query: &[f32],
    head: &KvHead,
    visible: &VisibleKeys,
    scale: f32,
    out: &mut [f32],
) {
    use std::arch::x86_64::{
        _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_mul_ps, _mm512_reduce_add_ps, _mm512_set1_ps,
        _mm512_setzero_ps,
    };
    let (qc, _) = query.as_chunks::<LANES>();
    if qc.len() < V || out.len() < V * LANES {
        return attend::<true>(query, head, visible, scale, out);
    }
    let mut q = [_mm512_setzero_ps(); V];
    for i in 0..V {
        // SAFETY: the pointer is to a whole `[f32; 16]` chunk.
        q[i] = _mm512_mul_ps(
            unsafe { _mm512_loadu_ps(qc[i].as_ptr()) },
            _mm512_set1_ps(scale),
        );
    }
    let count = visible.prefix + visible.own.len();
    let mut scores = vec![0.0f32; count.next_multiple_of(LANES)];
    let mut max = f32::NEG_INFINITY;
    for (score, p) in scores.iter_mut().zip(visible.positions()) {
        let (kc, _) = head.key(p).as_chunks::<LANES>();
        let mut dot = _mm512_setzero_ps();
        for i in 0..V.min(kc.len()) {
            // SAFETY: the pointer is to a whole `[f32; 16]` chunk.
            dot = _mm512_fmadd_ps(q[i], unsafe { _mm512_loadu_ps(kc[i].as_ptr()) }, dot);
        }
        *score = _mm512_reduce_add_ps(dot);
        max = max.max(*score);
    }
    softmax_values::<V>(&mut scores, max, head, visible.positions(), out);
}

/// [`attend_avx512_d`] for a causal query over a key panel: scores of 16 positions per
/// block come from `d` broadcast multiply-adds (four blocks in flight to hide the latency),
/// with no horizontal sums.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn attend_avx512_panel<const V: usize>(
    query: &[f32],
    panel: &[f32],
    head: &KvHead,
    prefix: usize,
    scale: f32,
    out: &mut [f32],
) {
    const IN_FLIGHT: usize = 4;
    let d = V * LANES;
    let blocks = prefix.div_ceil(LANES);
    let (panel_rows, _) = panel.as_chunks::<LANES>();
    if query.len() < d || out.len() < d || panel_rows.len() < blocks * d {
        return;
    }
    let mut scores = vec![0.0f32; blocks * LANES];
    let (score_chunks, _) = scores.as_chunks_mut::<LANES>();
    // The block count of each step is a constant, so the accumulators stay in registers.
    let mut b = 0;
    while b < blocks {
        if blocks - b >= IN_FLIGHT {
            score_blocks::<IN_FLIGHT>(query, panel_rows, d, b, scale, score_chunks);
            b += IN_FLIGHT;
        } else {
            score_blocks::<1>(query, panel_rows, d, b, scale, score_chunks);
            b += 1;
        }
    }
    let mut max = f32::NEG_INFINITY;
    for &score in &scores[..prefix] {
        max = max.max(score);
    }
    softmax_values::<V>(&mut scores, max, head, 0..prefix, out);
}

/// The rest of one query's attention once its scores (padded to whole 16-lane chunks) and their
/// maximum are known: `exp(score − max)` sixteen at a time, then `out` = the weighted mean of
/// the values at `positions` (one per score; the padding is never read).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn softmax_values<const V: usize>(
    scores: &mut [f32],
    max: f32,
    head: &KvHead,
    positions: impl Iterator<Item = usize>,
    out: &mut [f32],
) {
    use std::arch::x86_64::{
        _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_mul_ps, _mm512_set1_ps, _mm512_setzero_ps,
        _mm512_storeu_ps,
    };
    exp_shifted_avx512(scores, max);
    let mut acc = [_mm512_setzero_ps(); V];
    let mut total = 0.0f32;
    for (&weight, p) in scores.iter().zip(positions) {
        total += weight;
        let (vc, _) = head.value(p).as_chunks::<LANES>();
        let w = _mm512_set1_ps(weight);
        for i in 0..V.min(vc.len()) {
            // SAFETY: the pointer is to a whole `[f32; 16]` chunk.
            acc[i] = _mm512_fmadd_ps(w, unsafe { _mm512_loadu_ps(vc[i].as_ptr()) }, acc[i]);
        }
    }
    let norm = _mm512_set1_ps(1.0 / total);
    let (oc, _) = out.as_chunks_mut::<LANES>();
    for i in 0..V.min(oc.len()) {
        // SAFETY: the pointer is to a whole `[f32; 16]` chunk of `out`.
        unsafe { _mm512_storeu_ps(oc[i].as_mut_ptr(), _mm512_mul_ps(acc[i], norm)) };
    }
}

/// `exp(v − max)` in place over the whole 16-lane chunks of `scores` (callers pad scores to
/// whole chunks).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn exp_shifted_avx512(scores: &mut [f32], max: f32) {
    use std::arch::x86_64::{_mm512_loadu_ps, _mm512_set1_ps, _mm512_storeu_ps, _mm512_sub_ps};
    let shift = _mm512_set1_ps(max);
    let (chunks, _) = scores.as_chunks_mut::<LANES>();
    for chunk in chunks.iter_mut() {
        // SAFETY: the pointers are to a whole `[f32; 16]` chunk.
        let e = exp_avx512(_mm512_sub_ps(
            unsafe { _mm512_loadu_ps(chunk.as_ptr()) },
            shift,
        ));
        unsafe { _mm512_storeu_ps(chunk.as_mut_ptr(), e) };
    }
}

/// Scores of blocks `b..b+N` of a key panel for one query, stored into `scores`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn score_blocks<const N: usize>(
    query: &[f32],
    panel_rows: &[[f32; LANES]],
    d: usize,
    b: usize,
    scale: f32,
    scores: &mut [[f32; LANES]],
) {
    use std::arch::x86_64::{
        __m512, _mm512_fmadd_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_setzero_ps,
        _mm512_storeu_ps,
    };
    let mut acc: [__m512; N] = [_mm512_setzero_ps(); N];
    let rows: [&[[f32; LANES]]; N] =
        std::array::from_fn(|j| &panel_rows[(b + j) * d..(b + j + 1) * d]);
    for (k, &qk) in query[..d].iter().enumerate() {
        let qv = _mm512_set1_ps(qk * scale);
        for j in 0..N {
            // SAFETY: the pointer is to a whole `[f32; 16]` chunk of the panel.
            acc[j] = _mm512_fmadd_ps(qv, unsafe { _mm512_loadu_ps(rows[j][k].as_ptr()) }, acc[j]);
        }
    }
    for j in 0..N {
        // SAFETY: the pointer is to a whole `[f32; 16]` chunk of `scores`.
        unsafe { _mm512_storeu_ps(scores[b + j].as_mut_ptr(), acc[j]) };
    }
}

/// `ln Σ exp(v)` of a row of logits, shifted by its maximum so no term overflows; with the
/// vector `exp` where the CPU has AVX-512 (a vocabulary-wide row per scored token made the
/// scalar `expf` a visible share of a scoring pass).
pub fn log_sum_exp(row: &[f32]) -> f32 {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        return max;
    }
    let sum = match simd_level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `simd_level` saw AVX-512 on this CPU.
        SimdLevel::Avx512 => unsafe { sum_exp_avx512(row, max) },
        _ => row.iter().map(|&v| (v - max).exp()).sum(),
    };
    max + sum.ln()
}

/// [`log_sum_exp`] of every `cols`-wide row of `values`, rows spread over `pool`.
pub fn log_sum_exp_rows(values: &[f32], cols: usize, pool: &ThreadPool) -> Vec<f32> {
    let rows: Vec<&[f32]> = values.chunks_exact(cols.max(1)).collect();
    if rows.len() < 2 {
        return rows.into_iter().map(log_sum_exp).collect();
    }
    pool.install(|| rows.into_par_iter().map(log_sum_exp).collect())
}

/// `Σ exp(v - max)` with the vector `exp`, 16 lanes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn sum_exp_avx512(row: &[f32], max: f32) -> f32 {
    use std::arch::x86_64::{
        _mm512_add_ps, _mm512_loadu_ps, _mm512_reduce_add_ps, _mm512_set1_ps, _mm512_setzero_ps,
        _mm512_sub_ps,
    };
    let shift = _mm512_set1_ps(max);
    let (chunks, tail) = row.as_chunks::<LANES>();
    let mut acc = _mm512_setzero_ps();
    for c in chunks {
        // SAFETY: `c` is 16 f32s.
        let v = unsafe { _mm512_loadu_ps(c.as_ptr()) };
        acc = _mm512_add_ps(acc, exp_avx512(_mm512_sub_ps(v, shift)));
    }
    _mm512_reduce_add_ps(acc) + tail.iter().map(|&v| (v - max).exp()).sum::<f32>()
}

/// Values per task of [`silu_mul`].
const SILU_CHUNK: usize = 1 << 14;

/// `gate[i] = silu(gate[i]) · up[i]` (SwiGLU's product), in place, spread over the pool for a
/// prompt's rows. On the host rather than as burn ops: those ran on one thread with a scalar
/// `expf`, with every core but one idle, and made two more tensors per layer.
pub fn silu_mul(gate: &mut [f32], up: &[f32], pool: &ThreadPool) -> Result<(), ModelError> {
    if gate.len() != up.len() {
        return Err(shape_err("silu_mul over gate and up of different lengths"));
    }
    let level = simd_level();
    let run = |(g, u): (&mut [f32], &[f32])| silu_mul_at(level, g, u);
    if gate.len() <= SILU_CHUNK || pool.current_num_threads() <= 1 {
        run((gate, up));
    } else {
        pool.install(|| {
            gate.par_chunks_mut(SILU_CHUNK)
                .zip(up.par_chunks(SILU_CHUNK))
                .for_each(run)
        });
    }
    Ok(())
}

fn silu_mul_at(level: SimdLevel, gate: &mut [f32], up: &[f32]) {
    #[cfg(target_arch = "x86_64")]
    if level == SimdLevel::Avx512 {
        // SAFETY: `simd_level` saw AVX-512F on this CPU.
        unsafe { silu_mul_avx512(gate, up) };
        return;
    }
    let _ = level;
    silu_mul_plain(gate, up);
}

fn silu_mul_plain(gate: &mut [f32], up: &[f32]) {
    for (g, u) in gate.iter_mut().zip(up) {
        *g = *g / (1.0 + (-*g).exp()) * u;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn silu_mul_avx512(gate: &mut [f32], up: &[f32]) {
    use std::arch::x86_64::{
        _mm512_add_ps, _mm512_div_ps, _mm512_loadu_ps, _mm512_mul_ps, _mm512_set1_ps,
        _mm512_storeu_ps, _mm512_sub_ps,
    };
    let whole = gate.len().min(up.len()) / LANES * LANES;
    let (g_vec, g_tail) = gate.split_at_mut(whole);
    let (u_vec, u_tail) = up.split_at(whole);
    for (g, u) in g_vec.chunks_exact_mut(LANES).zip(u_vec.chunks_exact(LANES)) {
        // SAFETY: both chunks hold exactly LANES values.
        unsafe {
            let x = _mm512_loadu_ps(g.as_ptr());
            let e = exp_avx512(_mm512_sub_ps(_mm512_set1_ps(0.0), x));
            let s = _mm512_div_ps(x, _mm512_add_ps(_mm512_set1_ps(1.0), e));
            _mm512_storeu_ps(
                g.as_mut_ptr(),
                _mm512_mul_ps(s, _mm512_loadu_ps(u.as_ptr())),
            );
        }
    }
    silu_mul_plain(g_tail, u_tail);
}

/// `e^x` for sixteen lanes: x = n·ln 2 + r with |r| ≤ ln 2 / 2, e^r by a degree-6
/// polynomial (relative error ≈ 2e-7 on that range), 2^n by `scalef`. Inputs far below
/// zero give 0, as the softmax needs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn exp_avx512(x: std::arch::x86_64::__m512) -> std::arch::x86_64::__m512 {
    use std::arch::x86_64::{
        _mm512_fmadd_ps, _mm512_fnmadd_ps, _mm512_max_ps, _mm512_mul_ps, _mm512_roundscale_ps,
        _mm512_scalef_ps, _mm512_set1_ps,
    };
    let x = _mm512_max_ps(x, _mm512_set1_ps(-87.0));
    let n =
        _mm512_roundscale_ps::<0x08>(_mm512_mul_ps(x, _mm512_set1_ps(std::f32::consts::LOG2_E)));
    // r = x - n·ln2, in two steps for precision.
    let r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693_145_75), x);
    let r = _mm512_fnmadd_ps(n, _mm512_set1_ps(1.428_606_8e-6), r);
    let mut p = _mm512_set1_ps(1.0 / 720.0);
    for c in [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(c));
    }
    _mm512_scalef_ps(p, n)
}

compiled_for!("avx2,fma,f16c", attend_avx2 = attend::<true>(
    query: &[f32], head: &KvHead, visible: &VisibleKeys, scale: f32, out: &mut [f32]
));

#[inline(always)]
fn attend<const FMA: bool>(
    query: &[f32],
    head: &KvHead,
    visible: &VisibleKeys,
    scale: f32,
    out: &mut [f32],
) {
    // Plain loops, no closures: a closure is compiled without the caller's target
    // features, and `mul_add` there becomes a library call.
    let mut scores = Vec::with_capacity(visible.prefix + visible.own.len());
    for p in visible.positions() {
        scores.push(dot_f32::<FMA>(query, head.key(p)) * scale);
    }
    let mut max = f32::NEG_INFINITY;
    for &s in &scores {
        max = max.max(s);
    }
    let mut total = 0.0f32;
    for (p, score) in visible.positions().zip(&scores) {
        let weight = (score - max).exp();
        total += weight;
        for (o, v) in out.iter_mut().zip(head.value(p)) {
            *o = madd::<FMA>(weight, *v, *o);
        }
    }
    let norm = 1.0 / total;
    for o in out.iter_mut() {
        *o *= norm;
    }
}

/// A pool of `threads` decoder threads (at least one).
pub fn thread_pool(threads: usize) -> Result<ThreadPool, ModelError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("tact-decoder-{i}"))
        .build()
        .map_err(|e| ModelError::Inference(format!("decoder thread pool: {e}")))
}

/// The machine's cores, the default thread count.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    /// Deterministic values in [-1, 1).
    fn values(n: usize, seed: u64) -> Vec<f32> {
        let mut state = seed.max(1);
        (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                ((state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) as f32
            })
            .collect()
    }

    /// Quantize f32 values to blocks the way llama.cpp's reference quantizers do (absmax
    /// scale; min/max for Q4_1), so the tests multiply realistic blocks.
    fn quantize(format: BlockFormat, values: &[f32]) -> Vec<u8> {
        let mut out = Vec::new();
        for block in values.chunks_exact(BLOCK) {
            match format {
                BlockFormat::Q8_0 => {
                    let amax = block.iter().fold(0.0f32, |a, v| a.max(v.abs()));
                    let d = amax / 127.0;
                    let id = if d > 0.0 { 1.0 / d } else { 0.0 };
                    out.extend(half::f16::from_f32(d).to_le_bytes());
                    out.extend(block.iter().map(|v| (v * id).round() as i8 as u8));
                }
                BlockFormat::Q4_0 => {
                    let max = block
                        .iter()
                        .copied()
                        .fold(0.0f32, |a, v| if v.abs() > a.abs() { v } else { a });
                    let d = max / -8.0;
                    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                    out.extend(half::f16::from_f32(d).to_le_bytes());
                    let q = |v: f32| ((v * id + 8.5) as i32).clamp(0, 15) as u8;
                    out.extend((0..16).map(|l| q(block[l]) | (q(block[16 + l]) << 4)));
                }
                BlockFormat::Q4_1 => {
                    let min = block.iter().copied().fold(f32::INFINITY, f32::min);
                    let max = block.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    let d = (max - min) / 15.0;
                    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                    out.extend(half::f16::from_f32(d).to_le_bytes());
                    out.extend(half::f16::from_f32(min).to_le_bytes());
                    let q = |v: f32| (((v - min) * id + 0.5) as i32).clamp(0, 15) as u8;
                    out.extend((0..16).map(|l| q(block[l]) | (q(block[16 + l]) << 4)));
                }
                BlockFormat::Q5_0 => {
                    let max = block
                        .iter()
                        .copied()
                        .fold(0.0f32, |a, v| if v.abs() > a.abs() { v } else { a });
                    let d = max / -16.0;
                    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                    let q: Vec<u32> = block
                        .iter()
                        .map(|v| ((v * id + 16.5) as i32).clamp(0, 31) as u32)
                        .collect();
                    out.extend(half::f16::from_f32(d).to_le_bytes());
                    out.extend(five_bit_quants(&q));
                }
                BlockFormat::Q5_1 => {
                    let min = block.iter().copied().fold(f32::INFINITY, f32::min);
                    let max = block.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    let d = (max - min) / 31.0;
                    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                    let q: Vec<u32> = block
                        .iter()
                        .map(|v| (((v - min) * id + 0.5) as i32).clamp(0, 31) as u32)
                        .collect();
                    out.extend(half::f16::from_f32(d).to_le_bytes());
                    out.extend(half::f16::from_f32(min).to_le_bytes());
                    out.extend(five_bit_quants(&q));
                }
                BlockFormat::Q2K
                | BlockFormat::Q3K
                | BlockFormat::Q4K
                | BlockFormat::Q5K
                | BlockFormat::Q6K => {
                    unreachable!("K-quant test blocks come from k_quant_blocks")
                }
            }
        }
        out
    }

    /// The fifth bits (a little-endian u32, bit `j` for value `j`) and the nibbles of a Q5
    /// block of 32 quants.
    fn five_bit_quants(q: &[u32]) -> Vec<u8> {
        let qh: u32 = q.iter().enumerate().map(|(j, &v)| (v >> 4) << j).sum();
        let mut out = qh.to_le_bytes().to_vec();
        out.extend((0..16).map(|l| (q[l] & 15) as u8 | (((q[16 + l] & 15) as u8) << 4)));
        out
    }

    /// `count` super-blocks of a K-quant: every quant, scale and min byte random (so every bit
    /// of the layout matters), the f16 scales chosen so values stay within about ±1, like the
    /// other formats' test matrices.
    fn k_quant_blocks(format: BlockFormat, count: usize, seed: u64) -> Vec<u8> {
        let bytes = format.block_bytes();
        let noise = values(count * bytes, seed);
        let mut out: Vec<u8> = noise.iter().map(|v| (v.to_bits() >> 7) as u8).collect();
        for (b, block) in out.chunks_exact_mut(bytes).enumerate() {
            let u = 0.5 + 0.5 * noise[b * bytes].abs();
            let put = |block: &mut [u8], at: usize, v: f32| {
                block[at..at + 2].copy_from_slice(&half::f16::from_f32(v).to_le_bytes());
            };
            match format {
                // value = d · scale · q − dmin · min, 6-bit scales and mins.
                BlockFormat::Q4K => {
                    put(block, 0, u / (63.0 * 15.0));
                    put(block, 2, u / 63.0);
                }
                BlockFormat::Q5K => {
                    put(block, 0, u / (63.0 * 31.0));
                    put(block, 2, u / 63.0);
                }
                // value = d · scale · (q − 32), signed 8-bit scales.
                BlockFormat::Q6K => put(block, 208, u / (128.0 * 32.0)),
                // value = d · scale · q − dmin · min, 4-bit scales and mins, 2-bit quants.
                BlockFormat::Q2K => {
                    put(block, 80, u / (15.0 * 3.0));
                    put(block, 82, u / 15.0);
                }
                // value = d · scale · (q − 4 or q), signed 6-bit scales.
                BlockFormat::Q3K => put(block, 108, u / (32.0 * 4.0)),
                _ => unreachable!("32-value blocks come from quantize"),
            }
        }
        out
    }

    const FORMATS: [BlockFormat; 10] = [
        BlockFormat::Q8_0,
        BlockFormat::Q4_0,
        BlockFormat::Q4_1,
        BlockFormat::Q5_0,
        BlockFormat::Q5_1,
        BlockFormat::Q2K,
        BlockFormat::Q3K,
        BlockFormat::Q4K,
        BlockFormat::Q5K,
        BlockFormat::Q6K,
    ];

    /// The matrix in f32 and in every packed format whose blocks tile its rows (all of them
    /// when `cols` is a multiple of 256), each checked to be held packed.
    fn matrices(rows: usize, cols: usize) -> Vec<PackedMatrix> {
        let w = values(rows * cols, 7);
        let mut out = vec![PackedMatrix::from_f32(w.clone(), rows, cols).unwrap()];
        for format in FORMATS {
            if !cols.is_multiple_of(format.block_values()) {
                continue;
            }
            let raw = if format.block_values() == SUPER_BLOCK {
                k_quant_blocks(format, rows * cols / SUPER_BLOCK, rows as u64)
            } else {
                quantize(format, &w)
            };
            let bytes = WeightBytes::Owned(Arc::new(raw));
            let m = PackedMatrix::from_ggml(format.ggml(), bytes, rows, cols).unwrap();
            assert_eq!(m.format_name(), format.name());
            out.push(m);
        }
        out
    }

    fn assert_close(fast: &[f32], plain: &[f32], what: &str) {
        assert_close_with_slack(fast, plain, &vec![0.0; plain.len()], what);
    }

    /// As [`assert_close`], each output also allowed `slack[i]`.
    fn assert_close_with_slack(fast: &[f32], plain: &[f32], slack: &[f32], what: &str) {
        assert_eq!(fast.len(), plain.len(), "{what}");
        for (i, (a, b)) in fast.iter().zip(plain).enumerate() {
            let tol = 1e-4 * (1.0 + b.abs()) + slack[i];
            assert!((a - b).abs() <= tol, "{what}[{i}]: fast {a} vs plain {b}");
        }
    }

    /// How far quantizing the inputs to 16 bits can move each output (`[seq, rows]`) where
    /// the product takes the integer kernels, zero elsewhere: a value with its residue is
    /// off by at most half a residue step (its block's step / 65534), so an output by
    /// Σ |w_j| · step_j / 131068 over its row.
    fn int16_slack(m: &PackedMatrix, level: SimdLevel, x: &[f32], seq: usize) -> Vec<f32> {
        let (rows, cols) = (m.rows(), m.cols());
        let mut out = vec![0.0f32; seq * rows];
        if level == SimdLevel::Scalar || seq > int16_dot::MAX_INPUTS || m.int16_format().is_none() {
            return out;
        }
        let w = m.rows_f32(0..rows).unwrap();
        for t in 0..seq {
            let steps: Vec<f32> = x[t * cols..(t + 1) * cols]
                .chunks_exact(BLOCK)
                .map(|b| b.iter().fold(0.0f32, |a, v| a.max(v.abs())) / 32767.0)
                .collect();
            for r in 0..rows {
                let bound: f32 = w[r * cols..(r + 1) * cols]
                    .iter()
                    .enumerate()
                    .map(|(j, v)| v.abs() * steps[j / BLOCK] / 131068.0)
                    .sum();
                out[t * rows + r] = bound;
            }
        }
        out
    }

    #[test]
    fn silu_mul_matches_the_formula_at_every_level_and_over_the_pool() {
        let pool = thread_pool(2).unwrap();
        // Wide values (±60) reach both ends of the exponential; 3 × SILU_CHUNK + 5 values
        // split over the pool with a tail shorter than one vector.
        let n = 3 * SILU_CHUNK + 5;
        let gate: Vec<f32> = values(n, 3).iter().map(|v| v * 60.0).collect();
        let up = values(n, 4);
        let want: Vec<f32> = gate
            .iter()
            .zip(&up)
            .map(|(&g, &u)| (f64::from(g) / (1.0 + (-f64::from(g)).exp()) * f64::from(u)) as f32)
            .collect();
        for level in simd_levels_here() {
            let mut got = gate.clone();
            silu_mul_at(level, &mut got, &up);
            assert_close(&got, &want, &format!("{level:?}"));
        }
        let mut got = gate.clone();
        silu_mul(&mut got, &up, &pool).unwrap();
        assert_close(&got, &want, "pool");
        assert!(silu_mul(&mut got, &up[1..], &pool).is_err());
    }

    #[test]
    fn q5_0_widened_to_q8_0_holds_the_same_values_and_other_formats_stay() {
        let mut widened_any = false;
        for m in matrices(37, 256) {
            let before = m.format_name();
            widened_any |= before == "q5_0";
            let values = m.rows_f32(0..m.rows()).unwrap();
            let widened = m.widened_q5_0();
            let expected = if before == "q5_0" { "q8_0" } else { before };
            assert_eq!(widened.format_name(), expected);
            // Bit for bit: the same f16 scale times the same small integer.
            let after = widened.rows_f32(0..widened.rows()).unwrap();
            assert!(
                values
                    .iter()
                    .zip(&after)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{before}"
            );
        }
        assert!(widened_any, "the formats include Q5_0");
    }

    #[test]
    fn every_format_and_path_matches_the_plain_product() {
        // 100 rows: bands of uneven size; 96 cols: three blocks; 1..12 inputs cross
        // the switch to the tiled kernel.
        for (level, threads) in simd_levels_here()
            .into_iter()
            .zip([1, 2, 3].into_iter().cycle())
        {
            let pool = thread_pool(threads).unwrap();
            // 320 columns: more than one depth slice of the tiled kernel, and a partial one;
            // 256 and 768: one and three K-quant super-blocks, with odd row counts.
            let all = matrices(100, 96)
                .into_iter()
                .chain(matrices(50, 320))
                .chain(matrices(37, 256))
                .chain(matrices(101, 768))
                // f32 rows of 100: a partial vector at the end of every small-input tile.
                .chain([PackedMatrix::from_f32(values(13 * 100, 5), 13, 100).unwrap()]);
            for m in all {
                // 70 and 131: more than one tile of 64 input rows, and partial vectors; 31–33:
                // either side of AVX2's tiled threshold.
                for seq in [1, 2, 3, 5, 7, 15, 16, 17, 22, 23, 31, 32, 33, 70, 131] {
                    let x = values(seq * m.cols(), seq as u64 + 11);
                    let fast = m.matmul_at(level, &x, seq, &pool).unwrap();
                    let plain = m.matmul_plain(&x, seq).unwrap();
                    assert_close_with_slack(
                        &fast,
                        &plain,
                        &int16_slack(&m, level, &x, seq),
                        &format!("{m:?} seq {seq} {level:?} threads {threads}"),
                    );
                }
            }
        }
    }

    #[test]
    fn a_group_of_matrices_matches_each_plain_product() {
        // Four formats and three heights sharing one input, as q/k/v share the normed state.
        let ms: Vec<PackedMatrix> = matrices(100, 256)
            .into_iter()
            .chain(matrices(40, 256))
            .chain(matrices(17, 256))
            .collect();
        let refs: Vec<&PackedMatrix> = ms.iter().collect();
        for level in simd_levels_here() {
            for seq in [1, 3, 17] {
                let pool = thread_pool(2).unwrap();
                let x = values(seq * 256, 21);
                let outs = matmul_group_at(level, &refs, &x, seq, &pool).unwrap();
                assert_eq!(outs.len(), ms.len());
                for (m, out) in ms.iter().zip(&outs) {
                    let plain = m.matmul_plain(&x, seq).unwrap();
                    assert_close_with_slack(
                        out,
                        &plain,
                        &int16_slack(m, level, &x, seq),
                        &format!("group {m:?} seq {seq} {level:?}"),
                    );
                }
            }
        }
    }

    #[test]
    fn the_plain_product_matches_dequantized_values() {
        // The plain path itself, against values dequantized by hand for one Q4_1 block.
        let mut block = Vec::new();
        block.extend(half::f16::from_f32(0.5).to_le_bytes());
        block.extend(half::f16::from_f32(-1.0).to_le_bytes());
        block.extend((0u8..16).map(|l| l | ((15 - l) << 4)));
        let m = PackedMatrix::from_ggml(GgmlType::Q4_1, WeightBytes::Owned(Arc::new(block)), 1, 32)
            .unwrap();
        let x: Vec<f32> = (0..32).map(|i| i as f32).collect();
        let expected: f32 = (0..32)
            .map(|i| {
                let q = if i < 16 { i } else { 15 - (i - 16) };
                (0.5 * q as f32 - 1.0) * i as f32
            })
            .sum();
        let pool = thread_pool(1).unwrap();
        assert_eq!(m.matmul_plain(&x, 1).unwrap(), vec![expected]);
        assert_close(&m.matmul(&x, 1, &pool).unwrap(), &[expected], "q4_1 kernel");
    }

    #[test]
    fn a_tall_matrix_crosses_row_bands() {
        let rows = TILE_BAND_ROWS + 37;
        let pool = thread_pool(2).unwrap();
        let seq = tiled_min_rows(simd_level());
        for m in matrices(rows, 256) {
            let x = values(seq * 256, 5);
            let fast = m.matmul(&x, seq, &pool).unwrap();
            assert_close(&fast, &m.matmul_plain(&x, seq).unwrap(), &format!("{m:?}"));
        }
    }

    #[test]
    fn reordered_rows_move_whole_rows() {
        for m in matrices(4, 256) {
            let moved = m.reorder_rows(&[2, 0, 3, 1]).unwrap();
            assert_eq!(moved.format_name(), m.format_name());
            let before = m.rows_f32(0..4).unwrap();
            let after = moved.rows_f32(0..4).unwrap();
            for (new, old) in [(0, 2), (1, 0), (2, 3), (3, 1)] {
                assert_eq!(
                    after[new * 256..(new + 1) * 256],
                    before[old * 256..(old + 1) * 256]
                );
            }
        }
    }

    #[test]
    fn k_quant_rows_that_are_not_whole_super_blocks_stay_f32() {
        // Two rows of 128 values: one super-block between them, so no row starts on a block
        // boundary of its own; the matrix is inflated and multiplies as its values.
        let pool = thread_pool(1).unwrap();
        for format in [
            BlockFormat::Q2K,
            BlockFormat::Q3K,
            BlockFormat::Q4K,
            BlockFormat::Q5K,
            BlockFormat::Q6K,
        ] {
            let raw = k_quant_blocks(format, 1, 3);
            let values_f32 = dequantize(format.ggml(), &raw).unwrap();
            let bytes = WeightBytes::Owned(Arc::new(raw));
            let m = PackedMatrix::from_ggml(format.ggml(), bytes, 2, 128).unwrap();
            assert_eq!(m.format_name(), "f32", "{format:?}");
            assert_eq!(m.rows_f32(0..2).unwrap(), values_f32);
            let x = values(128, 9);
            assert_close(
                &m.matmul(&x, 1, &pool).unwrap(),
                &m.matmul_plain(&x, 1).unwrap(),
                &format!("{format:?} as f32"),
            );
        }
        assert_eq!(packed_format(GgmlType::Q4K, 896), None);
        assert_eq!(packed_format(GgmlType::Q4K, 4864), Some(BlockFormat::Q4K));
        assert_eq!(packed_format(GgmlType::Q5_0, 896), Some(BlockFormat::Q5_0));
        assert_eq!(packed_format(GgmlType::Q2K, 4864), Some(BlockFormat::Q2K));
        assert_eq!(packed_format(GgmlType::Q3K, 896), None);
    }

    /// Attention written the textbook way: scores, softmax, weighted sum.
    fn attention_plain(
        q: &[f32],
        keys: &[f32],
        values: &[f32],
        visible: &[VisibleKeys],
        s: AttentionShape,
    ) -> Vec<f32> {
        let (d, q_dim, kv_dim) = (s.head_dim, s.heads * s.head_dim, s.kv_heads * s.head_dim);
        let mut out = vec![0.0; visible.len() * q_dim];
        for (i, vis) in visible.iter().enumerate() {
            for h in 0..s.heads {
                let g = h / (s.heads / s.kv_heads);
                let qh = &q[i * q_dim + h * d..][..d];
                let pos: Vec<usize> = vis.positions().collect();
                let scores: Vec<f32> = pos
                    .iter()
                    .map(|&p| {
                        qh.iter()
                            .zip(&keys[p * kv_dim + g * d..][..d])
                            .map(|(a, b)| a * b)
                            .sum::<f32>()
                            / (d as f32).sqrt()
                    })
                    .collect();
                let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let exps: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
                let total: f32 = exps.iter().sum();
                for (e, &p) in exps.iter().zip(&pos) {
                    for j in 0..d {
                        out[i * q_dim + h * d + j] += e / total * values[p * kv_dim + g * d + j];
                    }
                }
            }
        }
        out
    }

    #[test]
    fn attention_matches_the_textbook_form_causal_and_branched() {
        // d = 40 takes the generic loop, 64 the register kernel; 300 positions cross the
        // threshold above which queries are spread over the pool.
        for (head_dim, positions) in [(40, 23), (64, 23), (64, 300)] {
            let s = AttentionShape {
                heads: 6,
                kv_heads: 2,
                head_dim,
            };
            let (q_dim, kv_dim) = (6 * head_dim, 2 * head_dim);
            let keys = values(positions * kv_dim, 3);
            let vals = values(positions * kv_dim, 4);
            let end = positions - 1;
            // Three causal queries at the end, then two branches sharing a 15-position prefix.
            let visible = vec![
                VisibleKeys::causal(end - 2),
                VisibleKeys::causal(end - 1),
                VisibleKeys::causal(end),
                VisibleKeys {
                    prefix: 15,
                    own: 15..17,
                },
                VisibleKeys {
                    prefix: 15,
                    own: 17..18,
                },
            ];
            let q = values(visible.len() * q_dim, 9);
            let plain = attention_plain(&q, &keys, &vals, &visible, s);
            for (level, threads) in simd_levels_here()
                .into_iter()
                .zip([1, 2, 1].into_iter().cycle())
            {
                let pool = thread_pool(threads).unwrap();
                let fast = attention_at(level, &q, &keys, &vals, &visible, s, &pool).unwrap();
                assert_close(&fast, &plain, &format!("attention d {head_dim} {level:?}"));
            }
            // A branch must not see its sibling: moving the sibling's key changes nothing.
            let pool = thread_pool(1).unwrap();
            let mut moved = keys.clone();
            for v in &mut moved[17 * kv_dim..18 * kv_dim] {
                *v += 5.0;
            }
            let only_first = &visible[3..4];
            let q1 = &q[3 * q_dim..4 * q_dim];
            assert_eq!(
                attention(q1, &keys, &vals, only_first, s, &pool).unwrap(),
                attention(q1, &moved, &vals, only_first, s, &pool).unwrap()
            );
            // A query that sees past the cache is an error.
            let past = [VisibleKeys::causal(positions)];
            assert!(attention(&q[..q_dim], &keys, &vals, &past, s, &pool).is_err());
        }
    }

    #[test]
    fn many_branches_off_one_prompt_match_the_textbook_form() {
        // Eight or more queries take the tiled path on AVX-512 even when they branch: each
        // sees the shared prompt (`0..prefix`) and its own branch's positions after it.
        for (head_dim, prompt, heads, kv_heads) in
            [(64, 37, 9, 3), (64, 300, 6, 2), (128, 45, 4, 2)]
        {
            let s = AttentionShape {
                heads,
                kv_heads,
                head_dim,
            };
            let (q_dim, kv_dim) = (heads * head_dim, kv_heads * head_dim);
            // Five branches of 1–4 tokens laid out one after the other after the prompt.
            let lengths = [3usize, 1, 4, 2, 3];
            let positions = prompt + lengths.iter().sum::<usize>();
            let keys = values(positions * kv_dim, 21);
            let vals = values(positions * kv_dim, 22);
            let mut visible = Vec::new();
            let mut start = prompt;
            for &len in &lengths {
                for k in 0..len {
                    visible.push(VisibleKeys {
                        prefix: prompt,
                        own: start..start + k + 1,
                    });
                }
                start += len;
            }
            let q = values(visible.len() * q_dim, 23);
            let plain = attention_plain(&q, &keys, &vals, &visible, s);
            for level in simd_levels_here() {
                let pool = thread_pool(2).unwrap();
                let fast = attention_at(level, &q, &keys, &vals, &visible, s, &pool).unwrap();
                assert_close(&fast, &plain, &format!("branches d {head_dim} {level:?}"));
            }
        }
    }

    #[test]
    fn a_prefill_of_causal_queries_matches_the_textbook_form() {
        // Eight or more causal queries take the tiled path on AVX-512 (64- and 128-dim
        // heads); positions that are not a multiple of 16 leave a partial last block; query
        // groups of 1, 3, 7 and 9 heads per key head fill tiles whole, partly, and over two.
        let cases = [
            (64, 37, 10, 6, 2),
            (64, 300, 20, 6, 2),
            (128, 45, 12, 6, 2),
            (40, 30, 9, 6, 2),
            (64, 37, 37, 9, 3),
            (64, 70, 33, 14, 2),
            (64, 50, 11, 4, 4),
            (128, 40, 9, 18, 2),
        ];
        for (head_dim, positions, queries, heads, kv_heads) in cases {
            let s = AttentionShape {
                heads,
                kv_heads,
                head_dim,
            };
            let (q_dim, kv_dim) = (heads * head_dim, kv_heads * head_dim);
            let keys = values(positions * kv_dim, 13);
            let vals = values(positions * kv_dim, 14);
            let visible: Vec<VisibleKeys> = (positions - queries..positions)
                .map(VisibleKeys::causal)
                .collect();
            let q = values(queries * q_dim, 15);
            let plain = attention_plain(&q, &keys, &vals, &visible, s);
            for level in simd_levels_here() {
                let pool = thread_pool(2).unwrap();
                let fast = attention_at(level, &q, &keys, &vals, &visible, s, &pool).unwrap();
                assert_close(
                    &fast,
                    &plain,
                    &format!("prefill attention d {head_dim} heads {heads}/{kv_heads} {level:?}"),
                );
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_exp_matches_the_scalar_exp() {
        if simd_level() != SimdLevel::Avx512 {
            eprintln!("SKIPPED vector exp: no AVX-512 on this CPU");
            return;
        }
        use std::arch::x86_64::{_mm512_loadu_ps, _mm512_storeu_ps};
        let inputs: Vec<f32> = (0..1600).map(|i| -100.0 + i as f32 * 0.0625).collect();
        for chunk in inputs.chunks_exact(16) {
            let mut out = [0.0f32; 16];
            // SAFETY: AVX-512 was detected above; both pointers are to 16 f32s.
            unsafe {
                let e = exp_avx512(_mm512_loadu_ps(chunk.as_ptr()));
                _mm512_storeu_ps(out.as_mut_ptr(), e);
            }
            for (&x, &e) in chunk.iter().zip(&out) {
                let want = x.exp();
                assert!(
                    (e - want).abs() <= 1e-6 * want + 1e-37,
                    "exp({x}) = {e}, want {want}"
                );
            }
        }
    }

    #[test]
    fn log_sum_exp_matches_the_plain_sum_on_every_row() {
        let pool = thread_pool(2).unwrap();
        let cols = 1000 + 7;
        let values: Vec<f32> = (0..3 * cols)
            .map(|i| ((i * 7919) % 1000) as f32 * 0.03 - 20.0)
            .collect();
        let fast = log_sum_exp_rows(&values, cols, &pool);
        assert_eq!(fast.len(), 3);
        for (row, got) in values.chunks_exact(cols).zip(fast) {
            let want = row.iter().map(|&v| (v as f64).exp()).sum::<f64>().ln();
            assert!((got as f64 - want).abs() < 1e-4, "{got} vs {want}");
        }
        assert_eq!(log_sum_exp(&[f32::NEG_INFINITY; 4]), f32::NEG_INFINITY);
        assert!((log_sum_exp(&[1000.0, 1000.0]) - (1000.0 + 2f32.ln())).abs() < 1e-3);
    }

    #[test]
    fn bad_shapes_are_errors_not_panics() {
        let pool = thread_pool(1).unwrap();
        let m = &matrices(4, 64)[3];
        assert!(m.matmul(&[0.0; 63], 1, &pool).is_err());
        assert!(m.matmul(&[], 0, &pool).is_err());
        assert!(m.rows_f32(3..5).is_err());
        assert!(m.reorder_rows(&[0, 1]).is_err());
        let short = WeightBytes::Owned(Arc::new(vec![0u8; 10]));
        assert!(PackedMatrix::from_ggml(GgmlType::Q4_1, short, 1, 32).is_err());
        // Bytes that are not whole blocks of the matrix, for every packed format.
        for format in FORMATS {
            let (cols, bytes) = (format.block_values(), format.block_bytes());
            for len in [0, bytes - 1, bytes + 1, 3 * bytes] {
                let raw = WeightBytes::Owned(Arc::new(vec![0u8; len]));
                assert!(
                    PackedMatrix::from_ggml(format.ggml(), raw, 2, cols).is_err(),
                    "{format:?} {len} bytes"
                );
            }
        }
        assert!(PackedMatrix::from_f32(vec![0.0; 3], 2, 2).is_err());
    }

    /// A packed matrix of `format` with `rows` rows of 768 values, as the tests build them.
    fn packed(format: BlockFormat, rows: usize) -> PackedMatrix {
        matrices(rows, 768)
            .into_iter()
            .find(|m| m.format_name() == format.name())
            .unwrap()
    }

    const INT16_FORMATS: [BlockFormat; 6] = [
        BlockFormat::Q8_0,
        BlockFormat::Q4_0,
        BlockFormat::Q4_1,
        BlockFormat::Q5_0,
        BlockFormat::Q4K,
        BlockFormat::Q6K,
    ];

    /// Every 32-weight group of `raw`: the portable integers and scales give the reader's
    /// values; the AVX2 unpacking (where the CPU has it) gives the same integers and scales.
    fn check_groups<const N: usize, F: int16_dot::Int16Blocks<N> + Int16Avx2<N>>(
        format: BlockFormat,
        raw: &[u8],
    ) {
        let avx2 = simd_level() != SimdLevel::Scalar;
        for (b, block) in raw.as_chunks::<N>().0.iter().enumerate() {
            let mut decoded = vec![0.0f32; format.block_values()];
            unpack_row(format, block, &mut decoded);
            for g in 0..F::GROUPS {
                let (q, s) = F::group(block, g);
                for (k, &q) in q.iter().enumerate() {
                    let scale = if k < 16 { s.scale_low } else { s.scale_high };
                    let value = scale * f32::from(q) + s.offset;
                    let want = decoded[32 * g + k];
                    assert!(
                        (value - want).abs() <= 1e-6 * (1.0 + want.abs()),
                        "{format:?} block {b} group {g} value {k}: {value} vs {want}"
                    );
                }
                #[cfg(target_arch = "x86_64")]
                if avx2 {
                    let (q_avx2, s_avx2) = int16_dot::group_bytes::<N, F>(block, g);
                    assert_eq!(q_avx2, q, "{format:?} block {b} group {g}");
                    assert_eq!(s_avx2, s, "{format:?} block {b} group {g}");
                }
            }
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    use int16_dot::Int16Blocks as Int16Avx2;
    #[cfg(target_arch = "x86_64")]
    use int16_dot::Int16BlocksAvx2 as Int16Avx2;

    #[test]
    fn integer_groups_are_the_readers_values_and_avx2_unpacks_them_alike() {
        use int16_dot::{Q4_0Int, Q4_1Int, Q4KInt, Q5_0Int, Q6KInt, Q8_0Int};
        for format in INT16_FORMATS {
            let m = packed(format, 6);
            let Storage::Blocks { bytes, .. } = &m.storage else {
                panic!("{format:?} not packed");
            };
            let raw = bytes.as_slice();
            match format {
                BlockFormat::Q8_0 => check_groups::<34, Q8_0Int>(format, raw),
                BlockFormat::Q4_0 => check_groups::<18, Q4_0Int>(format, raw),
                BlockFormat::Q4_1 => check_groups::<20, Q4_1Int>(format, raw),
                BlockFormat::Q5_0 => check_groups::<22, Q5_0Int>(format, raw),
                BlockFormat::Q4K => check_groups::<144, Q4KInt>(format, raw),
                BlockFormat::Q6K => check_groups::<210, Q6KInt>(format, raw),
                _ => unreachable!(),
            }
        }
    }

    #[test]
    fn integer_products_match_their_portable_definition() {
        use int16_dot::{Q4_0Int, Q4_1Int, Q4KInt, Q5_0Int, Q6KInt, Q8_0Int, dot_portable};
        if simd_level() == SimdLevel::Scalar {
            println!("no AVX2 here: the integer kernels are not run");
            return;
        }
        let pool = thread_pool(2).unwrap();
        for format in INT16_FORMATS {
            let m = packed(format, 9);
            let Storage::Blocks { bytes, .. } = &m.storage else {
                panic!("{format:?} not packed");
            };
            let rb = m.row_bytes();
            // Inputs with one large value per block, as hidden states have: the steps differ
            // block by block.
            let mut x = values(768, 31);
            for (i, v) in x.iter_mut().enumerate().step_by(37) {
                *v *= 1.0 + (i % 50) as f32;
            }
            let xq = QuantizedInputs::new(&x, 1, 768).unwrap();
            // Each vector width's products (AVX2's, and AVX-512's where the CPU has it).
            for level in simd_levels_here() {
                if level == SimdLevel::Scalar {
                    continue;
                }
                let got = m.matmul_at(level, &x, 1, &pool).unwrap();
                for (r, &got) in got.iter().enumerate() {
                    let w = &bytes.as_slice()[r * rb..(r + 1) * rb];
                    let want = match format {
                        BlockFormat::Q8_0 => dot_portable::<34, Q8_0Int>(w, &xq, 0),
                        BlockFormat::Q4_0 => dot_portable::<18, Q4_0Int>(w, &xq, 0),
                        BlockFormat::Q4_1 => dot_portable::<20, Q4_1Int>(w, &xq, 0),
                        BlockFormat::Q5_0 => dot_portable::<22, Q5_0Int>(w, &xq, 0),
                        BlockFormat::Q4K => dot_portable::<144, Q4KInt>(w, &xq, 0),
                        BlockFormat::Q6K => dot_portable::<210, Q6KInt>(w, &xq, 0),
                        _ => unreachable!(),
                    };
                    assert!(
                        (got - want).abs() <= 1e-5 * (1.0 + want.abs()),
                        "{format:?} {level:?} row {r}: {got} vs {want}"
                    );
                }
                let slack = int16_slack(&m, level, &x, 1);
                assert!(
                    slack.iter().all(|&s| s > 0.0),
                    "{format:?} not served by the integer kernel"
                );
                assert_close_with_slack(&got, &m.matmul_plain(&x, 1).unwrap(), &slack, "vs plain");
            }
        }
    }

    #[test]
    fn inputs_are_quantized_within_half_a_step_and_refused_when_not_finite() {
        let mut x = values(96, 4);
        x[40] = 300.0;
        x[64..96].fill(0.0);
        let q = QuantizedInputs::new(&x, 1, 96).unwrap();
        let mut worst_relative = 0.0f64;
        for (i, v) in x.iter().enumerate() {
            let (block, k) = (i / BLOCK, i % BLOCK);
            let step = q.step(block);
            let coarse = f32::from(q.value(block, k)) * step;
            assert!(
                (coarse - v).abs() <= step / 2.0 + 1e-7,
                "{i}: {coarse} vs {v}"
            );
            // With its residue a value is within half of step / 65534.
            let (value, residue) = (f64::from(q.value(block, k)), f64::from(q.residue(block, k)));
            let back = (value + residue / 65534.0) * f64::from(step);
            let off = (back - f64::from(*v)).abs();
            assert!(
                off <= f64::from(step) / 131068.0 * 1.01 + 1e-12,
                "{i}: {back} vs {v}"
            );
            if step > 0.0 {
                worst_relative = worst_relative.max(off / f64::from(step));
            }
        }
        assert!(worst_relative > 0.0, "the residues are not all exact");
        assert!(
            q.step(1) > 100.0 * q.step(0),
            "the large value's block has its own step"
        );
        assert_eq!(q.step(2), 0.0);
        assert!(
            QuantizedInputs::new(&x, 1, 90).is_none(),
            "not whole blocks"
        );
        assert!(
            QuantizedInputs::new(&x[..64], 1, 96).is_none(),
            "short input"
        );
        x[3] = f32::NAN;
        assert!(QuantizedInputs::new(&x, 1, 96).is_none());
        x[3] = f32::INFINITY;
        assert!(QuantizedInputs::new(&x, 1, 96).is_none());
    }
}
