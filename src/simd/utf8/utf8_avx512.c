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

/* The units of the sequences that start in the 32 bytes V (V1, V2: the
** 32 after each byte and two after; no 4-byte form) at the lanes START
** selects, to D: one vpcompressw and a store of exactly those units. */
VBMI2 WENC__INLINE size_t short_units32_vbmi2(__m256i v, __m256i v1, __m256i v2, __mmask32 start,
                                              uint16_t *d)
{
    _mm512_mask_storeu_epi16(d, _cvtu32_mask32(_bzhi_u32(~0u, (unsigned)_mm_popcnt_u32(start))),
                             _mm512_maskz_compress_epi16(start, x86_values16x32(v, v1, v2)));
    return (size_t)_mm_popcnt_u32(start);
}

/* short_to_utf16 with VBMI2: 1 to 64 bytes in one masked load (zeros past
** the end, no read there), checked as x86_short_valid64_masked does, then
** widened (ASCII) or decoded 32 bytes a step with one vpcompressw each,
** stored with masks, so nothing is written past the units (issue 43: past
** 32 bytes the AVX2 kernel's eight shuffles per 32 bytes, and below it
** x86_decode_tail's 32-bit compresses, ran at 0.33-0.56 of simdutf's
** icelake kernel on 64 bytes).  4-byte forms as the AVX2 kernel takes
** them. */
VBMI2 static ptrdiff_t short_to_utf16_vbmi2(const uint8_t *src, size_t len, uint16_t *dst,
                                            size_t cap)
{
    if (len == 0 || len > 64)
        return -1;
    __mmask64 m = _cvtu64_mask64(_bzhi_u64(~UINT64_C(0), (unsigned)len));
    __m512i v = _mm512_maskz_loadu_epi8(m, src);
    __m256i a = _mm512_castsi512_si256(v), b = _mm512_extracti64x4_epi64(v, 1);
    __mmask32 m0 = (__mmask32)m, m1 = (__mmask32)(m >> 32);
    if (_mm512_movepi8_mask(v) == 0) {
        /* ASCII: widened at once. */
        if (len > cap)
            return -1;
        _mm512_mask_storeu_epi16(dst, m0, _mm512_cvtepu8_epi16(a));
        if (len > 32)
            _mm512_mask_storeu_epi16(dst + 32, m1, _mm512_cvtepu8_epi16(b));
        return (ptrdiff_t)len;
    }
    if (!(len <= 32 ? x86_short_valid(a) : x86_short_valid2(a, b)))
        return -1;
    /* The zeros past the end do not start a sequence. */
    __mmask64 start = _mm512_cmpgt_epi8_mask(v, _mm512_set1_epi8(-65)) & m;
    size_t n = (size_t)_mm_popcnt_u64(start);
    __mmask64 four = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char)0xF0));
    if (four != 0) {
        if (n + (size_t)_mm_popcnt_u64(four) > cap)
            return -1;
        return (ptrdiff_t)wenc__utf8_valid_to_utf16(src, len, dst);
    }
    if (n > cap)
        return -1;
    __m512i v1 = _mm512_maskz_loadu_epi8(m >> 1, src + 1);
    __m512i v2 = _mm512_maskz_loadu_epi8(m >> 2, src + 2);
    size_t k = short_units32_vbmi2(a, _mm512_castsi512_si256(v1), _mm512_castsi512_si256(v2),
                                   (__mmask32)start, dst);
    if (len > 32)
        short_units32_vbmi2(b, _mm512_extracti64x4_epi64(v1, 1), _mm512_extracti64x4_epi64(v2, 1),
                            (__mmask32)(start >> 32), dst + k);
    return (ptrdiff_t)n;
}

/* Up to 16 bytes the masked kernel's one 32-bit compress is as short. */
static ptrdiff_t short_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    if (len > 16 && wenc__simd_vbmi2())
        return short_to_utf16_vbmi2(src, len, dst, cap);
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
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
