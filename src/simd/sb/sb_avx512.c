/* sb_avx512.c -- the single-byte decode kernel for AVX-512 F/BW/VL
** (sb_kernels.h): the index's 128 code points fill four 32-unit registers,
** and two vpermi2w (each choosing among 64 units by the low 6 bits of a
** byte) with a blend on bit 6 give every upper-half byte its code point;
** ASCII bytes are blended back in.  32 bytes per step (64 at once when
** they are all ASCII, as most of a page's markup is); the step that
** meets an unmapped byte, and the last, shorter one, use masked stores. */
#include <immintrin.h>

#include "engine/internal.h"
#include "simd/target.h"

/* Only with the single-byte family: the kernels read its tables
** (indexes/single_byte.c), which -Dencodings may leave out.  Outside
** the target region, which clang wants to hold a function. */
#if WENC__HAVE_FAMILY_SINGLE_BYTE

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)

#include "sb_kernels.h"

/* Decodes the N (1..32) bytes at S to O through the four registers T.
** Returns how many it wrote: N, or the position of the first unmapped
** byte. */
WENC__INLINE unsigned step32(const __m512i t[4], const uint8_t *s, uint16_t *o, unsigned n)
{
    __mmask32 live = n >= 32 ? ~(__mmask32)0 : ((__mmask32)1 << n) - 1;
    __m512i w = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(live, s));
    __m512i low = _mm512_permutex2var_epi16(t[0], w, t[1]);
    __m512i high = _mm512_permutex2var_epi16(t[2], w, t[3]);
    __mmask32 bit6 = _mm512_test_epi16_mask(w, _mm512_set1_epi16(0x40));
    __mmask32 upper = _mm512_test_epi16_mask(w, _mm512_set1_epi16(0x80));
    __m512i cp = _mm512_mask_blend_epi16(bit6, low, high);
    __m512i u = _mm512_mask_blend_epi16(upper, w, cp);
    /* Unmapped bytes (the step's error): the store stops before the first. */
    __mmask32 bad = _mm512_mask_cmpeq_epi16_mask(upper & live, cp,
                                                  _mm512_set1_epi16((short)WENC__NONE16));
    if (bad != 0) {
        n = (unsigned)__builtin_ctz(bad);
        live = ((__mmask32)1 << n) - 1;
    }
    _mm512_mask_storeu_epi16(o, live, u);
    return n;
}

static size_t to_utf16(const uint16_t *index, const uint32_t *runs, const uint8_t *src, size_t len,
                       uint16_t *dst)
{
    (void)runs; /* every byte is looked up: the four registers hold the index */
    if (len == 0)
        return 0;
    __m512i t[4];
    for (int k = 0; k < 4; k++)
        t[k] = _mm512_loadu_si512((const void *)(index + 32 * k));
    size_t i = 0;
    while (len - i >= 32) {
        if (len - i >= 64) { /* 64 ASCII bytes (most of a page's markup): widened */
            __m512i v = _mm512_loadu_si512((const void *)(src + i));
            if (_mm512_movepi8_mask(v) == 0) {
                _mm512_storeu_si512((void *)(dst + i),
                                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
                _mm512_storeu_si512((void *)(dst + i + 32),
                                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
                i += 64;
                continue;
            }
        }
        unsigned n = step32(t, src + i, dst + i, 32);
        i += n;
        if (n < 32)
            return i;
    }
    if (i < len)
        i += step32(t, src + i, dst + i, (unsigned)(len - i));
    return i;
}

/* Encodes the N (1..32) units at S to O: ASCII (not U+0000) as itself,
** the units of block MAIN through the table's four registers T (the low 7
** bits of a unit choose, as in step32), the first other unit or one
** without a byte stopping it.  Returns how many it wrote. */
WENC__INLINE unsigned encode32(const __m512i t[4], __m512i main, const uint16_t *s, uint8_t *o,
                               unsigned n)
{
    __mmask32 live = n >= 32 ? ~(__mmask32)0 : ((__mmask32)1 << n) - 1;
    __m512i w = _mm512_maskz_loadu_epi16(live, s);
    __mmask32 ascii = _mm512_cmplt_epu16_mask(w, _mm512_set1_epi16(0x80)) &
                      _mm512_test_epi16_mask(w, w);
    __mmask32 in_main = _mm512_cmpeq_epi16_mask(_mm512_srli_epi16(w, 7), main);
    __m512i low = _mm512_permutex2var_epi16(t[0], w, t[1]);
    __m512i high = _mm512_permutex2var_epi16(t[2], w, t[3]);
    __m512i byte = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(w, _mm512_set1_epi16(0x40)),
                                           low, high);
    __mmask32 ok = ascii | (in_main & _mm512_test_epi16_mask(byte, byte));
    if ((ok & live) != live) {
        n = (unsigned)__builtin_ctz(~ok);
        live = ((__mmask32)1 << n) - 1;
    }
    _mm512_mask_cvtepi16_storeu_epi8(o, live, _mm512_mask_blend_epi16(ascii, byte, w));
    return n;
}

static size_t from_utf16(const uint8_t *block, uint32_t main, const uint16_t *src, size_t len,
                         uint8_t *dst)
{
    if (len == 0)
        return 0;
    __m512i t[4];
    for (int k = 0; k < 4; k++)
        t[k] = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(block + 32 * k)));
    const __m512i m = _mm512_set1_epi16((short)main);
    size_t i = 0;
    while (len - i >= 32) {
        unsigned n = encode32(t, m, src + i, dst + i, 32);
        i += n;
        if (n < 32)
            return i;
    }
    if (i < len)
        i += encode32(t, m, src + i, dst + i, (unsigned)(len - i));
    return i;
}

const wenc__sb_kernels wenc__sb_avx512 = {
    .to_utf16 = to_utf16,
    .from_utf16 = from_utf16,
    .from_utf16_table = wenc__sb_sse2_from_utf16_table,
    .from_utf8_table = wenc__sb_sse2_from_utf8_table,
};

WENC__TARGET_END

#endif /* WENC__HAVE_FAMILY_SINGLE_BYTE */
