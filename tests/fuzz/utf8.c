/* utf8.c -- fuzz target for the UTF-8 toolkit (wenc/utf8.h): validation,
** error listing and kinds, the streaming validator, sniffing, counting,
** boundaries and iteration, lenient decoding and encoding, error
** rendering, and wenc/latin1.h's one-byte and UTF-16 functions (its
** decoding calls are in decode.c and textdecoder.c).
**
** Input layout (docs/fuzzing.md):
**   byte 0  bits 0-4: flags of the lenient decoder (bit 0 fatal); bits 4-7,
**           shifted left by one, the lenient encoder's write flags
**   byte 1  context bytes for error rendering (byte % 24)
**   byte 2  maximum sequence length of the lenient encoder (1 + byte % 6)
**   then    the schedule (fuzz.h): chunks of the streaming validator, rooms
**           of the lenient decoder and encoder
**   then    the bytes (also read as UTF-32LE and UTF-16LE for the encoder).
**
** The expectations come from fuzz.h's transcription of the standard's UTF-8
** decoder (spans partition the input: each item's bytes) and from the core
** decoder in fatal mode, which decode.c checks against the reference model:
** "the UTF-8 validator agrees with the fatal UTF-8 decoder".  Error kinds
** follow the rule in utf8.h.  Lenient decoding without flags must be the
** standard's decoder; with flags it is checked for bounds and for giving
** the same result whatever the output buffer sizes. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct span {
    size_t start, length;
    int32_t cp; /* -1: malformed */
    wenc_utf8_error_kind kind;
} span;

/* The items of the standard's UTF-8 decoder with their spans and, for the
** malformed ones, their kind by the rule in utf8.h. */
static void collect_cps(const uint8_t *s, size_t n, fuzz_buf *spans)
{
    fuzz_buf xs;
    fuzz_buf_init(&xs, sizeof(fuzz_scalar));
    fuzz_scalars(FUZZ_UTF8, s, n, &xs);
    for (size_t i = 0; i < xs.len; i++) {
        const fuzz_scalar *x = &FUZZ_BUF_AT(&xs, fuzz_scalar, i);
        size_t end = i + 1 < xs.len ? (size_t)FUZZ_BUF_AT(&xs, fuzz_scalar, i + 1).offset : n;
        span sp = {(size_t)x->offset, end - (size_t)x->offset, x->replaced ? -1 : (int32_t)x->cp,
                   WENC_UTF8_ERROR_NONE};
        if (x->replaced) {
            unsigned lead = s[sp.start];
            int b = sp.start + sp.length < n ? s[sp.start + sp.length] : -1;
            if (sp.length == 1 && (lead < 0xC2 || lead > 0xF4))
                sp.kind = lead >= 0x80 && lead <= 0xBF ? WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION
                                                       : WENC_UTF8_ERROR_INVALID_BYTE;
            else if (b < 0)
                sp.kind = WENC_UTF8_ERROR_INCOMPLETE_AT_END;
            else if (sp.length == 1 && lead == 0xE0 && b >= 0x80 && b <= 0x9F)
                sp.kind = WENC_UTF8_ERROR_OVERLONG;
            else if (sp.length == 1 && lead == 0xF0 && b >= 0x80 && b <= 0x8F)
                sp.kind = WENC_UTF8_ERROR_OVERLONG;
            else if (sp.length == 1 && lead == 0xED && b >= 0xA0 && b <= 0xBF)
                sp.kind = WENC_UTF8_ERROR_SURROGATE;
            else if (sp.length == 1 && lead == 0xF4 && b >= 0x90 && b <= 0xBF)
                sp.kind = WENC_UTF8_ERROR_TOO_LARGE;
            else
                sp.kind = WENC_UTF8_ERROR_TRUNCATED;
        }
        fuzz_buf_append(spans, &sp, 1);
    }
    fuzz_buf_free(&xs);
}

static bool collect_error(void *ctx, const wenc_utf8_error *e)
{
    fuzz_buf_append(ctx, e, 1);
    return true;
}

static bool stop_after_one(void *ctx, const wenc_utf8_error *e)
{
    (void)e;
    (*(size_t *)ctx)++;
    return false;
}

static void same_error(const wenc_utf8_error *got, const span *want, uint64_t base,
                       const char *what, size_t i)
{
    FUZZ_ASSERT(got->offset == base + want->start && got->length == want->length &&
                    got->kind == want->kind,
                "%s: error %zu at %llu+%u %s, expected %zu+%zu %s", what, i,
                (unsigned long long)got->offset, got->length, wenc_utf8_error_name(got->kind),
                want->start, want->length, wenc_utf8_error_name(want->kind));
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size < 3)
        return 0;
    fuzz_input in = {input, size};
    unsigned flags_byte = fuzz_byte(&in);
    size_t context = fuzz_byte(&in) % 24;
    unsigned max_length = 1 + fuzz_byte(&in) % 6;
    fuzz_schedule sched;
    fuzz_schedule_read(&sched, &in);
    /* An exact copy: the toolkit's scans must not read past it. */
    size_t n = in.n;
    uint8_t *data = fuzz_exact_copy(in.p, n);
    fuzz_set_context("utf8 toolkit, %zu bytes, lenient flags 0x%02X, max length %u, %u schedule "
                     "pairs",
                     n, flags_byte & 0x1Fu, max_length, sched.count);

    fuzz_buf spans, errs;
    fuzz_buf_init(&spans, sizeof(span));
    fuzz_buf_init(&errs, sizeof(span));
    collect_cps(data, n, &spans);
    size_t ascii = 0, cont = 0, f0ff = 0;
    for (size_t i = 0; i < n; i++) {
        ascii += data[i] < 0x80;
        cont += data[i] >= 0x80 && data[i] <= 0xBF;
        f0ff += data[i] >= 0xF0;
    }
    bool only_incomplete = true;
    for (size_t i = 0; i < spans.len; i++) {
        const span *sp = &FUZZ_BUF_AT(&spans, span, i);
        if (sp->cp < 0) {
            fuzz_buf_append(&errs, sp, 1);
            if (sp->kind != WENC_UTF8_ERROR_INCOMPLETE_AT_END)
                only_incomplete = false;
        }
    }
    const span *e0 = errs.len ? &FUZZ_BUF_AT(&errs, span, 0) : NULL;

    /* The fatal decoder's first error is the first span. */
    {
        wenc_decoder d;
        wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
        size_t bound = wenc_decoder_max_utf32_length(&d, n);
        uint32_t *o = fuzz_xmalloc(bound * 4);
        size_t sl = n, dl = bound;
        wenc_status st = wenc_decoder_decode_to_utf32(&d, data, &sl, o, &dl, true);
        free(o);
        FUZZ_ASSERT((st == WENC_MALFORMED) == (e0 != NULL), "fatal decoder: %s",
                    wenc_status_name(st));
        if (e0 != NULL)
            FUZZ_ASSERT(wenc_decoder_error_offset(&d) == e0->start &&
                            wenc_decoder_error_length(&d) == e0->length,
                        "the fatal decoder's error is not the first span");
    }

    /* Validation. */
    FUZZ_ASSERT(wenc_utf8_is_valid(data, n) == (e0 == NULL), "is_valid");
    wenc_utf8_error e;
    memset(&e, 0x5A, sizeof e);
    wenc_status st = wenc_utf8_validate(data, n, &e);
    if (e0 == NULL)
        FUZZ_ASSERT(st == WENC_OK && e.offset == n && e.length == 0 &&
                        e.kind == WENC_UTF8_ERROR_NONE,
                    "validate: valid input gives %s", wenc_status_name(st));
    else {
        FUZZ_ASSERT(st == WENC_MALFORMED, "validate: %s", wenc_status_name(st));
        same_error(&e, e0, 0, "validate", 0);
        FUZZ_ASSERT(wenc_utf8_is_valid(data, e0->start), "bytes before the first error");
    }

    /* Every error, through both listing functions. */
    {
        size_t cap = fuzz_schedule_room(&sched, errs.len);
        wenc_utf8_error *list = fuzz_xmalloc((cap + 1) * sizeof *list);
        size_t total = wenc_utf8_find_errors(data, n, cap ? list : NULL, cap);
        FUZZ_ASSERT(total == errs.len, "find_errors: %zu, expected %zu", total, errs.len);
        for (size_t i = 0; i < total && i < cap; i++)
            same_error(&list[i], &FUZZ_BUF_AT(&errs, span, i), 0, "find_errors", i);
        free(list);
        fuzz_buf cb;
        fuzz_buf_init(&cb, sizeof(wenc_utf8_error));
        FUZZ_ASSERT(wenc_utf8_find_errors_callback(data, n, collect_error, &cb) == errs.len &&
                        cb.len == errs.len,
                    "find_errors_callback");
        for (size_t i = 0; i < cb.len; i++)
            same_error(&FUZZ_BUF_AT(&cb, wenc_utf8_error, i), &FUZZ_BUF_AT(&errs, span, i), 0,
                       "find_errors_callback", i);
        fuzz_buf_free(&cb);
        size_t calls = 0;
        FUZZ_ASSERT(wenc_utf8_find_errors_callback(data, n, stop_after_one, &calls) ==
                            (errs.len ? 1u : 0u) &&
                        calls == (errs.len ? 1u : 0u),
                    "a callback that stops");
        FUZZ_ASSERT(wenc_utf8_find_errors_callback(data, n, NULL, NULL) == errs.len,
                    "counting without a callback");
    }

    /* The streaming validator, split as the schedule says, forked midway. */
    {
        wenc_utf8_validator v;
        wenc_utf8_validator_init(&v);
        size_t pos = 0, k = 0;
        unsigned long calls = 0;
        for (bool done = false; !done;) {
            size_t clen = fuzz_schedule_chunk(&sched, n - pos);
            bool last = pos + clen == n;
            size_t cpos = 0;
            for (;;) {
                FUZZ_ASSERT(++calls < 16ul * (n + 16), "validator makes no progress");
                size_t sl = clen - cpos;
                wenc_utf8_error ve;
                st = wenc_utf8_validator_validate(&v, sl ? data + pos + cpos : NULL, &sl, last,
                                                  &ve);
                cpos += sl;
                if (calls == 3) {
                    wenc_utf8_validator copy;
                    memcpy(&copy, &v, sizeof v);
                    memset(&v, 0xA5, sizeof v);
                    memcpy(&v, &copy, sizeof v);
                }
                if (st == WENC_MALFORMED) {
                    FUZZ_ASSERT(k < errs.len, "validator: extra error");
                    same_error(&ve, &FUZZ_BUF_AT(&errs, span, k), 0, "validator", k);
                    k++;
                    continue;
                }
                FUZZ_ASSERT(st == WENC_INPUT_EMPTY && cpos == clen, "validator: %s",
                            wenc_status_name(st));
                break;
            }
            pos += clen;
            done = last;
        }
        FUZZ_ASSERT(k == errs.len && wenc_utf8_validator_position(&v) == n &&
                        wenc_utf8_validator_error_count(&v) == errs.len,
                    "validator: %zu errors, position %llu", k,
                    (unsigned long long)wenc_utf8_validator_position(&v));
        size_t zero = 0;
        FUZZ_ASSERT(wenc_utf8_validator_validate(&v, NULL, &zero, true, NULL) == WENC_INPUT_EMPTY,
                    "an empty call after the end");
        if (n > 0) {
            size_t one = 1;
            FUZZ_ASSERT(wenc_utf8_validator_validate(&v, data, &one, true, NULL) ==
                                WENC_INVALID_ARGUMENT &&
                            one == 0,
                        "bytes after the end must be refused");
        }
    }

    /* Sniffing and counting. */
    {
        wenc_utf8_sniff_result want = !only_incomplete ? WENC_UTF8_SNIFF_NOT_UTF8
                                      : ascii == n     ? WENC_UTF8_SNIFF_ASCII
                                                       : WENC_UTF8_SNIFF_UTF8;
        FUZZ_ASSERT(wenc_utf8_sniff(data, n) == want, "sniff %d, expected %d",
                    (int)wenc_utf8_sniff(data, n), (int)want);
        FUZZ_ASSERT(wenc_utf8_count_code_points(data, n) == (data ? n - cont : 0),
                    "count_code_points");
        FUZZ_ASSERT(wenc_utf8_count_utf16_units(data, n) == (data ? n - cont + f0ff : 0),
                    "count_utf16_units");
        size_t units16 = 0;
        for (size_t i = 0; i < spans.len; i++) {
            int32_t cp = FUZZ_BUF_AT(&spans, span, i).cp;
            units16 += cp >= 0x10000 ? 2 : 1;
        }
        if (e0 == NULL)
            FUZZ_ASSERT(spans.len == n - cont && units16 == n - cont + f0ff,
                        "counts on valid input");
    }

    /* Boundaries and iteration. */
    {
        char *is_boundary = calloc(n + 1, 1);
        if (is_boundary == NULL)
            abort();
        for (size_t i = 0; i < spans.len; i++)
            is_boundary[FUZZ_BUF_AT(&spans, span, i).start] = 1;
        is_boundary[n] = 1;
        size_t prev = 0, next;
        for (size_t o = 0; o <= n + 1; o++) {
            if (o <= n && is_boundary[o])
                prev = o;
            for (next = o + 1; next < n && !is_boundary[next]; next++)
                ;
            size_t want_start = o >= n ? n : prev;
            size_t want_next = o >= n ? n : next;
            size_t want_prev = 0;
            size_t oo = o > n ? n : o;
            for (size_t b = oo; b-- > 0;)
                if (is_boundary[b]) {
                    want_prev = b;
                    break;
                }
            FUZZ_ASSERT(wenc_utf8_char_start(data, n, o) == want_start, "char_start(%zu)", o);
            FUZZ_ASSERT(wenc_utf8_next_boundary(data, n, o) == want_next, "next_boundary(%zu)",
                        o);
            FUZZ_ASSERT(wenc_utf8_prev_boundary(data, n, o) == want_prev, "prev_boundary(%zu)",
                        o);
            FUZZ_ASSERT(wenc_utf8_truncate(data, n, o) == (o >= n ? n : prev), "truncate(%zu)",
                        o);
        }
        free(is_boundary);
        size_t off = 0, i = 0;
        int32_t r;
        while ((r = wenc_utf8_decode_next(data, n, &off)) != WENC_UTF8_DONE) {
            FUZZ_ASSERT(i < spans.len, "decode_next: too many items");
            const span *sp = &FUZZ_BUF_AT(&spans, span, i);
            FUZZ_ASSERT((sp->cp < 0 ? r == WENC_UTF8_MALFORMED : r == sp->cp) &&
                            off == sp->start + sp->length,
                        "decode_next: item %zu", i);
            i++;
        }
        FUZZ_ASSERT(i == spans.len && off == n, "decode_next: %zu items", i);
        off = n;
        while ((r = wenc_utf8_decode_prev(data, n, &off)) != WENC_UTF8_DONE) {
            FUZZ_ASSERT(i > 0, "decode_prev: too many items");
            const span *sp = &FUZZ_BUF_AT(&spans, span, --i);
            FUZZ_ASSERT((sp->cp < 0 ? r == WENC_UTF8_MALFORMED : r == sp->cp) &&
                            off == sp->start,
                        "decode_prev: item %zu", i);
        }
        FUZZ_ASSERT(i == 0 && off == 0, "decode_prev ends at 0");
    }

    /* Lenient decoding: no flag is the standard's decoder; any flags give
    ** the same result whatever the buffer sizes, at most one unit per
    ** byte. */
    {
        unsigned flags = flags_byte & 0x1Fu;
        for (unsigned pass = 0; pass < 2; pass++) {
            unsigned f = pass == 0 ? flags & WENC_UTF8_LENIENT_FATAL : flags;
            uint32_t *one = fuzz_xmalloc((n + 1) * 4);
            size_t sl = n, dl = n;
            wenc_utf8_lenient_counts counts;
            memset(&counts, 0, sizeof counts);
            wenc_utf8_error le;
            st = wenc_utf8_decode_lenient_to_utf32(data, &sl, n ? one : NULL, &dl, f, &counts,
                                                   &le);
            FUZZ_ASSERT(st == WENC_INPUT_EMPTY || st == WENC_MALFORMED,
                        "lenient 0x%X with one code point per byte: %s", f,
                        wenc_status_name(st));
            if (pass == 0) {
                if (f & WENC_UTF8_LENIENT_FATAL) {
                    FUZZ_ASSERT((st == WENC_MALFORMED) == (e0 != NULL), "lenient fatal");
                    if (e0) {
                        FUZZ_ASSERT(sl == e0->start, "lenient fatal stops at %zu", sl);
                        same_error(&le, e0, 0, "lenient fatal", 0);
                    }
                } else {
                    FUZZ_ASSERT(st == WENC_INPUT_EMPTY && dl == spans.len &&
                                    counts.malformed == errs.len,
                                "lenient replacement: %zu code points", dl);
                    for (size_t i = 0; i < dl; i++) {
                        int32_t cp = FUZZ_BUF_AT(&spans, span, i).cp;
                        FUZZ_ASSERT(one[i] == (cp < 0 ? 0xFFFDu : (uint32_t)cp),
                                    "lenient replacement: code point %zu", i);
                    }
                }
            }
            /* The same in the schedule's small buffers, UTF-32 and UTF-16. */
            for (int form = FUZZ_UTF16; form <= FUZZ_UTF32; form++) {
                fuzz_buf out;
                fuzz_buf_init(&out, fuzz_form_unit[form]);
                size_t pos = 0;
                wenc_status last_st = WENC_INPUT_EMPTY;
                size_t at_least = 0;
                fuzz_room rooms = FUZZ_ROOM_INIT; /* one block for the calls */
                for (unsigned long calls = 0;; calls++) {
                    FUZZ_ASSERT(calls < 4 * n + 16, "lenient decoding makes no progress");
                    size_t room = fuzz_schedule_room(&sched, n - pos);
                    if (room < at_least)
                        room = at_least;
                    void *dst = fuzz_room_tail(&rooms, room * fuzz_form_unit[form]);
                    size_t s2 = n - pos, d2 = room;
                    wenc_utf8_lenient_counts c2;
                    memset(&c2, 0, sizeof c2);
                    const uint8_t *at = s2 ? data + pos : NULL;
                    last_st = form == FUZZ_UTF32
                                  ? wenc_utf8_decode_lenient_to_utf32(
                                        at, &s2, room ? dst : NULL, &d2, f, &c2, NULL)
                                  : wenc_utf8_decode_lenient_to_utf16(
                                        at, &s2, room ? dst : NULL, &d2, f, &c2, NULL);
                    FUZZ_ASSERT(d2 <= room && s2 <= n - pos, "lenient: bounds");
                    fuzz_buf_append(&out, dst, d2);
                    pos += s2;
                    if (last_st != WENC_OUTPUT_FULL)
                        break;
                    /* Only whole spans are written: a surrogate pair needs
                    ** 2 units.  2 always makes progress. */
                    FUZZ_ASSERT(room < 2 || s2 != 0, "lenient: no progress with room %zu",
                                room);
                    at_least = s2 == 0 ? 2 : 0;
                }
                fuzz_room_free(&rooms);
                if (form == FUZZ_UTF32) {
                    FUZZ_ASSERT(last_st == st && pos == sl && out.len == dl &&
                                    (dl == 0 || memcmp(out.p, one, dl * 4) == 0),
                                "lenient 0x%X in small buffers differs from one call", f);
                } else {
                    FUZZ_ASSERT(last_st == st && pos == sl, "lenient UTF-16 0x%X: %s", f,
                                wenc_status_name(last_st));
                    /* Unit by unit: the UTF-32 result, astral values as
                    ** pairs, above U+10FFFF as U+FFFD. */
                    fuzz_buf w;
                    fuzz_buf_init(&w, 2);
                    for (size_t i = 0; i < dl; i++) {
                        uint32_t cp = one[i];
                        if (cp > 0x10FFFF)
                            cp = 0xFFFD;
                        if (cp >= 0x10000) {
                            fuzz_put_cp(FUZZ_UTF16, cp, &w);
                        } else {
                            uint16_t u = (uint16_t)cp;
                            fuzz_buf_append(&w, &u, 1);
                        }
                    }
                    FUZZ_ASSERT(w.len == out.len &&
                                    (w.len == 0 || memcmp(w.p, out.p, w.len * 2) == 0),
                                "lenient 0x%X: UTF-16 output is not the UTF-32 output's", f);
                    fuzz_buf_free(&w);
                }
                fuzz_buf_free(&out);
            }
            free(one);
        }
    }

    /* Lenient encoding: with no flag and length 4 it is the standard's
    ** UTF-8 encoder on scalar values and refuses the rest; any flags must
    ** agree with themselves across buffer sizes. */
    {
        fuzz_buf u32, want;
        fuzz_buf_init(&u32, 4);
        fuzz_buf_init(&want, 1);
        for (size_t i = 0; i + 3 < n; i += 4) {
            uint32_t u = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 |
                         (uint32_t)data[i + 2] << 16 | (uint32_t)data[i + 3] << 24;
            if (data[i + 3] >= 0x01 && data[i + 3] <= 0x7F)
                u %= 0x110000;
            fuzz_buf_push_u32(&u32, u);
        }
        const uint32_t *src = (const uint32_t *)(const void *)u32.p;
        size_t bad = u32.len;
        for (size_t i = 0; i < u32.len; i++) {
            if (!fuzz_is_scalar(src[i])) {
                bad = i;
                break;
            }
            fuzz_put_cp(FUZZ_UTF8, src[i], &want);
        }
        uint8_t *o = fuzz_xmalloc(u32.len * 4 + 1);
        size_t sl = u32.len, dl = u32.len * 4;
        st = wenc_utf8_encode_lenient_from_utf32(src, &sl, dl ? o : NULL, &dl, 0, 4);
        FUZZ_ASSERT(st == (bad < u32.len ? WENC_UNMAPPABLE : WENC_INPUT_EMPTY) && sl == bad &&
                        dl == want.len && (dl == 0 || memcmp(o, want.p, dl) == 0),
                    "lenient encoder, no flags: %s at %zu", wenc_status_name(st), sl);
        free(o);
        unsigned wflags = ((flags_byte >> 4) & 0x0Fu) << 1;
        for (int form = FUZZ_UTF16; form <= FUZZ_UTF32; form++) {
            fuzz_buf u16;
            fuzz_buf_init(&u16, 2);
            for (size_t i = 0; i + 1 < n; i += 2) {
                uint16_t u = (uint16_t)(data[i] | data[i + 1] << 8);
                fuzz_buf_append(&u16, &u, 1);
            }
            const void *s = form == FUZZ_UTF32 ? (const void *)u32.p : (const void *)u16.p;
            size_t len = form == FUZZ_UTF32 ? u32.len : u16.len;
            size_t unit = fuzz_form_unit[form];
            /* One call with room for everything (6 bytes per unit). */
            uint8_t *all = fuzz_xmalloc(len * 6 + 1);
            size_t s1 = len, d1 = len * 6;
            wenc_status st1 =
                form == FUZZ_UTF32
                    ? wenc_utf8_encode_lenient_from_utf32(s, &s1, d1 ? all : NULL, &d1, wflags,
                                                          max_length)
                    : wenc_utf8_encode_lenient_from_utf16(s, &s1, d1 ? all : NULL, &d1, wflags,
                                                          max_length);
            FUZZ_ASSERT(st1 == WENC_INPUT_EMPTY || st1 == WENC_UNMAPPABLE,
                        "lenient encoder 0x%X/%u: %s", wflags, max_length, wenc_status_name(st1));
            fuzz_buf out;
            fuzz_buf_init(&out, 1);
            size_t pos = 0;
            wenc_status st2;
            size_t at_least = 0;
            fuzz_room rooms = FUZZ_ROOM_INIT; /* one block for the calls */
            for (unsigned long calls = 0;; calls++) {
                FUZZ_ASSERT(calls < 8 * len + 16, "lenient encoder makes no progress");
                size_t room = fuzz_schedule_room(&sched, 12);
                if (room < at_least)
                    room = at_least;
                uint8_t *dst = fuzz_room_tail(&rooms, room);
                size_t s2 = len - pos, d2 = room;
                const void *at = s2 ? (const unsigned char *)s + pos * unit : NULL;
                st2 = form == FUZZ_UTF32
                          ? wenc_utf8_encode_lenient_from_utf32(at, &s2, room ? dst : NULL, &d2,
                                                                wflags, max_length)
                          : wenc_utf8_encode_lenient_from_utf16(at, &s2, room ? dst : NULL, &d2,
                                                                wflags, max_length);
                fuzz_buf_append(&out, dst, d2);
                pos += s2;
                if (st2 != WENC_OUTPUT_FULL)
                    break;
                /* Only whole code points: 12 bytes (a CESU-8 pair of
                ** 6-byte forms at most) always make progress. */
                FUZZ_ASSERT(room < 12 || s2 != 0, "lenient encoder: no progress");
                at_least = s2 == 0 ? 12 : 0;
            }
            fuzz_room_free(&rooms);
            FUZZ_ASSERT(st2 == st1 && pos == s1 && out.len == d1 &&
                            (d1 == 0 || memcmp(out.p, all, d1) == 0),
                        "lenient encoder 0x%X/%u in small buffers differs from one call",
                        wflags, max_length);
            fuzz_buf_free(&out);
            free(all);
            fuzz_buf_free(&u16);
        }
        fuzz_buf_free(&u32);
        fuzz_buf_free(&want);
    }

    /* wenc/latin1.h (issue 41), the spans as oracle: narrowing stops at the
    ** first malformed span or code point above U+00FF; the bytes as a
    ** one-byte string and as UTF-16LE units, against plain loops of their
    ** definitions. */
    {
        size_t room = fuzz_schedule_room(&sched, n) % (n + 1), want_read = n, prefix = n, o = 0;
        wenc_status want_st = WENC_INPUT_EMPTY;
        uint8_t *want_out = fuzz_xmalloc(n + 1), *l1 = fuzz_xmalloc(n + 1);
        for (size_t i = 0; i < spans.len; i++) {
            const span *sp = &FUZZ_BUF_AT(&spans, span, i);
            if (sp->cp < 0 || sp->cp > 0xFF) {
                if (prefix == n)
                    prefix = sp->start;
                if (want_read == n) {
                    want_read = sp->start;
                    want_st = sp->cp < 0 ? WENC_MALFORMED : WENC_UNMAPPABLE;
                }
                break;
            }
            if (want_read == n && o == room) {
                want_read = sp->start;
                want_st = WENC_OUTPUT_FULL;
            }
            if (want_read == n)
                want_out[o++] = (uint8_t)sp->cp;
        }
        FUZZ_ASSERT(wenc_utf8_latin1_prefix(data, n) == prefix, "utf8_latin1_prefix: %zu, want %zu",
                    wenc_utf8_latin1_prefix(data, n), prefix);
        size_t sl = n, dl = room;
        wenc_status lst = wenc_utf8_to_latin1(data, &sl, l1, &dl);
        FUZZ_ASSERT(lst == want_st && sl == want_read && dl == o && memcmp(l1, want_out, o) == 0,
                    "utf8_to_latin1 into %zu: %d %zu %zu, want %d %zu %zu", room, lst, sl, dl,
                    want_st, want_read, o);
        /* The bytes as a one-byte string. */
        uint8_t *u8 = fuzz_xmalloc(2 * n + 1), *w8 = fuzz_xmalloc(2 * n + 1);
        size_t m = 0, ascii_prefix = 0;
        for (size_t i = 0; i < n; i++) {
            if (data[i] < 0x80) {
                w8[m++] = data[i];
            } else {
                w8[m++] = (uint8_t)(0xC0 | data[i] >> 6);
                w8[m++] = (uint8_t)(0x80 | (data[i] & 0x3F));
            }
        }
        while (ascii_prefix < n && data[ascii_prefix] < 0x80)
            ascii_prefix++;
        FUZZ_ASSERT(wenc_latin1_to_utf8(data, n, u8) == m && memcmp(u8, w8, m) == 0 &&
                        wenc_utf8_length_from_latin1(data, n) == m &&
                        wenc_ascii_prefix(data, n) == ascii_prefix,
                    "latin1_to_utf8, utf8_length_from_latin1, ascii_prefix");
        /* Widened to UTF-16 (an exact block): unit i is byte i. */
        uint16_t *w16 = n ? fuzz_xmalloc(n * 2) : NULL;
        bool widened = wenc_latin1_to_utf16(data, n, w16) == n;
        for (size_t i = 0; widened && i < n; i++)
            widened = w16[i] == data[i];
        FUZZ_ASSERT(widened, "latin1_to_utf16");
        free(w16);
        size_t room8 = fuzz_schedule_room(&sched, m) % (m + 1), ri = 0, ro = 0;
        while (ri < n && room8 - ro >= (data[ri] < 0x80 ? 1u : 2u))
            ro += data[ri++] < 0x80 ? 1 : 2;
        memset(u8, 0xA5, 2 * n + 1);
        sl = n;
        dl = room8;
        lst = wenc_latin1_to_utf8_partial(data, &sl, u8, &dl);
        bool untouched = true;
        for (size_t k = ro; k < 2 * n + 1; k++)
            untouched &= u8[k] == 0xA5;
        FUZZ_ASSERT(lst == (ri == n ? WENC_INPUT_EMPTY : WENC_OUTPUT_FULL) && sl == ri && dl == ro &&
                        memcmp(u8, w8, ro) == 0 && untouched,
                    "latin1_to_utf8_partial into %zu", room8);
        /* The bytes as UTF-16LE units (an exact block). */
        size_t nu = n / 2, lp = 0, ap = 0, wf = nu;
        uint16_t *u16 = fuzz_xmalloc((nu + 1) * 2), *fixed = fuzz_xmalloc((nu + 1) * 2);
        for (size_t i = 0; i < nu; i++)
            u16[i] = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
        uint16_t *x16 = fuzz_exact_copy(u16, nu * 2);
        while (lp < nu && u16[lp] <= 0xFF)
            lp++;
        while (ap < nu && u16[ap] <= 0x7F)
            ap++;
        for (size_t i = 0; i < nu; i++) {
            uint32_t u = u16[i];
            bool lone = (u >= 0xD800 && u <= 0xDBFF && !(i + 1 < nu && u16[i + 1] >= 0xDC00 &&
                                                          u16[i + 1] <= 0xDFFF)) ||
                        (u >= 0xDC00 && u <= 0xDFFF && !(i > 0 && u16[i - 1] >= 0xD800 &&
                                                          u16[i - 1] <= 0xDBFF));
            if (lone && wf == nu)
                wf = i;
            fixed[i] = lone ? 0xFFFD : (uint16_t)u;
        }
        FUZZ_ASSERT(wenc_utf16_latin1_prefix(x16, nu) == lp &&
                        wenc_utf16_ascii_prefix(x16, nu) == ap &&
                        wenc_utf16_well_formed_prefix(x16, nu) == wf,
                    "utf16 prefixes (latin1 %zu, ascii %zu, well-formed %zu)", lp, ap, wf);
        size_t room16 = fuzz_schedule_room(&sched, nu) % (nu + 1), stop = lp < room16 ? lp : room16;
        sl = nu;
        dl = room16;
        lst = wenc_utf16_to_latin1(x16, &sl, l1, &dl);
        wenc_status st16 = stop == nu                  ? WENC_INPUT_EMPTY
                           : u16[stop] <= 0xFF         ? WENC_OUTPUT_FULL
                           : stop == wf                ? WENC_MALFORMED
                                                       : WENC_UNMAPPABLE;
        bool same = sl == stop && dl == stop;
        for (size_t k = 0; same && k < stop; k++)
            same = l1[k] == u16[k];
        FUZZ_ASSERT(lst == st16 && same, "utf16_to_latin1 into %zu: %d %zu, want %d %zu", room16,
                    lst, sl, st16, stop);
        uint16_t *y16 = fuzz_xmalloc((nu + 1) * 2);
        wenc_utf16_to_well_formed(x16, nu, y16);
        FUZZ_ASSERT(nu == 0 || memcmp(y16, fixed, nu * 2) == 0, "utf16_to_well_formed");
        wenc_utf16_to_well_formed(x16, nu, x16);
        FUZZ_ASSERT(nu == 0 || memcmp(x16, fixed, nu * 2) == 0, "utf16_to_well_formed in place");
        free(y16);
        free(x16);
        free(fixed);
        free(u16);
        free(u8);
        free(w8);
        free(l1);
        free(want_out);
    }

    /* Rendering: like snprintf, into exact and short buffers. */
    for (size_t i = 0; i < errs.len && i < 3; i++) {
        const span *sp = &FUZZ_BUF_AT(&errs, span, i);
        wenc_utf8_error re = {sp->start, (uint32_t)sp->length, sp->kind};
        size_t len = wenc_utf8_render_error(NULL, 0, data, n, 0, &re, context);
        FUZZ_ASSERT(len > 0, "render_error: empty rendering");
        char *buf = fuzz_xmalloc(len + 1);
        FUZZ_ASSERT(wenc_utf8_render_error(buf, len + 1, data, n, 0, &re, context) == len &&
                        buf[len] == '\0' && strlen(buf) == len,
                    "render_error into %zu bytes", len + 1);
        FUZZ_ASSERT(wenc_utf8_is_valid((const uint8_t *)buf, len), "the rendering is UTF-8");
        unsigned lines = 0;
        for (size_t k = 0; k < len; k++)
            lines += buf[k] == '\n';
        FUZZ_ASSERT(lines == 4 && buf[len - 1] == '\n', "the rendering has %u lines", lines);
        size_t short_size = fuzz_schedule_room(&sched, len) % (len + 1);
        char *sbuf = fuzz_xmalloc(short_size + 1);
        FUZZ_ASSERT(wenc_utf8_render_error(short_size ? sbuf : NULL, short_size, data, n, 0,
                                           &re, context) == len,
                    "render_error into %zu bytes", short_size);
        if (short_size > 0)
            FUZZ_ASSERT(sbuf[short_size - 1] == '\0' &&
                            memcmp(sbuf, buf, short_size - 1) == 0,
                        "render_error truncated");
        free(sbuf);
        free(buf);
    }

    fuzz_buf_free(&spans);
    fuzz_buf_free(&errs);
    free(data);
    return 0;
}
