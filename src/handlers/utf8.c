/* utf8.c -- UTF-8 decoder and encoder (Encoding Standard, "UTF-8").  The
** library's tables of valid UTF-8 are compiled here (utf8/dfa_tables.h
** says why). */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "utf8/dfa_tables.h"
#include "simd/utf8/utf8_kernels.h"

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

#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"

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
