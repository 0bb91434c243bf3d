/* utf16_avx2.c -- the UTF-16 kernels (utf16_kernels.h) with AVX2: sixteen
** units per vector.  UTF-16 -> UTF-8 widens each unit to a 32-bit lane
** holding its 1- to 3-byte sequence and packs four lanes at a time with
** vpshufb (wenc__utf16_pack, utf16_impl.h); the UTF-16LE/BE byte swap
** checks its surrogate pairs with two bit masks.  A block a vector test
** rejects goes to the scalar loop.  x-user-defined to UTF-16 is SSE2's
** (it runs at the speed of memory already). */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_AVX2 1

#include "simd/vec_x86.h"
#include "utf16_impl.h"

/* Two wenc__utf16_pack3 rows, one per 128-bit lane. */
static inline __m256i pack_rows(unsigned a, unsigned b)
{
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)wenc__utf16_pack3[a])),
        _mm_loadu_si128((const __m128i *)wenc__utf16_pack3[b]), 1);
}

/* Two wenc__utf16_pack2 rows, one per 128-bit lane. */
static inline __m256i pack2_rows(unsigned a, unsigned b)
{
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)wenc__utf16_pack2[a])),
        _mm_loadu_si128((const __m128i *)wenc__utf16_pack2[b]), 1);
}

/* The 16 units at the bytes P, read as FROM says (utf16_impl.h). */
static inline __m256i load_units(const uint8_t *p, int from)
{
    const __m256i swap = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1,
                                          0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
    return from == WENC__U16_BE ? _mm256_shuffle_epi8(v, swap) : v;
}

/* The template's blocks (utf16_to_utf8_tpl.h): each encodes the 16 units
** of V at D, takes its turn and leaves its last store in *LAST at *AT.
** An ASCII block narrowed: its 16 bytes. */
static inline size_t ascii_block(__m256i v, uint8_t *d, __m128i *last, uint8_t **at,
                                 __m128i *past)
{
    WENC__U16_TURN(d, 16, last, at, past);
    *last = _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0x08));
    *at = d;
    return 16;
}

/* A block all below U+0800 (most Cyrillic, Greek, Hebrew, Arabic and
** accented Latin text) and not all ASCII: each unit's 1 or 2 bytes in its
** own 16-bit lane, 0xC0 | u >> 6 then 0x80 | (u & 0x3F) (Encoding
** Standard, "UTF-8 encoder" step 3-5), packed eight lanes at a time
** through wenc__utf16_pack2; the first store reaches no further than the
** block's bytes (8 or more in each half). */
static inline size_t below_800(__m256i v, uint8_t *d, __m128i *last, uint8_t **at, __m128i *past)
{
    const __m256i ff80 = _mm256_set1_epi16((short)0xFF80);
    const __m256i x3f00 = _mm256_set1_epi16(0x3F00), x80c0 = _mm256_set1_epi16((short)0x80C0);
    __m256i ascii = _mm256_cmpeq_epi16(_mm256_and_si256(v, ff80), _mm256_setzero_si256());
    __m256i two = _mm256_or_si256(
        _mm256_or_si256(_mm256_srli_epi16(v, 6), _mm256_and_si256(_mm256_slli_epi16(v, 8), x3f00)),
        x80c0);
    __m256i seq = _mm256_blendv_epi8(two, v, ascii);
    uint32_t m = ~(uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(ascii, ascii));
    unsigned i0 = m & 0xFF, i1 = (m >> 16) & 0xFF;
    size_t l0 = wenc__utf16_pack2_len[i0], n = l0 + wenc__utf16_pack2_len[i1];
    WENC__U16_TURN(d, n, last, at, past);
    __m256i s = _mm256_shuffle_epi8(seq, pack2_rows(i0, i1));
    _mm_storeu_si128((__m128i *)d, _mm256_castsi256_si128(s));
    *last = _mm256_extracti128_si256(s, 1);
    *at = d + l0;
    return n;
}

/* A block without surrogates and with a unit from U+0800: 48 bytes or
** fewer through four 16-byte stores, the first three reaching at most 8
** bytes past them (the last two sequences of four make 8 or more), the
** last at most 12 (16 - l3).  Each unit's bytes go in
** a 32-bit lane as wenc__utf16_pack3 reads them (utf16_impl.h; Encoding
** Standard, "UTF-8 encoder"): the low 16 bits are u & 0x7F and 0x80 | (u
** & 0x3F), the high ones 0xE0 | u >> 12 and 0xC0 | (u >> 6 & 0x3F), less
** 0x40 (the middle byte) where the unit takes 3; four lanes per 128-bit
** lane are packed (fixed shuffles when every unit takes 3). */
static inline size_t below_d800(__m256i v, uint8_t *d, __m128i *last, uint8_t **at,
                                __m128i *past)
{
    const __m256i ff80 = _mm256_set1_epi16((short)0xFF80), zero = _mm256_setzero_si256();
    const __m256i dup_low = _mm256_setr_epi8(0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14,
                                             0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14);
    /* Four 3-byte sequences packed into bytes 0-11 of each 128-bit lane;
    ** in the upper lane of the second, into bytes 4-15. */
    const __m256i pack3 = _mm256_setr_epi8(2, 3, 1, 6, 7, 5, 10, 11, 9, 14, 15, 13, -1, -1, -1, -1,
                                           2, 3, 1, 6, 7, 5, 10, 11, 9, 14, 15, 13, -1, -1, -1, -1);
    const __m256i pack3_up = _mm256_setr_epi8(2, 3, 1, 6, 7, 5, 10, 11, 9, 14, 15, 13, -1, -1, -1,
                                              -1, -1, -1, -1, -1, 2, 3, 1, 6, 7, 5, 10, 11, 9, 14,
                                              15, 13);
    __m256i small = _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16((short)0xF800)), zero);
    /* u & 0x7F and 0x80 | (u & 0x3F), from the low byte twice. */
    __m256i lo = _mm256_or_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(v, dup_low), _mm256_set1_epi16(0x3F7F)),
        _mm256_set1_epi16((short)0x8000));
    /* (u >> 4 & 0xFFC) times 0x40 in its low byte plus its high byte: u >>
    ** 6 & 0x3F over u >> 12; then the lead bits of 3 over those of 2. */
    __m256i hi = _mm256_or_si256(
        _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi16(0x0FFC)),
                             _mm256_set1_epi16(0x0140)),
        _mm256_set1_epi16((short)0xC0E0));
    if (_mm256_testz_si256(small, small)) {
        /* 3 bytes each (most of a Chinese, Japanese or Thai text): 48
        ** bytes; the last 16 are units 8-11's last 4 and units 12-15's 12,
        ** so no store reaches past them. */
        hi = _mm256_xor_si256(hi, _mm256_set1_epi16(0x4000));
        __m256i s02 = _mm256_shuffle_epi8(_mm256_unpacklo_epi16(lo, hi), pack3);
        __m256i s13 = _mm256_shuffle_epi8(_mm256_unpackhi_epi16(lo, hi), pack3_up);
        __m128i s2 = _mm256_extracti128_si256(s02, 1);
        WENC__U16_TURN(d, 48, last, at, past);
        _mm_storeu_si128((__m128i *)d, _mm256_castsi256_si128(s02));
        _mm_storeu_si128((__m128i *)(d + 12), _mm256_castsi256_si128(s13));
        _mm_storeu_si128((__m128i *)(d + 24), s2);
        *last = _mm_or_si128(_mm256_extracti128_si256(s13, 1), _mm_srli_si128(s2, 8));
        *at = d + 32;
        return 48;
    }
    hi = _mm256_xor_si256(hi, _mm256_andnot_si256(small, _mm256_set1_epi16(0x4000)));
    __m256i ascii = _mm256_cmpeq_epi16(_mm256_and_si256(v, ff80), zero);
    /* Per unit J of each 128-bit lane, bit 2J: ASCII, bit 2J + 1: below
    ** U+0800; a byte of the mask is the pack3 index of four units. */
    uint32_t m = (uint32_t)_mm256_movemask_epi8(
        _mm256_blendv_epi8(small, ascii, _mm256_set1_epi16(0x00FF)));
    unsigned i0 = m & 0xFF, i1 = (m >> 8) & 0xFF, i2 = (m >> 16) & 0xFF, i3 = m >> 24;
    size_t l0 = wenc__utf16_pack3_len[i0], l1 = wenc__utf16_pack3_len[i1];
    size_t l2 = wenc__utf16_pack3_len[i2], n = l0 + l1 + l2 + wenc__utf16_pack3_len[i3];
    WENC__U16_TURN(d, n, last, at, past);
    /* The low unpack holds units 0-3 and 8-11, the high one 4-7 and 12-15. */
    __m256i s02 = _mm256_shuffle_epi8(_mm256_unpacklo_epi16(lo, hi), pack_rows(i0, i2));
    __m256i s13 = _mm256_shuffle_epi8(_mm256_unpackhi_epi16(lo, hi), pack_rows(i1, i3));
    _mm_storeu_si128((__m128i *)d, _mm256_castsi256_si128(s02));
    _mm_storeu_si128((__m128i *)(d + l0), _mm256_castsi256_si128(s13));
    _mm_storeu_si128((__m128i *)(d + l0 + l1), _mm256_extracti128_si256(s02, 1));
    *last = _mm256_extracti128_si256(s13, 1);
    *at = d + l0 + l1 + l2;
    return n;
}

/* to_utf8 (utf16_to_utf8_tpl.h): a block of 16 units writes at most 48
** bytes, through four 16-byte stores the last of which starts at most 36
** bytes in; its turn reads the 16 bytes past them.  Packing crosses the 128-bit lanes: the permutes put the
** bytes back in order. */
#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_LOAD(p, from) load_units((p), (from))
#define TPL_ROOM 64
#define TPL_ASCII2(d, a, b)                                                                        \
    _mm256_storeu_si256((__m256i *)(d), _mm256_permute4x64_epi64(_mm256_packus_epi16((a), (b)), 0xD8))
#define TPL_NAME_UNITS encode_units
#define TPL_EXTERN_BYTES_TO_UTF8 wenc__utf16_avx2_bytes_to_utf8
#define TPL_EXTERN_TO_UTF8 wenc__utf16_avx2_to_utf8
#include "utf16_to_utf8_tpl.h"

/* The sum of the sixteen 16-bit lanes of V. */
static size_t sum16(__m256i v)
{
    __m256i s = _mm256_madd_epi16(v, _mm256_set1_epi16(1));
    __m128i t = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    t = _mm_add_epi32(t, _mm_shuffle_epi32(t, _MM_SHUFFLE(1, 0, 3, 2)));
    t = _mm_add_epi32(t, _mm_shuffle_epi32(t, _MM_SHUFFLE(2, 3, 0, 1)));
    return (size_t)(uint32_t)_mm_cvtsi128_si32(t);
}

#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_SUM16 sum16
#define TPL_EXTERN_LENGTH wenc__utf16_avx2_utf8_length
#include "utf16_length_tpl.h"

WENC__INLINE size_t bytes_to(const uint8_t *src, size_t len, bool be, void *dst, size_t cap,
                             size_t *written, int form)
{
    const __m256i swap = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1,
                                          0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    const __m256i f800 = _mm256_set1_epi16((short)0xF800), fc00 = _mm256_set1_epi16((short)0xFC00);
    const __m256i d800 = _mm256_set1_epi16((short)0xD800), dc00 = _mm256_set1_epi16((short)0xDC00);
    size_t pos = 0, out = 0;
    if (cap == 0 || len < 2) { /* DST or SRC may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        /* Text without surrogates: 32 units at a time, one test for both
        ** vectors. */
        while (form == WENC__K16 && len - pos >= 64 && cap - out >= 32) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(src + pos));
            __m256i b = _mm256_loadu_si256((const __m256i *)(src + pos + 32));
            if (be) {
                a = _mm256_shuffle_epi8(a, swap);
                b = _mm256_shuffle_epi8(b, swap);
            }
            __m256i sur = _mm256_or_si256(_mm256_cmpeq_epi16(_mm256_and_si256(a, f800), d800),
                                          _mm256_cmpeq_epi16(_mm256_and_si256(b, f800), d800));
            if (!_mm256_testz_si256(sur, sur))
                break;
            _mm256_storeu_si256((__m256i *)((uint16_t *)dst + out), a);
            _mm256_storeu_si256((__m256i *)((uint16_t *)dst + out + 16), b);
            pos += 64;
            out += 32;
        }
        while (len - pos >= 32 && cap - out >= 16) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(src + pos));
            if (be)
                v = _mm256_shuffle_epi8(v, swap);
            __m256i sur = _mm256_cmpeq_epi16(_mm256_and_si256(v, f800), d800);
            if (!_mm256_testz_si256(sur, sur)) {
                if (form != WENC__K16)
                    break; /* UTF-32: pairs are left to the scalar loop */
                /* Whole pairs only: the leading surrogates, moved up one
                ** unit, are exactly the trailing ones, and the last unit
                ** is not a leading surrogate. */
                __m256i t = _mm256_and_si256(v, fc00);
                uint32_t lead = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(t, d800));
                uint32_t trail = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(t, dc00));
                if ((uint32_t)(lead << 2) != trail || (lead >> 30) != 0)
                    break;
            }
            if (form == WENC__K16) {
                _mm256_storeu_si256((__m256i *)((uint16_t *)dst + out), v);
            } else {
                uint32_t *d = (uint32_t *)dst + out;
                _mm256_storeu_si256((__m256i *)d, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(v)));
                _mm256_storeu_si256((__m256i *)(d + 8),
                                    _mm256_cvtepu16_epi32(_mm256_extracti128_si256(v, 1)));
            }
            pos += 32;
            out += 16;
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = len - pos < 32 || cap - out < 16;
        size_t w, n = wenc__u16_bytes_scalar(src + pos, tail || len - pos < 34 ? len - pos : 34, be,
                                             form == WENC__K16 ? (void *)((uint16_t *)dst + out)
                                                               : (void *)((uint32_t *)dst + out),
                                             cap - out, &w, form);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

size_t wenc__utf16_avx2_bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst,
                                       size_t cap, size_t *written)
{
    /* The byte order a constant in each copy of the loop. */
    return be ? bytes_to(src, len, true, dst, cap, written, WENC__K16)
              : bytes_to(src, len, false, dst, cap, written, WENC__K16);
}

size_t wenc__utf16_avx2_bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst,
                                       size_t cap, size_t *written)
{
    return be ? bytes_to(src, len, true, dst, cap, written, WENC__K32)
              : bytes_to(src, len, false, dst, cap, written, WENC__K32);
}

/* x-user-defined -> UTF-8: sixteen bytes at a time, copied when ASCII,
** else made into their units (3. a byte 0x80..0xFF is U+F780 + byte -
** 0x80, Encoding Standard, "x-user-defined decoder") and packed as
** UTF-16 is, with the template's turns (utf16_to_utf8_tpl.h), which keep
** what DST holds past the bytes written. */
size_t wenc__utf16_avx2_xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                    size_t *written)
{
    const __m256i x7f = _mm256_set1_epi16(0x7F), f700 = _mm256_set1_epi16((short)0xF700);
    size_t pos = 0, out = 0;
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    if (len >= 16 && cap >= 64) {
        __m128i past = _mm_loadu_si128((const __m128i *)dst), last = past;
        uint8_t *at = dst;
        do {
            __m128i raw = _mm_loadu_si128((const __m128i *)(src + pos));
            if (_mm_movemask_epi8(raw) == 0) {
                WENC__U16_TURN(dst + out, 16, &last, &at, &past);
                last = raw;
                at = dst + out;
                out += 16;
            } else {
                __m256i u = _mm256_cvtepu8_epi16(raw);
                u = _mm256_add_epi16(u, _mm256_and_si256(_mm256_cmpgt_epi16(u, x7f), f700));
                out += below_d800(u, dst + out, &last, &at, &past);
            }
            pos += 16;
        } while (len - pos >= 16 && cap - out >= 64);
        _mm_storeu_si128((__m128i *)at, last);
        _mm_storeu_si128((__m128i *)(dst + out), past);
    }
    size_t w;
    pos += wenc__xud_scalar(src + pos, len - pos, dst + out, cap - out, &w, WENC__K8);
    *written = out + w;
    return pos;
}

const wenc__utf16_kernels wenc__utf16_avx2 = {
    .to_utf8 = wenc__utf16_avx2_to_utf8,
    .utf8_length = wenc__utf16_avx2_utf8_length,
    .bytes_to_utf16 = wenc__utf16_avx2_bytes_to_utf16,
    .bytes_to_utf8 = wenc__utf16_avx2_bytes_to_utf8,
    .bytes_to_utf32 = wenc__utf16_avx2_bytes_to_utf32,
    .xud_to_utf16 = wenc__utf16_sse2_xud_to_utf16,
    .xud_to_utf8 = wenc__utf16_avx2_xud_to_utf8,
    .utf16_to_ascii = wenc__utf16_sse2_utf16_to_ascii,
    .utf32_to_ascii = wenc__utf16_sse2_utf32_to_ascii,
    .utf32_to_bmp = wenc__utf16_sse2_utf32_to_bmp,
};

WENC__TARGET_END
