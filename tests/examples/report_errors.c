/* report_errors.c -- docs/guide.md, "Report errors in replacement mode":
** decode with errors replaced by U+FFFD and say how many there were and
** where the first was.  Compiled and run as a test; main() checks the
** results. */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* [guide:report] */
/* Decodes BODY (LEN bytes) from CHARSET, a C string (windows-1252 if it names
** nothing), with errors replaced, and says on stderr how many sequences were
** malformed.  Returns zero-terminated UTF-8 (free with wenc_free(NULL, p)),
** or NULL if memory ran out. */
static char *decode_and_report(const uint8_t *body, size_t len, const char *charset)
{
    const wenc_encoding *encoding = wenc_encoding_for_label_cstr(charset);
    wenc_decoder d;
    wenc_decode_init(&d, encoding != NULL ? encoding : WENC_WINDOWS_1252);

    uint8_t *text;
    size_t text_len;
    if (wenc_decoder_decode_to_utf8_alloc(&d, body, &len, true, NULL, &text, &text_len) !=
        WENC_OK)
        return NULL;
    uint64_t errors = wenc_decoder_replacement_count(&d);
    if (errors != 0)
        fprintf(stderr, "%s: %llu malformed sequence(s), the first at byte %llu\n",
                wenc_encoding_name(wenc_decoder_encoding(&d)), (unsigned long long)errors,
                (unsigned long long)wenc_decoder_first_replacement_offset(&d));
    return (char *)text;
}
/* [/guide:report] */

int main(void)
{
    int failed = 0;
    /* Issue 28's example: 61 FF 62 82 in Shift_JIS is "a" U+FFFD "b" U+FFFD,
    ** two errors, the first at byte 1. */
    char *text = decode_and_report((const uint8_t *)"\x61\xFF\x62\x82", 4, "sjis");
    failed += text == NULL || strcmp(text, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD") != 0;
    wenc_free(NULL, text);

    /* The count, as the example reads it, on its own decoder. */
    wenc_decoder d;
    uint8_t out[32];
    size_t n = 4, m = sizeof out;
    wenc_decode_init(&d, WENC_SHIFT_JIS);
    wenc_decoder_decode_to_utf8(&d, (const uint8_t *)"\x61\xFF\x62\x82", &n, out, &m, true);
    failed += wenc_decoder_replacement_count(&d) != 2 ||
              wenc_decoder_first_replacement_offset(&d) != 1;

    /* An html-mode encoder counts what it wrote as &#N;. */
    wenc_encoder e;
    uint8_t bytes[64];
    const char *value = "caf\xC3\xA9 \xE2\x98\x83"; /* "café ☃" */
    n = strlen(value);
    m = sizeof bytes;
    wenc_encode_init(&e, WENC_WINDOWS_1252);
    wenc_encoder_encode_from_utf8(&e, (const uint8_t *)value, &n, bytes, &m, true);
    failed += m != 12 || memcmp(bytes, "caf\xE9 &#9731;", 12) != 0 ||
              wenc_encoder_unmappable_count(&e) != 1 ||
              wenc_encoder_first_unmappable_offset(&e) != 6;

    /* A clean page: no report, count 0. */
    text = decode_and_report((const uint8_t *)"caf\xE9", 4, NULL);
    failed += text == NULL || strcmp(text, "caf\xC3\xA9") != 0;
    wenc_free(NULL, text);
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
