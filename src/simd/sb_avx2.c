/* sb_avx2.c -- the single-byte decode kernel for AVX2, 32 bytes a step
** (sb_kernels.h).  The same body in 128 bits (SSSE3/SSE4.1) decoded Latin
** text to UTF-16 at 0.5-0.6 of the handler's SSE2 loop and was removed
** (tests/bench/results/issue-12-single-byte-text.md).
**
** The index's 128 code points are split into 8 slices of 16, each as a
** table of low bytes and one of high bytes; pshufb looks a block of bytes
** up in each slice.  A byte's index for slice K is (byte - 0x80 - 16K) +
** 0x70 with unsigned saturation: 0x70..0x7F (the low 4 bits kept) for the
** bytes of the slice, 0x80 or more (pshufb's zero) for every other byte,
** ASCII included; so or-ing the 8 lookups gives each byte its code point,
** and ASCII bytes are blended back in. */
#include <immintrin.h>

#include "sb_kernels.h"

#define W 32
typedef __m256i vec;
#define SET1(x) _mm256_set1_epi8((char)(x))
#define SUB(a, b) _mm256_sub_epi8(a, b)
#define ADDS(a, b) _mm256_adds_epu8(a, b)
#define SHUF(t, i) _mm256_shuffle_epi8(t, i)
#define OR(a, b) _mm256_or_si256(a, b)
#define AND(a, b) _mm256_and_si256(a, b)
#define BLENDV(a, b, m) _mm256_blendv_epi8(a, b, m)
#define CMPEQ(a, b) _mm256_cmpeq_epi8(a, b)
#define MOVEMASK(a) (uint32_t) _mm256_movemask_epi8(a)
#define UNPACKLO(a, b) _mm256_unpacklo_epi8(a, b)
#define UNPACKHI(a, b) _mm256_unpackhi_epi8(a, b)
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), v)
/* The unpacks work within 128-bit lanes: quadwords 0 2 1 3 make their
** outputs come out in order. */
#define ORDER(v) _mm256_permute4x64_epi64(v, 0xD8)
#define WIDEN(p, v)                                                                   \
    (_mm256_storeu_si256((__m256i *)(p), _mm256_cvtepu8_epi16(_mm256_castsi256_si128(v))), \
     _mm256_storeu_si256((__m256i *)(p) + 1, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(v, 1))))
/* A slice's 16 bytes in both lanes. */
#define TABLE(x) _mm256_broadcastsi128_si256(x)

static size_t to_utf16(const uint16_t *index, const uint8_t *src, size_t len, uint16_t *dst)
{
    if (len < W)
        return 0;
    /* The slices, low and high bytes apart (built once per call). */
    vec lo_t[8], hi_t[8];
    for (int k = 0; k < 8; k++) {
        const __m128i mask = _mm_set1_epi16(0xFF);
        __m128i a = _mm_loadu_si128((const __m128i *)(index + 16 * k));
        __m128i b = _mm_loadu_si128((const __m128i *)(index + 16 * k + 8));
        lo_t[k] = TABLE(_mm_packus_epi16(_mm_and_si128(a, mask), _mm_and_si128(b, mask)));
        hi_t[k] = TABLE(_mm_packus_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8)));
    }
    const vec base = SET1(0x80), sixteen = SET1(16), bias = SET1(0x70), ones = SET1(0xFF);
    size_t i = 0;
    for (; len - i >= W; i += W) {
        vec raw = LOADU(src + i);
        if (MOVEMASK(raw) == 0) { /* ASCII (most of a page's markup) */
            WIDEN(dst + i, raw);
            continue;
        }
        vec v = ORDER(raw);
        vec x = SUB(v, base), lo = SET1(0), hi = SET1(0);
        for (int k = 0; k < 8; k++) {
            vec at = ADDS(x, bias);
            lo = OR(lo, SHUF(lo_t[k], at));
            hi = OR(hi, SHUF(hi_t[k], at));
            x = SUB(x, sixteen);
        }
        lo = BLENDV(v, lo, v); /* ASCII: the byte itself (its high byte is 0) */
        /* Unmapped (0xFFFF): left, with the rest of the block, to the
        ** caller's loop, which stops exactly at it. */
        if (MOVEMASK(CMPEQ(AND(lo, hi), ones)) != 0)
            break;
        STOREU(dst + i, UNPACKLO(lo, hi));
        STOREU(dst + i + W / 2, UNPACKHI(lo, hi));
    }
    return i;
}

const wenc__sb_kernels wenc__sb_avx2 = {
    .to_utf16 = to_utf16,
};
