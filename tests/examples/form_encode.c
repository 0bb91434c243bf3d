/* form_encode.c -- docs/guide.md, "Encode a form value" and "Percent-encode
** a URL query": the standard's "encode" (html mode, as HTML forms submit)
** and "encode or fail" (as the URL standard percent-encodes).  Compiled and
** run as a test. */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* Appends the byte B to OUT, percent-encoded as
** application/x-www-form-urlencoded does (space is '+'). */
static size_t put_byte(char *out, uint8_t b)
{
    if ((b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') ||
        b == '*' || b == '-' || b == '.' || b == '_') {
        out[0] = (char)b;
        return 1;
    }
    if (b == ' ') {
        out[0] = '+';
        return 1;
    }
    return (size_t)sprintf(out, "%%%02X", b);
}

/* Appends the byte B to OUT for a URL query (simplified: only ASCII
** alphanumerics are left as they are). */
static size_t put_query_byte(char *out, uint8_t b)
{
    if ((b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')) {
        out[0] = (char)b;
        return 1;
    }
    return (size_t)sprintf(out, "%%%02X", b);
}

/* [guide:form] */
/* Serializes VALUE (UTF-8) for a form whose encoding is ENCODING, as
** application/x-www-form-urlencoded into OUT (30 bytes per byte of VALUE
** are always enough).  Characters the encoding lacks become "&#N;" before percent-
** encoding: the standard's "encode", in html mode.  Returns the length, or
** 0 if memory ran out. */
static size_t form_value(const char *value, const wenc_encoding *encoding, char *out)
{
    /* A form in UTF-16BE/LE (or replacement) submits UTF-8. */
    encoding = wenc_encoding_output_encoding(encoding);

    uint8_t *bytes;
    size_t len;
    if (wenc_encode_from_utf8_alloc((const uint8_t *)value, strlen(value), encoding, NULL,
                                    &bytes, &len) != WENC_OK)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += put_byte(out + n, bytes[i]);
    wenc_free(NULL, bytes);
    out[n] = '\0';
    return n;
}
/* [/guide:form] */

/* [guide:url] */
/* The URL standard's "percent-encode after encoding" for a query: one
** encoder instance for the whole string, and for a code point the encoding
** lacks, "%26%23" N "%3B" -- written by the caller between calls of encode
** or fail.  OUT needs room for 30 bytes per byte of INPUT, plus its
** terminating zero.  Returns the length. */
static size_t url_query(const char *input, const wenc_encoding *encoding, char *out)
{
    wenc_encoder e;
    wenc_get_encoder(&e, wenc_encoding_output_encoding(encoding));
    const uint8_t *p = (const uint8_t *)input;
    size_t left = strlen(input), n = 0;
    wenc_status st;
    do {
        uint8_t buf[64];
        size_t used = left, m = sizeof buf;
        uint32_t cp;
        st = wenc_encode_or_fail_from_utf8(&e, p, &used, buf, &m, &cp);
        for (size_t i = 0; i < m; i++)
            n += put_query_byte(out + n, buf[i]);
        if (st == WENC_UNMAPPABLE)
            n += (size_t)sprintf(out + n, "%%26%%23%lu%%3B", (unsigned long)cp);
        p += used;
        left -= used;
    } while (st != WENC_OK); /* WENC_OUTPUT_FULL or WENC_UNMAPPABLE: go on */
    out[n] = '\0';
    return n;
}
/* [/guide:url] */

int main(void)
{
    int failed = 0;
    char out[256];
    const char *value = "caf\xC3\xA9 \xE2\x98\x83"; /* café ☃ */

    form_value(value, WENC_WINDOWS_1252, out);
    failed += strcmp(out, "caf%E9+%26%239731%3B") != 0;
    printf("windows-1252 form: %s\n", out);
    form_value(value, WENC_UTF_16LE, out);
    failed += strcmp(out, "caf%C3%A9+%E2%98%83") != 0;
    printf("UTF-16LE form (submits UTF-8): %s\n", out);

    url_query("\xE6\x97\xA5\xE6\x9C\xAC\xF0\x9F\x98\x80", WENC_SHIFT_JIS, out);
    failed += strcmp(out, "%93%FA%96%7B%26%23128512%3B") != 0;
    printf("Shift_JIS query: %s\n", out);
    url_query("\xC2\xA5\xF0\x9F\x98\x80" "b", WENC_ISO_2022_JP, out);
    failed += strcmp(out, "%1B%28J%5C%26%23128512%3Bb%1B%28B") != 0;
    printf("ISO-2022-JP query: %s\n", out);
    return failed != 0;
}
