/* consumer.c -- decodes a Shift_JIS string through wenc found as a Meson
** subproject; prints the UTF-8 and exits 0 when it is right. */
#include <stdio.h>
#include <string.h>
#include <wenc/wenc.h>

int main(void)
{
    const uint8_t sjis[] = {0x93, 0xFA, 0x96, 0x7B}; /* 日本 */
    const char *label = "sjis";
    wenc_decoder d;
    uint8_t out[16];
    size_t n = sizeof sjis, m = sizeof out;
    if (wenc_decoder_init(&d, wenc_encoding_for_label(label, strlen(label)), 0) != WENC_OK)
        return 1;
    if (wenc_decoder_decode_to_utf8(&d, sjis, &n, out, &m, true) != WENC_INPUT_EMPTY)
        return 1;
    printf("wenc %s: %.*s\n", wenc_version(), (int)m, (const char *)out);
    return m == 6 && memcmp(out, "\xE6\x97\xA5\xE6\x9C\xAC", 6) == 0 ? 0 : 1;
}
