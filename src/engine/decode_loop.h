/* decode_loop.h -- the decode engine's contract with the handlers, and the loop
** every handler runs (Encoding Standard, "Encoders and decoders": process a
** queue / process an item).
**
** A handler is a `step` function: given its state and the next byte (or
** WENC__EOQ for end-of-queue) it returns continue, one or two code points,
** error, or finished, exactly as the standard's handler does.  When it
** "restores" bytes to the I/O queue it lists them in the step result; the
** engine then re-reads them, from the caller's buffer if they are still
** there, else from the decoder's own small buffer (priv_input), so callers
** never re-offer old input.  docs/engine.md tells the whole story.
**
** wenc__decode_loop() is inlined into each handler file with the handler's
** step function, once per output form, so there is no indirect call per
** byte: the engine dispatches once per call (decoder.c). */
#ifndef WENC_DECODE_H
#define WENC_DECODE_H

#include "internal.h"

#ifndef WENC__EOQ
#define WENC__EOQ (-1)
#endif

/* What a step returns (the standard's handler results). */
enum {
    WENC__CONTINUE,
    WENC__CODE_POINT,    /* cp[0] */
    WENC__CODE_POINTS_2, /* cp[0], cp[1] (Big5's four special pointers) */
    WENC__ERROR,         /* see error_length, error_gap, restore */
    WENC__FINISHED
};

typedef struct wenc__step {
    uint32_t cp[2];
    /* On error: the bytes restored to the queue, in stream order; they are
    ** always the last restore_count bytes read. */
    uint8_t restore[3];
    uint8_t restore_count;
    /* On error: the malformed sequence is the error_length bytes that end
    ** error_gap + restore_count bytes before the read position (after the
    ** current byte).  error_gap is 1 only for ISO-2022-JP's trailing byte
    ** 0x1B, which ends the error but starts an escape sequence. */
    uint8_t error_length;
    uint8_t error_gap;
} wenc__step;

/* Output forms. */
enum { WENC__UTF8, WENC__UTF16, WENC__UTF32 };

/* One call of the engine. */
typedef struct wenc__dcall {
    wenc_decoder *d;
    const uint8_t *src;
    size_t src_len;
    size_t pos;   /* bytes of src consumed */
    size_t mark;  /* src position where the current run of src reads began */
    void *dst;
    size_t dst_len;
    size_t out;   /* units written */
    bool last;
    bool strip;   /* a BOM must still be stripped from the output */
    bool finished; /* the handler returned finished on end-of-queue */
} wenc__dcall;

/* The decoder flag bits kept in priv_flags. */
#define WENC__DEC_FATAL 0x01u
/* priv_bom bits: BOM handling still to do. */
#define WENC__BOM_SNIFF_PENDING 0x01u
#define WENC__BOM_STRIP_PENDING 0x02u

/* Per family: the three output forms (decoder.c dispatches on them). */
typedef struct wenc__decoder_impl {
    wenc_status (*decode[3])(wenc__dcall *c);
} wenc__decoder_impl;

/* Defines wenc__<name>_decoder from an always-inline FN(c, form). */
#define WENC__DECODER_IMPL(name, fn)                                                      \
    static wenc_status name##_utf8(wenc__dcall *c) { return fn(c, WENC__UTF8); }           \
    static wenc_status name##_utf16(wenc__dcall *c) { return fn(c, WENC__UTF16); }         \
    static wenc_status name##_utf32(wenc__dcall *c) { return fn(c, WENC__UTF32); }         \
    const wenc__decoder_impl wenc__##name##_decoder = {                                   \
        {name##_utf8, name##_utf16, name##_utf32}}

/* Each family's decoder, defined by its handler file (families.h). */
#define WENC__X(f, name) extern const wenc__decoder_impl wenc__##name##_decoder;
WENC__FAMILY_DECODERS(WENC__X)
#undef WENC__X

/* Output units CP needs in FORM. */
WENC__INLINE unsigned wenc__units(uint32_t cp, int form)
{
    if (form == WENC__UTF8)
        return wenc__utf8_length(cp);
    if (form == WENC__UTF16)
        return cp >= 0x10000 ? 2 : 1;
    return 1;
}

/* Writes CP at unit offset AT of DST (room checked by the caller). */
WENC__INLINE void wenc__put(void *dst, size_t at, uint32_t cp, int form)
{
    if (form == WENC__UTF8) {
        wenc__utf8_put((uint8_t *)dst + at, cp);
    } else if (form == WENC__UTF16) {
        uint16_t *p = (uint16_t *)dst + at;
        if (cp >= 0x10000) {
            p[0] = (uint16_t)(0xD7C0 + (cp >> 10));
            p[1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
        } else {
            p[0] = (uint16_t)cp;
        }
    } else {
        ((uint32_t *)dst)[at] = cp;
    }
}

/* decoder.c: copies the longest ASCII prefix of src[pos..] that fits into
** dst, advancing pos and out.  Returns the number of bytes copied. */
size_t wenc__decode_ascii(wenc__dcall *c, int form);

/* decoder.c: everything but the hot path for one step result KIND (for
** BYTE): slow emission, errors (restore, fatal, U+FFFD), finished.  Returns
** -1 to go on, else the status the call returns. */
int wenc__decode_result(wenc__dcall *c, int form, int kind, const wenc__step *r, int byte);

/* A handler's optional bulk path: decodes from SRC[*POS..LEN) into DST
** (units *OUT..CAP) whatever it can do without its step function -- e.g.
** runs of complete, valid sequences -- and stops at anything else, leaving
** it to the step function.  Called only with the handler's state idle.
** With the loop's ASCII runs (UTF-8, the single-byte family, gb18030,
** Big5, EUC-JP, EUC-KR, Shift_JIS), SRC[*POS] is not ASCII; without them
** the bulk path is offered every byte, ASCII included: UTF-16BE/LE (a byte
** is half a unit), x-user-defined (one vector add covers both halves) and
** ISO-2022-JP (ASCII only in its ASCII state).  It may do nothing (*POS
** unchanged): the step function then takes the byte. */
typedef void (*wenc__bulk_fn)(void *state, const uint8_t *src, size_t *pos, size_t len,
                              void *dst, size_t *out, size_t cap, int form);

/* What a bulk path's byte functions return to leave a byte to the step
** function (errors, and sequences the bulk path does not handle). */
#define WENC__BULK_STOP 0xFFFFFFFFu
#define WENC__BULK_LEAD 0xFFFFFFFEu

/* The loop: reads bytes (restored ones first, then the caller's, then
** end-of-queue if c->last), runs STEP on each and handles its result as the
** standard's "process an item" does for the decoder's error mode.
**
** IDLE, if not NULL, tells when the fast paths may run: the handler's state
** holds no bytes of a sequence.  Then, with ASCII_RUNS (ASCII bytes decode
** to themselves and leave the state as it is), runs of ASCII are copied in
** bulk, and BULK, if not NULL, is the handler's own bulk path for the other
** bytes (for every byte without ASCII_RUNS).
**
** The caller's bytes go through an inner loop whose positions live in local
** variables: output is written through pointers that may alias anything
** (uint8_t), so fields of *c would be reloaded after every store. */
WENC__INLINE wenc_status wenc__decode_loop(wenc__dcall *c, const int form, void *state,
                                           int (*step)(void *, int, wenc__step *),
                                           bool (*idle)(const void *), const bool ascii_runs,
                                           wenc__bulk_fn bulk)
{
    wenc_decoder *d = c->d;
    for (;;) {
        int byte, kind;
        wenc__step r;
        if (WENC__UNLIKELY(d->priv_input_count != 0)) {
            /* Restored bytes, one at a time (rare). */
            byte = d->priv_input[0];
            d->priv_input_count--;
            memmove(d->priv_input, d->priv_input + 1, d->priv_input_count);
            c->mark = c->pos;
            kind = step(state, byte, &r);
        } else if (c->pos < c->src_len) {
            const uint8_t *src = c->src;
            void *dst = c->dst;
            size_t pos = c->pos, len = c->src_len, out = c->out, cap = c->dst_len;
            const bool strip = c->strip;
            c->mark = pos;
            for (;;) {
                if (pos == len) {
                    kind = -1;
                    break;
                }
                byte = src[pos];
                if (idle != NULL && !strip && idle(state)) {
                    if (ascii_runs && byte < 0x80) {
                        /* A short run inline; a long one in bulk. */
                        size_t stop = len - pos < cap - out ? len : pos + (cap - out);
                        size_t run = pos + 16 < stop ? pos + 16 : stop;
                        if (pos == stop) {
                            kind = -2;
                            break;
                        }
                        do {
                            wenc__put(dst, out++, src[pos], form);
                        } while (++pos < run && src[pos] < 0x80);
                        if (pos == run && run < stop && src[pos] < 0x80) {
                            c->pos = pos;
                            c->out = out;
                            wenc__decode_ascii(c, form);
                            pos = c->pos;
                            out = c->out;
                        }
                        continue;
                    }
                    if (bulk != NULL) {
                        size_t before = pos;
                        bulk(state, src, &pos, len, dst, &out, cap, form);
                        if (pos != before)
                            continue;
                    }
                }
                pos++;
                /* A result of its own, copied to r only for the slow path:
                ** r's address escapes to wenc__decode_result, which would
                ** keep this one in memory. */
                wenc__step fast;
                kind = step(state, byte, &fast);
                if (kind == WENC__CONTINUE)
                    continue;
                if (kind == WENC__CODE_POINT && !strip) {
                    unsigned need = wenc__units(fast.cp[0], form);
                    if (cap - out >= need) {
                        wenc__put(dst, out, fast.cp[0], form);
                        out += need;
                        continue;
                    }
                }
                r = fast;
                break;
            }
            c->pos = pos;
            c->out = out;
            if (kind == -1)
                continue;
            if (kind == -2)
                return WENC_OUTPUT_FULL;
        } else if (c->last) {
            byte = WENC__EOQ;
            kind = step(state, byte, &r);
        } else {
            return WENC_INPUT_EMPTY;
        }
        int status = wenc__decode_result(c, form, kind, &r, byte);
        if (status >= 0)
            return (wenc_status)status;
    }
}

#endif /* WENC_DECODE_H */
