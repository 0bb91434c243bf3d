/* utf8_avx512.c -- the UTF-8 kernels for AVX-512 F/BW/VL (utf8_kernels.h):
** the block check of utf8_lookup.h on 64-byte vectors (twice the bytes
** per instruction of AVX2, which is what text that is not ASCII needs),
** with a skip for blocks of ASCII.  Decoding and ASCII copies are the
** AVX2 kernel's (utf8_x86.h, compiled here with these flags). */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)
/* This file's set, for utf8_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1
#define WENC__KERNEL_AVX512 1

#include "utf8_x86.h"

#define LOADU64(p) _mm512_loadu_si512((const void *)(p))

/* The block check on 64 bytes (utf8_check_tpl.h): check64_with and
** check64_at (x86_check16_at on 64 bytes). */
#define TPL_V __m512i
#define TPL_FN(op) v512_##op
#define TPL_NAME_WITH check64_with
#define TPL_NAME_AT check64_at
#include "utf8_check_tpl.h"

/* Non-zero where the last three of the 64 bytes V start a sequence they do
** not hold whole. */
WENC__INLINE __m512i open64(__m512i v)
{
    static const uint8_t max[64] = {
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,  255,  255,  255,  255,  255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,  255,  255,  255,  255,  255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,  255,  255,  255,  255,  255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,  255,  255,  0xEF, 0xDF, 0xBF};
    return _mm512_subs_epu8(v, LOADU64(max));
}

/* valid_prefix and copy_valid on 64-byte vectors (utf8_validate_tpl.h). */
#define TPL_V __m512i
#define TPL_FN(op) v512_##op
#define TPL_CHECK_AT check64_at
#define TPL_OPEN open64
#include "utf8_validate_tpl.h"

WENC__UTF8_TRANSCODERS(x86_decode_valid)

static ptrdiff_t short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap)
{
    return x86_short_to_utf8_masked(src, len, dst, cap);
}

static ptrdiff_t short_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    return x86_short_to_utf16_masked(src, len, dst, cap);
}

static bool short_valid(const uint8_t *src, size_t len)
{
    return x86_short_valid64_masked(src, len);
}

/* The ASCII copies are the AVX2 kernel's: they move data, and 32-byte
** vectors already keep up with the stores. */
const wenc__utf8_kernels wenc__utf8_avx512 = {
    .valid_prefix = valid_prefix,
    .copy_valid = copy_valid,
    .ascii_to_utf8 = wenc__utf8_avx2_ascii_to_utf8,
    .ascii_to_utf16 = wenc__utf8_avx2_ascii_to_utf16,
    .ascii_to_utf32 = wenc__utf8_avx2_ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    .short_to_utf8 = short_to_utf8,
    .short_to_utf16 = short_to_utf16,
    /* 1 to 64 bytes: masked loads up to 32, then as AVX2. */
    .short_lengths = {~UINT64_C(0), ~UINT64_C(0)},
    .short_valid = short_valid,
    .valid_lengths = ~UINT64_C(0), /* 1 to 64 bytes */
    .short_rest = &wenc__utf8_sse2,
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
