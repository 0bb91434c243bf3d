/* stream_file.c -- docs/guide.md, "Stream a large file": decode a file of
** any size in a legacy encoding (or the one its BOM names) to UTF-8 with
** fixed buffers.  `stream_file FILE [LABEL]` transcodes FILE to standard
** output; with no arguments it checks itself.  Compiled and run as a test. */
#include <stdio.h>
#include <string.h>

#include <wenc/wenc.h>

/* [guide:stream_file] */
/* Transcodes IN, in FALLBACK unless it starts with a BOM, to UTF-8 on OUT.
** The buffers are fixed: the file may be larger than memory.  A character
** split between two reads is handled by the decoder.  Returns 0, or -1 on
** an I/O error. */
static int transcode(FILE *in, FILE *out, const wenc_encoding *fallback)
{
    uint8_t src[4096], dst[4096];
    wenc_decoder d;
    wenc_decode_init(&d, fallback); /* BOM sniffing, errors become U+FFFD */
    bool last = false;
    while (!last) {
        size_t len = fread(src, 1, sizeof src, in);
        if (ferror(in))
            return -1;
        last = feof(in) != 0; /* the final call flushes the decoder */
        const uint8_t *p = src;
        wenc_status st;
        do {
            size_t n = len, m = sizeof dst;
            st = wenc_decoder_decode_to_utf8(&d, p, &n, dst, &m, last);
            if (fwrite(dst, 1, m, out) != m)
                return -1;
            p += n;
            len -= n;
        } while (st == WENC_OUTPUT_FULL);
    }
    return 0;
}
/* [/guide:stream_file] */

/* Transcodes the LEN bytes at DATA through temporary files and compares. */
static int check(const char *data, size_t len, const wenc_encoding *fallback, const char *want,
                 size_t want_len)
{
    FILE *in = tmpfile(), *out = tmpfile();
    int ok = in != NULL && out != NULL && fwrite(data, 1, len, in) == len;
    if (ok) {
        rewind(in);
        ok = transcode(in, out, fallback) == 0;
    }
    if (ok) {
        static char got[65536];
        rewind(out);
        size_t n = fread(got, 1, sizeof got, out);
        ok = n == want_len && memcmp(got, want, n) == 0;
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        const char *label = argc > 2 ? argv[2] : "windows-1252";
        const wenc_encoding *e = wenc_encoding_for_label(label, strlen(label));
        FILE *in = fopen(argv[1], "rb");
        if (e == NULL || in == NULL) {
            fprintf(stderr, "usage: %s FILE [LABEL]\n", argv[0]);
            return 2;
        }
        int r = transcode(in, stdout, e);
        fclose(in);
        return r != 0;
    }

    int failed = 0;
    /* 10000 x U+20AC in windows-1252 crosses many buffer boundaries. */
    static char big[10003], want[30003];
    memset(big, 0x80, 10000);
    memcpy(big + 10000, "abc", 3);
    for (size_t i = 0; i < 10000; i++)
        memcpy(want + 3 * i, "\xE2\x82\xAC", 3);
    memcpy(want + 30000, "abc", 3);
    failed += check(big, sizeof big, WENC_WINDOWS_1252, want, sizeof want);
    /* Shift_JIS: a character split across the first read boundary. */
    static char sjis[4097], want2[4098];
    memset(sjis, 'x', 4095);
    memcpy(sjis + 4095, "\x93\xFA", 2); /* U+65E5 */
    memset(want2, 'x', 4095);
    memcpy(want2 + 4095, "\xE6\x97\xA5", 3);
    failed += check(sjis, sizeof sjis, WENC_SHIFT_JIS, want2, 4098);
    /* A BOM wins over the fallback; bad bytes become U+FFFD. */
    failed += check("\xFE\xFF\x00h\x00i\xD8", 7, WENC_WINDOWS_1252, "hi\xEF\xBF\xBD", 5);
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
