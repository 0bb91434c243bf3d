/* readme.c -- the calls README.md's "Using the library" shows, compiled and
** run (and, in CI's sanitizer builds, under ASan and UBSan, which catch a
** snippet that leaks or reads out of bounds).  The region between the
** markers is quoted exactly by the README (test readme-quotes-example). */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* What the snippet's "use" calls stand for: here, checks of what they get. */
static int used_ok;

static void use_utf8(const uint8_t *text, size_t len, const wenc_encoding *enc)
{
    used_ok += len == 5 && memcmp(text, "caf\xC3\xA9", 5) == 0 && enc == WENC_WINDOWS_1252;
}

static void use_utf16(const uint16_t *str, size_t len)
{
    used_ok += len == 1 && str[0] == 0xE9;
}

int main(void)
{
    /* What the snippet reads: a windows-1252 document ("café"), a UTF-8
    ** chunk for the TextDecoder ("é") and Shift_JIS bytes ("あ"). */
    static const uint8_t doc[] = {'c', 'a', 'f', 0xE9};
    static const uint8_t utf8_chunk[] = {0xC3, 0xA9};
    static const uint8_t sjis[] = {0x82, 0xA0};
    const uint8_t *bytes = doc, *chunk = utf8_chunk;
    size_t n = sizeof doc, chunk_len = sizeof utf8_chunk;
    uint8_t out[64];

    /* [guide:readme] */
/* Decode a document: the label gives the fallback, a BOM wins (the standard's
** "decode").  One exact allocation; errors become U+FFFD. */
const wenc_encoding *enc = wenc_encoding_for_label("latin1", 6); /* windows-1252 */
uint8_t *text;
size_t text_len;
const wenc_encoding *used;
if (wenc_decode_to_utf8_alloc(bytes, n, enc, NULL, &text, &text_len, &used) == WENC_OK) {
    use_utf8(text, text_len, used); /* UTF-8, decoded from encoding `used` */
    wenc_free(NULL, text);
}

/* TextDecoder, as a JavaScript engine needs it: UTF-16 out, streaming, and a
** fatal error as WENC_MALFORMED (the TypeError). */
wenc_text_decoder td;
wenc_text_decoder_init(&td, "utf-8", 5, WENC_TEXT_DECODER_FATAL, NULL);
uint16_t *str;
size_t str_len;
wenc_status st = wenc_text_decoder_decode_to_utf16_alloc(&td, chunk, chunk_len,
                                                         /* stream */ true, NULL,
                                                         &str, &str_len);
if (st == WENC_OK) {
    use_utf16(str, str_len);
    wenc_free(NULL, str);
}
wenc_text_decoder_destroy(&td);

/* Streaming decode into caller buffers: any chunking, any buffer size, no
** allocation. */
wenc_decoder d;
wenc_decoder_init(&d, WENC_SHIFT_JIS, WENC_DECODER_FATAL);
size_t in_len = n, out_len = sizeof out;
st = wenc_decoder_decode_to_utf8(&d, bytes, &in_len, out, &out_len, true);
if (st == WENC_MALFORMED) {
    printf("bad input at byte %llu\n",
           (unsigned long long)wenc_decoder_error_offset(&d));
}
    /* [/guide:readme] */

    /* "caf" then E9, a Shift_JIS lead byte cut off by the end: malformed. */
    int ok = st == WENC_MALFORMED && wenc_decoder_error_offset(&d) == 3;
    /* And the Shift_JIS bytes themselves decode to U+3042. */
    wenc_decoder_init(&d, WENC_SHIFT_JIS, WENC_DECODER_FATAL);
    in_len = sizeof sjis;
    out_len = sizeof out;
    st = wenc_decoder_decode_to_utf8(&d, sjis, &in_len, out, &out_len, true);
    ok = ok && st == WENC_OK && out_len == 3 && memcmp(out, "\xE3\x81\x82", 3) == 0;
    printf("%s: the two allocating calls gave %d of 2 expected results; the decoder %s\n",
           ok && used_ok == 2 ? "ok" : "FAILED", used_ok, ok ? "as expected" : "did not");
    return ok && used_ok == 2 ? 0 : 1;
}
