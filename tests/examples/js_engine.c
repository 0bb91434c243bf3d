/* js_engine.c -- docs/guide.md, "TextDecoder and TextEncoder in a
** JavaScript engine": the constructor's RangeError, decode()'s TypeError
** and UTF-16 result, and encodeInto() into a growing buffer.  Compiled and
** run as a test. */
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
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
