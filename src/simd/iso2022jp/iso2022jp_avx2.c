/* iso2022jp_avx2.c -- the ISO-2022-JP ASCII state's copies for AVX2
** (iso2022jp_kernels.h), 32 units a vector: the first 128 one vector at a
** time, then 128 at once while none of them stops, then 32 to find where.
** UTF-16 units are narrowed to bytes first, every unit from 0x80 made 0x80
** (a stop), so one byte test serves all four copies. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)

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

/* One vector at unit *I, or the input's last 32 units when fewer are left
** (those before *I were found plain already, so its first stop is the
** first from *I).  All 32 are stored, those past a stop as scratch.
** Advances *I past the units copied; false at a stop or the input's end. */
WENC__INLINE bool step32(const void *src, size_t *i, size_t len, void *dst, const int form)
{
    size_t at = len - *i < 32 ? len - 32 : *i;
    __m256i v = load32(src, at, form);
    unsigned stops = (unsigned)_mm256_movemask_epi8(stops32(v));
    store32(dst, at, v, form);
    *i = at + (stops != 0 ? (unsigned)__builtin_ctz(stops) : 32);
    return stops == 0 && *i < len;
}

WENC__INLINE size_t copy(const void *src, size_t len, void *dst, const int form)
{
    size_t i = 0;
    if (len < 32) {
        for (; i < len; i++) {
            uint32_t u = form == WENC__JP_FROM_UTF16 ? ((const uint16_t *)src)[i]
                                                     : ((const uint8_t *)src)[i];
            if (!wenc__iso2022jp_plain(u))
                break;
            if (form == WENC__JP_TO_UTF16)
                ((uint16_t *)dst)[i] = (uint16_t)u;
            else if (form == WENC__JP_TO_UTF32)
                ((uint32_t *)dst)[i] = u;
            else
                ((uint8_t *)dst)[i] = (uint8_t)u;
        }
        return i;
    }
    /* The first 128 one vector at a time: most runs of markup in a
    ** Japanese page are shorter. */
    for (int k = 0; k < 4; k++)
        if (!step32(src, &i, len, dst, form))
            return i;
    /* Then 128 at once; the position advances by a constant until a stop,
    ** so the next loads need not wait for this step's test. */
    for (; len - i >= 128; i += 128) {
        __m256i a = load32(src, i, form), b = load32(src, i + 32, form);
        __m256i c = load32(src, i + 64, form), d = load32(src, i + 96, form);
        __m256i any = _mm256_or_si256(_mm256_or_si256(stops32(a), stops32(b)),
                                      _mm256_or_si256(stops32(c), stops32(d)));
        if (_mm256_movemask_epi8(any) != 0)
            break;
        store32(dst, i, a, form);
        store32(dst, i + 32, b, form);
        store32(dst, i + 64, c, form);
        store32(dst, i + 96, d, form);
    }
    /* Then 32 at a time to find where. */
    while (i < len && step32(src, &i, len, dst, form))
        ;
    return i;
}

WENC__ISO2022JP_KERNELS(wenc__iso2022jp_avx2, copy);

WENC__TARGET_END
