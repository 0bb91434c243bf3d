/* count.c -- counting without decoding (include/wenc/utf8.h, "Counting"):
** code points and UTF-16 units of valid UTF-8 by byte classes (the vector
** loops are the UTF-8 kernels' count, src/simd/utf8/), and the UTF-8 length
** of UTF-32 and UTF-16 text. */
#include "simd/utf8/utf8_kernels.h"
#include "utf8/utf8_internal.h"

/* Bytes of S[0..N) outside 80..BF, plus (if WITH_F0) the bytes F0..FF, a
** word at a time: the scalar set's count, and every set's below 16 bytes.
** Out of line, so that the calls that go to the kernel save no registers
** for it (a quarter of a 64-byte call). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t count_words(const uint8_t *s, size_t n, bool with_f0)
{
    size_t count = 0, i = 0;
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
    for (; i < n; i++) {
        count += !wenc__utf8_is_continuation(s[i]);
        if (with_f0)
            count += s[i] >= 0xF0;
    }
    return count;
}

/* The kernel's count where the set has one (from 16 bytes: below, one
** vector would not pay for the call; issue 30), else count_words. */
WENC__INLINE size_t count_bytes(const uint8_t *s, size_t n, bool with_f0)
{
    if (n >= 16) {
        size_t (*kernel)(const uint8_t *, size_t, bool) = wenc__utf8_kernels_get()->count;
        if (kernel != NULL)
            return kernel(s, n, with_f0);
    }
    return count_words(s, n, with_f0);
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
