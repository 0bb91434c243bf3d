/* latin1_avx512.c -- the kernels of latin1_kernels.h with AVX-512 F, BW
** and VL: latin1_tpl.h with 64 bytes or units (two 512-bit vectors) a
** step; tests are mask registers, the narrowing vpmovwb. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1
#define WENC__KERNEL_AVX512 1

#include "latin1_kernels.h"
#include "simd/vec_x86.h"

WENC__INLINE void widen64(const uint8_t *s, uint16_t *d)
{
    v512_storeu(d, _mm512_cvtepu8_epi16(v256_loadu(s)));
    v512_storeu(d + 32, _mm512_cvtepu8_epi16(v256_loadu(s + 32)));
}

WENC__INLINE size_t high64(const uint8_t *s)
{
    return (size_t)_mm_popcnt_u64(_mm512_movepi8_mask(v512_loadu(s)));
}

WENC__INLINE bool any64(const uint16_t *s, uint16_t mask)
{
    __m512i v = v512_or(v512_loadu(s), v512_loadu(s + 32));
    return _mm512_test_epi16_mask(v, _mm512_set1_epi16((short)mask)) != 0;
}

WENC__INLINE bool narrow64(const uint16_t *s, uint8_t *d)
{
    __m512i a = v512_loadu(s), b = v512_loadu(s + 32);
    if (_mm512_test_epi16_mask(v512_or(a, b), _mm512_set1_epi16((short)0xFF00)) != 0)
        return false;
    v256_storeu(d, _mm512_cvtepi16_epi8(a));
    v256_storeu(d + 32, _mm512_cvtepi16_epi8(b));
    return true;
}

WENC__INLINE bool surrogate64(const uint16_t *s)
{
    const __m512i top = _mm512_set1_epi16((short)0xF800), sur = _mm512_set1_epi16((short)0xD800);
    __mmask32 a = _mm512_cmpeq_epi16_mask(v512_and(v512_loadu(s), top), sur);
    __mmask32 b = _mm512_cmpeq_epi16_mask(v512_and(v512_loadu(s + 32), top), sur);
    return (a | b) != 0;
}

#define TPL_N 64
#define TPL_WIDEN(s, d) widen64((s), (d))
#define TPL_HIGH(s) high64(s)
#define TPL_NARROW(s, d) narrow64((s), (d))
#define TPL_ANY(s, mask) any64((s), (mask))
#define TPL_SURROGATE(s) surrogate64(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_avx512 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
};

WENC__TARGET_END
