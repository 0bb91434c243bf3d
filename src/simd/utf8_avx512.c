/* utf8_avx512.c -- the UTF-8 kernels for AVX-512 F/BW/VL (utf8_kernels.h):
** the block check of utf8_lookup.h on 64-byte vectors (twice the bytes
** per instruction of AVX2, which is what text that is not ASCII needs),
** with a skip for blocks of ASCII.  Decoding and ASCII copies are the
** AVX2 kernel's (utf8_x86.h, compiled here with these flags). */
#include <immintrin.h>

#include "utf8_x86.h"

#define LOADU64(p) _mm512_loadu_si512((const void *)(p))

/* x86_check16 on 64 bytes: each 128-bit lane's bytes before it come from
** the lane below (or PREV's top lane). */
WENC__INLINE __m512i check64(__m512i in, __m512i prev)
{
    const __m512i prev_high =
        _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)wenc__u8v_prev_high));
    const __m512i prev_low =
        _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)wenc__u8v_prev_low));
    const __m512i byte_high =
        _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)wenc__u8v_byte_high));
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    /* Lanes: PREV's last, then IN's first three. */
    const __m512i lanes = _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13);
    __m512i before = _mm512_permutex2var_epi64(prev, lanes, in);
    __m512i p1 = _mm512_alignr_epi8(in, before, 15);
    __m512i e = _mm512_and_si512(
        _mm512_and_si512(
            _mm512_shuffle_epi8(prev_high, _mm512_and_si512(_mm512_srli_epi16(p1, 4), nibble)),
            _mm512_shuffle_epi8(prev_low, _mm512_and_si512(p1, nibble))),
        _mm512_shuffle_epi8(byte_high, _mm512_and_si512(_mm512_srli_epi16(in, 4), nibble)));
    __m512i p2 = _mm512_alignr_epi8(in, before, 14), p3 = _mm512_alignr_epi8(in, before, 13);
    __m512i must = _mm512_or_si512(_mm512_subs_epu8(p2, _mm512_set1_epi8(WENC__U8V_THIRD)),
                                   _mm512_subs_epu8(p3, _mm512_set1_epi8(WENC__U8V_FOURTH)));
    return _mm512_xor_si512(e, _mm512_and_si512(must, _mm512_set1_epi8((char)0x80)));
}

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
** passed its check, so that the text is read once.  What the vector loop
** checked, SRC[0..I), may end inside a sequence; the scalar loop finishes
** from that sequence's start (and copies what it adds). */
WENC__INLINE size_t validate(const uint8_t *src, size_t len, uint8_t *dst)
{
    const __m512i zero = _mm512_setzero_si512();
    __m512i prev = zero, open = zero;
    size_t i = 0;
    bool failed = false;
    while (len - i >= 128) {
        __m512i a = LOADU64(src + i), b = LOADU64(src + i + 64), err;
        if (ascii64(_mm512_or_si512(a, b))) {
            /* ASCII: only a sequence left open before it can be wrong. */
            err = open;
            open = zero;
        } else {
            err = _mm512_or_si512(check64(a, prev), check64(b, a));
            open = open64(b);
        }
        if (any64(err)) {
            failed = true;
            break;
        }
        if (dst) {
            _mm512_storeu_si512(dst + i, a);
            _mm512_storeu_si512(dst + i + 64, b);
        }
        prev = b;
        i += 128;
    }
    if (!failed && len - i >= 64) {
        __m512i a = LOADU64(src + i), err;
        if (ascii64(a)) {
            err = open;
            open = zero;
        } else {
            err = check64(a, prev);
            open = open64(a);
        }
        if (any64(err)) {
            failed = true;
        } else {
            if (dst)
                _mm512_storeu_si512(dst + i, a);
            prev = a;
            i += 64;
        }
    }
    /* The tail, 16 bytes at a time. */
    __m128i prev16 = _mm512_extracti32x4_epi32(prev, 3);
    __m128i open16 = _mm512_extracti32x4_epi32(open, 3);
    while (!failed && len - i >= 16) {
        __m128i a = LOADU(src + i), err;
        if (_mm_movemask_epi8(a) == 0) {
            err = open16;
            open16 = _mm_setzero_si128();
        } else {
            err = x86_check16(a, prev16);
            open16 = x86_open16(a);
        }
        if (!_mm_testz_si128(err, err))
            break;
        if (dst)
            STOREU(dst + i, a);
        prev16 = a;
        i += 16;
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
};
