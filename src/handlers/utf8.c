/* utf8.c -- UTF-8 decoder and encoder (Encoding Standard, "UTF-8"), and
** the DFA tables of utf8_dfa.h. */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "utf8_dfa.h"
#include "simd/utf8_kernels.h"

#define A WENC__U8C_ASCII
#define C8 WENC__U8C_80_8F
#define C9 WENC__U8C_90_9F
#define CA WENC__U8C_A0_BF
#define X WENC__U8C_INVALID
#define L2 WENC__U8C_C2_DF
#define E0 WENC__U8C_E0
#define E1 WENC__U8C_E1_EF
#define ED WENC__U8C_ED
#define F0 WENC__U8C_F0
#define F1 WENC__U8C_F1_F3
#define F4 WENC__U8C_F4

const uint8_t wenc__utf8_class[256] = {
    /* 00 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 10 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 20 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 30 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 40 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 50 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 60 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 70 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 80 */ C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8,
    /* 90 */ C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9,
    /* A0 */ CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA,
    /* B0 */ CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA,
    /* C0 */ X, X, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2,
    /* D0 */ L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2,
    /* E0 */ E0, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, ED, E1, E1,
    /* F0 */ F0, F1, F1, F1, F4, X, X, X, X, X, X, X, X, X, X, X,
};

#undef A
#undef C8
#undef C9
#undef CA
#undef X
#undef L2
#undef E0
#undef E1
#undef ED
#undef F0
#undef F1
#undef F4

#define R WENC__U8_REJECT
#define OK WENC__U8_ACCEPT

/* Step 3 of the decoder's handler (bytes needed 0) for ACCEPT; steps 4-9
** (the boundaries, then bytes seen == bytes needed) for the others. */
const uint8_t wenc__utf8_next[WENC__U8_STATES * WENC__U8_CLASSES] = {
    /*            ASCII 80-8F 90-9F A0-BF inv C2-DF E0 E1-EF ED F0 F1-F3 F4 */
    /* ACCEPT */ OK, R, R, R, R, WENC__U8_CONT1, WENC__U8_E0, WENC__U8_CONT2, WENC__U8_ED,
                 WENC__U8_F0, WENC__U8_CONT3, WENC__U8_F4,
    /* CONT1  */ R, OK, OK, OK, R, R, R, R, R, R, R, R,
    /* CONT2  */ R, WENC__U8_CONT1, WENC__U8_CONT1, WENC__U8_CONT1, R, R, R, R, R, R, R, R,
    /* E0     */ R, R, R, WENC__U8_CONT1, R, R, R, R, R, R, R, R,
    /* ED     */ R, WENC__U8_CONT1, WENC__U8_CONT1, R, R, R, R, R, R, R, R, R,
    /* CONT3  */ R, WENC__U8_CONT2, WENC__U8_CONT2, WENC__U8_CONT2, R, R, R, R, R, R, R, R,
    /* F0     */ R, R, WENC__U8_CONT2, WENC__U8_CONT2, R, R, R, R, R, R, R, R,
    /* F4     */ R, WENC__U8_CONT2, R, R, R, R, R, R, R, R, R, R,
};

#undef R
#undef OK

const uint8_t wenc__utf8_lead_mask[WENC__U8_CLASSES] = {
    0x7F, 0, 0, 0, 0, 0x1F, 0x0F, 0x0F, 0x0F, 0x07, 0x07, 0x07,
};

/* ------------------------------------------------------------------------
** Decoder.  The state is the standard's UTF-8 code point and bytes seen,
** with the DFA state standing for bytes needed and the boundaries. */

struct utf8_state {
    uint32_t cp;
    uint8_t dfa;
    uint8_t seen;
};

WENC__INLINE int utf8_step(void *sv, int byte, wenc__step *r)
{
    struct utf8_state *s = sv;
    if (byte == WENC__EOQ) {
        /* 1. End-of-queue with bytes needed: error; 2. else finished. */
        if (s->dfa == WENC__U8_ACCEPT)
            return WENC__FINISHED;
        r->error_length = s->seen;
        r->error_gap = 0;
        r->restore_count = 0;
        *s = (struct utf8_state){0, 0, 0};
        return WENC__ERROR;
    }
    unsigned cls = wenc__utf8_class[byte];
    unsigned next = wenc__utf8_next[s->dfa * WENC__U8_CLASSES + cls];
    if (next == WENC__U8_REJECT) {
        /* 3 (otherwise): an invalid lead byte is an error of its own.
        ** 4: a byte outside the boundaries ends the sequence in error and
        ** is restored. */
        r->error_gap = 0;
        if (s->dfa == WENC__U8_ACCEPT) {
            r->error_length = 1;
            r->restore_count = 0;
        } else {
            r->error_length = s->seen;
            r->restore[0] = (uint8_t)byte;
            r->restore_count = 1;
        }
        *s = (struct utf8_state){0, 0, 0};
        return WENC__ERROR;
    }
    s->cp = s->dfa == WENC__U8_ACCEPT ? (uint32_t)(byte & wenc__utf8_lead_mask[cls])
                                      : (s->cp << 6) | (uint32_t)(byte & 0x3F);
    s->dfa = (uint8_t)next;
    if (next != WENC__U8_ACCEPT) {
        s->seen++;
        return WENC__CONTINUE;
    }
    r->cp[0] = s->cp;
    s->cp = 0;
    s->seen = 0;
    return WENC__CODE_POINT;
}

WENC__INLINE bool utf8_idle(const void *sv)
{
    return ((const struct utf8_state *)sv)->dfa == WENC__U8_ACCEPT;
}

/* The bulk path: the longest run of complete, valid sequences (ASCII
** included) that fits, through the kernels of src/simd; errors and a
** sequence cut by the end of the input are left to utf8_step.  For UTF-8
** output this is validate-and-copy: in one pass where the kernels have
** copy_valid (AVX2, AVX-512), else checked a window at a time and copied
** as it is, the window still in the first level of cache. */
#define UTF8_COPY_WINDOW 8192

WENC__INLINE void utf8_bulk(void *unused, const uint8_t *src, size_t *pos_, size_t len,
                            void *dst, size_t *out_, size_t cap, int form)
{
    (void)unused;
    size_t pos = *pos_, out = *out_;
    /* With no room, dst may be NULL: no pointer arithmetic on it. */
    if (cap == out)
        return;
    const wenc__utf8_kernels *k = wenc__utf8_kernels_get();
    if (form == WENC__UTF8) {
        size_t end = len - pos < cap - out ? len : pos + (cap - out);
        if (k->copy_valid) {
            /* One pass: each block is stored as soon as it is checked. */
            size_t valid = k->copy_valid(src + pos, end - pos, (uint8_t *)dst + out);
            pos += valid;
            out += valid;
        } else {
            while (pos < end) {
                size_t window = end - pos < UTF8_COPY_WINDOW ? end - pos : UTF8_COPY_WINDOW;
                size_t valid = k->valid_prefix(src + pos, window);
                if (valid == 0)
                    break;
                memcpy((uint8_t *)dst + out, src + pos, valid);
                pos += valid;
                out += valid;
            }
        }
    } else if (form == WENC__UTF16) {
        size_t written;
        pos += k->to_utf16(src + pos, len - pos, (uint16_t *)dst + out, cap - out, &written);
        out += written;
    } else {
        size_t written;
        pos += k->to_utf32(src + pos, len - pos, (uint32_t *)dst + out, cap - out, &written);
        out += written;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE wenc_status utf8_decode(wenc__dcall *c, const int form)
{
    struct utf8_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = wenc__decode_loop(c, form, &s, utf8_step, utf8_idle, true, utf8_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(utf8, utf8_decode);

/* ------------------------------------------------------------------------
** Encoder: every scalar value has a UTF-8 form. */

#include "simd/utf16_kernels.h"
#include "simd/utf8_kernels.h"

WENC__INLINE int utf8_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    if (cp == WENC__EOQ) {
        r->n = 0;
        return WENC__E_FINISHED;
    }
    r->n = (uint8_t)wenc__utf8_put(r->bytes, (uint32_t)cp);
    return WENC__E_BYTES;
}

/* The bulk path, through the kernels of src/simd (chosen once per
** process): well-formed UTF-16 is transcoded, valid UTF-8 is copied (found
** by valid_prefix, so it is exactly what the DFA would accept), and
** well-formed UTF-32 is encoded here.  Each stops before ill-formed input,
** a sequence cut by the end of the input, or a code point that does not
** fit; the engine's peek then decides (U+FFFD, or wait for more input). */
WENC__INLINE void utf8_encode_bulk(const void *src, size_t *pos_, size_t len, uint8_t *dst,
                                   size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_;
    if (pos == len || out == cap)
        return;
    if (form == WENC__FROM_UTF16) {
        size_t w;
        *pos_ = pos + wenc__utf16_kernels_get()->to_utf8((const uint16_t *)src + pos, len - pos,
                                                         dst + out, cap - out, &w);
        *out_ = out + w;
        return;
    }
    if (form == WENC__FROM_UTF8) {
        /* Cut to the room left: a sequence cut there is not valid, so it
        ** is never copied in part. */
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        const wenc__utf8_kernels *k = wenc__utf8_kernels_get();
        size_t valid;
        if (k->copy_valid) {
            valid = k->copy_valid((const uint8_t *)src + pos, n, dst + out);
        } else {
            valid = k->valid_prefix((const uint8_t *)src + pos, n);
            memcpy(dst + out, (const uint8_t *)src + pos, valid);
        }
        *pos_ = pos + valid;
        *out_ = out + valid;
        return;
    }
    while (pos < len && cap - out >= 4) {
        uint32_t cp;
        unsigned units = wenc__encode_fast_input(src, pos, len, form, &cp);
        if (units == 0 || (cp < 0x80 && pos + 1 < len && wenc__encode_unit(src, pos + 1, form) < 0x80))
            break;
        out += wenc__utf8_put(dst + out, cp);
        pos += units;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE wenc_status utf8_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, utf8_encode_step, wenc__always, utf8_encode_bulk);
}

WENC__ENCODER_IMPL(utf8, utf8_encode, 4);
