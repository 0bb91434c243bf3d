/* count.c -- counting without decoding (include/wenc/utf8.h, "Counting"):
** code points and UTF-16 units of valid UTF-8 by byte classes, SIMD where
** available, and the UTF-8 length of UTF-32 and UTF-16 text. */
#include "utf8/utf8_internal.h"

/* Bytes of S[0..N) outside 80..BF, plus (if WITH_F0) the bytes F0..FF. */
WENC__INLINE size_t count_bytes(const uint8_t *s, size_t n, const bool with_f0)
{
    size_t count = 0, i = 0;
#ifdef WENC__UTF8_SSE2
    /* As signed bytes, continuation bytes are -128..-65, so a signed
    ** compare finds the others; F0..FF are the bytes whose unsigned maximum
    ** with F0 is themselves.  Each compare gives -1 per matching byte,
    ** subtracted into 8-bit lanes that are summed before they overflow. */
    const __m128i not_cont = _mm_set1_epi8(-65);
    const __m128i f0 = _mm_set1_epi8((char)0xF0);
    const __m128i zero = _mm_setzero_si128();
    const size_t max_blocks = with_f0 ? 127 : 255;
    while (n - i >= 16) {
        size_t blocks = (n - i) / 16;
        if (blocks > max_blocks)
            blocks = max_blocks;
        __m128i acc = zero;
        for (size_t k = 0; k < blocks; k++, i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            acc = _mm_sub_epi8(acc, _mm_cmpgt_epi8(v, not_cont));
            if (with_f0)
                acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_max_epu8(v, f0), v));
        }
        __m128i sums = _mm_sad_epu8(acc, zero);
        count += (size_t)_mm_cvtsi128_si32(sums) +
                 (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#else
    const uint64_t ones = UINT64_C(0x0101010101010101);
    for (; n - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        /* Bit 0 of each byte: bit 7 clear or bit 6 set. */
        uint64_t m = (~(w >> 7) | (w >> 6)) & ones;
        if (with_f0)
            m += (w >> 7) & (w >> 6) & (w >> 5) & (w >> 4) & ones;
        /* Sum the bytes (each at most 2). */
        count += (size_t)((m * ones) >> 56);
    }
#endif
    for (; i < n; i++) {
        count += !wenc__utf8_is_continuation(s[i]);
        if (with_f0)
            count += s[i] >= 0xF0;
    }
    return count;
}

size_t wenc_utf8_count_code_points(const uint8_t *src, size_t len)
{
    return src == NULL ? 0 : count_bytes(src, len, false);
}

size_t wenc_utf8_count_utf16_units(const uint8_t *src, size_t len)
{
    return src == NULL ? 0 : count_bytes(src, len, true);
}

size_t wenc_utf8_length_from_utf32(const uint32_t *src, size_t len)
{
    if (src == NULL)
        return 0;
    size_t total = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t c = src[i];
        /* A surrogate or a value above U+10FFFF is written as U+FFFD. */
        size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : c <= 0x10FFFF ? 4 : 3;
        total = wenc__add_sat(total, n);
    }
    return total;
}

size_t wenc_utf8_length_from_utf16(const uint16_t *src, size_t len)
{
    if (src == NULL)
        return 0;
    size_t total = 0;
    for (size_t i = 0; i < len; i++) {
        uint16_t c = src[i];
        size_t n;
        if (c < 0x80) {
            n = 1;
        } else if (c < 0x800) {
            n = 2;
        } else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < len && src[i + 1] >= 0xDC00 &&
                   src[i + 1] <= 0xDFFF) {
            n = 4;
            i++;
        } else {
            /* The rest of the BMP, and lone surrogates as U+FFFD. */
            n = 3;
        }
        total = wenc__add_sat(total, n);
    }
    return total;
}
