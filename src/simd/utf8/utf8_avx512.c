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

WENC__INLINE bool ascii64(__m512i v)
{
    return _mm512_test_epi8_mask(v, _mm512_set1_epi8((char)0x80)) == 0;
}

WENC__INLINE bool any64(__m512i v)
{
    return _mm512_test_epi64_mask(v, v) != 0;
}

/* valid_prefix, and with DST copy_valid: each block is stored once it has
** passed its check, so that the text is read once.  The first 16 bytes,
** which have nothing before them, are checked alone; every later block
** reads the three bytes before each of its bytes again (check64_at).
** What the vector loop checked, SRC[0..I), may end inside a sequence; the
** scalar loop finishes from that sequence's start (and copies what it
** adds). */
WENC__INLINE size_t validate(const uint8_t *src, size_t len, uint8_t *dst)
{
    const __m512i zero = _mm512_setzero_si512();
    __m512i open = zero;
    size_t i = 0;
    if (len >= 16) {
        __m128i open16;
        if (!x86_first16(src, dst, &open16))
            return wenc__utf8_valid_finish_copy(src, 0, len, dst);
        open = _mm512_zextsi128_si512(open16);
        i = 16;
    }
    while (len - i >= 128) {
        __m512i a = LOADU64(src + i), b = LOADU64(src + i + 64), err;
        if (ascii64(_mm512_or_si512(a, b))) {
            /* ASCII: only a sequence left open before it can be wrong. */
            err = open;
            open = zero;
        } else {
            err = _mm512_or_si512(check64_at(a, src + i), check64_at(b, src + i + 64));
            open = open64(b);
        }
        if (any64(err))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        if (dst) {
            _mm512_storeu_si512(dst + i, a);
            _mm512_storeu_si512(dst + i + 64, b);
        }
        i += 128;
    }
    if (len - i >= 64) {
        __m512i a = LOADU64(src + i), err;
        if (ascii64(a)) {
            err = open;
            open = zero;
        } else {
            err = check64_at(a, src + i);
            open = open64(a);
        }
        if (any64(err))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        if (dst)
            _mm512_storeu_si512(dst + i, a);
        i += 64;
    }
    /* The tail, 16 bytes at a time. */
    while (len - i >= 16) {
        __m128i a = LOADU(src + i);
        if (_mm_movemask_epi8(a) == 0) {
            if (any64(open))
                break;
            open = zero;
        } else {
            __m128i err = x86_check16_at(a, src + i);
            if (!_mm_testz_si128(err, err))
                break;
            open = _mm512_zextsi128_si512(x86_open16(a));
        }
        if (dst)
            STOREU(dst + i, a);
        i += 16;
    }
    if (i < len && len - i < 16) {
        /* The last 1 to 15 bytes (all of a short input) in one step.  ASCII
        ** is valid unless a sequence was left open before it; other bytes
        ** get one check of them and of the three bytes before each, read
        ** with masked loads (zeros elsewhere, which fail any sequence those
        ** bytes leave open, as an ASCII byte after a lead byte does).  The
        ** scalar loop runs only when this fails, to find where. */
        unsigned r = (unsigned)(len - i);
        __m128i a = _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r), src + i), err;
        bool ok;
        if (_mm_movemask_epi8(a) == 0) {
            ok = !any64(open);
        } else {
            if (i == 0)
                err = x86_check16(a, _mm_setzero_si128());
            else
                err = x86_check16_with(
                    a, _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 1), src + i - 1),
                    _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 2), src + i - 2),
                    _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 3), src + i - 3));
            ok = _mm_testz_si128(err, err);
        }
        if (ok) {
            if (dst)
                _mm_mask_storeu_epi8(dst + i, _bzhi_u32(~0u, r), a);
            return len;
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

WENC__UTF8_TRANSCODERS(x86_decode_valid)

static ptrdiff_t short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap)
{
    return x86_short_to_utf8_masked(src, len, dst, cap);
}

static ptrdiff_t short_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    return x86_short_to_utf16_masked(src, len, dst, cap);
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
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
