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
** runs' units made bytes in vectors too, the others patched in from the
** table; from UTF-8, runs of ASCII copied 16 bytes at a time, and the
** runs' two- and three-byte sequences decoded 8 at a time. */
#include <emmintrin.h>

#include "sb_kernels.h"
#include "utf8/dfa.h"

/* Only with the single-byte family: the kernels read its tables
** (indexes/single_byte.c), which -Dencodings may leave out. */
#if WENC__HAVE_FAMILY_SINGLE_BYTE

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

/* Copies the 16 bytes at S to O; the mask of those >= 0x80. */
WENC__INLINE unsigned mask16(const uint8_t *s, uint8_t *o)
{
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    _mm_storeu_si128((__m128i *)o, v);
    return (unsigned)_mm_movemask_epi8(v);
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
** vectors, every other byte (at most 4) from INDEX afterwards.  TOTAL:
** INDEX maps every byte; otherwise, if one of the 16 is unmapped, writes
** nothing and returns false (the byte loop then stops at it exactly), as
** for more than 4 bytes outside the runs (the byte loop's work). */
WENC__INLINE bool vector16(const runs16 *r, const uint16_t *index, const bool total,
                           const uint8_t *s, uint16_t *o)
{
    const __m128i top = _mm_set1_epi8((char)0x80), zero = _mm_setzero_si128();
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    __m128i in0 = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(v, r->first[0]), top), r->limit[0]);
    __m128i in1 = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(v, r->first[1]), top), r->limit[1]);
    unsigned rest = (unsigned)_mm_movemask_epi8(v) & ~(unsigned)_mm_movemask_epi8(_mm_or_si128(in0, in1));
    /* More than 4 bytes to patch: the byte loop's table costs less
    ** (windows-1256's Arabic letters, half of them outside its runs, at
    ** 1.0 of ICU to UTF-16 patched here; issue 43). */
    if (rest != 0) {
        /* Most blocks of Cyrillic, Greek, Hebrew text have none: the count
        ** only where there are some (it cost those 13 %). */
        unsigned more = rest & (rest - 1);
        more &= more - 1;
        more &= more - 1;
        more &= more - 1;
        if (more != 0)
            return false;
    }
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

/* Decodes the 16 bytes at S to O if at most 4 of them are upper-half
** bytes (the accented letters of a Latin text): all widened in vectors,
** those patched in from INDEX.  False (nothing written) for more (the
** byte loop's work) or, unless TOTAL, an unmapped one (the byte loop then
** stops at it exactly).  The byte loop alone decoded Czech and Turkish
** text at 1.4 of ICU (issue 43). */
WENC__INLINE bool few16(const uint16_t *index, const bool total, const uint8_t *s, uint16_t *o)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    unsigned m = (unsigned)_mm_movemask_epi8(v);
    unsigned more = m & (m - 1);
    more &= more - 1;
    more &= more - 1;
    more &= more - 1;
    if (more != 0)
        return false;
    if (!total)
        for (unsigned r = m; r != 0; r &= r - 1)
            if (index[s[__builtin_ctz(r)] & 0x7F] == WENC__NONE16)
                return false;
    _mm_storeu_si128((__m128i *)o, _mm_unpacklo_epi8(v, zero));
    _mm_storeu_si128((__m128i *)o + 1, _mm_unpackhi_epi8(v, zero));
    for (; m != 0; m &= m - 1) {
        unsigned k = (unsigned)__builtin_ctz(m);
        o[k] = index[s[k] & 0x7F];
    }
    return true;
}

#define TPL_ASCII16 ascii16
#define TPL_FEW16 few16
#define TPL_MASK16 mask16
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

/* The units of the index's two runs of consecutive code points (most
** letters of the Cyrillic, Greek, Hebrew and Thai encodings, Latin-1's
** upper half in windows-1252) are encoded in vectors, as vector16()
** decodes them: unit U is in a run if U - its first code point < its
** length, and its byte is U - (first code point - first byte).  Only the
** units of neither ASCII nor a run go to the table (issue 29; measured:
** windows-1253 from Greek text with the table alone ran at 0.73 of
** encoding_rs in the small profile, 0.85 of the fastest peer in the
** default one). */
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

/* The 8 code points A (below 0x10000): their bytes where they are in a
** run, 0 elsewhere; *IN the mask of those. */
WENC__INLINE __m128i urun8(const urun16 *r, __m128i a, __m128i *in)
{
    const __m128i flip = _mm_set1_epi16((short)0x8000);
    __m128i in0 = _mm_cmplt_epi16(_mm_xor_si128(_mm_sub_epi16(a, r->first[0]), flip), r->limit[0]);
    __m128i in1 = _mm_cmplt_epi16(_mm_xor_si128(_mm_sub_epi16(a, r->first[1]), flip), r->limit[1]);
    *in = _mm_or_si128(in0, in1);
    return _mm_or_si128(_mm_and_si128(in0, _mm_sub_epi16(a, r->delta[0])),
                        _mm_and_si128(in1, _mm_sub_epi16(a, r->delta[1])));
}

/* As urun8, ASCII too (itself). */
WENC__INLINE __m128i urun8_ascii(const urun16 *r, __m128i a, __m128i *ok)
{
    __m128i asc = _mm_cmpeq_epi16(_mm_and_si128(a, _mm_set1_epi16((short)0xFF80)),
                                  _mm_setzero_si128());
    __m128i in, bytes = urun8(r, a, &in);
    *ok = _mm_or_si128(asc, in);
    return _mm_or_si128(bytes, _mm_and_si128(asc, a));
}

/* Whether an index's runs hold enough of its letters to pay for looking
** at them: one of 20 code points or more from FROM up (from U+0180:
** Cyrillic, Greek, Hebrew, Arabic, Thai letters).  Not KOI8's, whose
** alphabets are not in code point order (its runs are of box-drawing
** characters; measured: KOI8-R from Russian text took 1.2 times the
** instructions with them), nor in the default profile Latin-1's
** (windows-1252 from French and German text took 1.06 times: an accented
** letter or two in 16 units, cheaper patched; in the small profile, whose
** table costs more, it took 1.04 times from UTF-16 without them). */
WENC__INLINE bool runs_pay(const uint32_t *runs, uint32_t from)
{
    bool pay = false;
    for (int k = 0; k < 2; k++)
        pay |= (((runs[k] >> 16) + (runs[k] & 0xFF)) & 0xFFFF) >= from &&
               (runs[k] >> 8 & 0xFF) >= 20;
    return pay;
}

/* from_utf16_table with the runs (RUNS true) or without them. */
WENC__INLINE size_t from_utf16_blocks(const uint8_t *top, uint32_t last, const urun16 *r,
                                      const bool runs, const uint16_t *s, size_t n, uint8_t *dst)
{
    size_t i = 0;
    while (n - i >= 16) {
        if (ascii16_from_utf16(s + i, dst + i)) {
            i += 16;
            continue;
        }
        /* 16 units in one go: ASCII (and the runs' units) in vectors, the
        ** others patched in from the table.  At one without a byte the
        ** kernel stops there; what was stored after it is scratch inside
        ** the output's room. */
        __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(s + i) + 1);
        __m128i ok_a, ok_b;
        if (runs) {
            a = urun8_ascii(r, a, &ok_a);
            b = urun8_ascii(r, b, &ok_b);
        } else {
            const __m128i high = _mm_set1_epi16((short)0xFF80), zero = _mm_setzero_si128();
            ok_a = _mm_cmpeq_epi16(_mm_and_si128(a, high), zero);
            ok_b = _mm_cmpeq_epi16(_mm_and_si128(b, high), zero);
        }
        unsigned rest = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(ok_a, ok_b)) & 0xFFFF;
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

size_t wenc__sb_sse2_from_utf16_table(const uint8_t *top, uint32_t last, const uint32_t *runs,
                                      const uint16_t *s, size_t n, uint8_t *dst)
{
    /* Each error restarts the kernel: no more than a test for an index
    ** without runs to speak of. */
    if (!runs_pay(runs, WENC__TABLES_SMALL ? 0xA0 : 0x180))
        return from_utf16_blocks(top, last, NULL, false, s, n, dst);
    urun16 r;
    urun16_init(&r, runs);
    return from_utf16_blocks(top, last, &r, true, s, n, dst);
}

/* From UTF-8, the runs' letters in vectors too: the two-byte sequences
** of Cyrillic and Greek words 8 at a time, the three-byte ones of Thai
** text (which has no spaces between words) 8 at a time; each returns how
** many of its 8, from the first, are well-formed sequences of a run's
** code points (their bytes stored at O; 8 stored in all, the others
** scratch). */

/* The 8 pairs of bytes at S, each lead | continuation << 8 in its lane
** (overlong C0 and C1 leads make code points below 0x80, in no run). */
WENC__INLINE unsigned pairs8(const urun16 *r, const uint8_t *s, uint8_t *o)
{
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    __m128i shape = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xC0E0)),
                                    _mm_set1_epi16((short)0x80C0));
    __m128i cp = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(v, _mm_set1_epi16(0x1F)), 6),
                              _mm_and_si128(_mm_srli_epi16(v, 8), _mm_set1_epi16(0x3F)));
    __m128i in, bytes = urun8(r, cp, &in);
    _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(bytes, bytes));
    unsigned bad = ~(unsigned)_mm_movemask_epi8(_mm_and_si128(in, shape)) & 0xFFFF;
    return bad == 0 ? 8 : (unsigned)__builtin_ctz(bad) / 2;
}

/* The 4 three-byte sequences at S (12 bytes) as code points in 32-bit
** lanes minus 0x8000 (for a signed pack), and *SHAPE the mask of those
** shaped E0..EF 80..BF 80..BF and not overlong (a run may hold Latin-1's
** code points: windows-1252's).  Surrogates are in no run. */
WENC__INLINE __m128i triples4(const uint8_t *s, __m128i *shape)
{
    /* Lane k takes bytes 3k..3k+2: the block shifted up by k bytes. */
    const __m128i lane0 = _mm_set_epi32(0, 0, 0, -1), lane1 = _mm_set_epi32(0, 0, -1, 0);
    const __m128i lane2 = _mm_set_epi32(0, -1, 0, 0), lane3 = _mm_set_epi32(-1, 0, 0, 0);
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    __m128i w = _mm_or_si128(_mm_or_si128(_mm_and_si128(v, lane0),
                                          _mm_and_si128(_mm_slli_si128(v, 1), lane1)),
                             _mm_or_si128(_mm_and_si128(_mm_slli_si128(v, 2), lane2),
                                          _mm_and_si128(_mm_slli_si128(v, 3), lane3)));
    __m128i cp = _mm_or_si128(
        _mm_or_si128(_mm_slli_epi32(_mm_and_si128(w, _mm_set1_epi32(0x0F)), 12),
                     _mm_srli_epi32(_mm_and_si128(w, _mm_set1_epi32(0x3F00)), 2)),
        _mm_srli_epi32(_mm_and_si128(w, _mm_set1_epi32(0x3F0000)), 16));
    *shape = _mm_and_si128(_mm_cmpeq_epi32(_mm_and_si128(w, _mm_set1_epi32(0xC0C0F0)),
                                           _mm_set1_epi32(0x8080E0)),
                           _mm_cmpgt_epi32(cp, _mm_set1_epi32(0x7FF)));
    return _mm_sub_epi32(cp, _mm_set1_epi32(0x8000));
}

/* The 8 three-byte sequences at S (24 bytes; 28 are read). */
WENC__INLINE unsigned triples8(const urun16 *r, const uint8_t *s, uint8_t *o)
{
    __m128i shape_a, shape_b;
    __m128i a = triples4(s, &shape_a), b = triples4(s + 12, &shape_b);
    __m128i cp = _mm_xor_si128(_mm_packs_epi32(a, b), _mm_set1_epi16((short)0x8000));
    __m128i in, bytes = urun8(r, cp, &in);
    _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(bytes, bytes));
    in = _mm_and_si128(in, _mm_packs_epi32(shape_a, shape_b));
    unsigned bad = ~(unsigned)_mm_movemask_epi8(in) & 0xFFFF;
    return bad == 0 ? 8 : (unsigned)__builtin_ctz(bad) / 2;
}

/* from_utf8_table with the runs (RUNS true) or without them. */
WENC__INLINE size_t from_utf8_loop(const uint8_t *top, uint32_t last, const urun16 *r,
                                   const bool runs, const uint8_t *s, size_t end, uint8_t *dst,
                                   size_t *written)
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
            /* A word's letters, if the next code point is a two-byte one
            ** too (a Latin text's accented letters come one at a time);
            ** the sequences start before END, and the 8 bytes out fit in
            ** the room: END - POS bounds both. */
            if (runs && end - pos >= 16 && (s[pos + 2] & 0xE0) == 0xC0) {
                unsigned k = pairs8(r, s + pos, dst + out);
                if (k != 0) {
                    pos += 2 * k;
                    out += k;
                    continue;
                }
            }
            cp = (b0 & 0x1F) << 6 | (b1 & 0x3F);
            uint32_t byte = wenc__sb_encode_byte(top, last, cp);
            if (byte < 0x80)
                break;
            dst[out++] = (uint8_t)byte;
            pos += 2;
            continue;
        }
        /* Two three-byte sequences in a row with the same lead: Thai
        ** text (a Latin text's quotation marks come one at a time). */
        if (runs && (b0 & 0xF0) == 0xE0 && end - pos >= 28 && s[pos + 3] == b0) {
            unsigned k = triples8(r, s + pos, dst + out);
            if (k != 0) {
                pos += 3 * k;
                out += k;
                continue;
            }
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

/* Without the runs: a function of its own (measured: inside the one with
** them, KOI8-R from Russian text took 1.05 times the instructions). */
static __attribute__((noinline)) size_t from_utf8_plain(const uint8_t *top, uint32_t last,
                                                        const uint8_t *s, size_t end,
                                                        uint8_t *dst, size_t *written)
{
    return from_utf8_loop(top, last, NULL, false, s, end, dst, written);
}

size_t wenc__sb_sse2_from_utf8_table(const uint8_t *top, uint32_t last, const uint32_t *runs,
                                     const uint8_t *s, size_t end, uint8_t *dst, size_t *written)
{
    /* Each error restarts the kernel: no more than a test for an index
    ** without runs to speak of. */
    if (!runs_pay(runs, 0x180))
        return from_utf8_plain(top, last, s, end, dst, written);
    urun16 r;
    urun16_init(&r, runs);
    return from_utf8_loop(top, last, &r, true, s, end, dst, written);
}

const wenc__sb_kernels wenc__sb_sse2 = {
    .to_utf16 = to_utf16,
    .to_utf8 = to_utf8,
    .from_utf16_table = wenc__sb_sse2_from_utf16_table,
    .from_utf8_table = wenc__sb_sse2_from_utf8_table,
};

#endif /* WENC__HAVE_FAMILY_SINGLE_BYTE */
