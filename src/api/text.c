/* text.c -- TextDecoder (with TextDecoderStream), TextEncoder and
** TextEncoderStream (Encoding Standard, "API"), on top of the streaming
** decoder and encoder.  Comments number the steps of the standard's
** algorithms. */
#include "engine/decode_loop.h"
#include "engine/short_path.h"
#include "oneshot.h"
#include "utf8/dfa.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"

/* ------------------------------------------------------------------------
** TextDecoder. */

/* serialize I/O queue, step 2.3: the encodings whose first code point is
** dropped if it is U+FEFF. */
static bool strips_bom(const wenc_encoding *e)
{
    return e == WENC_UTF_8 || e == WENC_UTF_16BE || e == WENC_UTF_16LE;
}

wenc_status wenc_text_decoder_init_with_encoding(wenc_text_decoder *td,
                                                 const wenc_encoding *encoding,
                                                 unsigned options,
                                                 const wenc_allocator *allocator)
{
    const unsigned known = WENC_TEXT_DECODER_FATAL | WENC_TEXT_DECODER_IGNORE_BOM;
    if (td == NULL || encoding == NULL || encoding == WENC_REPLACEMENT ||
        (options & ~known) != 0)
        return WENC_INVALID_ARGUMENT;
    wenc_text_decoder t;
    memset(&t, 0, sizeof t);
    /* The error mode and the encoding; BOM handling is done here (below),
    ** not by the decoder, because a fatal error must leave "BOM seen" as it
    ** was before the call. */
    unsigned mode = (options & WENC_TEXT_DECODER_FATAL) ? WENC_DECODER_FATAL
                                                        : WENC_DECODER_REPLACEMENT;
    wenc_status st = wenc_decoder_init(&t.priv_decoder, encoding, mode);
    if (st == WENC_NOT_BUILT_IN)
        memset(td, 0, sizeof *td); /* every later call: WENC_INVALID_ARGUMENT */
    if (st != WENC_OK)
        return st;
    if (allocator != NULL)
        t.priv_allocator = *allocator;
    t.priv_encoding = encoding;
    t.priv_options = (uint8_t)options;
    *td = t;
    return WENC_OK;
}

/* The constructor: 1. get an encoding from the label; 2. failure or
** replacement is a RangeError; 3-5. encoding, error mode, ignore BOM. */
wenc_status wenc_text_decoder_init(wenc_text_decoder *td, const char *label, size_t label_len,
                                   unsigned options, const wenc_allocator *allocator)
{
    if (td == NULL || (label == NULL && label_len != 0))
        return WENC_INVALID_ARGUMENT;
    if (label == NULL) {
        /* The label was omitted: its default is "utf-8". */
        label = "utf-8";
        label_len = 5;
    }
    const wenc_encoding *e = wenc_encoding_for_label(label, label_len);
    if (e == NULL)
        return WENC_UNKNOWN_LABEL;
    if (e == WENC_REPLACEMENT)
        return WENC_REPLACEMENT_LABEL;
    return wenc_text_decoder_init_with_encoding(td, e, options, allocator);
}

wenc_status wenc_text_decoder_init_cstr(wenc_text_decoder *td, const char *label,
                                        unsigned options, const wenc_allocator *allocator)
{
    return wenc_text_decoder_init(td, label, label != NULL ? strlen(label) : 0, options,
                                  allocator);
}

void wenc_text_decoder_destroy(wenc_text_decoder *td)
{
    if (td == NULL)
        return;
    wenc__free(&td->priv_allocator, td->priv_queue);
    td->priv_queue = NULL;
    td->priv_queue_start = td->priv_queue_end = td->priv_queue_capacity = 0;
}

wenc_status wenc_text_decoder_new(const char *label, size_t label_len, unsigned options,
                                  const wenc_allocator *allocator, wenc_text_decoder **out)
{
    if (out == NULL)
        return WENC_INVALID_ARGUMENT;
    *out = NULL;
    wenc_text_decoder t;
    wenc_status st = wenc_text_decoder_init(&t, label, label_len, options, allocator);
    if (st != WENC_OK)
        return st;
    wenc_text_decoder *td = wenc__alloc(allocator, sizeof *td);
    if (td == NULL)
        return WENC_NO_MEMORY;
    *td = t;
    *out = td;
    return WENC_OK;
}

void wenc_text_decoder_free(wenc_text_decoder *td)
{
    if (td == NULL)
        return;
    wenc_text_decoder_destroy(td);
    wenc_allocator a = td->priv_allocator;
    wenc__free(&a, td);
}

/* Output forms.  FORM_LATIN1 (wenc/latin1.h, issue 41) is the decoder's
** own one-byte call, which stops before a code point above U+00FF with
** WENC_UNMAPPABLE: everything above it (the queue, BOM seen, do not flush)
** is the same for every form, and that stop leaves the call in progress
** as WENC_OUTPUT_FULL does. */
enum { FORM_UTF8, FORM_UTF16, FORM_LATIN1 };

static wenc_status decode_form(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                               void *dst, size_t *dst_len, bool last, int form)
{
    if (form == FORM_LATIN1)
        return wenc_decoder_decode_to_latin1(d, src, src_len, dst, dst_len, last);
    return wenc__decoder_decode(d, src, src_len, dst, dst_len, last,
                                form == FORM_UTF8 ? WENC__UTF8 : WENC__UTF16);
}

/* Whether the decoder D, given the LEN bytes at SRC, certainly decodes a
** code point other than U+FEFF first: D is UTF-8, holds no bytes (state,
** restored input, pending output) and SRC starts with a complete, valid
** sequence that is not EF BB BF.  Then decode_span() needs no fork to find
** the first code point.  False means "look with the fork". */
static bool first_is_not_bom(const wenc_decoder *d, const uint8_t *src, size_t len)
{
    if (d->priv_encoding->family != WENC__FAMILY_UTF8 || d->priv_state != 0 ||
        d->priv_input_count != 0 || d->priv_pending_count != 0 || len == 0)
        return false;
    uint32_t cp;
    return wenc__utf8_decode_valid(src, 0, len, &cp) != 0 && cp != WENC__BOM;
}

/* Decodes a span of the I/O queue (kept bytes, or the caller's), dropping
** the first code point if serialize I/O queue says so (steps 2.3.1-2.3.2).
** While that is pending, the first code point is found with a copy of the
** decoder writing UTF-32 into room for one: if it is U+FEFF the copy, which
** has consumed it, replaces the decoder; otherwise the copy is dropped and
** the decoder writes it to DST.  Either way no code point is ever split or
** written twice, whatever the size of DST. */
static wenc_status decode_span(wenc_text_decoder *td, const uint8_t *src, size_t *src_len,
                               void *dst, size_t *dst_len, bool last, int form)
{
    size_t skip = 0;
    if (!td->priv_bom_seen && !(td->priv_options & WENC_TEXT_DECODER_IGNORE_BOM) &&
        strips_bom(td->priv_encoding) && first_is_not_bom(&td->priv_decoder, src, *src_len)) {
        /* What the fork below would find, without it (issue 11: it is most
        ** of the cost of a short decode). */
        td->priv_bom_seen = true;
    } else if (!td->priv_bom_seen && !(td->priv_options & WENC_TEXT_DECODER_IGNORE_BOM) &&
               strips_bom(td->priv_encoding)) {
        wenc_decoder fork = td->priv_decoder;
        uint32_t cp;
        size_t n = *src_len, m = 1;
        wenc_status st = wenc__decoder_decode(&fork, src, &n, &cp, &m, last, WENC__UTF32);
        if (m == 1) {
            td->priv_bom_seen = true;
            if (cp == WENC__BOM) {
                td->priv_decoder = fork;
                if (st != WENC_OUTPUT_FULL) {
                    *src_len = n;
                    *dst_len = 0;
                    return st;
                }
                skip = n;
            }
        }
    }
    size_t n = *src_len - skip, m = *dst_len;
    wenc_status st = decode_form(&td->priv_decoder, src != NULL ? src + skip : NULL, &n, dst, &m,
                                 last, form);
    *src_len = skip + n;
    *dst_len = m;
    return st;
}

/* After a fatal error in a streaming call: the queue keeps its unread
** bytes, priv_queue[start .. end), followed by the caller's unread bytes
** SRC[0 .. LEN). */
static wenc_status keep_unread(wenc_text_decoder *td, const uint8_t *src, size_t len)
{
    size_t old = td->priv_queue_end - td->priv_queue_start;
    if (len > SIZE_MAX - old)
        return WENC_NO_MEMORY;
    size_t need = old + len;
    if (need > td->priv_queue_capacity) {
        uint8_t *q = wenc__alloc(&td->priv_allocator, need);
        if (q == NULL)
            return WENC_NO_MEMORY;
        if (old != 0)
            memcpy(q, td->priv_queue + td->priv_queue_start, old);
        wenc__free(&td->priv_allocator, td->priv_queue);
        td->priv_queue = q;
        td->priv_queue_capacity = need;
    } else if (old != 0) {
        memmove(td->priv_queue, td->priv_queue + td->priv_queue_start, old);
    }
    if (len != 0)
        memcpy(td->priv_queue + old, src, len);
    td->priv_queue_start = 0;
    td->priv_queue_end = need;
    return WENC_OK;
}

/* Short-input early path (issue 11): decode(bytes) without stream on a
** short string, which is how a JavaScript engine calls TextDecoder most of
** the time, skips the general path's queue and BOM bookkeeping.  Taken only
** when the call starts afresh (step 1: do not flush false, no call in
** progress), the encoding is UTF-8 and the IN <= SHORT_CALL bytes at SRC do
** not start with a BOM to strip (first_is_not_bom(), so no fork is
** needed).  It then does what the general path would do for such a call --
** a new decoder decodes the bytes with end-of-queue -- and keeps the result
** only if the call is over (INPUT_EMPTY, every byte read: the output fit,
** and no fatal error).  The state left is the general path's: a decoder
** that has read IN bytes, an empty queue, do not flush false, and BOM seen
** true without ignoreBOM (as decode_span() sets it).  Otherwise it leaves
** the text decoder's own fields as they were, and the general path, which
** starts with a new decoder, does the call again from the start. */
#define SHORT_CALL 256

/* The part of short_call() after the short kernel, which did not take the
** whole input: the short path's scalar prefix (short_path.h), then the
** general path from where it stopped.  Out of line, so that the short
** kernel's call stays short. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool short_rest(wenc_text_decoder *td, const uint8_t *src, size_t in, void *dst,
                       size_t *room, int form, bool strip)
{
    size_t written, used = wenc__utf8_short_scalar(src, in, dst, *room,
                                                   form == FORM_UTF8 ? WENC__UTF8 : WENC__UTF16,
                                                   strip, &written);
    if (used == in) {
        *room = written;
        return true;
    }
    /* Its first code point is not U+FEFF if it decoded any. */
    if (used == 0 && strip && !first_is_not_bom(&td->priv_decoder, src, in))
        return false;
    size_t n = in - used, m = *room - written;
    void *rest = (uint8_t *)dst + written * (form == FORM_UTF8 ? 1 : 2);
    /* The new decoder starts after the prefix: the offsets it keeps (the
    ** first replaced error's) count from the start of the call. */
    td->priv_decoder.priv_position = used;
    if (decode_form(&td->priv_decoder, src + used, &n, rest, &m, true, form) != WENC_INPUT_EMPTY ||
        n != in - used)
        return false;
    *room = written + m;
    return true;
}

/* The one-byte form of the early path, for an input of any length: a call
** whose UTF-8 has only code points U+0000..U+00FF is wenc_utf8_to_latin1()
** (the UTF-8 decoder where every code point fits, wenc/latin1.h), which
** takes all of it exactly when there is no wider code point, no malformed
** or cut sequence and room enough.  None of those code points is U+FEFF,
** so BOM seen is all there is to BOM handling, and the state left is
** short_call()'s.  Otherwise the general path does the call from the
** start. */
static bool one_byte_call(wenc_text_decoder *td, const uint8_t *src, size_t in, uint8_t *dst,
                          size_t *room)
{
    size_t n = in, m = *room;
    if (wenc_utf8_to_latin1(src, &n, dst, &m) != WENC_INPUT_EMPTY || n != in)
        return false;
    wenc__decoder_reset(&td->priv_decoder);
    td->priv_decoder.priv_position = in;
    td->priv_queue_start = td->priv_queue_end = 0;
    td->priv_bom_seen = !(td->priv_options & WENC_TEXT_DECODER_IGNORE_BOM);
    td->priv_bom_seen_at_call = false;
    *room = m;
    return true;
}

static bool short_call(wenc_text_decoder *td, const uint8_t *src, size_t in, void *dst,
                       size_t *room, int form)
{
    if (td->priv_in_call || td->priv_do_not_flush || in == 0 || *room == 0 ||
        td->priv_encoding->family != WENC__FAMILY_UTF8)
        return false;
    if (form == FORM_LATIN1)
        return one_byte_call(td, src, in, dst, room);
    if (in > SHORT_CALL)
        return false;
    const bool strip = !(td->priv_options & WENC_TEXT_DECODER_IGNORE_BOM);
    wenc__decoder_reset(&td->priv_decoder);
    /* The short path (short_path.h) decodes the valid prefix; its first
    ** code point is not U+FEFF while a BOM is to be stripped, so BOM seen
    ** is all there is to BOM handling.  The new decoder then goes on with
    ** what follows as it would after that prefix (nothing held, state
    ** idle), and its position is made the whole call's.  A fatal error
    ** falls back, so no error offset is kept from the shorter input. */
    ptrdiff_t units = wenc__utf8_short_kernel(src, in, dst, *room,
                                              form == FORM_UTF8 ? WENC__UTF8 : WENC__UTF16, strip);
    if (units >= 0)
        *room = (size_t)units;
    else if (!short_rest(td, src, in, dst, room, form, strip))
        return false;
    td->priv_decoder.priv_position = in;
    td->priv_queue_start = td->priv_queue_end = 0;
    td->priv_bom_seen = strip;
    td->priv_bom_seen_at_call = false;
    return true;
}

/* decode(input, options).  DRY (used to measure the output of the _alloc
** forms, on a copy of TD) leaves the kept bytes' memory alone. */
static wenc_status text_decode(wenc_text_decoder *td, const uint8_t *src, size_t *src_len,
                               void *dst, size_t *dst_len, bool stream, int form, bool dry)
{
    if (td == NULL || td->priv_encoding == NULL || src_len == NULL || dst_len == NULL ||
        (src == NULL && *src_len != 0) || (dst == NULL && *dst_len != 0)) {
        if (src_len != NULL)
            *src_len = 0;
        if (dst_len != NULL)
            *dst_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    const size_t unit = form == FORM_UTF16 ? 2 : 1;
    const size_t in = *src_len, room = *dst_len;
    size_t used = 0, out = 0;
    if (!stream && short_call(td, src, in, dst, dst_len, form))
        return WENC_OK; /* *src_len is IN already, *dst_len the output */

    if (!td->priv_in_call) {
        /* 1. If do not flush is false: a new decoder, the queue
        ** « end-of-queue », BOM seen false. */
        if (!td->priv_do_not_flush) {
            wenc__decoder_reset(&td->priv_decoder);
            td->priv_queue_start = td->priv_queue_end = 0;
            td->priv_bom_seen = false;
        }
        /* 2. Do not flush is the stream option. */
        td->priv_do_not_flush = stream;
        td->priv_bom_seen_at_call = td->priv_bom_seen;
    }

    /* 3. The input is pushed to the queue, after what it holds; 4-5. read
    ** and process items until end-of-queue, which is processed (flushing
    ** the decoder) only if do not flush is false. */
    const bool last = !stream;
    const bool queued = td->priv_queue_start < td->priv_queue_end;
    wenc_status st = WENC_INPUT_EMPTY;
    if (queued) {
        size_t n = td->priv_queue_end - td->priv_queue_start, m = room;
        st = decode_span(td, td->priv_queue + td->priv_queue_start, &n, dst, &m,
                         last && in == 0, form);
        td->priv_queue_start += n;
        out = m;
        if (td->priv_queue_start == td->priv_queue_end)
            td->priv_queue_start = td->priv_queue_end = 0;
    }
    if (st == WENC_INPUT_EMPTY && (!queued || in != 0)) {
        size_t n = in, m = room - out;
        st = decode_span(td, src, &n, dst != NULL ? (uint8_t *)dst + out * unit : NULL, &m, last,
                         form);
        used = n;
        out += m;
    }

    /* A one-byte call's stop is a full output (the call goes on). */
    td->priv_in_call = st == WENC_OUTPUT_FULL || st == WENC_UNMAPPABLE;
    if (st == WENC_MALFORMED) {
        /* 5.3.3. Error: TypeError.  The call's output queue is dropped
        ** unserialized, so BOM seen is as it was before the call.  The
        ** queue keeps what was not read: with do not flush true the next
        ** call goes on with it; otherwise that call starts afresh. */
        td->priv_bom_seen = td->priv_bom_seen_at_call;
        if (!stream) {
            td->priv_queue_start = td->priv_queue_end = 0;
        } else if (!dry && keep_unread(td, src != NULL ? src + used : NULL, in - used) != WENC_OK) {
            td->priv_queue_start = td->priv_queue_end = 0;
            td->priv_do_not_flush = false;
            st = WENC_NO_MEMORY;
        }
        used = in;
    }
    *src_len = used;
    *dst_len = out;
    return st;
}

wenc_status wenc_text_decoder_decode_to_utf16(wenc_text_decoder *td, const uint8_t *src,
                                              size_t *src_len, uint16_t *dst, size_t *dst_len,
                                              bool stream)
{
    return text_decode(td, src, src_len, dst, dst_len, stream, FORM_UTF16, false);
}

wenc_status wenc_text_decoder_decode_to_utf8(wenc_text_decoder *td, const uint8_t *src,
                                             size_t *src_len, uint8_t *dst, size_t *dst_len,
                                             bool stream)
{
    return text_decode(td, src, src_len, dst, dst_len, stream, FORM_UTF8, false);
}

/* wenc/latin1.h.  The early path is one_byte_call(). */
wenc_status wenc_text_decoder_decode_to_latin1(wenc_text_decoder *td, const uint8_t *src,
                                               size_t *src_len, uint8_t *dst, size_t *dst_len,
                                               bool stream)
{
    return text_decode(td, src, src_len, dst, dst_len, stream, FORM_LATIN1, false);
}

/* The _alloc forms run through oneshot.h with LAST standing for !stream. */
static wenc_status count_utf16(void *td, const void *src, size_t *src_len, void *dst,
                               size_t *dst_len, bool last)
{
    return text_decode(td, src, src_len, dst, dst_len, !last, FORM_UTF16, true);
}

static wenc_status run_utf16(void *td, const void *src, size_t *src_len, void *dst,
                             size_t *dst_len, bool last)
{
    return text_decode(td, src, src_len, dst, dst_len, !last, FORM_UTF16, false);
}

static wenc_status count_utf8(void *td, const void *src, size_t *src_len, void *dst,
                              size_t *dst_len, bool last)
{
    return text_decode(td, src, src_len, dst, dst_len, !last, FORM_UTF8, true);
}

static wenc_status run_utf8(void *td, const void *src, size_t *src_len, void *dst,
                            size_t *dst_len, bool last)
{
    return text_decode(td, src, src_len, dst, dst_len, !last, FORM_UTF8, false);
}

static wenc_status text_decode_alloc(wenc_text_decoder *td, const uint8_t *src, size_t src_len,
                                     bool stream, int form, const wenc_allocator *allocator,
                                     void **out, size_t *out_len)
{
    if (out != NULL)
        *out = NULL;
    if (out_len != NULL)
        *out_len = 0;
    if (td == NULL || td->priv_encoding == NULL || out == NULL || out_len == NULL ||
        (src == NULL && src_len != 0))
        return WENC_INVALID_ARGUMENT;
    wenc_text_decoder copy;
    const wenc__oneshot o = {
        .obj = td, .copy = &copy, .obj_size = sizeof copy,
        .count = form == FORM_UTF8 ? count_utf8 : count_utf16,
        .run = form == FORM_UTF8 ? run_utf8 : run_utf16,
        .src_unit = 1, .dst_unit = form == FORM_UTF8 ? 1 : 2,
        .last = !stream, .error_discards = true,
    };
    return wenc__oneshot_run(&o, src, &src_len, allocator, out, out_len);
}

wenc_status wenc_text_decoder_decode_to_utf16_alloc(wenc_text_decoder *td, const uint8_t *src,
                                                    size_t src_len, bool stream,
                                                    const wenc_allocator *allocator,
                                                    uint16_t **out, size_t *out_len)
{
    void *p = NULL;
    wenc_status st = text_decode_alloc(td, src, src_len, stream, FORM_UTF16, allocator,
                                       out != NULL ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_text_decoder_decode_to_utf8_alloc(wenc_text_decoder *td, const uint8_t *src,
                                                   size_t src_len, bool stream,
                                                   const wenc_allocator *allocator,
                                                   uint8_t **out, size_t *out_len)
{
    void *p = NULL;
    wenc_status st = text_decode_alloc(td, src, src_len, stream, FORM_UTF8, allocator,
                                       out != NULL ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

/* The decoder's bound covers the kept bytes too; a reset before the call
** (do not flush false) only lowers the real output. */
size_t wenc_text_decoder_max_utf16_length(const wenc_text_decoder *td, size_t byte_len)
{
    if (td == NULL)
        return 0;
    size_t kept = td->priv_queue_end - td->priv_queue_start;
    return wenc_decoder_max_utf16_length(&td->priv_decoder, wenc__add_sat(byte_len, kept));
}

size_t wenc_text_decoder_max_utf8_length(const wenc_text_decoder *td, size_t byte_len)
{
    if (td == NULL)
        return 0;
    size_t kept = td->priv_queue_end - td->priv_queue_start;
    return wenc_decoder_max_utf8_length(&td->priv_decoder, wenc__add_sat(byte_len, kept));
}

const wenc_encoding *wenc_text_decoder_encoding(const wenc_text_decoder *td)
{
    return td != NULL ? td->priv_encoding : NULL;
}

/* The encoding getter: the name, ASCII lowercased. */
const char *wenc_text_decoder_encoding_name(const wenc_text_decoder *td)
{
    return td != NULL ? wenc_encoding_lowercase_name(td->priv_encoding) : NULL;
}

bool wenc_text_decoder_fatal(const wenc_text_decoder *td)
{
    return td != NULL && (td->priv_options & WENC_TEXT_DECODER_FATAL) != 0;
}

bool wenc_text_decoder_ignore_bom(const wenc_text_decoder *td)
{
    return td != NULL && (td->priv_options & WENC_TEXT_DECODER_IGNORE_BOM) != 0;
}

uint64_t wenc_text_decoder_error_offset(const wenc_text_decoder *td)
{
    return td != NULL ? wenc_decoder_error_offset(&td->priv_decoder) : 0;
}

size_t wenc_text_decoder_error_length(const wenc_text_decoder *td)
{
    return td != NULL ? wenc_decoder_error_length(&td->priv_decoder) : 0;
}

uint64_t wenc_text_decoder_replacement_count(const wenc_text_decoder *td)
{
    return td != NULL ? wenc_decoder_replacement_count(&td->priv_decoder) : 0;
}

uint64_t wenc_text_decoder_first_replacement_offset(const wenc_text_decoder *td)
{
    return td != NULL ? wenc_decoder_first_replacement_offset(&td->priv_decoder) : 0;
}

size_t wenc_text_decoder_unread_length(const wenc_text_decoder *td)
{
    return td != NULL ? td->priv_queue_end - td->priv_queue_start : 0;
}

/* ------------------------------------------------------------------------
** TextEncoder.  The input is converted to scalar values as a USVString is
** (a lone surrogate is U+FFFD), then UTF-8's encoder runs on each. */

const char *wenc_text_encoder_encoding_name(void)
{
    return "utf-8";
}

/* The kernels (src/simd/utf16/utf16_kernels.h) transcode runs of well-formed
** UTF-16 and stop before a lone surrogate, which becomes U+FFFD here. */

size_t wenc_text_encoder_encoded_length(const uint16_t *src, size_t src_len)
{
    if (src == NULL)
        return 0;
    /* At most 3 bytes per unit (a pair gives 4 for 2 units); saturated,
    ** since 3 bytes per unit may not fit in size_t where memory is 32-bit. */
    return wenc__utf16_kernels_get()->utf8_length(src, src_len);
}

/* Encodes SRC[0..LEN) into DST[0..CAP), which has room for all of it
** (wenc_text_encoder_encoded_length).  CAP is exact: vector kernels read
** what DST holds past their output. */
static void encode_all(const uint16_t *src, size_t src_len, uint8_t *dst, size_t cap)
{
    size_t (*to_utf8)(const uint16_t *, size_t, uint8_t *, size_t, size_t *) =
        wenc__utf16_kernels_get()->to_utf8;
    size_t i = 0, o = 0;
    for (;;) {
        size_t w;
        i += to_utf8(src + i, src_len - i, dst + o, cap - o, &w);
        o += w;
        if (i == src_len)
            break;
        /* A lone surrogate. */
        o += wenc__utf8_put(dst + o, WENC__REPLACEMENT_CHARACTER);
        i++;
    }
}

/* encode(input): 1. convert to a queue of scalar values; 2-3. process each
** with a UTF-8 encoder, which never errors. */
wenc_status wenc_text_encoder_encode(const uint16_t *src, size_t src_len, uint8_t *dst,
                                     size_t *dst_len)
{
    if (dst_len == NULL || (src == NULL && src_len != 0) || (dst == NULL && *dst_len != 0)) {
        if (dst_len != NULL)
            *dst_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    size_t need = wenc_text_encoder_encoded_length(src, src_len);
    if (need > *dst_len) {
        *dst_len = need;
        return WENC_OUTPUT_FULL;
    }
    if (src_len != 0)
        encode_all(src, src_len, dst, need);
    *dst_len = need;
    return WENC_OK;
}

wenc_status wenc_text_encoder_encode_alloc(const uint16_t *src, size_t src_len,
                                           const wenc_allocator *allocator, uint8_t **out,
                                           size_t *out_len)
{
    if (out != NULL)
        *out = NULL;
    if (out_len != NULL)
        *out_len = 0;
    if (out == NULL || out_len == NULL || (src == NULL && src_len != 0))
        return WENC_INVALID_ARGUMENT;
    size_t need = wenc_text_encoder_encoded_length(src, src_len), bytes;
    if (need == SIZE_MAX || !wenc__alloc_size(need, 1, &bytes))
        return WENC_TOO_LARGE;
    uint8_t *buf = wenc__alloc(allocator, bytes);
    if (buf == NULL)
        return WENC_NO_MEMORY;
    if (src_len != 0)
        encode_all(src, src_len, buf, need);
    buf[need] = 0;
    *out = buf;
    *out_len = need;
    return WENC_OK;
}

/* encodeInto(source, destination): 1-5. read and written 0, a UTF-8
** encoder, the source as scalar values; 6. for each: if the bytes fit in
** what is left of the destination, count 2 read for a scalar value above
** U+FFFF (else 1), write them and count them; otherwise stop. */
wenc_status wenc_text_encoder_encode_into(const uint16_t *src, size_t src_len, uint8_t *dst,
                                          size_t dst_len, size_t *read, size_t *written)
{
    if (read != NULL)
        *read = 0;
    if (written != NULL)
        *written = 0;
    if (read == NULL || written == NULL || (src == NULL && src_len != 0) ||
        (dst == NULL && dst_len != 0))
        return WENC_INVALID_ARGUMENT;
    size_t (*to_utf8)(const uint16_t *, size_t, uint8_t *, size_t, size_t *) =
        wenc__utf16_kernels_get()->to_utf8;
    size_t i = 0, o = 0;
    while (i < src_len) {
        /* Scalar values and pairs while they fit (the kernel writes nothing
        ** past the bytes it reports, as step 6 requires). */
        size_t w;
        i += to_utf8(src + i, src_len - i, dst_len != 0 ? dst + o : NULL, dst_len - o, &w);
        o += w;
        if (i == src_len)
            break;
        /* The kernel stopped at a lone surrogate (U+FFFD, 3 bytes, 1 unit
        ** read) or at a code point that does not fit. */
        uint32_t u = src[i];
        bool lone = u >= 0xDC00 ? u <= 0xDFFF
                                : u >= 0xD800 && (i + 1 == src_len || src[i + 1] < 0xDC00 ||
                                                  src[i + 1] > 0xDFFF);
        if (!lone || dst_len - o < 3)
            break;
        o += wenc__utf8_put(dst + o, WENC__REPLACEMENT_CHARACTER);
        i++;
    }
    *read = i;
    *written = o;
    return i == src_len ? WENC_OK : WENC_OUTPUT_FULL;
}

/* ------------------------------------------------------------------------
** TextEncoderStream.  The encoder engine's UTF-16 input does what "convert
** code unit to scalar value" does: a leading surrogate at the end of a
** chunk waits for the next one (not LAST); a trailing surrogate after it
** completes the pair; anything else makes it U+FFFD and is read again; a
** lone trailing surrogate is U+FFFD.  "Encode and flush" is the call with
** LAST and no input: U+FFFD if a leading surrogate waits. */

wenc_status wenc_text_encoder_stream_init(wenc_text_encoder_stream *s)
{
    if (s == NULL)
        return WENC_INVALID_ARGUMENT;
    return wenc_encoder_init(&s->priv_encoder, WENC_UTF_8, WENC_ENCODER_FATAL);
}

wenc_status wenc_text_encoder_stream_encode(wenc_text_encoder_stream *s, const uint16_t *src,
                                            size_t *src_len, uint8_t *dst, size_t *dst_len)
{
    return wenc_encoder_encode_from_utf16(s != NULL ? &s->priv_encoder : NULL, src, src_len, dst,
                                          dst_len, false);
}

wenc_status wenc_text_encoder_stream_flush(wenc_text_encoder_stream *s, uint8_t *dst,
                                           size_t *dst_len)
{
    size_t none = 0;
    wenc_status st = wenc_encoder_encode_from_utf16(s != NULL ? &s->priv_encoder : NULL, NULL,
                                                    &none, dst, dst_len, true);
    if (st == WENC_OK)
        wenc_encoder_reset(&s->priv_encoder);
    return st;
}

size_t wenc_text_encoder_stream_max_length(const wenc_text_encoder_stream *s, size_t src_len)
{
    return s != NULL ? wenc_encoder_max_length_from_utf16(&s->priv_encoder, src_len) : 0;
}
