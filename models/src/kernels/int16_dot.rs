//! Products of packed weights with an input row quantized to 16-bit integers, on AVX2 and
//! AVX-512.
//!
//! Why: a decode step multiplies every weight once, and on AVX2 the float path spends its
//! time turning each packed weight into an f32 (`perf annotate` of Qwen2.5-Coder's decode:
//! a widen, a convert and a multiply-add per 8 weights). Here an input row is quantized
//! once per product, 32 values to a step (the weights' own block size); each 32-weight
//! group is unpacked to `i8` and widened to `i16`, and `vpmaddwd` multiplies 16 pairs and
//! adds neighbours into exact `i32` sums; one float multiply-add per group applies the
//! weight's and the input's scales.
//!
//! Why a residue: 16-bit values alone (llama.cpp uses 8) moved SmolLM2's logits by up to
//! 3.5e-3 from the numpy reference, over its 1e-3 bar, and no choice of blocks to refine
//! brought that under (refining every block whose largest value exceeds three times its
//! mean still gave 1.2e-3). So each value also carries what its rounding took off, in
//! steps 65534 times finer, multiplied by the same widened weights: about 31 bits of the
//! input, the logits within 4e-5 of the reference, for two more `vpmaddwd` per group.
//!
//! On AVX-512 (`band_avx512`) a group's 32 widened weights fill one register: half the
//! integer and float steps per group. Measured on a 2-vCPU AVX-512 EPYC: SmolLM2 Q4_1 decode
//! 1.08× the AVX-512 float path; Qwen2.5-Coder's decode the same (memory-bound there).
//!
//! The integer values a group multiplies are defined once, by the portable
//! [`Int16Blocks::group`]; the AVX2 unpacking is tested against it bit for bit, and the
//! portable form against the GGUF reader's decoders.

use super::{BLOCK, BlockFormat, f16_le as f16};
use crate::gguf::q4_k_scale_min;

/// One group of 32 weights as the products use them: `value k = scale · quant k + offset`,
/// where `scale` is `scale_low` for `k < 16` and `scale_high` after (they differ only in
/// Q6_K, whose scales cover 16 values).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct GroupScales {
    pub scale_low: f32,
    pub scale_high: f32,
    pub offset: f32,
}

/// Input rows quantized for the integer products: per row and per 32 values, the values
/// as `i16` and their residues, the step (`largest magnitude / 32767`), and the exact f32
/// sum (for the offset terms of Q4_1 and Q4_K).
pub(super) struct QuantizedInputs {
    cols: usize,
    values: Vec<[i16; BLOCK]>,
    /// What each value's rounding took off, in steps of `step / 65534`.
    residues: Vec<[i16; BLOCK]>,
    steps: Vec<f32>,
    sums: Vec<f32>,
}

/// One input row of [`QuantizedInputs`], group by group.
struct InputRow<'a> {
    values: &'a [[i16; BLOCK]],
    residues: &'a [[i16; BLOCK]],
    steps: &'a [f32],
    sums: &'a [f32],
}

/// Residue steps per step: a residue is within half a step, so it fits in `i16`.
const RESIDUE_STEPS: f32 = 65534.0;

/// Most input rows the integer products take; more go through the float tiles, where the
/// unpacked weights serve several inputs (the integer form pays its per-group float work
/// once per input, and counted more instructions from two inputs on).
pub(super) const MAX_INPUTS: usize = 1;

impl QuantizedInputs {
    /// `seq` rows of `cols` values; `None` when `cols` is not whole blocks or a value is not
    /// finite (the float path then carries the NaN or infinity through, as it always has).
    pub(super) fn new(x: &[f32], seq: usize, cols: usize) -> Option<Self> {
        if cols == 0 || !cols.is_multiple_of(BLOCK) || x.len() != seq * cols {
            return None;
        }
        let blocks = x.len() / BLOCK;
        let mut out = Self {
            cols,
            values: Vec::with_capacity(blocks),
            residues: Vec::with_capacity(blocks),
            steps: Vec::with_capacity(blocks),
            sums: Vec::with_capacity(blocks),
        };
        for block in x.as_chunks::<BLOCK>().0 {
            if !block.iter().all(|v| v.is_finite()) {
                return None;
            }
            let largest = block.iter().fold(0.0f32, |a, v| a.max(v.abs()));
            let (step, inverse) = if largest > 0.0 {
                (largest / 32767.0, 32767.0 / largest)
            } else {
                (0.0, 0.0)
            };
            let mut q = [0i16; BLOCK];
            for (q, v) in q.iter_mut().zip(block) {
                // |v · inverse| ≤ 32767 up to rounding; `as` saturates the rest.
                *q = (v * inverse).round() as i16;
            }
            // What rounding took off each value, in steps of `step / 65534` (within half a
            // step, so it fits in i16 too). In f64, where `q · step` is exact: in f32 that
            // product's own rounding was worth a hundred residue steps.
            let mut residue = [0i16; BLOCK];
            let step64 = f64::from(step);
            let per_step = if step > 0.0 {
                f64::from(RESIDUE_STEPS) / step64
            } else {
                0.0
            };
            for ((r, v), q) in residue.iter_mut().zip(block).zip(&q) {
                let missed = f64::from(*v) - f64::from(*q) * step64;
                *r = (missed * per_step).round() as i16;
            }
            out.residues.push(residue);
            out.values.push(q);
            out.steps.push(step);
            out.sums.push(block.iter().sum());
        }
        Some(out)
    }

    #[cfg(test)]
    pub(super) fn step(&self, block: usize) -> f32 {
        self.steps[block]
    }

    #[cfg(test)]
    pub(super) fn value(&self, block: usize, k: usize) -> i16 {
        self.values[block][k]
    }

    #[cfg(test)]
    pub(super) fn residue(&self, block: usize, k: usize) -> i16 {
        self.residues[block][k]
    }

    /// Input `t`'s groups, from its first.
    fn row(&self, t: usize) -> InputRow<'_> {
        let first = t * self.groups_per_row();
        InputRow {
            values: &self.values[first..],
            residues: &self.residues[first..],
            steps: &self.steps[first..],
            sums: &self.sums[first..],
        }
    }

    fn groups_per_row(&self) -> usize {
        self.cols / BLOCK
    }

    pub(super) fn rows(&self) -> usize {
        self.values.len() / self.groups_per_row().max(1)
    }
}

/// The formats with integer products.
pub(super) fn has_kernel(format: BlockFormat) -> bool {
    matches!(
        format,
        BlockFormat::Q8_0
            | BlockFormat::Q4_0
            | BlockFormat::Q4_1
            | BlockFormat::Q5_0
            | BlockFormat::Q4K
            | BlockFormat::Q6K
    )
}

/// A block format's 32-weight groups as integers and scales.
pub(super) trait Int16Blocks<const N: usize> {
    /// 32-weight groups per block.
    const GROUPS: usize;
    /// Whether the two halves of a group have their own scales.
    const SPLIT: bool;
    /// Whether groups have an offset term.
    const OFFSET: bool;
    /// Group `g`'s quants (offsets of symmetric formats already taken off) and scales.
    /// The portable definition: the AVX2 unpacking is held to it (in tests), and the loader
    /// rewrites Q5_0 as Q8_0 with it ([`super::PackedMatrix::widened_q5_0`]).
    fn group(block: &[u8; N], g: usize) -> ([i8; BLOCK], GroupScales);
}

pub(super) struct Q8_0Int;
pub(super) struct Q4_0Int;
pub(super) struct Q4_1Int;
pub(super) struct Q5_0Int;
pub(super) struct Q4KInt;
pub(super) struct Q6KInt;

fn symmetric(d: f32) -> GroupScales {
    GroupScales {
        scale_low: d,
        scale_high: d,
        offset: 0.0,
    }
}

impl Int16Blocks<34> for Q8_0Int {
    const GROUPS: usize = 1;
    const SPLIT: bool = false;
    const OFFSET: bool = false;
    #[inline(always)]
    fn group(block: &[u8; 34], _g: usize) -> ([i8; BLOCK], GroupScales) {
        let mut q = [0i8; BLOCK];
        for (q, &b) in q.iter_mut().zip(&block[2..]) {
            *q = b as i8;
        }
        (q, symmetric(f16(block[0], block[1])))
    }
}

/// Nibbles of 16 bytes in value order (low nibbles are values 0..16), minus `offset`.
#[cfg_attr(not(test), allow(dead_code))]
#[inline(always)]
fn nibbles(bytes: &[u8], offset: i8) -> [i8; BLOCK] {
    let mut q = [0i8; BLOCK];
    for l in 0..16 {
        q[l] = (bytes[l] & 0x0F) as i8 - offset;
        q[16 + l] = (bytes[l] >> 4) as i8 - offset;
    }
    q
}

impl Int16Blocks<18> for Q4_0Int {
    const GROUPS: usize = 1;
    const SPLIT: bool = false;
    const OFFSET: bool = false;
    #[inline(always)]
    fn group(block: &[u8; 18], _g: usize) -> ([i8; BLOCK], GroupScales) {
        (
            nibbles(&block[2..18], 8),
            symmetric(f16(block[0], block[1])),
        )
    }
}

impl Int16Blocks<20> for Q4_1Int {
    const GROUPS: usize = 1;
    const SPLIT: bool = false;
    const OFFSET: bool = true;
    #[inline(always)]
    fn group(block: &[u8; 20], _g: usize) -> ([i8; BLOCK], GroupScales) {
        let d = f16(block[0], block[1]);
        let scales = GroupScales {
            scale_low: d,
            scale_high: d,
            offset: f16(block[2], block[3]),
        };
        (nibbles(&block[4..20], 0), scales)
    }
}

impl Int16Blocks<22> for Q5_0Int {
    const GROUPS: usize = 1;
    const SPLIT: bool = false;
    const OFFSET: bool = false;
    #[inline(always)]
    fn group(block: &[u8; 22], _g: usize) -> ([i8; BLOCK], GroupScales) {
        let qh = u32::from_le_bytes([block[2], block[3], block[4], block[5]]);
        let mut q = nibbles(&block[6..22], 16);
        for (k, q) in q.iter_mut().enumerate() {
            *q += (((qh >> k) & 1) << 4) as i8;
        }
        (q, symmetric(f16(block[0], block[1])))
    }
}

impl Int16Blocks<144> for Q4KInt {
    const GROUPS: usize = 8;
    const SPLIT: bool = false;
    const OFFSET: bool = true;
    #[inline(always)]
    fn group(block: &[u8; 144], g: usize) -> ([i8; BLOCK], GroupScales) {
        let d = f16(block[0], block[1]);
        let dmin = f16(block[2], block[3]);
        let (scale, min) = q4_k_scale_min(g, &block[4..16]);
        let shift = 4 * (g % 2);
        let bytes = &block[16 + 32 * (g / 2)..16 + 32 * (g / 2) + 32];
        let mut q = [0i8; BLOCK];
        for (q, &b) in q.iter_mut().zip(bytes) {
            *q = ((b >> shift) & 0x0F) as i8;
        }
        let scales = GroupScales {
            scale_low: d * f32::from(scale),
            scale_high: d * f32::from(scale),
            offset: -(dmin * f32::from(min)),
        };
        (q, scales)
    }
}

impl Int16Blocks<210> for Q6KInt {
    const GROUPS: usize = 8;
    const SPLIT: bool = true;
    const OFFSET: bool = false;
    /// Group `g` is values `32 g ..`: half `g / 4` of the block, quarter `k = g % 4` of it;
    /// low bits from the low (k even) or high (k odd) nibbles of the half's first (k < 2) or
    /// second 32 `ql` bytes, high bits from bit pair `k` of its `qh` bytes.
    #[inline(always)]
    fn group(block: &[u8; 210], g: usize) -> ([i8; BLOCK], GroupScales) {
        let d = f16(block[208], block[209]);
        let (half, k) = (g / 4, g % 4);
        let ql = &block[64 * half + 32 * (k % 2)..64 * half + 32 * (k % 2) + 32];
        let qh = &block[128 + 32 * half..128 + 32 * half + 32];
        let low_shift = 4 * (k / 2);
        let mut q = [0i8; BLOCK];
        for ((q, &l), &h) in q.iter_mut().zip(ql).zip(qh) {
            *q = (((l >> low_shift) & 0x0F) | (((h >> (2 * k)) & 3) << 4)) as i8 - 32;
        }
        let scale = |i: usize| d * f32::from(block[192 + 8 * half + i] as i8);
        let scales = GroupScales {
            scale_low: scale(2 * k),
            scale_high: scale(2 * k + 1),
            offset: 0.0,
        };
        (q, scales)
    }
}

/// Row `w` times input row `t` of `x`, portably: the definition the AVX2 kernel is held to.
#[cfg(test)]
pub(super) fn dot_portable<const N: usize, F: Int16Blocks<N>>(
    w: &[u8],
    x: &QuantizedInputs,
    t: usize,
) -> f32 {
    let groups = x.groups_per_row();
    let mut total = 0.0f64;
    for (b, block) in w.as_chunks::<N>().0.iter().enumerate() {
        for g in 0..F::GROUPS {
            let (q, s) = F::group(block, g);
            let i = t * groups + b * F::GROUPS + g;
            let (xq, r, step) = (&x.values[i], &x.residues[i], x.steps[i]);
            let sum = |range: std::ops::Range<usize>| -> f64 {
                range
                    .map(|k| {
                        let value = f64::from(xq[k]) + f64::from(r[k]) / f64::from(RESIDUE_STEPS);
                        f64::from(q[k]) * value
                    })
                    .sum()
            };
            total += f64::from(s.scale_low * step) * sum(0..16)
                + f64::from(s.scale_high * step) * sum(16..32)
                + f64::from(s.offset) * f64::from(x.sums[i]);
        }
    }
    total as f32
}

#[cfg(all(test, target_arch = "x86_64"))]
pub(super) use x86::Int16BlocksAvx2;
#[cfg(all(test, target_arch = "x86_64"))]
pub(super) use x86::group_bytes;
#[cfg(target_arch = "x86_64")]
pub(super) use x86::{band_avx2, band_avx512};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use std::arch::x86_64::*;
    use std::ops::Range;

    /// [`Int16Blocks`] unpacked in AVX2 registers.
    ///
    /// # Safety
    /// `group_avx2` runs AVX2 and F16C instructions: call it only from functions compiled
    /// for them, on a CPU that has them.
    pub(in super::super) unsafe trait Int16BlocksAvx2<const N: usize>:
        Int16Blocks<N>
    {
        /// [`Int16Blocks::group`], the 32 quants as the bytes of one register.
        unsafe fn group_avx2(block: &[u8; N], g: usize) -> (__m256i, GroupScales);
    }

    #[inline(always)]
    unsafe fn f16_avx2(lo: u8, hi: u8) -> f32 {
        let bits = i32::from(u16::from_le_bytes([lo, hi]));
        unsafe { _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(bits))) }
    }

    /// 16 bytes of nibbles in value order: low nibbles in the low half, high in the high.
    #[inline(always)]
    unsafe fn nibbles_avx2(bytes: &[u8; 16]) -> __m256i {
        unsafe {
            let q = _mm_loadu_si128(bytes.as_ptr().cast());
            let mask = _mm_set1_epi8(0x0F);
            let low = _mm_and_si128(q, mask);
            let high = _mm_and_si128(_mm_srli_epi16::<4>(q), mask);
            _mm256_set_m128i(high, low)
        }
    }

    #[inline(always)]
    fn array<const M: usize>(bytes: &[u8]) -> &[u8; M] {
        bytes.as_chunks::<M>().0.first().unwrap_or(&[0; M])
    }

    // SAFETY (each impl): the instructions are AVX2/F16C; the loads read inside `block`.
    unsafe impl Int16BlocksAvx2<34> for Q8_0Int {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 34], _g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let q = _mm256_loadu_si256(block[2..].as_ptr().cast());
                (q, symmetric(f16_avx2(block[0], block[1])))
            }
        }
    }

    unsafe impl Int16BlocksAvx2<18> for Q4_0Int {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 18], _g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let q = _mm256_sub_epi8(nibbles_avx2(array(&block[2..])), _mm256_set1_epi8(8));
                (q, symmetric(f16_avx2(block[0], block[1])))
            }
        }
    }

    unsafe impl Int16BlocksAvx2<20> for Q4_1Int {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 20], _g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let d = f16_avx2(block[0], block[1]);
                let scales = GroupScales {
                    scale_low: d,
                    scale_high: d,
                    offset: f16_avx2(block[2], block[3]),
                };
                (nibbles_avx2(array(&block[4..])), scales)
            }
        }
    }

    unsafe impl Int16BlocksAvx2<22> for Q5_0Int {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 22], _g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let qh = i32::from_le_bytes([block[2], block[3], block[4], block[5]]);
                // Byte k takes byte k / 8 of qh (shuffles stay within 128-bit halves; every
                // half holds qh four times), then keeps bit k % 8.
                let spread = _mm256_shuffle_epi8(
                    _mm256_set1_epi32(qh),
                    _mm256_setr_epi8(
                        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3,
                        3, 3, 3, 3, 3, 3, 3,
                    ),
                );
                let bit = _mm256_set1_epi64x(i64::from_le_bytes([1, 2, 4, 8, 16, 32, 64, 128]));
                let set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
                let fifth = _mm256_and_si256(set, _mm256_set1_epi8(16));
                let q = _mm256_sub_epi8(
                    _mm256_or_si256(nibbles_avx2(array(&block[6..])), fifth),
                    _mm256_set1_epi8(16),
                );
                (q, symmetric(f16_avx2(block[0], block[1])))
            }
        }
    }

    unsafe impl Int16BlocksAvx2<144> for Q4KInt {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 144], g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let d = f16_avx2(block[0], block[1]);
                let dmin = f16_avx2(block[2], block[3]);
                let (scale, min) = q4_k_scale_min(g, &block[4..16]);
                let bytes: &[u8; 32] = array(&block[16 + 32 * (g / 2)..]);
                let raw = _mm256_loadu_si256(bytes.as_ptr().cast());
                let shifted = if g.is_multiple_of(2) {
                    raw
                } else {
                    _mm256_srli_epi16::<4>(raw)
                };
                let q = _mm256_and_si256(shifted, _mm256_set1_epi8(0x0F));
                let scales = GroupScales {
                    scale_low: d * f32::from(scale),
                    scale_high: d * f32::from(scale),
                    offset: -(dmin * f32::from(min)),
                };
                (q, scales)
            }
        }
    }

    unsafe impl Int16BlocksAvx2<210> for Q6KInt {
        #[inline(always)]
        unsafe fn group_avx2(block: &[u8; 210], g: usize) -> (__m256i, GroupScales) {
            unsafe {
                let d = f16_avx2(block[208], block[209]);
                let (half, k) = (g / 4, g % 4);
                let ql: &[u8; 32] = array(&block[64 * half + 32 * (k % 2)..]);
                let qh: &[u8; 32] = array(&block[128 + 32 * half..]);
                let ql = _mm256_loadu_si256(ql.as_ptr().cast());
                let qh = _mm256_loadu_si256(qh.as_ptr().cast());
                let low = if k < 2 {
                    ql
                } else {
                    _mm256_srli_epi16::<4>(ql)
                };
                let low = _mm256_and_si256(low, _mm256_set1_epi8(0x0F));
                // Bit pair k of qh moved to bits 4–5 (shifts by whole 16-bit lanes leak bits
                // across bytes; the mask drops them).
                let high = match k {
                    0 => _mm256_slli_epi16::<4>(qh),
                    1 => _mm256_slli_epi16::<2>(qh),
                    2 => qh,
                    _ => _mm256_srli_epi16::<2>(qh),
                };
                let high = _mm256_and_si256(high, _mm256_set1_epi8(0x30));
                let q = _mm256_sub_epi8(_mm256_or_si256(low, high), _mm256_set1_epi8(32));
                let scale = |i: usize| d * f32::from(block[192 + 8 * half + i] as i8);
                let scales = GroupScales {
                    scale_low: scale(2 * k),
                    scale_high: scale(2 * k + 1),
                    offset: 0.0,
                };
                (q, scales)
            }
        }
    }

    /// Rows `rows` of `raw` (`row_bytes` each, blocks of `format`) times every input of `x`
    /// into `out[(r − rows.start) · seq + t]`. False (nothing written) if the shapes do not
    /// fit or `format` has no integer kernel.
    ///
    /// # Safety
    /// The CPU must have AVX2, FMA and F16C.
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(in super::super) fn band_avx2(
        format: BlockFormat,
        raw: &[u8],
        row_bytes: usize,
        rows: Range<usize>,
        x: &QuantizedInputs,
        out: &mut [f32],
    ) -> bool {
        match format {
            BlockFormat::Q8_0 => band_of::<34, Q8_0Int, false>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4_0 => band_of::<18, Q4_0Int, false>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4_1 => band_of::<20, Q4_1Int, false>(raw, row_bytes, rows, x, out),
            BlockFormat::Q5_0 => band_of::<22, Q5_0Int, false>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4K => band_of::<144, Q4KInt, false>(raw, row_bytes, rows, x, out),
            BlockFormat::Q6K => band_of::<210, Q6KInt, false>(raw, row_bytes, rows, x, out),
            _ => false,
        }
    }

    /// [`band_avx2`] with 512-bit products: a group's 32 widened weights fill one register,
    /// so a group takes one `vpmaddwd` for its values and one for its residues, and one
    /// float multiply-add each, where AVX2 takes two of every step.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F and BW, AVX2, FMA and F16C.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,fma,f16c")]
    pub(in super::super) fn band_avx512(
        format: BlockFormat,
        raw: &[u8],
        row_bytes: usize,
        rows: Range<usize>,
        x: &QuantizedInputs,
        out: &mut [f32],
    ) -> bool {
        match format {
            BlockFormat::Q8_0 => band_of::<34, Q8_0Int, true>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4_0 => band_of::<18, Q4_0Int, true>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4_1 => band_of::<20, Q4_1Int, true>(raw, row_bytes, rows, x, out),
            BlockFormat::Q5_0 => band_of::<22, Q5_0Int, true>(raw, row_bytes, rows, x, out),
            BlockFormat::Q4K => band_of::<144, Q4KInt, true>(raw, row_bytes, rows, x, out),
            BlockFormat::Q6K => band_of::<210, Q6KInt, true>(raw, row_bytes, rows, x, out),
            _ => false,
        }
    }

    /// `WIDE`: the AVX-512 products ([`row_dot_avx512`]); else AVX2's ([`row_dot`]).
    #[inline(always)]
    fn band_of<const N: usize, F: Int16BlocksAvx2<N>, const WIDE: bool>(
        raw: &[u8],
        row_bytes: usize,
        rows: Range<usize>,
        x: &QuantizedInputs,
        out: &mut [f32],
    ) -> bool {
        let seq = x.rows();
        let groups = x.groups_per_row();
        let blocks = row_bytes / N;
        if row_bytes != blocks * N
            || blocks * F::GROUPS != groups
            || out.len() != rows.len() * seq
            || raw.len() < rows.end * row_bytes
        {
            return false;
        }
        for (r, out_r) in rows.zip(out.chunks_exact_mut(seq)) {
            let w = &raw[r * row_bytes..(r + 1) * row_bytes];
            for (t, o) in out_r.iter_mut().enumerate() {
                // SAFETY: the callers (`band_avx2`, `band_avx512`) run only where the CPU has
                // the instructions of the product they ask for; `w` is whole blocks and input
                // `t` has a group for each of their groups (checked above).
                *o = unsafe {
                    if WIDE {
                        row_dot_avx512::<N, F>(w, x, t)
                    } else {
                        row_dot::<N, F>(w, x, t)
                    }
                };
            }
        }
        true
    }

    /// Row `w` (whole blocks) times input `t` of `x`.
    ///
    /// # Safety
    /// AVX2, FMA and F16C; `x` has `w`'s groups for input `t`.
    #[inline(always)]
    unsafe fn row_dot<const N: usize, F: Int16BlocksAvx2<N>>(
        w: &[u8],
        x: &QuantizedInputs,
        t: usize,
    ) -> f32 {
        let InputRow {
            values,
            residues,
            steps,
            sums,
        } = x.row(t);
        unsafe {
            let mut acc = _mm256_setzero_ps();
            let mut acc_fine = _mm256_setzero_ps();
            let mut offsets = 0.0f32;
            for (b, block) in w.as_chunks::<N>().0.iter().enumerate() {
                for g in 0..F::GROUPS {
                    let i = b * F::GROUPS + g;
                    let (q, s) = F::group_avx2(block, g);
                    let w0 = _mm256_cvtepi8_epi16(_mm256_castsi256_si128(q));
                    let w1 = _mm256_cvtepi8_epi16(_mm256_extracti128_si256::<1>(q));
                    let xq = &values[i];
                    let p0 = _mm256_madd_epi16(w0, _mm256_loadu_si256(xq.as_ptr().cast()));
                    let p1 = _mm256_madd_epi16(w1, _mm256_loadu_si256(xq[16..].as_ptr().cast()));
                    let r = &residues[i];
                    let r0 = _mm256_madd_epi16(w0, _mm256_loadu_si256(r.as_ptr().cast()));
                    let r1 = _mm256_madd_epi16(w1, _mm256_loadu_si256(r[16..].as_ptr().cast()));
                    // Values and residues in accumulators of their own (the residues' scale is
                    // 65534 times finer; a value and its residue summed in i32 would overflow).
                    let step = steps[i];
                    if F::SPLIT {
                        let low = _mm256_set1_ps(s.scale_low * step);
                        let high = _mm256_set1_ps(s.scale_high * step);
                        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p0), low, acc);
                        acc_fine = _mm256_fmadd_ps(_mm256_cvtepi32_ps(r0), low, acc_fine);
                        acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p1), high, acc);
                        acc_fine = _mm256_fmadd_ps(_mm256_cvtepi32_ps(r1), high, acc_fine);
                    } else {
                        let both = _mm256_set1_ps(s.scale_low * step);
                        let p = _mm256_cvtepi32_ps(_mm256_add_epi32(p0, p1));
                        let r = _mm256_cvtepi32_ps(_mm256_add_epi32(r0, r1));
                        acc = _mm256_fmadd_ps(p, both, acc);
                        acc_fine = _mm256_fmadd_ps(r, both, acc_fine);
                    }
                    if F::OFFSET {
                        offsets += s.offset * sums[i];
                    }
                }
            }
            let per = _mm256_set1_ps(1.0 / RESIDUE_STEPS);
            let mut lanes = [0.0f32; 8];
            _mm256_storeu_ps(lanes.as_mut_ptr(), _mm256_fmadd_ps(acc_fine, per, acc));
            lanes.iter().sum::<f32>() + offsets
        }
    }

    /// [`row_dot`] in 512-bit registers: the same integer sums per group (the value and the
    /// residue products of all 32 weights, lanes 0–7 from the first 16 and 8–15 from the
    /// rest), scaled and accumulated in 16 float lanes.
    ///
    /// # Safety
    /// AVX-512 F and BW, AVX2, FMA and F16C; `x` has `w`'s groups for input `t`.
    #[inline(always)]
    unsafe fn row_dot_avx512<const N: usize, F: Int16BlocksAvx2<N>>(
        w: &[u8],
        x: &QuantizedInputs,
        t: usize,
    ) -> f32 {
        let InputRow {
            values,
            residues,
            steps,
            sums,
        } = x.row(t);
        unsafe {
            let mut acc = _mm512_setzero_ps();
            let mut acc_fine = _mm512_setzero_ps();
            let mut offsets = 0.0f32;
            for (b, block) in w.as_chunks::<N>().0.iter().enumerate() {
                for g in 0..F::GROUPS {
                    let i = b * F::GROUPS + g;
                    let (q, s) = F::group_avx2(block, g);
                    let w16 = _mm512_cvtepi8_epi16(q);
                    let p = _mm512_madd_epi16(w16, _mm512_loadu_si512(values[i].as_ptr().cast()));
                    let r = _mm512_madd_epi16(w16, _mm512_loadu_si512(residues[i].as_ptr().cast()));
                    let step = steps[i];
                    let scale = if F::SPLIT {
                        // Lanes 0–7 hold the first 16 weights' sums.
                        _mm512_mask_blend_ps(
                            0xFF00,
                            _mm512_set1_ps(s.scale_low * step),
                            _mm512_set1_ps(s.scale_high * step),
                        )
                    } else {
                        _mm512_set1_ps(s.scale_low * step)
                    };
                    // Values and residues in accumulators of their own, as in `row_dot`.
                    acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), scale, acc);
                    acc_fine = _mm512_fmadd_ps(_mm512_cvtepi32_ps(r), scale, acc_fine);
                    if F::OFFSET {
                        offsets += s.offset * sums[i];
                    }
                }
            }
            let per = _mm512_set1_ps(1.0 / RESIDUE_STEPS);
            _mm512_reduce_add_ps(_mm512_fmadd_ps(acc_fine, per, acc)) + offsets
        }
    }

    #[cfg(test)]
    pub(in super::super) fn group_bytes<const N: usize, F: Int16BlocksAvx2<N>>(
        block: &[u8; N],
        g: usize,
    ) -> ([i8; 32], GroupScales) {
        let mut q = [0i8; 32];
        // SAFETY: tests call this only after checking for AVX2 and F16C.
        let s = unsafe {
            let (v, s) = F::group_avx2(block, g);
            _mm256_storeu_si256(q.as_mut_ptr().cast(), v);
            s
        };
        (q, s)
    }
}
