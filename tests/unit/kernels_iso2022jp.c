/* kernels_iso2022jp.c -- the ISO-2022-JP ASCII-state kernels of every
** instruction set this build has and this CPU runs
** (src/simd/iso2022jp/iso2022jp_kernels.h), called directly, against the test's own
** literal model of their contract: the ISO-2022-JP decoder's and encoder's
** ASCII state take a unit below 0x80 as itself unless it is 0x0E or 0x0F
** (errors) or 0x1B (an escape), and the kernels copy the longest prefix of
** such units.  Every byte value, and every UTF-16 unit value whose low or
** high byte could fool a narrowing (0x010E, 0x1B00, 0x8000...), is planted
** at every position of a block of text long enough for every kernel's
** block loop, and the stops at every position of a longer one; inputs of
** every length; pointers unaligned; the units past
** the input are checked untouched (a kernel may write scratch past the
** prefix within the input's length).  The default run plants every value
** at the first and last 64 positions of the first block and at every 11th
** between them (each position meets an eleventh of the values); --every
** plants each value at every position (suite 'long': five times the work).  The public decoder and encoder are
** tested against the reference model in tests/conformance. */
#include <stdbool.h>
#include <string.h>

#include "check.h"
#include "simd/iso2022jp/iso2022jp_kernels.h"
#include "testutil.h"

#define BLOCK  700  /* the first 256 units, a 256-unit block and more */
#define LONG   1300 /* the first 256, then 256-unit blocks loaded ahead */
#define MAXN   (LONG + 1)
#define SLACK  80 /* canary units past an input (one AVX-512 step and more) */
#define CANARY 0xA5u

static const wenc__iso2022jp_kernels *kern[WENC__ISA_COUNT];
static const char *kname[WENC__ISA_COUNT];
static int nkern;
static bool every; /* --every: each value at each position */

/* Whether the default run plants value V at position AT of an N-unit block:
** near both ends always (the first vectors and the tail), elsewhere every
** 11th position, shifted with V so that each position meets some values. */
static bool planted_here(size_t v, size_t at, size_t n)
{
    return every || at < 64 || at + 64 >= n || (at + v) % 11 == 0;
}
static tu_rng rng;

/* The four copies, by what they read and write. */
enum { TO_UTF8, TO_UTF16, TO_UTF32, FROM_UTF16, COPIES };
static const char *const copy_name[COPIES] = {"to_utf8", "to_utf16", "to_utf32", "from_utf16"};

typedef struct tally {
    unsigned long checked, failed;
} tally;

#define tally_fail(t, ...)                                                                         \
    ((t)->failed++ == 0 ? (void)(printf("# "), printf(__VA_ARGS__), printf("\n")) : (void)0)

/* The contract, written out: plain units are below 0x80 and not 0E, 0F
** or 1B. */
static size_t model(const uint16_t *src, size_t len)
{
    size_t i = 0;
    while (i < len && src[i] < 0x80 && src[i] != 0x0E && src[i] != 0x0F && src[i] != 0x1B)
        i++;
    return i;
}

/* Kernel K's copy C on the units SRC[0..LEN) (bytes for the decoders'
** copies: each unit is below 0x100 there), against the model. */
static void run(tally *t, int k, int c, const uint16_t *src, size_t len, const char *what)
{
    static uint8_t in8[MAXN + 1];
    static uint16_t in16[MAXN + 1];
    static uint32_t out[MAXN + SLACK + 1];
    static uint16_t out16[MAXN + SLACK + 1];
    static uint8_t out8[MAXN + SLACK + 1];
    size_t off = tu_rng_below(&rng, 2); /* unaligned pointers half the time */
    size_t want = model(src, len), got;
    for (size_t i = 0; i < len; i++) {
        in8[off + i] = (uint8_t)src[i];
        in16[off + i] = src[i];
    }
    memset(out8, CANARY, sizeof out8);
    memset(out16, CANARY, sizeof out16);
    memset(out, CANARY, sizeof out);
    const wenc__iso2022jp_kernels *kk = kern[k];
    if (c == TO_UTF8)
        got = kk->to_utf8(in8 + off, len, out8 + off);
    else if (c == TO_UTF16)
        got = kk->to_utf16(in8 + off, len, out16 + off);
    else if (c == TO_UTF32)
        got = kk->to_utf32(in8 + off, len, out + off);
    else
        got = kk->from_utf16(in16 + off, len, out8 + off);
    t->checked++;
    if (got != want) {
        tally_fail(t, "%s %s %s: %zu units of %zu copied, the model %zu", kname[k], copy_name[c],
                   what, got, len, want);
        return;
    }
    for (size_t i = 0; i < len + SLACK; i++) {
        uint32_t u = c == TO_UTF16 ? out16[off + i] : c == TO_UTF32 ? out[off + i] : out8[off + i];
        uint32_t canary = c == TO_UTF16 ? 0xA5A5u : c == TO_UTF32 ? 0xA5A5A5A5u : CANARY;
        if (i < want ? u != src[i] : i >= len && u != canary) {
            tally_fail(t, "%s %s %s (length %zu, prefix %zu): unit %zu is %X", kname[k],
                       copy_name[c], what, len, want, i, u);
            return;
        }
    }
}

/* Plain text: printable ASCII mostly, with tabs, line ends and the other
** controls that are plain (0x00, 0x0D, 0x1A, 0x1C, 0x7F). */
static void text(uint16_t *s, size_t n)
{
    static const uint16_t controls[] = {0x00, 0x09, 0x0A, 0x0D, 0x1A, 0x1C, 0x1F, 0x7F, 0x10};
    for (size_t i = 0; i < n; i++)
        s[i] = tu_rng_below(&rng, 16) == 0 ? controls[tu_rng_below(&rng, 9)]
                                           : (uint16_t)(0x20 + tu_rng_below(&rng, 0x5F));
}

int main(int argc, char **argv)
{
    every = argc > 1 && strcmp(argv[1], "--every") == 0;
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        wenc__isa isa = (wenc__isa)i;
        const char *why = NULL;
        if (wenc__iso2022jp_kernels_by_isa[i] == NULL)
            why = "no ISO-2022-JP kernels (the handler's own loops)";
        else if (!wenc__simd_supported(isa))
            why = "this CPU lacks it";
        if (why != NULL) {
            printf("# skipped %s: %s\n", wenc__simd_name(isa), why);
            continue;
        }
        kern[nkern] = wenc__iso2022jp_kernels_by_isa[i];
        kname[nkern++] = wenc__simd_name(isa);
    }
    printf("# testing the ISO-2022-JP kernels of:");
    for (int k = 0; k < nkern; k++)
        printf(" %s", kname[k]);
    printf("\n");
    tu_rng_seed(&rng, 0x150220);

    /* UTF-16 units besides the 256 byte values: stops whose low or high
    ** byte alone would be plain, or would be one of the three. */
    static const uint16_t wide[] = {0x0100, 0x010E, 0x011B, 0x0141, 0x0E00, 0x0F00, 0x1B00,
                                    0x1B1B, 0x4100, 0x7F7F, 0x7FFF, 0x8000, 0x8041, 0x800E,
                                    0xFF00, 0xFF0F, 0xFF1B, 0xFF41, 0xFFFF, 0xFEFF, 0x3042};
    static uint16_t s[MAXN];
    for (int k = 0; k < nkern; k++)
        for (int c = 0; c < COPIES; c++) {
            tally t = {0, 0};
            /* Every value at every position of a block; the lengths leave
            ** last vectors of every size. */
            size_t values = 256 + (c == FROM_UTF16 ? sizeof wide / sizeof wide[0] : 0);
            text(s, BLOCK);
            for (size_t v = 0; v < values; v++)
                for (size_t at = 0; at < BLOCK; at++) {
                    if (!planted_here(v, at, BLOCK))
                        continue;
                    uint16_t keep = s[at];
                    s[at] = v < 256 ? (uint16_t)v : wide[v - 256];
                    run(&t, k, c, s, BLOCK - v % 70, "planted");
                    s[at] = keep;
                }
            /* The stops and their neighbours at every position of a longer
            ** block, where the AVX-512 copies load each block of four
            ** vectors before storing the one before. */
            static const uint16_t few[] = {0x00, 0x0D, 0x0E, 0x0F, 0x1A,   0x1B,
                                           0x1C, 0x7F, 0x80, 0xFF, 0x8000, 0x010E};
            size_t nfew = c == FROM_UTF16 ? 12 : 10;
            text(s, LONG);
            for (size_t v = 0; v < nfew; v++)
                for (size_t at = 0; at < LONG; at++) {
                    uint16_t keep = s[at];
                    s[at] = few[v];
                    run(&t, k, c, s, LONG - v % 70, "planted far");
                    s[at] = keep;
                }
            /* Every length, plain text and text with a stop or two. */
            for (size_t len = 1; len <= LONG; len++)
                for (unsigned r = 0; r < 4; r++) {
                    text(s, len);
                    for (unsigned n = 0; n < r / 2; n++)
                        s[tu_rng_below(&rng, len)] =
                            (uint16_t) "\x0E\x0F\x1B\x80"[tu_rng_below(&rng, 4)];
                    run(&t, k, c, s, len, "length");
                }
            CHECK(t.failed == 0 && t.checked > 0,
                  "%s %s: every unit value at %s position of %d-unit text, stops at every "
                  "position of %d, every length: %lu checked, %lu failed",
                  kname[k], copy_name[c], every ? "every" : "the ends and every 11th", BLOCK,
                  LONG, t.checked, t.failed);
        }
    if (nkern == 0)
        check_skip("no ISO-2022-JP kernels in this build or on this CPU");
    return check_done();
}
