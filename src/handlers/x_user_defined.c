/* x_user_defined.c -- x-user-defined decoder and encoder (Encoding
** Standard, "x-user-defined"): bytes 0x80..0xFF are U+F780..U+F7FF. */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "simd/utf16/utf16_kernels.h"

WENC__INLINE int xud_step(void *unused, int byte, wenc__step *r)
{
    (void)unused;
    /* 1. End-of-queue: finished.  2. ASCII: itself.  3. 0xF780 + byte - 0x80. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    r->cp[0] = byte < 0x80 ? (uint32_t)byte : 0xF780u + (uint32_t)byte - 0x80u;
    return WENC__CODE_POINT;
}

/* The bulk path, through the kernels of src/simd (chosen once per
** process): every byte decodes on its own, so it stops only where the
** output is full.  It takes ASCII too (the engine's ASCII path would stop
** at every byte of 0x80 and up). */
WENC__INLINE void xud_bulk(void *unused, const uint8_t *src, size_t *pos_, size_t len, void *dst,
                           size_t *out_, size_t cap, int form)
{
    (void)unused;
    size_t pos = *pos_, out = *out_, w;
    if (pos == len || out == cap)
        return;
    const wenc__utf16_kernels *k = wenc__utf16_kernels_get();
    if (form == WENC__UTF16) {
        pos += k->xud_to_utf16(src + pos, len - pos, (uint16_t *)dst + out, cap - out, &w);
    } else if (form == WENC__UTF8) {
        pos += k->xud_to_utf8(src + pos, len - pos, (uint8_t *)dst + out, cap - out, &w);
    } else {
        /* UTF-32: one unit per byte, a loop the compiler vectorises. */
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        uint32_t *d = (uint32_t *)dst + out;
        for (size_t i = 0; i < n; i++) {
            uint32_t b = src[pos + i];
            d[i] = b < 0x80 ? b : 0xF700 + b;
        }
        pos += n;
        w = n;
    }
    *pos_ = pos;
    *out_ = out + w;
}

WENC__INLINE wenc_status xud_decode(wenc__dcall *c, const int form)
{
    return wenc__decode_loop(c, form, NULL, xud_step, wenc__always, false, xud_bulk);
}

WENC__DECODER_IMPL(x_user_defined, xud_decode);

WENC__INLINE int xud_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte.  3. U+F780..U+F7FF:
    ** cp - 0xF780 + 0x80.  4. Otherwise error. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80 || (cp >= 0xF780 && cp <= 0xF7FF)) {
        r->bytes[0] = (uint8_t)(cp < 0x80 ? cp : cp - 0xF780 + 0x80);
        r->n = 1;
        return WENC__E_BYTES;
    }
    r->error_cp = (uint32_t)cp;
    return WENC__E_ERROR;
}

WENC__INLINE wenc_status xud_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, xud_encode_step, wenc__always, NULL);
}

WENC__ENCODER_IMPL(x_user_defined, xud_encode, 1);
