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

/* The block check on 64 bytes (utf8_check_tpl.h): check64_with,
** check64_at (x86_check16_at on 64 bytes) and check64_prev (the bytes
** before from the vector before, with two shuffles more: validation's
** second vector of two, where the loads it saves cross a cache line). */
#define TPL_V __m512i
#define TPL_FN(op) v512_##op
#define TPL_NAME_WITH check64_with
#define TPL_NAME_AT check64_at
#define TPL_NAME_PREV check64_prev
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
#define TPL_CHECK_PREV check64_prev
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

/* The UTF-16 values of the sequences that would start at each of the 32
** bytes at S (as x86_values16x32), told apart by the masks of their leads
** that the block check has: THREE (E0..EF, none if not THREES) and ASCII.
** K holds the constants of the ternary logic, 07C0 and 0FC0 in each lane. */
VBMI2 WENC__INLINE __m512i values16x32_masked(const uint8_t *s, __mmask32 three, __mmask32 ascii,
                                              const __m512i *k, bool threes)
{
    __m512i b0 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)s));
    __m512i b1 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(s + 1)));
    /* Ternary logic 0xE4: the first operand's bits where the third has
    ** ones, the second's elsewhere.  A 2-byte form's value is the lead's
    ** low five bits (6..10) over the next byte's low six; the next byte's
    ** top two bits fall where the lead's are taken. */
    __m512i r = _mm512_ternarylogic_epi32(_mm512_slli_epi16(b0, 6), b1, k[0], 0xE4);
    if (threes) {
        /* A 3-byte form's: the lead's low four bits (12..15, the rest
        ** shifted out) over the next two bytes' six each. */
        __m512i b2 =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(s + 2)));
        __m512i low = _mm512_ternarylogic_epi32(_mm512_slli_epi16(b1, 6), b2, k[1], 0xE4);
        r = _mm512_mask_blend_epi16(three, r, _mm512_or_si512(_mm512_slli_epi16(b0, 12), low));
    }
    return _mm512_mask_blend_epi16(ascii, r, b0);
}

/* The blocks of 64 bytes at SRC[*POS..LEN) decoded to UTF-16 at
** DST[*OUT..CAP) in one pass, each checked by its masks, for as long as
** each passes and 66 bytes are left (the check reads two past the block)
** and room for 64 units.  A block passes if every sequence that starts in
** it is a valid 1- to 3-byte form (the 4-byte forms are left to the two
** passes); a sequence the last block left open ends in the first bytes of
** the next, which the check has already read.  Returns those bytes, as the
** mask of continuation bytes they are at *POS (bit 0 first), zero if none.
** Not inlined: its loop keeps its constants in registers. */
VBMI2 __attribute__((noinline)) static uint64_t blocks16(const uint8_t *src, size_t len,
                                                         uint16_t *dst, size_t cap, size_t *pos_,
                                                         size_t *out_)
{
    const __m512i below_lead = _mm512_set1_epi8(-64); /* C0, signed */
    const __m512i e0 = _mm512_set1_epi8((char)0xE0);
    const __m512i a0 = _mm512_set1_epi8((char)0xA0), c2 = _mm512_set1_epi8((char)0xC2);
    const __m512i c2_to_f0 = _mm512_set1_epi8(0xF0 - 0xC2);
    __m512i k[2] = {_mm512_set1_epi16(0x07C0), _mm512_set1_epi16(0x0FC0)};
    __m512i ed = _mm512_set1_epi8((char)0xED);
    /* GCC and Clang syntax: GCC built these three again on every block
    ** (a broadcast each, on the port the compares and compresses use);
    ** an empty asm that may change them keeps them in registers. */
    __asm__("" : "+v"(k[0]), "+v"(k[1]), "+v"(ed));
    size_t pos = *pos_, out = *out_;
    uint64_t carry = 0;
    while (len - pos >= 66 && cap - out >= 64) {
        const uint8_t *s = src + pos;
        uint16_t *d = dst + out;
        __m512i v = _mm512_loadu_si512((const void *)s);
        uint64_t high = _mm512_movepi8_mask(v);
        /* (A block after one that left a sequence open starts with the
        ** continuation bytes it checked: not ASCII.) */
        if (high == 0) {
            x86_widen64(v, d, 16);
            pos += 64;
            out += 64;
            continue;
        }
        uint64_t cont = _mm512_cmplt_epi8_mask(v, below_lead); /* 80..BF */
        uint64_t lead = high & ~cont;
        uint64_t three = _mm512_cmpge_epu8_mask(v, e0);
        /* Leads C0 and C1 (overlong) and F0..FF (4-byte or none): V - C2
        ** at or above F0 - C2, which no other lead is. */
        uint64_t bad = lead & _mm512_cmpge_epu8_mask(_mm512_sub_epi8(v, c2), c2_to_f0);
        /* E0 then 80..9F (overlong), ED then A0..BF (a surrogate). */
        if (three != 0) {
            uint64_t upper = _mm512_cmpge_epu8_mask(_mm512_loadu_si512((const void *)(s + 1)), a0);
            bad |= (_mm512_cmpeq_epi8_mask(v, e0) & ~upper) |
                   (_mm512_cmpeq_epi8_mask(v, ed) & upper);
        }
        /* Every lead is followed by a continuation byte, E0..EF by two,
        ** and no other byte is one; OVER, those the block's last
        ** sequences need from the two bytes after it. */
        uint64_t over = lead >> 63 | three >> 62;
        uint64_t next = (uint64_t)((int8_t)s[64] < -64) | (uint64_t)((int8_t)s[65] < -64) << 1;
        if (bad != 0 || cont != (lead << 1 | three << 2 | carry) || (over & ~next) != 0)
            break;
        uint64_t start = ~cont, ascii = ~high;
        __m512i lo, hi;
        if (three == 0) {
            lo = values16x32_masked(s, 0, (__mmask32)ascii, k, false);
            hi = values16x32_masked(s + 32, 0, (__mmask32)(ascii >> 32), k, false);
        } else {
            lo = values16x32_masked(s, (__mmask32)three, (__mmask32)ascii, k, true);
            hi = values16x32_masked(s + 32, (__mmask32)(three >> 32), (__mmask32)(ascii >> 32), k,
                                    true);
        }
        size_t n0 = (size_t)_mm_popcnt_u32((uint32_t)start);
        _mm512_storeu_si512(d, _mm512_maskz_compress_epi16((__mmask32)start, lo));
        _mm512_storeu_si512(d + n0, _mm512_maskz_compress_epi16((__mmask32)(start >> 32), hi));
        out += n0 + (size_t)_mm_popcnt_u32((uint32_t)(start >> 32));
        pos += 64;
        carry = over;
    }
    *pos_ = pos;
    *out_ = out;
    return carry;
}

/* to_utf16 in one pass where the CPU has VBMI2 (issue 43: the two passes
** took 1.4-1.7x simdutf's AVX-512 time on text that is not ASCII): the
** blocks blocks16() passes, and from the first it does not pass (a
** malformed or 4-byte sequence, too little text or room), FUSED_WINDOW
** bytes in two passes (wenc__utf8_transcode_windows()), which stop where
** the decoder's step function stops. */
#define FUSED_WINDOW 256
VBMI2 static size_t to_utf16_fused(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                   size_t *written)
{
    size_t pos = 0, out = 0;
    for (;;) {
        /* The bytes the carry names end a sequence already decoded. */
        pos += (size_t)_mm_popcnt_u64(blocks16(src, len, dst, cap, &pos, &out));
        size_t window = len - pos < FUSED_WINDOW ? len - pos : FUSED_WINDOW, units;
        size_t read = wenc__utf8_transcode_windows(src + pos, window, dst + out, cap - out, &units,
                                                   valid_prefix, decode_valid16_vbmi2);
        pos += read;
        out += units;
        if (read == 0 || pos == len)
            break;
    }
    *written = out;
    return pos;
}

/* to_utf16, with VBMI2 where the CPU has it. */
static size_t to_utf16_any(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                           size_t *written)
{
    if (!wenc__simd_vbmi2())
        return to_utf16(src, len, dst, cap, written);
    return to_utf16_fused(src, len, dst, cap, written);
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
/* AVX2's ascii_prefix with 64-byte vectors, on 64-byte-aligned blocks:
** one vector where SRC is, then from the first 64-byte boundary inside it
** 512 bytes a step, one test for eight, then 64 a step, and the last bytes
** through one more vector that ends at LEN (the bytes it reads again
** known to be ASCII).  A 64-byte load that crosses a cache line costs
** about two (wenc-bench-latin1's ascii row).  Below 64 bytes, AVX2's. */
#define OR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xFE) /* a | b | c */
static size_t ascii_prefix(const uint8_t *src, size_t len)
{
    if (len < 64)
        return wenc__utf8_avx2_ascii_prefix(src, len);
    uint64_t m = _mm512_movepi8_mask(LOADU64(src));
    if (m != 0)
        return (size_t)__builtin_ctzll(m);
    size_t i = 64 - ((uintptr_t)src & 63);
    for (; len - i >= 512; i += 512) {
        const uint8_t *p = src + i;
        __m512i a = OR3(LOADU64(p), LOADU64(p + 64), LOADU64(p + 128));
        __m512i b = OR3(LOADU64(p + 192), LOADU64(p + 256), LOADU64(p + 320));
        if (_mm512_movepi8_mask(OR3(a, b, _mm512_or_si512(LOADU64(p + 384), LOADU64(p + 448)))) != 0)
            break;
    }
    for (; len - i >= 64; i += 64) {
        m = _mm512_movepi8_mask(LOADU64(src + i));
        if (m != 0)
            return i + (size_t)__builtin_ctzll(m);
    }
    if (i == len)
        return len;
    m = _mm512_movepi8_mask(LOADU64(src + len - 64));
    return m == 0 ? len : len - 64 + (size_t)__builtin_ctzll(m);
}
#undef OR3

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
    .ascii_prefix = ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
