/* iso2022jp_sse2.c -- the ISO-2022-JP ASCII state's copies for SSE2, the
** x86-64 baseline (iso2022jp_kernels.h), 16 units a vector: the first 64
** one vector at a time, then 64 at once while none of them stops, then 16
** to find where.  UTF-16 units are narrowed to bytes first, every unit from
** 0x80 made 0x80 (a stop), as in the AVX2 copies; SSE2 has neither pshufb
** nor an unsigned 16-bit minimum, so the stops are two compares and the
** clamp a saturating subtraction. */
#include <emmintrin.h>

#include "simd/vec_x86.h"
#include "iso2022jp_impl.h"

#define LOADU(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* The bytes of V that stop get their top bit set: 80 and up have it; 0E,
** 0F (V | 1 is 0F) and 1B become FF. */
WENC__INLINE __m128i stops16(__m128i v)
{
    __m128i shift = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x0F));
    __m128i escape = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x1B));
    return _mm_or_si128(v, _mm_or_si128(shift, escape));
}

/* The 16 units at unit I of SRC as bytes: a unit from 0x80 as 0x80 (V less
** what it has above 0x80; packus alone would make those from 0x8000
** zero). */
WENC__INLINE __m128i load16(const void *src, size_t i, const int form)
{
    if (form != WENC__JP_FROM_UTF16)
        return LOADU((const uint8_t *)src + i);
    const uint16_t *s = (const uint16_t *)src + i;
    __m128i top = _mm_set1_epi16(0x80), a = LOADU(s), b = LOADU(s + 8);
    return _mm_packus_epi16(_mm_sub_epi16(a, _mm_subs_epu16(a, top)),
                            _mm_sub_epi16(b, _mm_subs_epu16(b, top)));
}

/* Writes the 16 bytes V at unit I of DST in the copy's output form. */
WENC__INLINE void store16(void *dst, size_t i, __m128i v, const int form)
{
    __m128i z = _mm_setzero_si128();
    if (form == WENC__JP_TO_UTF16) {
        uint16_t *o = (uint16_t *)dst + i;
        STOREU(o, _mm_unpacklo_epi8(v, z));
        STOREU(o + 8, _mm_unpackhi_epi8(v, z));
    } else if (form == WENC__JP_TO_UTF32) {
        uint32_t *o = (uint32_t *)dst + i;
        __m128i lo = _mm_unpacklo_epi8(v, z), hi = _mm_unpackhi_epi8(v, z);
        STOREU(o, _mm_unpacklo_epi16(lo, z));
        STOREU(o + 4, _mm_unpackhi_epi16(lo, z));
        STOREU(o + 8, _mm_unpacklo_epi16(hi, z));
        STOREU(o + 12, _mm_unpackhi_epi16(hi, z));
    } else {
        STOREU((uint8_t *)dst + i, v);
    }
}

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_N 16
#define TPL_LOAD load16
#define TPL_STORE store16
#define TPL_STOPS stops16
#define TPL_NAME_STEP step16
#define TPL_NAME_COPY copy
#include "iso2022jp_copy_tpl.h"

WENC__ISO2022JP_KERNELS(wenc__iso2022jp_sse2, copy);
