/* decode.c -- fuzz target for every decoder through wenc/decoder.h: both
** error modes, every BOM mode, all three output forms, with the input also
** choosing how it is split into calls and how big each output buffer is.
**
** Input layout (docs/fuzzing.md):
**   byte 0  encoding: wenc_encoding_at(byte % WENC_ENCODING_COUNT)
**   byte 1  bit 0: fatal; bits 1-2: BOM mode (0 none, 1 sniff, 2 strip,
**           3 none); bits 3-4: output form of the streaming run (0 UTF-8,
**           1 UTF-16, 2 UTF-32, 3 UTF-8)
**   byte 2  bits 0-3: fork the decoder (memcpy) after that many calls of the
**           streaming run (0: never); bit 4: end the stream with an extra
**           empty call instead of setting `last` on the final chunk
**   then    the schedule (fuzz.h), then the bytes to decode.
**
** Invariants checked, beyond "no crash, no out-of-bounds access":
** - the output of every run is valid UTF-8 / UTF-16 / UTF-32 (no
**   surrogates, nothing above U+10FFFF, nothing overlong or truncated);
** - the three output forms give the same code points and the same errors;
** - the streaming run (any split, any buffer sizes, forked midway) gives
**   the same output and errors as one call with everything;
** - a buffer of wenc_decoder_max_*_length() units never gives OUTPUT_FULL,
**   nothing is written past the room given, and any room >= 1 makes
**   progress;
** - fatal mode, resumed after each error, gives replacement mode's output
**   with each error in place of a U+FFFD;
** - each error's span is sound: decoding (replacement mode) the input up
**   to the span's end gives the output before its U+FFFD plus that U+FFFD
**   (for the errors where that is sound, see check_errors());
** - with the reference model (fuzz.h; every short input, a sample of the
**   long ones), the output and every error's offset and length are the
**   model's, a transcription of the standard;
** - BOM sniffing equals decoding the rest with the BOM's encoding, BOM
**   stripping equals dropping a leading U+FEFF of UTF-8/UTF-16 output;
** - positions add up, and a reset or finished decoder decodes the same
**   input again identically;
** - decoding to one-byte strings (wenc/latin1.h), split and sized as the
**   streaming run is (its own pass over the schedule) and going on in
**   UTF-16 (UTF-8 when the streaming run's form is UTF-8) after each
**   WENC_UNMAPPABLE, back to one-byte as soon as a code point is whole,
**   gives the same code points and errors, each stop before a code point
**   above U+00FF. */
#include "fuzz.h"
#include "ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dec_error {
    uint64_t offset;
    size_t length;
    size_t at; /* output position: in units while running, then code points */
} dec_error;

typedef struct dec_run {
    fuzz_buf units;  /* output units of the run's form */
    fuzz_buf errors; /* dec_error */
    fuzz_buf cps;    /* the output as code points */
    int form;
} dec_run;

static void run_init(dec_run *r, int form)
{
    fuzz_buf_init(&r->units, fuzz_form_unit[form]);
    fuzz_buf_init(&r->errors, sizeof(dec_error));
    fuzz_buf_init(&r->cps, sizeof(uint32_t));
    r->form = form;
}

static void run_free(dec_run *r)
{
    fuzz_buf_free(&r->units);
    fuzz_buf_free(&r->errors);
    fuzz_buf_free(&r->cps);
}

static wenc_status decode_call(wenc_decoder *d, int form, const uint8_t *src, size_t *src_len,
                               void *dst, size_t *dst_len, bool last)
{
    if (form == FUZZ_UTF8)
        return wenc_decoder_decode_to_utf8(d, src, src_len, dst, dst_len, last);
    if (form == FUZZ_UTF16)
        return wenc_decoder_decode_to_utf16(d, src, src_len, dst, dst_len, last);
    return wenc_decoder_decode_to_utf32(d, src, src_len, dst, dst_len, last);
}

static size_t max_units(const wenc_decoder *d, int form, size_t n)
{
    size_t bound;
    if (form == FUZZ_UTF8)
        bound = wenc_decoder_max_utf8_length(d, n);
    else if (form == FUZZ_UTF16)
        bound = wenc_decoder_max_utf16_length(d, n);
    else
        bound = wenc_decoder_max_utf32_length(d, n);
    /* The bounds are linear in n with small constants (decoder.h). */
    FUZZ_ASSERT(bound >= n && bound <= 3 * n + 64, "max length %zu for %zu bytes", bound, n);
    return bound;
}

static void record_error(const wenc_decoder *d, dec_run *r)
{
    dec_error e = {wenc_decoder_error_offset(d), wenc_decoder_error_length(d), r->units.len};
    fuzz_buf_append(&r->errors, &e, 1);
}

/* The output blocks of the one-call runs: one per form and input (freed at
** its end), handed out as their tails (fuzz.h), so that the ten or so runs
** of an input cost one allocation per form, not one each.  (One per form,
** so that a tail is always aligned for its units.) */
static fuzz_room whole_room[FUZZ_FORMS];

/* Decodes DATA[0..N) with D (initialised by the caller) in one call with
** the advertised room, calling again after each error.  BASE is D's
** position on entry. */
static void decode_whole(wenc_decoder *d, int form, const uint8_t *data, size_t n, dec_run *r)
{
    uint64_t base = wenc_decoder_position(d);
    size_t pos = 0;
    for (unsigned iter = 0;; iter++) {
        FUZZ_ASSERT(iter <= n + 2, "one-shot decoding makes no progress");
        size_t avail = n - pos;
        size_t bound = max_units(d, form, avail);
        void *dst = fuzz_room_tail(&whole_room[form], bound * fuzz_form_unit[form]);
        size_t src_len = avail, dst_len = bound;
        wenc_status st = decode_call(d, form, data + pos, &src_len, dst, &dst_len, true);
        FUZZ_ASSERT(src_len <= avail && dst_len <= bound, "one-shot: consumed %zu of %zu, "
                    "wrote %zu of %zu", src_len, avail, dst_len, bound);
        fuzz_buf_append(&r->units, dst, dst_len);
        pos += src_len;
        FUZZ_ASSERT(wenc_decoder_position(d) == base + pos, "position %llu, expected %llu",
                    (unsigned long long)wenc_decoder_position(d),
                    (unsigned long long)(base + pos));
        if (st == WENC_MALFORMED) {
            record_error(d, r);
            continue;
        }
        FUZZ_ASSERT(st == WENC_INPUT_EMPTY, "one-shot with room %zu (the advertised bound) "
                    "returned %s", bound, wenc_status_name(st));
        FUZZ_ASSERT(pos == n, "INPUT_EMPTY with %zu of %zu bytes consumed", pos, n);
        return;
    }
}

static void init_decoder(wenc_decoder *d, const wenc_encoding *enc, unsigned flags)
{
    wenc_status st = wenc_decoder_init(d, enc, flags);
    FUZZ_ASSERT(st == WENC_OK, "init: %s", wenc_status_name(st));
    FUZZ_ASSERT(wenc_decoder_position(d) == 0 && wenc_decoder_error_offset(d) == 0 &&
                    wenc_decoder_error_length(d) == 0 && wenc_decoder_encoding(d) == enc,
                "fresh decoder state");
}

/* One call with everything (resumed after each error) by a fresh decoder;
** the decoder is left in *KEEP when KEEP is not NULL (the reuse checks go
** on with it instead of decoding the input once more). */
static void oneshot_keep(const wenc_encoding *enc, unsigned flags, int form,
                         const uint8_t *data, size_t n, dec_run *r, wenc_decoder *keep)
{
    wenc_decoder d;
    init_decoder(&d, enc, flags);
    decode_whole(&d, form, data, n, r);
    if (keep != NULL)
        *keep = d;
}

static void oneshot(const wenc_encoding *enc, unsigned flags, int form, const uint8_t *data,
                    size_t n, dec_run *r)
{
    oneshot_keep(enc, flags, form, data, n, r, NULL);
}

/* The streaming run: chunks, rooms and the fork come from the header. */
static void streaming(const wenc_encoding *enc, unsigned flags, int form, const uint8_t *data,
                      size_t n, fuzz_schedule *s, unsigned fork_at, bool empty_last,
                      dec_run *r)
{
    wenc_decoder *d = fuzz_xmalloc(sizeof *d);
    init_decoder(d, enc, flags);
    size_t unit = fuzz_form_unit[form];
    size_t pos = 0;
    unsigned long calls = 0, limit = 64ul * (n + 16);
    /* Output rooms share one block; each chunk stays a block of its own,
    ** freed after its calls, so a decoder that kept a pointer into its
    ** input would be caught reading freed memory. */
    fuzz_room rooms = FUZZ_ROOM_INIT;
    for (bool done = false; !done;) {
        size_t clen = fuzz_schedule_chunk(s, n - pos);
        bool last = pos + clen == n && !(empty_last && clen != 0);
        uint8_t *chunk = fuzz_exact_copy(data + pos, clen);
        size_t cpos = 0;
        for (;;) {
            calls++;
            FUZZ_ASSERT(calls <= limit, "streaming decode makes no progress");
            size_t avail = clen - cpos;
            size_t bound = max_units(d, form, avail);
            size_t room = fuzz_schedule_room(s, bound);
            void *dst = fuzz_room_tail(&rooms, room * unit);
            size_t src_len = avail, dst_len = room;
            uint64_t before = wenc_decoder_position(d);
            wenc_status st = decode_call(d, form, chunk != NULL ? chunk + cpos : NULL,
                                         &src_len, dst, &dst_len, last);
            FUZZ_ASSERT(src_len <= avail && dst_len <= room,
                        "consumed %zu of %zu, wrote %zu of %zu", src_len, avail, dst_len, room);
            FUZZ_ASSERT(wenc_decoder_position(d) == before + src_len, "position");
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                        "OUTPUT_FULL with room %zu >= advertised bound %zu", room, bound);
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room == 0 || src_len != 0 || dst_len != 0,
                        "OUTPUT_FULL with room %zu but no progress", room);
            FUZZ_ASSERT(st == WENC_INPUT_EMPTY || st == WENC_OUTPUT_FULL ||
                            st == WENC_MALFORMED,
                        "status %s", wenc_status_name(st));
            FUZZ_ASSERT(st != WENC_MALFORMED || (flags & WENC_DECODER_FATAL),
                        "MALFORMED in replacement mode");
            fuzz_buf_append(&r->units, dst, dst_len);
            cpos += src_len;
            if (calls == fork_at) {
                /* decoder.h: a decoder may be copied with memcpy. */
                wenc_decoder *copy = fuzz_xmalloc(sizeof *copy);
                memcpy(copy, d, sizeof *d);
                memset(d, 0xA5, sizeof *d);
                free(d);
                d = copy;
            }
            if (st == WENC_MALFORMED) {
                record_error(d, r);
                continue;
            }
            if (st == WENC_OUTPUT_FULL)
                continue;
            FUZZ_ASSERT(cpos == clen, "INPUT_EMPTY with %zu of %zu bytes consumed", cpos, clen);
            break;
        }
        free(chunk);
        pos += clen;
        done = last;
    }
    FUZZ_ASSERT(wenc_decoder_position(d) == n, "final position");
    fuzz_room_free(&rooms);
    free(d);
}

/* Whether the LEN units of FORM at P end on a whole code point (UTF-16: a
** pair's halves may come in two calls, and a one-byte call after the first
** stops at the second, above U+00FF; UTF-8 must be finished). */
static bool whole_units(int form, const fuzz_buf *b)
{
    if (form != FUZZ_UTF8)
        return true;
    size_t k = 0;
    while (k < b->len) {
        uint8_t c = b->p[k];
        k += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    }
    return k == b->len;
}

/* The wide units gathered since the last one-byte output, as code points
** (UTF-32 units) of R. */
static void flush_wide(int form, fuzz_buf *wide, dec_run *r)
{
    size_t bad = fuzz_units_to_cps(form, wide->p, wide->len, &r->units, NULL);
    if (bad != SIZE_MAX) {
        fuzz_dump("wide output", wide);
        fuzz_fail("one-byte run: %s output before one-byte output or an error is ill-formed "
                  "at unit %zu", fuzz_form_name[form], bad);
    }
    fuzz_buf_clear(wide);
}

/* The one-byte run (wenc_decoder_decode_to_latin1): chunks and rooms from
** S as in streaming(); R is a UTF-32 run. */
static void streaming_latin1(const wenc_encoding *enc, unsigned flags, int wide_form,
                             const uint8_t *data, size_t n, fuzz_schedule *s, bool empty_last,
                             dec_run *r)
{
    wenc_decoder d;
    init_decoder(&d, enc, flags);
    fuzz_buf wide;
    fuzz_buf_init(&wide, fuzz_form_unit[wide_form]);
    /* One block per form, so that a tail is aligned for its units. */
    fuzz_room rooms[2] = {FUZZ_ROOM_INIT, FUZZ_ROOM_INIT};
    bool one = true, after_stop = false;
    size_t pos = 0;
    unsigned long calls = 0, limit = 64ul * (n + 16);
    for (bool done = false; !done;) {
        size_t clen = fuzz_schedule_chunk(s, n - pos);
        bool last = pos + clen == n && !(empty_last && clen != 0);
        uint8_t *chunk = fuzz_exact_copy(data + pos, clen);
        size_t cpos = 0;
        for (;;) {
            FUZZ_ASSERT(++calls <= limit, "one-byte run makes no progress");
            size_t avail = clen - cpos;
            size_t bound = one ? wenc_decoder_max_utf16_length(&d, avail)
                               : max_units(&d, wide_form, avail);
            size_t room = fuzz_schedule_room(s, bound);
            size_t unit = one ? 1 : fuzz_form_unit[wide_form];
            void *dst = fuzz_room_tail(&rooms[one], room * unit);
            size_t src_len = avail, dst_len = room;
            const uint8_t *at = chunk != NULL ? chunk + cpos : NULL;
            wenc_status st =
                one ? wenc_decoder_decode_to_latin1(&d, at, &src_len, dst, &dst_len, last)
                    : decode_call(&d, wide_form, at, &src_len, dst, &dst_len, last);
            FUZZ_ASSERT(src_len <= avail && dst_len <= room,
                        "one-byte run: consumed %zu of %zu, wrote %zu of %zu", src_len, avail,
                        dst_len, room);
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                        "one-byte run: OUTPUT_FULL with room %zu >= bound %zu", room, bound);
            FUZZ_ASSERT(st == WENC_INPUT_EMPTY || st == WENC_OUTPUT_FULL ||
                            st == WENC_MALFORMED || (one && st == WENC_UNMAPPABLE),
                        "one-byte run: status %s", wenc_status_name(st));
            cpos += src_len;
            if (one) {
                if (dst_len > 0)
                    flush_wide(wide_form, &wide, r);
                for (size_t k = 0; k < dst_len; k++)
                    fuzz_buf_push_u32(&r->units, ((const uint8_t *)dst)[k]);
                if (st == WENC_UNMAPPABLE) {
                    one = false;
                    after_stop = true;
                }
            } else {
                /* After a stop the wide output starts with the code point
                ** above U+00FF (lead byte C4 or more; a unit above 0xFF). */
                if (after_stop && dst_len > 0 && wide.len == 0)
                    FUZZ_ASSERT(wide_form == FUZZ_UTF8 ? ((const uint8_t *)dst)[0] >= 0xC4
                                                       : ((const uint16_t *)dst)[0] > 0xFF,
                                "one-byte run: stopped before a code point at most U+00FF");
                FUZZ_ASSERT(!after_stop || dst_len > 0 || st == WENC_OUTPUT_FULL,
                            "one-byte run: nothing after WENC_UNMAPPABLE (%s)",
                            wenc_status_name(st));
                fuzz_buf_append(&wide, dst, dst_len);
                if (dst_len > 0) {
                    after_stop = false;
                    one = whole_units(wide_form, &wide);
                }
            }
            if (st == WENC_MALFORMED) {
                flush_wide(wide_form, &wide, r);
                record_error(&d, r);
                continue;
            }
            if (st == WENC_OUTPUT_FULL || st == WENC_UNMAPPABLE)
                continue;
            FUZZ_ASSERT(!after_stop, "one-byte run: a chunk ended right after WENC_UNMAPPABLE");
            FUZZ_ASSERT(cpos == clen, "one-byte run: INPUT_EMPTY with %zu of %zu bytes consumed",
                        cpos, clen);
            break;
        }
        free(chunk);
        pos += clen;
        done = last;
    }
    flush_wide(wide_form, &wide, r);
    FUZZ_ASSERT(wenc_decoder_position(&d) == n, "one-byte run: final position");
    fuzz_buf_free(&wide);
    fuzz_room_free(&rooms[0]);
    fuzz_room_free(&rooms[1]);
}

/* Converts R's units to code points (they must be valid) and R's error
** positions from units to code points (they must fall between code
** points). */
static void finish(dec_run *r, const char *what)
{
    /* The map from units to code points is needed only to move error
    ** positions, and in UTF-32 a unit is a code point. */
    bool map = r->errors.len != 0 && r->form != FUZZ_UTF32;
    fuzz_buf at;
    fuzz_buf_init(&at, sizeof(size_t));
    size_t bad = fuzz_units_to_cps(r->form, r->units.p, r->units.len, &r->cps,
                                   map ? &at : NULL);
    if (bad != SIZE_MAX) {
        fuzz_dump("output", &r->units);
        fuzz_fail("%s: %s output is ill-formed at unit %zu", what, fuzz_form_name[r->form],
                  bad);
    }
    for (size_t i = 0; map && i < r->errors.len; i++) {
        dec_error *e = &FUZZ_BUF_AT(&r->errors, dec_error, i);
        size_t u = e->at;
        FUZZ_ASSERT(u == r->units.len || FUZZ_BUF_AT(&at, size_t, u + 1) !=
                                             FUZZ_BUF_AT(&at, size_t, u),
                    "%s: error %zu reported inside a code point's units (unit %zu)", what, i, u);
        e->at = FUZZ_BUF_AT(&at, size_t, u);
    }
    fuzz_buf_free(&at);
}

static void dump_errors(const char *label, const dec_run *r)
{
    fprintf(stderr, "  %s errors (%zu):", label, r->errors.len);
    for (size_t i = 0; i < r->errors.len && i < 16; i++) {
        const dec_error *e = &FUZZ_BUF_AT(&r->errors, dec_error, i);
        fprintf(stderr, " [off %llu len %zu at %zu]", (unsigned long long)e->offset, e->length,
                e->at);
    }
    fprintf(stderr, "\n");
}

static bool cps_equal(const fuzz_buf *a, const uint32_t *b, size_t n)
{
    return a->len == n && (n == 0 || memcmp(a->p, b, n * sizeof(uint32_t)) == 0);
}

/* Same code points and errors (error offsets shifted by SHIFT in B). */
static void same(const dec_run *a, const dec_run *b, uint64_t shift, const char *what)
{
    bool ok = cps_equal(&a->cps, (const uint32_t *)(const void *)b->cps.p, b->cps.len) &&
              a->errors.len == b->errors.len;
    for (size_t i = 0; ok && i < a->errors.len; i++) {
        const dec_error *x = &FUZZ_BUF_AT(&a->errors, dec_error, i);
        const dec_error *y = &FUZZ_BUF_AT(&b->errors, dec_error, i);
        ok = x->offset + shift == y->offset && x->length == y->length && x->at == y->at;
    }
    if (!ok) {
        fuzz_dump_diff("expected", &a->cps, "got     ", &b->cps);
        dump_errors("expected", a);
        dump_errors("got     ", b);
        fuzz_fail("%s: runs differ", what);
    }
}


/* Fatal mode against replacement mode, and the soundness of the spans. */
static void check_errors(const wenc_encoding *enc, unsigned bom, const uint8_t *data, size_t n,
                         const dec_run *repl, const dec_run *fatal)
{
    /* Resumed fatal output with U+FFFD at each error == replacement output. */
    fuzz_buf merged;
    fuzz_buf_init(&merged, sizeof(uint32_t));
    size_t k = 0;
    for (size_t i = 0; i <= fatal->cps.len; i++) {
        while (k < fatal->errors.len && FUZZ_BUF_AT(&fatal->errors, dec_error, k).at == i) {
            fuzz_buf_push_u32(&merged, 0xFFFD);
            k++;
        }
        if (i < fatal->cps.len)
            fuzz_buf_push_u32(&merged, FUZZ_BUF_AT(&fatal->cps, uint32_t, i));
    }
    if (!cps_equal(&merged, (const uint32_t *)(const void *)repl->cps.p, repl->cps.len)) {
        fuzz_dump_diff("replacement", &repl->cps, "fatal+FFFD ", &merged);
        dump_errors("fatal", fatal);
        fuzz_fail("fatal mode resumed after each error differs from replacement mode");
    }
    fuzz_buf_free(&merged);

    /* The spans: in order, disjoint, within the input, 1 to 4 bytes. */
    uint64_t end = 0;
    for (size_t i = 0; i < fatal->errors.len; i++) {
        const dec_error *e = &FUZZ_BUF_AT(&fatal->errors, dec_error, i);
        FUZZ_ASSERT(e->length >= 1 && e->length <= 4 && e->offset >= end &&
                        e->offset + e->length <= n,
                    "error %zu: offset %llu length %zu (previous end %llu, input %zu)", i,
                    (unsigned long long)e->offset, e->length, (unsigned long long)end, n);
        end = e->offset + e->length;
    }

    /* Replacement mode on the input through an error's span gives the
    ** output before its U+FFFD plus exactly that U+FFFD.  Sound when no
    ** earlier error restored bytes at or past the span: the handler is idle
    ** where the span starts, sees the same bytes up to its end, then
    ** end-of-queue where it saw the byte that ended the sequence (restored
    ** by the standard, or the span's last byte), so it reports the same
    ** error once.  Before the first error nothing was restored; a later one
    ** qualifies when it starts at least 4 bytes after the previous span (3
    ** restored bytes at most, plus ISO-2022-JP's 0x1B).  Counter-examples
    ** otherwise: gb18030 "81 36 DE 2E" restores "36 DE" because of the 2E,
    ** but "81 36 DE" then end-of-queue is one 3-byte error.  Neither can the
    ** bytes before the span alone be checked ("81 30" at the end of input
    ** is one error).  The reference model pins every span exactly. */
    const uint32_t *rc = (const uint32_t *)(const void *)repl->cps.p;
    uint64_t prev_end = 0;
    unsigned checked = 0;
    for (size_t i = 0; i < fatal->errors.len && checked < 5; i++) {
        const dec_error *e = &FUZZ_BUF_AT(&fatal->errors, dec_error, i);
        bool eligible = i == 0 || e->offset >= prev_end + 4;
        prev_end = e->offset + e->length;
        if (!eligible)
            continue;
        checked++;
        size_t at = e->at + i; /* in the replacement output: earlier errors are U+FFFD */
        dec_run p;
        run_init(&p, FUZZ_UTF32);
        oneshot(enc, bom, FUZZ_UTF32, data, (size_t)(e->offset + e->length), &p);
        finish(&p, "prefix+span");
        if (!cps_equal(&p.cps, rc, at + 1)) {
            fuzz_dump_diff("replacement   ", &repl->cps, "through span  ", &p.cps);
            fuzz_fail("error %zu at offset %llu length %zu: decoding through its span does "
                      "not give the output before it plus one U+FFFD", i,
                      (unsigned long long)e->offset, e->length);
        }
        run_free(&p);
    }
}

/* BOM handling against decoding without it (WENC_DECODER_BOM_NONE). */
static void check_bom(const wenc_encoding *enc, unsigned mode, unsigned bom,
                      const uint8_t *data, size_t n, const dec_run *got)
{
    const wenc_encoding *found = NULL;
    size_t skip = 0;
    if (n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) {
        found = WENC_UTF_8;
        skip = 3;
    } else if (n >= 2 && data[0] == 0xFE && data[1] == 0xFF) {
        found = WENC_UTF_16BE;
        skip = 2;
    } else if (n >= 2 && data[0] == 0xFF && data[1] == 0xFE) {
        found = WENC_UTF_16LE;
        skip = 2;
    }
    dec_run plain;
    run_init(&plain, FUZZ_UTF32);
    if (bom == WENC_DECODER_BOM_SNIFF) {
        const wenc_encoding *use = found != NULL ? found : enc;
        if (found == NULL)
            skip = 0;
        oneshot(use, mode, FUZZ_UTF32, data + skip, n - skip, &plain);
        finish(&plain, "without BOM");
        same(&plain, got, skip, "BOM sniff against decoding after the BOM");
    } else {
        oneshot(enc, mode, FUZZ_UTF32, data, n, &plain);
        finish(&plain, "without BOM");
        bool strips = enc == WENC_UTF_8 || enc == WENC_UTF_16BE || enc == WENC_UTF_16LE;
        /* Only a U+FEFF decoded first is dropped; in fatal mode an error
        ** before it leaves it alone (the replacement U+FFFD came first). */
        bool first = plain.cps.len != 0 && FUZZ_BUF_AT(&plain.cps, uint32_t, 0) == 0xFEFF &&
                     (plain.errors.len == 0 ||
                      FUZZ_BUF_AT(&plain.errors, dec_error, 0).at != 0);
        if (strips && first) {
            memmove(plain.cps.p, plain.cps.p + sizeof(uint32_t),
                    (plain.cps.len - 1) * sizeof(uint32_t));
            plain.cps.len--;
            for (size_t i = 0; i < plain.errors.len; i++)
                FUZZ_BUF_AT(&plain.errors, dec_error, i).at--;
        }
        same(&plain, got, 0, "BOM strip against dropping a leading U+FEFF");
    }
    run_free(&plain);
}

/* Against the reference model: REPL and FATAL decoded DATA with no BOM
** handling. */
static void check_ref(const wenc_encoding *enc, const uint8_t *data, size_t n,
                      const dec_run *repl, const dec_run *fatal)
{
    ref_item *items = NULL;
    size_t count = ref_decode(wenc_encoding_name(enc), data, n, &items);
    dec_run want_repl, want_fatal;
    run_init(&want_repl, FUZZ_UTF32);
    run_init(&want_fatal, FUZZ_UTF32);
    for (size_t i = 0; i < count; i++) {
        if (items[i].cp >= 0) {
            fuzz_buf_push_u32(&want_repl.cps, (uint32_t)items[i].cp);
            fuzz_buf_push_u32(&want_fatal.cps, (uint32_t)items[i].cp);
        } else {
            fuzz_buf_push_u32(&want_repl.cps, 0xFFFD);
            dec_error e = {items[i].offset, items[i].length, want_fatal.cps.len};
            fuzz_buf_append(&want_fatal.errors, &e, 1);
        }
    }
    free(items);
    same(&want_repl, repl, 0, "replacement mode against the reference model");
    same(&want_fatal, fatal, 0, "fatal mode (errors and spans) against the reference model");
    run_free(&want_repl);
    run_free(&want_fatal);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size < 3)
        return 0;
    fuzz_input in = {input, size};
    const wenc_encoding *enc = fuzz_encoding(fuzz_byte(&in));
    if (fuzz_left_out(enc))
        return 0; /* -Dencodings left it out */
    unsigned modes = fuzz_byte(&in);
    unsigned extra = fuzz_byte(&in);
    fuzz_schedule sched;
    fuzz_schedule_read(&sched, &in);
    fuzz_schedule sched_latin1 = sched; /* the one-byte run's own pass */
    const uint8_t *data = in.p;
    size_t n = in.n;

    unsigned mode = modes & 1u ? WENC_DECODER_FATAL : WENC_DECODER_REPLACEMENT;
    static const unsigned boms[4] = {WENC_DECODER_BOM_NONE, WENC_DECODER_BOM_SNIFF,
                                     WENC_DECODER_BOM_STRIP, WENC_DECODER_BOM_NONE};
    unsigned bom = boms[(modes >> 1) & 3u];
    int form = (int)((modes >> 3) & 3u) % FUZZ_FORMS;
    unsigned fork_at = extra & 0x0Fu;
    bool empty_last = (extra & 0x10u) != 0;
    fuzz_set_context("decode %s, %s, BOM %s, streaming to %s, %zu bytes, %u schedule pairs%s",
                     wenc_encoding_name(enc), mode ? "fatal" : "replacement",
                     bom == WENC_DECODER_BOM_SNIFF   ? "sniff"
                     : bom == WENC_DECODER_BOM_STRIP ? "strip"
                                                     : "none",
                     fuzz_form_name[form], n, sched.count, empty_last ? ", empty last call" : "");

    /* Reference runs: both modes as UTF-32, one call each. */
    dec_run repl, fatal;
    run_init(&repl, FUZZ_UTF32);
    run_init(&fatal, FUZZ_UTF32);
    wenc_decoder d; /* the decoder of the run in MODE, kept for the reuse checks */
    oneshot_keep(enc, WENC_DECODER_REPLACEMENT | bom, FUZZ_UTF32, data, n, &repl,
                 mode ? NULL : &d);
    oneshot_keep(enc, WENC_DECODER_FATAL | bom, FUZZ_UTF32, data, n, &fatal, mode ? &d : NULL);
    finish(&repl, "replacement one-shot");
    finish(&fatal, "fatal one-shot");
    FUZZ_ASSERT(repl.errors.len == 0, "errors reported in replacement mode");
    check_errors(enc, WENC_DECODER_REPLACEMENT | bom, data, n, &repl, &fatal);
    if (fuzz_compare_ref(input, size)) {
        if (bom == WENC_DECODER_BOM_NONE) {
            check_ref(enc, data, n, &repl, &fatal);
        } else {
            dec_run r0, f0;
            run_init(&r0, FUZZ_UTF32);
            run_init(&f0, FUZZ_UTF32);
            oneshot(enc, WENC_DECODER_REPLACEMENT, FUZZ_UTF32, data, n, &r0);
            oneshot(enc, WENC_DECODER_FATAL, FUZZ_UTF32, data, n, &f0);
            finish(&r0, "replacement one-shot, no BOM handling");
            finish(&f0, "fatal one-shot, no BOM handling");
            check_ref(enc, data, n, &r0, &f0);
            run_free(&r0);
            run_free(&f0);
        }
    }
    dec_run *ref = mode ? &fatal : &repl;
    if (bom != WENC_DECODER_BOM_NONE)
        check_bom(enc, mode, bom, data, n, ref);

    /* The other forms, one call each. */
    for (int f = FUZZ_UTF8; f < FUZZ_UTF32; f++) {
        dec_run r;
        run_init(&r, f);
        oneshot(enc, mode | bom, f, data, n, &r);
        finish(&r, fuzz_form_name[f]);
        same(ref, &r, 0, "output forms");
        run_free(&r);
    }

    /* The streaming run. */
    dec_run s;
    run_init(&s, form);
    streaming(enc, mode | bom, form, data, n, &sched, fork_at, empty_last, &s);
    finish(&s, "streaming");
    same(ref, &s, 0, "streaming against one call");
    run_free(&s);

    /* The one-byte run. */
    dec_run l1;
    run_init(&l1, FUZZ_UTF32);
    streaming_latin1(enc, mode | bom, form == FUZZ_UTF8 ? FUZZ_UTF8 : FUZZ_UTF16, data, n,
                     &sched_latin1, empty_last, &l1);
    finish(&l1, "one-byte streaming");
    same(ref, &l1, 0, "one-byte streaming (decode_to_latin1, wide after each stop) against one "
         "call");
    run_free(&l1);

    /* Reuse: a decoder that finished a stream decodes it again identically
    ** (only its position, hence error offsets, carries on); so does a reset
    ** one (position and BOM handling rewound too).  D finished the one-shot
    ** run REF came from. */
    dec_run again;
    run_init(&again, FUZZ_UTF32);
    if (bom == WENC_DECODER_BOM_NONE) {
        decode_whole(&d, FUZZ_UTF32, data, n, &again);
        finish(&again, "second stream");
        same(ref, &again, n, "second stream on a finished decoder");
    }
    wenc_decoder_reset(&d);
    FUZZ_ASSERT(wenc_decoder_position(&d) == 0 && wenc_decoder_encoding(&d) == enc,
                "reset decoder state");
    fuzz_buf_clear(&again.units);
    fuzz_buf_clear(&again.errors);
    fuzz_buf_clear(&again.cps);
    decode_whole(&d, FUZZ_UTF32, data, n, &again);
    finish(&again, "after reset");
    same(ref, &again, 0, "after reset");
    run_free(&again);

    run_free(&repl);
    run_free(&fatal);
    for (int f = 0; f < FUZZ_FORMS; f++)
        fuzz_room_free(&whole_room[f]);
    return 0;
}
