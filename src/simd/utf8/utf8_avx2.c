/* utf8_avx2.c -- the UTF-8 kernels for AVX2 (utf8_kernels.h): the block
** check of utf8_lookup.h on 32-byte vectors, two at a time, with a skip
** for blocks of ASCII; decoding with the 128-bit shuffles of utf8_x86.h
** and 32-byte ASCII widening. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)
/* This file's set, for utf8_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1

#include "utf8_x86.h"

#define LOADU32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU32(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* valid_prefix, and with DST copy_valid: each block is stored once it has
** passed its check, so that the text is read once.  The first 16 bytes,
** which have nothing before them, are checked alone; every later block
** reads the three bytes before each of its bytes again (x86_check32_at).
** What the vector loop checked, SRC[0..I), may end inside a sequence; the
** scalar loop finishes from that sequence's start (and copies what it
** adds). */
WENC__INLINE size_t validate(const uint8_t *src, size_t len, uint8_t *dst)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i open = zero;
    size_t i = 0;
    if (len >= 16) {
        __m128i open16;
        if (!x86_first16(src, dst, &open16))
            return wenc__utf8_valid_finish_copy(src, 0, len, dst);
        open = _mm256_zextsi128_si256(open16);
        i = 16;
    }
    while (len - i >= 64) {
        __m256i a = LOADU32(src + i), b = LOADU32(src + i + 32), err;
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            /* ASCII: only a sequence left open before it can be wrong. */
            err = open;
            open = zero;
        } else {
            err = _mm256_or_si256(x86_check32_at(a, src + i), x86_check32_at(b, src + i + 32));
            open = x86_open32(b);
        }
        if (!_mm256_testz_si256(err, err))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        if (dst) {
            STOREU32(dst + i, a);
            STOREU32(dst + i + 32, b);
        }
        i += 64;
    }
    if (len - i >= 32) {
        __m256i a = LOADU32(src + i), err;
        if (_mm256_movemask_epi8(a) == 0) {
            err = open;
            open = zero;
        } else {
            err = x86_check32_at(a, src + i);
            open = x86_open32(a);
        }
        if (!_mm256_testz_si256(err, err))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        if (dst)
            STOREU32(dst + i, a);
        i += 32;
    }
    /* One more vector for the tail: what is cut by the end is left to the
    ** scalar loop. */
    if (len - i >= 16) {
        __m128i a = LOADU(src + i);
        __m128i err = _mm_movemask_epi8(a) == 0 ? _mm_or_si128(_mm256_castsi256_si128(open),
                                                                _mm256_extracti128_si256(open, 1))
                                                  : x86_check16_at(a, src + i);
        if (_mm_testz_si128(err, err)) {
            if (dst)
                STOREU(dst + i, a);
            i += 16;
        }
    }
    return wenc__utf8_valid_finish_copy(src, i, len, dst);
}

static size_t valid_prefix(const uint8_t *src, size_t len)
{
    return validate(src, len, NULL);
}

static size_t copy_valid(const uint8_t *src, size_t len, uint8_t *dst)
{
    return validate(src, len, dst);
}

size_t wenc__utf8_avx2_ascii_to_utf8(const uint8_t *src, size_t len, uint8_t *dst)
{
    size_t i = 0;
    for (; len - i >= 128; i += 128) {
        __m256i a = LOADU32(src + i), b = LOADU32(src + i + 32);
        __m256i c = LOADU32(src + i + 64), d = LOADU32(src + i + 96);
        if (_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d))))
            break;
        STOREU32(dst + i, a);
        STOREU32(dst + i + 32, b);
        STOREU32(dst + i + 64, c);
        STOREU32(dst + i + 96, d);
    }
    for (; len - i >= 16; i += 16) {
        __m128i a = LOADU(src + i);
        if (_mm_movemask_epi8(a) != 0)
            break;
        STOREU(dst + i, a);
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

size_t wenc__utf8_avx2_ascii_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    size_t i = 0;
    for (; len - i >= 32; i += 32) {
        __m256i a = LOADU32(src + i);
        if (_mm256_movemask_epi8(a) != 0)
            break;
        STOREU32(dst + i, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)));
        STOREU32(dst + i + 16, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(a, 1)));
    }
    /* 16 more (a short string is often 16 to 31 bytes). */
    if (len - i >= 16) {
        __m128i a = LOADU(src + i);
        if (_mm_movemask_epi8(a) == 0) {
            STOREU32(dst + i, _mm256_cvtepu8_epi16(a));
            i += 16;
        }
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

size_t wenc__utf8_avx2_ascii_to_utf32(const uint8_t *src, size_t len, uint32_t *dst)
{
    size_t i = 0;
    for (; len - i >= 16; i += 16) {
        __m128i a = LOADU(src + i);
        if (_mm_movemask_epi8(a) != 0)
            break;
        STOREU32(dst + i, _mm256_cvtepu8_epi32(a));
        STOREU32(dst + i + 8, _mm256_cvtepu8_epi32(_mm_srli_si128(a, 8)));
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

WENC__UTF8_TRANSCODERS(x86_decode_valid)

static ptrdiff_t short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap)
{
    return x86_short_to_utf8(src, len, dst, cap);
}

static ptrdiff_t short_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    return x86_short_to_utf16(src, len, dst, cap);
}

const wenc__utf8_kernels wenc__utf8_avx2 = {
    .valid_prefix = valid_prefix,
    .copy_valid = copy_valid,
    .ascii_to_utf8 = wenc__utf8_avx2_ascii_to_utf8,
    .ascii_to_utf16 = wenc__utf8_avx2_ascii_to_utf16,
    .ascii_to_utf32 = wenc__utf8_avx2_ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    .short_to_utf8 = short_to_utf8,
    .short_to_utf16 = short_to_utf16,
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
