/* decode.h -- the decode engine's contract with the handlers, and the loop
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

#define WENC__EOQ (-1)

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

extern const wenc__decoder_impl wenc__utf8_decoder, wenc__single_byte_decoder,
    wenc__gb18030_decoder, wenc__big5_decoder, wenc__euc_jp_decoder,
    wenc__iso_2022_jp_decoder, wenc__shift_jis_decoder, wenc__euc_kr_decoder,
    wenc__replacement_decoder, wenc__utf16be_decoder, wenc__utf16le_decoder,
    wenc__x_user_defined_decoder;

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

/* decoder.c: writes N code points or keeps what does not fit in the
** decoder (then returns false: the output is full).  Handles BOM
** stripping.  The slow path of every emission. */
bool wenc__decode_emit(wenc__dcall *c, int form, const uint32_t *cps, unsigned n);

/* decoder.c: copies the longest ASCII prefix of src[pos..] that fits into
** dst, advancing pos and out.  Returns the number of bytes copied. */
size_t wenc__decode_ascii(wenc__dcall *c, int form);

/* decoder.c: records a malformed sequence (fatal mode). */
void wenc__decode_error(wenc__dcall *c, const wenc__step *r);

/* Emits one code point: the fast path inline, the rest in decoder.c. */
WENC__INLINE bool wenc__emit1(wenc__dcall *c, int form, uint32_t cp)
{
    unsigned need = wenc__units(cp, form);
    if (WENC__LIKELY(!c->strip && c->dst_len - c->out >= need)) {
        wenc__put(c->dst, c->out, cp, form);
        c->out += need;
        return true;
    }
    return wenc__decode_emit(c, form, &cp, 1);
}

/* The loop: reads bytes (restored ones first, then the caller's, then
** end-of-queue if c->last), runs STEP on each and handles its result as the
** standard's "process an item" does for the decoder's error mode.  ASCII_OK,
** if not NULL, tells when ASCII bytes decode to themselves without changing
** STATE, so runs of them can be copied in bulk. */
WENC__INLINE wenc_status wenc__decode_loop(wenc__dcall *c, const int form, void *state,
                                           int (*step)(void *, int, wenc__step *),
                                           bool (*ascii_ok)(const void *))
{
    wenc_decoder *d = c->d;
    for (;;) {
        int byte;
        if (WENC__UNLIKELY(d->priv_input_count != 0)) {
            byte = d->priv_input[0];
            d->priv_input_count--;
            memmove(d->priv_input, d->priv_input + 1, d->priv_input_count);
            c->mark = c->pos;
        } else if (WENC__LIKELY(c->pos < c->src_len)) {
            if (ascii_ok != NULL && c->src[c->pos] < 0x80 && ascii_ok(state) && !c->strip) {
                if (wenc__decode_ascii(c, form) == 0)
                    return WENC_OUTPUT_FULL;
                continue;
            }
            byte = c->src[c->pos++];
        } else if (c->last) {
            byte = WENC__EOQ;
        } else {
            return WENC_INPUT_EMPTY;
        }

        wenc__step r;
        switch (step(state, byte, &r)) {
        case WENC__CONTINUE:
            break;
        case WENC__CODE_POINT:
            if (!wenc__emit1(c, form, r.cp[0]))
                return WENC_OUTPUT_FULL;
            break;
        case WENC__CODE_POINTS_2:
            if (!wenc__decode_emit(c, form, r.cp, 2))
                return WENC_OUTPUT_FULL;
            break;
        case WENC__ERROR:
            if (r.restore_count != 0) {
                /* Restore: rewind within the caller's buffer if every
                ** restored byte was read from it in this run; otherwise
                ** keep them (they are the last bytes read) in priv_input,
                ** ahead of any still unread there. */
                if (c->pos - c->mark >= r.restore_count) {
                    c->pos -= r.restore_count;
                } else {
                    memmove(d->priv_input + r.restore_count, d->priv_input,
                            d->priv_input_count);
                    memcpy(d->priv_input, r.restore, r.restore_count);
                    d->priv_input_count = (uint8_t)(d->priv_input_count + r.restore_count);
                }
            }
            if (d->priv_flags & WENC__DEC_FATAL) {
                /* The error stands where replacement mode's U+FFFD would:
                ** it is the first item, so a U+FEFF after it is kept
                ** (resuming after errors gives replacement mode's output). */
                c->strip = false;
                wenc__decode_error(c, &r);
                return WENC_MALFORMED;
            }
            if (!wenc__emit1(c, form, WENC__REPLACEMENT_CHARACTER))
                return WENC_OUTPUT_FULL;
            break;
        default: /* WENC__FINISHED */
            /* Nothing after finished is decoded.  Only the replacement
            ** decoder finishes before end-of-queue; its state then keeps it
            ** finished for the rest of the stream. */
            c->pos = c->src_len;
            d->priv_input_count = 0;
            c->finished = byte == WENC__EOQ || c->last;
            return WENC_INPUT_EMPTY;
        }
    }
}

#endif /* WENC_DECODE_H */
