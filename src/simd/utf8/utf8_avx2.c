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

/* valid_prefix and copy_valid on 32-byte vectors (utf8_validate_tpl.h). */
#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_CHECK_AT x86_check32_at
#define TPL_OPEN x86_open32
#include "utf8_validate_tpl.h"

/* ascii_to_utf8, which the AVX-512 table shares. */
#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_V16 __m128i
#define TPL_EXTERN_COPY wenc__utf8_avx2_ascii_to_utf8
#define TPL_ASCII_LEN v128_ascii_len
#include "utf8_copy_tpl.h"

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
    /* 16 at a time, then the 16 that end the input, as utf8_copy_tpl.h
    ** does (the block that ends the run widened whole). */
    for (; len - i >= 16; i += 16) {
        __m128i a = LOADU(src + i);
        STOREU32(dst + i, _mm256_cvtepu8_epi16(a));
        if (_mm_movemask_epi8(a) != 0)
            return i + v128_ascii_len(a);
    }
    if (i < len && len >= 16) {
        __m128i a = LOADU(src + len - 16);
        STOREU32(dst + len - 16, _mm256_cvtepu8_epi16(a));
        return len - 16 + v128_ascii_len(a);
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
        STOREU32(dst + i, _mm256_cvtepu8_epi32(a));
        STOREU32(dst + i + 8, _mm256_cvtepu8_epi32(_mm_srli_si128(a, 8)));
        if (_mm_movemask_epi8(a) != 0)
            return i + v128_ascii_len(a);
    }
    if (i < len && len >= 16) {
        __m128i a = LOADU(src + len - 16);
        STOREU32(dst + len - 16, _mm256_cvtepu8_epi32(a));
        STOREU32(dst + len - 8, _mm256_cvtepu8_epi32(_mm_srli_si128(a, 8)));
        return len - 16 + v128_ascii_len(a);
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

static bool short_valid(const uint8_t *src, size_t len)
{
    return x86_short_valid64(src, len);
}

/* SSE2's ascii_prefix with 32-byte vectors: one, then 128 bytes a step,
** one test for four, then 32 a step (the byte's place from the vector's
** mask) and the last bytes through one more 32-byte step that ends at
** LEN, the bytes it reads again known to be ASCII.  Below 32 bytes,
** SSE2's. */
size_t wenc__utf8_avx2_ascii_prefix(const uint8_t *src, size_t len)
{
    if (len < 32)
        return wenc__utf8_sse2_ascii_prefix(src, len);
    /* One vector first: where a non-ASCII byte comes that early (a
    ** word of Portuguese or Czech), the 128-byte step would only add to
    ** the time. */
    unsigned m0 = (unsigned)_mm256_movemask_epi8(LOADU32(src));
    if (m0 != 0)
        return (size_t)__builtin_ctz(m0);
    size_t i = 32;
    for (; len - i >= 128; i += 128) {
        __m256i ab = _mm256_or_si256(LOADU32(src + i), LOADU32(src + i + 32));
        __m256i cd = _mm256_or_si256(LOADU32(src + i + 64), LOADU32(src + i + 96));
        if (_mm256_movemask_epi8(_mm256_or_si256(ab, cd)) != 0)
            break;
    }
    for (; len - i >= 32; i += 32) {
        unsigned m = (unsigned)_mm256_movemask_epi8(LOADU32(src + i));
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
    }
    if (i == len)
        return len;
    unsigned m = (unsigned)_mm256_movemask_epi8(LOADU32(src + len - 32));
    return m == 0 ? len : len - 32 + (size_t)__builtin_ctz(m);
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
    /* 8 to 64 bytes: two 8- or 16-byte loads (x86_load_short8,
    ** x86_load_short), two 32-byte vectors past 32. */
    .short_lengths = {UINT64_C(0xFFFFFFFFFFFFFF80), UINT64_C(0xFFFFFFFFFFFFFF80)},
    .short_valid = short_valid,
    .valid_lengths = UINT64_C(0xFFFFFFFFFFFFFF80), /* 8 to 64 bytes */
    .short_rest = &wenc__utf8_sse2,
    .ascii_prefix = wenc__utf8_avx2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
