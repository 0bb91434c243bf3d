/* euc_jp.c -- EUC-JP decoder and encoder (Encoding Standard, "EUC-JP").
** Tables: index jis0208 (jis0208.h) and index jis0212 (decoder only). */
#include "cjk_bulk.h"
#include "handlers/jis0208.h"
#include "handlers/jis0212.h"

struct euc_jp_state {
    uint8_t leading;
    uint8_t jis0212;
};

WENC__INLINE int euc_jp_step(void *sv, int byte, wenc__step *r)
{
    struct euc_jp_state *s = sv;
    r->error_gap = 0;
    r->restore_count = 0;
    /* 1-2. End-of-queue: error if a leading byte is held (with the 0x8F
    ** before it for JIS X 0212), else finished. */
    if (byte == WENC__EOQ) {
        if (s->leading == 0)
            return WENC__FINISHED;
        r->error_length = (uint8_t)(1 + s->jis0212);
        *s = (struct euc_jp_state){0, 0};
        return WENC__ERROR;
    }
    /* 3. Half-width katakana after 0x8E. */
    if (s->leading == 0x8E && byte >= 0xA1 && byte <= 0xDF) {
        s->leading = 0;
        r->cp[0] = 0xFF61 - 0xA1 + (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    /* 4. 0x8F introduces a JIS X 0212 pair. */
    if (s->leading == 0x8F && byte >= 0xA1 && byte <= 0xFE) {
        s->jis0212 = 1;
        s->leading = (uint8_t)byte;
        return WENC__CONTINUE;
    }
    /* 5. A leading byte is held. */
    if (s->leading != 0) {
        uint32_t leading = s->leading;
        unsigned jis0212 = s->jis0212;
        s->leading = 0;
        s->jis0212 = 0;
        uint32_t cp = WENC__NONE16;
        if (leading >= 0xA1 && leading <= 0xFE && byte >= 0xA1 && byte <= 0xFE) {
            uint32_t pointer = (leading - 0xA1) * 94 + (uint32_t)byte - 0xA1;
            if (!jis0212)
                cp = wenc__jis0208_code_point(pointer);
            else
                cp = wenc__jis0212_code_point(pointer);
        }
        if (cp != WENC__NONE16) {
            r->cp[0] = cp;
            return WENC__CODE_POINT;
        }
        /* Only an ASCII byte is restored (the 2017 text restored more). */
        if (byte < 0x80) {
            r->restore[0] = (uint8_t)byte;
            r->restore_count = 1;
            r->error_length = (uint8_t)(1 + jis0212);
        } else {
            r->error_length = (uint8_t)(2 + jis0212);
        }
        return WENC__ERROR;
    }
    /* 6. ASCII.  7. A leading byte.  8. Error. */
    if (byte < 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    if (byte == 0x8E || byte == 0x8F || (byte >= 0xA1 && byte <= 0xFE)) {
        s->leading = (uint8_t)byte;
        return WENC__CONTINUE;
    }
    r->error_length = 1;
    return WENC__ERROR;
}

WENC__INLINE bool euc_jp_idle(const void *sv)
{
    return ((const struct euc_jp_state *)sv)->leading == 0;
}

/* The bulk path (decode_loop.h): JIS X 0208 pairs and 0x8E katakana; the
** three-byte JIS X 0212 sequences are left to euc_jp_step. */
WENC__INLINE uint32_t euc_jp_single(uint32_t b)
{
    return b == 0x8E || (b >= 0xA1 && b <= 0xFE) ? WENC__BULK_LEAD : WENC__BULK_STOP;
}

WENC__INLINE uint32_t euc_jp_pair(uint32_t leading, uint32_t b)
{
    if (leading == 0x8E)
        return b >= 0xA1 && b <= 0xDF ? 0xFF61 - 0xA1 + b : WENC__BULK_STOP;
    if (b < 0xA1 || b > 0xFE)
        return WENC__BULK_STOP;
    uint32_t cp = wenc__jis0208_code_point((leading - 0xA1) * 94 + b - 0xA1);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

/* The fast path (cjk_bulk.h): pointer tables from step 5's formula for
** index jis0208, leading and trailing byte 0xA1..0xFE, 94 pointers a row
** (all below the table's gap); 0x8E (katakana) and 0x8F (jis0212) go
** through euc_jp_single and euc_jp_pair. */
#define EUC_JP_BYTE(b) ((b) >= 0xA1 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0xA1) : WENC__PAIR_INVALID)
#define EUC_JP_LEAD(b) \
    ((b) >= 0xA1 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0xA1) * 94 : WENC__PAIR_INVALID)
static const uint16_t euc_jp_lead[256] = {WENC__BYTE_TABLE(EUC_JP_LEAD)};
static const uint16_t euc_jp_trail[256] = {WENC__BYTE_TABLE(EUC_JP_BYTE)};

WENC__INLINE uint32_t euc_jp_fast(uint32_t leading, uint32_t b)
{
    uint32_t pointer = (uint32_t)euc_jp_lead[leading] + euc_jp_trail[b];
    if (pointer >= WENC__JIS0208_GAP_FIRST)
        return WENC__BULK_STOP;
    uint32_t cp = wenc__jis0208_decode_at(pointer);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

WENC__INLINE void euc_jp_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                   void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, euc_jp_single, euc_jp_pair,
                               euc_jp_fast, copy);
}

WENC__CJK_DECODE_COPIES(euc_jp_bulk)

WENC__INLINE wenc_status euc_jp_decode(wenc__dcall *c, const int form)
{
    struct euc_jp_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = WENC__CJK_DECODE_LOOP(c, form, &s, euc_jp_step,
                                           euc_jp_idle, true, euc_jp_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(euc_jp, euc_jp_decode);

WENC__CJK_ENCODE_STEP int euc_jp_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 1;
    /* 1. End-of-queue: finished.  2. ASCII.  3-4. Yen sign and overline. */
    if (cp == WENC__EOQ) {
        r->n = 0;
        return WENC__E_FINISHED;
    }
    if (cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        return WENC__E_BYTES;
    }
    if (cp == 0xA5 || cp == 0x203E) {
        r->bytes[0] = cp == 0xA5 ? 0x5C : 0x7E;
        return WENC__E_BYTES;
    }
    /* 5. Half-width katakana: 0x8E and a byte. */
    if (cp >= 0xFF61 && cp <= 0xFF9F) {
        r->bytes[0] = 0x8E;
        r->bytes[1] = (uint8_t)(cp - 0xFF61 + 0xA1);
        r->n = 2;
        return WENC__E_BYTES;
    }
    /* 6. U+2212 is encoded as U+FF0D.  7. The index pointer (first, so
    ** below 8836); 8. null: error; 9-11. two bytes: pointer / 94 + 0xA1
    ** and pointer % 94 + 0xA1, the row and cell plus 0xA1. */
    if (cp == 0x2212)
        cp = 0xFF0D;
    uint32_t rc = wenc__jis0208_row_cell((uint32_t)cp);
    if (rc == WENC__NONE16) {
        r->n = 0;
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = (uint8_t)((rc & 0xFF) + 0xA1);
    r->bytes[1] = (uint8_t)((rc >> 8) + 0xA1);
    r->n = 2;
    return WENC__E_BYTES;
}

/* The bulk path (cjk_bulk.h): what euc_jp_encode_step gives for CP >=
** 0x80 (steps 3-11), or stop at an error.  The code points of steps 3-6
** have no pointer in index jis0208 (see shift_jis_encode_other), so they are
** looked for only after the index gave null.  Row and cell are below 94:
** adding 0xA1 to each carries into neither's neighbour. */
WENC__INLINE uint32_t euc_jp_encode_pair(uint32_t cp)
{
    return wenc__jis0208_row_cell_plus(cp, 0xA1A1);
}

WENC__INLINE uint32_t euc_jp_encode_other(uint32_t cp)
{
    if (cp == 0xA5 || cp == 0x203E)
        return WENC__CJK_BYTES1(cp == 0xA5 ? 0x5C : 0x7E);
    if (cp - 0xFF61 <= 0xFF9F - 0xFF61)
        return WENC__CJK_BYTES2(0x8E, cp - 0xFF61 + 0xA1);
    if (cp == 0x2212)
        return WENC__CJK_PACKED2(wenc__jis0208_row_cell_plus(0xFF0D, 0xA1A1));
    return WENC__CJK_STOP;
}

WENC__CJK_ENCODE_BULK(euc_jp_encode_bulk, euc_jp_encode_pair, euc_jp_encode_other)

WENC__INLINE wenc_status euc_jp_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, euc_jp_encode_step, wenc__always, euc_jp_encode_bulk);
}

WENC__ENCODER_IMPL(euc_jp, euc_jp_encode, 2);
