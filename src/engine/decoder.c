/* decoder.c -- the decode engine: the public decoder functions, BOM
** handling, pending output, and dispatch to the handler families (whose
** loops come from decode_loop.h).  See docs/engine.md. */
#include "decode_loop.h"
#include "api/oneshot.h"
#include "utf8/dfa.h"
#include "short_path.h"
#include "simd/utf8/utf8_kernels.h"

static const wenc__decoder_impl *impl_of(const wenc_encoding *e)
{
    /* A family left out by -Dencodings has a NULL entry (its handler is
    ** not linked); wenc_decoder_init() refuses its encodings, so the NULL
    ** is never used. */
    static const wenc__decoder_impl *const impls[WENC__FAMILY_COUNT] = {
#define WENC__X(f, name) [WENC__FAMILY_##f] = WENC__IF_BUILT(f, &wenc__##name##_decoder),
        WENC__FAMILY_DECODERS(WENC__X)
#undef WENC__X
    };
    return impls[e->family];
}

static bool strips_bom(const wenc_encoding *e)
{
    /* TextDecoder's serialize steps strip a leading U+FEFF only for these. */
    return e->family == WENC__FAMILY_UTF8 || e->family == WENC__FAMILY_UTF16BE ||
           e->family == WENC__FAMILY_UTF16LE;
}

/* The state at the start of a stream: one store of the whole struct (init
** and reset are on the path of every short decode, e.g. each
** TextDecoder.decode() call without stream). */
WENC__INLINE void start(wenc_decoder *d, const wenc_encoding *e, uint8_t flags)
{
    uint8_t bom = 0;
    if (flags & WENC_DECODER_BOM_SNIFF)
        bom = WENC__BOM_SNIFF_PENDING;
    else if ((flags & WENC_DECODER_BOM_STRIP) && strips_bom(e))
        bom = WENC__BOM_STRIP_PENDING;
    *d = (wenc_decoder){.priv_encoding = e, .priv_initial = e, .priv_flags = flags, .priv_bom = bom};
}

wenc_status wenc_decoder_init(wenc_decoder *d, const wenc_encoding *encoding, unsigned flags)
{
    const unsigned known = WENC_DECODER_FATAL | WENC_DECODER_BOM_SNIFF | WENC_DECODER_BOM_STRIP;
    if (d == NULL || encoding == NULL || (flags & ~known) != 0 ||
        (flags & (WENC_DECODER_BOM_SNIFF | WENC_DECODER_BOM_STRIP)) ==
            (WENC_DECODER_BOM_SNIFF | WENC_DECODER_BOM_STRIP))
        return WENC_INVALID_ARGUMENT;
    if (!wenc__built_in(encoding)) {
        /* Left out by -Dencodings: D becomes a decoder that every call
        ** refuses (WENC_INVALID_ARGUMENT), never one that decodes. */
        *d = (wenc_decoder){0};
        return WENC_NOT_BUILT_IN;
    }
    /* priv_flags keeps the caller's flags; priv_bom is derived from them. */
    start(d, encoding, (uint8_t)flags);
    return WENC_OK;
}

void wenc_decoder_reset(wenc_decoder *d)
{
    if (d == NULL || d->priv_initial == NULL)
        return;
    start(d, d->priv_initial, d->priv_flags);
}

void wenc__decoder_reset(wenc_decoder *d)
{
    start(d, d->priv_initial, d->priv_flags);
}

/* BOM sniff (Encoding Standard, "BOM sniff" and "decode"): peek at up to
** three bytes; EF BB BF means UTF-8, FE FF UTF-16BE, FF FE UTF-16LE, and the
** BOM is consumed.  Bytes are moved into priv_input while undecided, so a
** BOM split across calls is seen; if there is no BOM they are decoded from
** there.  Returns false while more input is needed. */
static bool sniff_bom(wenc__dcall *c)
{
    wenc_decoder *d = c->d;
    for (;;) {
        const uint8_t *b = d->priv_input;
        unsigned n = d->priv_input_count;
        const wenc_encoding *found = NULL;
        unsigned length = 0;
        if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
            found = WENC_UTF_8;
            length = 3;
        } else if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF) {
            found = WENC_UTF_16BE;
            length = 2;
        } else if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE) {
            found = WENC_UTF_16LE;
            length = 2;
        }
        bool prefix = (n == 0) || (n == 1 && (b[0] == 0xEF || b[0] == 0xFE || b[0] == 0xFF)) ||
                      (n == 2 && b[0] == 0xEF && b[1] == 0xBB);
        if (found != NULL) {
            d->priv_encoding = found;
            d->priv_input_count = (uint8_t)(n - length);
            memmove(d->priv_input, d->priv_input + length, n - length);
        } else if (prefix) {
            if (c->pos < c->src_len) {
                d->priv_input[d->priv_input_count++] = c->src[c->pos++];
                continue;
            }
            if (!c->last)
                return false;
        }
        d->priv_bom = 0;
        return true;
    }
}

static bool flush_pending(wenc__dcall *c, int form);

/* The short path (short_path.h), for a UTF-8 decoder holding no bytes
** and an input of at most SHORT_INPUT bytes.  Returns true when it decoded
** the whole input: the handler is not entered, since with its state idle
** the rest of the call (end-of-queue if LAST) would only be finished, which
** leaves the state as it is.  Otherwise the handler goes on from where it
** stopped.  Longer inputs always go to the handler and its bulk paths. */
#define SHORT_INPUT 256

WENC__INLINE bool short_utf8(wenc__dcall *c, const int form)
{
    wenc_decoder *d = c->d;
    if (d->priv_encoding->family != WENC__FAMILY_UTF8 || d->priv_state != 0 ||
        d->priv_input_count != 0)
        return false;
    size_t n = c->src_len - c->pos, room = c->dst_len - c->out;
    if (n > SHORT_INPUT || n == 0 || room == 0)
        return false; /* with no room DST may be NULL: no arithmetic on it */
    size_t unit = form == WENC__UTF8 ? 1 : form == WENC__UTF16 ? 2 : 4, used, written;
    void *dst = (uint8_t *)c->dst + c->out * unit;
    ptrdiff_t got = form == WENC__UTF32 ? -2
                                        : wenc__utf8_short_kernel(c->src + c->pos, n, dst, room,
                                                                  form, c->strip);
    if (got >= 0) {
        used = n;
        written = (size_t)got;
    } else {
        used = wenc__utf8_short_scalar(c->src + c->pos, n, dst, room, form, c->strip, &written);
    }
    if (used != 0)
        c->strip = false;
    c->pos += used;
    c->out += written;
    if (used != n)
        return false;
    c->finished = c->last;
    return true;
}

/* One decode call, inlined once per output form (so the short path is
** specialised for it, as the handlers' loops are). */
WENC__INLINE wenc_status decode_call(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                     void *dst, size_t *dst_len, bool last, const int form)
{
    if (d == NULL || d->priv_initial == NULL || src_len == NULL || dst_len == NULL ||
        (src == NULL && *src_len != 0) || (dst == NULL && *dst_len != 0)) {
        if (src_len)
            *src_len = 0;
        if (dst_len)
            *dst_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    wenc__dcall c = {
        .d = d, .src = src, .src_len = *src_len, .dst = dst, .dst_len = *dst_len,
        .last = last,
    };
    wenc_status st;
    if (d->priv_pending_count != 0 && !flush_pending(&c, form)) {
        st = WENC_OUTPUT_FULL;
    } else if ((d->priv_bom & WENC__BOM_SNIFF_PENDING) && !sniff_bom(&c)) {
        st = WENC_INPUT_EMPTY;
    } else {
        c.strip = (d->priv_bom & WENC__BOM_STRIP_PENDING) != 0;
        if (short_utf8(&c, form))
            st = WENC_INPUT_EMPTY;
        else
            st = impl_of(d->priv_encoding)->decode[form](&c);
        if (!c.strip)
            d->priv_bom &= (uint8_t)~WENC__BOM_STRIP_PENDING;
        if (c.finished)
            d->priv_state = 0;
    }
    d->priv_position += c.pos;
    *src_len = c.pos;
    *dst_len = c.out;
    return st;
}

/* The general path per output form, out of line: the short kernel's
** callers below stay free of its frame. */
static WENC__NOINLINE wenc_status general_utf8(wenc_decoder *d, const uint8_t *src,
                                               size_t *src_len, void *dst, size_t *dst_len,
                                               bool last)
{
    return decode_call(d, src, src_len, dst, dst_len, last, WENC__UTF8);
}

static WENC__NOINLINE wenc_status general_utf16(wenc_decoder *d, const uint8_t *src,
                                                size_t *src_len, void *dst, size_t *dst_len,
                                                bool last)
{
    return decode_call(d, src, src_len, dst, dst_len, last, WENC__UTF16);
}

/* The first call of a fresh UTF-8 decoder on a short whole input (issue
** 29: a JavaScript engine's short strings): no BOM to handle, nothing
** held, and the input (1 to WENC__UTF8_SHORT bytes) all complete, valid
** sequences whose output fits.  fresh() tests the decoder and the
** arguments in the exported call, which then jumps to fresh_short() or to
** the general path without a frame of its own (the general path's calls
** pay a few instructions for the test, not a frame).  fresh_short() runs
** the short path (short_path.h); if it stops short of the end (an error, a
** cut sequence, no room), the general path starts over and names the
** error (it writes the same units again).  It
** leaves the decoder as the general path does then: only the position
** moves (the state is idle before and after, so LAST changes nothing). */
WENC__INLINE bool fresh(const wenc_decoder *d, const uint8_t *src, const size_t *src_len,
                        const void *dst, const size_t *dst_len)
{
    const wenc_encoding *e;
    return d != NULL && src != NULL && src_len != NULL && dst != NULL && dst_len != NULL &&
           *src_len - 1 < WENC__UTF8_SHORT && (e = d->priv_encoding) != NULL &&
           e->family == WENC__FAMILY_UTF8 && d->priv_state == 0 && d->priv_input_count == 0 &&
           d->priv_pending_count == 0 && d->priv_bom == 0;
}

WENC__INLINE wenc_status fresh_short(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                     void *dst, size_t *dst_len, bool last, const int form)
{
    size_t n = *src_len, room = *dst_len, written;
    ptrdiff_t got = wenc__utf8_short_kernel(src, n, dst, room, form, false);
    if (got >= 0)
        written = (size_t)got;
    else if (got == -1 || wenc__utf8_short_scalar(src, n, dst, room, form, false, &written) != n)
        goto general; /* the kernel declined: not valid, or it does not fit */
    d->priv_position += n;
    *dst_len = written;
    return WENC_INPUT_EMPTY;
general:
    return form == WENC__UTF16 ? general_utf16(d, src, src_len, dst, dst_len, last)
                               : general_utf8(d, src, src_len, dst, dst_len, last);
}

static WENC__NOINLINE wenc_status fresh_utf8(wenc_decoder *d, const uint8_t *src,
                                             size_t *src_len, void *dst, size_t *dst_len,
                                             bool last)
{
    return fresh_short(d, src, src_len, dst, dst_len, last, WENC__UTF8);
}

static WENC__NOINLINE wenc_status fresh_utf16(wenc_decoder *d, const uint8_t *src,
                                              size_t *src_len, void *dst, size_t *dst_len,
                                              bool last)
{
    return fresh_short(d, src, src_len, dst, dst_len, last, WENC__UTF16);
}

WENC__INLINE wenc_status decode_utf8(wenc_decoder *d, const uint8_t *src, size_t *src_len, void *dst,
                               size_t *dst_len, bool last)
{
    if (fresh(d, src, src_len, dst, dst_len))
        return fresh_utf8(d, src, src_len, dst, dst_len, last);
    return general_utf8(d, src, src_len, dst, dst_len, last);
}

WENC__INLINE wenc_status decode_utf16(wenc_decoder *d, const uint8_t *src, size_t *src_len, void *dst,
                                size_t *dst_len, bool last)
{
    if (fresh(d, src, src_len, dst, dst_len))
        return fresh_utf16(d, src, src_len, dst, dst_len, last);
    return general_utf16(d, src, src_len, dst, dst_len, last);
}

WENC__INLINE wenc_status decode_utf32(wenc_decoder *d, const uint8_t *src, size_t *src_len, void *dst,
                                size_t *dst_len, bool last)
{
    return decode_call(d, src, src_len, dst, dst_len, last, WENC__UTF32);
}

wenc_status wenc__decoder_decode(wenc_decoder *d, const uint8_t *src, size_t *src_len, void *dst,
                                 size_t *dst_len, bool last, int form)
{
    /* The engine's own caller (TextDecoder) has its own short path: the
    ** general path, inlined here, without fresh()'s test. */
    if (form == WENC__UTF8)
        return decode_call(d, src, src_len, dst, dst_len, last, WENC__UTF8);
    if (form == WENC__UTF16)
        return decode_call(d, src, src_len, dst, dst_len, last, WENC__UTF16);
    return decode_utf32(d, src, src_len, dst, dst_len, last);
}

wenc_status wenc_decoder_decode_to_utf8(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                        uint8_t *dst, size_t *dst_len, bool last)
{
    return decode_utf8(d, src, src_len, dst, dst_len, last);
}

wenc_status wenc_decoder_decode_to_utf16(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                         uint16_t *dst, size_t *dst_len, bool last)
{
    return decode_utf16(d, src, src_len, dst, dst_len, last);
}

wenc_status wenc_decoder_decode_to_utf32(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                         uint32_t *dst, size_t *dst_len, bool last)
{
    return decode_utf32(d, src, src_len, dst, dst_len, last);
}

/* CP as units of FORM in U; returns how many. */
static unsigned to_units(uint32_t cp, int form, uint32_t u[4])
{
    if (form == WENC__UTF8) {
        uint8_t b[4];
        unsigned n = wenc__utf8_put(b, cp);
        for (unsigned i = 0; i < n; i++)
            u[i] = b[i];
        return n;
    }
    if (form == WENC__UTF16 && cp >= 0x10000) {
        u[0] = 0xD7C0 + (cp >> 10);
        u[1] = 0xDC00 | (cp & 0x3FF);
        return 2;
    }
    u[0] = cp;
    return 1;
}

/* Writes the code points kept in the decoder.  A code point is written
** whole, or -- only if the call has written nothing yet and it does not fit
** -- as many of its units as fit, the rest staying pending (so a tiny
** buffer still makes progress).  Returns false if some remain. */
static bool flush_pending(wenc__dcall *c, int form)
{
    wenc_decoder *d = c->d;
    while (d->priv_pending_count != 0) {
        uint32_t u[4] = {0};
        unsigned done = d->priv_pending_done;
        unsigned need = to_units(d->priv_pending[0], form, u) - done;
        size_t room = c->dst_len - c->out;
        unsigned n = need;
        if (room < need) {
            if (c->out != 0 || room == 0)
                return false;
            n = (unsigned)room;
        }
        for (unsigned i = 0; i < n; i++) {
            if (form == WENC__UTF8)
                ((uint8_t *)c->dst)[c->out + i] = (uint8_t)u[done + i];
            else if (form == WENC__UTF16)
                ((uint16_t *)c->dst)[c->out + i] = (uint16_t)u[done + i];
            else
                ((uint32_t *)c->dst)[c->out + i] = u[done + i];
        }
        c->out += n;
        if (n < need) {
            d->priv_pending_done = (uint8_t)(done + n);
            return false;
        }
        d->priv_pending_done = 0;
        d->priv_pending[0] = d->priv_pending[1];
        d->priv_pending_count--;
    }
    return true;
}

/* Writes N code points or keeps what does not fit in the decoder (then
** returns false: the output is full).  Handles BOM stripping.  The slow
** path of every emission. */
static bool emit(wenc__dcall *c, int form, const uint32_t *cps, unsigned n)
{
    wenc_decoder *d = c->d;
    if (c->strip) {
        /* TextDecoder's serialize: the first code point, if it is U+FEFF, is
        ** dropped; any first code point ends BOM handling. */
        c->strip = false;
        if (cps[0] == WENC__BOM) {
            cps++;
            n--;
        }
    }
    for (unsigned i = 0; i < n; i++)
        d->priv_pending[d->priv_pending_count++] = cps[i];
    return flush_pending(c, form);
}

/* The stream offset of the first byte of R's malformed sequence. */
static uint64_t error_offset(const wenc__dcall *c, const wenc__step *r)
{
    const wenc_decoder *d = c->d;
    /* The read position as an absolute stream offset: bytes consumed from
    ** the caller, less those waiting in priv_input to be read again. */
    uint64_t end = d->priv_position + c->pos - d->priv_input_count - r->error_gap;
    return end - r->error_length;
}

/* Replacement accounting (decoder.h).  The size of wenc_decoder is part of
** the ABI, so the count lives where a fatal decoder keeps its error: the
** low 32 bits in priv_error_length, bits 32-55 in priv_replaced_high (what
** was tail padding); priv_error_offset holds the first one's offset. */
#define REPLACED_MAX ((UINT64_C(1) << 56) - 1)

static uint64_t replaced(const wenc_decoder *d)
{
    const uint8_t *h = d->priv_replaced_high;
    return d->priv_error_length | (uint64_t)h[0] << 32 | (uint64_t)h[1] << 40 |
           (uint64_t)h[2] << 48;
}

/* Counts R's error, replaced by U+FFFD: only ever called on that path, so
** decoding valid input pays nothing for the accounting. */
static void count_replacement(wenc__dcall *c, const wenc__step *r)
{
    wenc_decoder *d = c->d;
    uint64_t n = replaced(d);
    if (n == 0)
        d->priv_error_offset = error_offset(c, r);
    if (n == REPLACED_MAX)
        return;
    n++;
    d->priv_error_length = (uint32_t)n;
    for (unsigned i = 0; i < 3; i++)
        d->priv_replaced_high[i] = (uint8_t)(n >> (32 + 8 * i));
}

static void record_error(wenc__dcall *c, const wenc__step *r)
{
    c->d->priv_error_offset = error_offset(c, r);
    c->d->priv_error_length = r->error_length;
}

int wenc__decode_result(wenc__dcall *c, int form, int kind, const wenc__step *r, int byte)
{
    wenc_decoder *d = c->d;
    switch (kind) {
    case WENC__CONTINUE:
        return -1;
    case WENC__CODE_POINT:
        return emit(c, form, r->cp, 1) ? -1 : WENC_OUTPUT_FULL;
    case WENC__CODE_POINTS_2:
        return emit(c, form, r->cp, 2) ? -1 : WENC_OUTPUT_FULL;
    case WENC__ERROR:
        if (r->restore_count != 0) {
            /* Restore: rewind within the caller's buffer if every restored
            ** byte was read from it in this run; otherwise keep them (they
            ** are the last bytes read) in priv_input, ahead of any still
            ** unread there. */
            if (c->pos - c->mark >= r->restore_count) {
                c->pos -= r->restore_count;
            } else {
                memmove(d->priv_input + r->restore_count, d->priv_input, d->priv_input_count);
                memcpy(d->priv_input, r->restore, r->restore_count);
                d->priv_input_count = (uint8_t)(d->priv_input_count + r->restore_count);
            }
        }
        if (d->priv_flags & WENC__DEC_FATAL) {
            /* The error stands where replacement mode's U+FFFD would: it is
            ** the first item, so a U+FEFF after it is kept (resuming after
            ** errors gives replacement mode's output). */
            c->strip = false;
            record_error(c, r);
            return WENC_MALFORMED;
        }
        {
            const uint32_t fffd = WENC__REPLACEMENT_CHARACTER;
            count_replacement(c, r);
            return emit(c, form, &fffd, 1) ? -1 : WENC_OUTPUT_FULL;
        }
    default: /* WENC__FINISHED */
        /* Nothing after finished is decoded.  Only the replacement decoder
        ** finishes before end-of-queue; its state then keeps it finished for
        ** the rest of the stream. */
        c->pos = c->src_len;
        d->priv_input_count = 0;
        c->finished = byte == WENC__EOQ || c->last;
        return WENC_INPUT_EMPTY;
    }
}

/* The handlers' loops call this after 16 ASCII bytes of their own
** (decode_loop.h): a run that ends within the next 15 bytes goes to the
** scalar set's copy, which costs every set less there than its vector
** kernels' call, setup and byte loop (issue 29: windows-1252 rows of 24
** to 31 bytes ran 23-50 instructions over the scalar set's,
** tools/short-counts.py). */
#define ASCII_SCALAR 15

size_t wenc__decode_ascii(wenc__dcall *c, int form)
{
    const wenc__utf8_kernels *k = wenc__utf8_kernels_for(c->src_len - c->pos, ASCII_SCALAR);
    size_t n = c->src_len - c->pos;
    size_t room = c->dst_len - c->out;
    if (room < n)
        n = room;
    /* With no room, dst may be NULL: no pointer arithmetic on it. */
    if (n == 0)
        return 0;
    /* The kernels of src/simd copy or widen (utf8_kernels.h). */
    const uint8_t *s = c->src + c->pos;
    size_t i;
    if (form == WENC__UTF8)
        i = k->ascii_to_utf8(s, n, (uint8_t *)c->dst + c->out);
    else if (form == WENC__UTF16)
        i = k->ascii_to_utf16(s, n, (uint16_t *)c->dst + c->out);
    else
        i = k->ascii_to_utf32(s, n, (uint32_t *)c->dst + c->out);
    c->pos += i;
    c->out += i;
    return i;
}

/* Worst cases, for every decoder of the standard: each output code point
** and each error is charged to bytes of its own (an error's sequence has at
** least one byte, restored bytes are charged when read again), and no byte
** yields more than 3 UTF-8 bytes (U+FFFD or U+20AC for one byte; Big5's
** two code points or an astral one for two bytes), one UTF-16 unit or one
** code point.  Bytes held in the handler's state, in priv_input, and code
** points pending output are added. */
static size_t max_length(const wenc_decoder *d, size_t byte_len, size_t per_byte, int form)
{
    if (d == NULL || d->priv_initial == NULL)
        return 0;
    size_t held = 3 + d->priv_input_count;
    size_t n = wenc__mul_sat(wenc__add_sat(byte_len, held), per_byte);
    for (unsigned i = 0; i < d->priv_pending_count; i++)
        n = wenc__add_sat(n, wenc__units(d->priv_pending[i], form));
    return n;
}

size_t wenc_decoder_max_utf8_length(const wenc_decoder *d, size_t byte_len)
{
    return max_length(d, byte_len, 3, WENC__UTF8);
}

size_t wenc_decoder_max_utf16_length(const wenc_decoder *d, size_t byte_len)
{
    return max_length(d, byte_len, 1, WENC__UTF16);
}

size_t wenc_decoder_max_utf32_length(const wenc_decoder *d, size_t byte_len)
{
    return max_length(d, byte_len, 1, WENC__UTF32);
}

const wenc_encoding *wenc_decoder_encoding(const wenc_decoder *d)
{
    return d ? d->priv_encoding : NULL;
}

uint64_t wenc_decoder_position(const wenc_decoder *d)
{
    return d ? d->priv_position : 0;
}

/* Whether D is a fatal decoder, whose error fields hold its last error
** (in replacement mode they hold the accounting). */
static bool is_fatal(const wenc_decoder *d)
{
    return d != NULL && (d->priv_flags & WENC__DEC_FATAL);
}

uint64_t wenc_decoder_error_offset(const wenc_decoder *d)
{
    return is_fatal(d) ? d->priv_error_offset : 0;
}

size_t wenc_decoder_error_length(const wenc_decoder *d)
{
    return is_fatal(d) ? d->priv_error_length : 0;
}

uint64_t wenc_decoder_replacement_count(const wenc_decoder *d)
{
    return d != NULL && !is_fatal(d) ? replaced(d) : 0;
}

uint64_t wenc_decoder_first_replacement_offset(const wenc_decoder *d)
{
    return d != NULL && !is_fatal(d) ? d->priv_error_offset : 0;
}

/* The accounting's three bytes fill what was tail padding (3 bytes on
** every ABI: 8-byte fields, then 21 bytes of smaller ones), so the struct
** has its old size. */
_Static_assert(offsetof(wenc_decoder, priv_replaced_high) + 3 == sizeof(wenc_decoder),
               "wenc_decoder grew: its size is part of the ABI");
