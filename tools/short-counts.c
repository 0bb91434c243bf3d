/* short-counts.c -- instructions per call of wenc's short-input paths
** (issue 29, "Short strings never pay for the kernels"), counted by
** callgrind, so that kernel sets can be compared on a loaded machine where
** timing means nothing.  Each case runs REP calls with collection on and
** dumps its counts under the case's name; tools/short-counts reads them.
** Built by hand (tools/short-counts does it):
**   cc -O2 -I include tools/short-counts.c -L BUILD/src -lwenc
** Cases, per sample and length: decoder init + one decode to UTF-16 and to
** UTF-8 (dec16, dec8), TextDecoder decode() without stream (td16, td8),
** wenc_utf8_validate (val), the single-byte decoders on the sample in
** windows-1252 or windows-1251 (sb16, sb8), and memcpy of the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include <wenc/wenc.h>

#define REP 8

/* The samples: text cut from the middle of a corpus file at character
** boundaries (as wenc-bench's short rows), or built in. */
static const char *const emoji =
    "\xF0\x9F\x98\x80\xF0\x9F\x91\x8D\xF0\x9F\x8E\x89\xF0\x9F\x9A\x80\xF0\x9F\x8D\x95"
    "\xF0\x9F\x90\xB1\xF0\x9F\x8C\x8D\xF0\x9F\x92\xA1\xF0\x9F\x94\xA5\xF0\x9F\x8E\xB5"
    "\xF0\x9F\x98\x82\xF0\x9F\x99\x8F\xF0\x9F\x92\xAF\xF0\x9F\x8C\x88\xF0\x9F\x8D\x80"
    "\xF0\x9F\x9B\xB8\xF0\x9F\x98\x8E\xF0\x9F\xA6\x84\xF0\x9F\x8E\x81\xF0\x9F\x8F\x86";
static const char *const ascii =
    "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
    "Sphinx of black quartz, judge my vow.";

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)sz + 1);
    *n = fread(p, 1, (size_t)sz, f);
    fclose(f);
    return p;
}

/* At most MAX bytes of TEXT[0..N) from a third of the way in, whole
** characters only, into OUT; returns the length. */
static size_t slice(const char *text, size_t n, size_t max, char *out)
{
    size_t start = n / 3, end;
    while (start < n && ((unsigned char)text[start] & 0xC0) == 0x80)
        start++;
    end = start + max < n ? start + max : n;
    while (end > start && end < n && ((unsigned char)text[end] & 0xC0) == 0x80)
        end--;
    memcpy(out, text + start, end - start);
    return end - start;
}

static uint16_t dst16[4096];
static uint8_t dst8[4096];

int main(int argc, char **argv)
{
    const char *corpus = argc > 1 ? argv[1] : "/work/shared/bench-corpus/wikipedia";
    static const char *const names[] = {"ascii", "fr", "ru", "ja", "emoji"};
    static const size_t lengths[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                     17, 20, 24, 28, 31, 32, 33, 40, 48, 56, 63, 64};
    wenc_text_decoder td;
    wenc_text_decoder_init(&td, NULL, 0, 0, NULL);
    for (size_t s = 0; s < 5; s++) {
        size_t n = 0;
        char *text;
        if (s == 0) {
            text = strdup(ascii);
            n = strlen(text);
        } else if (s == 4) {
            /* Three times over, so that 64 bytes can be cut from it. */
            n = strlen(emoji);
            text = malloc(3 * n + 1);
            for (int k = 0; k < 3; k++)
                memcpy(text + k * n, emoji, n);
            n *= 3;
            text[n] = 0;
        } else {
            char path[512];
            snprintf(path, sizeof path, "%s/%s.txt", corpus, names[s]);
            text = read_file(path, &n);
            if (text == NULL) {
                fprintf(stderr, "cannot read %s\n", path);
                return 1;
            }
        }
        /* The single-byte form of the sample: windows-1251 for Russian,
        ** windows-1252 for ASCII and French (Japanese and emoji have
        ** none). */
        const wenc_encoding *sb = s == 2 ? WENC_WINDOWS_1251 : WENC_WINDOWS_1252;
        for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
            char in[128];
            size_t len = slice(text, n, lengths[li], in);
            if (len == 0)
                continue;
            uint8_t sbin[128];
            size_t sblen = 0;
            if (s < 3) {
                wenc_encoder e;
                wenc_encoder_init(&e, sb, WENC_ENCODER_HTML);
                size_t a = len, b = sizeof sbin;
                wenc_encoder_encode_from_utf8(&e, (const uint8_t *)in, &a, sbin, &b, true);
                sblen = b;
            }
            const uint8_t *u = (const uint8_t *)in;
            for (int op = 0; op < 8; op++) {
                if (op >= 6 && s >= 3)
                    continue;
                static const char *const ops[] = {"dec16", "dec8", "td16", "td8",
                                                  "val",   "memcpy", "sb16", "sb8"};
                size_t ok = 0;
                for (int pass = 0; pass < 2; pass++) {
                    /* Pass 0 warms up (lazy binding, the kernel choice). */
                    if (pass == 1)
                        CALLGRIND_TOGGLE_COLLECT;
                    for (int r = 0; r < REP; r++) {
                        size_t a = op >= 6 ? sblen : len, b = sizeof dst8;
                        wenc_decoder d;
                        wenc_utf8_error err;
                        switch (op) {
                        case 0:
                            b = 2048;
                            wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
                            ok += wenc_decoder_decode_to_utf16(&d, u, &a, dst16, &b, true) ==
                                  WENC_INPUT_EMPTY;
                            break;
                        case 1:
                            wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
                            ok += wenc_decoder_decode_to_utf8(&d, u, &a, dst8, &b, true) ==
                                  WENC_INPUT_EMPTY;
                            break;
                        case 2:
                            b = 2048;
                            ok += wenc_text_decoder_decode_to_utf16(&td, u, &a, dst16, &b,
                                                                    false) == WENC_OK;
                            break;
                        case 3:
                            ok += wenc_text_decoder_decode_to_utf8(&td, u, &a, dst8, &b,
                                                                   false) == WENC_OK;
                            break;
                        case 4:
                            ok += wenc_utf8_validate(u, len, &err) == WENC_OK;
                            break;
                        case 5:
                            memcpy(dst8, u, len);
                            __asm__ volatile("" ::"r"(dst8) : "memory");
                            ok++;
                            break;
                        case 6:
                            b = 2048;
                            wenc_decoder_init(&d, sb, WENC_DECODER_REPLACEMENT);
                            ok += wenc_decoder_decode_to_utf16(&d, sbin, &a, dst16, &b, true) ==
                                  WENC_INPUT_EMPTY;
                            break;
                        default:
                            wenc_decoder_init(&d, sb, WENC_DECODER_REPLACEMENT);
                            ok += wenc_decoder_decode_to_utf8(&d, sbin, &a, dst8, &b, true) ==
                                  WENC_INPUT_EMPTY;
                            break;
                        }
                    }
                    if (pass == 1)
                        CALLGRIND_TOGGLE_COLLECT;
                }
                char name[64];
                snprintf(name, sizeof name, "%s %s %zu %zu", names[s], ops[op], lengths[li],
                         op >= 6 ? sblen : len);
                if (ok != 2 * REP)
                    fprintf(stderr, "%s: failed\n", name);
                CALLGRIND_DUMP_STATS_AT(name);
            }
        }
        free(text);
    }
    wenc_text_decoder_destroy(&td);
    return 0;
}
