/* kernels_sb.c -- the single-byte kernels of every instruction set this
** build has and this CPU runs (src/simd/sb/sb_kernels.h), called directly,
** against the test's own literal model of their contract (the Encoding
** Standard's single-byte decoder: a byte below 0x80 is itself, any other
** the index's code point for byte - 0x80, and an unmapped byte stops the
** kernel; its encoder: ASCII is itself, any other code point the byte
** whose index entry it is, the rest stops the kernel; from UTF-8 U+0000
** stops it too).
** to_utf16 and to_utf8 (decode):  The indexes are random, with holes and with code
** points whose bytes are 0x00 or 0xFF (where a kernel that splits units
** into bytes could go wrong); every byte value is planted at every
** position of a 160-byte block of text; inputs of every length 0..200;
** pointers unaligned; the units past the kernel's result are checked
** untouched (to_utf8: past its room of 3 bytes a byte and 1).  The encode
** kernels, with the real encoders' tables of every index: random text of
** ASCII, U+0000, the index's code points, others and surrogates (from
** UTF-8 also ill-formed and four-byte sequences), at every length; the
** main block's (from_utf16) against the contract's model (ASCII other
** than U+0000 is itself, a unit of the main block its byte in the block's
** table, 0 none, anything else stops it), every kind of unit at every
** position.  The public decoders and encoders are tested against the
** standard's indexes in tests/conformance/. */
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "simd/sb/sb_kernels.h"
#include "testutil.h"

/* The kernels and the real encoders' tables exist only with the
** single-byte family (-Dencodings may leave it out). */
#if WENC__HAVE_FAMILY_SINGLE_BYTE

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

/* The packed UTF-8 of INDEX for to_utf8 (wenc__sb_decode_utf8's form:
** the bytes little-endian, the length less one in the top byte). */
static void index8_of(const uint16_t *index, uint32_t *index8)
{
    for (int j = 0; j < 128; j++) {
        uint32_t c = index[j];
        index8[j] = c == 0xFFFF  ? 0xFFFFFFFFu
                    : c < 0x80   ? c
                    : c < 0x800  ? (0xC0 | c >> 6) | (0x80 | (c & 0x3F)) << 8 | 1u << 24
                                 : (0xE0 | c >> 12) | (0x80 | (c >> 6 & 0x3F)) << 8 |
                                     (0x80 | (c & 0x3F)) << 16 | 2u << 24;
    }
}

/* to_utf8 on SRC[0..LEN) against the model's units as UTF-8. */
static void run8(tally *t, int k, const uint16_t *index, const uint32_t *index8,
                 const uint8_t *src, size_t len, const char *what)
{
    static uint16_t want[MAXB];
    static uint8_t want8[3 * MAXB], buf[3 * MAXB + 1 + SLACK + 1];
    size_t n = model(index, src, len, want), n8 = 0;
    size_t off = tu_rng_below(&rng, 2);
    uint8_t *dst = buf + off;
    for (size_t i = 0; i < 3 * len + 1 + SLACK; i++)
        dst[i] = (uint8_t)CANARY;
    size_t written = 12345;
    size_t got = kern[k]->to_utf8(index, index8, len ? src : NULL, len, len ? dst : NULL, &written);
    t->checked++;
    if (got > n || got + 64 < n) {
        tally_fail(t, "%s to_utf8 %s: read %zu of %zu, model %zu", kname[k], what, got, len, n);
        return;
    }
    for (size_t i = 0; i < got; i++) {
        uint32_t c = want[i];
        if (c < 0x80) {
            want8[n8++] = (uint8_t)c;
        } else if (c < 0x800) {
            want8[n8++] = (uint8_t)(0xC0 | c >> 6);
            want8[n8++] = (uint8_t)(0x80 | (c & 0x3F));
        } else {
            want8[n8++] = (uint8_t)(0xE0 | c >> 12);
            want8[n8++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            want8[n8++] = (uint8_t)(0x80 | (c & 0x3F));
        }
    }
    if (written != n8) {
        tally_fail(t, "%s to_utf8 %s: %zu bytes for %zu read, model %zu", kname[k], what, written,
                   got, n8);
        return;
    }
    for (size_t i = 0; i < n8; i++)
        if (dst[i] != want8[i]) {
            tally_fail(t, "%s to_utf8 %s: byte %zu is %02X, model %02X", kname[k], what, i, dst[i],
                       want8[i]);
            return;
        }
    for (size_t i = 3 * len + 1; i < 3 * len + 1 + SLACK; i++)
        if (dst[i] != (uint8_t)CANARY) {
            tally_fail(t, "%s to_utf8 %s: byte %zu past its room written", kname[k], what, i);
            return;
        }
}

/* The encoder's byte for CP in index row SB, from the decode table (the
** index itself): ASCII itself, else 0x80 + the pointer, 0 if none. */
static uint32_t enc_model(unsigned sb, uint32_t cp)
{
    if (cp < 0x80)
        return cp;
    for (unsigned j = 0; j < 128; j++)
        if (wenc__sb_decode[128 * sb + j] == cp)
            return 0x80 + j;
    return 0;
}

/* A code point for the encode inputs: ASCII, U+0000, one of row SB's,
** another BMP one, a surrogate, a supplementary one (from UTF-8).  DENSE:
** mostly row SB's, and the edges of its runs (wenc__sb_decode_runs: the
** kernels encode a run's code points without the table, issue 29), the
** first and last and the ones just outside, so that runs of them end at
** every offset of a vector. */
static uint32_t enc_cp(unsigned sb, bool utf8, bool dense)
{
    if (dense && tu_rng_below(&rng, 8) != 0) {
        uint32_t run = wenc__sb_decode_runs[2 * sb + tu_rng_below(&rng, 2)];
        uint32_t first = ((run >> 16) + (run & 0xFF)) & 0xFFFF, n = run >> 8 & 0xFF;
        if (n != 0 && tu_rng_below(&rng, 4) == 0) {
            uint32_t edge[4] = {first - 1, first, first + n - 1, first + n};
            return edge[tu_rng_below(&rng, 4)];
        }
        uint32_t c = wenc__sb_decode[128 * sb + tu_rng_below(&rng, 128)];
        return c == 0xFFFF ? 0x41 : c;
    }
    size_t r = tu_rng_below(&rng, 40);
    if (r < 14)
        return 0x20 + (uint32_t)tu_rng_below(&rng, 0x60);
    if (r < 30) {
        uint32_t c = wenc__sb_decode[128 * sb + tu_rng_below(&rng, 128)];
        return c == 0xFFFF ? 0x41 : c;
    }
    if (r < 33)
        return 0x80 + (uint32_t)tu_rng_below(&rng, 0x780);
    if (r < 35)
        return (uint32_t)tu_rng_below(&rng, 0x10000);
    if (r < 36)
        return 0;
    if (r < 38)
        return 0xD800 + (uint32_t)tu_rng_below(&rng, 0x800);
    return utf8 ? 0x10000 + (uint32_t)tu_rng_below(&rng, 0x100000) : 0x7F;
}

/* from_utf16_table and from_utf8_table with row SB's tables on random
** text of every length. */
static void run_encode(tally *t, int k, unsigned sb, int round)
{
    const uint8_t *top = WENC__SB_ENC_TOP(sb);
    uint32_t last = WENC__SB_ENC_LAST(sb);
#if WENC__TABLES_SMALL
    /* Half the rounds with a table made for the block of the row's last
    ** code point (sb_kernels.h, wenc__sb_enc_make). */
    static uint8_t made[128];
    uint32_t cp = wenc__sb_decode[128 * sb + 127];
    if (round % 2 == 1 && cp != 0xFFFF) {
        last = wenc__sb_enc_make(sb, cp >> 7, made);
        top = made;
    }
#endif
    static uint16_t s16[MAXB];
    static uint8_t s8[4 * MAXB + 2], want[4 * MAXB], buf[4 * MAXB + SLACK];
    for (size_t len = 0; len <= 200; len++) {
        /* From UTF-16: the model stops at the first unit without a byte;
        ** U+0000 is its byte 0 here. */
        for (size_t i = 0; i < len; i++)
            s16[i] = (uint16_t)enc_cp(sb, false, round >= 2);
        size_t n = 0;
        for (; n < len; n++) {
            uint32_t b = s16[n] >= 0xD800 && s16[n] < 0xE000 ? 0 : enc_model(sb, s16[n]);
            if (b == 0 && s16[n] != 0)
                break;
            want[n] = (uint8_t)b;
        }
        memset(buf, 0xA5, sizeof buf);
        size_t got = kern[k]->from_utf16_table(top, last, wenc__sb_decode_runs + 2 * sb, len ? s16 : NULL, len, len ? buf : NULL);
        t->checked++;
        if (got > n || got + 64 < n || (got < n && len - got >= 16) ||
            memcmp(buf, want, got) != 0 || buf[len] != 0xA5)
            tally_fail(t, "%s from_utf16_table row %u length %zu: read %zu, model %zu", kname[k],
                       sb, len, got, n);
        /* From UTF-8: code points, ill-formed bytes now and then; the
        ** sequences that start in the first N bytes (two more follow). */
        size_t m = 0;
        while (m < len) {
            uint32_t c = enc_cp(sb, true, round >= 2);
            size_t odd = tu_rng_below(&rng, 40);
            if (odd == 0)
                s8[m++] = (uint8_t)(0x80 + tu_rng_below(&rng, 0x80)); /* ill-formed */
            else if (odd == 1 && c < 0x800) /* overlong */
                s8[m++] = 0xE0, s8[m++] = (uint8_t)(0x80 | c >> 6), s8[m++] = (uint8_t)(0x80 | (c & 0x3F));
            else if (odd == 2 && c < 0x80) /* overlong */
                s8[m++] = (uint8_t)(0xC0 | c >> 6), s8[m++] = (uint8_t)(0x80 | (c & 0x3F));
            else if (c < 0x80)
                s8[m++] = (uint8_t)c;
            else if (c < 0x800)
                s8[m++] = (uint8_t)(0xC0 | c >> 6), s8[m++] = (uint8_t)(0x80 | (c & 0x3F));
            else if (c < 0x10000)
                s8[m++] = (uint8_t)(0xE0 | c >> 12), s8[m++] = (uint8_t)(0x80 | (c >> 6 & 0x3F)),
                s8[m++] = (uint8_t)(0x80 | (c & 0x3F));
            else
                s8[m++] = (uint8_t)(0xF0 | c >> 18), s8[m++] = (uint8_t)(0x80 | (c >> 12 & 0x3F)),
                s8[m++] = (uint8_t)(0x80 | (c >> 6 & 0x3F)), s8[m++] = (uint8_t)(0x80 | (c & 0x3F));
        }
        /* U+0000 is its byte 0 in the model; the kernel may also stop
        ** before it (START: where the model's sequences start, OUT_AT:
        ** the bytes out before each). */
        static bool start[4 * MAXB + 2];
        static size_t out_at[4 * MAXB + 2];
        memset(start, 0, sizeof start);
        size_t end = len < 2 ? 0 : len - 2, p = 0, o = 0;
        while (p < end) {
            uint32_t b0 = s8[p], c, l;
            if (b0 < 0x80)
                c = b0, l = 1;
            else if (b0 >= 0xC2 && b0 < 0xE0 && (s8[p + 1] & 0xC0) == 0x80)
                c = (b0 & 0x1F) << 6 | (s8[p + 1] & 0x3F), l = 2;
            else if (b0 >= 0xE0 && b0 < 0xF0 && (s8[p + 1] & 0xC0) == 0x80 &&
                     (s8[p + 2] & 0xC0) == 0x80) {
                c = (b0 & 0x0F) << 12 | (s8[p + 1] & 0x3Fu) << 6 | (s8[p + 2] & 0x3F), l = 3;
                if (c < 0x800 || (c >= 0xD800 && c < 0xE000))
                    break;
            } else
                break;
            uint32_t b = enc_model(sb, c);
            if (b == 0 && c != 0)
                break;
            start[p] = true;
            out_at[p] = o;
            want[o++] = (uint8_t)b;
            p += l;
        }
        out_at[p] = o;
        memset(buf, 0xA5, sizeof buf);
        size_t written = 12345;
        /* The input in a heap block of exactly END + 2 bytes (what the
        ** kernel may read), so that a sanitizer sees a read past it: the
        ** three-byte step once read a fourth byte before testing that 28
        ** remain (the CI's gcc-asan step, fuzz-encode). */
        uint8_t *exact = end ? malloc(end + 2) : NULL;
        if (end && exact == NULL) {
            tally_fail(t, "out of memory");
            return;
        }
        if (end)
            memcpy(exact, s8, end + 2);
        got = kern[k]->from_utf8_table(top, last, wenc__sb_decode_runs + 2 * sb, exact, end, end ? buf : NULL, &written);
        free(exact);
        t->checked++;
        bool at_nul = got < p && start[got] && s8[got] == 0 && written == out_at[got];
        if ((!at_nul && (got != p || written != o)) || memcmp(buf, want, written) != 0 ||
            buf[end] != 0xA5)
            tally_fail(t, "%s from_utf8_table row %u length %zu: read %zu wrote %zu, model %zu %zu",
                       kname[k], sb, end, got, written, p, o);
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

/* from_utf16 (the main block's kernel) on SRC[0..LEN) against the model,
** as run() does. */
static void run_main_encode(tally *t, int k, const uint8_t *block, uint32_t main, const uint16_t *src,
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

/* The main block's encode kernels (from_utf16): random tables (bytes 0x00 = none among them, and
** 0x80/0xFF), main blocks from U+0180 up (as sb_main gives) and next to
** 0xFFFF; every class of unit at every position of 100 units of text,
** and every length 0..200. */
static void test_main_encode(int k)
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
                run_main_encode(&t, k, block, main, u + (at & 1), 100 - (at & 1) - (size_t)c * 5,
                           "planted");
                u[at] = keep;
            }
        for (size_t len = 0; len <= 200; len++) {
            for (size_t i = 0; i < len; i++)
                u[i + 1] = unit_of(tu_rng_below(&rng, 64) == 0 ? (unsigned)tu_rng_below(&rng, 8)
                                   : tu_rng_below(&rng, 2)     ? 0
                                                               : 2,
                                   main);
            run_main_encode(&t, k, block, main, u + 1, len, "length");
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
              "%s to_utf16: every byte at every position of 160-byte text, every length: %lu "
              "checked, %lu failed",
              kname[k], t.checked, t.failed);
        if (kern[k]->to_utf8 != NULL) {
            static uint32_t index8[128];
            tally t8 = {0, 0};
            for (unsigned round = 0; round < 12; round++) {
                random_index(index, round % 4);
                index8_of(index, index8);
                text(s, 160, round % 3, NULL);
                for (int b = 0; b < 256; b++)
                    for (size_t at = 0; at < 160; at += 3) {
                        uint8_t keep = s[at];
                        s[at] = (uint8_t)b;
                        run8(&t8, k, index, index8, s + (at & 1), 160 - (at & 1) - (size_t)b % 40,
                             "planted");
                        s[at] = keep;
                    }
            }
            for (size_t len = 0; len <= 200; len++)
                for (unsigned r = 0; r < 20; r++) {
                    random_index(index, r % 3);
                    index8_of(index, index8);
                    text(s + 1, len, r % 3, NULL);
                    run8(&t8, k, index, index8, s + 1, len, "length");
                }
            CHECK(t8.failed == 0 && t8.checked > 0,
                  "%s to_utf8: every byte at every third position of 160-byte text, every "
                  "length: %lu checked, %lu failed",
                  kname[k], t8.checked, t8.failed);
        }
        if (kern[k]->from_utf16_table != NULL) {
            tally te = {0, 0};
            for (unsigned sb = 0; sb < WENC__SB_INDEXES; sb++)
                for (int r = 0; r < 4; r++)
                    run_encode(&te, k, sb, r);
            CHECK(te.failed == 0 && te.checked > 0,
                  "%s from_utf16_table, from_utf8_table: every index, every length: %lu checked, "
                  "%lu failed",
                  kname[k], te.checked, te.failed);
        }
        if (kern[k]->from_utf16 != NULL)
            test_main_encode(k);
    }
    if (nkern == 0)
        check_skip("no single-byte kernels in this build or on this CPU");
    return check_done();
}

#else
int main(void)
{
    check_skip("this build has no single-byte encoding (-Dencodings)");
    return check_done();
}
#endif
