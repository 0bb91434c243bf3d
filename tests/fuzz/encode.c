/* encode.c -- fuzz target for every encoder through wenc/encoder.h: fatal
** and html modes, input as UTF-8, UTF-16 or UTF-32 (well-formed or not, or
** text decoded from the fuzz bytes so every mapped character is reachable),
** with the input also choosing the chunk split points and buffer sizes.
**
** Input layout (docs/fuzzing.md):
**   byte 0  encoding: wenc_encoding_at(byte % WENC_ENCODING_COUNT); one
**           without an encoder must refuse init with WENC_NO_ENCODER and is
**           replaced by wenc_encoding_output_encoding() (UTF-8)
**   byte 1  bit 0: html mode for the streaming run; bits 1-2: the input:
**           0 the bytes as UTF-8, 1 as UTF-16 (2 bytes each, little-endian),
**           2 as UTF-32 (4 bytes each, little-endian; if the top byte is
**           0x01-0x7F the value is reduced modulo 0x110000), 3 the bytes
**           decoded by byte 0's decoder (replacement mode) and given in the
**           form of bits 3-4 (0 UTF-8, 1 UTF-16, 2 and 3 UTF-32)
**   byte 2  bits 0-3: fork the encoder (memcpy) after that many calls of the
**           streaming run (0: never); bit 4: end with an extra empty call
**   then    the schedule (fuzz.h), then the data.
**
** Invariants checked, beyond "no crash, no out-of-bounds access":
** - ill-formed input is read as the standard reads it (fuzz_scalars(), a
**   transcription of the UTF-8 decoder and of JavaScript's conversion):
**   the same errors at the same offsets, wenc_encoder_replacement_count();
** - each WENC_UNMAPPABLE names the code point (U+FFFD for ISO-2022-JP's
**   0E/0F/1B) and the offset of its first input unit;
** - html mode's output is fatal mode's (resumed after each error) with the
**   NCR "&#N;" of each error inserted where it stopped;
** - the same text as UTF-8, UTF-16 and UTF-32 gives the same bytes;
** - the streaming run (any split, any buffer sizes, forked midway) gives
**   the same bytes and errors as one call;
** - a buffer of wenc_encoder_max_length_from_*() bytes never gives
**   OUTPUT_FULL, and any room >= 1 makes progress;
** - decode(encode(x)) == x: decoding html mode's output with the encoding's
**   decoder gives the input with each error as its NCR, after the standard's
**   one-way mappings (norm_cp()); in fatal mode, the bytes before the first
**   error decode to exactly the input before it;
** - with the reference model (fuzz.h), fatal mode's bytes and errors and
**   html mode's bytes are the model's, a transcription of the standard;
** - positions add up; a finished or reset encoder encodes again
**   identically. */
#include "fuzz.h"
#include "ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct enc_error {
    uint32_t cp;
    uint64_t offset; /* input units */
    size_t at;       /* output bytes before it */
} enc_error;

typedef struct enc_run {
    fuzz_buf bytes;
    fuzz_buf errors; /* enc_error */
    uint64_t replacements;
} enc_run;

static void run_init(enc_run *r)
{
    fuzz_buf_init(&r->bytes, 1);
    fuzz_buf_init(&r->errors, sizeof(enc_error));
    r->replacements = 0;
}

static void run_free(enc_run *r)
{
    fuzz_buf_free(&r->bytes);
    fuzz_buf_free(&r->errors);
}

static wenc_status encode_call(wenc_encoder *e, int form, const void *src, size_t *src_len,
                               uint8_t *dst, size_t *dst_len, bool last)
{
    if (form == FUZZ_UTF8)
        return wenc_encoder_encode_from_utf8(e, src, src_len, dst, dst_len, last);
    if (form == FUZZ_UTF16)
        return wenc_encoder_encode_from_utf16(e, src, src_len, dst, dst_len, last);
    return wenc_encoder_encode_from_utf32(e, src, src_len, dst, dst_len, last);
}

static size_t max_bytes(const wenc_encoder *e, int form, size_t n)
{
    size_t bound;
    if (form == FUZZ_UTF8)
        bound = wenc_encoder_max_length_from_utf8(e, n);
    else if (form == FUZZ_UTF16)
        bound = wenc_encoder_max_length_from_utf16(e, n);
    else
        bound = wenc_encoder_max_length_from_utf32(e, n);
    FUZZ_ASSERT(bound <= 16 * n + 64, "max length %zu for %zu units", bound, n);
    return bound;
}

static void init_encoder(wenc_encoder *e, const wenc_encoding *enc, unsigned flags)
{
    wenc_status st = wenc_encoder_init(e, enc, flags);
    FUZZ_ASSERT(st == WENC_OK, "init: %s", wenc_status_name(st));
    FUZZ_ASSERT(wenc_encoder_position(e) == 0 && wenc_encoder_error_offset(e) == 0 &&
                    wenc_encoder_error_code_point(e) == 0 &&
                    wenc_encoder_replacement_count(e) == 0 && wenc_encoder_encoding(e) == enc,
                "fresh encoder state");
}

static void record_error(const wenc_encoder *e, enc_run *r)
{
    enc_error x = {wenc_encoder_error_code_point(e), wenc_encoder_error_offset(e),
                   r->bytes.len};
    fuzz_buf_append(&r->errors, &x, 1);
}

/* The output blocks of the one-call runs and of decode_bytes(): one each
** per input (freed at its end), handed out as their tails (fuzz.h), so that
** the half dozen runs of an input cost one allocation, not one each.  (Two
** blocks, so that the UTF-32 output's tail is aligned.) */
static fuzz_room whole_room = FUZZ_ROOM_INIT, cps_room = FUZZ_ROOM_INIT;

/* Encodes SRC[0..N) (units of FORM) with E in one call with the advertised
** room, calling again after each error. */
static void encode_whole(wenc_encoder *e, int form, const void *src, size_t n, enc_run *r)
{
    size_t unit = fuzz_form_unit[form];
    uint64_t base = wenc_encoder_position(e);
    uint64_t repl0 = wenc_encoder_replacement_count(e);
    size_t pos = 0;
    for (unsigned iter = 0;; iter++) {
        FUZZ_ASSERT(iter <= n + 2, "one-shot encoding makes no progress");
        size_t avail = n - pos;
        size_t bound = max_bytes(e, form, avail);
        uint8_t *dst = fuzz_room_tail(&whole_room, bound);
        size_t src_len = avail, dst_len = bound;
        const void *at = src != NULL ? (const unsigned char *)src + pos * unit : NULL;
        wenc_status st = encode_call(e, form, at, &src_len, dst, &dst_len, true);
        FUZZ_ASSERT(src_len <= avail && dst_len <= bound,
                    "one-shot: consumed %zu of %zu, wrote %zu of %zu", src_len, avail, dst_len,
                    bound);
        fuzz_buf_append(&r->bytes, dst, dst_len);
        pos += src_len;
        FUZZ_ASSERT(wenc_encoder_position(e) == base + pos, "position");
        if (st == WENC_UNMAPPABLE) {
            FUZZ_ASSERT(src_len != 0, "UNMAPPABLE without consuming the code point");
            record_error(e, r);
            continue;
        }
        FUZZ_ASSERT(st == WENC_INPUT_EMPTY,
                    "one-shot with room %zu (the advertised bound) returned %s", bound,
                    wenc_status_name(st));
        FUZZ_ASSERT(pos == n, "INPUT_EMPTY with %zu of %zu units consumed", pos, n);
        break;
    }
    r->replacements = wenc_encoder_replacement_count(e) - repl0;
}

/* One call with everything (resumed after each error) by a fresh encoder;
** the encoder is left in *KEEP when KEEP is not NULL (the reuse checks go
** on with it instead of encoding the input once more). */
static void oneshot_keep(const wenc_encoding *enc, unsigned flags, int form, const void *src,
                         size_t n, enc_run *r, wenc_encoder *keep)
{
    wenc_encoder e;
    init_encoder(&e, enc, flags);
    encode_whole(&e, form, src, n, r);
    if (keep != NULL)
        *keep = e;
}

static void oneshot(const wenc_encoding *enc, unsigned flags, int form, const void *src,
                    size_t n, enc_run *r)
{
    oneshot_keep(enc, flags, form, src, n, r, NULL);
}

static void streaming(const wenc_encoding *enc, unsigned flags, int form, const void *src,
                      size_t n, fuzz_schedule *s, unsigned fork_at, bool empty_last,
                      enc_run *r)
{
    size_t unit = fuzz_form_unit[form];
    wenc_encoder *e = fuzz_xmalloc(sizeof *e);
    init_encoder(e, enc, flags);
    size_t pos = 0;
    unsigned long calls = 0, limit = 64ul * (n + 16);
    /* Output rooms share one block (fuzz.h); each chunk stays a block of
    ** its own, freed after its calls. */
    fuzz_room rooms = FUZZ_ROOM_INIT;
    for (bool done = false; !done;) {
        size_t clen = fuzz_schedule_chunk(s, n - pos);
        bool last = pos + clen == n && !(empty_last && clen != 0);
        unsigned char *chunk =
            clen != 0 ? fuzz_exact_copy((const unsigned char *)src + pos * unit, clen * unit)
                      : NULL;
        size_t cpos = 0;
        for (;;) {
            calls++;
            FUZZ_ASSERT(calls <= limit, "streaming encode makes no progress");
            size_t avail = clen - cpos;
            size_t bound = max_bytes(e, form, avail);
            size_t room = fuzz_schedule_room(s, bound);
            uint8_t *dst = fuzz_room_tail(&rooms, room);
            size_t src_len = avail, dst_len = room;
            uint64_t before = wenc_encoder_position(e);
            wenc_status st = encode_call(e, form, chunk != NULL ? chunk + cpos * unit : NULL,
                                         &src_len, dst, &dst_len, last);
            FUZZ_ASSERT(src_len <= avail && dst_len <= room,
                        "consumed %zu of %zu, wrote %zu of %zu", src_len, avail, dst_len, room);
            FUZZ_ASSERT(wenc_encoder_position(e) == before + src_len, "position");
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room < bound,
                        "OUTPUT_FULL with room %zu >= advertised bound %zu", room, bound);
            FUZZ_ASSERT(st != WENC_OUTPUT_FULL || room == 0 || src_len != 0 || dst_len != 0,
                        "OUTPUT_FULL with room %zu but no progress", room);
            FUZZ_ASSERT(st == WENC_INPUT_EMPTY || st == WENC_OUTPUT_FULL ||
                            st == WENC_UNMAPPABLE,
                        "status %s", wenc_status_name(st));
            FUZZ_ASSERT(st != WENC_UNMAPPABLE || !(flags & WENC_ENCODER_HTML),
                        "UNMAPPABLE in html mode");
            fuzz_buf_append(&r->bytes, dst, dst_len);
            cpos += src_len;
            if (calls == fork_at) {
                wenc_encoder *copy = fuzz_xmalloc(sizeof *copy);
                memcpy(copy, e, sizeof *e);
                memset(e, 0xA5, sizeof *e);
                free(e);
                e = copy;
            }
            if (st == WENC_UNMAPPABLE) {
                record_error(e, r);
                continue;
            }
            if (st == WENC_OUTPUT_FULL)
                continue;
            FUZZ_ASSERT(cpos == clen, "INPUT_EMPTY with %zu of %zu units consumed", cpos, clen);
            break;
        }
        free(chunk);
        pos += clen;
        done = last;
    }
    FUZZ_ASSERT(wenc_encoder_position(e) == n, "final position");
    r->replacements = wenc_encoder_replacement_count(e);
    fuzz_room_free(&rooms);
    free(e);
}

static void dump_errors(const char *label, const enc_run *r)
{
    fprintf(stderr, "  %s errors (%zu):", label, r->errors.len);
    for (size_t i = 0; i < r->errors.len && i < 16; i++) {
        const enc_error *x = &FUZZ_BUF_AT(&r->errors, enc_error, i);
        fprintf(stderr, " [U+%04lX off %llu at %zu]", (unsigned long)x->cp,
                (unsigned long long)x->offset, x->at);
    }
    fprintf(stderr, "\n");
}

/* Same bytes and errors; error offsets compared only if OFFSETS. */
static void same(const enc_run *a, const enc_run *b, bool offsets, uint64_t shift,
                 const char *what)
{
    bool ok = a->bytes.len == b->bytes.len &&
              (a->bytes.len == 0 || memcmp(a->bytes.p, b->bytes.p, a->bytes.len) == 0) &&
              a->errors.len == b->errors.len;
    for (size_t i = 0; ok && i < a->errors.len; i++) {
        const enc_error *x = &FUZZ_BUF_AT(&a->errors, enc_error, i);
        const enc_error *y = &FUZZ_BUF_AT(&b->errors, enc_error, i);
        ok = x->cp == y->cp && x->at == y->at && (!offsets || x->offset + shift == y->offset);
    }
    if (!ok) {
        fuzz_dump_diff("expected", &a->bytes, "got     ", &b->bytes);
        dump_errors("expected", a);
        dump_errors("got     ", b);
        fuzz_fail("%s: runs differ", what);
    }
}

/* The standard's one-way mappings: what the encoder's bytes for CP decode
** to, where that is not CP itself. */
static const uint16_t iso_2022_jp_katakana[63] = {
    /* index-iso-2022-jp-katakana.txt, pointers 0-62 (U+FF61-U+FF9F). */
    0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9,
    0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB,
    0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1,
    0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5,
    0x30D8, 0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9,
    0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x309B, 0x309C,
};

static const uint16_t gb18030_pua[18][2] = {
    /* The encoder's side table (gb18030 encoder step 5): the old PUA code
    ** points give the two bytes that now decode to these. */
    {0xE78D, 0xFE10}, {0xE78E, 0xFE12}, {0xE78F, 0xFE11}, {0xE790, 0xFE13}, {0xE791, 0xFE14},
    {0xE792, 0xFE15}, {0xE793, 0xFE16}, {0xE794, 0xFE17}, {0xE795, 0xFE18}, {0xE796, 0xFE19},
    {0xE81E, 0x9FB4}, {0xE826, 0x9FB5}, {0xE82B, 0x9FB6}, {0xE82C, 0x9FB7}, {0xE832, 0x9FB8},
    {0xE843, 0x9FB9}, {0xE854, 0x9FBA}, {0xE864, 0x9FBB},
};

static uint32_t norm_cp(const wenc_encoding *enc, uint32_t cp)
{
    if (enc == WENC_GB18030 || enc == WENC_GBK) {
        for (unsigned i = 0; i < 18; i++)
            if (gb18030_pua[i][0] == cp)
                return gb18030_pua[i][1];
    } else if (enc == WENC_EUC_JP || enc == WENC_SHIFT_JIS) {
        if (cp == 0x00A5)
            return 0x5C;
        if (cp == 0x203E)
            return 0x7E;
        if (cp == 0x2212)
            return 0xFF0D;
    } else if (enc == WENC_ISO_2022_JP) {
        if (cp == 0x2212)
            return 0xFF0D;
        if (cp >= 0xFF61 && cp <= 0xFF9F)
            return iso_2022_jp_katakana[cp - 0xFF61];
    }
    return cp;
}

/* Decodes BYTES with ENC's decoder, replacement mode, into CPS. */
static void decode_bytes(const wenc_encoding *enc, const uint8_t *bytes, size_t n,
                         fuzz_buf *cps)
{
    wenc_decoder d;
    FUZZ_ASSERT(wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT) == WENC_OK, "decoder");
    size_t bound = wenc_decoder_max_utf32_length(&d, n);
    uint32_t *out = fuzz_room_tail(&cps_room, bound * sizeof *out);
    size_t src_len = n, dst_len = bound;
    wenc_status st = wenc_decoder_decode_to_utf32(&d, bytes, &src_len, out, &dst_len, true);
    FUZZ_ASSERT(st == WENC_INPUT_EMPTY && src_len == n, "decoding for the round trip: %s",
                wenc_status_name(st));
    fuzz_buf_append(cps, out, dst_len);
}

static size_t find_scalar(const fuzz_buf *xs, uint64_t offset)
{
    size_t lo = 0, hi = xs->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (FUZZ_BUF_AT(xs, fuzz_scalar, mid).offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < xs->len && FUZZ_BUF_AT(xs, fuzz_scalar, lo).offset == offset ? lo : SIZE_MAX;
}

/* Against the reference model, on the scalar values XS. */
static void check_ref(const wenc_encoding *enc, const fuzz_buf *xs, const enc_run *fatal,
                      const enc_run *html)
{
    size_t n = xs->len;
    uint32_t *cps = fuzz_xmalloc((n ? n : 1) * sizeof *cps);
    for (size_t j = 0; j < n; j++)
        cps[j] = FUZZ_BUF_AT(xs, fuzz_scalar, j).cp;
    enc_run want;
    run_init(&want);
    uint8_t *out = NULL;
    size_t out_len = 0, base = 0;
    ref_encoder *re = ref_encoder_new(wenc_encoding_name(enc));
    FUZZ_ASSERT(re != NULL, "the reference model has no encoder for %s",
                wenc_encoding_name(enc));
    for (;;) {
        uint32_t err = 0;
        long k = ref_encode(re, cps + base, n - base, 1, REF_FATAL, &out, &out_len, &err);
        if (k < 0)
            break;
        base += (size_t)k;
        /* The offset field holds the scalar value's index here. */
        enc_error x = {err, FUZZ_BUF_AT(xs, fuzz_scalar, base).offset, out_len};
        fuzz_buf_append(&want.errors, &x, 1);
        base++;
    }
    ref_encoder_free(re);
    fuzz_buf_append(&want.bytes, out, out_len);
    same(&want, fatal, true, 0, "fatal mode against the reference model");
    free(out);
    out = NULL;
    out_len = 0;
    re = ref_encoder_new(wenc_encoding_name(enc));
    uint32_t err = 0;
    FUZZ_ASSERT(ref_encode(re, cps, n, 1, REF_HTML, &out, &out_len, &err) < 0, "html mode");
    ref_encoder_free(re);
    run_free(&want);
    run_init(&want);
    fuzz_buf_append(&want.bytes, out, out_len);
    same(&want, html, false, 0, "html mode against the reference model");
    free(out);
    run_free(&want);
    free(cps);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size < 3)
        return 0;
    fuzz_input in = {input, size};
    const wenc_encoding *source_enc = fuzz_encoding(fuzz_byte(&in));
    if (fuzz_left_out(source_enc))
        return 0; /* -Dencodings left it out */
    unsigned modes = fuzz_byte(&in);
    unsigned extra = fuzz_byte(&in);
    fuzz_schedule sched;
    fuzz_schedule_read(&sched, &in);
    const uint8_t *data = in.p;
    size_t n = in.n;

    /* The encoding. */
    const wenc_encoding *enc = source_enc;
    {
        wenc_encoder probe;
        memset(&probe, 0x5A, sizeof probe);
        wenc_status st = wenc_encoder_init(&probe, enc, WENC_ENCODER_FATAL);
        bool has = wenc_encoding_has_encoder(enc);
        FUZZ_ASSERT(st == (has ? WENC_OK : WENC_NO_ENCODER), "init %s: %s",
                    wenc_encoding_name(enc), wenc_status_name(st));
        if (!has) {
            enc = wenc_encoding_output_encoding(enc);
            FUZZ_ASSERT(enc == WENC_UTF_8, "output encoding");
        }
    }
    unsigned mode = modes & 1u ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL;
    unsigned source = (modes >> 1) & 3u;
    int form = source == 3 ? (int)((modes >> 3) & 3u) % FUZZ_FORMS : (int)source;
    if (source == 3 && ((modes >> 3) & 3u) == 3)
        form = FUZZ_UTF32;
    unsigned fork_at = extra & 0x0Fu;
    bool empty_last = (extra & 0x10u) != 0;

    /* The input units. */
    fuzz_buf units;
    fuzz_buf_init(&units, fuzz_form_unit[form]);
    if (source == 0) {
        fuzz_buf_append(&units, data, n);
    } else if (source == 1) {
        for (size_t i = 0; i + 1 < n; i += 2) {
            uint16_t u = (uint16_t)(data[i] | data[i + 1] << 8);
            fuzz_buf_append(&units, &u, 1);
        }
    } else if (source == 2) {
        for (size_t i = 0; i + 3 < n; i += 4) {
            uint32_t u = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 |
                         (uint32_t)data[i + 2] << 16 | (uint32_t)data[i + 3] << 24;
            if (data[i + 3] >= 0x01 && data[i + 3] <= 0x7F)
                u %= 0x110000;
            fuzz_buf_push_u32(&units, u);
        }
    } else {
        fuzz_buf cps;
        fuzz_buf_init(&cps, sizeof(uint32_t));
        decode_bytes(source_enc, data, n, &cps);
        for (size_t i = 0; i < cps.len; i++)
            fuzz_put_cp(form, FUZZ_BUF_AT(&cps, uint32_t, i), &units);
        fuzz_buf_free(&cps);
    }
    size_t len = units.len;
    fuzz_set_context("encode %s (byte 0: %s), %s, from %s%s, %zu units, %u schedule pairs%s",
                     wenc_encoding_name(enc), wenc_encoding_name(source_enc),
                     mode ? "html" : "fatal", fuzz_form_name[form],
                     source == 3 ? " (decoded text)" : "", len, sched.count,
                     empty_last ? ", empty last call" : "");

    /* How the standard reads the input. */
    fuzz_buf xs;
    fuzz_buf_init(&xs, sizeof(fuzz_scalar));
    fuzz_scalars(form, units.p, len, &xs);
    uint64_t replaced = 0;
    for (size_t i = 0; i < xs.len; i++)
        replaced += FUZZ_BUF_AT(&xs, fuzz_scalar, i).replaced;

    /* Reference runs: fatal (resumed) and html, one call each. */
    enc_run fatal, html;
    run_init(&fatal);
    run_init(&html);
    wenc_encoder kept; /* the encoder of the run in MODE, kept for the reuse checks */
    oneshot_keep(enc, WENC_ENCODER_FATAL, form, units.p, len, &fatal, mode ? NULL : &kept);
    oneshot_keep(enc, WENC_ENCODER_HTML, form, units.p, len, &html, mode ? &kept : NULL);
    FUZZ_ASSERT(fatal.replacements == replaced && html.replacements == replaced,
                "replacement count %llu / %llu, the standard reads %llu U+FFFD",
                (unsigned long long)fatal.replacements, (unsigned long long)html.replacements,
                (unsigned long long)replaced);

    /* Each error names a code point of the input, in order. */
    fuzz_buf is_error; /* per scalar: 1 if the encoder stopped at it */
    fuzz_buf_init(&is_error, 1);
    for (size_t i = 0; i < xs.len; i++)
        fuzz_buf_append(&is_error, "", 1);
    size_t first_error = xs.len, prev = SIZE_MAX;
    for (size_t i = 0; i < fatal.errors.len; i++) {
        const enc_error *x = &FUZZ_BUF_AT(&fatal.errors, enc_error, i);
        size_t j = find_scalar(&xs, x->offset);
        FUZZ_ASSERT(j != SIZE_MAX && (prev == SIZE_MAX || j > prev),
                    "error %zu: offset %llu is not the start of a later code point", i,
                    (unsigned long long)x->offset);
        uint32_t cp = FUZZ_BUF_AT(&xs, fuzz_scalar, j).cp;
        uint32_t want = enc == WENC_ISO_2022_JP && (cp == 0x0E || cp == 0x0F || cp == 0x1B)
                            ? 0xFFFD
                            : cp;
        FUZZ_ASSERT(x->cp == want, "error %zu: code point U+%04lX, the input has U+%04lX", i,
                    (unsigned long)x->cp, (unsigned long)cp);
        FUZZ_ASSERT(enc != WENC_UTF_8, "UTF-8 reported U+%04lX unmappable",
                    (unsigned long)x->cp);
        is_error.p[j] = 1;
        if (i == 0)
            first_error = j;
        prev = j;
    }

    if (fuzz_compare_ref(input, size))
        check_ref(enc, &xs, &fatal, &html);

    /* html == fatal with the NCRs inserted. */
    {
        enc_run merged;
        run_init(&merged);
        size_t from = 0;
        for (size_t i = 0; i < fatal.errors.len; i++) {
            const enc_error *x = &FUZZ_BUF_AT(&fatal.errors, enc_error, i);
            if (x->at != from)
                fuzz_buf_append(&merged.bytes, fatal.bytes.p + from, x->at - from);
            fuzz_append_ncr(&merged.bytes, x->cp);
            from = x->at;
        }
        if (fatal.bytes.len != from)
            fuzz_buf_append(&merged.bytes, fatal.bytes.p + from, fatal.bytes.len - from);
        same(&merged, &html, false, 0, "html mode against fatal mode with NCRs");
        run_free(&merged);
    }

    /* Round trip.  html's bytes decode to the input with each error as its
    ** NCR; fatal's bytes before the first error to the input before it. */
    {
        fuzz_buf want, got;
        fuzz_buf_init(&want, sizeof(uint32_t));
        fuzz_buf_init(&got, sizeof(uint32_t));
        for (size_t j = 0; j < xs.len; j++) {
            const fuzz_scalar *x = &FUZZ_BUF_AT(&xs, fuzz_scalar, j);
            if (is_error.p[j]) {
                uint32_t cp = enc == WENC_ISO_2022_JP &&
                                      (x->cp == 0x0E || x->cp == 0x0F || x->cp == 0x1B)
                                  ? 0xFFFD
                                  : x->cp;
                char s[16];
                int k = snprintf(s, sizeof s, "&#%lu;", (unsigned long)cp);
                for (int i = 0; i < k; i++)
                    fuzz_buf_push_u32(&want, (uint8_t)s[i]);
            } else {
                fuzz_buf_push_u32(&want, norm_cp(enc, x->cp));
            }
        }
        decode_bytes(enc, html.bytes.p, html.bytes.len, &got);
        if (want.len != got.len ||
            (want.len != 0 && memcmp(want.p, got.p, want.len * sizeof(uint32_t)) != 0)) {
            fuzz_dump("bytes   ", &html.bytes);
            fuzz_dump_diff("expected", &want, "decoded ", &got);
            fuzz_fail("html-mode output does not decode to the input");
        }
        fuzz_buf_clear(&want);
        fuzz_buf_clear(&got);
        for (size_t j = 0; j < first_error; j++)
            fuzz_buf_push_u32(&want, norm_cp(enc, FUZZ_BUF_AT(&xs, fuzz_scalar, j).cp));
        size_t upto = fatal.errors.len ? FUZZ_BUF_AT(&fatal.errors, enc_error, 0).at
                                       : fatal.bytes.len;
        decode_bytes(enc, fatal.bytes.p, upto, &got);
        if (want.len != got.len ||
            (want.len != 0 && memcmp(want.p, got.p, want.len * sizeof(uint32_t)) != 0)) {
            fuzz_dump_diff("expected", &want, "decoded ", &got);
            fuzz_fail("fatal-mode output before the first error does not decode to the "
                      "input before it");
        }
        fuzz_buf_free(&want);
        fuzz_buf_free(&got);
    }

    /* The same text in the other forms (well-formed: U+FFFD where the
    ** input was ill-formed) gives the same bytes. */
    enc_run *ref = mode ? &html : &fatal;
    for (int f = FUZZ_UTF8; f <= FUZZ_UTF32; f++) {
        if (f == form)
            continue;
        fuzz_buf other, offsets;
        fuzz_buf_init(&other, fuzz_form_unit[f]);
        fuzz_buf_init(&offsets, sizeof(uint64_t));
        for (size_t j = 0; j < xs.len; j++) {
            uint64_t off = other.len;
            fuzz_buf_append(&offsets, &off, 1);
            fuzz_put_cp(f, FUZZ_BUF_AT(&xs, fuzz_scalar, j).cp, &other);
        }
        enc_run r;
        run_init(&r);
        oneshot(enc, mode, f, other.p, other.len, &r);
        same(ref, &r, false, 0, fuzz_form_name[f]);
        for (size_t i = 0; i < r.errors.len; i++) {
            uint64_t want = FUZZ_BUF_AT(&offsets, uint64_t,
                                        find_scalar(&xs, FUZZ_BUF_AT(&ref->errors, enc_error,
                                                                     i).offset));
            FUZZ_ASSERT(FUZZ_BUF_AT(&r.errors, enc_error, i).offset == want,
                        "%s: error %zu at offset %llu, expected %llu", fuzz_form_name[f], i,
                        (unsigned long long)FUZZ_BUF_AT(&r.errors, enc_error, i).offset,
                        (unsigned long long)want);
        }
        FUZZ_ASSERT(r.replacements == 0, "replacements in well-formed input");
        run_free(&r);
        fuzz_buf_free(&other);
        fuzz_buf_free(&offsets);
    }

    /* The streaming run. */
    {
        enc_run s;
        run_init(&s);
        streaming(enc, mode, form, units.p, len, &sched, fork_at, empty_last, &s);
        same(ref, &s, true, 0, "streaming against one call");
        FUZZ_ASSERT(s.replacements == replaced, "streaming replacement count");
        run_free(&s);
    }

    /* Reuse: a finished encoder is back in its initial state; a reset one
    ** also has its counters rewound.  KEPT finished the one-call run REF
    ** came from. */
    {
        wenc_encoder e = kept;
        enc_run r;
        run_init(&r);
        encode_whole(&e, form, units.p, len, &r);
        same(ref, &r, true, len, "second stream on a finished encoder");
        run_free(&r);
        wenc_encoder_reset(&e);
        FUZZ_ASSERT(wenc_encoder_position(&e) == 0 && wenc_encoder_replacement_count(&e) == 0 &&
                        wenc_encoder_encoding(&e) == enc,
                    "reset encoder state");
        run_init(&r);
        encode_whole(&e, form, units.p, len, &r);
        same(ref, &r, true, 0, "after reset");
        run_free(&r);
    }

    run_free(&fatal);
    run_free(&html);
    fuzz_buf_free(&is_error);
    fuzz_buf_free(&xs);
    fuzz_buf_free(&units);
    fuzz_room_free(&whole_room);
    fuzz_room_free(&cps_room);
    return 0;
}
