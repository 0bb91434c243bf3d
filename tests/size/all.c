/* all.c -- the program the size harness links (tools/size-harness.py).
**
** What a browser or a parser links wenc for: every encoding of the
** standard decoded (replacement mode, to UTF-8 and to UTF-16) and every
** encoder (html mode, from UTF-8 and from UTF-16), through the public API
** only.  The input comes from standard input, so the compiler can fold
** nothing away.  Built with -DWENC_SIZE_BASELINE it is the same main without
** wenc (input copied to the output), whose size the harness subtracts:
** what is left is what linking the library adds to a program. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef WENC_SIZE_BASELINE
#include <wenc/wenc.h>
#endif

enum { CHUNK = 4096 };

static uint8_t in[CHUNK];
static uint8_t out8[4 * CHUNK + 16];
static uint16_t out16[CHUNK + 16];

#ifdef WENC_SIZE_BASELINE
/* The same buffers in use, so that they count in both programs. */
static size_t run(size_t n)
{
    memcpy(out8, in, n);
    for (size_t i = 0; i < n; i++)
        out16[i] = in[i];
    fwrite(out8, 1, n, stdout);
    fwrite(out16, 2, n, stdout);
    return n;
}
#else
/* Every decoder, then every encoder, over the same bytes (taken as UTF-8
** and as UTF-16 code units by the encoders). */
static size_t run(size_t n)
{
    size_t total = 0;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        wenc_decoder d;
        if (wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT) == WENC_OK) {
            size_t src = n, dst = sizeof out8;
            wenc_decoder_decode_to_utf8(&d, in, &src, out8, &dst, true);
            fwrite(out8, 1, dst, stdout);
            total += dst;
            wenc_decoder_reset(&d);
            src = n;
            dst = sizeof out16 / sizeof out16[0];
            wenc_decoder_decode_to_utf16(&d, in, &src, out16, &dst, true);
            fwrite(out16, 2, dst, stdout);
            total += dst;
        }
        wenc_encoder e;
        if (wenc_encoder_init(&e, enc, WENC_ENCODER_HTML) == WENC_OK) {
            size_t src = n, dst = sizeof out8;
            wenc_encoder_encode_from_utf8(&e, in, &src, out8, &dst, true);
            fwrite(out8, 1, dst, stdout);
            total += dst;
            uint16_t units[CHUNK / 2];
            memcpy(units, in, n / 2 * 2);
            wenc_encoder_reset(&e);
            src = n / 2;
            dst = sizeof out8;
            wenc_encoder_encode_from_utf16(&e, units, &src, out8, &dst, true);
            fwrite(out8, 1, dst, stdout);
            total += dst;
        }
    }
    return total;
}
#endif

int main(void)
{
    size_t n, total = 0;
    while ((n = fread(in, 1, CHUNK, stdin)) > 0)
        total += run(n);
    return total == 0;
}
