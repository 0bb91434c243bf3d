/* hooks.c -- fuzz target for the calls of wenc/hooks.h, wenc/alloc.h and
** wenc/text.h apart from TextDecoder: the hooks
** for standards (UTF-8 decode and its variants, UTF-8 encode), the legacy
** hooks (BOM sniff, decode, encode, get an encoder, encode or fail), the
** one-shot *_alloc calls, TextEncoder's encode() and encodeInto(), and
** TextEncoderStream.  textdecoder.c covers TextDecoder.
**
** Input layout (docs/fuzzing.md):
**   byte 0  encoding: fuzz_encoding(byte) -- the fallback of "decode", the
**           target of "encode" and "encode or fail"
**   byte 1  bit 0: the text for the encoders is UTF-16LE units (else the
**           bytes as UTF-8); bit 1: run every *_alloc call once more with
**           an allocator that fails
**   then    the schedule (fuzz.h): chunks and rooms of the streaming forms,
**           and the destination sizes given to encodeInto()
**   then    the data: bytes to decode, and the text to encode.
**
** Every expectation comes from the streaming decoders and encoders (which
** decode.c and encode.c check, also against the reference model) or from
** the definitions (fuzz.h): each hook must be exactly the composition the
** standard defines.  *_alloc results must be exactly the output plus one
** zero unit, allocated once with the caller's allocator, and WENC_NO_MEMORY
** must leave *OUT NULL and *OUT_LEN 0. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
** Expectations from the core API. */

/* The output blocks the target hands to the library: one per unit size
** and input, freed at its end, handed out as their tails (fuzz.h), so that
** the dozen runs of an input (core decodes and encodes, streaming decodes,
** encode or fail, TextEncoderStream), each of many calls, cost three
** allocations, not one per run or per call.  (One per unit size, so that a
** tail is always aligned for its units.) */
static fuzz_room rooms[5]; /* by unit size: 1, 2 and 4 bytes */

/* Decodes S[0..N) with ENC and FLAGS in one call (resumed after errors) to
** code points; returns the number of errors and the first one's offset. */
static size_t core_decode(const wenc_encoding *enc, unsigned flags, const uint8_t *s, size_t n,
                          fuzz_buf *cps, uint64_t *first_error)
{
    wenc_decoder d;
    FUZZ_ASSERT(wenc_decoder_init(&d, enc, flags) == WENC_OK, "core decoder");
    size_t errors = 0, pos = 0;
    *first_error = 0;
    for (;;) {
        size_t bound = wenc_decoder_max_utf32_length(&d, n - pos);
        uint32_t *out = fuzz_room_tail(&rooms[4], bound * sizeof *out);
        size_t sl = n - pos, dl = bound;
        wenc_status st = wenc_decoder_decode_to_utf32(&d, s + pos, &sl, out, &dl, true);
        fuzz_buf_append(cps, out, dl);
        pos += sl;
        if (st == WENC_MALFORMED) {
            if (errors++ == 0)
                *first_error = wenc_decoder_error_offset(&d);
            continue;
        }
        FUZZ_ASSERT(st == WENC_INPUT_EMPTY, "core decode: %s", wenc_status_name(st));
        return errors;
    }
}

/* Encodes the text (FORM units) with ENC and FLAGS, resumed after errors;
** INSERT (if not 0) is written after each error, as an "encode or fail"
** caller writes its replacement.  Appends the bytes to OUT and the error
** code points to ERRS (uint32_t). */
static void core_encode(const wenc_encoding *enc, unsigned flags, int form, const void *src,
                        size_t n, uint8_t insert, fuzz_buf *out, fuzz_buf *errs)
{
    wenc_encoder e;
    FUZZ_ASSERT(wenc_encoder_init(&e, enc, flags) == WENC_OK, "core encoder");
    size_t unit = fuzz_form_unit[form], pos = 0;
    for (;;) {
        size_t bound = form == FUZZ_UTF8 ? wenc_encoder_max_length_from_utf8(&e, n - pos)
                                         : wenc_encoder_max_length_from_utf16(&e, n - pos);
        uint8_t *dst = fuzz_room_tail(&rooms[1], bound);
        size_t sl = n - pos, dl = bound;
        const void *at = src != NULL ? (const unsigned char *)src + pos * unit : NULL;
        wenc_status st = form == FUZZ_UTF8
                             ? wenc_encoder_encode_from_utf8(&e, at, &sl, dst, &dl, true)
                             : wenc_encoder_encode_from_utf16(&e, at, &sl, dst, &dl, true);
        fuzz_buf_append(out, dst, dl);
        pos += sl;
        if (st == WENC_UNMAPPABLE) {
            fuzz_buf_push_u32(errs, wenc_encoder_error_code_point(&e));
            if (insert != 0)
                fuzz_buf_append(out, &insert, 1);
            continue;
        }
        FUZZ_ASSERT(st == WENC_INPUT_EMPTY, "core encode: %s", wenc_status_name(st));
        return;
    }
}

/* ------------------------------------------------------------------------
** Checking *_alloc results. */

static fuzz_allocator alloc;
static bool try_failing;

/* OUT/LEN from a *_alloc call that returned ST: exactly one allocation of
** LEN + 1 units of UNIT bytes, the last one zero. */
static void check_alloc(wenc_status st, const void *out, size_t len, size_t unit,
                        unsigned long calls_before, const char *what)
{
    FUZZ_ASSERT(out != NULL, "%s: %s with no output", what, wenc_status_name(st));
    FUZZ_ASSERT(alloc.calls == calls_before + 1 || alloc.calls == calls_before + 2,
                "%s: %lu allocations", what, alloc.calls - calls_before);
    FUZZ_ASSERT(alloc.last_size == (len + 1) * unit,
                "%s: allocated %zu bytes for %zu units of %zu", what, alloc.last_size, len, unit);
    static const unsigned char zero[4];
    FUZZ_ASSERT(memcmp((const unsigned char *)out + len * unit, zero, unit) == 0,
                "%s: no terminating zero unit", what);
}

/* Compares a decode result (UNITS of FORM) with the code points WANT. */
static void same_text(int form, const void *units, size_t len, const fuzz_buf *want,
                      const char *what)
{
    fuzz_buf cps;
    fuzz_buf_init(&cps, sizeof(uint32_t));
    size_t bad = fuzz_units_to_cps(form, units, len, &cps, NULL);
    FUZZ_ASSERT(bad == SIZE_MAX, "%s: ill-formed %s output at %zu", what, fuzz_form_name[form],
                bad);
    if (cps.len != want->len ||
        (cps.len != 0 && memcmp(cps.p, want->p, cps.len * sizeof(uint32_t)) != 0)) {
        fuzz_dump_diff("expected", want, "got     ", &cps);
        fuzz_fail("%s: output differs", what);
    }
    fuzz_buf_free(&cps);
}

static void same_bytes(const void *got, size_t n, const fuzz_buf *want, const char *what)
{
    if (n != want->len || (n != 0 && memcmp(got, want->p, n) != 0)) {
        fuzz_buf g;
        fuzz_buf_init(&g, 1);
        fuzz_buf_append(&g, got, n);
        fuzz_dump_diff("expected", want, "got     ", &g);
        fuzz_buf_free(&g);
        fuzz_fail("%s: bytes differ", what);
    }
}

/* Feeds DATA to D in the schedule's chunks and rooms (a chunk is offered
** until it is consumed, as a real caller does), decoding to FORM, until the
** stream ends or an error; appends the output units to UNITS.  Returns the
** final status (WENC_INPUT_EMPTY or WENC_MALFORMED). */
static wenc_status stream_decode(wenc_decoder *d, int form, const uint8_t *data, size_t n,
                                 fuzz_schedule *sched, fuzz_buf *units, const char *what)
{
    size_t pos = 0;
    unsigned long calls = 0;
    wenc_status st;
    for (;;) {
        size_t clen = fuzz_schedule_chunk(sched, n - pos);
        bool last = pos + clen == n;
        size_t cpos = 0;
        for (;;) {
            FUZZ_ASSERT(++calls < 64ul * (n + 16), "%s makes no progress", what);
            size_t avail = clen - cpos;
            size_t bound = form == FUZZ_UTF8 ? wenc_decoder_max_utf8_length(d, avail)
                                             : wenc_decoder_max_utf16_length(d, avail);
            size_t room = fuzz_schedule_room(sched, bound);
            size_t unit = fuzz_form_unit[form];
            void *dst = fuzz_room_tail(&rooms[unit], room * unit);
            size_t sl = avail, dl = room;
            const uint8_t *at = avail ? data + pos + cpos : NULL;
            st = form == FUZZ_UTF8 ? wenc_decoder_decode_to_utf8(d, at, &sl, dst, &dl, last)
                                   : wenc_decoder_decode_to_utf16(d, at, &sl, dst, &dl, last);
            fuzz_buf_append(units, dst, dl);
            cpos += sl;
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                        "%s: OUTPUT_FULL with the advertised room", what);
            if (st == WENC_MALFORMED)
                goto done;
            if (st == WENC_OUTPUT_FULL)
                continue;
            FUZZ_ASSERT(st == WENC_INPUT_EMPTY && cpos == clen, "%s: %s", what,
                        wenc_status_name(st));
            break;
        }
        pos += clen;
        if (last)
            break;
    }
done:
    return st;
}

/* ------------------------------------------------------------------------
** UTF-8 decode, without BOM, without BOM or fail. */

typedef wenc_status (*utf8_hook8)(const uint8_t *, size_t, const wenc_allocator *, uint8_t **,
                                  size_t *);
typedef wenc_status (*utf8_hook16)(const uint8_t *, size_t, const wenc_allocator *,
                                   uint16_t **, size_t *);

static void check_utf8_hook(const char *name, utf8_hook8 to8, utf8_hook16 to16,
                            wenc_status (*init)(wenc_decoder *), const uint8_t *data, size_t n,
                            const fuzz_buf *want, bool fails, uint64_t fail_offset,
                            fuzz_schedule *sched)
{
    char what[96];
    for (int form = FUZZ_UTF8; form <= FUZZ_UTF16; form++) {
        snprintf(what, sizeof what, "%s to %s", name, fuzz_form_name[form]);
        void *out = (void *)1;
        size_t len = 7;
        unsigned long calls = alloc.calls;
        wenc_status st = form == FUZZ_UTF8
                             ? to8(data, n, &alloc.a, (uint8_t **)&out, &len)
                             : to16(data, n, &alloc.a, (uint16_t **)&out, &len);
        if (fails) {
            FUZZ_ASSERT(st == WENC_MALFORMED && out == NULL && len == 0,
                        "%s: %s, out %p, len %zu; the input is malformed", what,
                        wenc_status_name(st), out, len);
        } else {
            FUZZ_ASSERT(st == WENC_OK, "%s: %s", what, wenc_status_name(st));
            check_alloc(st, out, len, fuzz_form_unit[form], calls, what);
            same_text(form, out, len, want, what);
            wenc_free(&alloc.a, out);
        }
        if (try_failing) {
            alloc.fail = true;
            out = (void *)1;
            len = 7;
            st = form == FUZZ_UTF8 ? to8(data, n, &alloc.a, (uint8_t **)&out, &len)
                                   : to16(data, n, &alloc.a, (uint16_t **)&out, &len);
            alloc.fail = false;
            FUZZ_ASSERT((st == WENC_NO_MEMORY || (fails && st == WENC_MALFORMED)) &&
                            out == NULL && len == 0,
                        "%s with a failing allocator: %s", what, wenc_status_name(st));
        }
    }

    /* The streaming form, chunked as the schedule says. */
    snprintf(what, sizeof what, "%s, streaming", name);
    wenc_decoder d;
    FUZZ_ASSERT(init(&d) == WENC_OK, "%s init", what);
    FUZZ_ASSERT(init(NULL) == WENC_INVALID_ARGUMENT, "%s init(NULL)", what);
    fuzz_buf units;
    fuzz_buf_init(&units, 1);
    bool failed = stream_decode(&d, FUZZ_UTF8, data, n, sched, &units, what) == WENC_MALFORMED;
    if (failed)
        FUZZ_ASSERT(fails && wenc_decoder_error_offset(&d) == fail_offset,
                    "%s: MALFORMED at %llu", what,
                    (unsigned long long)wenc_decoder_error_offset(&d));
    FUZZ_ASSERT(failed == fails, "%s: %s", what, fails ? "no failure" : "failed");
    if (!fails)
        same_text(FUZZ_UTF8, units.p, units.len, want, what);
    fuzz_buf_free(&units);
}

/* ------------------------------------------------------------------------
** The target. */

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size < 2)
        return 0;
    fuzz_input in = {input, size};
    const wenc_encoding *enc = fuzz_encoding(fuzz_byte(&in));
    if (fuzz_left_out(enc))
        return 0; /* -Dencodings left it out */
    unsigned modes = fuzz_byte(&in);
    fuzz_schedule sched;
    fuzz_schedule_read(&sched, &in);
    const uint8_t *data = in.p;
    size_t n = in.n;
    bool text16 = modes & 1u;
    try_failing = (modes & 2u) != 0;
    fuzz_allocator_init(&alloc);
    fuzz_set_context("hooks, %s, text as %s, %zu bytes, %u schedule pairs%s",
                     wenc_encoding_name(enc), text16 ? "UTF-16" : "UTF-8", n, sched.count,
                     try_failing ? ", failing allocator too" : "");

    /* 1. UTF-8 decode and its variants. */
    {
        size_t skip = n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF ? 3 : 0;
        fuzz_buf with_bom, without, strict;
        fuzz_buf_init(&with_bom, sizeof(uint32_t));
        fuzz_buf_init(&without, sizeof(uint32_t));
        fuzz_buf_init(&strict, sizeof(uint32_t));
        uint64_t off, fail_off;
        core_decode(WENC_UTF_8, WENC_DECODER_REPLACEMENT, data, n, &without, &off);
        if (skip != 0)
            core_decode(WENC_UTF_8, WENC_DECODER_REPLACEMENT, data + skip, n - skip,
                        &with_bom, &off);
        else /* no BOM: the same input, the same decoder */
            fuzz_buf_append(&with_bom, without.p, without.len);
        bool fails = core_decode(WENC_UTF_8, WENC_DECODER_FATAL, data, n, &strict,
                                 &fail_off) != 0;
        check_utf8_hook("UTF-8 decode", wenc_utf8_decode_to_utf8_alloc,
                        wenc_utf8_decode_to_utf16_alloc, wenc_utf8_decode_init, data, n,
                        &with_bom, false, 0, &sched);
        check_utf8_hook("UTF-8 decode without BOM", wenc_utf8_decode_without_bom_to_utf8_alloc,
                        wenc_utf8_decode_without_bom_to_utf16_alloc,
                        wenc_utf8_decode_without_bom_init, data, n, &without, false, 0,
                        &sched);
        check_utf8_hook("UTF-8 decode without BOM or fail",
                        wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc,
                        wenc_utf8_decode_without_bom_or_fail_to_utf16_alloc,
                        wenc_utf8_decode_without_bom_or_fail_init, data, n, &without, fails,
                        fail_off, &sched);
        fuzz_buf_free(&with_bom);
        fuzz_buf_free(&without);
        fuzz_buf_free(&strict);
    }

    /* 2. BOM sniff and decode (legacy hooks). */
    {
        const wenc_encoding *bom = NULL;
        size_t bom_len = 0;
        if (n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
            bom = WENC_UTF_8, bom_len = 3;
        else if (n >= 2 && data[0] == 0xFE && data[1] == 0xFF)
            bom = WENC_UTF_16BE, bom_len = 2;
        else if (n >= 2 && data[0] == 0xFF && data[1] == 0xFE)
            bom = WENC_UTF_16LE, bom_len = 2;
        size_t got_len = 99;
        FUZZ_ASSERT(wenc_bom_sniff(data, n < 3 ? n : 3, &got_len) == bom && got_len == bom_len,
                    "BOM sniff");
        FUZZ_ASSERT(wenc_bom_sniff(data, n, NULL) == bom, "BOM sniff, whole input");
        const wenc_encoding *used_want = bom != NULL ? bom : enc;
        fuzz_buf want;
        fuzz_buf_init(&want, sizeof(uint32_t));
        uint64_t off;
        core_decode(used_want, WENC_DECODER_REPLACEMENT, data + bom_len, n - bom_len, &want,
                    &off);
        for (int form = FUZZ_UTF8; form <= FUZZ_UTF16; form++) {
            void *out = NULL;
            size_t len = 0;
            const wenc_encoding *used = NULL;
            unsigned long calls = alloc.calls;
            wenc_status st =
                form == FUZZ_UTF8
                    ? wenc_decode_to_utf8_alloc(data, n, enc, &alloc.a, (uint8_t **)&out, &len,
                                                &used)
                    : wenc_decode_to_utf16_alloc(data, n, enc, &alloc.a, (uint16_t **)&out,
                                                 &len, &used);
            FUZZ_ASSERT(st == WENC_OK && used == used_want, "decode hook: %s, used %s",
                        wenc_status_name(st), used ? wenc_encoding_name(used) : "NULL");
            check_alloc(st, out, len, fuzz_form_unit[form], calls, "decode hook");
            same_text(form, out, len, &want, "decode hook");
            wenc_free(&alloc.a, out);
            if (try_failing) {
                alloc.fail = true;
                out = (void *)1;
                len = 7;
                st = form == FUZZ_UTF8 ? wenc_decode_to_utf8_alloc(data, n, enc, &alloc.a,
                                                                   (uint8_t **)&out, &len, NULL)
                                       : wenc_decode_to_utf16_alloc(data, n, enc, &alloc.a,
                                                                    (uint16_t **)&out, &len,
                                                                    NULL);
                alloc.fail = false;
                FUZZ_ASSERT(st == WENC_NO_MEMORY && out == NULL && len == 0,
                            "decode hook, failing allocator: %s", wenc_status_name(st));
            }
        }
        /* Streaming: the BOM may arrive split across chunks. */
        wenc_decoder d;
        FUZZ_ASSERT(wenc_decode_init(&d, enc) == WENC_OK, "wenc_decode_init");
        fuzz_buf units;
        fuzz_buf_init(&units, 2);
        FUZZ_ASSERT(stream_decode(&d, FUZZ_UTF16, data, n, &sched, &units,
                                  "streaming decode hook") == WENC_INPUT_EMPTY,
                    "streaming decode hook: MALFORMED");
        FUZZ_ASSERT(wenc_decoder_encoding(&d) == used_want, "streaming decode hook: encoding");
        same_text(FUZZ_UTF16, units.p, units.len, &want, "streaming decode hook");
        fuzz_buf_free(&units);
        fuzz_buf_free(&want);
    }

    /* The text for the encoders: the bytes as UTF-8, or as UTF-16LE units. */
    int form = text16 ? FUZZ_UTF16 : FUZZ_UTF8;
    fuzz_buf text;
    fuzz_buf_init(&text, fuzz_form_unit[form]);
    if (text16) {
        for (size_t i = 0; i + 1 < n; i += 2) {
            uint16_t u = (uint16_t)(data[i] | data[i + 1] << 8);
            fuzz_buf_append(&text, &u, 1);
        }
    } else {
        fuzz_buf_append(&text, data, n);
    }
    size_t tlen = text.len;
    /* The standard's reading of it, and its UTF-8 encode. */
    fuzz_buf xs, utf8;
    fuzz_buf_init(&xs, sizeof(fuzz_scalar));
    fuzz_buf_init(&utf8, 1);
    fuzz_scalars(form, text.p, tlen, &xs);
    for (size_t j = 0; j < xs.len; j++)
        fuzz_put_cp(FUZZ_UTF8, FUZZ_BUF_AT(&xs, fuzz_scalar, j).cp, &utf8);

    /* 3. UTF-8 encode. */
    {
        uint8_t *out = NULL;
        size_t len = 0;
        unsigned long calls = alloc.calls;
        const uint16_t *t16 = (const uint16_t *)(const void *)text.p;
        wenc_status st = text16
                             ? wenc_utf8_encode_from_utf16_alloc(t16, tlen, &alloc.a, &out, &len)
                             : wenc_utf8_encode_from_utf8_alloc(text.p, tlen, &alloc.a, &out,
                                                                &len);
        FUZZ_ASSERT(st == WENC_OK, "UTF-8 encode: %s", wenc_status_name(st));
        check_alloc(st, out, len, 1, calls, "UTF-8 encode");
        same_bytes(out, len, &utf8, "UTF-8 encode");
        wenc_free(&alloc.a, out);
        wenc_encoder e;
        FUZZ_ASSERT(wenc_utf8_encode_init(&e) == WENC_OK && wenc_encoder_encoding(&e) == WENC_UTF_8,
                    "wenc_utf8_encode_init");
    }

    /* 4. encode (html mode), get an encoder, encode or fail. */
    {
        const wenc_encoding *target = enc;
        wenc_encoder e;
        if (!wenc_encoding_has_encoder(enc)) {
            uint8_t *out = (uint8_t *)1;
            size_t len = 7;
            FUZZ_ASSERT(wenc_encode_from_utf8_alloc(text.p, text16 ? 0 : tlen, enc, &alloc.a,
                                                    &out, &len) == WENC_NO_ENCODER &&
                            out == NULL && len == 0,
                        "encode hook into %s", wenc_encoding_name(enc));
            FUZZ_ASSERT(wenc_get_encoder(&e, enc) == WENC_NO_ENCODER, "get an encoder");
            target = wenc_get_output_encoding(enc);
            FUZZ_ASSERT(target == WENC_UTF_8, "get an output encoding");
        }
        fuzz_buf html, errs;
        fuzz_buf_init(&html, 1);
        fuzz_buf_init(&errs, sizeof(uint32_t));
        core_encode(target, WENC_ENCODER_HTML, form, text.p, tlen, 0, &html, &errs);
        uint8_t *out = NULL;
        size_t len = 0;
        unsigned long calls = alloc.calls;
        wenc_status st =
            text16 ? wenc_encode_from_utf16_alloc((const uint16_t *)(const void *)text.p, tlen,
                                                  target, &alloc.a, &out, &len)
                   : wenc_encode_from_utf8_alloc(text.p, tlen, target, &alloc.a, &out, &len);
        FUZZ_ASSERT(st == WENC_OK, "encode hook: %s", wenc_status_name(st));
        check_alloc(st, out, len, 1, calls, "encode hook");
        same_bytes(out, len, &html, "encode hook");
        wenc_free(&alloc.a, out);
        if (try_failing) {
            alloc.fail = true;
            out = (uint8_t *)1;
            len = 7;
            st = wenc_encode_from_utf8_alloc(text.p, text16 ? 0 : tlen, target, &alloc.a, &out,
                                             &len);
            alloc.fail = false;
            FUZZ_ASSERT(st == WENC_NO_MEMORY && out == NULL && len == 0,
                        "encode hook, failing allocator: %s", wenc_status_name(st));
        }
        fuzz_buf_free(&html);

        /* encode or fail: one encoder across calls; the caller writes '?'
        ** after each failure.  Alternate the buffer and _alloc forms. */
        fuzz_buf want, got;
        fuzz_buf_init(&want, 1);
        fuzz_buf_init(&got, 1);
        fuzz_buf_clear(&errs);
        core_encode(target, WENC_ENCODER_FATAL, form, text.p, tlen, '?', &want, &errs);
        FUZZ_ASSERT(wenc_get_encoder(&e, target) == WENC_OK, "get an encoder");
        size_t pos = 0, unit = fuzz_form_unit[form], k = 0;
        for (unsigned round = 0;; round++) {
            FUZZ_ASSERT(round <= tlen + 64ul * 16, "encode or fail makes no progress");
            const void *at = text.p ? text.p + pos * unit : NULL;
            size_t sl = tlen - pos;
            uint32_t cp = 12345;
            if (round & 1) {
                uint8_t *o = NULL;
                size_t ol = 0;
                st = text16 ? wenc_encode_or_fail_from_utf16_alloc(&e, at, &sl, &alloc.a, &o,
                                                                   &ol, &cp)
                            : wenc_encode_or_fail_from_utf8_alloc(&e, at, &sl, &alloc.a, &o, &ol,
                                                                  &cp);
                FUZZ_ASSERT(o != NULL, "encode or fail (alloc): %s without output",
                            wenc_status_name(st));
                fuzz_buf_append(&got, o, ol);
                wenc_free(&alloc.a, o);
            } else {
                /* A buffer of the size the schedule says; OUTPUT_FULL means
                ** call again with the rest. */
                size_t bound = text16 ? wenc_encoder_max_length_from_utf16(&e, sl)
                                      : wenc_encoder_max_length_from_utf8(&e, sl);
                size_t room = fuzz_schedule_room(&sched, bound);
                uint8_t *dst = fuzz_room_tail(&rooms[1], room);
                size_t dl = room;
                st = text16 ? wenc_encode_or_fail_from_utf16(&e, at, &sl, dst, &dl, &cp)
                            : wenc_encode_or_fail_from_utf8(&e, at, &sl, dst, &dl, &cp);
                fuzz_buf_append(&got, dst, dl);
                FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                            "encode or fail: OUTPUT_FULL with the advertised room");
            }
            pos += sl;
            if (st == WENC_OUTPUT_FULL)
                continue;
            if (st == WENC_UNMAPPABLE) {
                FUZZ_ASSERT(k < errs.len && cp == FUZZ_BUF_AT(&errs, uint32_t, k),
                            "encode or fail: error %zu is U+%04lX", k, (unsigned long)cp);
                k++;
                fuzz_buf_append(&got, "?", 1);
                continue;
            }
            FUZZ_ASSERT(st == WENC_OK && cp == 0 && pos == tlen, "encode or fail: %s",
                        wenc_status_name(st));
            break;
        }
        FUZZ_ASSERT(k == errs.len, "encode or fail: %zu errors, expected %zu", k, errs.len);
        same_bytes(got.p, got.len, &want, "encode or fail, with '?' after each error");
        fuzz_buf_free(&want);
        fuzz_buf_free(&got);
        fuzz_buf_free(&errs);
    }

    /* 5. TextEncoder: encode(), encodeInto(), and TextEncoderStream, on the
    ** data as UTF-16 (a JavaScript string). */
    {
        fuzz_buf u16, xs16, want;
        fuzz_buf_init(&u16, 2);
        fuzz_buf_init(&xs16, sizeof(fuzz_scalar));
        fuzz_buf_init(&want, 1);
        for (size_t i = 0; i + 1 < n; i += 2) {
            uint16_t u = (uint16_t)(data[i] | data[i + 1] << 8);
            fuzz_buf_append(&u16, &u, 1);
        }
        const uint16_t *src = (const uint16_t *)(const void *)u16.p;
        size_t ulen = u16.len;
        fuzz_scalars(FUZZ_UTF16, src, ulen, &xs16);
        for (size_t j = 0; j < xs16.len; j++)
            fuzz_put_cp(FUZZ_UTF8, FUZZ_BUF_AT(&xs16, fuzz_scalar, j).cp, &want);

        FUZZ_ASSERT(strcmp(wenc_text_encoder_encoding_name(), "utf-8") == 0, "encoding");
        FUZZ_ASSERT(wenc_text_encoder_encoded_length(src, ulen) == (src ? want.len : 0),
                    "encoded_length %zu, expected %zu",
                    wenc_text_encoder_encoded_length(src, ulen), want.len);
        /* encode() into a buffer of the schedule's size: all or nothing. */
        size_t room = fuzz_schedule_room(&sched, want.len);
        uint8_t *dst = fuzz_xmalloc(room + 1);
        memset(dst, 0xA5, room + 1);
        size_t dl = room;
        wenc_status st = wenc_text_encoder_encode(src, ulen, room ? dst : NULL, &dl);
        if (room >= want.len) {
            FUZZ_ASSERT(st == WENC_OK, "TextEncoder encode: %s", wenc_status_name(st));
            same_bytes(dst, dl, &want, "TextEncoder encode");
        } else {
            FUZZ_ASSERT(st == WENC_OUTPUT_FULL && dl == want.len,
                        "TextEncoder encode, room %zu of %zu: %s, %zu", room, want.len,
                        wenc_status_name(st), dl);
            for (size_t i = 0; i <= room; i++)
                FUZZ_ASSERT(dst[i] == 0xA5, "TextEncoder encode wrote into a short buffer");
        }
        free(dst);
        uint8_t *out = NULL;
        size_t len = 0;
        unsigned long calls = alloc.calls;
        st = wenc_text_encoder_encode_alloc(src, ulen, &alloc.a, &out, &len);
        FUZZ_ASSERT(st == WENC_OK, "encode_alloc: %s", wenc_status_name(st));
        check_alloc(st, out, len, 1, calls, "TextEncoder encode_alloc");
        same_bytes(out, len, &want, "TextEncoder encode_alloc");
        wenc_free(&alloc.a, out);

        /* encodeInto(): scalar values while all their bytes fit. */
        for (int round = 0; round < 3; round++) {
            size_t cap = fuzz_schedule_room(&sched, want.len);
            if (round == 2)
                cap = want.len;
            size_t read_want = 0, written_want = 0;
            for (size_t j = 0; j < xs16.len; j++) {
                uint32_t cp = FUZZ_BUF_AT(&xs16, fuzz_scalar, j).cp;
                size_t b = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                if (written_want + b > cap)
                    break;
                written_want += b;
                read_want += cp >= 0x10000 ? 2 : 1;
            }
            dst = fuzz_xmalloc(cap + 1);
            memset(dst, 0xA5, cap + 1);
            size_t rd = 99, wr = 99;
            st = wenc_text_encoder_encode_into(src, ulen, cap ? dst : NULL, cap, &rd, &wr);
            FUZZ_ASSERT(rd == read_want && wr == written_want,
                        "encodeInto(%zu bytes): read %zu written %zu, expected %zu %zu", cap, rd,
                        wr, read_want, written_want);
            FUZZ_ASSERT(st == (read_want == ulen ? WENC_OK : WENC_OUTPUT_FULL),
                        "encodeInto status %s", wenc_status_name(st));
            FUZZ_ASSERT(wr == 0 || memcmp(dst, want.p, wr) == 0, "encodeInto bytes");
            for (size_t i = wr; i <= cap; i++)
                FUZZ_ASSERT(dst[i] == 0xA5, "encodeInto touched byte %zu past written %zu", i,
                            wr);
            free(dst);
        }

        /* TextEncoderStream: chunks split anywhere (surrogate pairs too). */
        wenc_text_encoder_stream s;
        FUZZ_ASSERT(wenc_text_encoder_stream_init(&s) == WENC_OK, "stream init");
        fuzz_buf got;
        fuzz_buf_init(&got, 1);
        size_t pos = 0;
        for (bool done = false; !done;) {
            size_t clen = fuzz_schedule_chunk(&sched, ulen - pos);
            size_t cpos = 0;
            for (unsigned long calls2 = 0;; calls2++) {
                FUZZ_ASSERT(calls2 < 64ul * (clen + 16), "TextEncoderStream makes no progress");
                size_t bound = wenc_text_encoder_stream_max_length(&s, clen - cpos);
                size_t r = fuzz_schedule_room(&sched, bound);
                uint8_t *o = fuzz_room_tail(&rooms[1], r);
                size_t sl = clen - cpos, ol = r;
                st = wenc_text_encoder_stream_encode(&s, sl ? src + pos + cpos : NULL, &sl, o,
                                                     &ol);
                fuzz_buf_append(&got, o, ol);
                cpos += sl;
                FUZZ_ASSERT(st == WENC_OK || (st == WENC_OUTPUT_FULL && r < bound),
                            "TextEncoderStream: %s with room %zu of %zu", wenc_status_name(st),
                            r, bound);
                if (st == WENC_OK) {
                    FUZZ_ASSERT(cpos == clen, "TextEncoderStream: chunk not consumed");
                    break;
                }
            }
            pos += clen;
            done = pos == ulen;
        }
        for (unsigned long calls2 = 0;; calls2++) {
            FUZZ_ASSERT(calls2 < 64, "TextEncoderStream flush makes no progress");
            size_t bound = wenc_text_encoder_stream_max_length(&s, 0);
            size_t r = fuzz_schedule_room(&sched, bound);
            uint8_t *o = fuzz_room_tail(&rooms[1], r);
            size_t ol = r;
            st = wenc_text_encoder_stream_flush(&s, o, &ol);
            fuzz_buf_append(&got, o, ol);
            if (st == WENC_OK)
                break;
            FUZZ_ASSERT(st == WENC_OUTPUT_FULL && r < bound, "flush: %s", wenc_status_name(st));
        }
        same_bytes(got.p, got.len, &want, "TextEncoderStream");
        fuzz_buf_free(&got);
        fuzz_buf_free(&u16);
        fuzz_buf_free(&xs16);
        fuzz_buf_free(&want);
    }

    fuzz_buf_free(&text);
    fuzz_buf_free(&xs);
    fuzz_buf_free(&utf8);
    for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++)
        fuzz_room_free(&rooms[i]);
    FUZZ_ASSERT(alloc.live == 0, "%ld blocks from the caller's allocator not freed", alloc.live);
    return 0;
}
