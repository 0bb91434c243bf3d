/* replacement.c -- the replacement decoder (Encoding Standard,
** "replacement"): one error for a non-empty stream, nothing else.  It has
** no encoder. */
#include "engine/decode_loop.h"

struct replacement_state {
    uint8_t error_returned;
};

WENC__INLINE int replacement_step(void *sv, int byte, wenc__step *r)
{
    struct replacement_state *s = sv;
    /* 1. End-of-queue: finished. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    /* 2. First byte: error (its span is that byte). */
    if (!s->error_returned) {
        s->error_returned = 1;
        r->error_length = 1;
        r->error_gap = 0;
        r->restore_count = 0;
        return WENC__ERROR;
    }
    /* 3. Finished: the rest of the stream is never decoded. */
    return WENC__FINISHED;
}

WENC__INLINE wenc_status replacement_decode(wenc__dcall *c, const int form)
{
    struct replacement_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = wenc__decode_loop(c, form, &s, replacement_step, NULL, false, NULL);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(replacement, replacement_decode);
