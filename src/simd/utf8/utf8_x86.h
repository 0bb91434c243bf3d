/* utf8_x86.h -- 128-bit pieces of the x86 UTF-8 kernels (utf8_sse41.c,
** utf8_avx2.c), included by each so that they are compiled with that
** file's instruction set: the block check (utf8_lookup.h), ASCII copies,
** and the decoding of valid text to UTF-16 and UTF-32.  Needs SSSE3 and
** SSE4.1 (the includer defines WENC__KERNEL_SSE41 or more); its WENC__KERNEL_AVX2 and WENC__KERNEL_AVX512 say
** what more its set has (target.h), and tools/amalgamate expands this
** header once per includer. */
#ifndef WENC_UTF8_X86_H
#define WENC_UTF8_X86_H

#include "simd/vec_x86.h"
#include "utf8_lookup.h"
#include "utf8_scalar.h"

#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* The block check on 16 bytes (utf8_check_tpl.h): x86_check16_with(in,
** p1, p2, p3), given the bytes one, two and three before each byte of IN;
** x86_check16(in, prev), PREV being the 16 bytes before IN; and
** x86_check16_at(in, p), IN being the 16 bytes at P, P[-3..-1] readable,
** which reads the bytes before each again, unaligned.  The wider kernels
** check this way: their shuffle unit, which runs the three table lookups,
** is what limits text that is not ASCII, and loads take the lane crossing
** and alignr off it (bench history issue-11-check-loads.md). */
#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_NAME_WITH x86_check16_with
#define TPL_NAME_AT x86_check16_at
#define TPL_NAME_PREV x86_check16
#include "utf8_check_tpl.h"

/* Non-zero where the last three of the 16 bytes V start a sequence they do
** not hold whole: then the next block must not be ASCII. */
WENC__INLINE __m128i x86_open16(__m128i v)
{
    const __m128i max = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                      (char)0xEF, (char)0xDF, (char)0xBF);
    return _mm_subs_epu8(v, max);
}

/* The first 16 bytes of the wider kernels' validation (at least 16 in
** SRC), which have nothing before them to read again: false at an error in
** them; else *OPEN is x86_open16 of them (zero for ASCII), and they are
** copied to DST when it is not NULL. */
WENC__INLINE bool x86_first16(const uint8_t *src, uint8_t *dst, __m128i *open)
{
    __m128i a = LOADU(src);
    *open = _mm_setzero_si128();
    if (_mm_movemask_epi8(a) != 0) {
        __m128i err = x86_check16(a, _mm_setzero_si128());
        if (!_mm_testz_si128(err, err))
            return false;
        *open = x86_open16(a);
    }
    if (dst)
        STOREU(dst, a);
    return true;
}

#ifdef WENC__KERNEL_AVX2
/* The block check on 32 bytes (AVX2): x86_check32_with, x86_check32
** (each 128-bit lane's bytes before it come from the lane below, or
** PREV's upper lane) and x86_check32_at. */
#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_NAME_WITH x86_check32_with
#define TPL_NAME_AT x86_check32_at
#define TPL_NAME_PREV x86_check32
#include "utf8_check_tpl.h"

WENC__INLINE __m256i x86_open32(__m256i v)
{
    const __m256i max = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF, (char)0xBF);
    return _mm256_subs_epu8(v, max);
}
#endif

/* The UTF-16 values of the sequences that would start at each of 8 bytes
** B0 (as 16-bit lanes), B1 and B2 being the bytes after each: ASCII, 2- and
** 3-byte forms (the text is valid, so the lead says which). */
WENC__INLINE __m128i x86_values8(__m128i b0, __m128i b1, __m128i b2)
{
    const __m128i m3f = _mm_set1_epi16(0x3F);
    __m128i c1 = _mm_and_si128(b1, m3f), c2 = _mm_and_si128(b2, m3f);
    __m128i two = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(b0, _mm_set1_epi16(0x1F)), 6), c1);
    __m128i three =
        _mm_or_si128(_mm_or_si128(_mm_slli_epi16(b0, 12), _mm_slli_epi16(c1, 6)), c2);
    __m128i v = _mm_blendv_epi8(two, three, _mm_cmpgt_epi16(b0, _mm_set1_epi16(0xDF)));
    return _mm_blendv_epi8(v, b0, _mm_cmplt_epi16(b0, _mm_set1_epi16(0x80)));
}

#ifdef WENC__KERNEL_AVX2
/* x86_values8 on 16 lanes. */
WENC__INLINE __m256i x86_values16(__m256i b0, __m256i b1, __m256i b2)
{
    const __m256i m3f = _mm256_set1_epi16(0x3F);
    __m256i c1 = _mm256_and_si256(b1, m3f), c2 = _mm256_and_si256(b2, m3f);
    __m256i two = _mm256_or_si256(
        _mm256_slli_epi16(_mm256_and_si256(b0, _mm256_set1_epi16(0x1F)), 6), c1);
    __m256i three = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi16(b0, 12), _mm256_slli_epi16(c1, 6)), c2);
    __m256i v =
        _mm256_blendv_epi8(two, three, _mm256_cmpgt_epi16(b0, _mm256_set1_epi16(0xDF)));
    return _mm256_blendv_epi8(v, b0, _mm256_cmpgt_epi16(_mm256_set1_epi16(0x80), b0));
}
#endif

/* Writes the lanes of V (8 x 16 bits) that START (8 bits) selects to D as
** units of FORM, in order (the stores write 8 units: D has room).  Returns
** how many. */
WENC__INLINE size_t x86_pack8(__m128i v, unsigned start, void *d, int form)
{
    __m128i p = _mm_shuffle_epi8(v, _mm_load_si128((const __m128i *)wenc__u8v_pack8x16[start]));
    if (form == 16) {
        STOREU(d, p);
    } else {
#ifdef WENC__KERNEL_AVX2
        _mm256_storeu_si256((__m256i *)d, _mm256_cvtepu16_epi32(p));
#else
        STOREU(d, _mm_cvtepu16_epi32(p));
        STOREU((uint32_t *)d + 4, _mm_cvtepu16_epi32(_mm_srli_si128(p, 8)));
#endif
    }
#ifdef WENC__KERNEL_AVX2
    return (size_t)_mm_popcnt_u32(start);
#else
    return wenc__u8v_pop8[start];
#endif
}

/* Decodes the sequences that start in the 16 bytes at S (valid text
** holding no 4-byte form, which goes on for at least two bytes after
** them: the sequences that start in the last bytes end there) into D (room
** for 16 units of FORM 16 or 32).  Returns the units written.  Each lane's
** value comes from three loads (S, S + 1, S + 2), so that a sequence cut
** by the block's end is decoded whole and the next block's leading
** continuation bytes are skipped: the caller always moves on by 16 bytes,
** and the next block's address does not wait for this block's data. */
WENC__INLINE size_t x86_decode16(const uint8_t *s, void *d, int form)
{
    __m128i v = LOADU(s);
#ifdef WENC__KERNEL_AVX2
    /* The 16 lanes' values in one 256-bit vector. */
    __m256i val = x86_values16(_mm256_cvtepu8_epi16(v), _mm256_cvtepu8_epi16(LOADU(s + 1)),
                               _mm256_cvtepu8_epi16(LOADU(s + 2)));
#endif
#ifdef WENC__KERNEL_AVX512
    /* The lanes that start a sequence (ASCII 00..7F and lead bytes C0..FF:
    ** -64..-1) compressed to the front (vpcompressd: AVX-512 F has it for
    ** 32-bit lanes, 16-bit lanes would need VBMI2). */
    __mmask16 start = _mm_cmpgt_epi8_mask(v, _mm_set1_epi8(-65));
    __m512i r = _mm512_maskz_compress_epi32(start, _mm512_cvtepu16_epi32(val));
    if (form == 16)
        _mm256_storeu_si256((__m256i *)d, _mm512_cvtepi32_epi16(r));
    else
        _mm512_storeu_si512(d, r);
    return (size_t)_mm_popcnt_u32(start);
#else
    /* ASCII (00..7F) and lead bytes (C0..FF: -64..-1) start a sequence. */
    unsigned start = (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-65)));
#ifdef WENC__KERNEL_AVX2
    __m128i lo = _mm256_castsi256_si128(val), hi = _mm256_extracti128_si256(val, 1);
#else
    const __m128i zero = _mm_setzero_si128();
    __m128i v1 = LOADU(s + 1), v2 = LOADU(s + 2);
    __m128i lo = x86_values8(_mm_unpacklo_epi8(v, zero), _mm_unpacklo_epi8(v1, zero),
                             _mm_unpacklo_epi8(v2, zero));
    __m128i hi = x86_values8(_mm_unpackhi_epi8(v, zero), _mm_unpackhi_epi8(v1, zero),
                             _mm_unpackhi_epi8(v2, zero));
#endif
    size_t n = x86_pack8(lo, start & 0xFF, d, form);
    return n + x86_pack8(hi, start >> 8, (char *)d + n * (form == 16 ? 2 : 4), form);
#endif
}

/* Widens 16 ASCII bytes V to 16 units of FORM at D. */
WENC__INLINE void x86_widen16(__m128i v, void *d, int form)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    if (form == 16) {
        STOREU((uint16_t *)d, lo);
        STOREU((uint16_t *)d + 8, hi);
    } else {
        uint32_t *o = d;
        STOREU(o, _mm_unpacklo_epi16(lo, zero));
        STOREU(o + 4, _mm_unpackhi_epi16(lo, zero));
        STOREU(o + 8, _mm_unpacklo_epi16(hi, zero));
        STOREU(o + 12, _mm_unpackhi_epi16(hi, zero));
    }
}

#ifdef WENC__KERNEL_AVX512
/* x86_decode16 (the AVX-512 form) on 32 bytes: V, and the 32 bytes after
** each byte (V1) and two after (V2); the values of the 32 lanes, each the
** code point of the sequence its byte would start (16 bits: no 4-byte
** forms), in one 512-bit vector. */
WENC__INLINE __m512i x86_values16x32(__m256i v, __m256i v1, __m256i v2)
{
    const __m512i m3f = _mm512_set1_epi16(0x3F);
    __m512i b0 = _mm512_cvtepu8_epi16(v);
    __m512i c1 = _mm512_and_si512(_mm512_cvtepu8_epi16(v1), m3f);
    __m512i c2 = _mm512_and_si512(_mm512_cvtepu8_epi16(v2), m3f);
    __m512i two = _mm512_or_si512(
        _mm512_slli_epi16(_mm512_and_si512(b0, _mm512_set1_epi16(0x1F)), 6), c1);
    __m512i three = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi16(b0, 12), _mm512_slli_epi16(c1, 6)), c2);
    __m512i val = _mm512_mask_blend_epi16(
        _mm512_cmpgt_epu16_mask(b0, _mm512_set1_epi16(0xDF)), two, three);
    return _mm512_mask_blend_epi16(_mm512_cmplt_epu16_mask(b0, _mm512_set1_epi16(0x80)), val,
                                   b0);
}

/* x86_values16x32, the lanes START selects compressed, each half on its
** own, into *R0 (*N0 units) and *R1 (*N1 units). */
WENC__INLINE void x86_values32(__m256i v, __m256i v1, __m256i v2, __mmask32 start, __m512i *r0,
                               size_t *n0, __m512i *r1, size_t *n1)
{
    __m512i val = x86_values16x32(v, v1, v2);
    __mmask16 m0 = (__mmask16)start, m1 = (__mmask16)(start >> 16);
    *r0 = _mm512_maskz_compress_epi32(m0, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(val)));
    *r1 = _mm512_maskz_compress_epi32(m1, _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(val, 1)));
    *n0 = (size_t)_mm_popcnt_u32(m0);
    *n1 = (size_t)_mm_popcnt_u32(m1);
}

/* ASCII (00..7F) and lead bytes (C0..FF: -64..-1) start a sequence. */
WENC__INLINE __mmask32 x86_starts32(__m256i v)
{
    return _mm256_cmpgt_epi8_mask(v, _mm256_set1_epi8(-65));
}

/* Decodes the sequences that start in the 32 bytes at S (as x86_decode16:
** the text goes on for at least two bytes after them) into D (room for 32
** units).  Returns the units written. */
WENC__INLINE size_t x86_decode32(const uint8_t *s, void *d, int form)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)s);
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 1));
    __m256i v2 = _mm256_loadu_si256((const __m256i *)(const void *)(s + 2));
    __m512i r0, r1;
    size_t n0, n1;
    x86_values32(v, v1, v2, x86_starts32(v), &r0, &n0, &r1, &n1);
    if (form == 16) {
        _mm256_storeu_si256((__m256i *)d, _mm512_cvtepi32_epi16(r0));
        _mm256_storeu_si256((__m256i *)((uint16_t *)d + n0), _mm512_cvtepi32_epi16(r1));
    } else {
        _mm512_storeu_si512(d, r0);
        _mm512_storeu_si512((uint32_t *)d + n0, r1);
    }
    return n0 + n1;
}

/* The last LEN bytes (1 to 32) of valid text at S, that end it: with masked
** loads (zeros past the end, which is a sequence boundary, and no read
** there) and masked stores of exactly the units decoded, so that short
** inputs and the tail of long ones take one step rather than a sequence at
** a time.  D has room for LEN units.  Returns the units written, or -1 (and
** nothing written) if the bytes hold a 4-byte form. */
WENC__INLINE ptrdiff_t x86_decode_tail(const uint8_t *s, size_t len, void *d, int form)
{
    __mmask32 m = _bzhi_u32(~0u, (unsigned)len);
    __m256i v = _mm256_maskz_loadu_epi8(m, s);
    if (_mm256_cmpge_epu8_mask(v, _mm256_set1_epi8((char)0xF0)) != 0)
        return -1;
    __m256i v1 = _mm256_maskz_loadu_epi8(m >> 1, s + 1);
    __m256i v2 = _mm256_maskz_loadu_epi8(m >> 2, s + 2);
    __m512i r0, r1;
    size_t n0, n1;
    if (len <= 16) {
        /* One half: one compress (a 16-byte input, a short tail). */
        __mmask16 start = (__mmask16)(x86_starts32(v) & m);
        r0 = _mm512_maskz_compress_epi32(
            start, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(x86_values16x32(v, v1, v2))));
        n0 = (size_t)_mm_popcnt_u32(start);
        if (form == 16)
            _mm256_mask_storeu_epi16(d, (__mmask16)_bzhi_u32(~0u, (unsigned)n0),
                                     _mm512_cvtepi32_epi16(r0));
        else
            _mm512_mask_storeu_epi32(d, (__mmask16)_bzhi_u32(~0u, (unsigned)n0), r0);
        return (ptrdiff_t)n0;
    }
    x86_values32(v, v1, v2, x86_starts32(v) & m, &r0, &n0, &r1, &n1);
    if (form == 16) {
        _mm256_mask_storeu_epi16(d, (__mmask16)_bzhi_u32(~0u, (unsigned)n0),
                                 _mm512_cvtepi32_epi16(r0));
        _mm256_mask_storeu_epi16((uint16_t *)d + n0, (__mmask16)_bzhi_u32(~0u, (unsigned)n1),
                                 _mm512_cvtepi32_epi16(r1));
    } else {
        _mm512_mask_storeu_epi32(d, (__mmask16)_bzhi_u32(~0u, (unsigned)n0), r0);
        _mm512_mask_storeu_epi32((uint32_t *)d + n0, (__mmask16)_bzhi_u32(~0u, (unsigned)n1),
                                 r1);
    }
    return (ptrdiff_t)(n0 + n1);
}
#endif

#ifdef WENC__KERNEL_AVX512
/* Widens 32 ASCII bytes W to 32 units of FORM at D. */
WENC__INLINE void x86_widen32(__m256i w, void *d, int form)
{
    __m512i *o = d;
    if (form == 16) {
        _mm512_storeu_si512(o, _mm512_cvtepu8_epi16(w));
    } else {
        _mm512_storeu_si512(o, _mm512_cvtepu8_epi32(_mm256_castsi256_si128(w)));
        _mm512_storeu_si512(o + 1, _mm512_cvtepu8_epi32(_mm256_extracti128_si256(w, 1)));
    }
}

/* Widens 64 ASCII bytes W to 64 units of FORM at D. */
WENC__INLINE void x86_widen64(__m512i w, void *d, int form)
{
    __m512i *o = d;
    if (form == 16) {
        _mm512_storeu_si512(o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(w)));
        _mm512_storeu_si512(o + 1, _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(w, 1)));
    } else {
        _mm512_storeu_si512(o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(w)));
        _mm512_storeu_si512(o + 1, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(w, 1)));
        _mm512_storeu_si512(o + 2, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(w, 2)));
        _mm512_storeu_si512(o + 3, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(w, 3)));
    }
}
#endif

/* The continuation bytes at SRC[POS..END): the end of a sequence that a
** block before them started and decoded. */
WENC__INLINE size_t x86_skip_tail(const uint8_t *src, size_t pos, size_t end)
{
    while (pos < end && wenc__utf8_is_continuation(src[pos]))
        pos++;
    return pos;
}

#ifdef WENC__KERNEL_AVX2
/* Widens 32 ASCII bytes W to 32 units of FORM at D (AVX2). */
WENC__INLINE void x86_widen32_avx2(__m256i w, void *d, int form)
{
    __m128i w0 = _mm256_castsi256_si128(w), w1 = _mm256_extracti128_si256(w, 1);
    __m256i *o = d;
    if (form == 16) {
        _mm256_storeu_si256(o, _mm256_cvtepu8_epi16(w0));
        _mm256_storeu_si256(o + 1, _mm256_cvtepu8_epi16(w1));
    } else {
        _mm256_storeu_si256(o, _mm256_cvtepu8_epi32(w0));
        _mm256_storeu_si256(o + 1, _mm256_cvtepu8_epi32(_mm_srli_si128(w0, 8)));
        _mm256_storeu_si256(o + 2, _mm256_cvtepu8_epi32(w1));
        _mm256_storeu_si256(o + 3, _mm256_cvtepu8_epi32(_mm_srli_si128(w1, 8)));
    }
}
#endif

/* A run of ASCII past a block of it that x86_decode_valid_with found:
** SRC[*POS..END) widened to DST at *OUT (room for CAP units) 64 bytes a
** step with one test, while it lasts (issue 43: with one test and a loop
** turn per 16 or 32 bytes, SSE4.1's and AVX2's decoders took ASCII to
** UTF-16 at 0.68 and 1.0 of simdutf's westmere and haswell kernels, and
** English text, 95 % of whose 64-byte blocks are ASCII, at 0.7).  Only
** after a block of ASCII, so that text that is not ASCII pays nothing. */
WENC__INLINE void x86_ascii_run(const uint8_t *src, size_t *pos_, size_t end, void *dst,
                                size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_, unit = form == 16 ? 2 : 4;
    while (end - pos >= 64 && cap - out >= 64) {
        const uint8_t *s = src + pos;
        char *d = (char *)dst + out * unit;
#ifdef WENC__KERNEL_AVX2
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)s);
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0)
            break;
        x86_widen32_avx2(a, d, form);
        x86_widen32_avx2(b, d + 32 * unit, form);
#else
        __m128i a = LOADU(s), b = LOADU(s + 16), c = LOADU(s + 32), e = LOADU(s + 48);
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, e))) != 0)
            break;
        x86_widen16(a, d, form);
        x86_widen16(b, d + 16 * unit, form);
        x86_widen16(c, d + 32 * unit, form);
        x86_widen16(e, d + 48 * unit, form);
#endif
        pos += 64;
        out += 64;
    }
    *pos_ = pos;
    *out_ = out;
}

/* The step of x86_decode_valid_with that decodes 32 bytes as x86_decode32
** does (AVX-512: x86_decode32, or the VBMI2 one of utf8_avx512.c). */
typedef size_t (*x86_decode32_fn)(const uint8_t *s, void *d, int form);

/* The decode_valid of wenc__utf8_transcode_windows: SRC[*POS..END) is
** valid; 16 bytes at a time (x86_decode16) while 16 units fit, blocks with
** 4-byte forms and the tail a sequence at a time.  Between blocks, POS
** may be on the last bytes of a sequence already decoded (x86_skip_tail
** steps over them before the scalar loop).  With AVX-512, DECODE32 takes
** the blocks of 32 bytes without 4-byte forms (a constant at each call,
** so that it is inlined: x86_decode_valid passes x86_decode32); the other
** sets ignore it. */
WENC__INLINE void x86_decode_valid_with(const uint8_t *src, size_t *pos_, size_t end, void *dst,
                                        size_t *out_, size_t cap, int form,
                                        x86_decode32_fn decode32)
{
    (void)decode32;
    size_t pos = *pos_, out = *out_;
#ifndef WENC__KERNEL_AVX2
    bool ascii_before = false;
#endif
    size_t unit = form == 16 ? 2 : 4;
    while (end - pos >= 18 && cap - out >= 16) {
        const uint8_t *s = src + pos;
        void *d = (char *)dst + out * unit;
#ifdef WENC__KERNEL_AVX512
        /* 64 bytes at a time, runs of ASCII in a loop of their own (issue
        ** 43: text that is mostly ASCII, such as English, took 20 % fewer
        ** bytes per cycle than simdutf's AVX-512 kernel, whose 64-byte
        ** blocks of ASCII cost one test and two stores).  Otherwise, with
        ** no 4-byte form, each half as the 32-byte steps below take it,
        ** told apart by the one test (a second test per 32 bytes cost
        ** text that is not ASCII a tenth of its speed); the second half's
        ** x86_decode32 reads two bytes past the block. */
        if (end - pos >= 66 && cap - out >= 64) {
            __m512i w = _mm512_loadu_si512((const void *)s);
            uint64_t high = _mm512_movepi8_mask(w);
            if (high == 0) {
                size_t room = end - pos < cap - out ? end - pos : cap - out, k = 0;
                do {
                    x86_widen64(w, (char *)d + k * unit, form);
                    k += 64;
                    if (room - k < 64)
                        break;
                    w = _mm512_loadu_si512((const void *)(s + k));
                } while (_mm512_movepi8_mask(w) == 0);
                pos += k;
                out += k;
                continue;
            }
            if (_mm512_cmpge_epu8_mask(w, _mm512_set1_epi8((char)0xF0)) == 0) {
                size_t n = 32;
                if ((uint32_t)high == 0)
                    x86_widen32(_mm512_castsi512_si256(w), d, form);
                else
                    n = decode32(s, d, form);
                void *d1 = (char *)d + n * unit;
                if (high >> 32 == 0) {
                    x86_widen32(_mm512_extracti64x4_epi64(w, 1), d1, form);
                    n += 32;
                } else {
                    n += decode32(s + 32, d1, form);
                }
                pos += 64;
                out += n;
                continue;
            }
        }
#endif
#ifdef WENC__KERNEL_AVX2
        /* 32 bytes of ASCII at a time (the AVX2 kernel). */
        if (end - pos >= 32 && cap - out >= 32) {
            __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)s);
            if (_mm256_movemask_epi8(w) == 0) {
                x86_widen32_avx2(w, d, form);
                pos += 32;
                out += 32;
                x86_ascii_run(src, &pos, end, dst, &out, cap, form);
                continue;
            }
#ifdef WENC__KERNEL_AVX512
            /* No 4-byte form (lead F0..F4): 32 bytes at a time. */
            if (end - pos >= 34 &&
                _mm256_cmpge_epu8_mask(w, _mm256_set1_epi8((char)0xF0)) == 0) {
                out += decode32(s, d, form);
                pos += 32;
                continue;
            }
#endif
        }
#endif
        __m128i v = LOADU(s);
        if (_mm_movemask_epi8(v) == 0) {
            x86_widen16(v, d, form);
            pos += 16;
            out += 16;
#ifndef WENC__KERNEL_AVX2
            /* From the second block of ASCII in a row: a try after every
            ** block cost HTML that is not English 10-25 %, its runs of
            ** markup being shorter than 64 bytes. */
            if (ascii_before)
                x86_ascii_run(src, &pos, end, dst, &out, cap, form);
            ascii_before = true;
#endif
            continue;
        }
#ifndef WENC__KERNEL_AVX2
        ascii_before = false;
#endif
        /* A 4-byte form (lead F0..F4: max(v, F0) == v): a sequence at a
        ** time, the sequences that start in the block (SRC[POS..END) is
        ** valid, so each ends by END); they need at most 17 units (a
        ** 4-byte lead last after 15 ASCII bytes).  Where 18 do not fit,
        ** the checked loop after this one stops for room. */
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8((char)0xF0)), v))) {
            if (cap - out < 18)
                break;
            pos = x86_skip_tail(src, pos, end);
            out += wenc__utf8_valid_decode(src, &pos, (size_t)(s - src) + 16, d, 0, form);
            continue;
        }
        out += x86_decode16(s, d, form);
        pos += 16;
    }
    pos = x86_skip_tail(src, pos, end);
#ifdef WENC__KERNEL_AVX512
    if (pos < end && end - pos <= 32 && cap - out >= end - pos) {
        ptrdiff_t units = x86_decode_tail(src + pos, end - pos, (char *)dst + out * unit, form);
        if (units >= 0) {
            pos = end;
            out += (size_t)units;
        }
    }
#endif
    wenc__utf8_transcode_from(src, &pos, end, dst, &out, cap, form);
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE void x86_decode_valid(const uint8_t *src, size_t *pos_, size_t end, void *dst,
                                   size_t *out_, size_t cap, int form)
{
#ifdef WENC__KERNEL_AVX512
    x86_decode_valid_with(src, pos_, end, dst, out_, cap, form, x86_decode32);
#else
    x86_decode_valid_with(src, pos_, end, dst, out_, cap, form, NULL);
#endif
}

#ifdef WENC__KERNEL_AVX2
/* ------------------------------------------------------------------------
** Short inputs (issue 11): a whole input of at most 32 bytes in one step,
** for the decoder's short path (decoder.c), where the general path's
** windows, scalar ends and indirect calls cost more than the bytes.  The
** input becomes one 32-byte vector with zeros after it; its block check,
** with no bytes before it and a sequence left open at its end counted as
** an error, passes only if the input is complete, valid sequences (a
** sequence cut by the input's end meets a zero, which is ASCII, and fails).
** Then it is copied or decoded at once; otherwise the caller takes the
** general path, which finds the exact stop and names the error. */

/* Whether the 32 bytes V (the input, zeros after it) are complete, valid
** UTF-8. */
WENC__INLINE bool x86_short_valid(__m256i v)
{
    if (_mm256_movemask_epi8(v) == 0)
        return true;
    __m256i err = _mm256_or_si256(x86_check32(v, _mm256_setzero_si256()), x86_open32(v));
    return _mm256_testz_si256(err, err) != 0;
}

/* The LEN bytes (16 to 32) at SRC as a 32-byte vector with zeros after
** them, reading no byte past SRC[LEN - 1]: the first 16 bytes (*LO) and the
** 16 that end the input (*HI), the latter moved down into place by a
** shuffle whose lanes past the end select zero. */
WENC__INLINE __m256i x86_load_short(const uint8_t *src, size_t len, __m128i *lo, __m128i *hi)
{
    *lo = LOADU(src);
    *hi = LOADU(src + len - 16);
    /* Upper lane J holds SRC[16 + J] = HI[J + 32 - LEN] while J < LEN - 16;
    ** an index of 16 or more means past the end, and bit 7 selects zero. */
    __m128i idx = _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                               _mm_set1_epi8((char)(32 - len)));
    idx = _mm_or_si128(idx, _mm_cmpgt_epi8(idx, _mm_set1_epi8(15)));
    return _mm256_set_m128i(_mm_shuffle_epi8(*hi, idx), *lo);
}

/* The LEN bytes (8 to 15) at SRC as a 32-byte vector with zeros after
** them, reading no byte past SRC[LEN - 1]: the first 8 bytes (*LO) and the
** 8 that end the input (*HI), joined and moved into place by a shuffle
** whose lanes past the end select zero.  The short kernels' inputs below
** 16 bytes, which AVX2 has no masked load for (issue 29: 8 to 15 bytes of
** CJK text ran the scalar path under AVX2 at every length). */
WENC__INLINE __m256i x86_load_short8(const uint8_t *src, size_t len, __m128i *lo, __m128i *hi)
{
    *lo = _mm_loadl_epi64((const __m128i *)(const void *)src);
    *hi = _mm_loadl_epi64((const __m128i *)(const void *)(src + len - 8));
    /* Lane J of the joined vector is SRC[J] for J < 8 and SRC[LEN - 16 + J]
    ** for J >= 8; so lane J of the result, J from 8 to LEN - 1, reads lane
    ** J + 16 - LEN; an index with bit 7 set means past the end. */
    const __m128i lane = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i idx = _mm_add_epi8(lane, _mm_and_si128(_mm_set1_epi8((char)(16 - len)),
                                                   _mm_cmpgt_epi8(lane, _mm_set1_epi8(7))));
    idx = _mm_or_si128(idx, _mm_cmpgt_epi8(lane, _mm_set1_epi8((char)(len - 1))));
    return v256_zext128(_mm_shuffle_epi8(_mm_unpacklo_epi64(*lo, *hi), idx));
}

/* Whether the 64 bytes A then B (the input, zeros after it) are complete,
** valid UTF-8: x86_short_valid over two vectors. */
WENC__INLINE bool x86_short_valid2(__m256i a, __m256i b)
{
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0)
        return true;
    __m256i err = _mm256_or_si256(_mm256_or_si256(x86_check32(a, _mm256_setzero_si256()),
                                                  x86_check32(b, a)),
                                  x86_open32(b));
    return _mm256_testz_si256(err, err) != 0;
}

/* The bytes 32 to LEN - 1 (LEN 33 to 64) at SRC as a 32-byte vector with
** zeros after them, reading no byte past SRC[LEN - 1]. */
WENC__INLINE __m256i x86_load_rest64(const uint8_t *src, size_t len)
{
    __m128i lo, hi;
    size_t r = len - 32;
    if (r >= 16)
        return x86_load_short(src + 32, r, &lo, &hi);
    /* The 16 bytes that end the input, moved down as x86_load_short does:
    ** lane J holds SRC[32 + J] while J < R. */
    __m128i idx = _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                               _mm_set1_epi8((char)(16 - r)));
    idx = _mm_or_si128(idx, _mm_cmpgt_epi8(idx, _mm_set1_epi8(15)));
    return _mm256_set_m128i(_mm_setzero_si128(), _mm_shuffle_epi8(LOADU(src + len - 16), idx));
}

/* short_valid with 32-byte vectors: 8 to 64 bytes, the first 32 loaded
** whole and the rest with zeros after them. */
WENC__INLINE bool x86_short_valid64(const uint8_t *src, size_t len)
{
    __m128i lo, hi;
    if (len < 16)
        return x86_short_valid(x86_load_short8(src, len, &lo, &hi));
    if (len <= 32)
        return x86_short_valid(x86_load_short(src, len, &lo, &hi));
    return x86_short_valid2(_mm256_loadu_si256((const __m256i *)(const void *)src),
                            x86_load_rest64(src, len));
}

/* The 33 to 64 bytes at SRC to DST: two 32-byte copies, the second
** ending at the input's end. */
WENC__INLINE void x86_copy64(const uint8_t *src, size_t len, uint8_t *dst)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)src);
    __m256i z = _mm256_loadu_si256((const __m256i *)(const void *)(src + len - 32));
    _mm256_storeu_si256((__m256i *)(void *)dst, a);
    _mm256_storeu_si256((__m256i *)(void *)(dst + len - 32), z);
}

/* short_to_utf8 with 32-byte vectors: 8 to 64 bytes, stored by the two
** loads (8-byte ones below 16 bytes, overlapping where LEN is not 16 or
** 32; 32-byte ones past 32 bytes), so no byte past DST[LEN - 1] is
** written.  Issue 29: 33 to 64 bytes ran the scalar set's loops, and cost
** more than 256 bytes' kernels; 8 to 15, the scalar set's too. */
WENC__INLINE ptrdiff_t x86_short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap)
{
    if (len < 8 || len > 64 || cap < len)
        return -1;
    if (len > 32) {
        if (!x86_short_valid64(src, len))
            return -1;
        x86_copy64(src, len, dst);
        return (ptrdiff_t)len;
    }
    __m128i lo, hi;
    if (len < 16) {
        __m256i v = x86_load_short8(src, len, &lo, &hi);
        if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) != 0 && !x86_short_valid(v))
            return -1;
        _mm_storel_epi64((__m128i *)(void *)dst, lo);
        _mm_storel_epi64((__m128i *)(void *)(dst + len - 8), hi);
        return (ptrdiff_t)len;
    }
    __m256i v = x86_load_short(src, len, &lo, &hi);
    /* ASCII found on the loads, before the shuffle (issue 29). */
    if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) != 0 && !x86_short_valid(v))
        return -1;
    STOREU(dst, lo);
    STOREU(dst + len - 16, hi);
    return (ptrdiff_t)len;
}

/* The first C (0 to 7) 16-bit lanes of P to D, and nothing after them. */
WENC__INLINE void x86_store_units16(uint16_t *d, __m128i p, unsigned c)
{
    if (c & 4) {
        _mm_storel_epi64((__m128i *)(void *)d, p);
        p = _mm_srli_si128(p, 8);
        d += 4;
    }
    if (c & 2) {
        uint32_t w = (uint32_t)_mm_cvtsi128_si32(p);
        memcpy(d, &w, sizeof w);
        p = _mm_srli_si128(p, 4);
        d += 2;
    }
    if (c & 1)
        *d = (uint16_t)_mm_cvtsi128_si32(p);
}

/* x86_pack8 to UTF-16 at D, with ROOM units there: its 8-unit store where
** that fits, else only the lanes START selects (fewer than 8, and no more
** than ROOM). */
WENC__INLINE size_t x86_pack8_room(__m128i v, unsigned start, uint16_t *d, size_t room)
{
    if (room >= 8)
        return x86_pack8(v, start, d, 16);
    __m128i p = _mm_shuffle_epi8(v, _mm_load_si128((const __m128i *)wenc__u8v_pack8x16[start]));
    unsigned c = (unsigned)_mm_popcnt_u32(start);
    x86_store_units16(d, p, c);
    return c;
}

/* The units of the sequences that start in the 16 bytes Q (NEXT: the 16
** after them, zeros past the input) at the lanes START selects (bit J for
** byte J), to DST[K..CAP), as x86_decode16 does, 8 lanes per shuffle: the
** second 8 only if BOTH (the input goes on past Q's first 8 bytes).  With
** ASCII_TEST, an ASCII Q is widened whole where 16 units fit.  Returns the
** new K. */
WENC__INLINE size_t x86_short_units16(__m128i q, __m128i next, uint32_t start, bool both,
                                      const bool ascii_test, uint16_t *dst, size_t k, size_t cap)
{
    if (ascii_test && _mm_movemask_epi8(q) == 0 && cap - k >= 16) {
        /* ASCII, each byte a unit (the zeros past the input's end are not
        ** counted): widened at once (issue 29: French text). */
        _mm256_storeu_si256((__m256i *)(void *)(dst + k), _mm256_cvtepu8_epi16(q));
        return k + (size_t)_mm_popcnt_u32(start & 0xFFFF);
    }
    __m256i val = x86_values16(_mm256_cvtepu8_epi16(q),
                               _mm256_cvtepu8_epi16(_mm_alignr_epi8(next, q, 1)),
                               _mm256_cvtepu8_epi16(_mm_alignr_epi8(next, q, 2)));
    k += x86_pack8_room(_mm256_castsi256_si128(val), start & 0xFF, dst + k, cap - k);
    if (both)
        k += x86_pack8_room(_mm256_extracti128_si256(val, 1), (start >> 8) & 0xFF, dst + k,
                            cap - k);
    return k;
}

/* The lanes of the 32 bytes V that start a sequence: ASCII (00..7F) and
** lead bytes (C0..FF: -64..-1). */
WENC__INLINE uint32_t x86_starts_avx2(__m256i v)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(-65)));
}

/* The lanes of the 32 bytes V that lead a 4-byte form (F0..F4: max(v, F0)
** == v), which takes two units. */
WENC__INLINE uint32_t x86_fours_avx2(__m256i v)
{
    return (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8((char)0xF0)), v));
}

/* x86_short_to_utf16 past its ASCII test and its check: V is the input
** SRC (LEN bytes, 8 to 32, complete, valid sequences, zeros after them),
** LO its first 16 bytes. */
WENC__INLINE ptrdiff_t x86_short_decode16(const uint8_t *src, __m256i v, __m128i lo, size_t len,
                                          uint16_t *dst, size_t cap)
{
    /* The zeros past the end do not start a sequence. */
    uint32_t start = x86_starts_avx2(v) & _bzhi_u32(~0u, (unsigned)len);
    size_t n = (size_t)_mm_popcnt_u32(start);
    uint32_t four = x86_fours_avx2(v);
    if (four != 0) {
        /* No sequence takes more units than it has bytes. */
        if (cap < len && n + (size_t)_mm_popcnt_u32(four) > cap)
            return -1;
        return (ptrdiff_t)wenc__utf8_valid_to_utf16(src, len, dst);
    }
    if (n > cap)
        return -1;
    __m128i up = _mm256_extracti128_si256(v, 1);
    /* Past 16 bytes, either half may be ASCII (below, the input is not). */
    size_t k = x86_short_units16(lo, up, start, len > 8, len > 16, dst, 0, cap);
    if (len > 16)
        x86_short_units16(up, _mm_setzero_si128(), start >> 16, len > 24, true, dst, k, cap);
    return (ptrdiff_t)n;
}

/* x86_short_decode16 for inputs below 16 bytes (V, zeros after them),
** out of line: a second copy inlined in x86_short_to_utf16 gave its ASCII
** path a frame (the AVX-512 set, which includes this part, has its own
** short kernels).  V is passed as 16 bytes: given a 32-byte argument, gcc
** left out the vzeroupper at the function's returns, and the SSE code
** after it paid the AVX-SSE transition (the 16-byte Japanese row to UTF-16
** took 173 ns instead of 20). */
static WENC__NOINLINE WENC__UNUSED ptrdiff_t x86_short_decode16_below16(const uint8_t *src,
                                                                       __m128i v, size_t len,
                                                                       uint16_t *dst, size_t cap)
{
    /* Checked on 16 bytes: with fewer than 16, a sequence the input cuts
    ** meets a zero in them, so nothing is left open past them. */
    __m128i err = x86_check16(v, _mm_setzero_si128());
    if (!_mm_testz_si128(err, err))
        return -1;
    return x86_short_decode16(src, v256_zext128(v), v, len, dst, cap);
}

/* x86_short_to_utf16 for 33 to 64 bytes: the first 32 loaded whole and
** the rest with zeros after them, checked as x86_short_valid64 does, then
** widened (ASCII) or decoded 16 bytes at a time as x86_short_decode16
** does (issue 29: these lengths ran the scalar set's loop in every set, at
** 0.96-1.2 of encoding_rs).  Out of line, so that the shorter inputs'
** paths keep no frame. */
static WENC__NOINLINE WENC__UNUSED ptrdiff_t x86_short_to_utf16_64(const uint8_t *src,
                                                                  size_t len, uint16_t *dst,
                                                                  size_t cap)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)src);
    __m256i b = x86_load_rest64(src, len);
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
        /* ASCII: widened 16 bytes at a time, the last 16 ending at the
        ** input's end (overlapping the others). */
        if (cap < len)
            return -1;
        _mm256_storeu_si256((__m256i *)(void *)dst,
                            _mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)));
        _mm256_storeu_si256((__m256i *)(void *)(dst + 16),
                            _mm256_cvtepu8_epi16(_mm256_extracti128_si256(a, 1)));
        if (len > 48)
            _mm256_storeu_si256((__m256i *)(void *)(dst + 32),
                                _mm256_cvtepu8_epi16(_mm256_castsi256_si128(b)));
        _mm256_storeu_si256((__m256i *)(void *)(dst + len - 16),
                            _mm256_cvtepu8_epi16(LOADU(src + len - 16)));
        return (ptrdiff_t)len;
    }
    if (!x86_short_valid2(a, b))
        return -1;
    uint64_t start = ((uint64_t)x86_starts_avx2(b) << 32 | x86_starts_avx2(a)) &
                     _bzhi_u64(~UINT64_C(0), (unsigned)len);
    size_t n = (size_t)_mm_popcnt_u64(start);
    uint64_t four = (uint64_t)x86_fours_avx2(b) << 32 | x86_fours_avx2(a);
    if (four != 0) {
        if (n + (size_t)_mm_popcnt_u64(four) > cap)
            return -1;
        return (ptrdiff_t)wenc__utf8_valid_to_utf16(src, len, dst);
    }
    if (n > cap)
        return -1;
    __m128i q0 = _mm256_castsi256_si128(a), q1 = _mm256_extracti128_si256(a, 1);
    __m128i q2 = _mm256_castsi256_si128(b), q3 = _mm256_extracti128_si256(b, 1);
    size_t k = x86_short_units16(q0, q1, (uint32_t)start, true, true, dst, 0, cap);
    k = x86_short_units16(q1, q2, (uint32_t)start >> 16, true, true, dst, k, cap);
    k = x86_short_units16(q2, q3, (uint32_t)(start >> 32), len > 40, true, dst, k, cap);
    if (len > 48)
        x86_short_units16(q3, _mm_setzero_si128(), (uint32_t)(start >> 48), len > 56, true, dst,
                          k, cap);
    return (ptrdiff_t)n;
}

/* short_to_utf16 with 32-byte vectors: 8 to 64 bytes (past 32, by
** x86_short_to_utf16_64); up to 32, decoded as
** x86_decode16 does, 8 lanes per shuffle (those past the input's last
** 8-byte group are not stored), each stored whole where CAP leaves room
** for it; text with 4-byte forms, once checked, a sequence at a time
** (issue 29: declined, the general path would check it again).  Inputs
** below 16 bytes and the others take separate copies of the decode, each
** with its own loads. */
WENC__INLINE ptrdiff_t x86_short_to_utf16(const uint8_t *src, size_t len, uint16_t *dst,
                                          size_t cap)
{
    if (len < 8 || len > 64)
        return -1;
    if (len > 32)
        return x86_short_to_utf16_64(src, len, dst, cap);
    __m128i lo, hi;
    if (len < 16) {
        __m256i v = x86_load_short8(src, len, &lo, &hi);
        if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) == 0) {
            /* ASCII: as below, with 8-byte loads. */
            if (cap < len)
                return -1;
            _mm_storeu_si128((__m128i *)(void *)dst, _mm_cvtepu8_epi16(lo));
            _mm_storeu_si128((__m128i *)(void *)(dst + len - 8), _mm_cvtepu8_epi16(hi));
            return (ptrdiff_t)len;
        }
        return x86_short_decode16_below16(src, _mm256_castsi256_si128(v), len, dst, cap);
    }
    __m256i v = x86_load_short(src, len, &lo, &hi);
    if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) == 0) {
        /* ASCII, found on the loads (between them, every byte of the
        ** input), so that the shuffle of x86_load_short is off this path
        ** (issue 29): widened as loaded, the second store overlapping the
        ** first. */
        if (cap < len)
            return -1;
        _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_cvtepu8_epi16(lo));
        _mm256_storeu_si256((__m256i *)(void *)(dst + len - 16), _mm256_cvtepu8_epi16(hi));
        return (ptrdiff_t)len;
    }
    if (!x86_short_valid(v))
        return -1;
    return x86_short_decode16(src, v, lo, len, dst, cap);
}

#endif

#ifdef WENC__KERNEL_AVX512
/* short_valid with masks: 1 to 64 bytes. */
WENC__INLINE bool x86_short_valid64_masked(const uint8_t *src, size_t len)
{
    if (len <= 32)
        return x86_short_valid(_mm256_maskz_loadu_epi8(_bzhi_u32(~0u, (unsigned)len), src));
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)src);
    __m256i b = _mm256_maskz_loadu_epi8(_bzhi_u32(~0u, (unsigned)(len - 32)), src + 32);
    return x86_short_valid2(a, b);
}

/* The short kernels with AVX-512 masks: 1 to 32 bytes, a masked load
** (zeros past the end, no read there) and masked stores of exactly the
** output; 33 to 64 bytes as AVX2 takes them (to UTF-8, after the masked
** check). */
WENC__INLINE ptrdiff_t x86_short_to_utf8_masked(const uint8_t *src, size_t len, uint8_t *dst,
                                                size_t cap)
{
    if (len == 0 || len > 64 || cap < len)
        return -1;
    if (len > 32) {
        if (!x86_short_valid64_masked(src, len))
            return -1;
        x86_copy64(src, len, dst);
        return (ptrdiff_t)len;
    }
    __mmask32 m = _bzhi_u32(~0u, (unsigned)len);
    __m256i v = _mm256_maskz_loadu_epi8(m, src);
    if (!x86_short_valid(v))
        return -1;
    _mm256_mask_storeu_epi8(dst, m, v);
    return (ptrdiff_t)len;
}

WENC__INLINE ptrdiff_t x86_short_to_utf16_masked(const uint8_t *src, size_t len, uint16_t *dst,
                                                 size_t cap)
{
    if (len == 0 || len > 64)
        return -1;
    if (len > 32)
        return x86_short_to_utf16_64(src, len, dst, cap);
    __mmask32 m = _bzhi_u32(~0u, (unsigned)len);
    __m256i v = _mm256_maskz_loadu_epi8(m, src);
    if (_mm256_movemask_epi8(v) == 0) {
        /* ASCII: widened at once (x86_decode_tail's compresses cost a
        ** 16-byte call a fifth of its time). */
        if (len > cap)
            return -1;
        _mm512_mask_storeu_epi16(dst, m, _mm512_cvtepu8_epi16(v));
        return (ptrdiff_t)len;
    }
    if (!x86_short_valid(v))
        return -1;
    size_t n = (size_t)_mm_popcnt_u32(x86_starts32(v) & m);
    /* 4-byte forms (two units each) as the AVX2 kernel takes them. */
    __mmask32 four = _mm256_cmpge_epu8_mask(v, _mm256_set1_epi8((char)0xF0));
    if (four != 0) {
        if (n + (size_t)_mm_popcnt_u32(four) > cap)
            return -1;
        return (ptrdiff_t)wenc__utf8_valid_to_utf16(src, len, dst);
    }
    if (n > cap)
        return -1;
    return x86_decode_tail(src, len, dst, 16);
}

#endif

#endif /* WENC_UTF8_X86_H */
