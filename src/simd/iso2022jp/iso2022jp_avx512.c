/* iso2022jp_avx512.c -- the ISO-2022-JP ASCII state's copies for AVX-512
** F/BW/VL (iso2022jp_kernels.h), 64 units a vector: the first 256 one
** vector at a time, then 256 at once while none of them stops, then 64 to
** find where.  The vector that holds the stop, and the last one, shorter,
** are loaded and stored with masks, so nothing past the prefix is written.
** UTF-16 units are narrowed to bytes first, as in the AVX2 copies. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)

#include "iso2022jp_impl.h"

/* Zero in the bytes of V that are 0E, 0F or 1B, the stops below 0x80:
** the only bytes below 0x80 equal to their entry in a table indexed by the
** low four bits (vpshufb gives zero for the bytes from 0x80, which are
** then not zero).  Kept in vectors, so that a block's four are combined
** there (as masks GCC moved them through general registers and the
** stack). */
WENC__INLINE __m512i specials64(__m512i v)
{
    const __m512i table = _mm512_broadcast_i32x4(
        _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x1B, -1, -1, 0x0E, 0x0F));
    return _mm512_xor_si512(_mm512_shuffle_epi8(table, v), v);
}

/* The bytes of V that stop: 80 and up, 0E, 0F and 1B. */
WENC__INLINE __mmask64 stops64(__m512i v)
{
    __m512i z = specials64(v);
    return _mm512_movepi8_mask(v) | _mm512_testn_epi8_mask(z, z);
}

/* The units LIVE of the 64 at unit I of SRC as bytes (the others zero): a
** unit from 0x80 as 0x80, a stop (packus alone would make those from
** 0x8000 zero), in order again after packus worked per 128-bit lane. */
WENC__INLINE __m512i load64(const void *src, size_t i, __mmask64 live, const int form)
{
    if (form != WENC__JP_FROM_UTF16)
        return _mm512_maskz_loadu_epi8(live, (const uint8_t *)src + i);
    const uint16_t *s = (const uint16_t *)src + i;
    __m512i top = _mm512_set1_epi16(0x80);
    __m512i a = _mm512_maskz_loadu_epi16((__mmask32)live, s);
    __m512i b = _mm512_maskz_loadu_epi16((__mmask32)(live >> 32), s + 32);
    __m512i packed = _mm512_packus_epi16(_mm512_min_epu16(a, top), _mm512_min_epu16(b, top));
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), packed);
}

/* Writes the bytes KEEP of the 64 in V at unit I of DST in the copy's
** output form. */
WENC__INLINE void store64(void *dst, size_t i, __m512i v, __mmask64 keep, const int form)
{
    if (form == WENC__JP_TO_UTF16) {
        uint16_t *o = (uint16_t *)dst + i;
        _mm512_mask_storeu_epi16(o, (__mmask32)keep,
                                 _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
        _mm512_mask_storeu_epi16(o + 32, (__mmask32)(keep >> 32),
                                 _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
    } else if (form == WENC__JP_TO_UTF32) {
        uint32_t *o = (uint32_t *)dst + i;
        _mm512_mask_storeu_epi32(o, (__mmask16)keep,
                                 _mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)));
        _mm512_mask_storeu_epi32(o + 16, (__mmask16)(keep >> 16),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)));
        _mm512_mask_storeu_epi32(o + 32, (__mmask16)(keep >> 32),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)));
        _mm512_mask_storeu_epi32(o + 48, (__mmask16)(keep >> 48),
                                 _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)));
    } else {
        _mm512_mask_storeu_epi8((uint8_t *)dst + i, keep, v);
    }
}

/* The units of a vector that are in the input, LEFT of them there. */
WENC__INLINE __mmask64 live_units(size_t left)
{
    return left >= 64 ? ~(__mmask64)0 : _bzhi_u64(~(__mmask64)0, (unsigned)left);
}

/* One vector: the LIVE units of the 64 at unit I (the others past the
** input).  Returns 64 if all are copied, or how many were, before the
** first stop or the input's end. */
WENC__INLINE unsigned step64(const void *src, size_t i, void *dst, __mmask64 live, const int form)
{
    __m512i v = load64(src, i, live, form);
    __mmask64 stops = stops64(v) | ~live;
    if (stops == 0) {
        store64(dst, i, v, ~(__mmask64)0, form);
        return 64;
    }
    unsigned n = (unsigned)__builtin_ctzll(stops);
    store64(dst, i, v, _bzhi_u64(~(__mmask64)0, n), form);
    return n;
}

WENC__INLINE size_t copy(const void *src, size_t len, void *dst, const int form)
{
    const __mmask64 all = ~(__mmask64)0;
    size_t i = 0;
    /* The first 256 one vector at a time: most runs of markup in a
    ** Japanese page are shorter. */
    for (; i < 256; i += 64) {
        unsigned n = step64(src, i, dst, live_units(len - i), form);
        if (n < 64 || i + 64 == len)
            return i + n;
    }
    /* Then 256 at once; the position advances by a constant until a stop,
    ** so the next loads need not wait for this step's test.  Each step's
    ** loads come before the last step's stores: a load after a store whose
    ** address has the same low 12 bits waits for it, and with the output
    ** 64-256 bytes past the input in those bits the loop ran 7-12 % slower
    ** (4 KiB aliasing). */
    if (len - i >= 256) {
        __m512i a = load64(src, i, all, form), b = load64(src, i + 64, all, form);
        __m512i c = load64(src, i + 128, all, form), d = load64(src, i + 192, all, form);
        for (;;) {
            __m512i high = _mm512_ternarylogic_epi32(a, b, _mm512_or_si512(c, d), 0xFE); /* or */
            __m512i z = _mm512_min_epu8(_mm512_min_epu8(specials64(a), specials64(b)),
                                        _mm512_min_epu8(specials64(c), specials64(d)));
            if ((_mm512_movepi8_mask(high) | _mm512_testn_epi8_mask(z, z)) != 0)
                break;
            if (len - i < 512) {
                store64(dst, i, a, all, form);
                store64(dst, i + 64, b, all, form);
                store64(dst, i + 128, c, all, form);
                store64(dst, i + 192, d, all, form);
                i += 256;
                break;
            }
            __m512i na = load64(src, i + 256, all, form), nb = load64(src, i + 320, all, form);
            __m512i nc = load64(src, i + 384, all, form), nd = load64(src, i + 448, all, form);
            store64(dst, i, a, all, form);
            store64(dst, i + 64, b, all, form);
            store64(dst, i + 128, c, all, form);
            store64(dst, i + 192, d, all, form);
            a = na, b = nb, c = nc, d = nd;
            i += 256;
        }
    }
    /* Then 64 at a time to find where; the last is masked. */
    for (; i < len; i += 64) {
        unsigned n = step64(src, i, dst, live_units(len - i), form);
        if (n < 64)
            return i + n;
    }
    return len;
}

WENC__ISO2022JP_KERNELS(wenc__iso2022jp_avx512, copy);

WENC__TARGET_END
