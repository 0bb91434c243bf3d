/* gb18030.c -- gb18030 and GBK decoder and encoders (Encoding Standard,
** "gb18030" and "GBK": GBK's decoder is gb18030's, GBK's encoder is
** gb18030's with "is GBK" set).  Tables: indexes/gb18030.c (index gb18030)
** and indexes/gb18030_ranges.c (index gb18030 ranges). */
#include "cjk_bulk.h"
#include "gb18030.h"

/* Null for ranges_code_point(): not WENC__NONE16 (0xFFFF), which is a
** code point here -- pointer 39419 is U+FFFF. */
#define RANGES_NULL UINT32_MAX

/* "index gb18030 ranges code point" for POINTER, or RANGES_NULL for null. */
WENC__INLINE uint32_t ranges_code_point(uint32_t pointer)
{
    /* 1. Pointers in the gap and past U+10FFFF are null. */
    if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
        return RANGES_NULL;
    /* 2. The GB18030-2005 change. */
    if (pointer == 7457)
        return 0xE7C7;
    /* 3. The last range starting at or before the pointer (binary search);
    ** 4. its code point plus the distance. */
    unsigned lo = 0, hi = WENC__GB18030_RANGES;
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        if (wenc__gb18030_ranges_pointer[mid] <= pointer)
            lo = mid;
        else
            hi = mid;
    }
    return wenc__gb18030_ranges_cp[lo] + pointer - wenc__gb18030_ranges_pointer[lo];
}

/* "index gb18030 ranges pointer" for CP (never null for a code point the
** encoder gets this far with). */
WENC__INLINE uint32_t ranges_pointer(uint32_t cp)
{
    if (cp == 0xE7C7)
        return 7457;
    unsigned lo = 0, hi = WENC__GB18030_RANGES;
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        if (wenc__gb18030_ranges_cp[mid] <= cp)
            lo = mid;
        else
            hi = mid;
    }
    return wenc__gb18030_ranges_pointer[lo] + cp - wenc__gb18030_ranges_cp[lo];
}

/* The four bytes of POINTER into D (encoder steps 9-15). */
WENC__INLINE void pointer_four_bytes(uint32_t pointer, uint8_t *d)
{
    d[0] = (uint8_t)(pointer / (10 * 126 * 10) + 0x81);
    pointer %= 10 * 126 * 10;
    d[1] = (uint8_t)(pointer / (10 * 126) + 0x30);
    pointer %= 10 * 126;
    d[2] = (uint8_t)(pointer / 10 + 0x81);
    d[3] = (uint8_t)(pointer % 10 + 0x30);
}

struct gb18030_state {
    uint8_t first, second, third;
};

WENC__INLINE int gb18030_step(void *sv, int byte, wenc__step *r)
{
    struct gb18030_state *s = sv;
    r->error_gap = 0;
    r->restore_count = 0;
    /* 1-2. End-of-queue: finished, or error if bytes are held. */
    if (byte == WENC__EOQ) {
        if (s->first == 0)
            return WENC__FINISHED;
        r->error_length = (uint8_t)(1 + (s->second != 0) + (s->third != 0));
        *s = (struct gb18030_state){0, 0, 0};
        return WENC__ERROR;
    }
    /* 3. Fourth byte. */
    if (s->third != 0) {
        if (byte < 0x30 || byte > 0x39) {
            /* Restore second, third and this byte: the error is the first. */
            r->restore[0] = s->second;
            r->restore[1] = s->third;
            r->restore[2] = (uint8_t)byte;
            r->restore_count = 3;
            r->error_length = 1;
            *s = (struct gb18030_state){0, 0, 0};
            return WENC__ERROR;
        }
        uint32_t pointer = (s->first - 0x81u) * (10 * 126 * 10) + (s->second - 0x30u) * (10 * 126) +
                           (s->third - 0x81u) * 10 + (uint32_t)byte - 0x30;
        uint32_t cp = ranges_code_point(pointer);
        *s = (struct gb18030_state){0, 0, 0};
        if (cp == RANGES_NULL) {
            r->error_length = 4;
            return WENC__ERROR;
        }
        r->cp[0] = cp;
        return WENC__CODE_POINT;
    }
    /* 4. Third byte. */
    if (s->second != 0) {
        if (byte >= 0x81 && byte <= 0xFE) {
            s->third = (uint8_t)byte;
            return WENC__CONTINUE;
        }
        r->restore[0] = s->second;
        r->restore[1] = (uint8_t)byte;
        r->restore_count = 2;
        r->error_length = 1;
        s->first = s->second = 0;
        return WENC__ERROR;
    }
    /* 5. Second byte. */
    if (s->first != 0) {
        if (byte >= 0x30 && byte <= 0x39) {
            s->second = (uint8_t)byte;
            return WENC__CONTINUE;
        }
        uint32_t leading = s->first;
        s->first = 0;
        if ((byte >= 0x40 && byte <= 0x7E) || (byte >= 0x80 && byte <= 0xFE)) {
            uint32_t offset = byte < 0x7F ? 0x40 : 0x41;
            /* Every pointer of this form is in index gb18030. */
            r->cp[0] = wenc__gb18030_code_point((leading - 0x81) * 190 + ((uint32_t)byte - offset));
            return WENC__CODE_POINT;
        }
        if (byte < 0x80) {
            r->restore[0] = (uint8_t)byte;
            r->restore_count = 1;
            r->error_length = 1;
        } else {
            r->error_length = 2;
        }
        return WENC__ERROR;
    }
    /* 6. ASCII.  7. 0x80 is U+20AC.  8. A first byte.  9. Error. */
    if (byte < 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    if (byte == 0x80) {
        r->cp[0] = 0x20AC;
        return WENC__CODE_POINT;
    }
    if (byte <= 0xFE) {
        s->first = (uint8_t)byte;
        return WENC__CONTINUE;
    }
    r->error_length = 1;
    return WENC__ERROR;
}

WENC__INLINE bool gb18030_idle(const void *sv)
{
    return ((const struct gb18030_state *)sv)->first == 0;
}

/* The bulk path (decode_loop.h): one- and two-byte sequences; four-byte ones
** (a digit after the first byte) are left to gb18030_step. */
WENC__INLINE uint32_t gb18030_single(uint32_t b)
{
    if (b == 0x80)
        return 0x20AC;
    return b <= 0xFE ? WENC__BULK_LEAD : WENC__BULK_STOP;
}

WENC__INLINE uint32_t gb18030_pair(uint32_t leading, uint32_t b)
{
    if (!((b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFE)))
        return WENC__BULK_STOP;
    return wenc__gb18030_code_point((leading - 0x81) * 190 + (b - (b < 0x7F ? 0x40 : 0x41)));
}

/* The fast path (cjk_bulk.h): pointer tables from step 5's formulas,
** leading byte 0x81..0xFE, 190 pointers a row, trailing byte 0x40..0x7E
** or 0x80..0xFE (offset 0x40 or 0x41); a digit (a four-byte sequence) is
** not a trailing byte here. */
#define GB_LEAD(b) ((b) >= 0x81 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x81) * 190 : WENC__PAIR_INVALID)
#define GB_TRAIL(b) \
    ((b) >= 0x40 && (b) <= 0x7E   ? WENC__BYTE_SUB(b, 0x40) \
     : (b) >= 0x80 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x41) \
                                  : WENC__PAIR_INVALID)
#if WENC__TABLES_SMALL
/* The small profile's lookup takes the row (leading byte - 0x81) and the
** offset in it apart: no division. */
#define GB_ROW(b) ((b) >= 0x81 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x81) : WENC__PAIR_INVALID)
static const uint16_t gb_row[256] = {WENC__BYTE_TABLE(GB_ROW)};
static const uint16_t gb_trail[256] = {WENC__BYTE_TABLE(GB_TRAIL)};

WENC__INLINE uint32_t gb18030_fast(uint32_t leading, uint32_t b)
{
    uint32_t row = gb_row[leading], t = gb_trail[b];
    if ((row | t) >= WENC__PAIR_INVALID)
        return WENC__BULK_STOP;
    /* Every pointer of this form is in the index (step 5). */
    return wenc__gb18030_code_point_at(row, t);
}
#else
static const uint16_t gb_lead[256] = {WENC__BYTE_TABLE(GB_LEAD)};
static const uint16_t gb_trail[256] = {WENC__BYTE_TABLE(GB_TRAIL)};

WENC__INLINE uint32_t gb18030_fast(uint32_t leading, uint32_t b)
{
    uint32_t pointer = (uint32_t)gb_lead[leading] + gb_trail[b];
    if (pointer >= WENC__GB18030_POINTERS)
        return WENC__BULK_STOP;
    /* Every pointer of this form is in the index (step 5). */
    return wenc__gb18030_code_point(pointer);
}
#endif

#if WENC__TABLES_SMALL
/* The range of KEY for the small profile's bulk paths (the decoder's and
** the encoder's four-byte sequences): the last one in KEYS
** (wenc__gb18030_ranges_pointer or wenc__gb18030_ranges_cp) starting at or
** before KEY, into *RANGE.  *RANGE, the last key's, is tried first (runs
** of Hangul are in one range), then a search by halves. */
WENC__INLINE void ranges_find(const uint32_t *keys, uint32_t key, unsigned *range)
{
    if (key < keys[*range] || (*range + 1 < WENC__GB18030_RANGES && key >= keys[*range + 1])) {
        unsigned lo = 0, n = WENC__GB18030_RANGES;
        while (n > 1) {
            unsigned half = n / 2;
            lo = keys[lo + half] <= key ? lo + half : lo;
            n -= half;
        }
        *range = lo;
    }
}

/* The small profile's bulk path also takes four-byte sequences of the BMP
** (steps 3-5 with all four bytes in range and a pointer below 39420, but
** not 7457), so that text outside index gb18030 (Hangul, ...) stays in the
** loop: that profile's speed bar is encoding_rs's (issue 29), which
** decodes them in its loop (ranges_find); the rest (U+E7C7, beyond the
** BMP, null) is left to the step function. */
WENC__INLINE void gb18030_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                    void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    unsigned range = 0;
    for (;;) {
        wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, gb18030_single,
                                   gb18030_pair, gb18030_fast, copy);
        for (;;) {
            const uint8_t *p = src + *pos;
            if (len - *pos < 4 || p[0] - 0x81u > 0xFE - 0x81 || p[1] - 0x30u > 9 ||
                p[2] - 0x81u > 0xFE - 0x81 || p[3] - 0x30u > 9)
                return;
            uint32_t pointer = (p[0] - 0x81u) * (10 * 126 * 10) + (p[1] - 0x30u) * (10 * 126) +
                               (p[2] - 0x81u) * 10 + (p[3] - 0x30u);
            if (pointer > 39419 || pointer == 7457 || cap - *out < 1 + (form == WENC__UTF8) * 2)
                return;
            ranges_find(wenc__gb18030_ranges_pointer, pointer, &range);
            uint32_t cp =
                wenc__gb18030_ranges_cp[range] + pointer - wenc__gb18030_ranges_pointer[range];
            wenc__put(dst, *out, cp, form);
            *out += wenc__units(cp, form);
            *pos += 4;
            if (len - *pos < 4 || src[*pos + 1] - 0x30u > 9)
                break;
        }
    }
}
#else
WENC__INLINE void gb18030_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                    void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, gb18030_single,
                               gb18030_pair, gb18030_fast, copy);
}
#endif

WENC__CJK_DECODE_COPIES(gb18030_bulk)

WENC__INLINE wenc_status gb18030_decode(wenc__dcall *c, const int form)
{
    struct gb18030_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = WENC__CJK_DECODE_LOOP(c, form, &s, gb18030_step,
                                           gb18030_idle, true, gb18030_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(gb18030, gb18030_decode);

/* Encoder.  The side table of the GB18030-2022 alignment: Private Use code
** points that index gb18030 mapped before 2024, kept encodable as then. */
static const struct {
    uint16_t cp;
    uint8_t bytes[2];
} pua_side_table[18] = {
    {0xE78D, {0xA6, 0xD9}}, {0xE78E, {0xA6, 0xDA}}, {0xE78F, {0xA6, 0xDB}},
    {0xE790, {0xA6, 0xDC}}, {0xE791, {0xA6, 0xDD}}, {0xE792, {0xA6, 0xDE}},
    {0xE793, {0xA6, 0xDF}}, {0xE794, {0xA6, 0xEC}}, {0xE795, {0xA6, 0xED}},
    {0xE796, {0xA6, 0xF3}}, {0xE81E, {0xFE, 0x59}}, {0xE826, {0xFE, 0x61}},
    {0xE82B, {0xFE, 0x66}}, {0xE82C, {0xFE, 0x67}}, {0xE832, {0xFE, 0x6D}},
    {0xE843, {0xFE, 0x7E}}, {0xE854, {0xFE, 0x90}}, {0xE864, {0xFE, 0xA0}},
};

#if WENC__TABLES_SMALL
/* The small profile's lookup once per copy (WENC__CJK_LOOKUP_COPIES): the
** bulk paths of gb18030 and GBK and both step functions call it (inlined
** in each, it was 0.7 KiB there: issue 42). */
WENC__CJK_LOOKUP_COPIES(gb18030_bytes, wenc__gb18030_bytes)
#define GB18030_STEP_BYTES(cp) WENC__CJK_LOOKUP(gb18030_bytes, WENC__CJK_PORTABLE)(cp)
#else
#define GB18030_STEP_BYTES(cp) wenc__gb18030_bytes(cp)
#endif

WENC__INLINE int gb18030_encode_step(int32_t cp, wenc__estep *r, bool is_gbk)
{
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 3. U+E5E5 cannot round-trip (A3 A0 decodes to U+3000). */
    if (cp == 0xE5E5) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    /* 4. GBK's euro sign. */
    if (is_gbk && cp == 0x20AC) {
        r->bytes[0] = 0x80;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 5. The side table (all in U+E78D..U+E864). */
    if (cp >= 0xE78D && cp <= 0xE864) {
        for (unsigned i = 0; i < 18; i++) {
            if (pua_side_table[i].cp == cp) {
                r->bytes[0] = pua_side_table[i].bytes[0];
                r->bytes[1] = pua_side_table[i].bytes[1];
                r->n = 2;
                return WENC__E_BYTES;
            }
        }
    }
    /* 6-7. The index pointer: two bytes (wenc__gb18030_bytes gives
    ** both). */
    uint32_t bytes = GB18030_STEP_BYTES((uint32_t)cp);
    if (bytes != WENC__NONE16) {
        r->bytes[0] = (uint8_t)bytes;
        r->bytes[1] = (uint8_t)(bytes >> 8);
        r->n = 2;
        return WENC__E_BYTES;
    }
    /* 8. GBK stops here. */
    if (is_gbk) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    /* 9-15. Four bytes from the ranges pointer. */
    pointer_four_bytes(ranges_pointer((uint32_t)cp), r->bytes);
    r->n = 4;
    return WENC__E_BYTES;
}

WENC__CJK_ENCODE_STEP int gb18030_encode_step_full(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    return gb18030_encode_step(cp, r, false);
}

WENC__CJK_ENCODE_STEP int gbk_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    return gb18030_encode_step(cp, r, true);
}

/* The bulk path (cjk_bulk.h): what gb18030_encode_step gives for CP >=
** 0x80 through the index (steps 4, 6-7: gbk_encode_pair, or for gb18030
** wenc__gb18030_bytes_bulk itself, which leaves the default profile's rank
** blocks to the step function); the rest (U+E5E5, the side table,
** four-byte sequences, GBK's errors) stops it.  U+E5E5 (step 3) and the 18
** code points of the side table (step 5) have no index pointer (the
** generator checks, tools/gen-tables.py gb18030_encode_check()), so the
** lookup itself stops at them. */
#if !WENC__TABLES_SMALL
WENC__INLINE uint32_t gbk_encode_pair(uint32_t cp)
{
    /* 4. GBK's euro sign comes before the index, which maps it too. */
    return cp == 0x20AC ? WENC__NONE16 : wenc__gb18030_bytes_bulk(cp);
}
#endif

WENC__INLINE uint32_t gbk_encode_other(uint32_t cp)
{
    return cp == 0x20AC ? WENC__CJK_BYTES1(0x80) : WENC__CJK_STOP;
}

#if WENC__TABLES_SMALL
/* As the decoder's (gb18030_bulk_copy), the small profile's bulk path also
** writes the four bytes of BMP code points with no index pointer (steps
** 9-15; not U+E5E5, the side table's or U+E7C7, left to the step function
** with everything else).  The lookup out of line, as the other encoders'
** (WENC__CJK_ENCODE_BULK). */
WENC__INLINE void gb18030_encode_bulk_copy(const void *src, size_t *pos, size_t len, uint8_t *dst,
                                           size_t *out, size_t cap, int form, const int copy)
{
    unsigned range = 0;
    for (;;) {
        wenc__cjk_encode_bulk(src, pos, len, dst, out, cap, form,
                              WENC__CJK_LOOKUP(gb18030_bytes, copy), wenc__cjk_encode_stop, copy);
        for (;;) {
            uint32_t cp;
            if (*pos == len)
                return;
            unsigned units = wenc__encode_fast_input(src, *pos, len, form, &cp);
            if (units == 0 || cp - 0x80 >= 0x10000 - 0x80 || cap - *out < 4 || cp == 0xE5E5 ||
                cp == 0xE7C7 || (cp >= 0xE78D && cp <= 0xE864) ||
                WENC__CJK_LOOKUP(gb18030_bytes, copy)(cp) != WENC__NONE16)
                return;
            ranges_find(wenc__gb18030_ranges_cp, cp, &range);
            uint32_t pointer =
                wenc__gb18030_ranges_pointer[range] + cp - wenc__gb18030_ranges_cp[range];
            pointer_four_bytes(pointer, dst + *out);
            *out += 4;
            *pos += units;
        }
    }
}
WENC__CJK_ENCODE_COPIES(gb18030_encode_bulk)
#else
WENC__CJK_ENCODE_BULK(gb18030_encode_bulk, wenc__gb18030_bytes_bulk, wenc__cjk_encode_stop)
#endif

#if WENC__TABLES_SMALL
/* GBK's pair (gbk_encode_pair): the euro sign (step 4), then gb18030's
** lookup of the same copy, not a copy of its own. */
WENC__INLINE uint32_t gbk_pair_portable(uint32_t cp)
{
    return cp == 0x20AC ? WENC__NONE16 : gb18030_bytes_portable(cp);
}
#if defined(WENC__SIMD_X86)
WENC__INLINE uint32_t gbk_pair_popcnt(uint32_t cp)
{
    return cp == 0x20AC ? WENC__NONE16 : gb18030_bytes_popcnt(cp);
}
#endif
WENC__INLINE void gbk_encode_bulk_copy(const void *src, size_t *pos, size_t len, uint8_t *dst,
                                       size_t *out, size_t cap, int form, const int copy)
{
    wenc__cjk_encode_bulk(src, pos, len, dst, out, cap, form, WENC__CJK_LOOKUP(gbk_pair, copy),
                          gbk_encode_other, copy);
}
WENC__CJK_ENCODE_COPIES(gbk_encode_bulk)
#else
WENC__CJK_ENCODE_BULK(gbk_encode_bulk, gbk_encode_pair, gbk_encode_other)
#endif

WENC__INLINE wenc_status gb18030_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, gb18030_encode_step_full, wenc__always,
                             gb18030_encode_bulk);
}

WENC__INLINE wenc_status gbk_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, gbk_encode_step, wenc__always, gbk_encode_bulk);
}

WENC__ENCODER_IMPL(gb18030, gb18030_encode, 4);
WENC__ENCODER_IMPL(gbk, gbk_encode, 2);
