/* x_user_defined.c -- x-user-defined decoder and encoder (Encoding
** Standard, "x-user-defined"): bytes 0x80..0xFF are U+F780..U+F7FF. */
#include "decode.h"
#include "encode.h"

WENC__INLINE int xud_step(void *unused, int byte, wenc__step *r)
{
    (void)unused;
    /* 1. End-of-queue: finished.  2. ASCII: itself.  3. 0xF780 + byte - 0x80. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    r->cp[0] = byte < 0x80 ? (uint32_t)byte : 0xF780u + (uint32_t)byte - 0x80u;
    return WENC__CODE_POINT;
}

WENC__INLINE wenc_status xud_decode(wenc__dcall *c, const int form)
{
    return wenc__decode_loop(c, form, NULL, xud_step, wenc__always, true, NULL);
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
