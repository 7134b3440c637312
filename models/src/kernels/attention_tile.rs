//! Attention tiles over key panels, one body for every vector width: a tile holds up to a
//! few (query, head) rows that share a key head, and reads each panel row and each value
//! chunk once for all of them. A 16-lane "vector" is one AVX-512 register or a pair of AVX2
//! registers ([`Lanes16`]); the rows a tile holds follow the register file (8 on AVX-512,
//! 6 on AVX2: two accumulators per row, plus the loads).

use super::{LANES, TileContext};

/// Sixteen f32 lanes in registers.
///
/// # Safety
/// Every method runs the instructions of its width: call them only where the CPU has the
/// implementing type's features (inside functions compiled for them, after `simd_level`).
pub(super) unsafe trait Lanes16: Copy {
    /// Most rows one tile holds: one accumulator each while scoring and while summing values.
    const ROWS: usize;
    unsafe fn zero() -> Self;
    unsafe fn load(src: &[f32; LANES]) -> Self;
    unsafe fn store(self, dst: &mut [f32; LANES]);
    /// `weight · v + acc`, lane by lane.
    unsafe fn madd(weight: f32, v: Self, acc: Self) -> Self;
    unsafe fn scaled(self, by: f32) -> Self;
    /// `exp(x − max)` in place.
    unsafe fn exp_shifted(chunk: &mut [f32; LANES], max: f32);
}

#[cfg(target_arch = "x86_64")]
pub(super) use x86::{Avx2Pair, Avx512};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{LANES, Lanes16};
    use std::arch::x86_64::*;

    #[derive(Clone, Copy)]
    pub(in super::super) struct Avx512(__m512);

    // SAFETY: the methods use AVX-512F only; the trait's contract leaves the check to callers.
    unsafe impl Lanes16 for Avx512 {
        const ROWS: usize = 8;
        #[inline(always)]
        unsafe fn zero() -> Self {
            Avx512(unsafe { _mm512_setzero_ps() })
        }
        #[inline(always)]
        unsafe fn load(src: &[f32; LANES]) -> Self {
            Avx512(unsafe { _mm512_loadu_ps(src.as_ptr()) })
        }
        #[inline(always)]
        unsafe fn store(self, dst: &mut [f32; LANES]) {
            unsafe { _mm512_storeu_ps(dst.as_mut_ptr(), self.0) }
        }
        #[inline(always)]
        unsafe fn madd(weight: f32, v: Self, acc: Self) -> Self {
            Avx512(unsafe { _mm512_fmadd_ps(_mm512_set1_ps(weight), v.0, acc.0) })
        }
        #[inline(always)]
        unsafe fn scaled(self, by: f32) -> Self {
            Avx512(unsafe { _mm512_mul_ps(self.0, _mm512_set1_ps(by)) })
        }
        #[inline(always)]
        unsafe fn exp_shifted(chunk: &mut [f32; LANES], max: f32) {
            // SAFETY: as for the trait.
            unsafe {
                let x = _mm512_sub_ps(_mm512_loadu_ps(chunk.as_ptr()), _mm512_set1_ps(max));
                _mm512_storeu_ps(chunk.as_mut_ptr(), super::super::exp_avx512(x));
            }
        }
    }

    /// Sixteen lanes as two AVX2 registers.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Avx2Pair(__m256, __m256);

    // SAFETY: the methods use AVX2 and FMA only; the trait's contract leaves the check to
    // callers.
    unsafe impl Lanes16 for Avx2Pair {
        const ROWS: usize = 6;
        #[inline(always)]
        unsafe fn zero() -> Self {
            unsafe { Avx2Pair(_mm256_setzero_ps(), _mm256_setzero_ps()) }
        }
        #[inline(always)]
        unsafe fn load(src: &[f32; LANES]) -> Self {
            unsafe {
                Avx2Pair(
                    _mm256_loadu_ps(src.as_ptr()),
                    _mm256_loadu_ps(src.as_ptr().add(8)),
                )
            }
        }
        #[inline(always)]
        unsafe fn store(self, dst: &mut [f32; LANES]) {
            unsafe {
                _mm256_storeu_ps(dst.as_mut_ptr(), self.0);
                _mm256_storeu_ps(dst.as_mut_ptr().add(8), self.1);
            }
        }
        #[inline(always)]
        unsafe fn madd(weight: f32, v: Self, acc: Self) -> Self {
            unsafe {
                let w = _mm256_set1_ps(weight);
                Avx2Pair(
                    _mm256_fmadd_ps(w, v.0, acc.0),
                    _mm256_fmadd_ps(w, v.1, acc.1),
                )
            }
        }
        #[inline(always)]
        unsafe fn scaled(self, by: f32) -> Self {
            unsafe {
                let s = _mm256_set1_ps(by);
                Avx2Pair(_mm256_mul_ps(self.0, s), _mm256_mul_ps(self.1, s))
            }
        }
        #[inline(always)]
        unsafe fn exp_shifted(chunk: &mut [f32; LANES], max: f32) {
            unsafe {
                let shift = _mm256_set1_ps(max);
                for half in 0..2 {
                    let at = chunk.as_mut_ptr().add(half * 8);
                    _mm256_storeu_ps(at, exp_avx2(_mm256_sub_ps(_mm256_loadu_ps(at), shift)));
                }
            }
        }
    }

    /// `e^x` for eight lanes, as `exp_avx512` computes it (degree-6 polynomial on
    /// |r| ≤ ln 2 / 2), with 2^n built in the exponent bits since AVX2 has no `scalef`.
    #[inline(always)]
    unsafe fn exp_avx2(x: __m256) -> __m256 {
        unsafe {
            let x = _mm256_max_ps(x, _mm256_set1_ps(-87.0));
            let n = _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(
                _mm256_mul_ps(x, _mm256_set1_ps(std::f32::consts::LOG2_E)),
            );
            let r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693_145_75), x);
            let r = _mm256_fnmadd_ps(n, _mm256_set1_ps(1.428_606_8e-6), r);
            let mut p = _mm256_set1_ps(1.0 / 720.0);
            for c in [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
                p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(c));
            }
            // n ≥ -126 here (x ≥ -87), so 2^n is a normal float.
            let bits = _mm256_slli_epi32::<23>(_mm256_add_epi32(
                _mm256_cvtps_epi32(n),
                _mm256_set1_epi32(127),
            ));
            _mm256_mul_ps(p, _mm256_castsi256_ps(bits))
        }
    }
}

/// [`attend_block`] compiled for AVX-512, so the lanes' intrinsics inline into its loops.
///
/// # Safety
/// The CPU has AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn attend_block_avx512(ctx: &TileContext, first: usize, out: &mut [f32]) {
    // SAFETY: as for this function.
    unsafe { attend_block::<Avx512>(ctx, first, out) }
}

/// [`attend_block`] compiled for AVX2 and FMA.
///
/// # Safety
/// The CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn attend_block_avx2(ctx: &TileContext, first: usize, out: &mut [f32]) {
    // SAFETY: as for this function.
    unsafe { attend_block::<Avx2Pair>(ctx, first, out) }
}

/// Attention of the causal queries `first..` (as many as `out` holds rows) for every head:
/// per key head, its query heads of these queries in tiles of at most `S::ROWS` rows. One
/// query at a time read a head's keys and values once per (query, head) — at thousands of
/// positions that traffic, not arithmetic, bounded a long prefill.
///
/// # Safety
/// The CPU has `S`'s features.
#[inline(always)]
unsafe fn attend_block<S: Lanes16>(ctx: &TileContext, first: usize, out: &mut [f32]) {
    let queries = out.len() / ctx.q_dim;
    for g in 0..ctx.kv_heads {
        let rows: Vec<(usize, usize)> = (0..queries)
            .flat_map(|i| (g * ctx.group..(g + 1) * ctx.group).map(move |h| (i, h)))
            .collect();
        for tile in rows.chunks(S::ROWS) {
            macro_rules! tile {
                ($($r:literal)*) => {
                    // SAFETY: as for this function.
                    unsafe {
                        match (ctx.d, tile.len()) {
                            $((64, $r) => attend_tile::<S, 4, $r>(ctx, g, first, tile, out),)*
                            $((128, $r) => attend_tile::<S, 8, $r>(ctx, g, first, tile, out),)*
                            _ => {}
                        }
                    }
                };
            }
            tile!(1 2 3 4 5 6 7 8);
        }
    }
}

/// One tile: `R` (query, head) rows of key head `g`, heads of `16·V` dims. Scores of each
/// row's prefix come from the key panel, sixteen positions per block, each panel row loaded
/// once for all `R` rows; a branch's own positions (a few) are scored per row. Then a masked
/// softmax per row over both; then the values, each prefix chunk loaded once for all rows.
///
/// # Safety
/// The CPU has `S`'s features.
#[inline(always)]
unsafe fn attend_tile<S: Lanes16, const V: usize, const R: usize>(
    ctx: &TileContext,
    g: usize,
    first: usize,
    tile: &[(usize, usize)],
    out: &mut [f32],
) {
    let d = V * LANES;
    let Some(panel) = ctx.panels.get(g) else {
        return;
    };
    let (panel_rows, _) = panel.as_chunks::<LANES>();
    // Each row's query (scaled) and how many positions it sees.
    let mut queries = [[0.0f32; 128]; R];
    let mut prefix = [0usize; R];
    let mut own: [std::ops::Range<usize>; R] = std::array::from_fn(|_| 0..0);
    for (r, &(i, h)) in tile.iter().enumerate().take(R) {
        let at = (first + i) * ctx.q_dim + h * d;
        let (Some(src), Some(seen)) = (ctx.q.get(at..at + d), ctx.visible.get(first + i)) else {
            return;
        };
        for (dst, &v) in queries[r].iter_mut().zip(src) {
            *dst = v * ctx.scale;
        }
        prefix[r] = seen.prefix;
        own[r] = seen.own.clone();
    }
    let kv_offset = g * d;
    // A branch's own positions: scored per row, straight from the cache rows.
    let mut own_scores: [Vec<f32>; R] = std::array::from_fn(|_| Vec::new());
    for r in 0..R {
        for p in own[r].clone() {
            let at = p * ctx.kv_dim + kv_offset;
            let Some(key) = ctx.keys.get(at..at + d) else {
                return;
            };
            own_scores[r].push(key.iter().zip(&queries[r]).map(|(k, q)| k * q).sum());
        }
    }
    let longest = prefix.iter().copied().max().unwrap_or(0);
    let blocks = longest.div_ceil(LANES);
    if panel_rows.len() < blocks * d {
        return;
    }
    let stride = blocks * LANES;
    let mut scores = vec![0.0f32; R * stride];
    // SAFETY (every vector operation below): the caller's contract.
    unsafe {
        for b in 0..blocks {
            let rows = &panel_rows[b * d..(b + 1) * d];
            let mut acc: [S; R] = [S::zero(); R];
            for (k, row) in rows.iter().enumerate() {
                let key = S::load(row);
                for (a, query) in acc.iter_mut().zip(&queries) {
                    *a = S::madd(query[k], key, *a);
                }
            }
            let (chunks, _) = scores.as_chunks_mut::<LANES>();
            for (r, a) in acc.iter().enumerate() {
                if let Some(dst) = chunks.get_mut(r * blocks + b) {
                    a.store(dst);
                }
            }
        }
    }
    // Softmax per row over the positions it sees; the rest weigh exactly zero.
    let mut norm = [0.0f32; R];
    for r in 0..R {
        let row = &mut scores[r * stride..(r + 1) * stride];
        let seen = prefix[r].min(row.len());
        let max = row[..seen]
            .iter()
            .chain(&own_scores[r])
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        let (chunks, _) = row.as_chunks_mut::<LANES>();
        for chunk in chunks {
            // SAFETY: the caller's contract.
            unsafe { S::exp_shifted(chunk, max) };
        }
        row[seen..].fill(0.0);
        for score in &mut own_scores[r] {
            *score = (*score - max).exp();
        }
        let total: f32 = row[..seen].iter().chain(&own_scores[r]).sum();
        norm[r] = if total > 0.0 { 1.0 / total } else { 0.0 };
    }
    // Weighted sum of the values, one 16-dim chunk of the head at a time.
    let value_chunk = |p: usize, c: usize| -> Option<&[f32; LANES]> {
        let at = p * ctx.kv_dim + kv_offset + c * LANES;
        <&[f32; LANES]>::try_from(ctx.values.get(at..at + LANES)?).ok()
    };
    // SAFETY (every vector operation below): the caller's contract.
    unsafe {
        for c in 0..V {
            let mut acc: [S; R] = [S::zero(); R];
            for p in 0..longest {
                let Some(chunk) = value_chunk(p, c) else {
                    return;
                };
                let value = S::load(chunk);
                for r in 0..R {
                    acc[r] = S::madd(scores[r * stride + p], value, acc[r]);
                }
            }
            for r in 0..R {
                for (&weight, p) in own_scores[r].iter().zip(own[r].clone()) {
                    let Some(chunk) = value_chunk(p, c) else {
                        return;
                    };
                    acc[r] = S::madd(weight, S::load(chunk), acc[r]);
                }
            }
            for (r, &(i, h)) in tile.iter().enumerate().take(R) {
                let at = i * ctx.q_dim + h * d + c * LANES;
                if let Some(dst) = out
                    .get_mut(at..at + LANES)
                    .and_then(|s| <&mut [f32; LANES]>::try_from(s).ok())
                {
                    acc[r].scaled(norm[r]).store(dst);
                }
            }
        }
    }
}
