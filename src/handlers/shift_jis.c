/* shift_jis.c -- Shift_JIS decoder and encoder (Encoding Standard,
** "Shift_JIS").  Tables: index jis0208 (jis0208.h). */
#include "cjk_bulk.h"
#include "handlers/jis0208.h"

struct shift_jis_state {
    uint8_t leading;
};

WENC__INLINE int shift_jis_step(void *sv, int byte, wenc__step *r)
{
    struct shift_jis_state *s = sv;
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
        if ((byte >= 0x40 && byte <= 0x7E) || (byte >= 0x80 && byte <= 0xFC)) {
            uint32_t offset = byte < 0x7F ? 0x40 : 0x41;
            uint32_t leading_offset = leading < 0xA0 ? 0x81 : 0xC1;
            uint32_t pointer = (leading - leading_offset) * 188 + (uint32_t)byte - offset;
            /* EUDC: Windows' private use area. */
            if (pointer >= 8836 && pointer <= 10715) {
                r->cp[0] = 0xE000 - 8836 + pointer;
                return WENC__CODE_POINT;
            }
            cp = wenc__jis0208_code_point(pointer);
        }
        if (cp != WENC__NONE16) {
            r->cp[0] = cp;
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
    /* 4. ASCII or 0x80.  5. Half-width katakana.  6. A leading byte.
    ** 7. Error. */
    if (byte <= 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    if (byte >= 0xA1 && byte <= 0xDF) {
        r->cp[0] = 0xFF61 - 0xA1 + (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    if ((byte >= 0x81 && byte <= 0x9F) || (byte >= 0xE0 && byte <= 0xFC)) {
        s->leading = (uint8_t)byte;
        return WENC__CONTINUE;
    }
    r->error_length = 1;
    return WENC__ERROR;
}

WENC__INLINE bool shift_jis_idle(const void *sv)
{
    return ((const struct shift_jis_state *)sv)->leading == 0;
}

/* The bulk path (decode_loop.h): what shift_jis_step decodes without error. */
WENC__INLINE uint32_t shift_jis_single(uint32_t b)
{
    if (b == 0x80)
        return b;
    if (b >= 0xA1 && b <= 0xDF)
        return 0xFF61 - 0xA1 + b;
    if ((b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC))
        return WENC__BULK_LEAD;
    return WENC__BULK_STOP;
}

WENC__INLINE uint32_t shift_jis_pair(uint32_t leading, uint32_t b)
{
    if (!((b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC)))
        return WENC__BULK_STOP;
    uint32_t pointer = (leading - (leading < 0xA0 ? 0x81 : 0xC1)) * 188 + b - (b < 0x7F ? 0x40 : 0x41);
    uint32_t cp = wenc__jis0208_code_point(pointer);
    if (WENC__LIKELY(cp != WENC__NONE16))
        return cp;
    /* The EUDC pointers (Windows' private use area) are null in index
    ** jis0208, so they are looked for only after the index. */
    if (pointer >= 8836 && pointer <= 10715)
        return 0xE000 - 8836 + pointer;
    return WENC__BULK_STOP;
}

/* The fast path (cjk_bulk.h): pointer tables from steps 3's formulas,
** leading byte 0x81..0x9F or 0xE0..0xFC (leading offset 0x81 or 0xC1, 188
** pointers a row) and trailing byte 0x40..0x7E or 0x80..0xFC (offset 0x40
** or 0x41). */
#define SJIS_LEAD(b) \
    ((b) >= 0x81 && (b) <= 0x9F   ? WENC__BYTE_SUB(b, 0x81) * 188 \
     : (b) >= 0xE0 && (b) <= 0xFC ? WENC__BYTE_SUB(b, 0xC1) * 188 \
                                  : WENC__PAIR_INVALID)
#define SJIS_TRAIL(b) \
    ((b) >= 0x40 && (b) <= 0x7E   ? WENC__BYTE_SUB(b, 0x40) \
     : (b) >= 0x80 && (b) <= 0xFC ? WENC__BYTE_SUB(b, 0x41) \
                                  : WENC__PAIR_INVALID)
static const uint16_t sjis_lead[256] = {WENC__BYTE_TABLE(SJIS_LEAD)};
static const uint16_t sjis_trail[256] = {WENC__BYTE_TABLE(SJIS_TRAIL)};

/* The pointers below the table's gap (rows 1..94 of JIS X 0208 and the
** NEC rows): one lookup in each pointer table and in the index.  The EUDC
** area, the IBM extensions past it, nulls and invalid bytes go through
** shift_jis_single and shift_jis_pair. */
WENC__INLINE uint32_t shift_jis_fast(uint32_t leading, uint32_t b)
{
    uint32_t pointer = (uint32_t)sjis_lead[leading] + sjis_trail[b];
    if (pointer >= WENC__JIS0208_GAP_FIRST)
        return WENC__BULK_STOP;
    uint32_t cp = wenc__jis0208_decode_at(pointer);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

WENC__INLINE void shift_jis_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                      void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, shift_jis_single,
                               shift_jis_pair, shift_jis_fast, copy);
}

WENC__CJK_DECODE_COPIES(shift_jis_bulk)

WENC__INLINE wenc_status shift_jis_decode(wenc__dcall *c, const int form)
{
    struct shift_jis_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = WENC__CJK_DECODE_LOOP(c, form, &s, shift_jis_step,
                                           shift_jis_idle, true, shift_jis_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(shift_jis, shift_jis_decode);

WENC__CJK_ENCODE_STEP int shift_jis_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 1;
    /* 1. End-of-queue: finished.  2. ASCII or U+0080: its byte.  3-4. The
    ** yen sign and overline take the place of 5C and 7E.  5. Half-width
    ** katakana: one byte. */
    if (cp == WENC__EOQ) {
        r->n = 0;
        return WENC__E_FINISHED;
    }
    if (cp <= 0x80) {
        r->bytes[0] = (uint8_t)cp;
        return WENC__E_BYTES;
    }
    if (cp == 0xA5 || cp == 0x203E) {
        r->bytes[0] = cp == 0xA5 ? 0x5C : 0x7E;
        return WENC__E_BYTES;
    }
    if (cp >= 0xFF61 && cp <= 0xFF9F) {
        r->bytes[0] = (uint8_t)(cp - 0xFF61 + 0xA1);
        return WENC__E_BYTES;
    }
    /* 6. U+2212 is encoded as U+FF0D.  7. index Shift_JIS pointer;
    ** 8. null: error.  9-13. Two bytes (wenc__jis0208_shift_jis_bytes
    ** gives both). */
    if (cp == 0x2212)
        cp = 0xFF0D;
    uint32_t bytes = wenc__jis0208_shift_jis_bytes((uint32_t)cp);
    if (bytes == WENC__NONE16) {
        r->n = 0;
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = (uint8_t)bytes;
    r->bytes[1] = (uint8_t)(bytes >> 8);
    r->n = 2;
    return WENC__E_BYTES;
}

/* The bulk path (cjk_bulk.h): what shift_jis_encode_step gives for CP >=
** 0x80 (steps 2-13), or stop at an error: the index's bytes
** (wenc__jis0208_shift_jis_bytes), else this.  The code points of steps 2-6
** (U+0080, U+00A5, U+203E, U+FF61..U+FF9F, U+2212) have no pointer in
** index jis0208 (tools/gen-tables.py, jis0208_encode_check(), makes sure),
** so they are looked for only after the index gave null: kana and
** ideographs take no branch for them. */
WENC__INLINE uint32_t shift_jis_encode_other(uint32_t cp)
{
    if (cp == 0x80)
        return WENC__CJK_BYTES1(0x80);
    if (cp == 0xA5 || cp == 0x203E)
        return WENC__CJK_BYTES1(cp == 0xA5 ? 0x5C : 0x7E);
    if (cp - 0xFF61 <= 0xFF9F - 0xFF61)
        return WENC__CJK_BYTES1(cp - 0xFF61 + 0xA1);
    if (cp == 0x2212)
        return WENC__CJK_PACKED2(wenc__jis0208_shift_jis_bytes(0xFF0D));
    return WENC__CJK_STOP;
}

/* PAIR of the bulk path: the bytes of the index's first pointer where they
** are what the encoder writes.  An entry whose leading byte is 0xED or more
** is a first pointer in rows 88..93 (or null): those few code points
** (NEC-selected IBM extensions) leave the bulk loop for the step function,
** so a kana or ideograph costs one test after its lookup. */
WENC__INLINE uint32_t shift_jis_bulk_bytes(uint32_t cp)
{
    uint32_t e = jis0208_entry(cp);
    return (e & 0xFF) >= 0xED ? WENC__NONE16 : e;
}

WENC__CJK_ENCODE_BULK(shift_jis_encode_bulk, shift_jis_bulk_bytes, shift_jis_encode_other)

WENC__INLINE wenc_status shift_jis_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, shift_jis_encode_step, wenc__always,
                             shift_jis_encode_bulk);
}

WENC__ENCODER_IMPL(shift_jis, shift_jis_encode, 2);
