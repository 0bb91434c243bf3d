/* encoder.c -- the encode engine: the public encoder functions, reading
** UTF-8 / UTF-16 / UTF-32 input as scalar values, pending output, html-mode
** character references, and dispatch to the handler families (whose loops
** come from encode_loop.h).  See docs/engine.md. */
#include "encode_loop.h"
#include "utf8/dfa.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"

static const wenc__encoder_impl *impl_of(const wenc_encoding *e)
{
    /* A family left out by -Dencodings has a NULL entry (its handler is
    ** not linked), and so has one without an encoder (replacement,
    ** UTF-16BE/LE); wenc_encoder_init() refuses their encodings first. */
    static const wenc__encoder_impl *const impls[WENC__FAMILY_COUNT] = {
#define WENC__X(f, name) [WENC__FAMILY_##f] = WENC__IF_BUILT(f, &wenc__##name##_encoder),
        WENC__FAMILY_ENCODERS(WENC__X)
#undef WENC__X
    };
    return impls[e->family];
}

wenc_status wenc_encoder_init(wenc_encoder *e, const wenc_encoding *encoding, unsigned flags)
{
    if (e == NULL || encoding == NULL || (flags & ~(unsigned)WENC_ENCODER_HTML) != 0)
        return WENC_INVALID_ARGUMENT;
    if (!wenc__built_in(encoding)) {
        /* Left out by -Dencodings: E becomes an encoder that every call
        ** refuses (WENC_INVALID_ARGUMENT), never one that encodes. */
        memset(e, 0, sizeof *e);
        return WENC_NOT_BUILT_IN;
    }
    if (impl_of(encoding) == NULL)
        return WENC_NO_ENCODER;
    memset(e, 0, sizeof *e);
    e->priv_encoding = encoding;
    e->priv_flags = (uint8_t)flags;
    return WENC_OK;
}

void wenc_encoder_reset(wenc_encoder *e)
{
    if (e == NULL || e->priv_encoding == NULL)
        return;
    const wenc_encoding *encoding = e->priv_encoding;
    uint8_t flags = e->priv_flags;
    memset(e, 0, sizeof *e);
    e->priv_encoding = encoding;
    e->priv_flags = flags;
}

/* Writes the bytes kept from an earlier call; false if some remain. */
static bool flush_pending(wenc__ecall *c)
{
    wenc_encoder *e = c->e;
    size_t n = (size_t)(e->priv_pending_end - e->priv_pending_start);
    size_t room = c->dst_len - c->out;
    if (n > room)
        n = room;
    if (n != 0) /* with no room, dst may be NULL */
        memcpy(c->dst + c->out, e->priv_pending + e->priv_pending_start, n);
    c->out += n;
    e->priv_pending_start = (uint8_t)(e->priv_pending_start + n);
    if (e->priv_pending_start != e->priv_pending_end)
        return false;
    e->priv_pending_start = e->priv_pending_end = 0;
    return true;
}

/* One run of the handler over C's input, read as FORM. */
static wenc_status encode(wenc__ecall *c, int form)
{
    wenc_encoder *e = c->e;
    wenc_status st = impl_of(e->priv_encoding)->encode[form](c);
    if (c->finished) {
        /* The stream is complete: back to the initial handler state. */
        e->priv_state = 0;
    }
    e->priv_position += c->pos;
    return st;
}

/* UTF-32 input.  A unit that is a scalar value below U+10000 is also a
** UTF-16 code unit for the same code point, and the handlers' UTF-16 paths
** have the bulk loops and vector kernels (their UTF-32 paths mostly go
** through the step function, one code point at a time; 10 to 100 times
** slower on the single-byte encoders, bench history utf32-input.md).
** So such units are narrowed into a buffer, a block at a time, and encoded
** from UTF-16; the other units (surrogates, code points above U+FFFF and
** values above U+10FFFF) from UTF-32.  The result is the same as one call
** from UTF-32: one unit is one code point in both forms, so offsets match,
** and the UTF-16 path holds nothing back at the end of a block (there is
** no surrogate in it); the blocks are consecutive calls of a stream, which
** every encoder supports, LAST only with the one that ends the input. */
#define NARROW_BLOCK 1024
#define NARROW_RUN   32

/* Whether unit U is a scalar value below U+10000 (one UTF-16 code unit). */
WENC__INLINE bool narrowable(uint32_t u)
{
    return u <= 0xFFFF && (u & 0xF800) != 0xD800;
}

/* How many units at the start of SRC[0..N) are scalar values below
** U+10000; writes them to DST as UTF-16.  The kernel's loop where the set
** has one, from one vector of 8 units; else a word at a time (the scalar
** set's). */
static size_t narrow_bmp(const uint32_t *src, size_t n, uint16_t *dst)
{
    if (n >= 8) {
        size_t (*kernel)(const uint32_t *, size_t, uint16_t *) =
            wenc__utf16_kernels_get()->utf32_to_bmp;
        if (kernel != NULL)
            return kernel(src, n, dst);
    }
    /* Four units a step, two a word: all below 0x10000 (the high halves
    ** clear) and none a surrogate ((u & 0xF800) ^ 0xD800 is not 0, so
    ** adding 0xFFFF carries into bit 16 of its half). */
    const uint64_t high = UINT64_C(0xFFFF0000FFFF0000), f800 = UINT64_C(0x0000F8000000F800),
                   d800 = UINT64_C(0x0000D8000000D800), ffff = UINT64_C(0x0000FFFF0000FFFF),
                   carry = UINT64_C(0x0001000000010000);
    size_t i = 0;
    for (; n - i >= 4; i += 4) {
        uint64_t a, b;
        memcpy(&a, src + i, sizeof a);
        memcpy(&b, src + i + 2, sizeof b);
        if ((a | b) & high)
            break;
        if (((((a & f800) ^ d800) + ffff) & (((b & f800) ^ d800) + ffff) & carry) != carry)
            break;
        for (unsigned k = 0; k < 4; k++)
            dst[i + k] = (uint16_t)src[i + k];
    }
    for (; i < n && narrowable(src[i]); i++)
        dst[i] = (uint16_t)src[i];
    return i;
}

/* How many units at the start of SRC[0..N) (N >= 1; one of the first
** NARROW_RUN is not narrowable, or a sequence of an earlier call is open)
** go to the UTF-32 path: at least one, and up to the next NARROW_RUN
** narrowable ones.  Each switch between the paths costs about as
** much as a dozen code points through the UTF-32 path, so text dense in
** code points above U+FFFF (emoji, historic scripts) stays there. */
static size_t mixed_stretch(const uint32_t *src, size_t n)
{
    size_t run = 0;
    for (size_t i = 1; i < n; i++) {
        run = narrowable(src[i]) ? run + 1 : 0;
        if (run == NARROW_RUN)
            return i + 1 - NARROW_RUN;
    }
    return n;
}

/* Whether E's encoder takes UTF-32 through the UTF-16 path.  Not the
** double-byte encoders: their bulk loops (src/handlers/cjk_bulk.h) read UTF-32 as
** they read UTF-16, faster than after narrowing (1-8 % on text, 31-42 % on
** HTML; bench history utf32-input.md). */
static bool narrows_utf32(const wenc_encoding *e)
{
    switch (e->family) {
    case WENC__FAMILY_UTF8:
    case WENC__FAMILY_SINGLE_BYTE:
    case WENC__FAMILY_ISO_2022_JP:
    case WENC__FAMILY_X_USER_DEFINED:
        return true;
    default:
        return false;
    }
}

static wenc_status encode_utf32(wenc__ecall *c)
{
    const uint32_t *s = c->src;
    /* ASCII is its own byte in every state but in ISO-2022-JP's. */
    bool ascii = c->e->priv_encoding->family != WENC__FAMILY_ISO_2022_JP;
    uint16_t buf[NARROW_BLOCK];
    for (;;) {
        if (ascii && c->e->priv_input_state == 0) {
            /* ASCII at the start of a block straight from UTF-32, 16 units
            ** a step: three times the speed of narrowing it. */
            size_t before = c->pos;
            wenc__encode_ascii(c, WENC__FROM_UTF32);
            c->e->priv_position += c->pos - before;
        }
        size_t left = c->src_len - c->pos;
        size_t n = left < NARROW_BLOCK ? left : NARROW_BLOCK;
        /* The whole output, with what this call wrote: a character is only
        ** split when nothing else was written (emit). */
        wenc__ecall sub = {.e = c->e, .dst = c->dst, .dst_len = c->dst_len, .out = c->out};
        /* A sequence that an earlier call from UTF-8 or UTF-16 left open
        ** (one stream in two forms) goes to the UTF-32 path as it always
        ** did, with the unit after it.  src may be NULL when its length is
        ** 0: no arithmetic on it. */
        size_t k = 0;
        if (n != 0 && c->e->priv_input_state == 0)
            k = narrow_bmp(s + c->pos, n, buf);
        int form = WENC__FROM_UTF16;
        if (k >= NARROW_RUN || k == left) {
            sub.src = buf;
        } else {
            k = n != 0 ? mixed_stretch(s + c->pos, n) : 0;
            sub.src = n != 0 ? s + c->pos : NULL;
            form = WENC__FROM_UTF32;
        }
        sub.src_len = k;
        sub.last = c->last && k == left;
        wenc_status st = encode(&sub, form);
        c->pos += sub.pos;
        c->out = sub.out;
        if (st != WENC_INPUT_EMPTY || c->pos == c->src_len)
            return st;
    }
}

static wenc_status dispatch(wenc_encoder *e, const void *src, size_t *src_len, uint8_t *dst,
                            size_t *dst_len, bool last, int form)
{
    if (e == NULL || e->priv_encoding == NULL || src_len == NULL || dst_len == NULL ||
        (src == NULL && *src_len != 0) || (dst == NULL && *dst_len != 0)) {
        if (src_len)
            *src_len = 0;
        if (dst_len)
            *dst_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    wenc__ecall c = {
        .e = e, .src = src, .src_len = *src_len, .dst = dst, .dst_len = *dst_len, .last = last,
    };
    wenc_status st = WENC_OUTPUT_FULL;
    if (e->priv_pending_end == 0 || flush_pending(&c))
        st = form == WENC__FROM_UTF32 && narrows_utf32(e->priv_encoding) ? encode_utf32(&c)
                                                                         : encode(&c, form);
    *src_len = c.pos;
    *dst_len = c.out;
    return st;
}

wenc_status wenc_encoder_encode_from_utf8(wenc_encoder *e, const uint8_t *src, size_t *src_len,
                                          uint8_t *dst, size_t *dst_len, bool last)
{
    return dispatch(e, src, src_len, dst, dst_len, last, WENC__FROM_UTF8);
}

wenc_status wenc_encoder_encode_from_utf16(wenc_encoder *e, const uint16_t *src,
                                           size_t *src_len, uint8_t *dst, size_t *dst_len,
                                           bool last)
{
    return dispatch(e, src, src_len, dst, dst_len, last, WENC__FROM_UTF16);
}

wenc_status wenc_encoder_encode_from_utf32(wenc_encoder *e, const uint32_t *src,
                                           size_t *src_len, uint8_t *dst, size_t *dst_len,
                                           bool last)
{
    return dispatch(e, src, src_len, dst, dst_len, last, WENC__FROM_UTF32);
}

/* ------------------------------------------------------------------------
** Input.  The standard's encoders take scalar values; the engine makes them
** from the input form.  A sequence may span calls: its progress is kept in
** priv_input_state (UTF-8: DFA state, and code point bits in the high half;
** UTF-16: a leading surrogate) with priv_input_units units already consumed.
*/

static void replaced(wenc__input *in, size_t units)
{
    in->cp = WENC__REPLACEMENT_CHARACTER;
    in->units = units;
    in->replaced = true;
}

/* UTF-8 as the standard's UTF-8 decoder reads it (utf8/dfa.h): an invalid
** lead byte, or the bytes before an unexpected one (which is read again),
** become U+FFFD. */
static bool peek_utf8(wenc__ecall *c, wenc__input *in)
{
    wenc_encoder *e = c->e;
    const uint8_t *s = c->src;
    size_t start = c->pos, i = start;
    unsigned dfa = e->priv_input_state & 0xFF;
    uint32_t cp = e->priv_input_state >> 8;
    while (i < c->src_len) {
        unsigned b = s[i];
        unsigned cls = wenc__utf8_class[b];
        unsigned next = wenc__utf8_next[dfa * WENC__U8_CLASSES + cls];
        if (next == WENC__U8_REJECT) {
            replaced(in, i - start + (dfa == WENC__U8_ACCEPT));
            return true;
        }
        cp = dfa == WENC__U8_ACCEPT ? (b & wenc__utf8_lead_mask[cls]) : (cp << 6) | (b & 0x3F);
        dfa = next;
        i++;
        if (dfa == WENC__U8_ACCEPT) {
            in->cp = cp;
            in->units = i - start;
            in->replaced = false;
            return true;
        }
    }
    if (dfa == WENC__U8_ACCEPT)
        return false;
    if (c->last) {
        replaced(in, i - start);
        return true;
    }
    /* Incomplete at the end of this input: keep it for the next call. */
    e->priv_input_state = cp << 8 | dfa;
    e->priv_input_units = (uint8_t)(e->priv_input_units + (i - start));
    c->pos = i;
    return false;
}

WENC__INLINE bool is_leading(uint32_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}

WENC__INLINE bool is_trailing(uint32_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

/* UTF-16 as JavaScript strings become scalar values: a surrogate pair is
** one code point, a lone surrogate U+FFFD.  A leading surrogate at the end
** of the input waits for the next call unless it is the last. */
static bool peek_utf16(wenc__ecall *c, wenc__input *in)
{
    wenc_encoder *e = c->e;
    const uint16_t *s = c->src;
    size_t i = c->pos;
    if (e->priv_input_state != 0) {
        if (i < c->src_len && is_trailing(s[i])) {
            in->cp = 0x10000 + ((e->priv_input_state - 0xD800) << 10) + (s[i] - 0xDC00u);
            in->units = 1;
            in->replaced = false;
            return true;
        }
        if (i == c->src_len && !c->last)
            return false;
        replaced(in, 0); /* the unit after it is read again */
        return true;
    }
    if (i == c->src_len)
        return false;
    uint32_t u = s[i];
    if (is_leading(u)) {
        if (i + 1 < c->src_len) {
            if (is_trailing(s[i + 1])) {
                in->cp = 0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00u);
                in->units = 2;
                in->replaced = false;
            } else {
                replaced(in, 1);
            }
            return true;
        }
        if (!c->last) {
            e->priv_input_state = u;
            e->priv_input_units = 1;
            c->pos = i + 1;
            return false;
        }
        replaced(in, 1);
        return true;
    }
    if (is_trailing(u)) {
        replaced(in, 1);
        return true;
    }
    in->cp = u;
    in->units = 1;
    in->replaced = false;
    return true;
}

static bool peek_utf32(wenc__ecall *c, wenc__input *in)
{
    const uint32_t *s = c->src;
    if (c->pos == c->src_len)
        return false;
    uint32_t u = s[c->pos];
    if (u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF)) {
        replaced(in, 1);
        return true;
    }
    in->cp = u;
    in->units = 1;
    in->replaced = false;
    return true;
}

bool wenc__encode_peek(wenc__ecall *c, int form, wenc__input *in)
{
    /* Where the code point starts: units of earlier calls included. */
    in->offset = c->e->priv_position + c->pos - c->e->priv_input_units;
    if (form == WENC__FROM_UTF8)
        return peek_utf8(c, in);
    if (form == WENC__FROM_UTF16)
        return peek_utf16(c, in);
    return peek_utf32(c, in);
}

static void commit(wenc__ecall *c, const wenc__input *in)
{
    wenc_encoder *e = c->e;
    c->pos += in->units;
    e->priv_input_state = 0;
    e->priv_input_units = 0;
    if (in->replaced)
        e->priv_replacements++;
}

/* ------------------------------------------------------------------------
** Output. */

static bool emit(wenc__ecall *c, const uint8_t *bytes, unsigned n)
{
    wenc_encoder *e = c->e;
    size_t room = c->dst_len - c->out;
    if (WENC__LIKELY(room >= n)) {
        memcpy(c->dst + c->out, bytes, n);
        c->out += n;
        return true;
    }
    /* Keep it whole for the next call, unless nothing was written yet: then
    ** a buffer smaller than N must still make progress. */
    size_t k = c->out == 0 ? room : 0;
    if (k != 0) /* with no room, dst may be NULL */
        memcpy(c->dst + c->out, bytes, k);
    c->out += k;
    memcpy(e->priv_pending, bytes + k, n - k);
    e->priv_pending_start = 0;
    e->priv_pending_end = (uint8_t)(n - k);
    return false;
}

/* Error mode "html": push 0x26 (&), 0x23 (#), the shortest decimal digits
** of the code point, and 0x3B (;) to the output (process an item, step 7). */
static bool emit_ncr(wenc__ecall *c, uint32_t cp)
{
    uint8_t buf[10]; /* "&#1114111;" */
    uint8_t digits[7];
    unsigned n = 0, k = 0;
    do {
        digits[k++] = (uint8_t)('0' + cp % 10);
        cp /= 10;
    } while (cp != 0);
    buf[n++] = '&';
    buf[n++] = '#';
    while (k > 0)
        buf[n++] = digits[--k];
    buf[n++] = ';';
    return emit(c, buf, n);
}

/* Unmappable accounting (encoder.h).  The size of wenc_encoder is part of
** the ABI, so the count lives where fatal mode keeps its error: the low
** half in priv_error_code_point, the high half in priv_unmappable_high;
** priv_error_offset holds the first one's offset. */
static uint64_t unmappable(const wenc_encoder *e)
{
    return (uint64_t)e->priv_unmappable_high << 32 | e->priv_error_code_point;
}

/* Counts a code point written as "&#N;" at input OFFSET: called only on
** that path, so well-formed, mappable input pays nothing. */
static void count_unmappable(wenc_encoder *e, uint64_t offset)
{
    uint64_t n = unmappable(e);
    if (n == 0)
        e->priv_error_offset = offset;
    n++;
    e->priv_error_code_point = (uint32_t)n;
    e->priv_unmappable_high = (uint32_t)(n >> 32);
}

int wenc__encode_result(wenc__ecall *c, int kind, wenc__estep *r, const wenc__input *in,
                        int32_t cp, void *state, int (*step)(void *, int32_t, wenc__estep *))
{
    wenc_encoder *e = c->e;
    for (;;) {
        if (r->n != 0 && !emit(c, r->bytes, r->n)) {
            /* Full.  With "again" the code point stays unread: the
            ** handler's new state processes it on the next call. */
            if (kind != WENC__E_BYTES_AGAIN && cp != WENC__EOQ)
                commit(c, in);
            return WENC_OUTPUT_FULL;
        }
        if (kind != WENC__E_BYTES_AGAIN)
            break;
        /* ISO-2022-JP's "restore codePoint": the same code point again. */
        kind = step(state, cp, r);
    }
    if (kind == WENC__E_FINISHED) {
        c->finished = true;
        return WENC_INPUT_EMPTY;
    }
    commit(c, in);
    if (kind == WENC__E_ERROR) {
        if (!(e->priv_flags & WENC__ENC_HTML)) {
            e->priv_error_code_point = r->error_cp;
            e->priv_error_offset = in->offset;
            return WENC_UNMAPPABLE;
        }
        count_unmappable(e, in->offset);
        if (!emit_ncr(c, r->error_cp))
            return WENC_OUTPUT_FULL;
    }
    return -1;
}

size_t wenc__encode_ascii(wenc__ecall *c, int form)
{
    size_t n = c->src_len - c->pos;
    size_t room = c->dst_len - c->out;
    if (room < n)
        n = room;
    /* src or dst may be NULL when its length is 0: no arithmetic on it. */
    if (n == 0)
        return 0;
    uint8_t *o = c->dst + c->out;
    size_t i = 0;
    if (form == WENC__FROM_UTF8) {
        /* A copy while the bytes are ASCII: the decoders' kernel (src/simd,
        ** the widest vectors the CPU has). */
        i = wenc__utf8_kernels_get()->ascii_to_utf8((const uint8_t *)c->src + c->pos, n, o);
    } else if (form == WENC__FROM_UTF16) {
        /* The UTF-16 kernel's narrowing where the set has one, from 16
        ** units (shorter runs have no vector step); else a word at a time
        ** (the scalar set's). */
        const uint16_t *s = (const uint16_t *)c->src + c->pos;
        size_t (*kernel)(const uint16_t *, size_t, uint8_t *) = NULL;
        if (n >= 16)
            kernel = wenc__utf16_kernels_get()->utf16_to_ascii;
        if (kernel != NULL) {
            i = kernel(s, n, o);
        } else {
            /* Four units tested at once (the mask is the same in either
            ** byte order). */
            uint64_t w;
            for (; n - i >= 4; i += 4) {
                memcpy(&w, s + i, sizeof w);
                if (w & UINT64_C(0xFF80FF80FF80FF80))
                    break;
                for (unsigned k = 0; k < 4; k++)
                    o[i + k] = (uint8_t)s[i + k];
            }
            for (; i < n && s[i] < 0x80; i++)
                o[i] = (uint8_t)s[i];
        }
    } else {
        /* UTF-32: reached by encode_utf32's ASCII at the start of a block,
        ** by the double-byte encoders (which keep their UTF-32 path) and
        ** by the stretches the others leave to it.  As UTF-16. */
        const uint32_t *s = (const uint32_t *)c->src + c->pos;
        size_t (*kernel)(const uint32_t *, size_t, uint8_t *) = NULL;
        if (n >= 16)
            kernel = wenc__utf16_kernels_get()->utf32_to_ascii;
        if (kernel != NULL) {
            i = kernel(s, n, o);
        } else {
            uint64_t a, b;
            for (; n - i >= 4; i += 4) {
                memcpy(&a, s + i, sizeof a);
                memcpy(&b, s + i + 2, sizeof b);
                if ((a | b) & UINT64_C(0xFFFFFF80FFFFFF80))
                    break;
                for (unsigned k = 0; k < 4; k++)
                    o[i + k] = (uint8_t)s[i + k];
            }
            for (; i < n && s[i] < 0x80; i++)
                o[i] = (uint8_t)s[i];
        }
    }
    c->pos += i;
    c->out += i;
    return i;
}

/* ------------------------------------------------------------------------
** Sizes.  Each input unit gives at most one code point (a UTF-8 sequence or
** surrogate pair gives one for several units), plus one for a sequence held
** from an earlier call.  A code point gives at most the family's
** max_bytes_per_code_point in fatal mode; in html mode also an escape (3)
** and the longest reference "&#1114111;" (10).  Add the final escape
** (ISO-2022-JP) and pending output. */
static size_t max_length(const wenc_encoder *e, size_t units)
{
    /* NULL, or never initialised (the encode calls refuse it too). */
    if (e == NULL || e->priv_encoding == NULL)
        return 0;
    size_t per = impl_of(e->priv_encoding)->max_bytes_per_code_point;
    if ((e->priv_flags & WENC__ENC_HTML) && per < 13)
        per = 13;
    size_t n = wenc__mul_sat(wenc__add_sat(units, 1), per);
    n = wenc__add_sat(n, 3);
    return wenc__add_sat(n, (size_t)(e->priv_pending_end - e->priv_pending_start));
}

size_t wenc_encoder_max_length_from_utf8(const wenc_encoder *e, size_t unit_len)
{
    return max_length(e, unit_len);
}

size_t wenc_encoder_max_length_from_utf16(const wenc_encoder *e, size_t unit_len)
{
    return max_length(e, unit_len);
}

size_t wenc_encoder_max_length_from_utf32(const wenc_encoder *e, size_t unit_len)
{
    return max_length(e, unit_len);
}

const wenc_encoding *wenc_encoder_encoding(const wenc_encoder *e)
{
    return e ? e->priv_encoding : NULL;
}

uint64_t wenc_encoder_position(const wenc_encoder *e)
{
    return e ? e->priv_position : 0;
}

/* Whether E is a fatal encoder, whose error fields hold its last error (in
** html mode they hold the accounting). */
static bool is_fatal(const wenc_encoder *e)
{
    return e != NULL && !(e->priv_flags & WENC__ENC_HTML);
}

uint32_t wenc_encoder_error_code_point(const wenc_encoder *e)
{
    return is_fatal(e) ? e->priv_error_code_point : 0;
}

uint64_t wenc_encoder_error_offset(const wenc_encoder *e)
{
    return is_fatal(e) ? e->priv_error_offset : 0;
}

uint64_t wenc_encoder_unmappable_count(const wenc_encoder *e)
{
    return e != NULL && !is_fatal(e) ? unmappable(e) : 0;
}

uint64_t wenc_encoder_first_unmappable_offset(const wenc_encoder *e)
{
    return e != NULL && !is_fatal(e) ? e->priv_error_offset : 0;
}

/* The accounting's high half took the last 4 bytes of priv_pending[16]
** (emit() keeps at most 10, a reference): the struct has its old size. */
_Static_assert(offsetof(wenc_encoder, priv_unmappable_high) + 4 == sizeof(wenc_encoder),
               "wenc_encoder grew: its size is part of the ABI");
_Static_assert(sizeof(((wenc_encoder *)0)->priv_pending) >= 10,
               "priv_pending holds a whole reference");

uint64_t wenc_encoder_replacement_count(const wenc_encoder *e)
{
    return e ? e->priv_replacements : 0;
}
