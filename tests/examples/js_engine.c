/* js_engine.c -- docs/guide.md, "TextDecoder and TextEncoder in a
** JavaScript engine": the constructor's RangeError, decode()'s TypeError
** and UTF-16 result, encodeInto() into a growing buffer; and "For
** JavaScript engines": a document decoded into a one-byte string, or UTF-16
** from its first character above U+00FF, and TextDecoder's decode() the
** same way.  Compiled and run as a test. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wenc/wenc.h>

/* What the engine's binding turns a call into. */
typedef enum js_result { JS_OK, JS_RANGE_ERROR, JS_TYPE_ERROR, JS_OUT_OF_MEMORY } js_result;

/* [guide:js_decoder] */
/* new TextDecoder(label, {fatal, ignoreBOM}).  LABEL NULL: omitted. */
static js_result js_text_decoder_new(wenc_text_decoder *td, const char *label, bool fatal,
                                     bool ignore_bom)
{
    unsigned options = (fatal ? WENC_TEXT_DECODER_FATAL : 0) |
                       (ignore_bom ? WENC_TEXT_DECODER_IGNORE_BOM : 0);
    switch (wenc_text_decoder_init(td, label, label ? strlen(label) : 0, options, NULL)) {
    case WENC_OK:
        return JS_OK;
    case WENC_UNKNOWN_LABEL:     /* not a label */
    case WENC_REPLACEMENT_LABEL: /* a label of replacement */
        return JS_RANGE_ERROR;
    default:
        return JS_OUT_OF_MEMORY;
    }
}

/* decoder.decode(bytes, {stream}): a new UTF-16 string in *STR. */
static js_result js_text_decoder_decode(wenc_text_decoder *td, const uint8_t *bytes,
                                        size_t len, bool stream, uint16_t **str,
                                        size_t *str_len)
{
    switch (wenc_text_decoder_decode_to_utf16_alloc(td, bytes, len, stream, NULL, str,
                                                    str_len)) {
    case WENC_OK:
        return JS_OK;
    case WENC_MALFORMED: /* fatal: the decoder keeps the rest when streaming */
        return JS_TYPE_ERROR;
    default:
        return JS_OUT_OF_MEMORY;
    }
}
/* Garbage collection of the TextDecoder: wenc_text_decoder_destroy(td). */
/* [/guide:js_decoder] */

/* [guide:js_encode_into] */
/* UTF-8 of a JavaScript string (UTF-16, lone surrogates allowed) into a
** buffer that grows as needed, with encodeInto() as in the standard's
** example: each call writes whole characters only, and tells how many
** UTF-16 units it read and bytes it wrote. */
static uint8_t *js_string_to_utf8(const uint16_t *s, size_t len, size_t *out_len)
{
    size_t size = 16, read = 0, written = 0;
    uint8_t *buf = malloc(size);
    while (buf != NULL) {
        size_t r, w;
        wenc_text_encoder_encode_into(s + read, len - read, buf + written, size - written, &r,
                                      &w);
        read += r;
        written += w;
        if (read == len) {
            *out_len = written;
            return buf;
        }
        uint8_t *bigger = realloc(buf, size *= 2);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
    }
    return NULL;
}
/* [/guide:js_encode_into] */

/* [guide:js_one_byte] */
/* A whole document (LEN bytes in ENCODING) as an engine string: one byte
** per character while every character is at most U+00FF, else UTF-16 from
** the first one above (the one-byte part widened).  *WIDE says which; the
** result is malloc'd, with room for the worst case (one unit per byte,
** plus the flush). */
static void *js_decode_document(const wenc_encoding *encoding, const uint8_t *bytes,
                                size_t len, bool *wide, size_t *out_len)
{
    wenc_decoder d;
    wenc_decoder_init(&d, encoding, WENC_DECODER_REPLACEMENT);
    size_t room = wenc_decoder_max_utf16_length(&d, len);
    uint8_t *one = malloc(room ? room : 1);
    size_t read = len, n = room;
    if (one == NULL)
        return NULL;
    *wide = wenc_decoder_decode_to_latin1(&d, bytes, &read, one, &n, true) == WENC_UNMAPPABLE;
    if (!*wide) {
        *out_len = n;
        return one;
    }
    uint16_t *two = malloc((room ? room : 1) * sizeof *two);
    if (two != NULL) {
        size_t rest = len - read, m = room - n;
        wenc_latin1_to_utf16(one, n, two);
        wenc_decoder_decode_to_utf16(&d, bytes + read, &rest, two + n, &m, true);
        *out_len = n + m;
    }
    free(one);
    return two;
}
/* [/guide:js_one_byte] */

/* [guide:js_text_one_byte] */
/* decoder.decode(bytes, {stream}) as an engine string: one byte per
** character while every character is at most U+00FF, else UTF-16 from the
** first one above (the one-byte part widened).  *WIDE says which; *STR is
** malloc'd, with room for the worst case. */
static js_result js_text_decode_string(wenc_text_decoder *td, const uint8_t *bytes, size_t len,
                                       bool stream, void **str, size_t *str_len, bool *wide)
{
    size_t room = wenc_text_decoder_max_utf16_length(td, len), read = len, n = room;
    uint8_t *one = malloc(room ? room : 1);
    if (one == NULL)
        return JS_OUT_OF_MEMORY;
    wenc_status st = wenc_text_decoder_decode_to_latin1(td, bytes, &read, one, &n, stream);
    *wide = st == WENC_UNMAPPABLE;
    *str = one;
    if (*wide) {
        /* The same decode() call goes on in UTF-16 from the stop. */
        uint16_t *two = malloc(room * sizeof *two);
        size_t rest = len - read, m = room - n;
        if (two != NULL) {
            wenc_latin1_to_utf16(one, n, two);
            st = wenc_text_decoder_decode_to_utf16(td, bytes ? bytes + read : NULL, &rest,
                                                   two + n, &m, stream);
            n += m;
        }
        free(one);
        *str = two;
        if (two == NULL)
            return JS_OUT_OF_MEMORY;
    }
    *str_len = n;
    if (st == WENC_OK)
        return JS_OK;
    free(*str);
    return st == WENC_MALFORMED ? JS_TYPE_ERROR : JS_OUT_OF_MEMORY;
}
/* [/guide:js_text_one_byte] */

int main(void)
{
    int failed = 0;
    wenc_text_decoder td;
    uint16_t *str;
    size_t n;

    failed += js_text_decoder_new(&td, "replacement", false, false) != JS_RANGE_ERROR;
    failed += js_text_decoder_new(&td, "utf-9", false, false) != JS_RANGE_ERROR;

    /* decode(FF 41 42, {stream: true}) throws; decode(43) is then "ABC". */
    failed += js_text_decoder_new(&td, NULL, true, false) != JS_OK;
    failed += js_text_decoder_decode(&td, (const uint8_t *)"\xFF" "AB", 3, true, &str, &n) !=
              JS_TYPE_ERROR;
    failed += js_text_decoder_decode(&td, (const uint8_t *)"C", 1, false, &str, &n) != JS_OK;
    failed += n != 3 || str[0] != 'A' || str[1] != 'B' || str[2] != 'C';
    wenc_free(NULL, str);
    wenc_text_decoder_destroy(&td);

    /* An emoji split across two streamed chunks. */
    js_text_decoder_new(&td, "utf-8", false, false);
    js_text_decoder_decode(&td, (const uint8_t *)"\xF0\x9F", 2, true, &str, &n);
    failed += n != 0;
    wenc_free(NULL, str);
    js_text_decoder_decode(&td, (const uint8_t *)"\x98\x80", 2, false, &str, &n);
    failed += n != 2 || str[0] != 0xD83D || str[1] != 0xDE00;
    wenc_free(NULL, str);
    wenc_text_decoder_destroy(&td);

    /* "a", a lone surrogate, 17 x U+20AC, U+1F600: more than 16 bytes. */
    uint16_t s[20] = {0x61, 0xD800};
    for (int i = 2; i < 19; i++)
        s[i] = 0x20AC;
    uint16_t grin[2] = {0xD83D, 0xDE00};
    uint16_t all[21];
    memcpy(all, s, sizeof s - 2);
    memcpy(all + 19, grin, sizeof grin);
    uint8_t *utf8 = js_string_to_utf8(all, 21, &n);
    failed += utf8 == NULL || n != 1 + 3 + 17 * 3 + 4 ||
              memcmp(utf8, "a\xEF\xBF\xBD\xE2\x82\xAC", 7) != 0 ||
              memcmp(utf8 + n - 4, "\xF0\x9F\x98\x80", 4) != 0;
    free(utf8);

    /* "caf\xE9" in windows-1252 stays one byte per character; with the
    ** euro sign (0x80 there: U+20AC) it becomes UTF-16 from there. */
    bool wide;
    if (wenc_encoding_is_built_in(WENC_WINDOWS_1252)) {
        uint8_t *l1 = js_decode_document(WENC_WINDOWS_1252, (const uint8_t *)"caf\xE9", 4, &wide,
                                         &n);
        failed += l1 == NULL || wide || n != 4 || memcmp(l1, "caf\xE9", 4) != 0;
        free(l1);
        uint16_t *u = js_decode_document(WENC_WINDOWS_1252, (const uint8_t *)"\xE9 \x80!", 4,
                                         &wide, &n);
        failed += u == NULL || !wide || n != 4 || u[0] != 0xE9 || u[2] != 0x20AC || u[3] != '!';
        free(u);
    }
    /* TextDecoder: "caf\xE9" in UTF-8 stays one byte per character (the
    ** BOM dropped); U+20AC makes it UTF-16; fatal: FF is a TypeError. */
    void *t;
    js_text_decoder_new(&td, "utf-8", false, false);
    failed += js_text_decode_string(&td, (const uint8_t *)"\xEF\xBB\xBF" "caf\xC3\xA9", 8,
                                    false, &t, &n, &wide) != JS_OK ||
              wide || n != 4 || memcmp(t, "caf\xE9", 4) != 0;
    free(t);
    failed += js_text_decode_string(&td, (const uint8_t *)"\xC3\xA9\xE2\x82\xAC!", 6, false,
                                    &t, &n, &wide) != JS_OK ||
              !wide || n != 3 || ((uint16_t *)t)[0] != 0xE9 || ((uint16_t *)t)[1] != 0x20AC ||
              ((uint16_t *)t)[2] != '!';
    free(t);
    wenc_text_decoder_destroy(&td);
    js_text_decoder_new(&td, "utf-8", true, false);
    failed += js_text_decode_string(&td, (const uint8_t *)"a\xFF", 2, false, &t, &n, &wide) !=
              JS_TYPE_ERROR;
    wenc_text_decoder_destroy(&td);
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
