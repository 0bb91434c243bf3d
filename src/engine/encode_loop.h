/* encode_loop.h -- the encode engine's contract with the handlers, and the loop
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
** U+FFFD); see encoder.c.  Like decode_loop.h, the loop is inlined into each
** handler file once per input form: no indirect call per code point. */
#ifndef WENC_ENCODE_H
#define WENC_ENCODE_H

#include "internal.h"
#include "utf8/dfa.h"

#ifndef WENC__EOQ
#define WENC__EOQ (-1)
#endif

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
    size_t units;  /* of src, consumed when the engine commits the read */
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

/* Each family's encoder, defined by its handler file (families.h). */
#define WENC__X(f, name) extern const wenc__encoder_impl wenc__##name##_encoder;
WENC__FAMILY_ENCODERS(WENC__X)
#undef WENC__X

/* encoder.c: reads the next scalar value.  Returns false if the input is
** exhausted (an incomplete sequence at its end is kept in the encoder unless
** c->last, when it becomes U+FFFD). */
bool wenc__encode_peek(wenc__ecall *c, int form, wenc__input *in);

/* encoder.c: copies the longest ASCII prefix of the input that fits into
** dst as bytes (called only with no partial sequence pending).  Returns the
** number of units copied. */
size_t wenc__encode_ascii(wenc__ecall *c, int form);

/* encoder.c: handles the result KIND of running the step on IN (already
** read; CP is WENC__EOQ at the end): writes the bytes, runs the step again
** for "again", commits the input, and deals with errors (fatal or html).
** Returns -1 to go on, else the status the call returns. */
int wenc__encode_result(wenc__ecall *c, int kind, wenc__estep *r, const wenc__input *in,
                        int32_t cp, void *state, int (*step)(void *, int32_t, wenc__estep *));

/* If SRC[POS..LEN) (in FORM) starts with a complete well-formed scalar
** value, stores it in *CP and returns how many units it spans; else 0
** (ill-formed input, or a sequence cut by LEN: wenc__encode_peek decides). */
WENC__INLINE unsigned wenc__encode_fast_input(const void *src, size_t pos, size_t len, int form,
                                              uint32_t *cp)
{
    if (form == WENC__FROM_UTF8)
        return wenc__utf8_decode_valid((const uint8_t *)src, pos, len, cp);
    if (form == WENC__FROM_UTF16) {
        const uint16_t *s = (const uint16_t *)src;
        uint32_t u = s[pos];
        if (u - 0xD800 >= 0x800) {
            *cp = u;
            return 1;
        }
        if (u < 0xDC00 && len - pos >= 2 && s[pos + 1] - 0xDC00u < 0x400) {
            *cp = 0x10000 + ((u - 0xD800) << 10) + (s[pos + 1] - 0xDC00u);
            return 2;
        }
        return 0;
    }
    uint32_t u = ((const uint32_t *)src)[pos];
    if (u > 0x10FFFF || u - 0xD800 < 0x800)
        return 0;
    *cp = u;
    return 1;
}

/* Input unit POS of SRC in FORM. */
WENC__INLINE uint32_t wenc__encode_unit(const void *src, size_t pos, int form)
{
    if (form == WENC__FROM_UTF8)
        return ((const uint8_t *)src)[pos];
    if (form == WENC__FROM_UTF16)
        return ((const uint16_t *)src)[pos];
    return ((const uint32_t *)src)[pos];
}

/* The loop: reads scalar values from the input (end-of-queue if c->last
** once it is empty), runs STEP on each and handles the result as "process
** an item" does in the encoder's error mode.  ASCII_OK, if not NULL, tells
** when ASCII code points encode to their own byte without changing STATE,
** so runs of them are copied in bulk; BULK, if not NULL, is the handler's
** bulk path for other input.  Well-formed input that the step
** turns into bytes that fit is handled in an inner loop on local variables
** (output stores through uint8_t may alias anything); everything else goes
** through encoder.c. */
/* A handler's optional bulk path: encodes well-formed input from
** SRC[*POS..LEN) (in FORM) into DST[*OUT..CAP) without the step function,
** stopping at anything it leaves to the step (e.g. ill-formed input, an
** incomplete sequence, a run of ASCII, a full output). */
typedef void (*wenc__encode_bulk_fn)(const void *src, size_t *pos, size_t len, uint8_t *dst,
                                     size_t *out, size_t cap, int form);

/* The same for a bulk path that needs the handler's STATE (e.g. which
** table): wenc__encode_loop_state() takes one of these. */
typedef void (*wenc__encode_bulk_state_fn)(void *state, const void *src, size_t *pos, size_t len,
                                           uint8_t *dst, size_t *out, size_t cap, int form);

WENC__INLINE wenc_status wenc__encode_loop_state(wenc__ecall *c, const int form, void *state,
                                                 int (*step)(void *, int32_t, wenc__estep *),
                                                 bool (*ascii_ok)(const void *),
                                                 wenc__encode_bulk_fn bulk,
                                                 wenc__encode_bulk_state_fn bulk_state)
{
    wenc_encoder *e = c->e;
    for (;;) {
        wenc__input in;
        wenc__estep r;
        int kind = -1;
        int32_t cp = 0;
        if (e->priv_input_state == 0 && c->pos < c->src_len) {
            const void *src = c->src;
            uint8_t *dst = c->dst;
            size_t pos = c->pos, len = c->src_len, out = c->out, cap = c->dst_len;
            while (pos < len) {
                if (ascii_ok != NULL && wenc__encode_unit(src, pos, form) < 0x80 &&
                    ascii_ok(state)) {
                    /* A short run inline; a long one in bulk. */
                    size_t stop = len - pos < cap - out ? len : pos + (cap - out);
                    size_t run = pos + 16 < stop ? pos + 16 : stop;
                    if (pos == stop)
                        break;
                    do {
                        dst[out++] = (uint8_t)wenc__encode_unit(src, pos, form);
                    } while (++pos < run && wenc__encode_unit(src, pos, form) < 0x80);
                    if (pos == run && run < stop && wenc__encode_unit(src, pos, form) < 0x80) {
                        c->pos = pos;
                        c->out = out;
                        wenc__encode_ascii(c, form);
                        pos = c->pos;
                        out = c->out;
                    }
                    continue;
                }
                if (bulk != NULL || bulk_state != NULL) {
                    size_t before = pos;
                    if (bulk != NULL)
                        bulk(src, &pos, len, dst, &out, cap, form);
                    else
                        bulk_state(state, src, &pos, len, dst, &out, cap, form);
                    if (pos != before)
                        continue;
                }
                uint32_t v;
                unsigned units = wenc__encode_fast_input(src, pos, len, form, &v);
                if (units == 0)
                    break;
                /* A result of its own, copied to r only for the slow path:
                ** r's address escapes to wenc__encode_result, which would
                ** keep this one in memory. */
                wenc__estep fast;
                kind = step(state, (int32_t)v, &fast);
                if (kind == WENC__E_BYTES && fast.n != 0 && cap - out >= fast.n) {
                    /* Bytes steps give 1 to 4 bytes: unrolled stores.  Every
                    ** step function writes bytes[0..n-1] before it returns n;
                    ** gcc 12, inlining the CJK step functions into
                    ** the amalgamation's one unit with no SIMD and small
                    ** tables (.ci/step-amalgamation.sh, -Werror), loses that
                    ** and reports bytes[2] and bytes[3] "may be used
                    ** uninitialized".  A false positive: silenced here, for
                    ** gcc only. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
                    dst[out] = fast.bytes[0];
                    if (fast.n > 1)
                        dst[out + 1] = fast.bytes[1];
                    if (fast.n > 2)
                        dst[out + 2] = fast.bytes[2];
                    if (fast.n > 3)
                        dst[out + 3] = fast.bytes[3];
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
                    out += fast.n;
                    pos += units;
                    kind = -1;
                    continue;
                }
                /* Anything else: hand the code point over as read. */
                r = fast;
                in.offset = e->priv_position + pos;
                in.cp = v;
                in.units = units;
                in.replaced = false;
                cp = (int32_t)v;
                break;
            }
            c->pos = pos;
            c->out = out;
        }
        if (kind < 0) {
            if (wenc__encode_peek(c, form, &in))
                cp = (int32_t)in.cp;
            else if (c->last)
                cp = WENC__EOQ;
            else
                return WENC_INPUT_EMPTY;
            kind = step(state, cp, &r);
        }
        int status = wenc__encode_result(c, kind, &r, &in, cp, state, step);
        if (status >= 0)
            return (wenc_status)status;
    }
}

WENC__INLINE wenc_status wenc__encode_loop(wenc__ecall *c, const int form, void *state,
                                           int (*step)(void *, int32_t, wenc__estep *),
                                           bool (*ascii_ok)(const void *),
                                           wenc__encode_bulk_fn bulk)
{
    return wenc__encode_loop_state(c, form, state, step, ascii_ok, bulk, NULL);
}

#endif /* WENC_ENCODE_H */
