/* utf16_sse41.c -- the UTF-16 -> UTF-8 kernel with SSSE3 and SSE4.1
** (utf16_kernels.h): eight units per vector.  Blocks below U+0800 pack
** their 1- or 2-byte sequences from 16-bit lanes (wenc__utf16_pack2),
** blocks of 3-byte units with fixed shuffles, and mixed blocks from 32-bit
** lanes four at a time (wenc__utf16_pack3), all with pshufb (utf16_impl.h).
** A block with a surrogate goes to the scalar loop.  The other kernels are
** SSE2's. */
#include <smmintrin.h>
#include <tmmintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_SSE41)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_SSE41 1

#include "simd/vec_x86.h"
#include "utf16_impl.h"

/* The 8 units at the bytes P, read as FROM says (utf16_impl.h). */
static inline __m128i load_units(const uint8_t *p, int from)
{
    const __m128i swap = _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return from == WENC__U16_BE ? _mm_shuffle_epi8(v, swap) : v;
}

/* The template's blocks (utf16_to_utf8_tpl.h): each encodes the 8 units
** of V at D, takes its turn and leaves its last store in *LAST at *AT.
** An ASCII block narrowed: its 8 bytes, and 8 more that the next block's
** stores rewrite or the loop's end gives back. */
static inline size_t ascii_block(__m128i v, uint8_t *d, __m128i *last, uint8_t **at,
                                 __m128i *past)
{
    WENC__U16_TURN(d, 8, last, at, past);
    *last = _mm_packus_epi16(v, v);
    *at = d;
    return 8;
}

/* A block all below U+0800 and not all ASCII: each unit's 1 or 2 bytes in
** its own 16-bit lane, 0xC0 | u >> 6 then 0x80 | (u & 0x3F) (Encoding
** Standard, "UTF-8 encoder"), packed through wenc__utf16_pack2. */
static inline size_t below_800(__m128i v, uint8_t *d, __m128i *last, uint8_t **at, __m128i *past)
{
    const __m128i ff80 = _mm_set1_epi16((short)0xFF80);
    const __m128i x3f00 = _mm_set1_epi16(0x3F00), x80c0 = _mm_set1_epi16((short)0x80C0);
    __m128i ascii = _mm_cmpeq_epi16(_mm_and_si128(v, ff80), _mm_setzero_si128());
    __m128i two = _mm_or_si128(
        _mm_or_si128(_mm_srli_epi16(v, 6), _mm_and_si128(_mm_slli_epi16(v, 8), x3f00)), x80c0);
    __m128i seq = _mm_blendv_epi8(two, v, ascii);
    unsigned i = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(ascii, ascii)) & 0xFF;
    size_t n = wenc__utf16_pack2_len[i];
    WENC__U16_TURN(d, n, last, at, past);
    *last = _mm_shuffle_epi8(seq, _mm_loadu_si128((const __m128i *)wenc__utf16_pack2[i]));
    *at = d;
    return n;
}

/* A block without surrogates and with a unit from U+0800: 24 bytes or
** fewer, through two 16-byte stores, the first reaching at most 6 bytes
** past them (a unit from U+0800 makes 10 or more), the second at most 12.
** Each unit's bytes go in a 32-bit lane as wenc__utf16_pack3 reads them
** (utf16_impl.h; Encoding Standard, "UTF-8 encoder"): the low 16 bits are
** u & 0x7F and 0x80 | (u & 0x3F), the high ones 0xE0 | u >> 12 and 0xC0 |
** (u >> 6 & 0x3F), less 0x40 (the middle byte) where the unit takes 3;
** four lanes fill a vector, which is packed. */
static inline size_t below_d800(__m128i v, uint8_t *d, __m128i *last, uint8_t **at,
                                __m128i *past)
{
    const __m128i ff80 = _mm_set1_epi16((short)0xFF80), f800 = _mm_set1_epi16((short)0xF800);
    const __m128i x4000 = _mm_set1_epi16(0x4000), zero = _mm_setzero_si128();
    const __m128i dup_low = _mm_setr_epi8(0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14);
    /* Four 3-byte sequences packed into bytes 0-11, or into bytes 4-15. */
    const __m128i pack3 = _mm_setr_epi8(2, 3, 1, 6, 7, 5, 10, 11, 9, 14, 15, 13, -1, -1, -1, -1);
    const __m128i pack3_up = _mm_setr_epi8(-1, -1, -1, -1, 2, 3, 1, 6, 7, 5, 10, 11, 9, 14, 15, 13);
    __m128i small = _mm_cmpeq_epi16(_mm_and_si128(v, f800), zero);
    __m128i lo = _mm_or_si128(_mm_and_si128(_mm_shuffle_epi8(v, dup_low), _mm_set1_epi16(0x3F7F)),
                              _mm_set1_epi16((short)0x8000));
    __m128i hi = _mm_or_si128(
        _mm_maddubs_epi16(_mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi16(0x0FFC)),
                          _mm_set1_epi16(0x0140)),
        _mm_set1_epi16((short)0xC0E0));
    if (_mm_testz_si128(small, small)) {
        /* 3 bytes each: 24 bytes, packed by fixed shuffles; the second
        ** store holds units 0-3's last 4 bytes and units 4-7's 12, so it
        ** ends at the 24th byte. */
        hi = _mm_xor_si128(hi, x4000);
        __m128i s0 = _mm_shuffle_epi8(_mm_unpacklo_epi16(lo, hi), pack3);
        __m128i s1 = _mm_shuffle_epi8(_mm_unpackhi_epi16(lo, hi), pack3_up);
        WENC__U16_TURN(d, 24, last, at, past);
        _mm_storeu_si128((__m128i *)d, s0);
        *last = _mm_or_si128(s1, _mm_srli_si128(s0, 8));
        *at = d + 8;
        return 24;
    }
    hi = _mm_xor_si128(hi, _mm_andnot_si128(small, x4000));
    __m128i ascii = _mm_cmpeq_epi16(_mm_and_si128(v, ff80), zero);
    /* Bit 2J: unit J is ASCII, bit 2J + 1: below U+0800. */
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_blendv_epi8(small, ascii, _mm_set1_epi16(0x00FF)));
    unsigned i0 = m & 0xFF, i1 = m >> 8;
    size_t l0 = wenc__utf16_pack3_len[i0], n = l0 + wenc__utf16_pack3_len[i1];
    WENC__U16_TURN(d, n, last, at, past);
    _mm_storeu_si128((__m128i *)d, _mm_shuffle_epi8(_mm_unpacklo_epi16(lo, hi),
                                                    _mm_loadu_si128((const __m128i *)wenc__utf16_pack3[i0])));
    *last = _mm_shuffle_epi8(_mm_unpackhi_epi16(lo, hi),
                             _mm_loadu_si128((const __m128i *)wenc__utf16_pack3[i1]));
    *at = d + l0;
    return n;
}

/* to_utf8 (utf16_to_utf8_tpl.h): a block of 8 units writes at most 24
** bytes, through two 16-byte stores the second of which starts at most 12
** bytes in; its turn reads the 16 bytes past them. */
#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_LOAD(p, from) load_units((p), (from))
#define TPL_ROOM 40
#define TPL_ASCII2(d, a, b) _mm_storeu_si128((__m128i *)(d), _mm_packus_epi16((a), (b)))
#define TPL_NAME_UNITS encode_units
#define TPL_NAME_BYTES_TO_UTF8 bytes_to_utf8
#define TPL_NAME_TO_UTF8 to_utf8
#include "utf16_to_utf8_tpl.h"

static size_t xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return wenc__xud_to_utf8_via(src, len, dst, cap, written, wenc__utf16_sse2_xud_to_utf16,
                                 to_utf8);
}

const wenc__utf16_kernels wenc__utf16_sse41 = {
    .to_utf8 = to_utf8,
    .utf8_length = wenc__utf16_sse2_utf8_length,
    .bytes_to_utf16 = wenc__utf16_sse2_bytes_to_utf16,
    .bytes_to_utf8 = bytes_to_utf8,
    .bytes_to_utf32 = wenc__utf16_sse2_bytes_to_utf32,
    .xud_to_utf16 = wenc__utf16_sse2_xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
    .utf16_to_ascii = wenc__utf16_sse2_utf16_to_ascii,
    .utf32_to_ascii = wenc__utf16_sse2_utf32_to_ascii,
    .utf32_to_bmp = wenc__utf16_sse2_utf32_to_bmp,
};

WENC__TARGET_END
