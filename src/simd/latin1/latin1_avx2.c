/* latin1_avx2.c -- the kernels of latin1_kernels.h with AVX2:
** latin1_tpl.h with 32 bytes or units (two 256-bit vectors) a step; the
** narrowing packs within 128-bit lanes, then puts the lanes in order. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1

#include "latin1_kernels.h"
#include "simd/utf16/utf16_impl.h" /* wenc__utf16_pack2 */
#include "simd/vec_x86.h"

WENC__INLINE void widen32(const uint8_t *s, uint16_t *d)
{
    v256_storeu(d, _mm256_cvtepu8_epi16(v128_loadu(s)));
    v256_storeu(d + 16, _mm256_cvtepu8_epi16(v128_loadu(s + 16)));
}

/* The bytes 80..FF of the K steps at S, as high_run16 (latin1_sse2.c). */
WENC__INLINE size_t high_run32(const uint8_t *s, size_t k)
{
    const __m256i zero = v256_zero();
    __m256i count = zero;
    size_t j = 0;
#define HIGH_LANES(p) _mm256_cmpgt_epi8(zero, v256_loadu(p))
#define HIGH_PAIR(p)  _mm256_add_epi8(HIGH_LANES(p), HIGH_LANES((p) + 32))
    for (; j + 8 <= k; j += 8) {
        const uint8_t *p = s + 32 * j;
        __m256i a = _mm256_add_epi8(HIGH_PAIR(p), HIGH_PAIR(p + 64));
        __m256i b = _mm256_add_epi8(HIGH_PAIR(p + 128), HIGH_PAIR(p + 192));
        count = _mm256_sub_epi8(count, _mm256_add_epi8(a, b));
    }
    for (; j < k; j++)
        count = _mm256_sub_epi8(count, HIGH_LANES(s + 32 * j));
#undef HIGH_PAIR
#undef HIGH_LANES
    __m256i sum = _mm256_sad_epu8(count, zero);
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return (size_t)_mm_cvtsi128_si32(half) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(half, 8));
}

WENC__INLINE bool any32(const uint16_t *s, uint16_t mask)
{
    return !v256_none(v256_or(v256_loadu(s), v256_loadu(s + 16)), v256_set1_u16(mask));
}

WENC__INLINE bool narrow32(const uint16_t *s, uint8_t *d)
{
    __m256i a = v256_loadu(s), b = v256_loadu(s + 16);
    if (!v256_none(v256_or(a, b), v256_set1_u16(0xFF00)))
        return false;
    v256_storeu(d, _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0xD8));
    return true;
}

/* A unit U is a surrogate (0xD800..0xDFFF) exactly when U ^ 0xD800 is
** below 0x800, so the least of those over several vectors tells whether
** any of them holds one (latin1_avx512.c). */
WENC__INLINE __m256i unsurrogate(const uint16_t *s)
{
    return v256_xor(v256_loadu(s), v256_set1_u16(0xD800));
}

WENC__INLINE bool surrogate_below(__m256i least)
{
    /* LEAST < 0x800 in some lane: min(LEAST, 0x7FF) == LEAST there. */
    __m256i m = _mm256_min_epu16(least, v256_set1_u16(0x7FF));
    return _mm256_movemask_epi8(_mm256_cmpeq_epi16(m, least)) != 0;
}

WENC__INLINE bool surrogate32(const uint16_t *s)
{
    return surrogate_below(_mm256_min_epu16(unsurrogate(s), unsurrogate(s + 16)));
}

WENC__INLINE bool surrogate64(const uint16_t *s)
{
    __m256i a = _mm256_min_epu16(unsurrogate(s), unsurrogate(s + 16));
    __m256i b = _mm256_min_epu16(unsurrogate(s + 32), unsurrogate(s + 48));
    return surrogate_below(_mm256_min_epu16(a, b));
}

#define TPL_N              32
#define TPL_WIDEN(s, d)    widen32((s), (d))
#define TPL_HIGH_RUN(s, k) high_run32((s), (k))
#define TPL_NARROW(s, d)   narrow32((s), (d))
#define TPL_ANY(s, mask)   any32((s), (mask))
#define TPL_SURROGATE(s)   surrogate32(s)
#define TPL_SURROGATE2(s)  surrogate64(s)
#define TPL_ALIGN          32
#include "latin1_tpl.h"
#include "latin1_utf8_tpl.h"

const wenc__latin1_kernels wenc__latin1_avx2 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = to_utf8,
    .from_utf8 = from_utf8,
};

WENC__TARGET_END
