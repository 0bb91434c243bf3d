/* latin1.c -- wenc_decoder_decode_to_latin1 (wenc/latin1.h, issue 41):
** streaming equivalence for every encoding built, both error modes.  The
** reference is one decode_to_utf32 call per stretch between fatal errors
** (the output and errors the decoders' own tests prove); the run under test
** splits the input into random chunks (empty ones too), decodes with random
** rooms to one-byte strings, goes on in UTF-16 after each WENC_UNMAPPABLE
** (whose first code point must then be above U+00FF) and comes back to
** one-byte output at random.  Same code points, same errors and offsets,
** every call's lengths within range.  Inputs: random bytes (ASCII, high
** bytes, and each encoding's bytes of every kind come from them), seeded. */
#include <wenc/wenc.h>

#include "check.h"
#include "testutil.h"

#define MAXN 300

static tu_rng rng;

typedef struct {
    uint32_t cp[4 * MAXN + 64];
    size_t n;
    uint64_t err[MAXN + 8];
    size_t nerr;
} result;

static void push_cp(result *r, uint32_t cp)
{
    if (r->n < sizeof r->cp / sizeof r->cp[0])
        r->cp[r->n++] = cp;
}

static void push_err(result *r, uint64_t off)
{
    if (r->nerr < sizeof r->err / sizeof r->err[0])
        r->err[r->nerr++] = off;
}

static void reference(const wenc_encoding *e, unsigned flags, const uint8_t *in, size_t n,
                      result *r)
{
    wenc_decoder d;
    wenc_decoder_init(&d, e, flags);
    static uint32_t out[4 * MAXN + 64];
    size_t i = 0;
    r->n = r->nerr = 0;
    for (;;) {
        size_t sl = n - i, dl = sizeof out / sizeof out[0];
        wenc_status st = wenc_decoder_decode_to_utf32(&d, tu_at(in, i), &sl, out, &dl, true);
        for (size_t k = 0; k < dl; k++)
            push_cp(r, out[k]);
        i += sl;
        if (st != WENC_MALFORMED)
            break;
        push_err(r, wenc_decoder_error_offset(&d));
    }
}

/* Returns NULL, or what went wrong. */
static const char *run(const wenc_encoding *e, unsigned flags, const uint8_t *in, size_t n,
                       result *r)
{
    wenc_decoder d;
    wenc_decoder_init(&d, e, flags);
    r->n = r->nerr = 0;
    size_t pos = 0;
    bool wide = false, after_unmappable = false;
    unsigned guard = 0;
    while (pos <= n) {
        size_t chunk = tu_rng_below(&rng, 4) == 0 ? 0 : 1 + tu_rng_below(&rng, 40);
        if (chunk > n - pos)
            chunk = n - pos;
        bool last = pos + chunk == n;
        size_t end = pos + chunk;
        for (;;) {
            if (++guard > 100000)
                return "no progress";
            size_t sl = end - pos, room = 1 + tu_rng_below(&rng, 24);
            wenc_status st;
            size_t dl;
            if (!wide) {
                uint8_t *o = malloc(room);
                dl = room;
                st = wenc_decoder_decode_to_latin1(&d, tu_at(in, pos), &sl, o, &dl, last);
                if (sl > end - pos || dl > room)
                    return "decode_to_latin1: lengths out of range";
                for (size_t k = 0; k < dl; k++)
                    push_cp(r, o[k]);
                free(o);
                if (st == WENC_UNMAPPABLE) {
                    wide = true;
                    after_unmappable = true;
                }
            } else {
                room += 1; /* a pair is never split with room for 2 */
                uint16_t *o = malloc(room * sizeof *o);
                dl = room;
                st = wenc_decoder_decode_to_utf16(&d, tu_at(in, pos), &sl, o, &dl, last);
                if (sl > end - pos || dl > room)
                    return "decode_to_utf16: lengths out of range";
                if (after_unmappable && dl == 0 && st != WENC_MALFORMED)
                    return "after WENC_UNMAPPABLE, decode_to_utf16 wrote nothing";
                if (after_unmappable && dl > 0 && o[0] <= 0xFF)
                    return "after WENC_UNMAPPABLE, the next code point is at most U+00FF";
                for (size_t k = 0; k < dl; k++) {
                    uint32_t u = o[k];
                    if (u >= 0xD800 && u <= 0xDBFF && k + 1 < dl) {
                        u = 0x10000 + ((u - 0xD800) << 10) + (o[k + 1] - 0xDC00u);
                        k++;
                    }
                    push_cp(r, u);
                }
                free(o);
                after_unmappable = false;
                if (tu_rng_below(&rng, 2) == 0)
                    wide = false;
            }
            pos += sl;
            if (st == WENC_MALFORMED) {
                push_err(r, wenc_decoder_error_offset(&d));
                continue;
            }
            if (st == WENC_INPUT_EMPTY && pos == end)
                break;
            if (st == WENC_INPUT_EMPTY)
                return "WENC_INPUT_EMPTY with input left";
        }
        if (last)
            break;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    unsigned rounds = argc > 1 && strcmp(argv[1], "--long") == 0 ? 20 : 1;
    tu_rng_seed(&rng, 0x1A7142);
    static uint8_t in[MAXN];
    static result want, got;
    for (size_t ei = 0; wenc_encoding_at(ei) != NULL; ei++) {
        const wenc_encoding *e = wenc_encoding_at(ei);
        if (!wenc_encoding_is_built_in(e)) {
            check_skip("%s: not built in (-Dencodings)", wenc_encoding_name(e));
            continue;
        }
        for (unsigned mode = 0; mode < 2; mode++) {
            unsigned flags = mode ? WENC_DECODER_FATAL : WENC_DECODER_REPLACEMENT;
            unsigned long inputs = 0, failed = 0;
            for (unsigned k = 0; k < 150 * rounds; k++) {
                size_t n = tu_rng_below(&rng, k < 10 ? 16 : MAXN);
                /* Mostly ASCII, or mostly high bytes, or anything. */
                unsigned mix = k % 3;
                for (size_t i = 0; i < n; i++) {
                    bool high = mix == 0   ? tu_rng_below(&rng, 8) == 0
                                : mix == 1 ? tu_rng_below(&rng, 4) != 0
                                           : tu_rng_below(&rng, 2) == 0;
                    in[i] =
                        (uint8_t)(high ? 0x80 + tu_rng_below(&rng, 128) : tu_rng_below(&rng, 128));
                }
                reference(e, flags, in, n, &want);
                for (unsigned p = 0; p < 4; p++) {
                    inputs++;
                    const char *why = run(e, flags, in, n, &got);
                    if (why == NULL &&
                        (got.n != want.n || got.nerr != want.nerr ||
                         memcmp(got.cp, want.cp, got.n * sizeof got.cp[0]) != 0 ||
                         memcmp(got.err, want.err, got.nerr * sizeof got.err[0]) != 0))
                        why = "output or errors differ from one decode_to_utf32";
                    if (why != NULL && failed++ < 3) {
                        char hex[200];
                        tu_fmt_bytes(hex, sizeof hex, in, n < 60 ? n : 60);
                        printf("# %s %s: %s (%zu/%zu code points, %zu/%zu errors) [%s]\n",
                               wenc_encoding_name(e), mode ? "fatal" : "replacement", why, got.n,
                               want.n, got.nerr, want.nerr, hex);
                    }
                }
            }
            CHECK(failed == 0, "%s, %s: %lu splits to one-byte and UTF-16, %lu failed",
                  wenc_encoding_name(e), mode ? "fatal" : "replacement", inputs, failed);
        }
    }
    return check_done();
}
