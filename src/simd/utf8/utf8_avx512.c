/* utf8_avx512.c -- the UTF-8 kernels for AVX-512 F/BW/VL (utf8_kernels.h):
** the block check of utf8_lookup.h on 64-byte vectors (twice the bytes
** per instruction of AVX2, which is what text that is not ASCII needs),
** with a skip for blocks of ASCII.  Decoding and ASCII copies are the
** AVX2 kernel's (utf8_x86.h, compiled here with these flags), with 32-byte
** steps that compress 32-bit lanes; where the CPU has VBMI2, to_utf16's
** compress 16-bit lanes (decode32_vbmi2). */
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

/* Functions that use VBMI2's vpcompressw; only called after
** wenc__simd_vbmi2() (dispatch.c, once per process) said yes.  The set is
** named again because in Clang a function's own target replaces its
** region's. */
#define VBMI2 __attribute__((target(WENC__TARGET_AVX512 ",avx512vbmi2,avx512vbmi")))

/* x86_decode32 to UTF-16 with one vpcompressw of the 32 lanes' 16-bit
** values, where AVX-512 F compresses 32-bit lanes: two compresses, each
** after a widening and before a narrowing (issue 43: on Zen 4, simdutf's
** icelake kernel decoded text that is not ASCII 1.2-1.4x as fast).  D has
** room for 32 units, which the store writes. */
VBMI2 WENC__INLINE size_t decode32_vbmi2(const uint8_t *s, void *d, int form)
{
    if (form != 16)
        return x86_decode32(s, d, form);
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)s);
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 1));
    __m256i v2 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 2));
    __mmask32 start = x86_starts32(v);
    _mm512_storeu_si512(d, _mm512_maskz_compress_epi16(start, x86_values16x32(v, v1, v2)));
    return (size_t)_mm_popcnt_u32(start);
}

VBMI2 static void decode_valid16_vbmi2(const uint8_t *src, size_t *pos, size_t end, void *dst,
                                       size_t *out, size_t cap)
{
    x86_decode_valid_with(src, pos, end, dst, out, cap, 16, decode32_vbmi2);
}

/* to_utf16, with VBMI2 where the CPU has it. */
static size_t to_utf16_any(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                           size_t *written)
{
    if (!wenc__simd_vbmi2())
        return to_utf16(src, len, dst, cap, written);
    return wenc__utf8_transcode_windows(src, len, dst, cap, written, valid_prefix,
                                        decode_valid16_vbmi2);
}

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
    .to_utf16 = to_utf16_any,
    .to_utf32 = to_utf32,
    .short_to_utf8 = short_to_utf8,
    .short_to_utf16 = short_to_utf16,
    /* 1 to 64 bytes: masked loads up to 32, then as AVX2. */
    .short_lengths = {~UINT64_C(0), ~UINT64_C(0)},
    .short_valid = short_valid,
    .valid_lengths = ~UINT64_C(0), /* 1 to 64 bytes */
    .short_rest = &wenc__utf8_sse2,
    .ascii_prefix = wenc__utf8_avx2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
