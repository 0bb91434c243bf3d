/* textdecoder.c -- fuzz target for TextDecoder (wenc/text.h): a
** sequence of decode() calls with and without {stream}, fatal and
** ignoreBOM, to UTF-8 or UTF-16, into buffers of any size or allocated,
** against a literal model of the standard's decode() steps built on the
** core decoder (which decode.c checks).
**
** Input layout (docs/fuzzing.md):
**   byte 0  encoding: fuzz_encoding(byte); replacement must be refused
**           (WENC_REPLACEMENT_LABEL by label), then UTF-8 is used
**   byte 1  bit 0: fatal; bit 1: ignoreBOM; bit 2: output UTF-16 (else
**           UTF-8); bit 3: set up with wenc_text_decoder_init_with_encoding()
**           (else by a label of the encoding, bits 5-7 choosing which);
**           bit 4: the allocator fails (kept bytes, _alloc output)
**   byte 2  the {stream} flag of call i is bit i % 8; call i uses the
**           _alloc form when bit (i + 3) % 8 is set
**   then    the schedule (fuzz.h): each chunk is one decode() call, each
**           room a buffer size (OUTPUT_FULL: the same call goes on)
**   then    the bytes.  After the chunks, decode() with no input and no
**           {stream} ends the run.
**
** The model (the standard's decode(input, options) and serialize): a call
** made while "do not flush" is false gets a new decoder, an empty queue and
** "BOM seen" false; {stream} sets "do not flush"; the input joins the
** queue; the decoder runs over it (to end-of-queue unless {stream}); a
** fatal error throws (the call's output is discarded, the rest of the queue
** stays, "BOM seen" is unchanged); otherwise the output is serialized,
** dropping a first U+FEFF for UTF-8 and UTF-16BE/LE unless ignoreBOM.
** Checked: every call's status and output, the error's offset and length,
** the attributes, wenc_text_decoder_max_*_length(), exact allocations, and
** that nothing stays allocated after destroy.
**
** A twin text decoder (same options, its own allocator failing when the
** first's does) gets every call too, through buffers only, in one-byte form
** (wenc_text_decoder_decode_to_latin1, wenc/latin1.h), going on in the
** run's form after each WENC_UNMAPPABLE and back to one-byte as soon as a
** code point is whole; its rooms come from its own pass over the schedule.
** Its statuses, output and errors must be the first's and the model's. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct model {
    const wenc_encoding *enc;
    unsigned mode;
    bool ignore_bom, do_not_flush, bom_seen;
    wenc_decoder d;
    fuzz_buf queue; /* bytes */
} model;

/* One decode() call of the model.  Returns WENC_OK or WENC_MALFORMED; the
** serialized output goes to OUT (code points). */
static wenc_status model_decode(model *m, const uint8_t *src, size_t n, bool stream,
                                fuzz_buf *out, uint64_t *err_off, size_t *err_len)
{
    if (!m->do_not_flush) {
        FUZZ_ASSERT(wenc_get_decoder(&m->d, m->enc, m->mode) == WENC_OK, "get a decoder");
        fuzz_buf_clear(&m->queue);
        m->bom_seen = false;
    }
    m->do_not_flush = stream;
    fuzz_buf_append(&m->queue, src, n);
    size_t qn = m->queue.len;
    size_t bound = wenc_decoder_max_utf32_length(&m->d, qn);
    uint32_t *cps = fuzz_xmalloc(bound * sizeof *cps);
    size_t sl = qn, dl = bound;
    wenc_status st = wenc_decoder_decode_to_utf32(&m->d, qn ? m->queue.p : NULL, &sl, cps, &dl,
                                                  !stream);
    if (st == WENC_MALFORMED) {
        /* Throw: the unread rest stays in the queue. */
        memmove(m->queue.p, m->queue.p + sl, qn - sl);
        m->queue.len = qn - sl;
        *err_off = wenc_decoder_error_offset(&m->d);
        *err_len = wenc_decoder_error_length(&m->d);
        free(cps);
        return WENC_MALFORMED;
    }
    FUZZ_ASSERT(st == WENC_INPUT_EMPTY && sl == qn, "model decode: %s", wenc_status_name(st));
    fuzz_buf_clear(&m->queue);
    bool strips = !m->ignore_bom &&
                  (m->enc == WENC_UTF_8 || m->enc == WENC_UTF_16BE || m->enc == WENC_UTF_16LE);
    for (size_t i = 0; i < dl; i++) {
        if (strips && !m->bom_seen) {
            m->bom_seen = true;
            if (cps[i] == 0xFEFF)
                continue;
        }
        fuzz_buf_push_u32(out, cps[i]);
    }
    free(cps);
    return WENC_OK;
}

static size_t max_units(const wenc_text_decoder *td, int form, size_t n)
{
    return form == FUZZ_UTF8 ? wenc_text_decoder_max_utf8_length(td, n)
                             : wenc_text_decoder_max_utf16_length(td, n);
}

/* Appends the wide units gathered since the last one-byte output to CPS
** (they must be well-formed). */
static void flush_wide(int form, fuzz_buf *wide, fuzz_buf *cps)
{
    size_t bad = fuzz_units_to_cps(form, wide->p, wide->len, cps, NULL);
    if (bad != SIZE_MAX) {
        fuzz_dump("wide output", wide);
        fuzz_fail("one-byte twin: %s output is ill-formed at unit %zu", fuzz_form_name[form],
                  bad);
    }
    fuzz_buf_clear(wide);
}

/* Whether UTF-8 bytes (or any UTF-16: see wenc/latin1.h) end on a whole
** code point. */
static bool whole_units(int form, const fuzz_buf *b)
{
    size_t k = 0;
    while (form == FUZZ_UTF8 && k < b->len) {
        uint8_t c = b->p[k];
        k += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    }
    return form != FUZZ_UTF8 || k == b->len;
}

/* One decode() call of the twin: SRC[0..CLEN) through one-byte calls,
** WIDE_FORM after each stop; the output's code points go to CPS. */
static wenc_status twin_call(wenc_text_decoder *td, const uint8_t *src, size_t clen, bool stream,
                             int wide_form, fuzz_schedule *s, fuzz_room rooms[2], fuzz_buf *wide,
                             fuzz_buf *cps, unsigned long *calls, unsigned long limit)
{
    bool one = true, after_stop = false;
    size_t cpos = 0;
    wenc_status st;
    fuzz_buf_clear(wide);
    for (;;) {
        FUZZ_ASSERT(++*calls < limit, "one-byte twin makes no progress");
        size_t avail = clen - cpos;
        size_t bound = one ? wenc_text_decoder_max_utf16_length(td, avail)
                           : max_units(td, wide_form, avail);
        size_t room = fuzz_schedule_room(s, bound);
        void *dst = fuzz_room_tail(&rooms[one], room * (one ? 1 : fuzz_form_unit[wide_form]));
        size_t sl = avail, dl = room;
        const uint8_t *at = avail ? src + cpos : NULL;
        st = one ? wenc_text_decoder_decode_to_latin1(td, at, &sl, dst, &dl, stream)
             : wide_form == FUZZ_UTF8 ? wenc_text_decoder_decode_to_utf8(td, at, &sl, dst, &dl,
                                                                         stream)
                                      : wenc_text_decoder_decode_to_utf16(td, at, &sl, dst, &dl,
                                                                          stream);
        FUZZ_ASSERT(sl <= avail && dl <= room, "one-byte twin: consumed/wrote too much");
        FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                    "one-byte twin: OUTPUT_FULL with room %zu >= bound %zu", room, bound);
        FUZZ_ASSERT(one || st != WENC_UNMAPPABLE, "one-byte twin: UNMAPPABLE from a wide call");
        cpos += sl;
        if (one) {
            if (dl > 0)
                flush_wide(wide_form, wide, cps);
            for (size_t k = 0; k < dl; k++)
                fuzz_buf_push_u32(cps, ((const uint8_t *)dst)[k]);
            if (st == WENC_UNMAPPABLE) {
                one = false;
                after_stop = true;
            }
        } else {
            if (after_stop && dl > 0 && wide->len == 0)
                FUZZ_ASSERT(wide_form == FUZZ_UTF8 ? ((const uint8_t *)dst)[0] >= 0xC4
                                                   : ((const uint16_t *)dst)[0] > 0xFF,
                            "one-byte twin: stopped before a code point at most U+00FF");
            FUZZ_ASSERT(!after_stop || dl > 0 || st == WENC_OUTPUT_FULL,
                        "one-byte twin: nothing after WENC_UNMAPPABLE (%s)",
                        wenc_status_name(st));
            fuzz_buf_append(wide, dst, dl);
            if (dl > 0) {
                after_stop = false;
                one = whole_units(wide_form, wide);
            }
        }
        if (st != WENC_OUTPUT_FULL && st != WENC_UNMAPPABLE)
            break;
    }
    FUZZ_ASSERT(!after_stop, "one-byte twin: the call ended right after WENC_UNMAPPABLE");
    FUZZ_ASSERT(cpos == clen, "one-byte twin: %s with %zu of %zu bytes consumed",
                wenc_status_name(st), cpos, clen);
    flush_wide(wide_form, wide, cps);
    return st;
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
    unsigned plan = fuzz_byte(&in);
    fuzz_schedule sched;
    fuzz_schedule_read(&sched, &in);
    const uint8_t *data = in.p;
    size_t n = in.n;
    bool fatal = modes & 1u, ignore_bom = modes & 2u, by_encoding = modes & 8u;
    int form = modes & 4u ? FUZZ_UTF16 : FUZZ_UTF8;
    unsigned options = (fatal ? WENC_TEXT_DECODER_FATAL : 0) |
                       (ignore_bom ? WENC_TEXT_DECODER_IGNORE_BOM : 0);
    fuzz_allocator fa;
    fuzz_allocator_init(&fa);

    /* The constructor. */
    wenc_text_decoder td;
    if (enc == WENC_REPLACEMENT) {
        const char *l = wenc_encoding_label(enc, (modes >> 5) % 2);
        FUZZ_ASSERT(wenc_text_decoder_init(&td, l, strlen(l), options, &fa.a) ==
                        WENC_REPLACEMENT_LABEL,
                    "TextDecoder(\"%s\") must be refused", l);
        FUZZ_ASSERT(wenc_text_decoder_init_with_encoding(&td, enc, options, &fa.a) ==
                        WENC_INVALID_ARGUMENT,
                    "a text decoder stream for replacement must be refused");
        enc = WENC_UTF_8;
    }
    const char *label = NULL;
    if (by_encoding) {
        FUZZ_ASSERT(wenc_text_decoder_init_with_encoding(&td, enc, options, &fa.a) == WENC_OK,
                    "init_with_encoding");
    } else {
        size_t count = 0;
        while (wenc_encoding_label(enc, count) != NULL)
            count++;
        label = wenc_encoding_label(enc, (modes >> 5) % count);
        FUZZ_ASSERT(wenc_text_decoder_init(&td, label, strlen(label), options, &fa.a) == WENC_OK,
                    "TextDecoder(\"%s\")", label);
    }
    /* The one-byte twin, set up the same way. */
    fuzz_allocator fa2;
    fuzz_allocator_init(&fa2);
    wenc_text_decoder td2;
    FUZZ_ASSERT((by_encoding ? wenc_text_decoder_init_with_encoding(&td2, enc, options, &fa2.a)
                             : wenc_text_decoder_init(&td2, label, strlen(label), options,
                                                      &fa2.a)) == WENC_OK,
                "the twin's init");
    fa.fail = (modes & 16u) != 0;
    fa2.fail = fa.fail;
    FUZZ_ASSERT(wenc_text_decoder_encoding(&td) == enc &&
                    strcmp(wenc_text_decoder_encoding_name(&td),
                           wenc_encoding_lowercase_name(enc)) == 0 &&
                    wenc_text_decoder_fatal(&td) == fatal &&
                    wenc_text_decoder_ignore_bom(&td) == ignore_bom,
                "attributes");
    fuzz_set_context("TextDecoder %s (%s), %s%s, to %s, %zu bytes, %u schedule pairs, stream "
                     "bits %02X%s",
                     wenc_encoding_name(enc), label ? label : "by encoding",
                     fatal ? "fatal" : "replacement", ignore_bom ? ", ignoreBOM" : "",
                     fuzz_form_name[form], n, sched.count, plan, fa.fail ? ", no memory" : "");

    model m;
    memset(&m, 0, sizeof m);
    m.enc = enc;
    m.mode = fatal ? WENC_DECODER_FATAL : WENC_DECODER_REPLACEMENT;
    m.ignore_bom = ignore_bom;
    fuzz_buf_init(&m.queue, 1);

    fuzz_schedule sched2 = sched; /* the twin's own pass */
    fuzz_buf got, want, cps, wide2, cps2;
    fuzz_buf_init(&wide2, fuzz_form_unit[form]);
    fuzz_buf_init(&cps2, sizeof(uint32_t));
    fuzz_room rooms2[2] = {FUZZ_ROOM_INIT, FUZZ_ROOM_INIT}; /* per form: aligned tails */
    fuzz_buf_init(&got, fuzz_form_unit[form]);
    fuzz_buf_init(&want, sizeof(uint32_t));
    fuzz_buf_init(&cps, sizeof(uint32_t));
    size_t pos = 0;
    unsigned long total_calls = 0, twin_calls = 0;
    fuzz_room rooms = FUZZ_ROOM_INIT; /* one block for the buffer calls */
    for (unsigned call = 0;; call++) {
        bool final = pos == n && call > 0;
        size_t clen = final ? 0 : fuzz_schedule_chunk(&sched, n - pos);
        bool stream = final ? false : (plan >> (call % 8)) & 1u;
        bool use_alloc = (plan >> ((call + 3) % 8)) & 1u;
        const uint8_t *src = clen ? data + pos : NULL;

        fuzz_buf_clear(&want);
        uint64_t err_off = 0;
        size_t err_len = 0;
        wenc_status mst = model_decode(&m, src, clen, stream, &want, &err_off, &err_len);

        fuzz_buf_clear(&got);
        wenc_status st;
        if (use_alloc) {
            void *out = (void *)1;
            size_t len = 7;
            unsigned long before = fa.calls;
            st = form == FUZZ_UTF8
                     ? wenc_text_decoder_decode_to_utf8_alloc(&td, src, clen, stream, &fa.a,
                                                              (uint8_t **)&out, &len)
                     : wenc_text_decoder_decode_to_utf16_alloc(&td, src, clen, stream, &fa.a,
                                                               (uint16_t **)&out, &len);
            if (st == WENC_OK) {
                FUZZ_ASSERT(out != NULL && fa.last_size == (len + 1) * fuzz_form_unit[form],
                            "call %u: _alloc: %zu bytes for %zu units", call, fa.last_size, len);
                fuzz_buf_append(&got, out, len);
                wenc_free(&fa.a, out);
            } else {
                FUZZ_ASSERT(out == NULL && len == 0, "call %u: %s with output", call,
                            wenc_status_name(st));
            }
            if (st == WENC_NO_MEMORY && fa.calls > before && mst == WENC_OK) {
                /* The output allocation failed: as if the call was not made.
                ** Undo the model's call by replaying it on a copy is not
                ** possible, so stop here (the library was checked so far). */
                break;
            }
        } else {
            size_t cpos = 0;
            for (;;) {
                FUZZ_ASSERT(++total_calls < 64ul * (n + 64), "TextDecoder makes no progress");
                size_t avail = clen - cpos;
                size_t bound = max_units(&td, form, avail);
                size_t room = fuzz_schedule_room(&sched, bound);
                void *dst = fuzz_room_tail(&rooms, room * fuzz_form_unit[form]);
                size_t sl = avail, dl = room;
                const uint8_t *at = avail ? src + cpos : NULL;
                st = form == FUZZ_UTF8
                         ? wenc_text_decoder_decode_to_utf8(&td, at, &sl, dst, &dl, stream)
                         : wenc_text_decoder_decode_to_utf16(&td, at, &sl, dst, &dl, stream);
                FUZZ_ASSERT(sl <= avail && dl <= room, "call %u: consumed/wrote too much", call);
                fuzz_buf_append(&got, dst, dl);
                cpos += sl;
                FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                            "call %u: OUTPUT_FULL with room %zu >= bound %zu", call, room,
                            bound);
                if (st != WENC_OUTPUT_FULL)
                    break;
            }
            FUZZ_ASSERT(cpos == clen, "call %u: %s with %zu of %zu bytes consumed", call,
                        wenc_status_name(st), cpos, clen);
        }

        /* The twin: the same call, one-byte first. */
        fuzz_buf_clear(&cps2);
        wenc_status st2 = twin_call(&td2, src, clen, stream, form, &sched2, rooms2, &wide2,
                                    &cps2, &twin_calls, 64ul * (n + 64));
        FUZZ_ASSERT(st2 == st, "call %u: the one-byte twin says %s, the first %s", call,
                    wenc_status_name(st2), wenc_status_name(st));
        if (st2 == WENC_MALFORMED || st2 == WENC_NO_MEMORY)
            FUZZ_ASSERT(wenc_text_decoder_error_offset(&td2) == err_off &&
                            wenc_text_decoder_error_length(&td2) == err_len &&
                            wenc_text_decoder_unread_length(&td2) ==
                                wenc_text_decoder_unread_length(&td),
                        "call %u: the one-byte twin's error or kept bytes", call);
        if (st2 == WENC_MALFORMED && !use_alloc) {
            /* What came before the error, in both. */
            fuzz_buf_clear(&cps);
            FUZZ_ASSERT(fuzz_units_to_cps(form, got.p, got.len, &cps, NULL) == SIZE_MAX,
                        "call %u: ill-formed output before the error", call);
            if (cps.len != cps2.len ||
                (cps.len && memcmp(cps.p, cps2.p, cps.len * sizeof(uint32_t)) != 0)) {
                fuzz_dump_diff("first", &cps, "twin ", &cps2);
                fuzz_fail("call %u: the one-byte twin's output before the error differs", call);
            }
        } else if (st2 != WENC_MALFORMED && st2 != WENC_NO_MEMORY &&
                   (cps2.len != want.len ||
                    (want.len && memcmp(cps2.p, want.p, want.len * sizeof(uint32_t)) != 0))) {
            fuzz_dump_diff("model", &want, "twin ", &cps2);
            fuzz_fail("call %u (%zu bytes, stream %d): the one-byte twin's output differs", call,
                      clen, stream);
        }

        if (st == WENC_NO_MEMORY) {
            /* Only the kept bytes after a fatal error in a streaming call
            ** need memory: they are dropped, the next call starts afresh. */
            FUZZ_ASSERT(fa.fail && mst == WENC_MALFORMED && stream,
                        "call %u: NO_MEMORY (model %s)", call, wenc_status_name(mst));
            m.do_not_flush = false;
        } else {
            FUZZ_ASSERT(st == mst, "call %u (%zu bytes, stream %d): %s, the model %s", call,
                        clen, stream, wenc_status_name(st), wenc_status_name(mst));
        }
        if (st == WENC_MALFORMED || st == WENC_NO_MEMORY) {
            FUZZ_ASSERT(wenc_text_decoder_error_offset(&td) == err_off &&
                            wenc_text_decoder_error_length(&td) == err_len,
                        "call %u: error at %llu+%zu, the model %llu+%zu", call,
                        (unsigned long long)wenc_text_decoder_error_offset(&td),
                        wenc_text_decoder_error_length(&td), (unsigned long long)err_off,
                        err_len);
        } else {
            fuzz_buf_clear(&cps);
            size_t bad = fuzz_units_to_cps(form, got.p, got.len, &cps, NULL);
            FUZZ_ASSERT(bad == SIZE_MAX, "call %u: ill-formed output at unit %zu", call, bad);
            if (cps.len != want.len ||
                (cps.len && memcmp(cps.p, want.p, cps.len * sizeof(uint32_t)) != 0)) {
                fuzz_dump_diff("model", &want, "got  ", &cps);
                fuzz_fail("call %u (%zu bytes, stream %d): output differs", call, clen, stream);
            }
        }
        pos += clen;
        if (final)
            break;
    }

    wenc_text_decoder_destroy(&td);
    wenc_text_decoder_destroy(&td);
    FUZZ_ASSERT(fa.live == 0, "%ld blocks not freed after destroy", fa.live);
    wenc_text_decoder_destroy(&td2);
    FUZZ_ASSERT(fa2.live == 0, "the twin: %ld blocks not freed after destroy", fa2.live);
    fuzz_buf_free(&wide2);
    fuzz_buf_free(&cps2);
    fuzz_room_free(&rooms2[0]);
    fuzz_room_free(&rooms2[1]);
    fuzz_buf_free(&got);
    fuzz_buf_free(&want);
    fuzz_buf_free(&cps);
    fuzz_buf_free(&m.queue);
    fuzz_room_free(&rooms);
    return 0;
}
