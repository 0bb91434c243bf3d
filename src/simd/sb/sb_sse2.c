/* sb_sse2.c -- the single-byte kernels for SSE2, the x86-64 baseline
** (sb_kernels.h), 16 bytes or units a step; the SSE2 and SSE4.1 sets use
** them all, the AVX2 and AVX-512 sets the encode kernels.
**
** Decode (sb_decode_tpl.h): a block of ASCII widened or copied; to UTF-16
** any other block in vectors too: ASCII and the bytes of the index's two
** runs of consecutive code points (most letters of the Cyrillic, Greek,
** Hebrew and Thai encodings) directly, the other bytes (few in most text:
** the accented letters of the Latin encodings, punctuation) patched in
** from the index afterwards.  Encode: 16 units narrowed in a vector, the
** ones that are not ASCII patched in from the table; from UTF-8, runs of
** ASCII copied 16 bytes at a time. */
#include <emmintrin.h>

#include "sb_kernels.h"
#include "utf8/dfa.h"

/* Whether the 16 bytes at S are all ASCII; if so copies them to O (UTF-8,
** WIDE false) or widens them to 16 units at O (UTF-16, WIDE true). */
WENC__INLINE bool ascii16(const uint8_t *s, void *o, const bool wide)
{
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    if (_mm_movemask_epi8(v) != 0)
        return false;
    if (wide) {
        const __m128i zero = _mm_setzero_si128();
        _mm_storeu_si128((__m128i *)o, _mm_unpacklo_epi8(v, zero));
        _mm_storeu_si128((__m128i *)o + 1, _mm_unpackhi_epi8(v, zero));
    } else {
        _mm_storeu_si128((__m128i *)o, v);
    }
    return true;
}

/* Whether INDEX maps every byte (none of its 128 is 0xFFFF). */
WENC__INLINE bool total16(const uint16_t *index)
{
    __m128i none = _mm_setzero_si128();
    for (int k = 0; k < 16; k++)
        none = _mm_or_si128(none, _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(index + 8 * k)),
                                                  _mm_set1_epi16(-1)));
    return _mm_movemask_epi8(none) == 0;
}

/* The two runs of consecutive code points of an index (tools/gen-tables.py,
** wenc__sb_decode_runs), ready for vector16(). */
typedef struct runs16 {
    __m128i first[2], limit[2], delta[2];
} runs16;

WENC__INLINE void runs16_init(runs16 *r, const uint32_t *packed)
{
    for (int k = 0; k < 2; k++) {
        uint32_t v = packed[k];
        r->first[k] = _mm_set1_epi8((char)(v & 0xFF));
        /* Byte b is in the run if (b - first) < length, compared as signed
        ** bytes after flipping the top bit; length 0 admits nothing. */
        r->limit[k] = _mm_set1_epi8((char)(uint8_t)(((v >> 8) & 0xFF) ^ 0x80));
        r->delta[k] = _mm_set1_epi16((short)(v >> 16));
    }
}

/* Decodes the 16 bytes at S to O: ASCII and the bytes of the two runs in
** vectors, every other byte from INDEX afterwards.  TOTAL: INDEX maps
** every byte; otherwise, if one of the 16 is unmapped, writes nothing and
** returns false (the byte loop then stops at it exactly). */
WENC__INLINE bool vector16(const runs16 *r, const uint16_t *index, const bool total,
                           const uint8_t *s, uint16_t *o)
{
    const __m128i top = _mm_set1_epi8((char)0x80), zero = _mm_setzero_si128();
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    __m128i in0 = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(v, r->first[0]), top), r->limit[0]);
    __m128i in1 = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(v, r->first[1]), top), r->limit[1]);
    unsigned rest = (unsigned)_mm_movemask_epi8(v) & ~(unsigned)_mm_movemask_epi8(_mm_or_si128(in0, in1));
    if (!total)
        for (unsigned m = rest; m != 0; m &= m - 1)
            if (index[s[__builtin_ctz(m)] & 0x7F] == WENC__NONE16)
                return false;
    __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    lo = _mm_add_epi16(lo, _mm_and_si128(_mm_unpacklo_epi8(in0, in0), r->delta[0]));
    lo = _mm_add_epi16(lo, _mm_and_si128(_mm_unpacklo_epi8(in1, in1), r->delta[1]));
    hi = _mm_add_epi16(hi, _mm_and_si128(_mm_unpackhi_epi8(in0, in0), r->delta[0]));
    hi = _mm_add_epi16(hi, _mm_and_si128(_mm_unpackhi_epi8(in1, in1), r->delta[1]));
    _mm_storeu_si128((__m128i *)o, lo);
    _mm_storeu_si128((__m128i *)o + 1, hi);
    for (; rest != 0; rest &= rest - 1) {
        unsigned k = (unsigned)__builtin_ctz(rest);
        o[k] = index[s[k] & 0x7F];
    }
    return true;
}

#define TPL_ASCII16 ascii16
#define TPL_TOTAL total16
#define TPL_RUNS runs16
#define TPL_RUNS_INIT runs16_init
#define TPL_BLOCK16 vector16
#define TPL_NAME_UTF16 utf16_blocks
#define TPL_NAME_UTF8 utf8_blocks
#define TPL_NAME_TO_UTF16 to_utf16
#define TPL_NAME_TO_UTF8 to_utf8
#include "sb_decode_tpl.h"

/* Whether the 16 UTF-16 units at S are ASCII; if so narrows them to O. */
WENC__INLINE bool ascii16_from_utf16(const uint16_t *s, uint8_t *o)
{
    __m128i a = _mm_loadu_si128((const __m128i *)s);
    __m128i b = _mm_loadu_si128((const __m128i *)s + 1);
    __m128i high = _mm_and_si128(_mm_or_si128(a, b), _mm_set1_epi16((short)0xFF80));
    if (_mm_movemask_epi8(_mm_cmpeq_epi16(high, _mm_setzero_si128())) != 0xFFFF)
        return false;
    _mm_storeu_si128((__m128i *)o, _mm_packus_epi16(a, b));
    return true;
}

#if WENC__TABLES_SMALL
/* The small profile's table (sb_kernels.h) costs more per unit than the
** default's, so the units of the index's two runs of consecutive code
** points (most letters of the Cyrillic, Greek, Hebrew and Thai encodings)
** are encoded in vectors, as vector16() decodes them: unit U is in a run
** if U - its first code point < its length, and its byte is U - (first
** code point - first byte).  Measured: windows-1253 from Greek text
** with the table alone ran at 0.73 of encoding_rs under this set. */
typedef struct urun16 {
    __m128i first[2], limit[2], delta[2];
} urun16;

WENC__INLINE void urun16_init(urun16 *r, const uint32_t *packed)
{
    for (int k = 0; k < 2; k++) {
        uint32_t v = packed[k], delta = v >> 16, first = (delta + (v & 0xFF)) & 0xFFFF;
        r->first[k] = _mm_set1_epi16((short)first);
        /* Compared as signed after flipping the top bit; length 0 admits
        ** nothing. */
        r->limit[k] = _mm_set1_epi16((short)(((v >> 8) & 0xFF) ^ 0x8000));
        r->delta[k] = _mm_set1_epi16((short)delta);
    }
}

/* The 8 units A: their bytes where they are in a run, 0 elsewhere; *IN
** the run units' mask. */
WENC__INLINE __m128i urun8(const urun16 *r, __m128i a, __m128i *in)
{
    const __m128i flip = _mm_set1_epi16((short)0x8000);
    __m128i in0 = _mm_cmplt_epi16(_mm_xor_si128(_mm_sub_epi16(a, r->first[0]), flip), r->limit[0]);
    __m128i in1 = _mm_cmplt_epi16(_mm_xor_si128(_mm_sub_epi16(a, r->first[1]), flip), r->limit[1]);
    *in = _mm_or_si128(in0, in1);
    return _mm_or_si128(_mm_and_si128(in0, _mm_sub_epi16(a, r->delta[0])),
                        _mm_and_si128(in1, _mm_sub_epi16(a, r->delta[1])));
}
#endif

size_t wenc__sb_sse2_from_utf16_table(const uint8_t *top, uint32_t last, const uint16_t *s,
                                      size_t n, uint8_t *dst)
{
    size_t i = 0;
#if WENC__TABLES_SMALL
    urun16 r;
    urun16_init(&r, wenc__sb_decode_runs + 2 * (last & 0xFF));
#endif
    while (n - i >= 16) {
        if (ascii16_from_utf16(s + i, dst + i)) {
            i += 16;
            continue;
        }
#if WENC__TABLES_SMALL
        {
            const __m128i high = _mm_set1_epi16((short)0xFF80), zero = _mm_setzero_si128();
            __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(s + i) + 1);
            __m128i asc_a = _mm_cmpeq_epi16(_mm_and_si128(a, high), zero);
            __m128i asc_b = _mm_cmpeq_epi16(_mm_and_si128(b, high), zero);
            __m128i in_a, in_b;
            __m128i byte_a = _mm_or_si128(urun8(&r, a, &in_a), _mm_and_si128(asc_a, a));
            __m128i byte_b = _mm_or_si128(urun8(&r, b, &in_b), _mm_and_si128(asc_b, b));
            __m128i ok = _mm_packs_epi16(_mm_or_si128(asc_a, in_a), _mm_or_si128(asc_b, in_b));
            unsigned rest = ~(unsigned)_mm_movemask_epi8(ok) & 0xFFFF;
            _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(byte_a, byte_b));
            for (; rest != 0; rest &= rest - 1) {
                unsigned k = (unsigned)__builtin_ctz(rest);
                uint32_t byte = wenc__sb_encode_byte(top, last, s[i + k]);
                if (byte == 0)
                    return i + k;
                dst[i + k] = (uint8_t)byte;
            }
            i += 16;
            continue;
        }
#endif
        /* 16 units in one go: ASCII narrowed in a vector, the others
        ** patched in from the table.  At one without a byte the kernel
        ** stops there; what was stored after it is scratch inside the
        ** output's room. */
        const __m128i high = _mm_set1_epi16((short)0xFF80), zero = _mm_setzero_si128();
        __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(s + i) + 1);
        __m128i asc = _mm_packs_epi16(_mm_cmpeq_epi16(_mm_and_si128(a, high), zero),
                                      _mm_cmpeq_epi16(_mm_and_si128(b, high), zero));
        unsigned rest = ~(unsigned)_mm_movemask_epi8(asc) & 0xFFFF;
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(a, b));
        for (; rest != 0; rest &= rest - 1) {
            unsigned k = (unsigned)__builtin_ctz(rest);
            uint32_t byte = wenc__sb_encode_byte(top, last, s[i + k]);
            if (byte == 0)
                return i + k;
            dst[i + k] = (uint8_t)byte;
        }
        i += 16;
    }
    return i;
}

size_t wenc__sb_sse2_from_utf8_table(const uint8_t *top, uint32_t last, const uint8_t *s,
                                     size_t end, uint8_t *dst, size_t *written)
{
    size_t pos = 0, out = 0;
    while (pos < end) {
        uint32_t b0 = s[pos], b1 = s[pos + 1], cp;
        if (b0 < 0x80) {
            /* Two ASCII bytes in a row: copy 16 bytes (room for them is
            ** certain: end - pos bounds the output's room) and keep the
            ** ASCII ones; the others are scratch, overwritten by the next
            ** bytes out. */
            if (b1 < 0x80 && end - pos >= 16) {
                unsigned mask;
                do {
                    __m128i v = _mm_loadu_si128((const __m128i *)(s + pos));
                    mask = (unsigned)_mm_movemask_epi8(v);
                    _mm_storeu_si128((__m128i *)(dst + out), v);
                    unsigned ascii = mask == 0 ? 16 : (unsigned)__builtin_ctz(mask);
                    pos += ascii;
                    out += ascii;
                } while (mask == 0 && end - pos >= 16);
                continue;
            }
            /* U+0000 is left to the step (its byte is the table's 0). */
            if (b0 == 0)
                break;
            dst[out++] = (uint8_t)b0;
            pos++;
            continue;
        }
        /* Two-byte sequences: all of Cyrillic, Greek, Hebrew, Arabic and
        ** the Latin letters.  Overlong C0 and C1 leads make code points
        ** below 0x80, whose "bytes" (themselves) are refused. */
        if ((b0 & 0xE0) == 0xC0 && (b1 & 0xC0) == 0x80) {
            cp = (b0 & 0x1F) << 6 | (b1 & 0x3F);
            uint32_t byte = wenc__sb_encode_byte(top, last, cp);
            if (byte < 0x80)
                break;
            dst[out++] = (uint8_t)byte;
            pos += 2;
            continue;
        }
        if (wenc__utf8_decode_valid(s, pos, end + 2, &cp) != 3)
            break;
        uint32_t byte = wenc__sb_encode_byte(top, last, cp);
        if (byte == 0)
            break;
        dst[out++] = (uint8_t)byte;
        pos += 3;
    }
    *written = out;
    return pos;
}

const wenc__sb_kernels wenc__sb_sse2 = {
    .to_utf16 = to_utf16,
    .to_utf8 = to_utf8,
    .from_utf16_table = wenc__sb_sse2_from_utf16_table,
    .from_utf8_table = wenc__sb_sse2_from_utf8_table,
};
