/* latin1_sse41.c -- the kernels of latin1_kernels.h with SSSE3 and
** SSE4.1: SSE2's steps (latin1_sse2.c), with ptest for the tests of bits
** (one instruction where SSE2 compares and moves a mask) and pmovzx for
** the widening. */
#include <smmintrin.h>
#include <tmmintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_SSE41)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_SSE41 1

#include "handlers/rank_table.h" /* wenc__popcount32: no popcnt in this set */
#include "latin1_kernels.h"
#include "simd/vec_x86.h"

WENC__INLINE void widen16(const uint8_t *s, uint16_t *d)
{
    __m128i v = v128_loadu(s);
    v128_storeu(d, _mm_cvtepu8_epi16(v));
    v128_storeu(d + 8, _mm_unpackhi_epi8(v, v128_zero()));
}

WENC__INLINE size_t high16(const uint8_t *s)
{
    return wenc__popcount32((uint32_t)v128_movemask(v128_loadu(s)));
}

WENC__INLINE bool any16(const uint16_t *s, uint16_t mask)
{
    return !v128_none(v128_or(v128_loadu(s), v128_loadu(s + 8)), v128_set1_u16(mask));
}

WENC__INLINE bool narrow16(const uint16_t *s, uint8_t *d)
{
    __m128i a = v128_loadu(s), b = v128_loadu(s + 8);
    if (!v128_none(v128_or(a, b), v128_set1_u16(0xFF00)))
        return false;
    v128_storeu(d, _mm_packus_epi16(a, b));
    return true;
}

WENC__INLINE bool surrogate16(const uint16_t *s)
{
    const __m128i top = v128_set1_u16(0xF800), sur = v128_set1_u16(0xD800);
    __m128i a = v128_eq_u16(v128_and(v128_loadu(s), top), sur);
    __m128i b = v128_eq_u16(v128_and(v128_loadu(s + 8), top), sur);
    return v128_any(v128_or(a, b));
}

#define TPL_N            16
#define TPL_WIDEN(s, d)  widen16((s), (d))
#define TPL_HIGH(s)      high16(s)
#define TPL_NARROW(s, d) narrow16((s), (d))
#define TPL_ANY(s, mask) any16((s), (mask))
#define TPL_SURROGATE(s) surrogate16(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_sse41 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
};

WENC__TARGET_END
