/* euc_kr.c -- EUC-KR decoder and encoder (Encoding Standard, "EUC-KR").
** Tables: indexes/euc_kr.c (index EUC-KR, both directions). */
#include "cjk_bulk.h"
#include "euc_kr.h"

struct euc_kr_state {
    uint8_t leading;
};

/* The lookup by bytes (euc_kr.h).  The small profile's is long: there it
** is a function of its own, called by the step function and by the bulk
** path for what is not Hangul, instead of inlined into each form's loop
** and each copy (issue 42). */
#if WENC__TABLES_SMALL
WENC__CJK_NOINLINE uint32_t euc_kr_bytes_code_point(uint32_t leading, uint32_t trailing)
{
    return wenc__euc_kr_bytes_code_point(leading, trailing);
}
#else
#define euc_kr_bytes_code_point wenc__euc_kr_bytes_code_point
#endif

WENC__INLINE int euc_kr_step(void *sv, int byte, wenc__step *r)
{
    struct euc_kr_state *s = sv;
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
        if (byte >= 0x41 && byte <= 0xFE) {
            cp = euc_kr_bytes_code_point(leading, (uint32_t)byte);
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
    /* 4. ASCII.  5. A leading byte.  6. Error. */
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

WENC__INLINE bool euc_kr_idle(const void *sv)
{
    return ((const struct euc_kr_state *)sv)->leading == 0;
}

/* The bulk path (decode_loop.h): what euc_kr_step decodes without error. */
WENC__INLINE uint32_t euc_kr_single(uint32_t b)
{
    return b >= 0x81 && b <= 0xFE ? WENC__BULK_LEAD : WENC__BULK_STOP;
}

WENC__INLINE uint32_t euc_kr_pair(uint32_t leading, uint32_t b)
{
    if (b < 0x41 || b > 0xFE)
        return WENC__BULK_STOP;
    uint32_t cp = euc_kr_bytes_code_point(leading, b);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}

#if WENC__TABLES_SMALL
/* The fast path (cjk_bulk.h): KS X 1001's Hangul first (most of Korean
** text, never null), then the small profile's lookup by bytes, which takes
** any leading byte from 0x80 and any trailing byte (euc_kr.h). */
WENC__INLINE uint32_t euc_kr_fast(uint32_t leading, uint32_t b)
{
    uint32_t row = leading - 0xB0, cell = b - 0xA1;
    if ((row < 25) & (cell < 94))
        return euc_kr_ks_hangul(row * 94 + cell);
    uint32_t cp = euc_kr_bytes_code_point(leading, b);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}
#else
/* The fast path (cjk_bulk.h): pointer tables from step 3's formula,
** leading byte 0x81..0xFE, 190 pointers a row, trailing byte 0x41..0xFE. */
#define EUC_KR_LEAD(b) \
    ((b) >= 0x81 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x81) * 190 : WENC__PAIR_INVALID)
#define EUC_KR_TRAIL(b) ((b) >= 0x41 && (b) <= 0xFE ? WENC__BYTE_SUB(b, 0x41) : WENC__PAIR_INVALID)
static const uint16_t euc_kr_lead[256] = {WENC__BYTE_TABLE(EUC_KR_LEAD)};
static const uint16_t euc_kr_trail[256] = {WENC__BYTE_TABLE(EUC_KR_TRAIL)};

WENC__INLINE uint32_t euc_kr_fast(uint32_t leading, uint32_t b)
{
    uint32_t pointer = (uint32_t)euc_kr_lead[leading] + euc_kr_trail[b];
    if (pointer >= WENC__EUC_KR_POINTERS)
        return WENC__BULK_STOP;
    uint32_t cp = wenc__euc_kr_decode_at(pointer);
    return cp == WENC__NONE16 ? WENC__BULK_STOP : cp;
}
#endif

WENC__INLINE void euc_kr_bulk_copy(void *unused, const uint8_t *src, size_t *pos, size_t len,
                                   void *dst, size_t *out, size_t cap, int form, const int copy)
{
    (void)unused;
    wenc__cjk_decode_bulk_fast(src, pos, len, dst, out, cap, form, euc_kr_single, euc_kr_pair,
                               euc_kr_fast, copy);
}

WENC__CJK_DECODE_COPIES(euc_kr_bulk)

WENC__INLINE wenc_status euc_kr_decode(wenc__dcall *c, const int form)
{
    struct euc_kr_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = WENC__CJK_DECODE_LOOP(c, form, &s, euc_kr_step,
                                           euc_kr_idle, true, euc_kr_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(euc_kr, euc_kr_decode);

WENC__CJK_ENCODE_STEP int euc_kr_encode_step(void *unused, int32_t cp, wenc__estep *r)
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
    /* 3. The index pointer; 4. null: error; 5-7. two bytes
    ** (wenc__euc_kr_bytes gives both). */
    uint32_t bytes = wenc__euc_kr_bytes((uint32_t)cp);
    if (bytes == WENC__NONE16) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = (uint8_t)bytes;
    r->bytes[1] = (uint8_t)(bytes >> 8);
    r->n = 2;
    return WENC__E_BYTES;
}

/* The bulk path (cjk_bulk.h): what euc_kr_encode_step gives for CP >=
** 0x80 is the index's bytes (wenc__euc_kr_bytes), or an error.  The bulk
** path takes those of wenc__euc_kr_bytes_bulk and stops at the rest (the
** default profile's sparse blocks and the small profile's hanja among
** them) for the step function. */

WENC__CJK_ENCODE_BULK(euc_kr_encode_bulk, wenc__euc_kr_bytes_bulk, wenc__cjk_encode_stop)

WENC__INLINE wenc_status euc_kr_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, euc_kr_encode_step, wenc__always, euc_kr_encode_bulk);
}

WENC__ENCODER_IMPL(euc_kr, euc_kr_encode, 2);
