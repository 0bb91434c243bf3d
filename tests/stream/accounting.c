/* accounting.c -- replacement accounting (issue 28) against the fatal
** error modes.  A replacement-mode decoder's wenc_decoder_replacement_count()
** must equal the number of WENC_MALFORMED stops a fatal decoder makes on the
** same bytes, and wenc_decoder_first_replacement_offset() its first error
** offset; an html-mode encoder's wenc_encoder_unmappable_count() must equal
** the WENC_UNMAPPABLE stops of a fatal encoder, and the first offsets agree.
** The expectations come from the fatal modes (run in one call, resuming
** after each stop); the counted runs use every two-chunk split (short
** inputs), byte-by-byte calls and random splits with empty chunks, with
** output buffers of 1, 2, 3, 7 and many units.  Also the object-taking
** _alloc calls (one pass and two) and TextDecoder, in streaming calls and
** in one call (its short path).  Inputs are random (seeded; `--seed N`
** reproduces a run): tokens of random bytes, the encoding's own valid
** sequences and escape bytes. */
#include <wenc/wenc.h>

#include <inttypes.h>
#include <time.h>

#include "check.h"
#include "built.h"
#include "testutil.h"

enum { U8, U16, U32 };
static const char *const form_name[3] = {"UTF-8", "UTF-16", "UTF-32"};
static const size_t caps[] = {1, 2, 3, 7, 1 << 16};
#define NCAPS (sizeof caps / sizeof caps[0])

static tu_rng rng;
static unsigned failures_reported;

static void fail(const char *what, const uint8_t *in, size_t n)
{
    if (failures_reported++ >= 20)
        return;
    char hex[400];
    tu_fmt_bytes(hex, sizeof hex, in, n);
    printf("# FAIL %s\n#   input [%s]\n", what, hex);
}

/* ======================================================================== */
/* Decoders.                                                                 */

typedef struct {
    uint64_t count, first;
} expected;

/* The fatal decoder's stops on the whole input, in one call resumed after
** each stop. */
static expected fatal_decode(const wenc_encoding *enc, unsigned bom, const uint8_t *in, size_t n)
{
    static uint32_t out[1 << 14];
    expected x = {0, 0};
    wenc_decoder d;
    wenc_decoder_init(&d, enc, WENC_DECODER_FATAL | bom);
    size_t at = 0;
    for (;;) {
        size_t sl = n - at, dl = sizeof out / sizeof out[0];
        wenc_status st = wenc_decoder_decode_to_utf32(&d, tu_at(in, at), &sl, out, &dl, true);
        at += sl;
        if (st == WENC_MALFORMED) {
            if (x.count++ == 0)
                x.first = wenc_decoder_error_offset(&d);
            continue;
        }
        if (st == WENC_INPUT_EMPTY)
            return x;
    }
}

/* Decodes IN with D in replacement mode, split at BRK[0..NBRK) (increasing
** offsets), output buffers of CAP units in FORM.  False if a call broke the
** streaming contract (it then stops). */
static bool counted_decode(wenc_decoder *d, int form, const uint8_t *in, size_t n,
                           const size_t *brk, size_t nbrk, size_t cap)
{
    static uint32_t out[1 << 16];
    uint64_t before = 0;
    for (size_t k = 0; k <= nbrk; k++) {
        size_t from = k == 0 ? 0 : brk[k - 1], to = k == nbrk ? n : brk[k];
        bool last = k == nbrk;
        for (;;) {
            size_t sl = to - from, dl = cap;
            wenc_status st;
            if (form == U8)
                st = wenc_decoder_decode_to_utf8(d, tu_at(in, from), &sl, (uint8_t *)out, &dl, last);
            else if (form == U16)
                st = wenc_decoder_decode_to_utf16(d, tu_at(in, from), &sl, (uint16_t *)out, &dl, last);
            else
                st = wenc_decoder_decode_to_utf32(d, tu_at(in, from), &sl, out, &dl, last);
            from += sl;
            /* The count only grows. */
            uint64_t now = wenc_decoder_replacement_count(d);
            if (now < before)
                return false;
            before = now;
            if (st == WENC_INPUT_EMPTY)
                break;
            if (st != WENC_OUTPUT_FULL)
                return false;
        }
    }
    return true;
}

/* A split plan: where the chunks break. */
typedef struct {
    size_t brk[600];
    size_t nbrk;
} plan;

static void random_plan(plan *p, size_t n)
{
    size_t at = 0;
    p->nbrk = 0;
    while (p->nbrk < 500) {
        at += tu_rng_below(&rng, 8); /* 0: an empty chunk */
        if (at >= n)
            break;
        p->brk[p->nbrk++] = at;
    }
}

static void bytewise_plan(plan *p, size_t n)
{
    p->nbrk = 0;
    for (size_t i = 1; i < n && p->nbrk < 600; i++)
        p->brk[p->nbrk++] = i;
}

typedef struct {
    unsigned inputs, runs, failed;
} tally;

static void decoder_input(const wenc_encoding *enc, unsigned bom, const uint8_t *in, size_t n,
                          tally *t)
{
    char what[200];
    expected x = fatal_decode(enc, bom, in, n);
    t->inputs++;
    plan p;
    for (int form = U8; form <= U32; form++) {
        for (int how = 0; how < 4; how++) {
            /* 0: one call; 1: byte by byte; 2: random; 3: every two-chunk
            ** split (short inputs only). */
            size_t splits = how == 3 ? (n <= 24 ? n + 1 : 0) : 1;
            for (size_t s = 0; s < splits; s++) {
                if (how == 0 || how == 3)
                    p.nbrk = 0;
                if (how == 1)
                    bytewise_plan(&p, n);
                if (how == 2)
                    random_plan(&p, n);
                if (how == 3 && s > 0 && s < n)
                    p.brk[p.nbrk++] = s;
                for (size_t c = 0; c < NCAPS; c++) {
                    wenc_decoder d;
                    wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT | bom);
                    t->runs++;
                    bool ok = counted_decode(&d, form, in, n, p.brk, p.nbrk, caps[c]);
                    uint64_t got = wenc_decoder_replacement_count(&d);
                    uint64_t first = wenc_decoder_first_replacement_offset(&d);
                    if (!ok || got != x.count || first != x.first ||
                        wenc_decoder_error_offset(&d) != 0 || wenc_decoder_error_length(&d) != 0) {
                        t->failed++;
                        snprintf(what, sizeof what,
                                 "%s bom %u to %s, split %d/%zu, cap %zu: count %" PRIu64
                                 " first %" PRIu64 ", fatal stops %" PRIu64 " first %" PRIu64
                                 "%s",
                                 wenc_encoding_name(enc), bom, form_name[form], how, p.nbrk,
                                 caps[c], got, first, x.count, x.first,
                                 ok ? "" : " (contract broken)");
                        fail(what, in, n);
                    }
                }
            }
        }
    }

    /* The object-taking one-shot, on a fresh decoder. */
    wenc_decoder d;
    wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT | bom);
    size_t sl = n, ol = 0;
    uint16_t *o = NULL;
    wenc_status st = wenc_decoder_decode_to_utf16_alloc(&d, in, &sl, true, NULL, &o, &ol);
    wenc_free(NULL, o);
    if (st != WENC_OK || wenc_decoder_replacement_count(&d) != x.count ||
        wenc_decoder_first_replacement_offset(&d) != x.first) {
        t->failed++;
        snprintf(what, sizeof what, "%s bom %u, _alloc: count %" PRIu64 ", fatal %" PRIu64,
                 wenc_encoding_name(enc), bom, wenc_decoder_replacement_count(&d), x.count);
        fail(what, in, n);
    }
}

/* TextDecoder without `fatal`: against a fatal decoder that strips a BOM
** (TextDecoder's own rule differs from the decoder's only in where "BOM
** seen" is kept, which moves no error). */
static void text_decoder_input(const wenc_encoding *enc, const uint8_t *in, size_t n, tally *t)
{
    static uint8_t out[1 << 16];
    char what[200];
    expected x = fatal_decode(enc, WENC_DECODER_BOM_STRIP, in, n);
    wenc_text_decoder td;
    if (wenc_text_decoder_init_with_encoding(&td, enc, 0, NULL) != WENC_OK)
        return;
    for (int how = 0; how < 3; how++) {
        /* 0: one call (the short path for short UTF-8); 1: random chunks
        ** with stream, then the flush; 2: as 1 with a 3-byte buffer. */
        plan p;
        p.nbrk = 0;
        if (how != 0)
            random_plan(&p, n);
        size_t cap = how == 2 ? 3 : sizeof out;
        bool ok = true;
        for (size_t k = 0; k <= p.nbrk && ok; k++) {
            size_t from = k == 0 ? 0 : p.brk[k - 1], to = k == p.nbrk ? n : p.brk[k];
            bool stream = how != 0;
            for (;;) {
                size_t sl = to - from, dl = cap;
                wenc_status st =
                    wenc_text_decoder_decode_to_utf8(&td, tu_at(in, from), &sl, out, &dl, stream);
                from += sl;
                if (st == WENC_OK)
                    break;
                if (st != WENC_OUTPUT_FULL) {
                    ok = false;
                    break;
                }
            }
        }
        for (wenc_status st = WENC_OUTPUT_FULL; how != 0 && ok && st == WENC_OUTPUT_FULL;) {
            size_t sl = 0, dl = cap;
            st = wenc_text_decoder_decode_to_utf8(&td, NULL, &sl, out, &dl, false);
        }
        t->runs++;
        if (!ok || wenc_text_decoder_replacement_count(&td) != x.count ||
            wenc_text_decoder_first_replacement_offset(&td) != x.first) {
            t->failed++;
            snprintf(what, sizeof what,
                     "TextDecoder %s, way %d: count %" PRIu64 " first %" PRIu64
                     ", fatal stops %" PRIu64 " first %" PRIu64,
                     wenc_encoding_name(enc), how, wenc_text_decoder_replacement_count(&td),
                     wenc_text_decoder_first_replacement_offset(&td), x.count, x.first);
            fail(what, in, n);
        }
    }
    wenc_text_decoder_destroy(&td);
}

/* A random input for ENC: tokens of random bytes, ASCII, C1 and high
** bytes, escape-sequence pieces, and valid sequences (the encoding's own,
** from its encoder where it has one: expectations never come from it, it
** only makes inputs that are not all errors). */
static void make_input(const wenc_encoding *enc, size_t len, tu_bytes *out)
{
    static const uint8_t esc[][3] = {
        {0x1B, 0x24, 0x42}, {0x1B, 0x28, 0x42}, {0x1B, 0x28, 0x4A}, {0x1B, 0x28, 0x49},
        {0x1B, 0x24, 0x40}, {0xEF, 0xBB, 0xBF}, {0xFE, 0xFF, 0x00}, {0xFF, 0xFE, 0x41}};
    static const uint32_t cps[] = {0x41, 0xE9, 0x416, 0x3042, 0x4E00, 0x7E3A, 0xAC00,
                                   0xFF71, 0x20AC, 0x1F600, 0xFEFF, 0x5C, 0x7E, 0xA5};
    out->n = 0;
    while (out->n < len) {
        switch (tu_rng_below(&rng, 6)) {
        case 0:
            tu_bytes_push1(out, (uint8_t)tu_rng_next(&rng));
            break;
        case 1:
            tu_bytes_push1(out, (uint8_t)(0x80 + tu_rng_below(&rng, 0x80)));
            break;
        case 2:
            tu_bytes_push1(out, (uint8_t)(0x21 + tu_rng_below(&rng, 0x5E)));
            break;
        case 3:
            tu_bytes_push(out, esc[tu_rng_below(&rng, 8)], 1 + tu_rng_below(&rng, 3));
            break;
        default: {
            uint32_t cp = cps[tu_rng_below(&rng, sizeof cps / sizeof cps[0])];
            if (enc == WENC_UTF_16BE || enc == WENC_UTF_16LE) {
                uint16_t u[2];
                size_t k = cp >= 0x10000 ? 2 : 1;
                if (k == 2) {
                    u[0] = (uint16_t)(0xD7C0 + (cp >> 10));
                    u[1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                } else {
                    u[0] = (uint16_t)cp;
                }
                for (size_t i = 0; i < k; i++) {
                    uint8_t b[2] = {(uint8_t)(u[i] >> 8), (uint8_t)u[i]};
                    if (enc == WENC_UTF_16LE) {
                        uint8_t tmp = b[0];
                        b[0] = b[1];
                        b[1] = tmp;
                    }
                    tu_bytes_push(out, b, 2);
                }
                break;
            }
            wenc_encoder e;
            if (wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL) != WENC_OK)
                break;
            uint8_t b[16];
            size_t sl = 1, dl = sizeof b;
            if (wenc_encoder_encode_from_utf32(&e, &cp, &sl, b, &dl, true) == WENC_OK)
                tu_bytes_push(out, b, dl);
            break;
        }
        }
    }
}

/* ======================================================================== */
/* Encoders.                                                                 */

/* Code points as UTF-8, UTF-16 or UTF-32 units, with ill-formed input now
** and then (lone surrogates, invalid UTF-8, values above U+10FFFF). */
static void make_text(int form, size_t len, tu_bytes *out)
{
    static const uint32_t cps[] = {0x41, 0x0E, 0x1B, 0x5C, 0x7E, 0x80, 0xA5, 0xE9, 0x416, 0x3042,
                                   0x4E00, 0x20AC, 0xAC00, 0xFF71, 0xFFFD, 0xE000, 0x1F600,
                                   0x10FFFF, 0x2603, 0x203E};
    out->n = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t cp;
        switch (tu_rng_below(&rng, 5)) {
        case 0:
            cp = (uint32_t)tu_rng_below(&rng, 0x110000);
            break;
        case 1:
            cp = (uint32_t)tu_rng_below(&rng, 0x800);
            break;
        default:
            cp = cps[tu_rng_below(&rng, sizeof cps / sizeof cps[0])];
            break;
        }
        bool bad = tu_rng_below(&rng, 16) == 0;
        if (form == U8) {
            if (bad)
                tu_bytes_push1(out, (uint8_t)(0x80 + tu_rng_below(&rng, 0x80)));
            else if (cp < 0xD800 || cp > 0xDFFF)
                tu_put_utf8(out, cp);
        } else if (form == U16) {
            if (bad) {
                uint16_t u = (uint16_t)(0xD800 + tu_rng_below(&rng, 0x800));
                tu_bytes_push(out, &u, 2);
            } else if (cp < 0xD800 || cp > 0xDFFF) {
                tu_put_utf16(out, cp);
            }
        } else {
            if (bad)
                cp = tu_rng_below(&rng, 2) ? 0xD800 + (uint32_t)tu_rng_below(&rng, 0x800)
                                           : 0x110000 + (uint32_t)tu_rng_below(&rng, 1000);
            tu_put_utf32(out, cp);
        }
    }
}

static wenc_status encode_form(wenc_encoder *e, int form, const uint8_t *src, size_t *units,
                               uint8_t *dst, size_t *dl, bool last)
{
    if (form == U8)
        return wenc_encoder_encode_from_utf8(e, src, units, dst, dl, last);
    if (form == U16)
        return wenc_encoder_encode_from_utf16(e, (const uint16_t *)src, units, dst, dl, last);
    return wenc_encoder_encode_from_utf32(e, (const uint32_t *)src, units, dst, dl, last);
}

static void encoder_input(const wenc_encoding *enc, int form, const tu_bytes *text, tally *t)
{
    static uint8_t out[1 << 16];
    char what[200];
    const size_t us = form == U8 ? 1 : form == U16 ? 2 : 4, n = text->n / us;
    t->inputs++;

    /* The fatal encoder's stops, resumed after each. */
    expected x = {0, 0};
    wenc_encoder e;
    wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL);
    for (size_t at = 0;;) {
        size_t sl = n - at, dl = sizeof out;
        wenc_status st = encode_form(&e, form, tu_at(text->p, at * us), &sl, out, &dl, true);
        at += sl;
        if (st == WENC_UNMAPPABLE) {
            if (x.count++ == 0)
                x.first = wenc_encoder_error_offset(&e);
            continue;
        }
        if (st == WENC_INPUT_EMPTY)
            break;
    }

    for (int how = 0; how < 3; how++) {
        plan p;
        p.nbrk = 0;
        if (how == 1)
            bytewise_plan(&p, n);
        if (how == 2)
            random_plan(&p, n);
        for (size_t c = 0; c < NCAPS; c++) {
            wenc_encoder_init(&e, enc, WENC_ENCODER_HTML);
            bool ok = true;
            for (size_t k = 0; k <= p.nbrk && ok; k++) {
                size_t from = k == 0 ? 0 : p.brk[k - 1], to = k == p.nbrk ? n : p.brk[k];
                for (;;) {
                    size_t sl = to - from, dl = caps[c];
                    wenc_status st =
                        encode_form(&e, form, tu_at(text->p, from * us), &sl, out, &dl, k == p.nbrk);
                    from += sl;
                    if (st == WENC_INPUT_EMPTY)
                        break;
                    if (st != WENC_OUTPUT_FULL) {
                        ok = false;
                        break;
                    }
                }
            }
            t->runs++;
            if (!ok || wenc_encoder_unmappable_count(&e) != x.count ||
                wenc_encoder_first_unmappable_offset(&e) != x.first ||
                wenc_encoder_error_offset(&e) != 0 || wenc_encoder_error_code_point(&e) != 0) {
                t->failed++;
                snprintf(what, sizeof what,
                         "%s html from %s, split %d, cap %zu: count %" PRIu64 " first %" PRIu64
                         ", fatal stops %" PRIu64 " first %" PRIu64,
                         wenc_encoding_name(enc), form_name[form], how, caps[c],
                         wenc_encoder_unmappable_count(&e),
                         wenc_encoder_first_unmappable_offset(&e), x.count, x.first);
                fail(what, text->p, text->n);
            }
        }
    }

    if (form == U32)
        return;
    /* The object-taking one-shot. */
    wenc_encoder_init(&e, enc, WENC_ENCODER_HTML);
    size_t sl = n, ol = 0;
    uint8_t *o = NULL;
    wenc_status st = form == U8 ? wenc_encoder_encode_from_utf8_alloc(&e, text->p, &sl, true,
                                                                      NULL, &o, &ol)
                                : wenc_encoder_encode_from_utf16_alloc(
                                      &e, (const uint16_t *)text->p, &sl, true, NULL, &o, &ol);
    wenc_free(NULL, o);
    if (st != WENC_OK || wenc_encoder_unmappable_count(&e) != x.count ||
        wenc_encoder_first_unmappable_offset(&e) != x.first) {
        t->failed++;
        snprintf(what, sizeof what, "%s html from %s, _alloc: count %" PRIu64 ", fatal %" PRIu64,
                 wenc_encoding_name(enc), form_name[form], wenc_encoder_unmappable_count(&e),
                 x.count);
        fail(what, text->p, text->n);
    }
}

int main(int argc, char **argv)
{
    uint64_t seed = (uint64_t)time(NULL);
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
    printf("# seed %" PRIu64 " (accounting --seed %" PRIu64 " reproduces this run)\n", seed, seed);
    tu_rng_seed(&rng, seed);

    tu_bytes in = {0};
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (!built_or_skip(enc, "replacement accounting"))
            continue;
        tally t = {0, 0, 0};
        for (unsigned k = 0; k < 60; k++) {
            /* Short inputs get every split; every tenth is long (beyond
            ** the one-shot's 4 KiB scratch buffer and the short paths). */
            size_t len = k % 10 == 9 ? 2000 + tu_rng_below(&rng, 2000) : tu_rng_below(&rng, 40);
            make_input(enc, len, &in);
            static const unsigned boms[] = {WENC_DECODER_BOM_NONE, WENC_DECODER_BOM_SNIFF,
                                            WENC_DECODER_BOM_STRIP};
            decoder_input(enc, boms[k % 3], in.p, in.n, &t);
            if (enc != WENC_REPLACEMENT)
                text_decoder_input(enc, in.p, in.n, &t);
        }
        CHECK(t.failed == 0, "%s: decoder, TextDecoder replacement counts = fatal stops "
                             "(%u inputs, %u runs, %u failed)",
              wenc_encoding_name(enc), t.inputs, t.runs, t.failed);

        if (!wenc_encoding_has_encoder(enc))
            continue;
        t = (tally){0, 0, 0};
        for (unsigned k = 0; k < 60; k++) {
            size_t len = k % 10 == 9 ? 1500 + tu_rng_below(&rng, 1500) : tu_rng_below(&rng, 30);
            int form = (int)(k % 3);
            make_text(form, len, &in);
            encoder_input(enc, form, &in, &t);
        }
        CHECK(t.failed == 0, "%s: html encoder unmappable counts = fatal stops "
                             "(%u inputs, %u runs, %u failed)",
              wenc_encoding_name(enc), t.inputs, t.runs, t.failed);
    }
    tu_bytes_free(&in);
    return check_done();
}
