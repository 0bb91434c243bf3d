/* encode.h -- the encode engine's contract with the handlers, and the loop
** every encoder runs (Encoding Standard, "process a queue" / "process an
** item" with an encoder instance and error mode fatal or html).
**
** A handler is a `step` function: given its state and the next scalar value
** (or WENC__EOQ) it returns bytes, error with a code point, or finished, as
** the standard's handler does.  ISO-2022-JP's "restore codePoint" is the
** result WENC__E_BYTES_AGAIN: the engine writes the bytes (an escape
** sequence) and gives the same code point to the handler again.
**
** The input (UTF-8, UTF-16 or UTF-32) is turned into scalar values by the
** engine, as the standard requires before encoding (ill-formed input becomes
** U+FFFD); see encoder.c.  Like decode.h, the loop is inlined into each
** handler file once per input form: no indirect call per code point. */
#ifndef WENC_ENCODE_H
#define WENC_ENCODE_H

#include "internal.h"

#define WENC__EOQ (-1)

enum {
    WENC__E_BYTES,       /* write bytes[0..n) (n may be 0) */
    WENC__E_BYTES_AGAIN, /* write bytes[0..n), then process the code point again */
    WENC__E_ERROR,       /* error with code point error_cp */
    WENC__E_FINISHED     /* after writing bytes[0..n) */
};

typedef struct wenc__estep {
    uint8_t bytes[8];
    uint8_t n;
    uint32_t error_cp;
} wenc__estep;

/* Input forms. */
enum { WENC__FROM_UTF8, WENC__FROM_UTF16, WENC__FROM_UTF32 };

/* One call of the engine. */
typedef struct wenc__ecall {
    wenc_encoder *e;
    const void *src;
    size_t src_len;
    size_t pos; /* input units consumed */
    uint8_t *dst;
    size_t dst_len;
    size_t out; /* bytes written */
    bool last;
    bool finished;
} wenc__ecall;

/* What wenc__encode_peek() found: the next scalar value and how many units
** of src it spans (it may also continue a sequence begun in an earlier
** call, see encoder.c). */
typedef struct wenc__input {
    uint64_t offset; /* of its first unit in the whole input */
    uint32_t cp;
    size_t units;  /* of src, consumed by wenc__encode_commit() */
    bool replaced; /* ill-formed input read as U+FFFD */
} wenc__input;

/* priv_flags bits. */
#define WENC__ENC_HTML 0x01u

typedef struct wenc__encoder_impl {
    wenc_status (*encode[3])(wenc__ecall *c);
    /* Most bytes one code point can give in fatal mode (escapes included). */
    uint8_t max_bytes_per_code_point;
} wenc__encoder_impl;

#define WENC__ENCODER_IMPL(name, fn, max_bytes)                                          \
    static wenc_status name##_from_utf8(wenc__ecall *c) { return fn(c, WENC__FROM_UTF8); } \
    static wenc_status name##_from_utf16(wenc__ecall *c)                                  \
    {                                                                                     \
        return fn(c, WENC__FROM_UTF16);                                                   \
    }                                                                                     \
    static wenc_status name##_from_utf32(wenc__ecall *c)                                  \
    {                                                                                     \
        return fn(c, WENC__FROM_UTF32);                                                   \
    }                                                                                     \
    const wenc__encoder_impl wenc__##name##_encoder = {                                   \
        {name##_from_utf8, name##_from_utf16, name##_from_utf32}, max_bytes}

extern const wenc__encoder_impl wenc__utf8_encoder, wenc__single_byte_encoder,
    wenc__gb18030_encoder, wenc__gbk_encoder, wenc__big5_encoder, wenc__euc_jp_encoder,
    wenc__iso_2022_jp_encoder, wenc__shift_jis_encoder, wenc__euc_kr_encoder,
    wenc__x_user_defined_encoder;

/* encoder.c: reads the next scalar value.  Returns false if the input is
** exhausted (an incomplete sequence at its end is kept in the encoder unless
** c->last, when it becomes U+FFFD). */
bool wenc__encode_peek(wenc__ecall *c, int form, wenc__input *in);

/* encoder.c: consumes what the last peek read. */
void wenc__encode_commit(wenc__ecall *c, const wenc__input *in);

/* encoder.c: writes N bytes, or keeps what does not fit in the encoder
** (then returns false: the output is full). */
bool wenc__encode_emit(wenc__ecall *c, const uint8_t *bytes, unsigned n);

/* encoder.c: records an unmappable code point (fatal mode). */
void wenc__encode_error(wenc__ecall *c, const wenc__input *in, uint32_t cp);

/* encoder.c: writes "&#N;" for CP (html mode); false if the output is full. */
bool wenc__encode_ncr(wenc__ecall *c, uint32_t cp);

/* encoder.c: copies the longest ASCII prefix of the input that fits into
** dst as bytes, when no partial sequence is pending.  Returns the number of
** units copied. */
size_t wenc__encode_ascii(wenc__ecall *c, int form);

/* The loop.  ASCII_OK, if not NULL, tells when ASCII code points encode to
** their own byte without changing STATE, so runs can be copied in bulk. */
WENC__INLINE wenc_status wenc__encode_loop(wenc__ecall *c, const int form, void *state,
                                           int (*step)(void *, int32_t, wenc__estep *),
                                           bool (*ascii_ok)(const void *))
{
    wenc_encoder *e = c->e;
    for (;;) {
        if (ascii_ok != NULL && ascii_ok(state) && wenc__encode_ascii(c, form) != 0)
            continue;
        wenc__input in;
        int32_t cp;
        if (wenc__encode_peek(c, form, &in))
            cp = (int32_t)in.cp;
        else if (c->last)
            cp = WENC__EOQ;
        else
            return WENC_INPUT_EMPTY;

        wenc__estep r;
        int kind;
        do {
            kind = step(state, cp, &r);
            if (r.n != 0 && !wenc__encode_emit(c, r.bytes, r.n)) {
                /* Full.  With "again" the code point stays unread: the
                ** handler's new state processes it on the next call. */
                if (kind != WENC__E_BYTES_AGAIN && cp != WENC__EOQ)
                    wenc__encode_commit(c, &in);
                return WENC_OUTPUT_FULL;
            }
        } while (kind == WENC__E_BYTES_AGAIN);

        if (kind == WENC__E_FINISHED) {
            c->finished = true;
            return WENC_INPUT_EMPTY;
        }
        wenc__encode_commit(c, &in);
        if (kind == WENC__E_ERROR) {
            if (!(e->priv_flags & WENC__ENC_HTML)) {
                wenc__encode_error(c, &in, r.error_cp);
                return WENC_UNMAPPABLE;
            }
            if (!wenc__encode_ncr(c, r.error_cp))
                return WENC_OUTPUT_FULL;
        }
    }
}

#endif /* WENC_ENCODE_H */
