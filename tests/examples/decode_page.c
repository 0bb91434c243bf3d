/* decode_page.c -- docs/guide.md, "Decode a web page": the charset of the
** Content-Type header, overridden by a byte order mark (the standard's
** "decode" hook).  Compiled and run as a test; main() checks the results. */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* [guide:decode_page] */
/* Decodes BODY as a browser does with a charset from Content-Type (or
** windows-1252 if the label names nothing): a BOM wins over the label.
** Returns the text as zero-terminated UTF-8 (free it with wenc_free(NULL,
** text)), or NULL if memory ran out; *USED names the encoding used. */
static char *decode_page(const uint8_t *body, size_t len, const char *charset,
                         const char **used)
{
    const wenc_encoding *fallback = wenc_encoding_for_label_cstr(charset); /* NULL: NULL */
    if (fallback == NULL)
        fallback = WENC_WINDOWS_1252;

    uint8_t *text;
    size_t text_len; /* the text may hold U+0000: use the length, not strlen() */
    const wenc_encoding *encoding;
    if (wenc_decode_to_utf8_alloc(body, len, fallback, NULL, &text, &text_len, &encoding) !=
        WENC_OK)
        return NULL; /* WENC_NO_MEMORY: nothing else can fail here */
    *used = wenc_encoding_name(encoding);
    return (char *)text;
}
/* [/guide:decode_page] */

static int check(const char *body, size_t len, const char *charset, const char *want,
                 const char *want_encoding)
{
    const char *used = NULL;
    char *text = decode_page((const uint8_t *)body, len, charset, &used);
    int ok = text != NULL && strcmp(text, want) == 0 && strcmp(used, want_encoding) == 0;
    printf("%s: %s as %s\n", ok ? "ok" : "FAILED", text ? text : "(null)", used ? used : "?");
    wenc_free(NULL, text);
    return ok ? 0 : 1;
}

int main(void)
{
    int failed = 0;
    failed += check("caf\xE9", 4, "latin1", "caf\xC3\xA9", "windows-1252");
    failed += check("\x93\xFA\x96\x7B", 4, " Shift_JIS ", "\xE6\x97\xA5\xE6\x9C\xAC", "Shift_JIS");
    failed += check("\xEF\xBB\xBF" "caf\xC3\xA9", 8, "iso-8859-2", "caf\xC3\xA9", "UTF-8");
    failed += check("\xFF\xFE" "c\0a\0f\0\xE9\0", 10, NULL, "caf\xC3\xA9", "UTF-16LE");
    failed += check("\x80", 1, "no-such-charset", "\xE2\x82\xAC", "windows-1252");
    return failed != 0;
}
