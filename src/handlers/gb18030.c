/* gb18030.c -- placeholder while the handler is written. */
#include "decode.h"
#include "encode.h"

WENC__INLINE int stub_step(void *unused, int byte, wenc__step *r)
{
    (void)unused;
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    r->error_length = 1;
    r->error_gap = 0;
    r->restore_count = 0;
    return WENC__ERROR;
}

WENC__INLINE wenc_status stub_decode(wenc__dcall *c, const int form)
{
    return wenc__decode_loop(c, form, NULL, stub_step, NULL);
}

WENC__DECODER_IMPL(gb18030, stub_decode);

WENC__INLINE int stub_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 0;
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    r->error_cp = (uint32_t)cp;
    return WENC__E_ERROR;
}

WENC__INLINE wenc_status stub_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, stub_encode_step, NULL);
}

WENC__ENCODER_IMPL(gb18030, stub_encode, 4);
WENC__ENCODER_IMPL(gbk, stub_encode, 4);
