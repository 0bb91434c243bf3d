/* text_latin1.c -- wenc_text_decoder_decode_to_latin1 (wenc/latin1.h, issue
** 41): streaming equivalence for every encoding built, both error modes,
** ignoreBOM on and off.  A run is a series of decode() calls (random chunks,
** empty ones too, random {stream}, the last without it), each made of
** calls into random rooms (0, 1 and up) to one-byte strings; after each
** WENC_UNMAPPABLE the same decode() call goes on in UTF-16 or UTF-8 (whose
** first code point must then be above U+00FF) and comes back to one-byte
** output at random, across calls too.  Each decode() call's string,
** status, error offset and length and kept bytes are compared with
**   - a second text decoder given the same calls through
**     wenc_text_decoder_decode_to_utf16 with room for all of it, and
**   - a reference written from the standard's decode() steps (do not
**     flush, the queue, BOM seen, the U+FEFF dropped, a fatal error
**     keeping the queue's unread rest) on top of the core decoder's
**     decode_to_utf32, whose output and errors the decoders' own tests
**     prove.
** Inputs: random bytes (ASCII, high bytes, every encoding's bytes of every
** kind come from them), often after a UTF-8, UTF-16LE or UTF-16BE BOM, or
** two; seeded.  Every buffer is a heap block of exactly its size. */
#include <wenc/wenc.h>

#include "check.h"
#include "testutil.h"

#define MAXN 300

static tu_rng rng;

/* What one decode() call gave. */
typedef struct {
    tu_u32s cp;
    wenc_status st;
    uint64_t err_off;
    size_t err_len, unread;
} outcome;

/* ---------------------------------------------------------------------------
** The reference: decode(input, options), Encoding Standard "TextDecoder",
** steps 1-5 and "serialize I/O queue". */
typedef struct {
    const wenc_encoding *e;
    unsigned mode;
    bool ignore_bom, do_not_flush, bom_seen;
    wenc_decoder d;
    tu_bytes queue;
} model;

static void model_decode(model *m, const uint8_t *src, size_t n, bool stream, outcome *o)
{
    /* 1. A new decoder, an empty queue, BOM seen false. */
    if (!m->do_not_flush) {
        wenc_decoder_init(&m->d, m->e, m->mode);
        m->queue.n = 0;
        m->bom_seen = false;
    }
    /* 2. do not flush = stream; 3. the input joins the queue. */
    m->do_not_flush = stream;
    tu_bytes_push(&m->queue, src, n);
    /* 4-5. The decoder runs over the queue, to end-of-queue without
    ** stream. */
    size_t qn = m->queue.n, bound = wenc_decoder_max_utf32_length(&m->d, qn);
    uint32_t *cps = malloc((bound + 1) * sizeof *cps);
    size_t sl = qn, dl = bound;
    wenc_status st = wenc_decoder_decode_to_utf32(&m->d, qn ? m->queue.p : NULL, &sl, cps, &dl,
                                                  !stream);
    o->cp.n = 0;
    o->st = st;
    o->err_off = o->err_len = 0;
    if (st == WENC_MALFORMED) {
        /* The TypeError: the output is discarded, BOM seen unchanged, the
        ** queue keeps what was not read. */
        memmove(m->queue.p, m->queue.p + sl, qn - sl);
        m->queue.n = qn - sl;
        o->err_off = wenc_decoder_error_offset(&m->d);
        o->err_len = wenc_decoder_error_length(&m->d);
        o->unread = stream ? m->queue.n : 0;
        free(cps);
        return;
    }
    m->queue.n = 0;
    o->unread = 0;
    bool strips = !m->ignore_bom && (m->e == WENC_UTF_8 || m->e == WENC_UTF_16BE ||
                                     m->e == WENC_UTF_16LE);
    for (size_t i = 0; i < dl; i++) {
        /* serialize: the first code point is dropped if it is U+FEFF. */
        if (strips && !m->bom_seen) {
            m->bom_seen = true;
            if (cps[i] == 0xFEFF)
                continue;
        }
        tu_u32s_push1(&o->cp, cps[i]);
    }
    free(cps);
}

/* ---------------------------------------------------------------------------
** The calls under test. */

enum { LATIN1, UTF16, UTF8 };

/* Appends the code points of LEN units of FORM (well-formed, whole code
** points) to OUT; returns false if they are not. */
static bool append_units(int form, const void *units, size_t len, tu_u32s *out)
{
    if (form == LATIN1) {
        for (size_t k = 0; k < len; k++)
            tu_u32s_push1(out, ((const uint8_t *)units)[k]);
        return true;
    }
    if (form == UTF16) {
        const uint16_t *u = units;
        for (size_t k = 0; k < len; k++) {
            uint32_t c = u[k];
            if (c >= 0xD800 && c <= 0xDBFF && k + 1 < len && u[k + 1] >= 0xDC00 &&
                u[k + 1] <= 0xDFFF) {
                c = 0x10000 + ((c - 0xD800) << 10) + (u[++k] - 0xDC00u);
            } else if (c >= 0xD800 && c <= 0xDFFF) {
                return false;
            }
            tu_u32s_push1(out, c);
        }
        return true;
    }
    /* UTF-8: the decoder's output is well-formed by its own tests; here only
    ** whole sequences are read. */
    const uint8_t *b = units;
    for (size_t k = 0; k < len;) {
        uint32_t c = b[k];
        size_t need = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (c >= 0x80 && c < 0xC2)
            return false;
        if (k + need > len)
            return false;
        if (need > 1)
            c &= 0x3Fu >> (need - 1);
        for (size_t j = 1; j < need; j++) {
            if ((b[k + j] & 0xC0) != 0x80)
                return false;
            c = c << 6 | (b[k + j] & 0x3Fu);
        }
        k += need;
        tu_u32s_push1(out, c);
    }
    return true;
}

/* Whether the UTF-8 bytes B[0..N) end on a whole code point. */
static bool utf8_whole(const uint8_t *b, size_t n)
{
    size_t k = 0;
    while (k < n)
        k += b[k] < 0x80 ? 1 : b[k] < 0xE0 ? 2 : b[k] < 0xF0 ? 3 : 4;
    return k == n;
}

/* One decode() call of SRC[0..N) on TD through one-byte calls, going wide
** after each stop.  *FORM carries over between calls.  The wide output is
** gathered in WIDE and read as code points when a one-byte call writes
** again or the call ends (a text decoder's UTF-16 or UTF-8 call may end
** inside a code point: room smaller than it needs, after kept bytes).
** Returns NULL, or what went wrong. */
static const char *run_call(wenc_text_decoder *td, const uint8_t *src, size_t n, bool stream,
                            int *form, outcome *o)
{
    static tu_bytes wide;
    wide.n = 0;
    int wide_form = LATIN1;
    uint8_t *in = n ? malloc(n) : NULL;
    if (n)
        memcpy(in, src, n);
    o->cp.n = 0;
    size_t pos = 0;
    bool after_stop = false;
    const char *why = NULL;
    for (unsigned guard = 0;; guard++) {
        if (guard > 20000) {
            why = "no progress";
            break;
        }
        size_t sl = n - pos, dl;
        /* Any room, none at all included. */
        size_t room = tu_rng_below(&rng, 6) == 0   ? 0
                      : tu_rng_below(&rng, 3) == 0 ? 1
                                                   : 1 + tu_rng_below(&rng, 24);
        wenc_status st;
        const uint8_t *at = sl ? in + pos : NULL;
        if (*form == LATIN1) {
            uint8_t *dst = room ? malloc(room) : NULL;
            dl = room;
            st = wenc_text_decoder_decode_to_latin1(td, at, &sl, dst, &dl, stream);
            if (sl > n - pos || dl > room) {
                why = "decode_to_latin1: lengths out of range";
            } else if (dl > 0 && wide.n > 0) {
                if (!append_units(wide_form, wide.p, wide.n / (wide_form == UTF16 ? 2 : 1),
                                  &o->cp))
                    why = "one-byte output after part of a code point";
                wide.n = 0;
            }
            append_units(LATIN1, dst, dl, &o->cp);
            free(dst);
            if (why != NULL)
                break;
            if (st == WENC_UNMAPPABLE) {
                if (wide.n == 0)
                    *form = tu_rng_below(&rng, 3) == 0 ? UTF8 : UTF16;
                else
                    *form = wide_form; /* the rest of a pair */
                after_stop = true;
            }
        } else {
            size_t unit = *form == UTF16 ? 2 : 1;
            void *dst = room ? malloc(room * unit) : NULL;
            dl = room;
            st = *form == UTF16
                     ? wenc_text_decoder_decode_to_utf16(td, at, &sl, dst, &dl, stream)
                     : wenc_text_decoder_decode_to_utf8(td, at, &sl, dst, &dl, stream);
            if (wide.n > 0 && wide_form != *form)
                why = "a wide form changed inside a code point";
            else if (sl > n - pos || dl > room)
                why = "decode_to_utf16/utf8: lengths out of range";
            else if (after_stop && dl == 0 && st != WENC_OUTPUT_FULL)
                why = "after WENC_UNMAPPABLE, the wide call wrote nothing";
            else if (after_stop && dl > 0 &&
                     (*form == UTF16 ? ((uint16_t *)dst)[0] <= 0xFF
                                     : ((uint8_t *)dst)[0] < 0xC4 && wide.n == 0))
                why = "after WENC_UNMAPPABLE, the next code point is at most U+00FF";
            if (why == NULL) {
                tu_bytes_push(&wide, dst, dl * unit);
                wide_form = *form;
            }
            free(dst);
            if (why != NULL)
                break;
            if (dl > 0) {
                after_stop = false;
                /* Back to one-byte output, at random; from UTF-8 only
                ** after a whole code point. */
                if (tu_rng_below(&rng, 2) == 0 &&
                    (*form == UTF16 || utf8_whole(wide.p, wide.n)))
                    *form = LATIN1;
            }
        }
        pos += sl;
        if (st == WENC_OUTPUT_FULL || st == WENC_UNMAPPABLE)
            continue;
        if (after_stop) {
            why = "the call ended right after WENC_UNMAPPABLE";
            break;
        }
        if (pos != n) {
            why = "the call ended with input left";
            break;
        }
        if (!append_units(wide_form, wide.p, wide.n / (wide_form == UTF16 ? 2 : 1), &o->cp))
            why = "the call ended inside a code point";
        wide.n = 0;
        o->st = st;
        o->err_off = st == WENC_MALFORMED ? wenc_text_decoder_error_offset(td) : 0;
        o->err_len = st == WENC_MALFORMED ? wenc_text_decoder_error_length(td) : 0;
        o->unread = wenc_text_decoder_unread_length(td);
        break;
    }
    free(in);
    return why;
}

/* The same call through decode_to_utf16 with room for all of it. */
static void utf16_call(wenc_text_decoder *td, const uint8_t *src, size_t n, bool stream,
                       outcome *o)
{
    size_t room = wenc_text_decoder_max_utf16_length(td, n);
    uint16_t *dst = malloc((room + 1) * sizeof *dst);
    size_t sl = n, dl = room;
    o->st = wenc_text_decoder_decode_to_utf16(td, n ? src : NULL, &sl, dst, &dl, stream);
    o->cp.n = 0;
    append_units(UTF16, dst, dl, &o->cp);
    free(dst);
    o->err_off = o->st == WENC_MALFORMED ? wenc_text_decoder_error_offset(td) : 0;
    o->err_len = o->st == WENC_MALFORMED ? wenc_text_decoder_error_length(td) : 0;
    o->unread = wenc_text_decoder_unread_length(td);
}

/* The kept bytes are compared with the twin only: the reference's queue
** leaves out what its core decoder holds, and that differs. */
static bool same(const outcome *a, const outcome *b, bool twin)
{
    return a->st == b->st && a->err_off == b->err_off && a->err_len == b->err_len &&
           (!twin || a->unread == b->unread) &&
           (!(twin || a->st != WENC_MALFORMED) ||
            (a->cp.n == b->cp.n &&
             (a->cp.n == 0 || memcmp(a->cp.p, b->cp.p, a->cp.n * sizeof *a->cp.p) == 0)));
}

static const uint8_t boms[3][3] = {{0xEF, 0xBB, 0xBF}, {0xFF, 0xFE}, {0xFE, 0xFF}};

/* Returns NULL, or what went wrong (CALL is then the call's index). */
static const char *run(const wenc_encoding *e, unsigned options, const uint8_t *in, size_t n,
                       unsigned *call)
{
    wenc_text_decoder td, wide;
    if (wenc_text_decoder_init_with_encoding(&td, e, options, NULL) != WENC_OK ||
        wenc_text_decoder_init_with_encoding(&wide, e, options, NULL) != WENC_OK)
        return "init";
    model m = {e, (options & WENC_TEXT_DECODER_FATAL) ? WENC_DECODER_FATAL
                                                      : WENC_DECODER_REPLACEMENT,
               (options & WENC_TEXT_DECODER_IGNORE_BOM) != 0, false, false, {0}, {0}};
    static outcome got, want, ref;
    int form = LATIN1;
    size_t pos = 0;
    const char *why = NULL;
    for (*call = 0; why == NULL; ++*call) {
        size_t chunk = tu_rng_below(&rng, 4) == 0 ? 0 : 1 + tu_rng_below(&rng, 60);
        if (chunk > n - pos)
            chunk = n - pos;
        bool final = pos + chunk == n && tu_rng_below(&rng, 2) == 0;
        bool stream = final ? false : tu_rng_below(&rng, 4) != 0;
        const uint8_t *src = chunk ? in + pos : NULL;
        why = run_call(&td, src, chunk, stream, &form, &got);
        if (why != NULL)
            break;
        utf16_call(&wide, src, chunk, stream, &want);
        model_decode(&m, src, chunk, stream, &ref);
        if (!same(&got, &want, true))
            why = "differs from decode_to_utf16";
        else if (!same(&got, &ref, false))
            why = "differs from the reference";
        pos += chunk;
        if (final)
            break;
    }
    wenc_text_decoder_destroy(&td);
    wenc_text_decoder_destroy(&wide);
    tu_bytes_free(&m.queue);
    return why;
}

int main(int argc, char **argv)
{
    unsigned rounds = argc > 1 && strcmp(argv[1], "--long") == 0 ? 20 : 1;
    tu_rng_seed(&rng, 0x7E17A1);
    static uint8_t in[MAXN + 6];
    for (size_t ei = 0; wenc_encoding_at(ei) != NULL; ei++) {
        const wenc_encoding *e = wenc_encoding_at(ei);
        if (e == WENC_REPLACEMENT)
            continue; /* no text decoder for it */
        if (!wenc_encoding_is_built_in(e)) {
            check_skip("%s: not built in (-Dencodings)", wenc_encoding_name(e));
            continue;
        }
        for (unsigned options = 0; options < 4; options++) {
            unsigned long inputs = 0, failed = 0;
            for (unsigned k = 0; k < 60 * rounds; k++) {
                size_t n = 0;
                /* A BOM (or two) in front, half of the time. */
                for (unsigned b = 0; b < 2 && tu_rng_below(&rng, 2) == 0; b++) {
                    size_t which = tu_rng_below(&rng, 3), len = which == 0 ? 3 : 2;
                    memcpy(in + n, boms[which], len);
                    n += len;
                }
                size_t body = tu_rng_below(&rng, k < 10 ? 16 : MAXN);
                unsigned mix = k % 3;
                for (size_t i = 0; i < body; i++) {
                    bool high = mix == 0   ? tu_rng_below(&rng, 8) == 0
                                : mix == 1 ? tu_rng_below(&rng, 4) != 0
                                           : tu_rng_below(&rng, 2) == 0;
                    in[n++] =
                        (uint8_t)(high ? 0x80 + tu_rng_below(&rng, 128) : tu_rng_below(&rng, 128));
                }
                for (unsigned p = 0; p < 3; p++) {
                    inputs++;
                    unsigned call = 0;
                    const char *why = run(e, options, in, n, &call);
                    if (why != NULL && failed++ < 3) {
                        char hex[200];
                        tu_fmt_bytes(hex, sizeof hex, in, n < 60 ? n : 60);
                        printf("# %s options %u: call %u: %s [%s]\n", wenc_encoding_name(e),
                               options, call, why, hex);
                    }
                }
            }
            CHECK(failed == 0, "%s, %s%s: %lu runs of decode() calls to one-byte and back, "
                  "%lu failed", wenc_encoding_name(e),
                  (options & WENC_TEXT_DECODER_FATAL) ? "fatal" : "replacement",
                  (options & WENC_TEXT_DECODER_IGNORE_BOM) ? ", ignoreBOM" : "", inputs, failed);
        }
    }
    return check_done();
}
