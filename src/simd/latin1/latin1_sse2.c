/* latin1_sse2.c -- the kernels of latin1_kernels.h for SSE2, the x86-64
** baseline: latin1_tpl.h with 16 bytes or units (two vectors) a step.  The
** SSE4.1 set runs them too, with its own to_utf8 (latin1_sse41.c): ptest
** and pmovzx, all SSE4.1 would change here, save nothing measurable. */
#include <emmintrin.h>

#include "latin1_kernels.h"
#include "simd/vec_x86.h"

WENC__INLINE void widen16(const uint8_t *s, uint16_t *d)
{
    __m128i v = v128_loadu(s);
    v128_storeu(d, _mm_unpacklo_epi8(v, v128_zero()));
    v128_storeu(d + 8, _mm_unpackhi_epi8(v, v128_zero()));
}

/* The bytes 80..FF of the K steps at S: each lane takes 1 (subtracts the
** compare's -1) per such byte, four sums in turn so that they do not wait
** on each other; psadbw adds the lanes up. */
WENC__INLINE size_t high_run16(const uint8_t *s, size_t k)
{
    const __m128i zero = v128_zero();
    __m128i a = zero, b = zero, c = zero, e = zero;
    size_t j = 0;
    for (; j + 4 <= k; j += 4) {
        a = _mm_sub_epi8(a, _mm_cmplt_epi8(v128_loadu(s + 16 * j), zero));
        b = _mm_sub_epi8(b, _mm_cmplt_epi8(v128_loadu(s + 16 * j + 16), zero));
        c = _mm_sub_epi8(c, _mm_cmplt_epi8(v128_loadu(s + 16 * j + 32), zero));
        e = _mm_sub_epi8(e, _mm_cmplt_epi8(v128_loadu(s + 16 * j + 48), zero));
    }
    for (; j < k; j++)
        a = _mm_sub_epi8(a, _mm_cmplt_epi8(v128_loadu(s + 16 * j), zero));
    __m128i sum = _mm_add_epi64(_mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)),
                                _mm_add_epi64(_mm_sad_epu8(c, zero), _mm_sad_epu8(e, zero)));
    return (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
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

#define TPL_N              16
#define TPL_WIDEN(s, d)    widen16((s), (d))
#define TPL_HIGH_RUN(s, k) high_run16((s), (k))
#define TPL_NARROW(s, d)   narrow16((s), (d))
#define TPL_ANY(s, mask)   any16((s), (mask))
#define TPL_SURROGATE(s)   surrogate16(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_sse2 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .to_utf8 = NULL,
};

/* Not in the small table profile, which has no SSE4.1 set (isa.h). */
#if defined(WENC__SIMD_X86_WIDE)
const wenc__latin1_kernels wenc__latin1_sse41 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .to_utf8 = wenc__latin1_sse41_to_utf8,
};
#endif
