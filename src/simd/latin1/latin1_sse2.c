/* latin1_sse2.c -- the kernels of latin1_kernels.h for SSE2, the x86-64
** baseline: latin1_tpl.h with 16 bytes or units (two vectors) a step.  The
** SSE4.1 set runs them too, with its own to_utf8 (latin1_sse41.c): ptest
** and pmovzx, all SSE4.1 would change here, save nothing measurable. */
#include <emmintrin.h>

#include "handlers/rank_table.h" /* wenc__popcount32: no popcnt in this set */
#include "latin1_kernels.h"
#include "simd/vec_x86.h"

WENC__INLINE void widen16(const uint8_t *s, uint16_t *d)
{
    __m128i v = v128_loadu(s);
    v128_storeu(d, _mm_unpacklo_epi8(v, v128_zero()));
    v128_storeu(d + 8, _mm_unpackhi_epi8(v, v128_zero()));
}

WENC__INLINE size_t high16(const uint8_t *s)
{
    return wenc__popcount32((uint32_t)v128_movemask(v128_loadu(s)));
}

/* Whether a unit of the 16 at S has a bit of M set: the bytes of the
** units' OR masked, compared with zero. */
WENC__INLINE bool any16(const uint16_t *s, uint16_t mask)
{
    __m128i v = v128_and(v128_or(v128_loadu(s), v128_loadu(s + 8)), v128_set1_u16(mask));
    return v128_movemask(_mm_cmpeq_epi8(v, v128_zero())) != 0xFFFF;
}

WENC__INLINE bool narrow16(const uint16_t *s, uint8_t *d)
{
    __m128i a = v128_loadu(s), b = v128_loadu(s + 8);
    __m128i high = v128_and(v128_or(a, b), v128_set1_u16(0xFF00));
    if (v128_movemask(_mm_cmpeq_epi8(high, v128_zero())) != 0xFFFF)
        return false;
    v128_storeu(d, _mm_packus_epi16(a, b));
    return true;
}

WENC__INLINE bool surrogate16(const uint16_t *s)
{
    const __m128i top = v128_set1_u16(0xF800), sur = v128_set1_u16(0xD800);
    __m128i a = v128_eq_u16(v128_and(v128_loadu(s), top), sur);
    __m128i b = v128_eq_u16(v128_and(v128_loadu(s + 8), top), sur);
    return v128_any_lane(v128_or(a, b));
}

#define TPL_N            16
#define TPL_WIDEN(s, d)  widen16((s), (d))
#define TPL_HIGH(s)      high16(s)
#define TPL_NARROW(s, d) narrow16((s), (d))
#define TPL_ANY(s, mask) any16((s), (mask))
#define TPL_SURROGATE(s) surrogate16(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_sse2 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .to_utf8 = NULL,
};

const wenc__latin1_kernels wenc__latin1_sse41 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .to_utf8 = wenc__latin1_sse41_to_utf8,
};
