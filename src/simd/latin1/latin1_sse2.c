/* latin1_sse2.c -- the kernels of latin1_kernels.h for SSE2, the x86-64
** baseline: latin1_tpl.h with 16 bytes or units (two vectors) a step.  The
** SSE4.1 set runs them too, with its own to_utf8 (latin1_sse41.c): ptest
** and pmovzx, all SSE4.1 would change here, save nothing measurable. */
#include <emmintrin.h>

#include "latin1_kernels.h"
#include "simd/vec_x86.h"

WENC__INLINE void widen16(const uint8_t *s, uint16_t *d)
{
    __m128i v = v128_loadu(s);
    v128_storeu(d, _mm_unpacklo_epi8(v, v128_zero()));
    v128_storeu(d + 8, _mm_unpackhi_epi8(v, v128_zero()));
}

/* The bytes 80..FF of the K steps at S, counted in byte lanes: such a
** byte is below zero as a signed lane, so it compares to -1; eight steps'
** compares are added up and subtracted from the lanes' counts at once (a
** lane gains at most one a step and K is at most 255, so it cannot wrap),
** and psadbw adds the lanes up at the end.  A psadbw a step, as this was,
** runs on one port: 0.62 of simdutf's westmere kernel in wenc-bench-latin1's
** u8-len rows, four steps a subtraction 1.02, eight 1.10. */
WENC__INLINE size_t high_run16(const uint8_t *s, size_t k)
{
    const __m128i zero = v128_zero();
    __m128i count = zero;
    size_t j = 0;
#define HIGH_LANES(p) _mm_cmpgt_epi8(zero, v128_loadu(p))
#define HIGH_PAIR(p)  _mm_add_epi8(HIGH_LANES(p), HIGH_LANES((p) + 16))
    for (; j + 8 <= k; j += 8) {
        const uint8_t *p = s + 16 * j;
        __m128i a = _mm_add_epi8(HIGH_PAIR(p), HIGH_PAIR(p + 32));
        __m128i b = _mm_add_epi8(HIGH_PAIR(p + 64), HIGH_PAIR(p + 96));
        count = _mm_sub_epi8(count, _mm_add_epi8(a, b));
    }
    for (; j < k; j++)
        count = _mm_sub_epi8(count, HIGH_LANES(s + 16 * j));
#undef HIGH_PAIR
#undef HIGH_LANES
    __m128i sum = _mm_sad_epu8(count, zero);
    return (size_t)(uint32_t)_mm_cvtsi128_si32(sum) +
           (size_t)(uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
}

/* Whether a unit of the 16 at S has a bit of M set: the bytes of the
** units' OR masked, compared with zero. */
WENC__INLINE bool any16(const uint16_t *s, uint16_t mask)
{
    __m128i v = v128_and(v128_or(v128_loadu(s), v128_loadu(s + 8)), v128_set1_u16(mask));
    return v128_movemask(_mm_cmpeq_epi8(v, v128_zero())) != 0xFFFF;
}

WENC__INLINE bool narrow16(const uint16_t *s, uint8_t *d)
{
    __m128i a = v128_loadu(s), b = v128_loadu(s + 8);
    __m128i high = v128_and(v128_or(a, b), v128_set1_u16(0xFF00));
    if (v128_movemask(_mm_cmpeq_epi8(high, v128_zero())) != 0xFFFF)
        return false;
    v128_storeu(d, _mm_packus_epi16(a, b));
    return true;
}

/* A unit U is a surrogate (0xD800..0xDFFF) exactly when U ^ 0xD800 is
** below 0x800 (latin1_avx512.c), that is when U ^ 0x5800 (the same with the
** sign bit flipped) is below -0x7800 as a signed lane: SSE2 has a signed
** minimum only.  The least over several vectors tells whether any of them
** holds one. */
WENC__INLINE __m128i unsurrogate(const uint16_t *s)
{
    return v128_xor(v128_loadu(s), v128_set1_u16(0x5800));
}

WENC__INLINE bool surrogate_below(__m128i least)
{
    return v128_any_lane(_mm_cmplt_epi16(least, v128_set1_u16(0x8800)));
}

WENC__INLINE bool surrogate16(const uint16_t *s)
{
    return surrogate_below(_mm_min_epi16(unsurrogate(s), unsurrogate(s + 8)));
}

WENC__INLINE bool surrogate32(const uint16_t *s)
{
    __m128i a = _mm_min_epi16(unsurrogate(s), unsurrogate(s + 8));
    __m128i b = _mm_min_epi16(unsurrogate(s + 16), unsurrogate(s + 24));
    return surrogate_below(_mm_min_epi16(a, b));
}

/* latin1_kernels.h's to_utf8 without pshufb: blocks of 16 characters
** while 16 more follow and 49 bytes of room are left, up to the 4th block
** of ASCII in a row (which the UTF-8 family's copy then takes), then the
** rest in the definition's loop.  A block
** with bytes 80..FF is written as its runs of ASCII, each copied by a
** 16-byte load and store from where it starts (what a store writes past
** its run is written over by what follows: the next run or byte, or the
** next block's), and each byte 80..FF as its two (Encoding Standard,
** "UTF-8 encoder": 0xC0 | b >> 6, then 0x80 | (b & 0x3F)).  The last
** store may write 16 bytes past the block's output (a block ending in a
** byte 80..FF); the 17 bytes of room left after a block of at most 32
** then take at least 16 bytes of the 16 characters after it, in the next
** block or the definition's loop (with 16 bytes, a pair that does not fit
** the last byte would leave it as the store wrote it). */
static size_t to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    size_t i = 0, o = 0;
    unsigned ascii_run = 0;
    while (len - i >= 32 && cap - o >= 49) {
        __m128i v = v128_loadu(src + i);
        unsigned m = (unsigned)v128_movemask(v);
        if (m == 0) {
            if (++ascii_run == 16)
                break;
            v128_storeu(dst + o, v);
            i += 16;
            o += 16;
            continue;
        }
        ascii_run = 0;
        size_t start = i, end = i + 16;
        do {
            size_t p = i + (size_t)__builtin_ctz(m);
            m &= m - 1;
            v128_storeu(dst + o, v128_loadu(src + start));
            o += p - start;
            uint8_t b = src[p];
            dst[o] = (uint8_t)(0xC0 | b >> 6);
            dst[o + 1] = (uint8_t)(0x80 | (b & 0x3F));
            o += 2;
            start = p + 1;
        } while (m != 0);
        v128_storeu(dst + o, v128_loadu(src + start));
        o += end - start;
        i = end;
    }
    /* The last 31 characters or 48 bytes of room, in the definition's loop
    ** (after an ASCII run, the copy's). */
    if (ascii_run < 16)
        i = wenc__latin1_utf8_from(src, i, len, dst, cap, &o);
    *written = o;
    return i;
}

#define TPL_N              16
#define TPL_WIDEN(s, d)    widen16((s), (d))
#define TPL_HIGH_RUN(s, k) high_run16((s), (k))
#define TPL_NARROW(s, d)   narrow16((s), (d))
#define TPL_ANY(s, mask)   any16((s), (mask))
#define TPL_SURROGATE(s)   surrogate16(s)
#define TPL_SURROGATE2(s)  surrogate32(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_sse2 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = to_utf8,
};

/* Not in the small table profile, which has no SSE4.1 set (isa.h). */
#if defined(WENC__SIMD_X86_WIDE)
const wenc__latin1_kernels wenc__latin1_sse41 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = wenc__latin1_sse41_to_utf8,
    .from_utf8 = wenc__latin1_sse41_from_utf8,
};
#endif
