/* big5.c -- Big5 decoder and encoder (Encoding Standard, "Big5").
** Tables: indexes/big5.c (index Big5, both directions). */
#include "cjk_bulk.h"
#include "big5.h"

struct big5_state {
    uint8_t leading;
};

WENC__INLINE int big5_step(void *sv, int byte, wenc__step *r)
{
    struct big5_state *s = sv;
    r->error_gap = 0;
    r->restore_count = 0;
    /* 1-2. End-of-queue: error if a leading byte is held, else finished. */
    if (byte == WENC__EOQ) {
        if (s->leading == 0)
            return WENC__FINISHED;
        s->leading = 0;
        r->error_length = 1;
        return WENC__ERROR;
    }
    /* 3. A leading byte is held. */
    if (s->leading != 0) {
        uint32_t leading = s->leading;
        s->leading = 0;
        uint32_t cp = WENC__NONE16;
        if ((byte >= 0x40 && byte <= 0x7E) || (byte >= 0xA1 && byte <= 0xFE)) {
            uint32_t offset = byte < 0x7F ? 0x40 : 0x62;
            uint32_t pointer = (leading - 0x81) * 157 + ((uint32_t)byte - offset);
            /* The four pointers that decode to two code points. */
            switch (pointer) {
            case 1133:
            case 1135:
            case 1164:
            case 1166:
                r->cp[0] = pointer < 1164 ? 0x00CA : 0x00EA;
                r->cp[1] = (pointer == 1133 || pointer == 1164) ? 0x0304 : 0x030C;
                return WENC__CODE_POINTS_2;
            }
            cp = wenc__big5_code_point(pointer);
        }
        if (cp != WENC__NONE16) {
            r->cp[0] = cp;
            return WENC__CODE_POINT;
        }
        /* An ASCII byte is restored: the error is the leading byte alone. */
        if (byte < 0x80) {
            r->restore[0] = (uint8_t)byte;
            r->restore_count = 1;
            r->error_length = 1;
        } else {
            r->error_length = 2;
        }
        return WENC__ERROR;
    }
    /* 4. ASCII.  5. A leading byte.  6. Anything else is an error. */
    if (byte < 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    if (byte >= 0x81 && byte <= 0xFE) {
        s->leading = (uint8_t)byte;
        return WENC__CONTINUE;
    }
    r->error_length = 1;
    return WENC__ERROR;
}

WENC__INLINE bool big5_idle(const void *sv)
{
    return ((const struct big5_state *)sv)->leading == 0;
}

/* The bulk path (decode_loop.h): what big5_step decodes to one code point.
** Leading bytes 0x81..0x86 (no pointer of theirs is in the index) are left
** to the step function, so that pairs need no range check. */
WENC__INLINE uint32_t big5_single(uint32_t b)
{
    return b >= 0x87 && b <= 0xFE ? WENC__BULK_LEAD : WENC__BULK_STOP;
}

WENC__INLINE uint32_t big5_pair(uint32_t leading, uint32_t b)
{
    if (!((b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE)))
        return WENC__BULK_STOP;
    uint32_t cp = wenc__big5_bytes_code_point(leading, b);
    /* The four two-code-point pointers are unmapped in the index. */
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

/* The fast path (cjk_bulk.h): pointer tables from step 3's formulas,
** counted from the decode table's first pointer (leading byte 0x87;
** 0x81..0x86 have no entry), 157 pointers a row, trailing byte 0x40..0x7E
** or 0xA1..0xFE (offset 0x40 or 0x62).  The rows that hold a plane 2 code
** point (HKSCS: 0x87..0xA0, 0xC8, 0xFA..0xFE; the generator lists them)
** are left to big5_pair, so that the fast path reads the low 16 bits
** alone, without the bitset: the rows of common text (0xA4..0xF9) have
** none. */
#define BIG5_ASTRAL_LEAD(b) \
    (((b) < 0xC0 ? WENC__BIG5_ASTRAL_LEADS_80 >> (WENC__BYTE_SUB(b, 0x80) & 63) \
                 : WENC__BIG5_ASTRAL_LEADS_C0 >> (WENC__BYTE_SUB(b, 0xC0) & 63)) & 1)
#define BIG5_LEAD(b) \
    ((b) >= 0x87 && (b) <= 0xFE && !BIG5_ASTRAL_LEAD(b) ? WENC__BYTE_SUB(b, 0x87) * 157 \
                                                        : WENC__PAIR_INVALID)
#define BIG5_TRAIL(b) \
    ((b) >= 0x40 && (b) <= 0x7E   ? WENC__BYTE_SUB(b, 0x40) \
     : (b) >= 0xA1 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x62) \
                                  : WENC__PAIR_INVALID)
static const uint16_t big5_lead[256] = {WENC__BYTE_TABLE(BIG5_LEAD)};
static const uint16_t big5_trail[256] = {WENC__BYTE_TABLE(BIG5_TRAIL)};

WENC__INLINE uint32_t big5_fast(uint32_t leading, uint32_t b)
{
    uint32_t at = (uint32_t)big5_lead[leading] + big5_trail[b];
    if (at >= WENC__BIG5_POINTERS - WENC__BIG5_FIRST)
        return WENC__BULK_STOP;
    uint32_t cp = wenc__big5_decode[at];
    /* Nulls, and the four two-code-point pointers (null in the table):
    ** the step function. */
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

WENC__INLINE void big5_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                 void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, big5_single, big5_pair,
                               big5_fast, copy);
}

WENC__CJK_DECODE_COPIES(big5_bulk)

WENC__INLINE wenc_status big5_decode(wenc__dcall *c, const int form)
{
    struct big5_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = WENC__CJK_DECODE_LOOP(c, form, &s, big5_step, big5_idle, true, big5_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(big5, big5_decode);

/* Encoder.  The generated encode table already follows "index Big5
** pointer" (pointers below (0xA1 - 0x81) * 157 excluded, the last pointer
** for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345). */

WENC__CJK_ENCODE_STEP int big5_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 3. The index Big5 pointer; 4. null: error.  5-8. Leading and
    ** trailing bytes (wenc__big5_bytes gives both). */
    uint32_t bytes = wenc__big5_bytes((uint32_t)cp);
    if (bytes == WENC__NONE16) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = (uint8_t)bytes;
    r->bytes[1] = (uint8_t)(bytes >> 8);
    r->n = 2;
    return WENC__E_BYTES;
}

/* The bulk path (cjk_bulk.h): what big5_encode_step gives for CP >= 0x80
** is the index's bytes (wenc__big5_bytes), or an error (stop).  The bulk
** path takes those of wenc__big5_bytes_bulk and stops at the rest (the
** default profile's rank blocks: the step function's). */

WENC__CJK_ENCODE_BULK(big5_encode_bulk, wenc__big5_bytes_bulk, wenc__cjk_encode_stop)

WENC__INLINE wenc_status big5_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, big5_encode_step, wenc__always, big5_encode_bulk);
}

WENC__ENCODER_IMPL(big5, big5_encode, 2);
