/* iso2022jp_avx2.c -- the ISO-2022-JP ASCII state's copies for AVX2
** (iso2022jp_kernels.h), 32 units a vector: the first 128 one vector at a
** time, then 128 at once while none of them stops, then 32 to find where.
** UTF-16 units are narrowed to bytes first, every unit from 0x80 made 0x80
** (a stop), so one byte test serves all four copies. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1

#include "simd/vec_x86.h"
#include "iso2022jp_impl.h"

#define LOADU32(p)     _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU32(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* The bytes of V that stop get their top bit set: 80 and up have it; 0E,
** 0F and 1B become FF.  Those three are the only bytes below 0x80 that
** equal their entry in a table indexed by the low four bits (pshufb gives
** zero for the bytes from 0x80, which equal no entry). */
WENC__INLINE __m256i stops32(__m256i v)
{
    const __m256i specials = _mm256_broadcastsi128_si256(
        _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x1B, -1, -1, 0x0E, 0x0F));
    return _mm256_or_si256(v, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(specials, v), v));
}

/* The 32 units at unit I of SRC as bytes: a unit from 0x80 as 0x80 (packus
** alone would make those from 0x8000 zero), in order again after packus
** worked per 128-bit lane. */
WENC__INLINE __m256i load32(const void *src, size_t i, const int form)
{
    if (form != WENC__JP_FROM_UTF16)
        return LOADU32((const uint8_t *)src + i);
    const uint16_t *s = (const uint16_t *)src + i;
    __m256i top = _mm256_set1_epi16(0x80);
    __m256i packed = _mm256_packus_epi16(_mm256_min_epu16(LOADU32(s), top),
                                         _mm256_min_epu16(LOADU32(s + 16), top));
    return _mm256_permute4x64_epi64(packed, 0xD8);
}

/* Writes the 32 bytes V at unit I of DST in the copy's output form. */
WENC__INLINE void store32(void *dst, size_t i, __m256i v, const int form)
{
    __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
    if (form == WENC__JP_TO_UTF16) {
        uint16_t *o = (uint16_t *)dst + i;
        STOREU32(o, _mm256_cvtepu8_epi16(lo));
        STOREU32(o + 16, _mm256_cvtepu8_epi16(hi));
    } else if (form == WENC__JP_TO_UTF32) {
        uint32_t *o = (uint32_t *)dst + i;
        STOREU32(o, _mm256_cvtepu8_epi32(lo));
        STOREU32(o + 8, _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
        STOREU32(o + 16, _mm256_cvtepu8_epi32(hi));
        STOREU32(o + 24, _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
    } else {
        STOREU32((uint8_t *)dst + i, v);
    }
}

#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_N 32
#define TPL_LOAD load32
#define TPL_STORE store32
#define TPL_STOPS stops32
#define TPL_NAME_STEP step32
#define TPL_NAME_COPY copy
#include "iso2022jp_copy_tpl.h"

WENC__ISO2022JP_KERNELS(wenc__iso2022jp_avx2, copy);

WENC__TARGET_END
