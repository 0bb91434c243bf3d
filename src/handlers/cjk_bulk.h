/* cjk_bulk.h -- the bulk loops of the double-byte decoders and encoders
** (Big5, EUC-KR, gb18030/GBK, Shift_JIS, EUC-JP): runs of text, ASCII and
** two-byte sequences mixed, without returning to the engine per item.
**
** Each handler gives small always-inline functions that say what its step
** function would do with an item, or that it must decide (STOP); the loops
** here only move bytes.  So the step function stays the one definition of
** the behaviour (docs/engine.md, "The CJK bulk paths"), and the conformance
** tests compare both with the reference model.
**
** Each loop takes COPY, a constant: which copy of it a function is (the
** portable one, or one with vectors or BMI2).  src/simd/cjk/cjk_copies.h
** holds what differs between copies, defines the copies and says which
** one a process runs: no code here depends on the instruction set. */
#ifndef WENC_CJK_BULK_H
#define WENC_CJK_BULK_H

#include "engine/decode_loop.h"
#include "engine/encode_loop.h"

#include "simd/cjk/cjk_copies.h"

/* The handlers' bulk wrappers are functions of their own, not inlined into
** the engine's loop: there, with the engine's variables live around them,
** GCC spilled the bytes of a UTF-8 sequence to the stack and read them back
** wider (a store-forwarding stall on every code point: EUC-KR encoding from
** UTF-8 ran at a third of the speed).  One call per run costs nothing. */
#if defined(__GNUC__) || defined(__clang__)
#define WENC__CJK_BULK static WENC__NOINLINE
#else
#define WENC__CJK_BULK static
#endif

/* The encoders' step functions.  In the small profile they hold its long
** lookups (search_table.h); the engine's loop inlines its step twice per
** input form, so there they are functions of their own, called for what
** the bulk path leaves (issue 42: a few KiB per encoder). */
#if WENC__TABLES_SMALL && (defined(__GNUC__) || defined(__clang__))
#define WENC__CJK_ENCODE_STEP static WENC__NOINLINE
#else
#define WENC__CJK_ENCODE_STEP WENC__INLINE
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
    /* The low 12 bits times 0x10004 hold them twice, shifted by 2 and by
    ** 16, apart: the mask keeps bits 6..11 in the second byte and 0..5 in
    ** the third.  The fields and the marker bits do not overlap, so adding
    ** is or-ing (one lea): six instructions where the shifts and masks of
    ** each field took ten, on the decoders' hottest loop (issue 43). */
    uint32_t v = ((cp & 0xFFF) * 0x10004u & 0x3F3F00u) + (cp >> 12) + 0x8080E0u;
    memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)(0xE0 | (cp >> 12));
    p[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    p[2] = (uint8_t)(0x80 | (cp & 0x3F));
#endif
}

/* The run of pairs of cjk_decode_run (see there) from SRC[POS], at most
** MAX items (pairs, and lone ASCII bytes between them); returns the
** position after them and advances *OUT.  The pairs have a loop of their
** own: with the lone ASCII byte's test inside it, GCC moved registers on
** every pair (issue 29: two more instructions a pair, callgrind, Big5 on
** Chinese text). */
WENC__INLINE size_t cjk_decode_pairs(const uint8_t *src, size_t pos, void *dst, size_t *out_,
                                     size_t max, const int form,
                                     uint32_t (*fast)(uint32_t, uint32_t))
{
    const uint8_t *p = src + pos;
    size_t out = *out_;
    while (max > 0) {
        while (p[0] >= 0x80) {
            uint32_t cp = fast(p[0], p[1]);
            if (cp == WENC__BULK_STOP)
                goto done;
            if (form == WENC__UTF8) {
                if (cp - 0x800 >= 0x10000 - 0x800)
                    goto done;
                cjk_store_utf8_3(dst, out, cp);
                out += 3;
            } else if (form == WENC__UTF16) {
                if (cp > 0xFFFF)
                    goto done;
                ((uint16_t *)dst)[out++] = (uint16_t)cp;
            } else {
                ((uint32_t *)dst)[out++] = cp;
            }
            p += 2;
            if (--max == 0)
                goto done;
        }
        if (p[1] < 0x80)
            break;
        wenc__put(dst, out++, p[0], form);
        p++;
        max--;
    }
done:
    *out_ = out;
    return (size_t)(p - src);
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
** in the copies with vectors (wenc__cjk_ascii16), so text that alternates between ideographs and spaces or
** digits stays in this loop.  The loop stops at a STOP, at a leading byte
** that ends the input, and when the next item does not fit. */
WENC__INLINE void cjk_decode_run(const uint8_t *src, size_t *pos_, size_t len, void *dst,
                                 size_t *out_, size_t cap, const int form,
                                 uint32_t (*single)(uint32_t), uint32_t (*pair)(uint32_t, uint32_t),
                                 uint32_t (*fast)(uint32_t, uint32_t), const int copy)
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t b = src[pos];
        if (b < 0x80) {
            /* A lone ASCII byte (a space between words) is cheaper
            ** inline; a run takes the vector. */
            if (copy != WENC__CJK_PORTABLE && len - pos >= 16 && cap - out >= 16 &&
                src[pos + 1] < 0x80) {
                wenc__cjk_v16 v;
                unsigned n = wenc__cjk_ascii16(src, pos, WENC__FROM_UTF8, &v);
                wenc__cjk_store16(dst, out, v, form);
                pos += n;
                out += n;
                /* A long run (markup) goes back to the engine, whose ASCII
                ** path copies it with the widest vectors the CPU has. */
                if (n == 16)
                    break;
                continue;
            }
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
            ** cjk_store_utf8_3) or one unit.  A lone ASCII byte between
            ** them (the space between Korean words) counts as one of
            ** those items and stays in the loop: it takes less of both,
            ** so the byte after it is still inside the input.  It stops
            ** at two ASCII bytes in a row (the code below copies them 16
            ** at a time) and at anything FAST leaves, or that takes
            ** another length (UTF-8 below U+0800, and beyond the BMP but
            ** in UTF-32), for the code below. */
            size_t room = cap - out;
            if (form == WENC__UTF8)
                room = room < 4 ? 0 : (room - 1) / 3;
            size_t max = (len - pos) / 2 < room ? (len - pos) / 2 : room;
            size_t start = pos;
            pos = cjk_decode_pairs(src, pos, dst, &out, max, form, fast);
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
** the loop never tests it.  The small profile builds none for UTF-32 (issue
** 42: a copy per form and per kernel set, for the rarest form): there the
** engine's loop takes that form byte by byte through the step function,
** which gives the same output, as the bulk paths may always leave a byte
** to it (decode_loop.h). */
WENC__INLINE void wenc__cjk_decode_bulk_fast(const uint8_t *src, size_t *pos, size_t len, void *dst,
                                             size_t *out, size_t cap, int form,
                                             uint32_t (*single)(uint32_t),
                                             uint32_t (*pair)(uint32_t, uint32_t),
                                             uint32_t (*fast)(uint32_t, uint32_t), const int copy)
{
    if (form == WENC__UTF8)
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF8, single, pair, fast, copy);
    else if (form == WENC__UTF16)
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF16, single, pair, fast, copy);
    else if (!WENC__TABLES_SMALL)
        cjk_decode_run(src, pos, len, dst, out, cap, WENC__UTF32, single, pair, fast, copy);
}

/* The same without FAST. */
WENC__INLINE void wenc__cjk_decode_bulk(const uint8_t *src, size_t *pos, size_t len, void *dst,
                                        size_t *out, size_t cap, int form,
                                        uint32_t (*single)(uint32_t),
                                        uint32_t (*pair)(uint32_t, uint32_t), const int copy)
{
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, single, pair, NULL, copy);
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
                                   const bool lone_ascii, const int copy)
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
            cp = wenc__cjk_utf8_3(w, copy);
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
** inline (16 units at a time in the copies with vectors) and the rest through PAIR and
** OTHER, stopping at ill-formed or cut input, at WENC__CJK_STOP, and when
** the next bytes do not fit. */
WENC__INLINE void cjk_encode_run(const void *src, size_t *pos_, size_t len, uint8_t *dst,
                                 size_t *out_, size_t cap, const int form,
                                 uint32_t (*pair)(uint32_t), uint32_t (*other)(uint32_t),
                                 const int copy)
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t u = wenc__encode_unit(src, pos, form);
        if (u < 0x80) {
            /* From UTF-32, four vectors a step: worth it from four ASCII
            ** units on (two, as ", " between words, cost text 4-10 %). */
            if (copy != WENC__CJK_PORTABLE && len - pos >= 16 && cap - out >= 16 &&
                (form == WENC__FROM_UTF32 ? (wenc__encode_unit(src, pos + 1, form) |
                                             wenc__encode_unit(src, pos + 2, form) |
                                             wenc__encode_unit(src, pos + 3, form)) < 0x80
                                          : wenc__encode_unit(src, pos + 1, form) < 0x80)) {
                wenc__cjk_v16 v;
                unsigned n = wenc__cjk_ascii16(src, pos, form, &v);
                wenc__cjk_store16(dst, out, v, WENC__UTF8);
                pos += n;
                out += n;
                /* A long run goes back to the engine's ASCII path (see
                ** cjk_decode_run). */
                if (n == 16)
                    break;
                continue;
            }
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
            cjk_encode_pairs(src, &pos, dst, &out, in < max ? in : max, form, pair, true, copy);
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

/* The same for a FORM known only at run time (see wenc__cjk_decode_bulk_fast:
** none for UTF-32 in the small profile, whose code points then go through
** the step function, encode_loop.h). */
WENC__INLINE void wenc__cjk_encode_bulk(const void *src, size_t *pos, size_t len, uint8_t *dst,
                                        size_t *out, size_t cap, int form,
                                        uint32_t (*pair)(uint32_t), uint32_t (*other)(uint32_t),
                                        const int copy)
{
    if (form == WENC__FROM_UTF8)
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF8, pair, other, copy);
    else if (form == WENC__FROM_UTF16)
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF16, pair, other, copy);
    else if (!WENC__TABLES_SMALL)
        cjk_encode_run(src, pos, len, dst, out, cap, WENC__FROM_UTF32, pair, other, copy);
}

/* Defines NAME(src, pos, len, dst, out, cap, form), a handler's bulk
** encode wrapper: wenc__cjk_encode_bulk with PAIR and OTHER, one copy per
** instruction set that changes it (src/simd/cjk/cjk_copies.h); in the small
** profile PAIR out of line (WENC__CJK_LOOKUP_COPIES). */
#if WENC__TABLES_SMALL
#define WENC__CJK_ENCODE_BULK(name, pair, other)                                                   \
    WENC__CJK_LOOKUP_COPIES(name##_pair, pair)                                                     \
    WENC__INLINE void name##_copy(const void *src, size_t *pos, size_t len, uint8_t *dst,          \
                                  size_t *out, size_t cap, int form, const int copy)               \
    {                                                                                              \
        wenc__cjk_encode_bulk(src, pos, len, dst, out, cap, form,                                  \
                              WENC__CJK_LOOKUP(name##_pair, copy), other, copy);                   \
    }                                                                                              \
    WENC__CJK_ENCODE_COPIES(name)
#else
#define WENC__CJK_ENCODE_BULK(name, pair, other)                                                   \
    WENC__INLINE void name##_copy(const void *src, size_t *pos, size_t len, uint8_t *dst,          \
                                  size_t *out, size_t cap, int form, const int copy)               \
    {                                                                                              \
        wenc__cjk_encode_bulk(src, pos, len, dst, out, cap, form, pair, other, copy);              \
    }                                                                                              \
    WENC__CJK_ENCODE_COPIES(name)
#endif

#endif /* WENC_CJK_BULK_H */
