/* single_byte.c -- the single-byte decoder and encoder shared by the legacy
** single-byte encodings (Encoding Standard, "Legacy single-byte encodings"),
** each with its own index (indexes/single_byte.c). */
#include "decode.h"
#include "encode.h"

/* The index in use; nothing persists between calls. */
struct sb_state {
    const uint16_t *index; /* code point for byte - 0x80 */
};

WENC__INLINE int sb_step(void *sv, int byte, wenc__step *r)
{
    const struct sb_state *s = sv;
    /* 1. End-of-queue: finished.  2. ASCII byte: its code point. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    if (byte < 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    /* 3. The index code point for byte - 0x80; 4. null: error. */
    uint32_t cp = s->index[byte - 0x80];
    if (cp == WENC__NONE16) {
        r->error_length = 1;
        r->error_gap = 0;
        r->restore_count = 0;
        return WENC__ERROR;
    }
    r->cp[0] = cp;
    return WENC__CODE_POINT;
}

/* The bulk path: every mapped byte, without the step machine, except runs
** of ASCII, which go back to the engine's ASCII path. */
WENC__INLINE void sb_bulk(void *sv, const uint8_t *src, size_t *pos_, size_t len, void *dst,
                          size_t *out_, size_t cap, int form)
{
    const uint16_t *index = ((const struct sb_state *)sv)->index;
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t b = src[pos];
        if (b < 0x80 && pos + 1 < len && src[pos + 1] < 0x80)
            break;
        uint32_t cp = b < 0x80 ? b : index[b - 0x80];
        unsigned need = wenc__units(cp, form);
        if (cp == WENC__NONE16 || cap - out < need)
            break;
        wenc__put(dst, out, cp, form);
        out += need;
        pos++;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE wenc_status sb_decode(wenc__dcall *c, const int form)
{
    struct sb_state s = {wenc__sb_decode + 128 * c->d->priv_encoding->single_byte};
    return wenc__decode_loop(c, form, &s, sb_step, wenc__always, true, sb_bulk);
}

WENC__DECODER_IMPL(single_byte, sb_decode);

/* Encoder: a direct map from code point to byte, two levels (code point
** >> 7, then the low 7 bits) over blocks shared by all encodings. */

struct sb_encode_state {
    const uint8_t *top; /* 512 block numbers: the BMP in 128s */
};

WENC__INLINE int sb_encode_step(void *sv, int32_t cp, wenc__estep *r)
{
    const struct sb_encode_state *s = sv;
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 3. The index pointer; 4. null: error; 5. byte pointer + 0x80. */
    uint8_t byte = 0;
    if (cp < 0x10000)
        byte = wenc__sb_enc_blocks[(unsigned)s->top[cp >> 7] << 7 | (cp & 0x7F)];
    if (byte == 0) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = byte;
    r->n = 1;
    return WENC__E_BYTES;
}

WENC__INLINE wenc_status sb_encode(wenc__ecall *c, const int form)
{
    struct sb_encode_state s = {wenc__sb_enc_top + 512 * c->e->priv_encoding->single_byte};
    return wenc__encode_loop(c, form, &s, sb_encode_step, wenc__always, NULL);
}

WENC__ENCODER_IMPL(single_byte, sb_encode, 1);
