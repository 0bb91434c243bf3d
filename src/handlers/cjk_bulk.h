/* cjk_bulk.h -- the bulk loops of the double-byte decoders and encoders
** (Big5, EUC-KR, gb18030/GBK, Shift_JIS, EUC-JP): runs of text, ASCII and
** two-byte sequences mixed, without returning to the engine per item.
**
** Each handler gives small always-inline functions that say what its step
** function would do with an item, or that it must decide (STOP); the loops
** here only move bytes.  So the step function stays the one definition of
** the behaviour (docs/engine.md, "The CJK bulk paths"), and the conformance
** tests compare both with the reference model. */
#ifndef WENC_CJK_BULK_H
#define WENC_CJK_BULK_H

#include "engine/decode_loop.h"
#include "engine/encode_loop.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The encoders' run loops are built more than once on x86-64 (GCC and
** clang), for CPUs with BMI2 and POPCNT among them (WENC__CJK_ENCODE_BULK
** below). */
#if defined(WENC__SIMD_X86) && (defined(__GNUC__) || defined(__clang__))
#define WENC__CJK_BMI2_TARGET 1
#endif

/* The handlers' bulk wrappers are functions of their own, not inlined into
** the engine's loop: there, with the engine's variables live around them,
** GCC spilled the bytes of a UTF-8 sequence to the stack and read them back
** wider (a store-forwarding stall on every code point: EUC-KR encoding from
** UTF-8 ran at a third of the speed).  One call per run costs nothing. */
#if defined(__GNUC__) || defined(__clang__)
#define WENC__CJK_BULK static __attribute__((noinline))
#else
#define WENC__CJK_BULK static
#endif

/* Writes the 16 bytes V, of which the caller keeps a prefix of ASCII, at
** unit OUT of DST in FORM (room for 16 units checked by the caller).  The
** units past that prefix are scratch, overwritten by the next output and
** never counted (as in the single-byte bulk paths). */
#if defined(__SSE2__)
WENC__INLINE void cjk_store_ascii16(void *dst, size_t out, __m128i v, int form)
{
    if (form == WENC__UTF8) {
        _mm_storeu_si128((__m128i *)((uint8_t *)dst + out), v);
    } else if (form == WENC__UTF16) {
        __m128i z = _mm_setzero_si128();
        uint16_t *p = (uint16_t *)dst + out;
        _mm_storeu_si128((__m128i *)p, _mm_unpacklo_epi8(v, z));
        _mm_storeu_si128((__m128i *)(p + 8), _mm_unpackhi_epi8(v, z));
    } else {
        __m128i z = _mm_setzero_si128();
        __m128i lo = _mm_unpacklo_epi8(v, z), hi = _mm_unpackhi_epi8(v, z);
        uint32_t *p = (uint32_t *)dst + out;
        _mm_storeu_si128((__m128i *)p, _mm_unpacklo_epi16(lo, z));
        _mm_storeu_si128((__m128i *)(p + 4), _mm_unpackhi_epi16(lo, z));
        _mm_storeu_si128((__m128i *)(p + 8), _mm_unpacklo_epi16(hi, z));
        _mm_storeu_si128((__m128i *)(p + 12), _mm_unpackhi_epi16(hi, z));
    }
}
#endif

/* The 16-byte ASCII step of the decode and encode loops: the 16 units at
** unit POS of SRC in FROM (WENC__FROM_UTF8: bytes, as the decoders' input
** is; or WENC__FROM_UTF16), as bytes in *V (a unit >= 0x80 gives some
** byte: only the ASCII prefix is kept), and the length of their ASCII
** prefix, 16 if all are ASCII.  The caller stores *V (cjk_store_ascii16 for
** a decoder's output) and keeps that prefix. */
#if defined(__SSE2__)
WENC__INLINE unsigned cjk_ascii16(const void *src, size_t pos, const int from, __m128i *v)
{
    unsigned ascii;
    if (from == WENC__FROM_UTF8) {
        *v = _mm_loadu_si128((const __m128i *)((const uint8_t *)src + pos));
        ascii = ~(unsigned)_mm_movemask_epi8(*v) & 0xFFFFu;
    } else if (from == WENC__FROM_UTF16) {
        /* Units >= 0x8000 are negative to the signed packs: the ASCII
        ** test is on the units, the bytes come from packus (right for the
        ** ASCII lanes, the only ones kept). */
        const uint16_t *s = (const uint16_t *)src + pos;
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 8));
        __m128i hi = _mm_set1_epi16((short)0xFF80), z = _mm_setzero_si128();
        __m128i ma = _mm_cmpeq_epi16(_mm_and_si128(a, hi), z);
        __m128i mb = _mm_cmpeq_epi16(_mm_and_si128(b, hi), z);
        ascii = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(ma, mb));
        *v = _mm_packus_epi16(a, b);
    } else {
        /* The same from four vectors of UTF-32: the masks and the units
        ** packed twice (saturated where not ASCII, never kept). */
        const uint32_t *s = (const uint32_t *)src + pos;
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 4));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 8));
        __m128i d = _mm_loadu_si128((const __m128i *)(s + 12));
        __m128i hi = _mm_set1_epi32(~0x7F), z = _mm_setzero_si128();
        __m128i mab = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_and_si128(a, hi), z),
                                      _mm_cmpeq_epi32(_mm_and_si128(b, hi), z));
        __m128i mcd = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_and_si128(c, hi), z),
                                      _mm_cmpeq_epi32(_mm_and_si128(d, hi), z));
        ascii = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(mab, mcd));
        *v = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
    }
    /* Bit 16 bounds the count: a block of 16 ASCII units. */
    return (unsigned)__builtin_ctz(~ascii);
}
#endif

/* Tables of 256 entries, one per byte value B, whose entries the compiler
** computes from a formula F(B) of the standard (the byte ranges and offsets
** of a decoder's leading or trailing byte): no generated file, no copy of
** the numbers by hand. */
#define WENC__BYTES4(F, b) F(b), F((b) + 1), F((b) + 2), F((b) + 3)
#define WENC__BYTES16(F, b) \
    WENC__BYTES4(F, b), WENC__BYTES4(F, (b) + 4), WENC__BYTES4(F, (b) + 8), \
        WENC__BYTES4(F, (b) + 12)
#define WENC__BYTES64(F, b) \
    WENC__BYTES16(F, b), WENC__BYTES16(F, (b) + 16), WENC__BYTES16(F, (b) + 32), \
        WENC__BYTES16(F, (b) + 48)
#define WENC__BYTE_TABLE(F) \
    WENC__BYTES64(F, 0), WENC__BYTES64(F, 64), WENC__BYTES64(F, 128), WENC__BYTES64(F, 192)

/* B - BASE for a byte B >= BASE.  Masked to a byte so that the arms of a
** table formula not taken for B (B < BASE) stay in range too: compilers
** check each arm's constant against the table's type. */
#define WENC__BYTE_SUB(b, base) (((b) - (base)) & 0xFF)

/* The entry of a byte that is not a leading (or trailing) byte in the
** pointer tables of the FAST functions below: a leading byte's entry (its
** row's first pointer) plus a trailing byte's entry (its offset in the row)
** is the pair's pointer, and an invalid byte on either side makes the sum
** at least 0x8000, past every double-byte index (the largest, gb18030, has
** 23940 pointers): one range check for both bytes. */
#define WENC__PAIR_INVALID 0x8000

/* Writes the three UTF-8 bytes of CP (U+0800..U+FFFF) at DST[OUT], and
** scratch in the byte after them (room for four checked by the caller):
** one store on little-endian machines. */
WENC__INLINE void cjk_store_utf8_3(void *dst, size_t out, uint32_t cp)
{
    uint8_t *p = (uint8_t *)dst + out;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v = 0x8080E0u | cp >> 12 | (cp >> 6 & 0x3F) << 8 | (cp & 0x3F) << 16;
    memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)(0xE0 | (cp >> 12));
    p[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    p[2] = (uint8_t)(0x80 | (cp & 0x3F));
#endif
}

/* The decoders' bulk path, called by the engine with the handler's state
** idle and SRC[*POS] not ASCII.  SINGLE(byte) is the code point of a byte
** >= 0x80 that stands alone, WENC__BULK_LEAD for a leading byte, or
** WENC__BULK_STOP; PAIR(leading, trailing) is the code point of a pair or
** WENC__BULK_STOP.  Only what the step function decodes to that one code
** point may be decoded here (a pair whose trailing byte is ASCII and
** unmapped restores it: STOP).
**
** FAST, if not NULL, takes the common case first, in a loop of its own
** over runs of pairs: for any byte >= 0x80 and the byte after it, the code
** point the step function decodes the pair to, or WENC__BULK_STOP for
** anything else (a byte that is not a leading byte included), which then
** goes through SINGLE and PAIR.  The handlers' FAST read their pointer
** tables (WENC__PAIR_INVALID) and the flat part of the index: table
** lookups and one range check, no branch per byte range.
**
** ASCII bytes decode to themselves in every one of these decoders, leaving
** the state idle (step 4 or its kin): they are taken here too, 16 at a time
** with SSE2, so text that alternates between ideographs and spaces or
** digits stays in this loop.  The loop stops at a STOP, at a leading byte
** that ends the input, and when the next item does not fit. */
WENC__INLINE void cjk_decode_run(const uint8_t *src, size_t *pos_, size_t len, void *dst,
                                 size_t *out_, size_t cap, const int form,
                                 uint32_t (*single)(uint32_t),
                                 uint32_t (*pair)(uint32_t, uint32_t),
                                 uint32_t (*fast)(uint32_t, uint32_t))
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t b = src[pos];
        if (b < 0x80) {
#if defined(__SSE2__)
            /* A lone ASCII byte (a space between words) is cheaper
            ** inline; a run takes the vector. */
            if (len - pos >= 16 && cap - out >= 16 && src[pos + 1] < 0x80) {
                __m128i v;
                unsigned n = cjk_ascii16(src, pos, WENC__FROM_UTF8, &v);
                cjk_store_ascii16(dst, out, v, form);
                pos += n;
                out += n;
                /* A long run (markup) goes back to the engine, whose ASCII
                ** path copies it with the widest vectors the CPU has. */
                if (n == 16)
                    break;
                continue;
            }
#endif
            if (out == cap)
                break;
            wenc__put(dst, out++, b, form);
            pos++;
            continue;
        }
        if (fast != NULL) {
            /* A run of pairs, the bounds checked once: as many pairs as
            ** the input holds, and as fit in the output if each takes
            ** three UTF-8 bytes (and one of scratch after the last,
            ** cjk_store_utf8_3) or one unit.  It stops at ASCII and at
            ** anything FAST leaves, or that takes another length (UTF-8
            ** below U+0800, and beyond the BMP but in UTF-32), for the
            ** code below. */
            size_t room = cap - out;
            if (form == WENC__UTF8)
                room = room < 4 ? 0 : (room - 1) / 3;
            size_t max = (len - pos) / 2 < room ? (len - pos) / 2 : room;
            size_t start = pos;
            for (; max > 0; max--) {
                uint32_t leading = src[pos];
                if (leading < 0x80)
                    break;
                uint32_t cp = fast(leading, src[pos + 1]);
                if (cp == WENC__BULK_STOP)
                    break;
                if (form == WENC__UTF8) {
                    if (cp - 0x800 >= 0x10000 - 0x800)
                        break;
                    cjk_store_utf8_3(dst, out, cp);
                    out += 3;
                } else if (form == WENC__UTF16) {
                    if (cp > 0xFFFF)
                        break;
                    ((uint16_t *)dst)[out++] = (uint16_t)cp;
                } else {
                    ((uint32_t *)dst)[out++] = cp;
                }
                pos += 2;
            }
            if (pos != start)
                continue;
        }
        uint32_t cp = single(b);
        size_t n = 1;
        if (cp == WENC__BULK_LEAD) {
            if (len - pos < 2)
                break;
            cp = pair(b, src[pos + 1]);
            n = 2;
        }
        if (cp == WENC__BULK_STOP)
            break;
        if (form == WENC__UTF8 && cp - 0x800 < 0x10000 - 0x800 && cap - out >= 3) {
            /* Ideographs, kana, hangul: three bytes, the common case. */
            uint8_t *p = (uint8_t *)dst + out;
            p[0] = (uint8_t)(0xE0 | (cp >> 12));
            p[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
            p[2] = (uint8_t)(0x80 | (cp & 0x3F));
            out += 3;
            pos += n;
            continue;
        }
        unsigned need = wenc__units(cp, form);
        if (cap - out < need)
            break;
        wenc__put(dst, out, cp, form);
        out += need;
        pos += n;
    }
    *pos_ = pos;
    *out_ = out;
}

/* The same for a FORM known only at run time: one copy per output form, so
** the loop never tests it. */
WENC__INLINE void wenc__cjk_decode_bulk_fast(const uint8_t *src, size_t *pos, size_t len, void *dst,
                                             size_t *out, size_t cap, int form,
                                             uint32_t (*single)(uint32_t),
                                             uint32_t (*pair)(uint32_t, uint32_t),
                                             uint32_t (*fast)(uint32_t, uint32_t))
{
    if (form == WENC__UTF8)
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF8, single, pair, fast);
    else if (form == WENC__UTF16)
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF16, single, pair, fast);
    else
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF32, single, pair, fast);
}

/* The same without FAST. */
WENC__INLINE void wenc__cjk_decode_bulk(const uint8_t *src, size_t *pos, size_t len, void *dst,
                                        size_t *out, size_t cap, int form,
                                        uint32_t (*single)(uint32_t),
                                        uint32_t (*pair)(uint32_t, uint32_t))
{
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, single, pair, NULL);
}

/* An encoder's bulk path gives two functions for a scalar value >= 0x80.
** PAIR(cp), the common case, returns the two bytes of a code point its
** index maps, packed as the encode accessors give them (first byte in the
** low 8 bits; src/handlers/<index>.h), or WENC__NONE16 for anything else.
** Only then OTHER(cp) says what the step function would write: the bytes
** packed as WENC__CJK_BYTES1(b) or WENC__CJK_BYTES2(b0, b1), or
** WENC__CJK_STOP for anything the step function must decide (errors,
** four-byte and other rare forms).  So an ideograph costs one lookup and
** one test before its bytes are stored. */
#define WENC__CJK_STOP 0u
#define WENC__CJK_BYTES1(b) ((uint32_t)(b) | 1u << 16)
#define WENC__CJK_BYTES2(b0, b1) ((uint32_t)(b0) | (uint32_t)(b1) << 8 | 2u << 16)
/* Two bytes already packed as the encode accessors give them. */
#define WENC__CJK_PACKED2(bytes) ((uint32_t)(bytes) | 2u << 16)

/* OTHER for encoders whose index gives everything the bulk path takes. */
WENC__INLINE uint32_t wenc__cjk_encode_stop(uint32_t cp)
{
    (void)cp;
    return WENC__CJK_STOP;
}

/* The four bytes at P as a little-endian number. */
WENC__INLINE uint32_t cjk_load_le32(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

/* BMI2's pext, for the BMI2 copies of the encoders' run loops.  Not always
** inline: only a caller built for BMI2 may inline it, and the portable
** copies never call it (their BMI2 is a constant false). */
#if defined(WENC__CJK_BMI2_TARGET)
static inline __attribute__((target("bmi2"))) uint32_t cjk_pext(uint32_t v, uint32_t mask)
{
    return __builtin_ia32_pext_si(v, mask);
}
#endif

/* The scalar value of the UTF-8 three-byte sequence in the low 24 bits of
** W (first byte lowest), whose bit pattern was checked.  With BMI2 the
** bytes reversed (first byte highest) give it in one bit extraction, the
** bits of the three fields in the order of the code point: two
** instructions instead of eight (bench history issue-12-cjk-utf8.md). */
WENC__INLINE uint32_t cjk_utf8_3(uint32_t w, const bool bmi2)
{
#if defined(WENC__CJK_BMI2_TARGET)
    if (bmi2) {
        uint32_t cp = cjk_pext(__builtin_bswap32(w), 0x0F3F3F00u);
        /* Sixteen bits: the lookups' range test goes. */
        if (cp > 0xFFFF)
            __builtin_unreachable();
        return cp;
    }
#else
    (void)bmi2;
#endif
    return (w & 0x0F) << 12 | (w & 0x3F00) >> 2 | (w >> 16 & 0x3F);
}

/* Stores the two bytes packed in BYTES (first byte in the low 8 bits) at
** P: one 16-bit store on little-endian machines. */
WENC__INLINE void cjk_store2(uint8_t *p, uint32_t bytes)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t v = (uint16_t)bytes;
    memcpy(p, &v, 2);
#else
    p[0] = (uint8_t)bytes;
    p[1] = (uint8_t)(bytes >> 8);
#endif
}

/* A run of BMP code points that PAIR maps, from SRC[*POS..) in FORM (UTF-8
** three-byte sequences, or UTF-16 or UTF-32 units below U+10000 outside the
** surrogates), with lone ASCII characters between them (the space between
** Korean words) if LONE_ASCII, at most MAX items: the caller made sure
** that MAX items of three input bytes (and a fourth one readable after the
** last) and two output bytes fit.  Writes from DST[*OUT] and advances *POS
** and *OUT.  It stops at anything else (and at two ASCII characters in a
** row, which the caller copies 16 at a time), which the caller's loop takes
** one item at a time.  With the bounds checked once per run, an ideograph
** costs the well-formedness test, one lookup and one two-byte store. */
WENC__INLINE void cjk_encode_pairs(const void *src, size_t *pos_, uint8_t *dst, size_t *out_,
                                   size_t max, const int form, uint32_t (*pair)(uint32_t),
                                   const bool lone_ascii, const bool bmi2)
{
    size_t pos = *pos_, out = *out_;
    for (size_t i = 0; i < max; i++) {
        uint32_t cp;
        unsigned units;
        if (form == WENC__FROM_UTF8) {
            uint32_t w = cjk_load_le32((const uint8_t *)src + pos);
            /* 1110xxxx 10xxxxxx 10xxxxxx. */
            if (WENC__UNLIKELY((w & 0xC0C0F0u) != 0x8080E0u)) {
                /* ASCII (its own byte in every one of these encoders),
                ** then not ASCII. */
                if (!lone_ascii || (w & 0x8080) != 0x8000)
                    break;
                dst[out++] = (uint8_t)w;
                pos++;
                continue;
            }
            /* Not overlong: E0 then 80..9F leaves the four bits of the
            ** first byte and the top one of the second all zero.  A
            ** surrogate (ED A0..BF) is well-formed to this loop, but no
            ** index maps U+D800..U+DFFF: PAIR gives none, and the loop
            ** stops there as at any unmapped code point. */
            if ((w & 0x200Fu) == 0)
                break;
            cp = cjk_utf8_3(w, bmi2);
            units = 3;
        } else {
            /* UTF-16 or UTF-32: one unit below U+10000 (the range PAIR
            ** covers) that is not ASCII.  A surrogate is left to PAIR, as
            ** in UTF-8: no index maps one. */
            cp = wenc__encode_unit(src, pos, form);
            if (form == WENC__FROM_UTF32 && cp > 0xFFFF)
                break;
            if (WENC__UNLIKELY(cp < 0x80)) {
                /* ASCII, then not ASCII (the next unit is inside the input
                ** when this is not the last of the MAX items). */
                if (!lone_ascii || i + 1 == max || wenc__encode_unit(src, pos + 1, form) < 0x80)
                    break;
                dst[out++] = (uint8_t)cp;
                pos++;
                continue;
            }
            units = 1;
        }
        uint32_t bytes = pair(cp);
        if (bytes == WENC__NONE16)
            break;
        cjk_store2(dst + out, bytes);
        out += 2;
        pos += units;
    }
    *pos_ = pos;
    *out_ = out;
}

/* The encoders' bulk path (encode_loop.h, wenc__encode_bulk_fn), for encoders
** whose ASCII is always its own byte and whose other output does not
** depend on a state: well-formed input from SRC[*POS..LEN) in FORM, ASCII
** inline (16 units at a time with SSE2) and the rest through PAIR and
** OTHER, stopping at ill-formed or cut input, at WENC__CJK_STOP, and when
** the next bytes do not fit. */
WENC__INLINE void cjk_encode_run(const void *src, size_t *pos_, size_t len, uint8_t *dst,
                                 size_t *out_, size_t cap, const int form,
                                 uint32_t (*pair)(uint32_t), uint32_t (*other)(uint32_t),
                                 const bool bmi2)
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t u = wenc__encode_unit(src, pos, form);
        if (u < 0x80) {
#if defined(__SSE2__)
            /* From UTF-32, four vectors a step: worth it from four ASCII
            ** units on (two, as ", " between words, cost text 4-10 %). */
            if (len - pos >= 16 && cap - out >= 16 &&
                (form == WENC__FROM_UTF32 ? (wenc__encode_unit(src, pos + 1, form) |
                                             wenc__encode_unit(src, pos + 2, form) |
                                             wenc__encode_unit(src, pos + 3, form)) < 0x80
                                          : wenc__encode_unit(src, pos + 1, form) < 0x80)) {
                __m128i v;
                unsigned n = cjk_ascii16(src, pos, form, &v);
                _mm_storeu_si128((__m128i *)(dst + out), v);
                pos += n;
                out += n;
                /* A long run goes back to the engine's ASCII path (see
                ** cjk_decode_run). */
                if (n == 16)
                    break;
                continue;
            }
#endif
            if (out == cap)
                break;
            dst[out++] = (uint8_t)u;
            pos++;
            continue;
        }
        {
            /* Kana, ideographs, hangul: a run of them in a loop of its own.
            ** UTF-8 reads four bytes per sequence of three: the last one
            ** must be inside the input. */
            size_t in = form == WENC__FROM_UTF8 ? (len - pos - 1) / 3 : len - pos;
            size_t max = (cap - out) / 2;
            size_t before = pos;
            cjk_encode_pairs(src, &pos, dst, &out, in < max ? in : max, form, pair, true, bmi2);
            if (pos != before)
                continue;
        }
        uint32_t cp;
        unsigned units = wenc__encode_fast_input(src, pos, len, form, &cp);
        if (units == 0)
            break;
        uint32_t bytes = pair(cp);
        if (WENC__LIKELY(bytes != WENC__NONE16)) {
            if (cap - out < 2)
                break;
            cjk_store2(dst + out, bytes);
            out += 2;
            pos += units;
            continue;
        }
        uint32_t v = other(cp);
        if (v == WENC__CJK_STOP)
            break;
        size_t n = v >> 16;
        if (cap - out < n)
            break;
        dst[out] = (uint8_t)v;
        if (n == 2)
            dst[out + 1] = (uint8_t)(v >> 8);
        out += n;
        pos += units;
    }
    *pos_ = pos;
    *out_ = out;
}

/* The same for a FORM known only at run time (see wenc__cjk_decode_bulk). */
WENC__INLINE void wenc__cjk_encode_bulk(const void *src, size_t *pos, size_t len, uint8_t *dst,
                                        size_t *out, size_t cap, int form,
                                        uint32_t (*pair)(uint32_t), uint32_t (*other)(uint32_t),
                                        const bool bmi2)
{
    if (form == WENC__FROM_UTF8)
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF8, pair, other, bmi2);
    else if (form == WENC__FROM_UTF16)
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF16, pair, other, bmi2);
    else
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF32, pair, other, bmi2);
}

/* Defines NAME(src, pos, len, dst, out, cap, form), a handler's bulk
** encode wrapper: wenc__cjk_encode_bulk with PAIR and OTHER.
**
** On x86-64 NAME is built more than once, and the kernels' instruction set
** picks the copy: the AVX2 and AVX-512 sets imply BMI2 and POPCNT (simd.h)
** and run the copy built for them, with pext where pext is fast
** (wenc__simd_fast_pext); the other sets run the portable copy.  BMI2
** decodes UTF-8 with one bit extraction (cjk_utf8_3), but AMD's CPUs
** before Zen 3 run pext in microcode.  The small profile's lookups count
** bits (wenc__rank_lookup), and baseline x86-64 has no popcnt
** instruction: the bit-parallel sum put about 30 % on each CJK code point,
** so that profile has a third copy, for POPCNT without pext.
** WENC_SIMD=sse41 (or lower) runs the portable copy and WENC_SIMD_PEXT=0
** the one without pext, so that every copy passes the suites.  The choice
** is made once per process; what NAME adds is one predictable branch per
** run where pext is used. */
#define WENC__CJK_ENCODE_BULK_BODY(pair, other, bmi2)                                              \
    (const void *src, size_t *pos, size_t len, uint8_t *dst, size_t *out, size_t cap, int form)    \
    {                                                                                              \
        wenc__cjk_encode_bulk(src, pos, len, dst, out, cap, form, pair, other, bmi2);              \
    }
#if defined(WENC__CJK_BMI2_TARGET)
#include "simd/simd.h"
#if WENC__TABLES_SMALL
#define WENC__CJK_ENCODE_BULK_POPCNT(name, pair, other)                                            \
    static __attribute__((noinline, target("popcnt"))) void name##_popcnt                          \
        WENC__CJK_ENCODE_BULK_BODY(pair, other, false)
#else
/* Nothing counts bits in the default profile's loops: its portable copy. */
#define WENC__CJK_ENCODE_BULK_POPCNT(name, pair, other)                                            \
    static void name##_popcnt(const void *src, size_t *pos, size_t len, uint8_t *dst, size_t *out, \
                              size_t cap, int form)                                                \
    {                                                                                              \
        name##_portable(src, pos, len, dst, out, cap, form);                                       \
    }
#endif
#define WENC__CJK_ENCODE_BULK(name, pair, other)                                                   \
    static __attribute__((noinline, target("popcnt,bmi,bmi2"))) void name##_bmi2                   \
        WENC__CJK_ENCODE_BULK_BODY(pair, other, true)                                              \
    static __attribute__((noinline)) void name##_portable                                          \
        WENC__CJK_ENCODE_BULK_BODY(pair, other, false)                                             \
    WENC__CJK_ENCODE_BULK_POPCNT(name, pair, other)                                                \
    static void name(const void *src, size_t *pos, size_t len, uint8_t *dst, size_t *out,          \
                     size_t cap, int form)                                                         \
    {                                                                                              \
        wenc__isa isa;                                                                             \
        if (wenc__simd_fast_pext())                                                                \
            name##_bmi2(src, pos, len, dst, out, cap, form);                                       \
        else if ((isa = wenc__simd_isa()) == WENC__ISA_AVX2 || isa == WENC__ISA_AVX512)            \
            name##_popcnt(src, pos, len, dst, out, cap, form);                                     \
        else                                                                                       \
            name##_portable(src, pos, len, dst, out, cap, form);                                   \
    }
#else
#define WENC__CJK_ENCODE_BULK(name, pair, other)                                                   \
    WENC__CJK_BULK void name WENC__CJK_ENCODE_BULK_BODY(pair, other, false)
#endif

#endif /* WENC_CJK_BULK_H */
