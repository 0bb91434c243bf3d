/* consumer.c -- a program built against an installed wenc, found through its
** CMake package (CMakeLists.txt here) or pkg-config (tests/meta/
** check-install.py): encodes "日本" as Shift_JIS, checks that the headers
** and the library are the same version, and exits 0 when all is right. */
#include <stdio.h>
#include <string.h>
#include <wenc/wenc.h>

int main(void)
{
    const uint8_t text[] = "\xE6\x97\xA5\xE6\x9C\xAC"; /* 日本 in UTF-8 */
    const uint8_t want[] = {0x93, 0xFA, 0x96, 0x7B};    /* index-jis0208: 日 3569, 本 4007 */
    const char *label = "shift_jis";
    wenc_encoder e;
    uint8_t out[16];
    size_t n = sizeof text - 1, m = sizeof out;
    if (wenc_encoder_init(&e, wenc_encoding_for_label(label, strlen(label)),
                          WENC_ENCODER_FATAL) != WENC_OK)
        return 1;
    if (wenc_encoder_encode_from_utf8(&e, text, &n, out, &m, true) != WENC_INPUT_EMPTY)
        return 1;
    printf("wenc %s (headers %s): %u bytes\n", wenc_version(), WENC_VERSION_STRING, (unsigned)m);
    if (strcmp(wenc_version(), WENC_VERSION_STRING) != 0)
        return 1;
    return m == sizeof want && memcmp(out, want, sizeof want) == 0 ? 0 : 1;
}
