/* latin1_avx512.c -- the kernels of latin1_kernels.h with AVX-512 F, BW
** and VL: latin1_tpl.h with 64 bytes or units (two 512-bit vectors) a
** step; tests are mask registers, the narrowing vpmovwb; the last 1 to 63
** in one masked step (masked loads read nothing past the end), so that a
** short input runs no scalar loop.  to_utf8 takes 32 characters a step
** and from_utf8 64 bytes with VBMI2's byte compress where the CPU has it
** (vbmi2_to_utf8, vbmi2_from_utf8), else AVX2's (latin1_utf8_tpl.h). */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_AVX2   1
#define WENC__KERNEL_AVX512 1

#include "latin1_kernels.h"
#include "simd/vec_x86.h"

/* Functions that use vpcompressb; only called after wenc__simd_vbmi2()
** (dispatch.c) said yes, as in utf16_avx512.c (the set is named again
** because in Clang a function's own target replaces its region's). */
#define VBMI2 __attribute__((target(WENC__TARGET_AVX512 ",avx512vbmi2,avx512vbmi")))

WENC__INLINE void widen64(const uint8_t *s, uint16_t *d)
{
    v512_storeu(d, _mm512_cvtepu8_epi16(v256_loadu(s)));
    v512_storeu(d + 32, _mm512_cvtepu8_epi16(v256_loadu(s + 32)));
}

/* The bytes 80..FF of the K steps at S, as high_run16 (latin1_sse2.c):
** a lane subtracts -1 where its byte's top bit is set, in one masked
** subtraction (a vector made from the mask and subtracted, as this was, is
** one more instruction: 0.88-1.37 of simdutf's icelake kernel in
** wenc-bench-latin1's u8-len rows, 1.16-1.75 now). */
WENC__INLINE size_t high_run64(const uint8_t *s, size_t k)
{
    const __m512i zero = v512_zero(), minus1 = _mm512_set1_epi8(-1);
    if (k < 4) { /* popcounts: the lanes and their sum made 64 bytes 0.5 ns slower */
        size_t c = 0;
        for (size_t j = 0; j < k; j++)
            c += (size_t)_mm_popcnt_u64(_mm512_movepi8_mask(v512_loadu(s + 64 * j)));
        return c;
    }
    __m512i a = zero, b = zero;
    size_t j = 0;
#define HIGH_ADD(c, p) c = _mm512_mask_sub_epi8(c, _mm512_movepi8_mask(v512_loadu(p)), c, minus1)
    for (; j + 2 <= k; j += 2) {
        HIGH_ADD(a, s + 64 * j);
        HIGH_ADD(b, s + 64 * j + 64);
    }
    if (j < k)
        HIGH_ADD(a, s + 64 * j);
#undef HIGH_ADD
    __m512i sum = _mm512_add_epi64(_mm512_sad_epu8(a, zero), _mm512_sad_epu8(b, zero));
    return (size_t)_mm512_reduce_add_epi64(sum);
}

WENC__INLINE bool any64(const uint16_t *s, uint16_t mask)
{
    __m512i v = v512_or(v512_loadu(s), v512_loadu(s + 32));
    return _mm512_test_epi16_mask(v, _mm512_set1_epi16((short)mask)) != 0;
}

WENC__INLINE bool narrow64(const uint16_t *s, uint8_t *d)
{
    __m512i a = v512_loadu(s), b = v512_loadu(s + 32);
    if (_mm512_test_epi16_mask(v512_or(a, b), _mm512_set1_epi16((short)0xFF00)) != 0)
        return false;
    v256_storeu(d, _mm512_cvtepi16_epi8(a));
    v256_storeu(d + 32, _mm512_cvtepi16_epi8(b));
    return true;
}

/* A unit U is a surrogate (0xD800..0xDFFF) exactly when U ^ 0xD800 is
** below 0x800, so the least of those over several vectors tells whether
** any of them holds one: one compare and one test, however many loads. */
WENC__INLINE __m512i unsurrogate(const uint16_t *s)
{
    return v512_xor(v512_loadu(s), _mm512_set1_epi16((short)0xD800));
}

WENC__INLINE bool surrogate_below(__m512i least)
{
    return _mm512_cmplt_epu16_mask(least, _mm512_set1_epi16(0x800)) != 0;
}

WENC__INLINE bool surrogate64(const uint16_t *s)
{
    return surrogate_below(_mm512_min_epu16(unsurrogate(s), unsurrogate(s + 32)));
}

WENC__INLINE bool surrogate128(const uint16_t *s)
{
    __m512i a = _mm512_min_epu16(unsurrogate(s), unsurrogate(s + 32));
    __m512i b = _mm512_min_epu16(unsurrogate(s + 64), unsurrogate(s + 96));
    return surrogate_below(_mm512_min_epu16(a, b));
}

/* The first K (at most 32) lanes. */
WENC__INLINE __mmask32 first32(size_t k)
{
    return k >= 32 ? ~(__mmask32)0 : (((__mmask32)1 << k) - 1);
}

WENC__INLINE void widen_tail(const uint8_t *s, uint16_t *d, size_t k)
{
    __mmask32 a = first32(k), b = k > 32 ? first32(k - 32) : 0;
    _mm512_mask_storeu_epi16(d, a, _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(a, s)));
    if (b != 0)
        _mm512_mask_storeu_epi16(d + 32, b,
                                 _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(b, s + 32)));
}

WENC__INLINE size_t high_tail(const uint8_t *s, size_t k)
{
    __mmask64 m = ((__mmask64)1 << k) - 1; /* K < 64 */
    return (size_t)_mm_popcnt_u64(_mm512_movepi8_mask(_mm512_maskz_loadu_epi8(m, s)));
}

/* The index of the first of the K units at S with a bit of MASK, or K; the
** lanes past K load as zeros.  *A and *B get the two halves (S + 32 is
** formed only when K reaches it). */
WENC__INLINE size_t first_with(const uint16_t *s, size_t k, uint16_t mask, __m512i *a, __m512i *b)
{
    __mmask32 ma = first32(k), mb = k > 32 ? first32(k - 32) : 0;
    const __m512i m = _mm512_set1_epi16((short)mask);
    *a = _mm512_maskz_loadu_epi16(ma, s);
    *b = mb != 0 ? _mm512_maskz_loadu_epi16(mb, s + 32) : v512_zero();
    uint64_t bad = (uint64_t)_mm512_test_epi16_mask(*a, m) | (uint64_t)_mm512_test_epi16_mask(*b, m)
                                                                 << 32;
    return bad != 0 ? (size_t)__builtin_ctzll(bad) : k;
}

WENC__INLINE size_t narrow_tail(const uint16_t *s, uint8_t *d, size_t k)
{
    __m512i a, b;
    size_t n = first_with(s, k, 0xFF00, &a, &b);
    _mm256_mask_storeu_epi8(d, first32(n), _mm512_cvtepi16_epi8(a));
    if (n > 32)
        _mm256_mask_storeu_epi8(d + 32, first32(n - 32), _mm512_cvtepi16_epi8(b));
    return n;
}

WENC__INLINE size_t below_tail(const uint16_t *s, size_t k, uint16_t mask)
{
    __m512i a, b;
    return first_with(s, k, mask, &a, &b);
}

WENC__INLINE bool surrogate_tail(const uint16_t *s, size_t k)
{
    const __m512i top = _mm512_set1_epi16((short)0xF800), sur = _mm512_set1_epi16((short)0xD800);
    __mmask32 ma = first32(k), mb = k > 32 ? first32(k - 32) : 0;
    __mmask32 a = _mm512_cmpeq_epi16_mask(v512_and(_mm512_maskz_loadu_epi16(ma, s), top), sur);
    __mmask32 b =
        mb != 0 ? _mm512_cmpeq_epi16_mask(v512_and(_mm512_maskz_loadu_epi16(mb, s + 32), top), sur)
                : 0;
    return (a | b) != 0;
}

WENC__INLINE void copy_tail(const uint16_t *s, uint16_t *d, size_t k)
{
    __mmask32 ma = first32(k), mb = k > 32 ? first32(k - 32) : 0;
    _mm512_mask_storeu_epi16(d, ma, _mm512_maskz_loadu_epi16(ma, s));
    _mm512_mask_storeu_epi16(d + 32, mb, _mm512_maskz_loadu_epi16(mb, s + 32));
}

/* The UTF-8 of the 32 characters of V (HIGH: its bytes 80..FF) into D, of
** which the first returned bytes are theirs; STORE says which bytes of
** the 64 to store.  Each character is widened to a 16-bit lane of C2, then
** itself (Encoding Standard, "UTF-8 encoder": 80..FF are 0xC0 | b >> 6,
** then 0x80 | (b & 0x3F), which for C0..FF is C3, then b - 0x40); the
** compress keeps every lane's high byte and the C2 or C3 of the lanes of
** 80..FF, in order. */
VBMI2 WENC__INLINE size_t utf8_block32(__m256i v, __mmask32 high, uint8_t *d, __mmask64 store)
{
    __m512i seq = _mm512_shldi_epi16(_mm512_cvtepu8_epi16(v), _mm512_set1_epi8((char)0xC2), 8);
    __mmask32 top = _mm256_cmpge_epu8_mask(v, _mm256_set1_epi8((char)0xC0));
    seq = _mm512_mask_add_epi16(seq, top, seq, _mm512_set1_epi16(1 - 0x4000));
    /* Lane J's low byte is bit 2J: kept where bit J of HIGH is set. */
    uint64_t keep = 0xAAAAAAAAAAAAAAAAu | _pdep_u64(high, 0x5555555555555555u);
    if (store == ~(__mmask64)0)
        v512_storeu(d, _mm512_maskz_compress_epi8(keep, seq));
    else
        _mm512_mask_storeu_epi8(d, store, _mm512_maskz_compress_epi8(keep, seq));
    return 32 + (size_t)_mm_popcnt_u32(high);
}

/* latin1_kernels.h's to_utf8: 64 characters a step while they have their
** 128 bytes of room, then the rest in blocks of up to 32 characters, each
** with 2 bytes of room a character (or 16 characters at least, else the
** room is left to src/api/latin1.c), loaded and stored masked (nothing read
** or written past them); up to the 8th step of ASCII in a row, which the
** UTF-8 family's copy (src/api/latin1.c) then takes in its wider steps. */
VBMI2 static size_t vbmi2_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                  size_t *written)
{
    size_t i = 0, o = 0;
    unsigned ascii_run = 0;
    while (len - i >= 64 && cap - o >= 128) {
        __m256i a = v256_loadu(src + i), b = v256_loadu(src + i + 32);
        __mmask32 ha = _mm256_movepi8_mask(a), hb = _mm256_movepi8_mask(b);
        if ((ha | hb) == 0) {
            if (++ascii_run == 8)
                break;
            v256_storeu(dst + o, a);
            v256_storeu(dst + o + 32, b);
        } else {
            ascii_run = 0;
            /* A's bytes past its own are B's; B's are what follows
            ** while at least 64 more characters and 64 more bytes of
            ** room are left (its 32 to 64 bytes written whole), else its
            ** store is exact, since the output may end with it
            ** (wenc_latin1_to_utf8's room is only the UTF-8 length). */
            bool more = len - i >= 128 && cap - o >= 192;
            o += utf8_block32(a, ha, dst + o, ~(__mmask64)0);
            size_t nb = 32 + (size_t)_mm_popcnt_u32(hb);
            o += utf8_block32(b, hb, dst + o, more ? ~(__mmask64)0 : _bzhi_u64(~0ull, (unsigned)nb));
            i += 64;
            continue;
        }
        i += 64;
        o += 64;
    }
    if (ascii_run == 8) {
        *written = o;
        return i;
    }
    while (i < len) {
        size_t k = len - i < 32 ? len - i : 32;
        if (cap - o < 2 * k) {
            if (cap - o < 32)
                break; /* the definition's loop fills the room */
            k = (cap - o) / 2; /* at least 16 */
        }
        __m256i v = _mm256_maskz_loadu_epi8(first32(k), src + i);
        __mmask32 high = _mm256_movepi8_mask(v);
        size_t n = k + (size_t)_mm_popcnt_u32(high);
        (void)utf8_block32(v, high, dst + o, _bzhi_u64(~0ull, (unsigned)n));
        i += k;
        o += n;
    }
    *written = o;
    return i;
}

/* latin1_kernels.h's from_utf8, in blocks of 64 bytes in which the leads
** and continuation bytes 80..BF are marked: the lead bytes removed by a
** compress, and 0x40 added to a continuation byte after C3 (Encoding
** Standard, "UTF-8 decoder": C2 80..BF is U+0080..U+00BF, C3 80..BF is
** U+00C0..U+00FF).  While 64 bytes of input and of room are left the steps
** go on by whole blocks, a lead in a block's last byte carried into the
** next, so that no load waits for the block before; the first block with
** a byte out of place (C0, C1, C4..FF; a continuation byte after no C2 or
** C3; C2 or C3 before no continuation byte) and the end go through
** exact_from_utf8 from the last whole sequence. */
VBMI2 static size_t exact_from_utf8(const uint8_t *src, size_t i, size_t len, uint8_t *dst,
                                    size_t o, size_t cap, size_t *written);

VBMI2 static size_t vbmi2_from_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                    size_t *written)
{
    const __m512i c0 = _mm512_set1_epi8((char)0xC0), c2 = _mm512_set1_epi8((char)0xC2),
                  one = _mm512_set1_epi8(1), x40 = _mm512_set1_epi8(0x40);
    size_t i = 0, o = 0;
    __mmask64 carry = 0, carry_c3 = 0; /* the last block ended with C2 or C3; with C3 */
    while (len - i >= 64 && cap - o >= 64) {
        __m512i v = v512_loadu(src + i);
        __mmask64 high = _mm512_movepi8_mask(v);
        if ((high | carry) == 0) {
            v512_storeu(dst + o, v);
            i += 64;
            o += 64;
            continue;
        }
        __mmask64 lead = _mm512_cmpge_epu8_mask(v, c0);
        __m512i x = v512_xor(v, c2); /* C2: 0, C3: 1 */
        if (_mm512_mask_cmpgt_epu8_mask(lead, x, one) != 0 ||
            (high ^ lead) != ((lead << 1) | carry))
            break;
        __mmask64 c3 = _mm512_cmpeq_epi8_mask(x, one);
        __m512i val = _mm512_mask_add_epi8(v, (c3 << 1) | carry_c3, v, x40);
        _mm512_storeu_si512(dst + o, _mm512_maskz_compress_epi8(~lead, val));
        carry = lead >> 63;
        carry_c3 = c3 >> 63;
        i += 64;
        o += 64 - (size_t)_mm_popcnt_u64(lead);
    }
    /* A carried lead's sequence starts the rest (its byte wrote nothing). */
    return exact_from_utf8(src, i - (size_t)carry, len, dst, o, cap, written);
}

/* From I and O, blocks of up to 64 bytes (fewer, masked, where the input
** ends: nothing read past it) that stop before the first byte out of
** place, after the whole sequences before it, or after the last sequence
** that has its byte of room; a lead in a block's last byte is left to the
** next block. */
VBMI2 static size_t exact_from_utf8(const uint8_t *src, size_t i, size_t len, uint8_t *dst,
                                    size_t o, size_t cap, size_t *written)
{
    const __m512i fe = _mm512_set1_epi8((char)0xFE), c2 = _mm512_set1_epi8((char)0xC2),
                  c3 = _mm512_set1_epi8((char)0xC3), c0 = _mm512_set1_epi8((char)0xC0),
                  x40 = _mm512_set1_epi8(0x40);
    while (i < len && o < cap) {
        size_t k = len - i < 64 ? len - i : 64;
        __mmask64 in = _bzhi_u64(~0ull, (unsigned)k);
        __m512i v = _mm512_maskz_loadu_epi8(in, src + i);
        __mmask64 lead = _mm512_cmpeq_epi8_mask(v512_and(v, fe), c2);
        __mmask64 cont = _mm512_cmplt_epi8_mask(v, c0); /* signed: 80..BF only */
        __mmask64 last = lead & ((__mmask64)1 << (k - 1));
        __mmask64 bad = (_mm512_movepi8_mask(v) & ~(lead | cont)) | (cont & ~(lead << 1)) |
                        (lead & ~(cont >> 1) & ~last);
        size_t n = bad != 0 ? (size_t)__builtin_ctzll(bad) : k - (last != 0);
        /* Each sequence writes its last byte (ASCII, or the continuation
        ** byte): those up to N, and at most the room's. */
        __mmask64 keep = ~lead & _bzhi_u64(~0ull, (unsigned)n);
        size_t m = (size_t)_mm_popcnt_u64(keep);
        bool full = m > cap - o;
        if (full) {
            m = cap - o;
            n = (size_t)__builtin_ctzll(_pdep_u64((uint64_t)1 << (m - 1), keep)) + 1;
            keep &= _bzhi_u64(~0ull, (unsigned)n);
        }
        __m512i val = _mm512_mask_add_epi8(v, _mm512_cmpeq_epi8_mask(v, c3) << 1, v, x40);
        _mm512_mask_storeu_epi8(dst + o, _bzhi_u64(~0ull, (unsigned)m),
                                _mm512_maskz_compress_epi8(keep, val));
        i += n;
        o += m;
        if (bad != 0 || full || n == 0)
            break;
    }
    *written = o;
    return i;
}

static size_t from_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                        size_t *written)
{
    if (!wenc__simd_vbmi2())
        return wenc__latin1_avx2.from_utf8(src, len, dst, cap, written);
    return vbmi2_from_utf8(src, len, dst, cap, written);
}

static size_t to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    if (!wenc__simd_vbmi2())
        return wenc__latin1_avx2.to_utf8(src, len, dst, cap, written);
    return vbmi2_to_utf8(src, len, dst, cap, written);
}

#define TPL_N                      64
#define TPL_WIDEN(s, d)            widen64((s), (d))
#define TPL_HIGH_RUN(s, k)         high_run64((s), (k))
#define TPL_NARROW(s, d)           narrow64((s), (d))
#define TPL_ANY(s, mask)           any64((s), (mask))
#define TPL_SURROGATE(s)           surrogate64(s)
#define TPL_TAIL                   1
#define TPL_WIDEN_TAIL(s, d, k)    widen_tail((s), (d), (k))
#define TPL_HIGH_TAIL(s, k)        high_tail((s), (k))
#define TPL_NARROW_TAIL(s, d, k)   narrow_tail((s), (d), (k))
#define TPL_BELOW_TAIL(s, k, mask) below_tail((s), (k), (mask))
#define TPL_SURROGATE_TAIL(s, k)   surrogate_tail((s), (k))
#define TPL_COPY_TAIL(s, d, k)     copy_tail((s), (d), (k))
#define TPL_ALIGN                  64
#define TPL_SURROGATE2(s)          surrogate128(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_avx512 = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = to_utf8,
    .from_utf8 = from_utf8,
};

WENC__TARGET_END
