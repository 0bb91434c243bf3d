/* utf16_sse41.c -- the UTF-16 -> UTF-8 kernel with SSSE3 and SSE4.1
** (utf16_kernels.h): eight units per vector, each widened to a 32-bit lane
** holding its 1- to 3-byte UTF-8 sequence, then packed with pshufb through
** wenc__utf16_pack (utf16_impl.h).  A block with a surrogate goes to the
** scalar loop.  The other kernels are SSE2's. */
#include <smmintrin.h>
#include <tmmintrin.h>

#include "utf16_impl.h"

/* The UTF-8 sequences of the four units in the 32-bit lanes of U (first
** byte lowest): 1 byte below U+0080, 2 below U+0800, else 3. */
static inline __m128i sequences(__m128i u)
{
    const __m128i x3f = _mm_set1_epi32(0x3F), x80 = _mm_set1_epi32(0x80);
    __m128i last = _mm_or_si128(_mm_and_si128(u, x3f), x80);
    __m128i middle = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(u, 6), x3f), x80);
    __m128i three = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(u, 12), _mm_set1_epi32(0xE0)),
                                 _mm_or_si128(_mm_slli_epi32(middle, 8), _mm_slli_epi32(last, 16)));
    __m128i two = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(u, 6), _mm_set1_epi32(0xC0)),
                               _mm_slli_epi32(last, 8));
    __m128i r = _mm_blendv_epi8(three, two, _mm_cmplt_epi32(u, _mm_set1_epi32(0x800)));
    return _mm_blendv_epi8(r, u, _mm_cmplt_epi32(u, x80));
}

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    const __m128i ff80 = _mm_set1_epi16((short)0xFF80), f800 = _mm_set1_epi16((short)0xF800);
    const __m128i d800 = _mm_set1_epi16((short)0xD800), zero = _mm_setzero_si128();
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    size_t pos = 0, out = 0;
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        /* A block of 8 units writes at most 24 bytes, through two 16-byte
        ** stores the second of which starts at most 12 bytes in. */
        while (len - pos >= 8 && cap - out >= 28) {
            __m128i v = _mm_loadu_si128((const __m128i *)(src + pos));
            __m128i ascii = _mm_cmpeq_epi16(_mm_and_si128(v, ff80), zero);
            if (_mm_movemask_epi8(ascii) == 0xFFFF) {
                /* ASCII: 8 units, then 16 at a time while it lasts. */
                _mm_storel_epi64((__m128i *)(dst + out), _mm_packus_epi16(v, v));
                pos += 8;
                out += 8;
                while (len - pos >= 16 && cap - out >= 16) {
                    __m128i a = _mm_loadu_si128((const __m128i *)(src + pos));
                    __m128i b = _mm_loadu_si128((const __m128i *)(src + pos + 8));
                    if (!_mm_testz_si128(_mm_or_si128(a, b), ff80))
                        break;
                    _mm_storeu_si128((__m128i *)(dst + out), _mm_packus_epi16(a, b));
                    pos += 16;
                    out += 16;
                }
                continue;
            }
            __m128i top = _mm_and_si128(v, f800);
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(top, d800)) != 0)
                break;
            /* Bits 0-7: unit is ASCII; 8-15: below U+0800.  Inverted, then
            ** split into the two halves' pack indexes. */
            unsigned m =
                ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(ascii, _mm_cmpeq_epi16(top, zero)));
            unsigned i0 = (m & 0x0F) | ((m >> 4) & 0xF0);
            unsigned i1 = ((m >> 4) & 0x0F) | ((m >> 8) & 0xF0);
            __m128i s0 = _mm_shuffle_epi8(sequences(_mm_unpacklo_epi16(v, zero)),
                                          _mm_loadu_si128((const __m128i *)wenc__utf16_pack[i0]));
            __m128i s1 = _mm_shuffle_epi8(sequences(_mm_unpackhi_epi16(v, zero)),
                                          _mm_loadu_si128((const __m128i *)wenc__utf16_pack[i1]));
            size_t l0 = wenc__utf16_pack_len[i0], l1 = wenc__utf16_pack_len[i1];
            /* The second store keeps what DST held past its bytes (read
            ** before the first store reaches there): nothing past the
            ** bytes written is ever changed. */
            __m128i old = _mm_loadu_si128((const __m128i *)(dst + out + l0));
            _mm_storeu_si128((__m128i *)(dst + out), s0);
            __m128i keep = _mm_cmplt_epi8(iota, _mm_set1_epi8((char)l1));
            _mm_storeu_si128((__m128i *)(dst + out + l0), _mm_blendv_epi8(old, s1, keep));
            pos += 8;
            out += l0 + l1;
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = len - pos < 8 || cap - out < 28;
        size_t w, n = wenc__u16_to_utf8_scalar(src + pos, tail || len - pos < 9 ? len - pos : 9,
                                               dst + out, cap - out, &w);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

static size_t bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written)
{
    return wenc__u16_bytes_to_utf8_via(src, len, be, dst, cap, written,
                                       wenc__utf16_sse2_bytes_to_utf16, to_utf8);
}

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
};
