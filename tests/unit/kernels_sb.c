/* kernels_sb.c -- the single-byte decode kernels of every instruction set
** this build has and this CPU runs (src/simd/sb/sb_kernels.h), called
** directly, against the test's own literal model of their contract (the
** Encoding Standard's single-byte decoder: a byte below 0x80 is itself,
** any other the index's code point for byte - 0x80, and an unmapped byte
** stops the kernel).  The indexes are random, with holes and with code
** points whose bytes are 0x00 or 0xFF (where a kernel that splits units
** into bytes could go wrong); every byte value is planted at every
** position of a 160-byte block of text; inputs of every length 0..200;
** pointers unaligned; the units past the kernel's result are checked
** untouched.  The encode kernels (from_utf16) the same way, against the
** contract's model of the encoder (ASCII other than U+0000 is itself, a
** unit of the main block its byte in the block's table, 0 none, and
** anything else stops the kernel).  The public decoders and encoders are
** tested against the standard's indexes in tests/conformance/. */
#include <stdbool.h>

#include "check.h"
#include "simd/sb/sb_kernels.h"
#include "testutil.h"

#define MAXB  208
#define SLACK 72 /* canary units past an output (one AVX-512 step and more) */
#define CANARY 0xA5A5u

static const wenc__sb_kernels *kern[WENC__ISA_COUNT];
static const char *kname[WENC__ISA_COUNT];
static int nkern;
static tu_rng rng;

/* Inputs checked and failed for the kernel under test; the first failure
** is described. */
typedef struct tally {
    unsigned long checked, failed;
} tally;

#define tally_fail(t, ...) ((t)->failed++ == 0 ? (void)(printf("# "), printf(__VA_ARGS__), printf("\n")) : (void)0)

/* The model: the units SRC[0..LEN) decodes to before its first unmapped
** byte; returns their count. */
static size_t model(const uint16_t *index, const uint8_t *src, size_t len, uint16_t *out)
{
    size_t i = 0;
    for (; i < len; i++) {
        uint16_t u = src[i] < 0x80 ? src[i] : index[src[i] - 0x80];
        if (u == 0xFFFF)
            break;
        out[i] = u;
    }
    return i;
}

/* The kernel's result on SRC[0..LEN) against the model: at most the
** model's count, at least it less one AVX-512 step of 64 (the contract lets
** a kernel stop at the start of the block holding an unmapped byte, or
** before a last short block), the model's units, nothing written past. */
static void run(tally *t, int k, const uint16_t *index, const uint32_t *runs, const uint8_t *src,
                size_t len, const char *what)
{
    static uint16_t want[MAXB], buf[MAXB + SLACK + 1];
    size_t n = model(index, src, len, want);
    size_t off = tu_rng_below(&rng, 2); /* unaligned units half the time */
    uint16_t *dst = buf + off;
    for (size_t i = 0; i < len + SLACK; i++)
        dst[i] = CANARY;
    size_t got = kern[k]->to_utf16(index, runs, len ? src : NULL, len, len ? dst : NULL);
    t->checked++;
    if (got > n || got + 64 < n) {
        tally_fail(t, "%s %s: read %zu of %zu, model %zu", kname[k], what, got, len, n);
        return;
    }
    for (size_t i = 0; i < got; i++)
        if (dst[i] != want[i]) {
            tally_fail(t, "%s %s: unit %zu is %04X, model %04X", kname[k], what, i, dst[i],
                       want[i]);
            return;
        }
    for (size_t i = got; i < len + SLACK; i++)
        if (dst[i] != CANARY) {
            tally_fail(t, "%s %s: unit %zu past the result (%zu) written", kname[k], what, i, got);
            return;
        }
}

/* The encode model: the bytes of the units SRC[0..LEN) before the first
** that is not ASCII (U+0000 excluded) or a unit of block MAIN with a byte
** in BLOCK; returns their count. */
static size_t model_encode(const uint8_t *block, uint32_t main, const uint16_t *src, size_t len,
                           uint8_t *out)
{
    size_t i = 0;
    for (; i < len; i++) {
        uint16_t u = src[i];
        uint8_t b = u != 0 && u < 0x80 ? (uint8_t)u : u >> 7 == main ? block[u & 0x7F] : 0;
        if (b == 0)
            break;
        out[i] = b;
    }
    return i;
}

/* from_utf16 on SRC[0..LEN) against the model, as run() does. */
static void run_encode(tally *t, int k, const uint8_t *block, uint32_t main, const uint16_t *src,
                       size_t len, const char *what)
{
    static uint8_t want[MAXB], buf[MAXB + SLACK + 1];
    size_t n = model_encode(block, main, src, len, want);
    uint8_t *dst = buf + tu_rng_below(&rng, 2);
    for (size_t i = 0; i < len + SLACK; i++)
        dst[i] = (uint8_t)CANARY;
    size_t got = kern[k]->from_utf16(block, main, len ? src : NULL, len, len ? dst : NULL);
    t->checked++;
    if (got > n || got + 64 < n) {
        tally_fail(t, "%s %s: read %zu of %zu units, model %zu", kname[k], what, got, len, n);
        return;
    }
    for (size_t i = 0; i < got; i++)
        if (dst[i] != want[i]) {
            tally_fail(t, "%s %s: byte %zu is %02X, model %02X", kname[k], what, i, dst[i],
                       want[i]);
            return;
        }
    for (size_t i = got; i < len + SLACK; i++)
        if (dst[i] != (uint8_t)CANARY) {
            tally_fail(t, "%s %s: byte %zu past the result (%zu) written", kname[k], what, i, got);
            return;
        }
}

/* A unit of class C (0..7) for block MAIN: ASCII, U+0000, the main
** block's (most often), the blocks beside it, a surrogate, anything. */
static uint16_t unit_of(unsigned c, uint32_t main)
{
    switch (c) {
    case 0:
        return (uint16_t)(1 + tu_rng_below(&rng, 0x7F));
    case 1:
        return 0;
    case 2:
    case 3:
    case 4:
        return (uint16_t)(main << 7 | tu_rng_below(&rng, 128));
    case 5:
        return (uint16_t)((main + (tu_rng_below(&rng, 2) ? 1 : 0xFFFF)) << 7 |
                          tu_rng_below(&rng, 128));
    case 6:
        return (uint16_t)(0xD800 + tu_rng_below(&rng, 0x800));
    default:
        return (uint16_t)tu_rng_below(&rng, 0x10000);
    }
}

/* The encode kernels: random tables (bytes 0x00 = none among them, and
** 0x80/0xFF), main blocks from U+0180 up (as sb_main gives) and next to
** 0xFFFF; every class of unit at every position of 100 units of text,
** and every length 0..200. */
static void test_encode(int k)
{
    static uint8_t block[128];
    static uint16_t u[MAXB + 1];
    tally t = {0, 0};
    for (unsigned round = 0; round < 24; round++) {
        uint32_t main = round % 6 == 5 ? 0x1FF : (uint32_t)(3 + tu_rng_below(&rng, 0x1FC));
        for (int j = 0; j < 128; j++) {
            size_t r = tu_rng_below(&rng, 16);
            block[j] = r < (round % 4) ? 0
                       : r == 15       ? 0xFF
                       : r == 14       ? 0x80
                                       : (uint8_t)(0x80 + tu_rng_below(&rng, 128));
        }
        for (size_t i = 0; i < 100; i++)
            u[i] = unit_of(tu_rng_below(&rng, 3) == 0 ? 0 : 2, main); /* ASCII, main */
        for (unsigned c = 0; c < 8; c++)
            for (size_t at = 0; at < 100; at++) {
                uint16_t keep = u[at];
                u[at] = unit_of(c, main);
                run_encode(&t, k, block, main, u + (at & 1), 100 - (at & 1) - (size_t)c * 5,
                           "planted");
                u[at] = keep;
            }
        for (size_t len = 0; len <= 200; len++) {
            for (size_t i = 0; i < len; i++)
                u[i + 1] = unit_of(tu_rng_below(&rng, 64) == 0 ? (unsigned)tu_rng_below(&rng, 8)
                                   : tu_rng_below(&rng, 2)     ? 0
                                                               : 2,
                                   main);
            run_encode(&t, k, block, main, u + 1, len, "length");
        }
    }
    CHECK(t.failed == 0 && t.checked > 0,
          "%s from_utf16: every kind of unit at every position of 100 units, every length: "
          "%lu checked, %lu failed",
          kname[k], t.checked, t.failed);
}

/* A random index: code points of every size, byte halves 0x00 and 0xFF
** among them; HOLES in 8 of them unmapped (0: none).  Two stretches of
** consecutive code points (one may cross 0xFFFF to 0x0000, or hold a
** hole, which then splits it) are planted for RUNS; the runs are those of
** runs_of() below, not these. */
static void random_index(uint16_t *index, unsigned holes)
{
    static const uint16_t edge[] = {0x0000, 0x00FF, 0xFF00, 0xFFFE, 0xFF7F, 0x80FF, 0x0080, 0xFEFF};
    for (int j = 0; j < 128; j++) {
        size_t r = tu_rng_below(&rng, 8);
        index[j] = r < 2   ? edge[tu_rng_below(&rng, 8)]
                   : r < 5 ? (uint16_t)(0x400 + tu_rng_below(&rng, 0x100))
                           : (uint16_t)tu_rng_below(&rng, 0xFFFF);
        if (holes != 0 && tu_rng_below(&rng, 8) < holes)
            index[j] = 0xFFFF;
    }
    for (int r = 0; r < 2; r++) {
        size_t at = tu_rng_below(&rng, 128), n = 1 + tu_rng_below(&rng, 128 - at);
        uint16_t cp = (uint16_t)(r == 0 ? 0x400 + tu_rng_below(&rng, 0x100) : 0xFFF0);
        for (size_t j = at; j < at + n; j++)
            if (index[j] != 0xFFFF || tu_rng_below(&rng, 16) != 0)
                index[j] = cp++;
    }
}

/* The packed runs of sb_kernels.h for INDEX, written out here from the
** contract: the two longest stretches of bytes whose code points follow
** one another (mapped, not 0xFFFF), at least MIN long; 0 where there is no
** such stretch. */
static void runs_of(const uint16_t *index, uint32_t *runs, size_t min)
{
    size_t best[2] = {0, 0}, at[2] = {0, 0};
    for (size_t p = 0; p < 128;) {
        size_t q = p;
        if (index[p] != 0xFFFF)
            while (q + 1 < 128 && index[q + 1] != 0xFFFF && index[q + 1] == (uint16_t)(index[q] + 1))
                q++;
        size_t n = index[p] != 0xFFFF ? q - p + 1 : 0;
        if (n > best[0]) {
            best[1] = best[0], at[1] = at[0];
            best[0] = n, at[0] = p;
        } else if (n > best[1]) {
            best[1] = n, at[1] = p;
        }
        p = q + 1;
    }
    for (int k = 0; k < 2; k++)
        runs[k] = best[k] >= min ? (uint32_t)(at[k] + 0x80) | (uint32_t)best[k] << 8 |
                                       (uint32_t)(uint16_t)(index[at[k]] - at[k] - 0x80) << 16
                                 : 0;
}

/* Text: words of upper-half bytes between ASCII spaces and punctuation;
** with RUNS, those bytes are mostly from the runs (as Cyrillic letters in
** windows-1251), so that blocks take a kernel's run path. */
static void text(uint8_t *s, size_t n, unsigned style, const uint32_t *runs)
{
    for (size_t i = 0; i < n;) {
        size_t word = 1 + tu_rng_below(&rng, style == 0 ? 9 : 40);
        for (; word > 0 && i < n; word--) {
            uint32_t r = runs != NULL ? runs[tu_rng_below(&rng, 2)] : 0;
            s[i++] = (uint8_t)(r >> 8 & 0xFF) != 0 && tu_rng_below(&rng, 16) != 0
                         ? (uint8_t)((r & 0xFF) + tu_rng_below(&rng, r >> 8 & 0xFF))
                         : (uint8_t)(0x80 + tu_rng_below(&rng, 128));
        }
        size_t gap = 1 + tu_rng_below(&rng, style == 2 ? 70 : 2);
        for (; gap > 0 && i < n; gap--)
            s[i++] = (uint8_t)" ,.\n-0"[tu_rng_below(&rng, 6)];
    }
}

int main(void)
{
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        wenc__isa isa = (wenc__isa)i;
        const char *why = NULL;
        if (wenc__sb_kernels_by_isa[i] == NULL)
            why = "no single-byte kernels (the handler's own loop)";
        else if (!wenc__simd_supported(isa))
            why = "this CPU lacks it";
        if (why != NULL) {
            printf("# skipped %s: %s\n", wenc__simd_name(isa), why);
            continue;
        }
        kern[nkern] = wenc__sb_kernels_by_isa[i];
        kname[nkern++] = wenc__simd_name(isa);
    }
    printf("# testing the single-byte kernels of:");
    for (int k = 0; k < nkern; k++)
        printf(" %s", kname[k]);
    printf("\n");
    tu_rng_seed(&rng, 0x5EEDB1);

    static uint16_t index[128];
    static uint8_t s[MAXB + 1];
    uint32_t runs[2];
    for (int k = 0; k < nkern; k++) {
        tally t = {0, 0};
        /* Every byte at every position of a block of text, total indexes
        ** and indexes with holes; the inputs' lengths leave last blocks of
        ** every size. */
        for (unsigned round = 0; round < 12; round++) {
            random_index(index, round % 4);
            runs_of(index, runs, round < 10 ? 1 : 200); /* the last rounds: no runs */
            text(s, 160, round % 3, round >= 4 ? runs : NULL);
            for (int b = 0; b < 256; b++)
                for (size_t at = 0; at < 160; at++) {
                    uint8_t keep = s[at];
                    s[at] = (uint8_t)b;
                    run(&t, k, index, runs, s + (at & 1), 160 - (at & 1) - (size_t)b % 40, "planted");
                    s[at] = keep;
                }
        }
        /* Every length, random text. */
        for (size_t len = 0; len <= 200; len++)
            for (unsigned r = 0; r < 20; r++) {
                random_index(index, r % 3);
                runs_of(index, runs, r % 4 == 3 ? 200 : 1 + r % 8);
                text(s + 1, len, r % 3, r % 2 ? runs : NULL);
                run(&t, k, index, runs, s + 1, len, "length");
            }
        CHECK(t.failed == 0 && t.checked > 0,
              "%s: every byte at every position of 160-byte text, every length: %lu checked, "
              "%lu failed",
              kname[k], t.checked, t.failed);
        if (kern[k]->from_utf16 != NULL)
            test_encode(k);
        else
            printf("# %s: no encode kernel (from_utf16)\n", kname[k]);
    }
    if (nkern == 0)
        check_skip("no single-byte kernels in this build or on this CPU");
    return check_done();
}
