/* short_input.c -- the short-input early paths (issue 11) against the
** reference model (tests/support/ref.c): wenc_decoder's ASCII prefix copy
** (decoder.c), TextDecoder's ASCII call and its BOM decision without a fork
** (text.c), and wenc_utf8_validate()'s ASCII check (utf8/validate.c).
** Inputs of 0..300 bytes, ASCII or a mix of 1- to 4-byte sequences (the
** decoder's early path takes any valid text), with a planted sequence (valid, malformed,
** a BOM, cut by the end) at the places that decide which path runs: every
** place of every input up to 66 bytes (the short kernels' range and past
** it: 64 bytes to UTF-8), and the first byte, the middle, the end, and around the 256-byte
** limit of longer ones (every length to 65).  Each
** result is checked against the model's decoding of the same bytes, and the
** state left behind by the next calls; short inputs also in output rooms of
** 1 to 5 units.  Then issue 29's samples (ASCII, French, Russian,
** Japanese, emoji) at every length to 80 bytes, split at every place. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "ref.h"
#include <wenc/wenc.h>

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_IN 320

typedef struct plant {
    const char *bytes;
    size_t len;
} plant;

static const plant plants[] = {
    {"", 0},                     /* pure ASCII */
    {"\xC3\xA9", 2},             /* U+00E9 */
    {"\xE3\x81\x82", 3},         /* U+3042 */
    {"\xF0\x9F\x98\x80", 4},     /* U+1F600 */
    {"\xEF\xBB\xBF", 3},         /* U+FEFF */
    {"\xFF", 1},                 /* an invalid byte */
    {"\xE3\x81", 2},             /* a cut sequence */
    {"\xC3", 1},                 /* a lead byte alone */
    /* The bounds after E0, ED, F0 and F4 and an overlong C0 (issue 29: the
    ** SSE2 short kernels check them on bit masks, across blocks). */
    {"\xE0\x9F\xBF", 3},
    {"\xED\xA0\x80", 3},
    {"\xF0\x8F\xBF\xBF", 4},
    {"\xF4\x90\x80\x80", 4},
    {"\xC0\xAF", 2},
};

/* The expected decoding of IN[0..N) as UTF-32 in OUT (U+FFFD for errors),
** from the model; *FIRST_ERROR the offset of the first error's span or
** SIZE_MAX, *ERROR_LENGTH its length.  STRIP drops a first U+FEFF. */
static size_t expected(const uint8_t *in, size_t n, bool strip, uint32_t *out, size_t *first_error,
                       size_t *error_length)
{
    ref_item *items = NULL;
    size_t k = ref_decode("UTF-8", in, n, &items), m = 0;
    *first_error = SIZE_MAX;
    *error_length = 0;
    for (size_t i = 0; i < k; i++) {
        if (items[i].cp < 0 && *first_error == SIZE_MAX) {
            *first_error = (size_t)items[i].offset;
            *error_length = items[i].length;
        }
        if (i == 0 && strip && items[i].cp == 0xFEFF)
            continue;
        out[m++] = items[i].cp < 0 ? 0xFFFD : (uint32_t)items[i].cp;
    }
    free(items);
    return m;
}

/* UTF-32 to UTF-16 or UTF-8 (FORM 16 or 8) in OUT, in bytes. */
static size_t encode_form(const uint32_t *cps, size_t n, int form, uint8_t *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cps[i];
        if (form == 16) {
            uint16_t u[2];
            size_t units = 1;
            if (c >= 0x10000) {
                u[0] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
                u[1] = (uint16_t)(0xDC00 + (c & 0x3FF));
                units = 2;
            } else {
                u[0] = (uint16_t)c;
            }
            memcpy(out + k, u, units * 2);
            k += units * 2;
        } else if (c < 0x80) {
            out[k++] = (uint8_t)c;
        } else if (c < 0x800) {
            out[k++] = (uint8_t)(0xC0 | c >> 6);
            out[k++] = (uint8_t)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out[k++] = (uint8_t)(0xE0 | c >> 12);
            out[k++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (c & 0x3F));
        } else {
            out[k++] = (uint8_t)(0xF0 | c >> 18);
            out[k++] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (c & 0x3F));
        }
    }
    return k;
}

/* One call of wenc_decoder's decode to FORM (8, 16 or 32) into O. */
static wenc_status decode_form(wenc_decoder *d, int form, const uint8_t *in, size_t *src,
                               uint8_t *o, size_t *room, bool last)
{
    if (form == 8)
        return wenc_decoder_decode_to_utf8(d, in, src, o, room, last);
    if (form == 16)
        return wenc_decoder_decode_to_utf16(d, in, src, (uint16_t *)(void *)o, room, last);
    return wenc_decoder_decode_to_utf32(d, in, src, (uint32_t *)(void *)o, room, last);
}

/* Counts failures quietly, so that the many cases make a few TAP lines. */
static unsigned failures;

/* The longest input that check_decoder() also decodes in two calls, split
** at every place. */
static size_t split_limit = 40;

static void expect(bool ok, const char *what, size_t n, size_t at, size_t p, int form)
{
    if (!ok && failures++ < 20)
        printf("# %s: %zu bytes, plant %zu at %zu, form %d\n", what, n, p, at, form);
}

/* wenc_decoder: one call, and the same input in two calls. */
static void check_decoder(const uint8_t *in, size_t n, size_t p, size_t at)
{
    static const unsigned modes[] = {WENC_DECODER_REPLACEMENT, WENC_DECODER_FATAL,
                                     WENC_DECODER_REPLACEMENT | WENC_DECODER_BOM_STRIP};
    uint32_t cps[MAX_IN + 4];
    uint8_t want[4 * MAX_IN + 16], got[4 * MAX_IN + 16];
    for (size_t mi = 0; mi < LEN(modes); mi++) {
        bool fatal = modes[mi] & WENC_DECODER_FATAL;
        size_t err, err_len;
        size_t k = expected(in, n, (modes[mi] & WENC_DECODER_BOM_STRIP) != 0, cps, &err, &err_len);
        for (int form = 8; form <= 16; form += 8) {
            wenc_decoder d;
            wenc_decoder_init(&d, WENC_UTF_8, modes[mi]);
            size_t src = n, room = form == 8 ? 4 * MAX_IN : 2 * MAX_IN;
            wenc_status st = decode_form(&d, form, in, &src, got, &room, true);
            size_t bytes = room * (form == 8 ? 1 : 2);
            if (fatal && err != SIZE_MAX) {
                /* The output before the error: the model's items before it. */
                uint32_t pre[MAX_IN + 4];
                size_t e2, l2;
                size_t kp = expected(in, err, false, pre, &e2, &l2);
                size_t wn = encode_form(pre, kp, form, want);
                expect(st == WENC_MALFORMED && wenc_decoder_error_offset(&d) == err &&
                           wenc_decoder_error_length(&d) == err_len && bytes == wn &&
                           memcmp(got, want, wn) == 0,
                       "decoder fatal", n, at, p, form);
                continue;
            }
            size_t wn = encode_form(cps, k, form, want);
            expect(st == WENC_INPUT_EMPTY && src == n && bytes == wn &&
                       memcmp(got, want, wn) == 0 && wenc_decoder_position(&d) == n,
                   "decoder one call", n, at, p, form);
            if (fatal || n > split_limit)
                continue;
            /* Two calls, split everywhere: the first may end in ASCII (the
            ** early path) and the second start in the middle of a sequence
            ** (the decoder holds bytes: no early path). */
            for (size_t cut = 0; cut <= n; cut++) {
                wenc_decoder_init(&d, WENC_UTF_8, modes[mi]);
                size_t a = cut, ra = 4 * MAX_IN, total = 0;
                st = decode_form(&d, form, in, &a, got, &ra, false);
                total = ra * (form == 8 ? 1 : 2);
                size_t b = n - cut, rb = 2 * MAX_IN;
                wenc_status st2 = decode_form(&d, form, in + cut, &b, got + total, &rb, true);
                total += rb * (form == 8 ? 1 : 2);
                expect(st == WENC_INPUT_EMPTY && st2 == WENC_INPUT_EMPTY && a == cut &&
                           b == n - cut && total == wn && memcmp(got, want, wn) == 0,
                       "decoder two calls", n, at, p, form);
            }
        }
    }
}

/* wenc_decoder with little room: calls of ROOM units at most (1, 2, 3 or
** 5), each given the rest of the input, until it is all read; the output,
** joined, is the model's, in UTF-8, UTF-16 and UTF-32.  Every call starts
** with the decoder idle at a sequence boundary, so each one may take the
** early path and stop where the room ends. */
static void check_rooms(const uint8_t *in, size_t n, size_t p, size_t at)
{
    static const size_t rooms[] = {1, 2, 3, 5};
    uint32_t cps[MAX_IN + 4];
    size_t err, err_len;
    size_t k = expected(in, n, true, cps, &err, &err_len);
    for (int form = 8; form <= 32; form *= 2) {
        uint8_t want[4 * MAX_IN + 16], got[4 * MAX_IN + 16];
        size_t wn;
        if (form == 32) {
            memcpy(want, cps, k * 4);
            wn = k * 4;
        } else {
            wn = encode_form(cps, k, form, want);
        }
        size_t unit = (size_t)form / 8;
        /* A fresh decoder without BOM stripping (the exported calls' fresh
        ** path) given no room but a real buffer, then the rest with room
        ** for all of it. */
        {
            uint32_t all[MAX_IN + 4];
            uint8_t whole[4 * MAX_IN + 16];
            size_t ka = expected(in, n, false, all, &err, &err_len), whole_n = ka * 4;
            if (form == 32)
                memcpy(whole, all, ka * 4);
            else
                whole_n = encode_form(all, ka, form, whole);
            wenc_decoder d;
            wenc_decoder_init(&d, WENC_UTF_8, 0);
            size_t pos = 0, total = 0;
            wenc_status st = WENC_OK;
            for (size_t cap = 0; cap <= 4 * MAX_IN; cap += 4 * MAX_IN) {
                size_t src = n - pos, room = cap / unit;
                uint8_t *o = got + total;
                st = decode_form(&d, form, in + pos, &src, o, &room, true);
                expect(cap != 0 || n == 0 || (st == WENC_OUTPUT_FULL && room == 0),
                       "decoder, no room", n, at, p, form);
                pos += src;
                total += room * unit;
            }
            expect(st == WENC_INPUT_EMPTY && pos == n && total == whole_n &&
                       memcmp(got, whole, whole_n) == 0,
                   "decoder, no room then the rest", n, at, p, form);
        }
        for (size_t ri = 0; ri < LEN(rooms); ri++) {
            wenc_decoder d;
            wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_BOM_STRIP);
            size_t pos = 0, total = 0, calls = 0;
            wenc_status st = WENC_OUTPUT_FULL;
            while (st == WENC_OUTPUT_FULL && calls++ < 4 * MAX_IN) {
                size_t src = n - pos, room = rooms[ri];
                uint8_t *o = got + total;
                st = decode_form(&d, form, in + pos, &src, o, &room, true);
                pos += src;
                total += room * unit;
            }
            expect(st == WENC_INPUT_EMPTY && pos == n && total == wn && memcmp(got, want, wn) == 0,
                   "decoder in small rooms", n, at, p, form);
        }
    }
}

/* wenc_text_decoder: decode(X), decode(X) again, then decode(BOM "B"):
** each call without stream starts afresh, so every one strips a BOM (but
** with ignoreBOM).  Then decode(C3, stream) and decode(X): the early path
** must not run while a stream is open. */
static void check_text_decoder(const uint8_t *in, size_t n, size_t p, size_t at)
{
    static const unsigned options[] = {0, WENC_TEXT_DECODER_FATAL, WENC_TEXT_DECODER_IGNORE_BOM};
    uint32_t cps[MAX_IN + 8];
    uint8_t want[4 * MAX_IN + 16], got[4 * MAX_IN + 16], joined[MAX_IN + 8];
    for (size_t oi = 0; oi < LEN(options); oi++) {
        bool fatal = options[oi] & WENC_TEXT_DECODER_FATAL;
        bool strip = !(options[oi] & WENC_TEXT_DECODER_IGNORE_BOM);
        for (int form = 8; form <= 16; form += 8) {
            wenc_text_decoder td;
            wenc_text_decoder_init(&td, NULL, 0, options[oi], NULL);
            size_t err, err_len;
            size_t k = expected(in, n, strip, cps, &err, &err_len);
            size_t wn = encode_form(cps, k, form, want);
            for (int again = 0; again < 2; again++) {
                size_t src = n, room = 2 * MAX_IN;
                wenc_status st =
                    form == 8 ? wenc_text_decoder_decode_to_utf8(&td, in, &src, got, &room, false)
                              : wenc_text_decoder_decode_to_utf16(
                                    &td, in, &src, (uint16_t *)(void *)got, &room, false);
                size_t bytes = room * (form == 8 ? 1 : 2);
                if (fatal && err != SIZE_MAX)
                    expect(st == WENC_MALFORMED && wenc_text_decoder_error_offset(&td) == err &&
                               wenc_text_decoder_error_length(&td) == err_len,
                           "text decoder fatal", n, at, p, form);
                else
                    expect(st == WENC_OK && src == n && bytes == wn &&
                               memcmp(got, want, wn) == 0,
                           "text decoder", n, at, p, form);
            }
            /* A new call after it: starts afresh, so its BOM is stripped. */
            size_t src = 4, room = 8;
            uint16_t u[8];
            uint8_t b8[8];
            wenc_status st =
                form == 8
                    ? wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"\xEF\xBB\xBF" "B",
                                                       &src, b8, &room, false)
                    : wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xEF\xBB\xBF" "B",
                                                        &src, u, &room, false);
            expect(st == WENC_OK && room == (size_t)(strip ? 1 : form == 8 ? 4 : 2) &&
                       (form == 8 ? b8[room - 1] == 'B' : u[room - 1] == 'B'),
                   "text decoder: the next call strips its BOM", n, at, p, form);
            /* An open stream: C3 then X without stream decode C3 X. */
            if (fatal)
                continue;
            src = 1;
            room = 8;
            st = form == 8 ? wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"\xC3", &src,
                                                              b8, &room, true)
                           : wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xC3", &src,
                                                               u, &room, true);
            joined[0] = 0xC3;
            memcpy(joined + 1, in, n);
            k = expected(joined, n + 1, strip, cps, &err, &err_len);
            wn = encode_form(cps, k, form, want);
            src = n;
            room = 2 * MAX_IN;
            st = form == 8 ? wenc_text_decoder_decode_to_utf8(&td, in, &src, got, &room, false)
                           : wenc_text_decoder_decode_to_utf16(&td, in, &src,
                                                               (uint16_t *)(void *)got, &room,
                                                               false);
            expect(st == WENC_OK && room * (form == 8 ? 1 : 2) == wn &&
                       memcmp(got, want, wn) == 0,
                   "text decoder after an open stream", n, at, p, form);
            wenc_text_decoder_destroy(&td);
        }
    }
}

static void check_validate(const uint8_t *in, size_t n, size_t p, size_t at)
{
    uint32_t cps[MAX_IN + 4];
    size_t err, err_len;
    expected(in, n, false, cps, &err, &err_len);
    wenc_utf8_error e;
    memset(&e, 0xAA, sizeof e);
    wenc_status st = wenc_utf8_validate(in, n, &e);
    bool ok = err == SIZE_MAX ? st == WENC_OK && e.offset == n && e.length == 0 &&
                                    e.kind == WENC_UTF8_ERROR_NONE && wenc_utf8_is_valid(in, n)
                              : st == WENC_MALFORMED && e.offset == err && e.length == err_len &&
                                    !wenc_utf8_is_valid(in, n);
    expect(ok, "validate", n, at, p, 0);
}

/* The samples of issue 29's short rows (wenc-bench -d short): ASCII,
** French, Russian, Japanese and emoji text. */
static const char *const samples[] = {
    /* ASCII */
    "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
    "Sphinx of black quartz!",
    /* French */
    "\x4C\x65\x20\x63\xC5\x93\x75\x72\x20\x64\xC3\xA9\xC3\xA7\x75\x20\x6D\x61\x69\x73\x20"
    "\x6C\x27\xC3\xA2\x6D\x65\x20\x70\x6C\x75\x74\xC3\xB4\x74\x20\x6E\x61\xC3\xAF\x76\x65"
    "\x2C\x20\x4C\x6F\x75\xC3\xBF\x73\x20\x72\xC3\xAA\x76\x61\x20\x64\x65\x20\x63\x72\x61"
    "\x70\x61\xC3\xBC\x74\x65\x72\x20\x65\x6E\x20\x63\x61\x6E\x6F\xC3\xAB\x20\x61\x75\x20"
    "\x64\x65\x6C\xC3\xA0\x20\x64\x65\x73\x20\xC3\xAE\x6C\x65\x73\x2C\x20\x70\x72\xC3\xA8"
    "\x73\x20\x64\x75\x20\x6D\xC3\xA4\x6C\x73\x74\x72\xC3\xB6\x6D\x20\x6F\xC3\xB9\x20\x62"
    "\x72\xC3\xBB\x6C\x65\x6E\x74\x20\x6C\x65\x73\x20\x6E\x6F\x76\xC3\xA6\x2E",
    /* Russian */
    "\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C\x20\xD0\xB6\xD0\xB5\x20\xD0\xB5\xD1\x89\xD1"
    "\x91\x20\xD1\x8D\xD1\x82\xD0\xB8\xD1\x85\x20\xD0\xBC\xD1\x8F\xD0\xB3\xD0\xBA\xD0\xB8"
    "\xD1\x85\x20\xD1\x84\xD1\x80\xD0\xB0\xD0\xBD\xD1\x86\xD1\x83\xD0\xB7\xD1\x81\xD0\xBA"
    "\xD0\xB8\xD1\x85\x20\xD0\xB1\xD1\x83\xD0\xBB\xD0\xBE\xD0\xBA\x2C\x20\xD0\xB4\xD0\xB0"
    "\x20\xD0\xB2\xD1\x8B\xD0\xBF\xD0\xB5\xD0\xB9\x20\xD1\x87\xD0\xB0\xD1\x8E\x2E",
    /* Japanese */
    "\xE3\x81\x84\xE3\x82\x8D\xE3\x81\xAF\xE3\x81\xAB\xE3\x81\xBB\xE3\x81\xB8\xE3\x81\xA8"
    "\x20\xE3\x81\xA1\xE3\x82\x8A\xE3\x81\xAC\xE3\x82\x8B\xE3\x82\x92\x20\xE3\x82\x8F\xE3"
    "\x81\x8B\xE3\x82\x88\xE3\x81\x9F\xE3\x82\x8C\xE3\x81\x9D\xE3\x80\x82\xE6\x97\xA5\xE6"
    "\x9C\xAC\xE8\xAA\x9E\xE3\x81\xAE\xE6\x96\x87\xE7\xAB\xA0\xE3\x81\xA7\xE3\x81\x99\xE3"
    "\x80\x81\xE6\x9D\xB1\xE4\xBA\xAC\xE9\x83\xBD\xE3\x80\x82",
    /* Emoji: 4-byte forms, with ZWJ sequences, a skin tone and a flag */
    "\xF0\x9F\x98\x80\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD\xF0\x9F\x8E\x89\xE2\x9D\xA4\xEF\xB8"
    "\x8F\xE2\x80\x8D\xF0\x9F\x94\xA5\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\xF0\x9F\x90\xB1\xE2"
    "\x80\x8D\xF0\x9F\x91\xA4\xF0\x9F\x9A\x80\xF0\x9F\x8D\x95\xF0\x9F\x8C\x8D\xF0\x9F\x92"
    "\xA1\xF0\x9F\x94\xA5\xF0\x9F\x8E\xB5\xF0\x9F\x98\x82\xF0\x9F\x99\x8F\xF0\x9F\x92\xAF"
    "\xF0\x9F\x8C\x88\xF0\x9F\x8D\x80\xF0\x9F\x9B\xB8\xF0\x9F\x98\x8E\xF0\x9F\xA6\x84\xF0"
    "\x9F\x8E\x81\xF0\x9F\x8F\x86",
};

/* Every length 0..80 of each sample (so every short path and its limits,
** 16, 32 and 64 bytes, and a sequence cut by the end at every place), from
** its start and from its second byte (which may be a continuation byte: an
** error first), through the decoder (one call, and two calls split at
** every place), TextDecoder, validation and small rooms. */
static size_t check_samples(void)
{
    size_t cases = 0;
    split_limit = 80;
    for (size_t si = 0; si < LEN(samples); si++) {
        const uint8_t *text = (const uint8_t *)samples[si];
        size_t total = strlen(samples[si]);
        for (size_t from = 0; from < 2; from++) {
            for (size_t n = 0; n <= 80 && from + n <= total; n++) {
                check_decoder(text + from, n, LEN(plants) + si, from);
                check_text_decoder(text + from, n, LEN(plants) + si, from);
                check_validate(text + from, n, LEN(plants) + si, from);
                check_rooms(text + from, n, LEN(plants) + si, from);
                cases++;
            }
        }
    }
    split_limit = 40;
    return cases;
}

int main(int argc, char **argv)
{
    /* Only the model's UTF-8 decoder is used, which reads no index file:
    ** the index directory is optional, but one that is named must load. */
    if (argc > 1 && argv[1][0] != 0 && ref_load(argv[1]) != 0) {
        printf("Bail out! cannot load the index directory %s\n", argv[1]);
        return 1;
    }
    /* Every length to 66 (the short kernels take 1 or 16 to 32 bytes, to
    ** UTF-8 to 64), then around the 256-byte limit. */
    size_t lengths[67 + 6];
    for (size_t i = 0; i < 67; i++)
        lengths[i] = i;
    memcpy(lengths + 67, (const size_t[]){100, 255, 256, 257, 300, 33}, 6 * sizeof(size_t));
    static const char mixed[] = "\xC3\xA9t\xC3\xA9 \xE2\x82\xAC\xF0\x9F\x98\x80"
                                "\xD0\xB4\xE3\x81\x82\xE3\x81\x84, ";
    uint8_t in[MAX_IN];
    size_t cases = 0;
    for (size_t li = 0; li < LEN(lengths); li++) {
        size_t n = lengths[li];
        for (size_t p = 0; p < LEN(plants); p++) {
            size_t len = plants[p].len;
            if (len > n || (len == 0 && p != 0))
                continue;
            /* Where the plant goes: up to 66 bytes (the short kernels take
            ** 64 to UTF-8) every place; longer, the start, the middle, the
            ** end, and the last places before and after 16, 64 and 256
            ** bytes. */
            size_t spots[] = {0, (n - len) / 2, n - len, 15, 16, 63, 64, 255, 256};
            size_t places = len == 0 ? 1 : n <= 66 ? n - len + 1 : LEN(spots);
            for (size_t s = 0; s < places; s++) {
                size_t at = n <= 66 && len != 0 ? s : spots[s];
                if (at + len > n)
                    continue;
                /* Two texts: ASCII, and a mix of 1- to 4-byte sequences
                ** (a plant may cut one of them: more malformed input). */
                for (int text = 0; text < 2; text++) {
                    for (size_t i = 0; i < n; i++)
                        in[i] = text == 0 ? (uint8_t)(0x20 + (i * 7) % 0x5F)
                                          : (uint8_t)mixed[i % (sizeof mixed - 1)];
                    memcpy(in + at, plants[p].bytes, len);
                    /* In a heap block of exactly N bytes, so that a
                    ** sanitizer build sees a read past the input. */
                    uint8_t *x = malloc(n + (n == 0));
                    memcpy(x, in, n);
                    check_decoder(x, n, p, at);
                    check_text_decoder(x, n, p, at);
                    check_validate(x, n, p, at);
                    if (n <= 64)
                        check_rooms(x, n, p, at);
                    free(x);
                    cases++;
                }
            }
        }
    }
    CHECK(cases > 500, "ran %zu cases", cases);
    size_t sample_cases = check_samples();
    CHECK(sample_cases == 5 * 2 * 81, "ran %zu sample cases", sample_cases);
    CHECK(failures == 0, "decoder, TextDecoder and validate agree with the model (%u failures)",
          failures);
    ref_unload();
    return check_done();
}
