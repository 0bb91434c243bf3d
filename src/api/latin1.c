/* latin1.c -- wenc/latin1.h: one-byte strings and well-formed UTF-16 (issue
** 41).  The loops are kernels (src/simd/latin1/latin1_kernels.h); the
** conversions to and from UTF-8 compose them with the kernels that already
** exist, through a window of UTF-16 units on the stack, rather than
** writing UTF-8's rules a second time:
** - one-byte -> UTF-8: the set's to_utf8 blocks where it has them and the
**   ASCII copy for runs of ASCII; else the UTF-8 family's ASCII copy, then
**   a window widened and encoded by the UTF-16 family's to_utf8 (which
**   writes whole code points while they fit: encodeInto's rule);
** - UTF-8 -> one-byte: the set's from_utf8 blocks where it has them (for
**   the sequences of U+0000..U+00FF only: they stop at anything else) and
**   the ASCII copy, then a window decoded by the UTF-8
**   family's to_utf16 (which stops before any malformed sequence, as the
**   UTF-8 decoder's step function would reject it) and narrowed.
** Why a conversion stopped is decided once, for the code point at the stop,
** by the UTF-8 toolkit's span decoder (the same DFA).  Decoding into
** one-byte strings is the decoder's own decode to UTF-16, narrowed. */
#include "engine/internal.h"
#include "simd/latin1/latin1_kernels.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"
#include "utf8/utf8_internal.h"

/* Units of the window: 1 KiB of stack, and few enough kernel calls per
** window that their setup does not show. */
#define WINDOW 512

#define MIN(a, b) ((a) < (b) ? (a) : (b))

size_t wenc_ascii_prefix(const uint8_t *src, size_t len)
{
    if (src == NULL)
        return 0;
    /* The kernel's skip from 32 bytes (SSE2's steps are 32 bytes), else
    ** a word at a time. */
    size_t (*skip)(const uint8_t *, size_t) = NULL;
    if (len >= 32)
        skip = wenc__utf8_kernels_get()->ascii_prefix;
    return skip != NULL ? skip(src, len) : wenc__utf8_skip_ascii(src, 0, len);
}

size_t wenc_utf16_ascii_prefix(const uint16_t *src, size_t len)
{
    return src == NULL ? 0 : wenc__latin1_kernels_get()->below(src, len, 0xFF80);
}

size_t wenc_utf16_latin1_prefix(const uint16_t *src, size_t len)
{
    return src == NULL ? 0 : wenc__latin1_kernels_get()->below(src, len, 0xFF00);
}

size_t wenc_latin1_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    if (src == NULL || dst == NULL)
        return 0;
    wenc__latin1_kernels_get()->widen(src, len, dst);
    return len;
}

size_t wenc_utf8_length_from_latin1(const uint8_t *src, size_t len)
{
    return src == NULL ? 0 : len + wenc__latin1_kernels_get()->high_count(src, len);
}

/* SRC[0..LEN) as UTF-8 into DST[0..CAP), whole code points while they fit;
** returns the bytes read, *WRITTEN the bytes written, and touches nothing
** in DST past them.  The ASCII copy may store a block whole (the bytes
** past its ASCII prefix too, utf8_copy_tpl.h), so it is given at most
** CAP - 1 of the room: what it stores past its prefix is then overwritten
** by what follows, since the conversion goes on until the input ends
** (covering one byte of output per byte of input) or until fewer than 2
** bytes of room are left. */
static WENC__NOINLINE size_t latin1_utf8_window(const wenc__latin1_kernels *kl, const uint8_t *src,
                                               size_t len, uint8_t *dst, size_t cap,
                                               size_t *written);

static size_t latin1_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    /* Below a vector block, the definition's loop: any kernel's setup
    ** costs more than the bytes there. */
    if (len < 16) {
        size_t o = 0, i = wenc__latin1_utf8_from(src, 0, len, dst, cap, &o);
        *written = o;
        return i;
    }
    /* The window's frame (and its registers) only where it is used: with
    ** it, wenc-bench-latin1's short 8 took 9.5 ns at every set, 7.0-7.5
    ** without. */
    const wenc__latin1_kernels *kl = wenc__latin1_kernels_get();
    if (kl->to_utf8 == NULL)
        return latin1_utf8_window(kl, src, len, dst, cap, written);
    /* The set's blocks, and the UTF-8 family's ASCII copy for runs of
    ** ASCII, which the blocks leave to it; the last few characters (or
    ** bytes of room) in the definition's loop. */
    const wenc__utf8_kernels *k8 = wenc__utf8_kernels_for(len, WENC__UTF8_SHORT_SCALAR);
    size_t i = 0, o = 0;
    while (len - i >= 16 && cap - o >= 32) {
        size_t got;
        i += kl->to_utf8(src + i, len - i, dst + o, cap - o, &got);
        o += got;
        if (i == len || cap - o < 2)
            break; /* the blocks may have filled it */
        size_t a = k8->ascii_to_utf8(src + i, MIN(len - i, cap - o - 1), dst + o);
        i += a;
        o += a;
    }
    i = wenc__latin1_utf8_from(src, i, len, dst, cap, &o);
    *written = o;
    return i;
}

/* A set without blocks of its own (scalar, NEON): ASCII by the UTF-8
** family's copy, the rest widened into a window and encoded by the UTF-16
** family's to_utf8. */
static size_t latin1_utf8_window(const wenc__latin1_kernels *kl, const uint8_t *src, size_t len,
                                 uint8_t *dst, size_t cap, size_t *written)
{
    const wenc__utf8_kernels *k8 = wenc__utf8_kernels_for(len, WENC__UTF8_SHORT_SCALAR);
    const wenc__utf16_kernels *k16 =
        len <= WENC__UTF8_SHORT_SCALAR ? &wenc__utf16_scalar : wenc__utf16_kernels_get();
    uint16_t window[WINDOW];
    size_t i = 0, o = 0;
    while (i < len && o < cap) {
        size_t a = k8->ascii_to_utf8(src + i, MIN(len - i, cap - o - 1), dst + o);
        i += a;
        o += a;
        if (i == len)
            break;
        size_t w = MIN(len - i, WINDOW), got;
        kl->widen(src + i, w, window);
        size_t r = k16->to_utf8(window, w, dst + o, cap - o, &got);
        i += r;
        o += got;
        if (r < w)
            break; /* the next code point does not fit */
    }
    *written = o;
    return i;
}

size_t wenc_latin1_to_utf8(const uint8_t *src, size_t len, uint8_t *dst)
{
    if (src == NULL || dst == NULL)
        return 0;
    size_t written;
    (void)latin1_utf8(src, len, dst, len <= SIZE_MAX / 2 ? 2 * len : SIZE_MAX, &written);
    return written;
}

wenc_status wenc_latin1_to_utf8_partial(const uint8_t *src, size_t *src_len, uint8_t *dst,
                                        size_t *dst_len)
{
    if (src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0))
        return WENC_INVALID_ARGUMENT;
    size_t len = *src_len;
    if (len == 0) {
        *dst_len = 0;
        return WENC_INPUT_EMPTY;
    }
    *src_len = latin1_utf8(src, len, dst, *dst_len, dst_len);
    return *src_len == len ? WENC_INPUT_EMPTY : WENC_OUTPUT_FULL;
}

/* What stops a narrowing from UTF-8 at SRC[0..LEN) (LEN > 0): the code
** point there is malformed, above U+00FF, or else did not fit. */
static wenc_status utf8_stop(const uint8_t *src, size_t len)
{
    int32_t cp;
    wenc_utf8_error_kind kind;
    (void)wenc__utf8_span(src, len, &cp, &kind);
    return cp < 0 ? WENC_MALFORMED : cp > 0xFF ? WENC_UNMAPPABLE : WENC_OUTPUT_FULL;
}

/* Narrows SRC[0..LEN) into DST[0..CAP), or with DST NULL only finds how far
** it would (wenc_utf8_latin1_prefix, into a scratch window): returns the
** status of wenc_utf8_to_latin1, *READ and *WRITTEN its lengths. */
static wenc_status utf8_latin1(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                               size_t *read, size_t *written)
{
    const wenc__latin1_kernels *kl = wenc__latin1_kernels_get();
    size_t i = 0, o = 0;
    if (kl->from_utf8 != NULL && dst != NULL) {
        /* Most calls end here, short ones too. */
        i = kl->from_utf8(src, len, dst, cap, &o);
        if (i == len) {
            *read = i;
            *written = o;
            return WENC_INPUT_EMPTY;
        }
    }
    const wenc__utf8_kernels *k8 = wenc__utf8_kernels_for(len, WENC__UTF8_SHORT_SCALAR);
    uint16_t window[WINDOW];
    uint8_t scratch[WINDOW];
    wenc_status st = WENC_INPUT_EMPTY;
    while (i < len) {
        size_t k = 0;
        if (kl->from_utf8 != NULL) {
            /* The set's blocks while they go (and the ASCII copy for the
            ** runs they leave to it); where both stop at once, one window
            ** of the composition below, which decides the stop. */
            size_t got;
            k = dst != NULL ? kl->from_utf8(src + i, len - i, dst + o, cap - o, &got)
                            : kl->from_utf8(src + i, MIN(len - i, WINDOW), scratch, WINDOW, &got);
            i += k;
            o += got;
            if (i == len)
                break;
        }
        size_t a = dst != NULL ? k8->ascii_to_utf8(src + i, MIN(len - i, cap - o), dst + o)
                               : wenc_ascii_prefix(src + i, len - i);
        i += a;
        o += a;
        if (i == len)
            break;
        if (dst != NULL && o == cap) {
            st = utf8_stop(src + i, len - i);
            break;
        }
        if (k + a != 0 && kl->from_utf8 != NULL)
            continue;
        size_t w;
        size_t r = k8->to_utf16(src + i, len - i, window, WINDOW, &w);
        if (w == 0) {
            st = WENC_MALFORMED; /* to_utf16 stops before nothing else here */
            break;
        }
        uint8_t *out = dst != NULL ? dst + o : scratch;
        size_t room = dst != NULL ? MIN(w, cap - o) : w;
        size_t m = kl->narrow(window, room, out);
        if (m == w) {
            i += r;
            o += m;
            continue;
        }
        /* The M units narrowed came from M bytes, plus one for each that
        ** took two (80..FF). */
        i += m + kl->high_count(out, m);
        o += m;
        st = utf8_stop(src + i, len - i);
        break;
    }
    *read = i;
    *written = o;
    return st;
}

wenc_status wenc_utf8_to_latin1(const uint8_t *src, size_t *src_len, uint8_t *dst, size_t *dst_len)
{
    if (src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0))
        return WENC_INVALID_ARGUMENT;
    if (*src_len == 0) {
        *dst_len = 0;
        return WENC_INPUT_EMPTY;
    }
    /* DST is not NULL: a NULL DST with no room has no room either. */
    static uint8_t none[1];
    return utf8_latin1(src, *src_len, dst != NULL ? dst : none, *dst_len, src_len, dst_len);
}

size_t wenc_utf8_latin1_prefix(const uint8_t *src, size_t len)
{
    if (src == NULL || len == 0)
        return 0;
    size_t read, written;
    (void)utf8_latin1(src, len, NULL, 0, &read, &written);
    return read;
}

wenc_status wenc_utf16_to_latin1(const uint16_t *src, size_t *src_len, uint8_t *dst,
                                 size_t *dst_len)
{
    if (src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0))
        return WENC_INVALID_ARGUMENT;
    size_t len = *src_len, cap = *dst_len;
    size_t m =
        len == 0 || cap == 0 ? 0 : wenc__latin1_kernels_get()->narrow(src, MIN(len, cap), dst);
    *src_len = *dst_len = m;
    if (m == len)
        return WENC_INPUT_EMPTY;
    uint32_t u = src[m];
    if (u <= 0xFF)
        return WENC_OUTPUT_FULL;
    /* A surrogate is a code point above U+FFFF with the one after it, else
    ** lone: malformed (Encoding Standard, "UTF-16 decoder"). */
    if (u - 0xD800u < 0x800)
        return u < 0xDC00 && len - m >= 2 && src[m + 1] - 0xDC00u < 0x400 ? WENC_UNMAPPABLE
                                                                          : WENC_MALFORMED;
    return WENC_UNMAPPABLE;
}

size_t wenc_utf16_well_formed_prefix(const uint16_t *src, size_t len)
{
    return src == NULL ? 0 : wenc__latin1_kernels_get()->well_formed(src, len);
}

void wenc_utf16_to_well_formed(const uint16_t *src, size_t len, uint16_t *dst)
{
    if (src == NULL || dst == NULL)
        return;
    const wenc__latin1_kernels *kl = wenc__latin1_kernels_get();
    size_t i = 0;
    while (i < len) {
        /* In place, the units before a lone surrogate stay where they are. */
        i += dst == src ? kl->well_formed(src + i, len - i)
                        : kl->well_formed_copy(src + i, len - i, dst + i);
        if (i < len)
            dst[i++] = 0xFFFD;
    }
}

/* Each window decoded to UTF-16 from a copy of D's state (wenc/decoder.h:
** a decoder may be copied to fork the stream): if the window holds a unit
** above 0x00FF after M that narrowed, D goes back to the copy and decodes
** the same input again into a room of M units, which stops it right
** before that unit (the rest of its output kept in D, or its input not
** consumed), so the decoder's step functions alone decide every code
** point and error. */
wenc_status wenc_decoder_decode_to_latin1(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                          uint8_t *dst, size_t *dst_len, bool last)
{
    if (d == NULL || src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0)) {
        if (src_len != NULL)
            *src_len = 0;
        if (dst_len != NULL)
            *dst_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    const wenc__latin1_kernels *kl = wenc__latin1_kernels_get();
    uint16_t window[WINDOW];
    size_t len = *src_len, cap = *dst_len, i = 0, o = 0;
    wenc_status st;
    for (;;) {
        wenc_decoder before = *d;
        size_t n = len - i, w = MIN(cap - o, WINDOW);
        st = wenc_decoder_decode_to_utf16(d, src == NULL ? src : src + i, &n, window, &w, last);
        if (st == WENC_INVALID_ARGUMENT)
            break; /* an uninitialised decoder: only on the first pass */
        size_t m = kl->narrow(window, w, dst == NULL ? NULL : dst + o);
        if (m < w) {
            *d = before;
            n = len - i;
            size_t again = m;
            (void)wenc_decoder_decode_to_utf16(d, src == NULL ? src : src + i, &n, window, &again,
                                               last);
            i += n;
            o += m;
            st = WENC_UNMAPPABLE;
            break;
        }
        i += n;
        o += w;
        if (st != WENC_OUTPUT_FULL || o == cap)
            break;
    }
    *src_len = i;
    *dst_len = o;
    return st;
}
