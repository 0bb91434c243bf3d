/* xml_strict.c -- docs/guide.md, "Strict UTF-8": an XML document that
** must be well-formed UTF-8, and a protocol identifier checked with "UTF-8
** decode without BOM or fail".  Compiled and run as a test. */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* [guide:xml_strict] */
/* Decodes an XML document that must be UTF-8.  A BOM is allowed (and
** dropped); the first malformed byte is a fatal error, reported with its
** offset.  Returns 0 and the text (free it with wenc_free(NULL, *text)), or
** -1. */
static int decode_xml(const uint8_t *doc, size_t len, uint8_t **text, size_t *text_len)
{
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL | WENC_DECODER_BOM_STRIP);
    wenc_status st = wenc_decoder_decode_to_utf8_alloc(&d, doc, &len, true, NULL, text, text_len);
    if (st == WENC_OK)
        return 0;
    if (st == WENC_MALFORMED) {
        /* *text holds what came before the error; len is what was read. */
        fprintf(stderr, "not well-formed: malformed UTF-8 at byte %llu (%zu bytes)\n",
                (unsigned long long)wenc_decoder_error_offset(&d), wenc_decoder_error_length(&d));
        wenc_free(NULL, *text);
    }
    *text = NULL;
    return -1;
}
/* [/guide:xml_strict] */

/* [guide:identifier] */
/* A name inside a protocol (WebSocket's close reason, a WebAssembly custom
** section's name) must be UTF-8, with no BOM stripped and no error
** tolerated: "UTF-8 decode without BOM or fail".  The streaming form needs
** no allocation to check it. */
static bool is_valid_name(const uint8_t *name, size_t len)
{
    wenc_decoder d;
    uint8_t sink[256];
    wenc_status st;
    wenc_utf8_decode_without_bom_or_fail_init(&d);
    do {
        size_t n = len, m = sizeof sink;
        st = wenc_decoder_decode_to_utf8(&d, name, &n, sink, &m, true);
        name += n;
        len -= n;
    } while (st == WENC_OUTPUT_FULL);
    return st == WENC_OK;
}
/* [/guide:identifier] */

int main(void)
{
    int failed = 0;
    static const char good[] = "\xEF\xBB\xBF<a>caf\xC3\xA9</a>";
    uint8_t *text;
    size_t n;
    if (decode_xml((const uint8_t *)good, sizeof good - 1, &text, &n) != 0 || n != 12 ||
        memcmp(text, "<a>caf\xC3\xA9</a>", 12) != 0)
        failed++;
    wenc_free(NULL, text);
    static const char bad[] = "<a>caf\xE9</a>"; /* windows-1252 mislabelled */
    if (decode_xml((const uint8_t *)bad, sizeof bad - 1, &text, &n) != -1 || text != NULL)
        failed++;
    if (!is_valid_name((const uint8_t *)"section.\xC3\xA9", 10))
        failed++;
    if (is_valid_name((const uint8_t *)"\xC0\x80", 2)) /* an overlong NUL */
        failed++;
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
