/* utf8_sse2.c -- the UTF-8 kernels for SSE2, the x86-64 baseline
** (utf8_kernels.h).  Without byte shuffles the block check of the newer
** sets does not pay; validation is the toolkit's earlier fast path: ASCII
** 16 bytes at a time, blocks of 1- to 3-byte sequences checked on bit
** masks, dense text through the shift DFA, the rest a sequence at a time.
** Its count serves the newer x86 sets too, its ascii_prefix SSE4.1. */
#include <emmintrin.h>

#include "simd/vec_x86.h"
#include "utf8_scalar.h"

#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* The index of the first byte of S[I..N) that is not ASCII, or N. */
WENC__INLINE size_t skip_ascii(const uint8_t *s, size_t i, size_t n)
{
    while (n - i >= 32) {
        __m128i a = LOADU(s + i), b = LOADU(s + i + 16);
        int m = _mm_movemask_epi8(_mm_or_si128(a, b));
        if (m != 0) {
            m = _mm_movemask_epi8(a);
            if (m != 0)
                return i + (size_t)__builtin_ctz((unsigned)m);
            m = _mm_movemask_epi8(b);
            return i + 16 + (size_t)__builtin_ctz((unsigned)m);
        }
        i += 32;
    }
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

/* How many of the 16 bytes at P, a sequence starting at P[0], are valid
** text of 1-, 2- and 3-byte sequences (all of the BMP but the surrogates):
** 16, or fewer when a sequence begun near the end goes on in the next
** block (it is left for that block), or 0 if the block holds anything else
** (4-byte sequences, errors: then the slower paths decide).  *ASCII tells
** whether all 16 bytes are ASCII.  This is the DFA's table without the
** F0..F4 rows, on bit masks (bit K for byte K):
**   - every byte 80..FF is a lead C2..EF or a continuation 80..BF,
**   - the continuations are exactly the 1 (C2..DF) or 2 (E0..EF) bytes
**     after each lead (a lead where a continuation must be fails this),
**   - after E0 comes A0..BF and after ED 80..9F (the standard's lower and
**     upper boundaries). */
WENC__INLINE size_t bmp_block(const uint8_t *p, bool *ascii)
{
    __m128i v = LOADU(p);
    unsigned high = (unsigned)_mm_movemask_epi8(v);
    *ascii = high == 0;
    if (high == 0)
        return 16;
    /* As signed bytes: 80..9F are -128..-97, 80..BF are -128..-65, C2..DF
    ** are -62..-33 and E0..EF are -32..-17. */
    unsigned cont = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-64)));
    unsigned lead2 = (unsigned)_mm_movemask_epi8(_mm_and_si128(
        _mm_cmpgt_epi8(v, _mm_set1_epi8(-63)), _mm_cmplt_epi8(v, _mm_set1_epi8(-32))));
    unsigned lead3 = (unsigned)_mm_movemask_epi8(_mm_and_si128(
        _mm_cmpgt_epi8(v, _mm_set1_epi8(-33)), _mm_cmplt_epi8(v, _mm_set1_epi8(-16))));
    if (high != (lead2 | lead3 | cont) ||
        cont != (((lead2 | lead3) << 1 | lead3 << 2) & 0xFFFF))
        return 0;
    if (lead3 != 0) {
        unsigned e0 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE0)));
        unsigned ed = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xED)));
        unsigned low = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-96)));
        if (((e0 << 1) & low) != 0 || ((ed << 1) & cont & ~low) != 0)
            return 0;
    }
    /* A sequence that the block does not hold whole starts the next one. */
    if (lead3 & 0x4000)
        return 14;
    if ((lead2 | lead3) & 0x8000)
        return 15;
    return 16;
}

static size_t valid_prefix(const uint8_t *src, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (src[i] < 0x80) {
            i = skip_ascii(src, i + 1, len);
            continue;
        }
        if (len - i >= 16) {
            bool ascii;
            size_t ok = bmp_block(src + i, &ascii);
            if (ok != 0) {
                /* Such text tends to go on: stay in the block loop, until
                ** a block of ASCII hands over to the ASCII skip. */
                do
                    i += ok;
                while (!ascii && len - i >= 16 && (ok = bmp_block(src + i, &ascii)) != 0);
                continue;
            }
        }
        if (len - i >= 32 && wenc__utf8_dense(src + i)) {
            size_t j = wenc__utf8_shift_run(src, i, len);
            if (j != i) {
                i = j;
                continue;
            }
        }
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, i, len, &cp);
        if (n == 0)
            break;
        i += n;
    }
    return i;
}

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_V16 __m128i
#define TPL_NAME_COPY ascii_to_utf8
#define TPL_ASCII_LEN v128_ascii_len
#include "utf8_copy_tpl.h"

/* Widens the 16 ASCII bytes V to units of FORM at D. */
WENC__INLINE void widen16(__m128i v, void *d, int form)
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

/* The first 8 bytes of V as 8 units of FORM at D. */
WENC__INLINE void widen8(__m128i v, void *d, int form)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_unpacklo_epi8(v, zero);
    if (form == 16) {
        STOREU((uint16_t *)d, lo);
    } else {
        STOREU((uint32_t *)d, _mm_unpacklo_epi16(lo, zero));
        STOREU((uint32_t *)d + 4, _mm_unpackhi_epi16(lo, zero));
    }
}

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_WIDEN widen16
#define TPL_ASCII_LEN v128_ascii_len
#include "utf8_widen_tpl.h"

/* Stores CP, below U+10000, as unit OUT of DST in FORM (16 or 32). */
WENC__INLINE void put_bmp(void *dst, size_t out, uint32_t cp, int form)
{
    if (form == 16)
        ((uint16_t *)dst)[out] = (uint16_t)cp;
    else
        ((uint32_t *)dst)[out] = cp;
}

/* The sequences from *POS while they start before STOP, checked and
** decoded in one pass without a bound test per sequence (issue 29): the
** caller made sure that three bytes past STOP are inside the input and
** that the room from *OUT holds a unit per byte up to there.  Each step
** reads four bytes as a little-endian word (x86), and a mask tests the
** lead's class and its continuations at once; runs of 3-byte (CJK, Thai,
** Korean), 2-byte (Cyrillic, Greek, Hebrew, Arabic) and 4-byte sequences
** (emoji) stay in a loop of their own, and up to three ASCII bytes between
** words are stored here.  Stops before four ASCII bytes in a row (for the
** vectors) or anything invalid (for the sequence at a time loop, which
** decides there); the checks are those of wenc__utf8_decode_valid. */
WENC__INLINE void run_sequences(const uint8_t *src, size_t *pos_, size_t stop, void *dst,
                                size_t *out_, int form)
{
    size_t pos = *pos_, out = *out_;
    while (pos < stop) {
        uint32_t w;
        memcpy(&w, src + pos, 4);
        /* E0..EF, then two continuations. */
        if ((w & 0xC0C0F0u) == 0x8080E0u) {
            do {
                uint32_t cp = (w & 0x0F) << 12 | (w >> 2 & 0xFC0) | (w >> 16 & 0x3F);
                /* Not overlong, not a surrogate. */
                if (cp < 0x800 || cp - 0xD800 < 0x800)
                    goto stop;
                put_bmp(dst, out++, cp, form);
                pos += 3;
                if (pos >= stop)
                    goto stop;
                memcpy(&w, src + pos, 4);
            } while ((w & 0xC0C0F0u) == 0x8080E0u);
        }
        /* C0..DF, then a continuation. */
        if ((w & 0xC0E0u) == 0x80C0u) {
            do {
                uint32_t cp = (w & 0x1F) << 6 | (w >> 8 & 0x3F);
                /* Not overlong (C0, C1). */
                if (cp < 0x80)
                    goto stop;
                put_bmp(dst, out++, cp, form);
                pos += 2;
                if (pos >= stop)
                    goto stop;
                memcpy(&w, src + pos, 4);
            } while ((w & 0xC0E0u) == 0x80C0u);
        }
        if ((w & 0x80) != 0) {
            /* F0..F7, then three continuations; to UTF-16, two units
            ** (issue 29: emoji went to the sequence at a time loop one by
            ** one).  Tested here, where text in the other scripts breaks
            ** off anyway. */
            if ((w & 0xC0C0C0F8u) != 0x808080F0u)
                break;
            do {
                uint32_t cp = (w & 0x07) << 18 | (w << 4 & 0x3F000) | (w >> 10 & 0xFC0) |
                              (w >> 24 & 0x3F);
                /* Not overlong (F0 80..8F), not past U+10FFFF (F4 90..BF,
                ** F5..F7). */
                if (cp - 0x10000 > 0x10FFFF - 0x10000)
                    goto stop;
                if (form == 16) {
                    ((uint16_t *)dst)[out] = (uint16_t)(0xD7C0 + (cp >> 10));
                    ((uint16_t *)dst)[out + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                    out += 2;
                } else {
                    ((uint32_t *)dst)[out++] = cp;
                }
                pos += 4;
                if (pos >= stop)
                    goto stop;
                memcpy(&w, src + pos, 4);
            } while ((w & 0xC0C0C0F8u) == 0x808080F0u);
            continue;
        }
        /* One to three ASCII bytes (spaces, punctuation, digits between
        ** words): the four bytes are widened, and those past the ASCII
        ** ones overwritten by what follows (units up to OUT + 4 are inside
        ** the room).  Four in a row go to the vectors. */
        uint32_t high = w & 0x80808080u;
        if (high == 0)
            break;
        __m128i v = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)w), _mm_setzero_si128());
        if (form == 16) {
            _mm_storel_epi64((__m128i *)(void *)((uint16_t *)dst + out), v);
        } else {
            STOREU((uint32_t *)dst + out, _mm_unpacklo_epi16(v, _mm_setzero_si128()));
        }
        unsigned n = (unsigned)__builtin_ctz(high) >> 3;
        pos += n;
        out += n;
    }
stop:
    *pos_ = pos;
    *out_ = out;
}

/* Blocks of ASCII widened, the first sequence after them checked on its
** own, and the sequences after that through run_sequences where the input
** and the room allow; the rest a sequence at a time (each checked as it is
** decoded).  Stops where the kernels' contract says. */
WENC__INLINE void decode_valid(const uint8_t *src, size_t *pos_, size_t end, void *dst,
                               size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_, unit = form == 16 ? 2 : 4;
    while (pos < end) {
        uint32_t cp = src[pos];
        if (cp < 0x80) {
            size_t room = end - pos < cap - out ? end - pos : cap - out;
            if (WENC__LIKELY(room >= 16)) {
                /* Each block is widened whole, and only its ASCII prefix
                ** counted: the units past it are inside the room and are
                ** overwritten by what follows (as the single-byte loops
                ** do), so a short ASCII run between sequences costs one
                ** block. */
                do {
                    __m128i v = LOADU(src + pos);
                    unsigned mask = (unsigned)_mm_movemask_epi8(v);
                    widen16(v, (char *)dst + out * unit, form);
                    if (mask != 0) {
                        unsigned n = (unsigned)__builtin_ctz(mask);
                        pos += n;
                        out += n;
                        break;
                    }
                    pos += 16;
                    out += 16;
                } while (end - pos >= 16 && cap - out >= 16);
                continue;
            }
            if (room >= 8) {
                /* The same for 8 bytes (a short input's end: issue 29). */
                __m128i v = _mm_loadl_epi64((const __m128i *)(const void *)(src + pos));
                widen8(v, (char *)dst + out * unit, form);
                unsigned n = (unsigned)__builtin_ctz((unsigned)_mm_movemask_epi8(v) | 0x100);
                pos += n;
                out += n;
                continue;
            }
            /* Fewer: a byte at a time, without the sequence loop's setup. */
            if (room == 0)
                break;
            size_t stop = pos + room;
            do
                put_bmp(dst, out++, cp, form);
            while (++pos < stop && (cp = src[pos]) < 0x80);
            continue;
        }
        unsigned n = wenc__utf8_decode_valid(src, pos, end, &cp);
        if (n == 0)
            break;
        if (form == 16 && cp >= 0x10000) {
            if (cap - out < 2)
                break;
            ((uint16_t *)dst)[out] = (uint16_t)(0xD7C0 + (cp >> 10));
            ((uint16_t *)dst)[out + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
            out += 2;
        } else {
            if (cap == out)
                break;
            if (form == 16)
                ((uint16_t *)dst)[out++] = (uint16_t)cp;
            else
                ((uint32_t *)dst)[out++] = cp;
        }
        pos += n;
        /* Another sequence follows: text in another script, for
        ** run_sequences (a letter with a diacritic in Latin text goes back
        ** to the ASCII blocks without its setup). */
        size_t room = end - pos < cap - out ? end - pos : cap - out;
        if (room >= 8 && src[pos] >= 0x80)
            run_sequences(src, &pos, pos + room - 3, dst, &out, form);
    }
    *pos_ = pos;
    *out_ = out;
}

/* The sequence at a time loop checks each sequence as it decodes it: no
** validation pass first (that pays only for the shuffles of the newer
** sets, which need valid text). */
static size_t to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                       size_t *written)
{
    size_t pos = 0, out = 0;
    if (cap != 0)
        decode_valid(src, &pos, len, dst, &out, cap, 16);
    *written = out;
    return pos;
}

static size_t to_utf32(const uint8_t *src, size_t len, uint32_t *dst, size_t cap,
                       size_t *written)
{
    size_t pos = 0, out = 0;
    if (cap != 0)
        decode_valid(src, &pos, len, dst, &out, cap, 32);
    *written = out;
    return pos;
}

/* ------------------------------------------------------------------------
** Short inputs (issue 29): 8 to 64 bytes checked whole on 64-bit masks,
** bit K for byte K, rather than a sequence at a time (Russian and Japanese
** of 33 to 64 bytes ran 330-1150 instructions in that loop).  The input is
** read as 16-byte blocks at 0, 16 and 32 while they end before the input's
** end, and the block that ends it (below 16 bytes, short_load8).  The masks are bit planes: bit 7 of
** each byte (HIGH), and bits 6, 5 and 4 of each byte, which movemask reads
** after the byte is doubled once, twice and three times, so that 80..BF
** are HIGH without bit 6, the leads C0..FF with it, E0..FF with bits 6 and
** 5, F0..FF with bits 6 to 4.  The
** rules are the DFA's (bmp_block's, with the F0..F4 rows):
**   - the continuations are exactly the byte after each lead, the second
**     after a lead E0..FF and the third after F0..FF, all inside the input;
**   - no byte C0, C1 or F5..FF, after E0 comes A0..BF, after ED 80..9F,
**     after F0 90..BF and after F4 80..8F (the standard's bounds): checked
**     on masks of their own only where one of C0, C1, E0, ED or F0..FF is
**     there (in Russian and Japanese, almost never). */

#define MASK(x) ((uint64_t)(unsigned)_mm_movemask_epi8(x) << off)

/* The masks of the input's blocks so far. */
typedef struct short_masks {
    uint64_t b7, b6, b5, b4;
    __m128i special; /* C0, C1, E0 or ED */
} short_masks;

/* Adds the 16 bytes V at byte OFF of the input to *M; nothing for ASCII
** (French is mostly that). */
WENC__INLINE void short_block(__m128i v, unsigned off, short_masks *m)
{
    unsigned high = (unsigned)_mm_movemask_epi8(v);
    if (high == 0)
        return;
    m->b7 |= (uint64_t)high << off;
    /* Each byte doubled moves its next bit up to bit 7. */
    __m128i t = _mm_add_epi8(v, v);
    m->b6 |= MASK(t);
    t = _mm_add_epi8(t, t);
    m->b5 |= MASK(t);
    t = _mm_add_epi8(t, t);
    m->b4 |= MASK(t);
    m->special = _mm_or_si128(
        m->special,
        _mm_or_si128(_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8((char)0xC0)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE0)),
                                  _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xED)))));
}

/* The bytes out of the rules of the second list above, in the 16 bytes V
** at byte OFF, given where the input's bytes 80..9F (A0) and 80..8F (B90)
** are: the byte after E0, ED, F0 and F4 (a continuation, as the first
** check found) where it is out of their bounds, C0, C1 and F5..FF. */
WENC__INLINE uint64_t short_bounds(__m128i v, unsigned off, uint64_t a0, uint64_t b90)
{
    uint64_t e0 = MASK(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE0)));
    uint64_t ed = MASK(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xED)));
    uint64_t f0 = MASK(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xF0)));
    uint64_t f4 = MASK(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xF4)));
    uint64_t bad = MASK(_mm_or_si128(
        _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8((char)0xC0)),
        _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8((char)0xF5)), v)));
    return bad | (e0 << 1 & a0) | (ed << 1 & ~a0) | (f0 << 1 & b90) | (f4 << 1 & ~b90);
}

#undef MASK

/* The LEN (16 to 64) bytes at SRC as 16-byte blocks: V[0] at 0, V[1] at
** 16 and V[2] at 32 where they end before the input's end (else copies of
** V[0]), V[3] ending there (V[0] at 16 bytes). */
WENC__INLINE void short_load(const uint8_t *src, size_t len, __m128i v[4])
{
    v[0] = LOADU(src);
    v[1] = len > 32 ? LOADU(src + 16) : v[0];
    v[2] = len > 48 ? LOADU(src + 32) : v[0];
    v[3] = LOADU(src + len - 16);
}

/* The blocks of short_load to DST. */
WENC__INLINE void short_store(uint8_t *dst, size_t len, const __m128i v[4])
{
    STOREU(dst, v[0]);
    if (len > 32)
        STOREU(dst + 16, v[1]);
    if (len > 48)
        STOREU(dst + 32, v[2]);
    STOREU(dst + len - 16, v[3]);
}

/* Whether the LEN (16 to 64) bytes read as the blocks V of short_load are
** complete, valid UTF-8. */
WENC__INLINE bool short_check(const __m128i v[4], size_t len)
{
    const bool b1 = len > 32, b2 = len > 48, bl = len > 16;
    const unsigned last = (unsigned)(len - 16);
    short_masks m = {0, 0, 0, 0, _mm_setzero_si128()};
    short_block(v[0], 0, &m);
    if (b1)
        short_block(v[1], 16, &m);
    if (b2)
        short_block(v[2], 32, &m);
    if (bl)
        short_block(v[3], last, &m);
    uint64_t cont = m.b7 & ~m.b6, lead = m.b7 & m.b6, e0up = lead & m.b5, f0up = e0up & m.b4;
    /* The bytes past the end that the leads need (the shifts of the
    ** second line drop them at 64 bytes). */
    if ((lead >> (len - 1) | e0up >> (len - 2) | f0up >> (len - 3)) != 0 ||
        (lead << 1 | e0up << 2 | f0up << 3) != cont)
        return false;
    if (f0up != 0 || _mm_movemask_epi8(m.special) != 0) {
        uint64_t a0 = cont & ~m.b5, b90 = a0 & ~m.b4;
        uint64_t out = short_bounds(v[0], 0, a0, b90) | short_bounds(v[3], last, a0, b90);
        if (b1)
            out |= short_bounds(v[1], 16, a0, b90);
        if (b2)
            out |= short_bounds(v[2], 32, a0, b90);
        if (out != 0)
            return false;
    }
    return true;
}

/* The LEN (8 to 15) bytes at SRC as one 16-byte block with zeros after
** them, reading no byte past SRC[LEN - 1]: the first 8 (*LO) and the 8
** that end the input (*HI), moved down past the bytes they share with *LO
** by a 64-bit shift (SSE2 has no byte shuffle).  Issue 29: 8 to 15 bytes
** of text that is not ASCII ran the scalar set's loops under SSE2. */
WENC__INLINE __m128i short_load8(const uint8_t *src, size_t len, __m128i *lo, __m128i *hi)
{
    *lo = _mm_loadl_epi64((const __m128i *)(const void *)src);
    *hi = _mm_loadl_epi64((const __m128i *)(const void *)(src + len - 8));
    return _mm_unpacklo_epi64(*lo, _mm_srl_epi64(*hi, _mm_cvtsi32_si128((int)(16 - len) * 8)));
}

/* The input of short_load8 to DST: its two 8-byte loads. */
WENC__INLINE void short_store8(uint8_t *dst, size_t len, __m128i lo, __m128i hi)
{
    _mm_storel_epi64((__m128i *)(void *)dst, lo);
    _mm_storel_epi64((__m128i *)(void *)(dst + len - 8), hi);
}

/* Whether the block V of short_load8 is complete, valid UTF-8: checked as
** 16 bytes, the zeros after the input being ASCII (a sequence the input
** cuts meets one, and fails). */
WENC__INLINE bool short_check8(__m128i v)
{
    const __m128i b[4] = {v, v, v, v};
    return short_check(b, 16);
}

bool wenc__utf8_sse2_short_valid(const uint8_t *src, size_t len)
{
    __m128i lo, hi;
    if (len < 16)
        return short_check8(short_load8(src, len, &lo, &hi));
    __m128i v[4];
    short_load(src, len, v);
    return short_check(v, len);
}

/* The input checked, then copied, out of line (the callers jump here):
** inlined, their registers gave the ASCII copies below a frame of five
** saved registers, and 16 bytes of ASCII to UTF-8 cost more under SSE2
** than under the scalar set (issue 29: tools/short-counts.py). */
static WENC__NOINLINE ptrdiff_t short_copy_valid(const uint8_t *src, size_t len, uint8_t *dst)
{
    __m128i v[4];
    short_load(src, len, v);
    if (!short_check(v, len))
        return -1;
    short_store(dst, len, v);
    return (ptrdiff_t)len;
}

static WENC__NOINLINE ptrdiff_t short_copy_valid8(const uint8_t *src, size_t len, uint8_t *dst)
{
    __m128i lo, hi;
    if (!short_check8(short_load8(src, len, &lo, &hi)))
        return -1;
    short_store8(dst, len, lo, hi);
    return (ptrdiff_t)len;
}

ptrdiff_t wenc__utf8_sse2_short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap)
{
    if (len < 8 || len > 64 || cap < len)
        return -1;
    /* ASCII is valid: copied as loaded (the checks would find it so). */
    if (len < 16) {
        __m128i lo, hi;
        (void)short_load8(src, len, &lo, &hi);
        if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) != 0)
            return short_copy_valid8(src, len, dst);
        short_store8(dst, len, lo, hi);
        return (ptrdiff_t)len;
    }
    __m128i v[4];
    short_load(src, len, v);
    if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]))) != 0)
        return short_copy_valid(src, len, dst);
    short_store(dst, len, v);
    return (ptrdiff_t)len;
}

/* One vector, then 128 bytes a step, one test for eight (skip_ascii,
** which the validation loops above use after every sequence, takes 32:
** that stops sooner on text), then 16 a step (the byte's place from the
** vector's mask) and the last bytes through one more 16-byte step that
** ends at LEN, the bytes it reads again known to be ASCII.  Below 16
** bytes, skip_ascii's loop over bytes. */
size_t wenc__utf8_sse2_ascii_prefix(const uint8_t *src, size_t len)
{
    if (len < 16)
        return skip_ascii(src, 0, len);
    /* One vector first: where a non-ASCII byte comes that early (a
    ** word of Portuguese or Czech), the 128-byte step would only add to
    ** the time. */
    unsigned m0 = (unsigned)_mm_movemask_epi8(LOADU(src));
    if (m0 != 0)
        return (size_t)__builtin_ctz(m0);
    size_t i = 16;
    for (; len - i >= 128; i += 128) {
        __m128i ab = _mm_or_si128(LOADU(src + i), LOADU(src + i + 16));
        __m128i cd = _mm_or_si128(LOADU(src + i + 32), LOADU(src + i + 48));
        __m128i ef = _mm_or_si128(LOADU(src + i + 64), LOADU(src + i + 80));
        __m128i gh = _mm_or_si128(LOADU(src + i + 96), LOADU(src + i + 112));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(ab, cd), _mm_or_si128(ef, gh))) != 0)
            break;
    }
    for (; len - i >= 16; i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(LOADU(src + i));
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
    }
    if (i == len)
        return len;
    unsigned m = (unsigned)_mm_movemask_epi8(LOADU(src + len - 16));
    return m == 0 ? len : len - 16 + (size_t)__builtin_ctz(m);
}

/* The bytes of S[0..N) outside 80..BF, plus (if WITH_F0) the bytes F0..FF.
** As signed bytes, continuation bytes are -128..-65, so a signed compare
** finds the others; F0..FF are the bytes whose unsigned maximum with F0 is
** themselves.  Each compare gives -1 per matching byte, subtracted into
** 8-bit lanes that are summed before they overflow. */
WENC__INLINE size_t count_bytes(const uint8_t *s, size_t n, const bool with_f0)
{
    size_t count = 0, i = 0;
    const __m128i not_cont = _mm_set1_epi8(-65);
    const __m128i f0 = _mm_set1_epi8((char)0xF0);
    const __m128i zero = _mm_setzero_si128();
    const size_t max_blocks = with_f0 ? 127 : 255;
    while (n - i >= 16) {
        size_t blocks = (n - i) / 16;
        if (blocks > max_blocks)
            blocks = max_blocks;
        __m128i acc = zero;
        for (size_t k = 0; k < blocks; k++, i += 16) {
            __m128i v = LOADU(s + i);
            acc = _mm_sub_epi8(acc, _mm_cmpgt_epi8(v, not_cont));
            if (with_f0)
                acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_max_epu8(v, f0), v));
        }
        __m128i sums = _mm_sad_epu8(acc, zero);
        count += (size_t)_mm_cvtsi128_si32(sums) +
                 (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
    for (; i < n; i++) {
        count += !wenc__utf8_is_continuation(s[i]);
        if (with_f0)
            count += s[i] >= 0xF0;
    }
    return count;
}

size_t wenc__utf8_sse2_count(const uint8_t *src, size_t len, bool f0)
{
    return f0 ? count_bytes(src, len, true) : count_bytes(src, len, false);
}

const wenc__utf8_kernels wenc__utf8_sse2 = {
    .valid_prefix = valid_prefix,
    .ascii_to_utf8 = ascii_to_utf8,
    .ascii_to_utf16 = ascii_to_utf16,
    .ascii_to_utf32 = ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    /* 8 to 64 bytes, to UTF-8 only (to UTF-16 the sequence at a time
    ** loop decodes as it checks). */
    .short_to_utf8 = wenc__utf8_sse2_short_to_utf8,
    .short_lengths = {UINT64_C(0xFFFFFFFFFFFFFF80), 0},
    .short_valid = wenc__utf8_sse2_short_valid,
    .valid_lengths = UINT64_C(0xFFFFFFFFFFFFFF80),
    .short_rest = &wenc__utf8_sse2,
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};
