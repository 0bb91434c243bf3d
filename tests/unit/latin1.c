/* latin1.c -- wenc/latin1.h (issue 41) against the test's own reference,
** written from the definitions: ISO-8859-1's bytes are code points
** U+0000..U+00FF; the Encoding Standard's UTF-8 encoder (1 byte below
** U+0080, else 0xC0 | cp >> 6, 0x80 | cp & 0x3F) and UTF-8 decoder (its
** lead bytes, the bounds E0 A0, ED 9F, F0 90, F4 8F, a sequence cut by the
** end is an error); a lone surrogate is a leading one (D800..DBFF) not
** followed by a trailing one (DC00..DFFF), or a trailing one not after a
** leading one.  Every length 0..300, a breaking unit at every position,
** every output room on short inputs, from exactly sized heap blocks (so
** ASan and valgrind see a read past the end), with a check that nothing
** past the output is written.  Suite unit runs under every WENC_SIMD set
** (tools/run-kernel-suites, .ci/run step kernels; meson test --setup
** simd_<set>): the TAP header says which kernels ran. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simd/latin1/latin1_kernels.h"
#include "testutil.h"
#include "wenc/wenc.h"

#define MAXN   300
#define CANARY 0xA5

static unsigned long checked, failed;

#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        checked++;                                                                                 \
        if (!(cond) && failed++ < 10) {                                                            \
            printf("# failed: ");                                                                  \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static void report(const char *what)
{
    CHECK(failed == 0, "%s: %lu checked, %lu failed", what, checked, failed);
    checked = failed = 0;
}

/* An exactly sized copy of P[0..N) on the heap (a 1-byte block for 0, so
** that the pointer is not NULL). */
static void *heap_copy(const void *p, size_t n)
{
    void *q = malloc(n ? n : 1);
    if (q == NULL)
        exit(99);
    /* A zero-length copy still gets a defined byte: gcc 12 -O3 otherwise
    ** warns that the block passed as const is uninitialised. */
    if (n)
        memcpy(q, p, n);
    else
        *(unsigned char *)q = 0;
    return q;
}

/* ---------------------------------------------------------------------------
** The reference. */

static size_t ref_latin1_to_utf8(const uint8_t *s, size_t n, uint8_t *d)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x80) {
            d[o++] = s[i];
        } else {
            d[o++] = (uint8_t)(0xC0 | s[i] >> 6);
            d[o++] = (uint8_t)(0x80 | (s[i] & 0x3F));
        }
    }
    return o;
}

/* The code point of the sequence at S[0..N) (N > 0), or -1 if the UTF-8
** decoder finds an error there (the standard's steps, with its bounds);
** *LEN its length. */
static long ref_utf8_one(const uint8_t *s, size_t n, size_t *len)
{
    unsigned b = s[0], need, lower = 0x80, upper = 0xBF;
    long cp;
    *len = 1;
    if (b <= 0x7F)
        return b;
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        cp = b & 0x0F;
        if (b == 0xE0)
            lower = 0xA0;
        if (b == 0xED)
            upper = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        cp = b & 0x07;
        if (b == 0xF0)
            lower = 0x90;
        if (b == 0xF4)
            upper = 0x8F;
    } else {
        return -1;
    }
    for (unsigned k = 1; k <= need; k++) {
        if (k >= n || s[k] < lower || s[k] > upper)
            return -1;
        lower = 0x80;
        upper = 0xBF;
        cp = cp << 6 | (s[k] & 0x3F);
    }
    *len = need + 1;
    return cp;
}

static wenc_status ref_utf8_to_latin1(const uint8_t *s, size_t n, uint8_t *d, size_t cap,
                                      size_t *read, size_t *written)
{
    size_t i = 0, o = 0, len;
    wenc_status st = WENC_INPUT_EMPTY;
    while (i < n) {
        long cp = ref_utf8_one(s + i, n - i, &len);
        if (cp < 0) {
            st = WENC_MALFORMED;
            break;
        }
        if (cp > 0xFF) {
            st = WENC_UNMAPPABLE;
            break;
        }
        if (o == cap) {
            st = WENC_OUTPUT_FULL;
            break;
        }
        d[o++] = (uint8_t)cp;
        i += len;
    }
    *read = i;
    *written = o;
    return st;
}

static bool is_lead(uint32_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}
static bool is_trail(uint32_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

/* Whether S[I] is a lone surrogate. */
static bool ref_lone(const uint16_t *s, size_t n, size_t i)
{
    if (is_lead(s[i]))
        return !(i + 1 < n && is_trail(s[i + 1]));
    if (is_trail(s[i]))
        return !(i > 0 && is_lead(s[i - 1]));
    return false;
}

static size_t ref_well_formed(const uint16_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ref_lone(s, n, i))
            return i;
    return n;
}

static size_t ref_below(const uint16_t *s, size_t n, uint32_t limit)
{
    size_t i = 0;
    while (i < n && s[i] < limit)
        i++;
    return i;
}

/* ---------------------------------------------------------------------------
** The checks of one input. */

static uint8_t refout[4 * MAXN + 16];
static uint16_t ref16[MAXN + 4];

/* Every function reading one-byte string S[0..N): whole, and into every
** room up to 2N + 1 when ROOMS. */
static void check_latin1(const uint8_t *s_, size_t n, bool rooms)
{
    uint8_t *s = heap_copy(s_, n);
    size_t want = ref_latin1_to_utf8(s, n, refout);
    /* The room the header says is enough: the UTF-8 length, exactly. */
    uint8_t *d = malloc(want ? want : 1);
    size_t got = wenc_latin1_to_utf8(s, n, d);
    EXPECT(got == want && memcmp(d, refout, want) == 0, "latin1_to_utf8 n %zu: %zu, want %zu", n,
           got, want);
    EXPECT(wenc_utf8_length_from_latin1(s, n) == want, "utf8_length_from_latin1 n %zu", n);
    free(d);
    uint16_t *w = malloc((n ? n : 1) * sizeof *w);
    EXPECT(wenc_latin1_to_utf16(s, n, w) == n, "latin1_to_utf16 n %zu", n);
    for (size_t i = 0; i < n; i++)
        EXPECT(w[i] == s[i], "latin1_to_utf16 n %zu: unit %zu", n, i);
    free(w);
    size_t ascii = 0;
    while (ascii < n && s[ascii] < 0x80)
        ascii++;
    EXPECT(wenc_ascii_prefix(s, n) == ascii, "ascii_prefix n %zu", n);
    for (size_t cap = rooms ? 0 : 2 * n + 1; cap <= 2 * n + 1; cap++) {
        uint8_t *dd = malloc(cap + 1);
        memset(dd, CANARY, cap + 1);
        size_t sl = n, dl = cap;
        wenc_status st = wenc_latin1_to_utf8_partial(s, &sl, dd, &dl);
        /* The reference: whole code points while they fit. */
        size_t ri = 0, ro = 0;
        while (ri < n && cap - ro >= (s[ri] < 0x80 ? 1u : 2u))
            ro += s[ri++] < 0x80 ? 1 : 2;
        wenc_status rst = ri == n ? WENC_INPUT_EMPTY : WENC_OUTPUT_FULL;
        bool canary = true;
        for (size_t k = dl; k <= cap; k++)
            canary &= dd[k] == CANARY;
        EXPECT(st == rst && sl == ri && dl == ro && memcmp(dd, refout, ro) == 0 && canary,
               "latin1_to_utf8_partial n %zu room %zu: %d %zu %zu, want %d %zu %zu%s", n, cap, st,
               sl, dl, rst, ri, ro, canary ? "" : " (wrote past)");
        free(dd);
    }
    free(s);
}

/* Every function reading UTF-16 S[0..N). */
static void check_utf16(const uint16_t *s_, size_t n, bool rooms)
{
    uint16_t *s = heap_copy(s_, n * sizeof *s_);
    EXPECT(wenc_utf16_latin1_prefix(s, n) == ref_below(s, n, 0x100), "utf16_latin1_prefix n %zu",
           n);
    EXPECT(wenc_utf16_ascii_prefix(s, n) == ref_below(s, n, 0x80), "utf16_ascii_prefix n %zu", n);
    size_t wf = ref_well_formed(s, n);
    EXPECT(wenc_utf16_well_formed_prefix(s, n) == wf,
           "utf16_well_formed_prefix n %zu: %zu, "
           "want %zu",
           n, wenc_utf16_well_formed_prefix(s, n), wf);
    for (size_t i = 0; i < n; i++)
        ref16[i] = ref_lone(s, n, i) ? 0xFFFD : s[i];
    uint16_t *w = malloc((n ? n : 1) * sizeof *w);
    wenc_utf16_to_well_formed(s, n, w);
    EXPECT(n == 0 || memcmp(w, ref16, n * sizeof *w) == 0, "utf16_to_well_formed n %zu", n);
    memcpy(w, s, n * sizeof *w);
    wenc_utf16_to_well_formed(w, n, w);
    EXPECT(n == 0 || memcmp(w, ref16, n * sizeof *w) == 0, "utf16_to_well_formed in place n %zu",
           n);
    free(w);
    size_t p = ref_below(s, n, 0x100);
    for (size_t cap = rooms ? 0 : n; cap <= n; cap++) {
        uint8_t *dd = malloc(cap + 1);
        memset(dd, CANARY, cap + 1);
        size_t sl = n, dl = cap;
        wenc_status st = wenc_utf16_to_latin1(s, &sl, dd, &dl);
        size_t ri = p < cap ? p : cap;
        wenc_status rst = ri == n              ? WENC_INPUT_EMPTY
                          : s[ri] <= 0xFF      ? WENC_OUTPUT_FULL
                          : ref_lone(s, n, ri) ? WENC_MALFORMED
                                               : WENC_UNMAPPABLE;
        bool same = sl == ri && dl == ri, canary = true;
        for (size_t k = 0; same && k < ri; k++)
            same = dd[k] == s[k];
        for (size_t k = dl; k <= cap; k++)
            canary &= dd[k] == CANARY;
        EXPECT(st == rst && same && canary, "utf16_to_latin1 n %zu room %zu: %d %zu, want %d %zu%s",
               n, cap, st, sl, rst, ri, canary ? "" : " (wrote past)");
        free(dd);
    }
    free(s);
}

/* Every function reading UTF-8 S[0..N). */
static void check_utf8(const uint8_t *s_, size_t n, bool rooms)
{
    uint8_t *s = heap_copy(s_, n);
    size_t rr, rw;
    wenc_status rst = ref_utf8_to_latin1(s, n, refout, SIZE_MAX, &rr, &rw);
    EXPECT(wenc_utf8_latin1_prefix(s, n) == rr, "utf8_latin1_prefix n %zu: %zu, want %zu", n,
           wenc_utf8_latin1_prefix(s, n), rr);
    for (size_t cap = rooms ? 0 : n; cap <= n; cap++) {
        rst = ref_utf8_to_latin1(s, n, refout, cap, &rr, &rw);
        uint8_t *dd = malloc(cap ? cap : 1);
        size_t sl = n, dl = cap;
        wenc_status st = wenc_utf8_to_latin1(s, &sl, dd, &dl);
        EXPECT(st == rst && sl == rr && dl == rw && memcmp(dd, refout, rw) == 0,
               "utf8_to_latin1 n %zu room %zu: %d %zu %zu, want %d %zu %zu", n, cap, st, sl, dl,
               rst, rr, rw);
        free(dd);
    }
    free(s);
}

/* ---------------------------------------------------------------------------
** The inputs. */

static tu_rng rng;

/* Random one-byte text: ASCII, with one byte in HIGH_IN of 80..FF. */
static void fill_latin1(uint8_t *s, size_t n, unsigned high_in)
{
    for (size_t i = 0; i < n; i++)
        s[i] =
            (uint8_t)(high_in && tu_rng_below(&rng, high_in) == 0 ? 0x80 + tu_rng_below(&rng, 128)
                                                                  : 0x20 + tu_rng_below(&rng, 95));
}

int main(void)
{
    printf("# kernels of: %s (WENC_SIMD=%s)\n", wenc__simd_name(wenc__simd_isa()),
           getenv("WENC_SIMD") ? getenv("WENC_SIMD") : "unset");
    const char *forced = getenv("WENC_SIMD");
    if (forced != NULL && wenc__simd_from_name(forced) != WENC__ISA_COUNT &&
        wenc__simd_supported(wenc__simd_from_name(forced)))
        CHECK(strcmp(forced, wenc__simd_name(wenc__simd_isa())) == 0, "runs the forced set %s",
              forced);
    tu_rng_seed(&rng, 0x1A7141);
    static uint8_t b[MAXN + 16], u8[4 * MAXN + 16];
    static uint16_t u[MAXN + 16];

    /* NULL with length 0, and argument errors. */
    {
        size_t sl = 0, dl = 0;
        CHECK(wenc_latin1_to_utf8(NULL, 0, NULL) == 0 && wenc_latin1_to_utf16(NULL, 0, NULL) == 0 &&
                  wenc_utf8_length_from_latin1(NULL, 0) == 0 && wenc_ascii_prefix(NULL, 0) == 0 &&
                  wenc_utf8_latin1_prefix(NULL, 0) == 0 && wenc_utf16_latin1_prefix(NULL, 0) == 0 &&
                  wenc_utf16_ascii_prefix(NULL, 0) == 0 &&
                  wenc_utf16_well_formed_prefix(NULL, 0) == 0,
              "NULL with length 0: 0");
        CHECK(wenc_latin1_to_utf8_partial(NULL, &sl, NULL, &dl) == WENC_INPUT_EMPTY &&
                  wenc_utf8_to_latin1(NULL, &sl, NULL, &dl) == WENC_INPUT_EMPTY &&
                  wenc_utf16_to_latin1(NULL, &sl, NULL, &dl) == WENC_INPUT_EMPTY && sl == 0 &&
                  dl == 0,
              "NULL with length 0: WENC_INPUT_EMPTY");
        wenc_utf16_to_well_formed(NULL, 0, NULL);
        sl = 1;
        dl = 4;
        uint8_t x = 'a', y[4];
        CHECK(wenc_latin1_to_utf8_partial(NULL, &sl, y, &dl) == WENC_INVALID_ARGUMENT &&
                  wenc_utf8_to_latin1(NULL, &sl, y, &dl) == WENC_INVALID_ARGUMENT &&
                  wenc_utf16_to_latin1(NULL, &sl, y, &dl) == WENC_INVALID_ARGUMENT &&
                  wenc_latin1_to_utf8_partial(&x, &sl, NULL, &dl) == WENC_INVALID_ARGUMENT &&
                  wenc_utf8_to_latin1(&x, NULL, y, &dl) == WENC_INVALID_ARGUMENT &&
                  wenc_utf16_to_latin1((const uint16_t *)y, &sl, y, NULL) ==
                      WENC_INVALID_ARGUMENT &&
                  sl == 1 && dl == 4,
              "NULL with a length: WENC_INVALID_ARGUMENT, lengths unchanged");
        CHECK(wenc_latin1_to_utf8(NULL, 3, y) == 0 && wenc_ascii_prefix(NULL, 3) == 0 &&
                  wenc_utf8_latin1_prefix(NULL, 3) == 0 && wenc_utf16_ascii_prefix(NULL, 3) == 0,
              "NULL with a length: 0");
        /* Hand vectors (typed from the definitions). */
        static const uint8_t l1[] = {'A', 0xE9, 0x7F, 0x80, 0xFF};
        static const uint8_t l1u8[] = {'A', 0xC3, 0xA9, 0x7F, 0xC2, 0x80, 0xC3, 0xBF};
        uint8_t o[16];
        size_t k = wenc_latin1_to_utf8(l1, 5, o);
        CHECK_BYTES(o, k, l1u8, sizeof l1u8, "latin1_to_utf8 A e-acute DEL 80 FF");
        sl = 8;
        dl = 16;
        CHECK(wenc_utf8_to_latin1(l1u8, &sl, o, &dl) == WENC_INPUT_EMPTY && sl == 8 && dl == 5 &&
                  memcmp(o, l1, 5) == 0,
              "utf8_to_latin1 back");
        static const uint8_t euro[] = {'a', 0xE2, 0x82, 0xAC};
        sl = 4;
        dl = 16;
        CHECK(wenc_utf8_to_latin1(euro, &sl, o, &dl) == WENC_UNMAPPABLE && sl == 1 && dl == 1,
              "utf8_to_latin1: U+20AC is WENC_UNMAPPABLE at 1");
        static const uint8_t cut[] = {'a', 0xC3};
        sl = 2;
        dl = 16;
        CHECK(wenc_utf8_to_latin1(cut, &sl, o, &dl) == WENC_MALFORMED && sl == 1 && dl == 1,
              "utf8_to_latin1: C3 at the end is WENC_MALFORMED at 1");
        static const uint16_t pair[] = {'a', 0xD83D, 0xDE00}, lone[] = {'a', 0xDE00, 'b'};
        sl = 3;
        dl = 16;
        CHECK(wenc_utf16_to_latin1(pair, &sl, o, &dl) == WENC_UNMAPPABLE && sl == 1,
              "utf16_to_latin1: a pair is WENC_UNMAPPABLE");
        sl = 3;
        dl = 16;
        CHECK(wenc_utf16_to_latin1(lone, &sl, o, &dl) == WENC_MALFORMED && sl == 1,
              "utf16_to_latin1: a lone trailing surrogate is WENC_MALFORMED");
        CHECK(wenc_utf16_well_formed_prefix(pair, 3) == 3 &&
                  wenc_utf16_well_formed_prefix(pair, 2) == 1 &&
                  wenc_utf16_well_formed_prefix(lone, 3) == 1,
              "well_formed_prefix: a pair; a pair cut by the end; a lone trailing surrogate");
    }

    /* One-byte strings: every length, four mixes; a high byte at every
    ** position of ASCII and an ASCII byte at every position of high bytes;
    ** every room up to 80 bytes of input. */
    static const unsigned high_in[] = {0, 8, 2, 1};
    for (size_t n = 0; n <= MAXN; n++) {
        for (unsigned mix = 0; mix < 4; mix++) {
            fill_latin1(b, n, high_in[mix]);
            check_latin1(b, n, n <= 80);
        }
        fill_latin1(b, n, 0);
        for (size_t p = 0; p < n; p++) {
            b[p] = (uint8_t)(p & 1 ? 0x80 : 0xFF);
            check_latin1(b, n, false);
            b[p] = 'x';
        }
        /* And an ASCII byte at every position of high bytes, every room
        ** up to 64 bytes of input: a block's second half one byte short
        ** of 16, with one byte of room left after it. */
        fill_latin1(b, n, 1);
        for (size_t p = 0; p < n; p++) {
            uint8_t keep = b[p];
            b[p] = 'x';
            check_latin1(b, n, n <= 64);
            b[p] = keep;
        }
    }
    report("one-byte strings to UTF-8 and UTF-16, lengths 0..300, a high byte at each place and an "
           "ASCII byte among high bytes");

    /* Every byte value at every place of a 16-byte block: the 256 values in
    ** order, rotated by each K (the kernels' first byte of a pair is chosen
    ** by compares at 80 and C0, latin1_utf8_tpl.h). */
    for (size_t k = 0; k < 256; k++) {
        for (size_t i = 0; i < 256; i++)
            b[i] = (uint8_t)(i + k);
        check_latin1(b, 256, k < 16);
    }
    report("one-byte strings to UTF-8 and UTF-16: every byte value at every place of a block");

    /* Long inputs, where the vector kernels count high bytes in byte lanes
    ** and add the lanes up at most every 255 steps (latin1_tpl.h's
    ** high_count): all high bytes, so that a lane that wrapped would lose
    ** 256, and one ASCII byte in 7; lengths at and around 255 steps of 8,
    ** 16, 32 and 64 bytes, and over two runs of the longest. */
    static const size_t long_n[] = {2040, 2041, 4079, 4080, 4081, 8160, 8161,
                                    16319, 16320, 16321, 32703, 40000};
    for (size_t t = 0; t < sizeof long_n / sizeof *long_n; t++) {
        size_t n = long_n[t], want[2] = {n, n};
        uint8_t *l = malloc(n);
        for (unsigned mix = 0; mix < 2; mix++) {
            for (size_t i = 0; i < n; i++) {
                l[i] = (uint8_t)(mix == 0 || i % 7 ? 0x80 + i % 128 : 'a' + i % 26);
                want[mix] += l[i] >= 0x80;
            }
            uint8_t *d = malloc(want[mix]);
            EXPECT(wenc_utf8_length_from_latin1(l, n) == want[mix] &&
                   wenc_latin1_to_utf8(l, n, d) == want[mix],
                   "utf8_length_from_latin1 / latin1_to_utf8, %zu bytes, mix %u", n, mix);
            free(d);
        }
        free(l);
    }
    report("one-byte strings: the UTF-8 length of long inputs (byte-lane counts)");

    /* UTF-16: a breaking unit (or pair) at every position of ASCII text
    ** (and of Latin-1 text up to 140 units), every length; every room up
    ** to 80 units. */
    static const uint16_t breakers[][2] = {{0x80, 0},   {0xFF, 0},   {0x100, 0},      {0x7FF, 0},
                                           {0xD800, 0}, {0xDBFF, 0}, {0xDC00, 0},     {0xDFFF, 0},
                                           {0xFFFD, 0}, {0xFFFF, 0}, {0xD83D, 0xDE00}, {0xD7FF, 0},
                                           {0xE000, 0}};
    for (size_t n = 0; n <= MAXN; n++) {
        for (unsigned mix = 0; mix < 2; mix++) {
            fill_latin1(b, n, mix == 0 ? 0 : 4);
            for (size_t i = 0; i < n; i++)
                u[i] = b[i];
            check_utf16(u, n, n <= 80);
            if (mix == 1 && n > 140)
                continue;
            for (size_t k = 0; k < sizeof breakers / sizeof breakers[0]; k++) {
                for (size_t p = 0; p < n; p++) {
                    uint16_t keep0 = u[p], keep1 = p + 1 < n ? u[p + 1] : 0;
                    u[p] = breakers[k][0];
                    if (breakers[k][1] && p + 1 < n)
                        u[p + 1] = breakers[k][1];
                    check_utf16(u, n, false);
                    u[p] = keep0;
                    if (p + 1 < n)
                        u[p + 1] = keep1;
                }
            }
        }
    }
    report("UTF-16 prefixes, narrowing, well-formedness, lengths 0..300, breakers at each place");

    /* Well-formedness at every alignment of the input and of the copy
    ** (the AVX-512 kernels align their blocks to one or the other from
    ** 256 units on): a lone surrogate or a pair at every place of 300
    ** units, at each 2-byte offset of a 64-byte line, in 64-byte aligned
    ** static blocks (the exactly sized heap blocks above keep the
    ** malloc's alignment), with nothing written around the copy. */
    {
        static _Alignas(64) uint16_t sa[MAXN + 64], da[MAXN + 64], want[MAXN];
        static const uint16_t wf_breakers[][2] = {{0xD800, 'a'}, {0xDC00, 'a'}, {0xD83D, 0xDE00}};
        for (size_t off = 0; off < 64; off++) {
            /* OFF < 32: the input at OFF units, the copy aligned; else the
            ** input aligned, the copy at OFF - 32 units. */
            uint16_t *src = sa + (off < 32 ? off : 0), *dst = da + (off < 32 ? 0 : off - 32);
            for (size_t k = 0; k < 3; k++) {
                for (size_t p = 0; p < MAXN; p++) {
                    for (size_t i = 0; i < MAXN; i++)
                        src[i] = (uint16_t)('a' + i % 26);
                    src[p] = wf_breakers[k][0];
                    if (p + 1 < MAXN)
                        src[p + 1] = wf_breakers[k][1];
                    for (size_t i = 0; i < MAXN; i++)
                        want[i] = ref_lone(src, MAXN, i) ? 0xFFFD : src[i];
                    for (size_t i = 0; i < MAXN + 64; i++)
                        da[i] = 0xA5A5;
                    size_t wf = wenc_utf16_well_formed_prefix(src, MAXN);
                    wenc_utf16_to_well_formed(src, MAXN, dst);
                    bool around = true;
                    for (size_t i = 0; i < MAXN + 64; i++)
                        if (da + i < dst || da + i >= dst + MAXN)
                            around &= da[i] == 0xA5A5;
                    EXPECT(wf == ref_well_formed(src, MAXN) &&
                               memcmp(dst, want, sizeof want) == 0 && around,
                           "well-formed at offset %zu, breaker %zu at %zu: prefix %zu%s%s", off, k,
                           p, wf, memcmp(dst, want, sizeof want) ? ", copy differs" : "",
                           around ? "" : ", wrote around");
                }
            }
        }
        report("UTF-16 well-formedness and its copy at every 2-byte alignment of input and copy, "
               "a surrogate at each place");
    }

    /* The other loops at every alignment (the AVX2 and AVX-512 kernels
    ** align their blocks to the input or the output from 4 blocks on):
    ** a breaking unit or byte at every place of 300, at each offset of a
    ** 64-byte line of the input (the output aligned) and of the output
    ** (the input aligned), with nothing written around the output. */
    {
        static _Alignas(64) uint8_t b8[MAXN + 64], o8[MAXN + 64];
        static _Alignas(64) uint16_t b16[MAXN + 64], o16[MAXN + 64];
        for (size_t off = 0; off < 128; off++) {
            size_t in = off < 64 ? off : 0, out = off < 64 ? 0 : off - 64;
            uint8_t *s8 = b8 + in, *d8 = o8 + out;
            uint16_t *s16 = b16 + (in & 31), *d16 = o16 + (out & 31);
            for (size_t p = 0; p <= MAXN; p++) {
                /* Bytes: ASCII and one byte 80..FF at P. */
                for (size_t i = 0; i < MAXN; i++)
                    s8[i] = i == p ? (uint8_t)(0x80 + p % 128) : (uint8_t)('a' + i % 26);
                for (size_t i = 0; i < MAXN + 64; i++)
                    o16[i] = 0xA5A5;
                wenc_latin1_to_utf16(s8, MAXN, d16);
                bool same = true, around = true;
                for (size_t i = 0; i < MAXN + 64; i++) {
                    if (o16 + i < d16 || o16 + i >= d16 + MAXN)
                        around &= o16[i] == 0xA5A5;
                    else
                        same &= o16[i] == s8[o16 + i - d16];
                }
                EXPECT(same && around && wenc_utf8_length_from_latin1(s8, MAXN) == MAXN + (p < MAXN),
                       "latin1_to_utf16 / utf8_length_from_latin1 at offset %zu, high byte at %zu", off,
                       p);
                /* Units: Latin-1 and 0x100 (or 0x80) at P. */
                for (unsigned k = 0; k < 2; k++) {
                    for (size_t i = 0; i < MAXN; i++)
                        s16[i] = i == p ? (k ? 0x80 : 0x100) : (uint16_t)(i % 3 ? 'a' + i % 26 : 0xE9);
                    if (k == 0) {
                        for (size_t i = 0; i < MAXN + 64; i++)
                            o8[i] = CANARY;
                        size_t sl = MAXN, dl = MAXN;
                        wenc_status st = wenc_utf16_to_latin1(s16, &sl, d8, &dl);
                        same = sl == p && dl == p && st == (p < MAXN ? WENC_UNMAPPABLE : WENC_INPUT_EMPTY);
                        around = true;
                        for (size_t i = 0; i < MAXN + 64; i++) {
                            if (o8 + i < d8 || o8 + i >= d8 + p)
                                around &= o8[i] == CANARY;
                            else
                                same &= o8[i] == s16[o8 + i - d8];
                        }
                        EXPECT(same && around, "utf16_to_latin1 at offset %zu, 0x100 at %zu: %d %zu",
                               off, p, st, sl);
                    }
                    size_t want = ref_below(s16, MAXN, 0x80);
                    EXPECT(wenc_utf16_latin1_prefix(s16, MAXN) == (k ? MAXN : p) &&
                               wenc_utf16_ascii_prefix(s16, MAXN) == want,
                           "utf16 prefixes at offset %zu, breaker %u at %zu", off, k, p);
                }
            }
        }
        report("one-byte strings to UTF-16 and back, prefixes, at every alignment of input and "
               "output, a breaking byte or unit at each place");
    }

    /* Every unit at a vector's edges, and every unit alone. */
    for (uint32_t v = 0; v <= 0xFFFF; v++) {
        uint16_t one = (uint16_t)v;
        check_utf16(&one, 1, true);
        for (size_t k = 0; k < 70; k++)
            u[k] = 'a';
        u[63] = one;
        check_utf16(u, 70, false);
    }
    report("UTF-16: each unit 0..FFFF alone and at unit 63 of 70");

    /* UTF-8: Latin-1 text as UTF-8 (encoded by the reference), every byte
    ** length; a breaking sequence at every byte position (so also inside
    ** a sequence); every room up to 80 bytes. */
    static const struct {
        uint8_t b[4];
        size_t n;
    } breaks8[] = {
        {{0xC3, 0xA9}, 2},
        {{0xC2, 0x80}, 2},
        {{0xC4, 0x80}, 2},
        {{0xDF, 0xBF}, 2},
        {{0xE2, 0x82, 0xAC}, 3},
        {{0xF0, 0x9F, 0x98, 0x80}, 4},
        {{0x80}, 1},
        {{0xBF}, 1},
        {{0xC0, 0x80}, 2},
        {{0xC1, 0xBF}, 2},
        {{0xC3}, 1},
        {{0xE0, 0x80, 0x80}, 3},
        {{0xED, 0xA0, 0x80}, 3},
        {{0xF5}, 1},
        {{0xFF}, 1},
        {{0xE2, 0x82}, 2},
    };
    for (size_t n = 0; n <= MAXN; n++) {
        for (unsigned mix = 0; mix < 3; mix++) {
            fill_latin1(b, n, mix == 0 ? 0 : mix == 1 ? 8 : 1);
            size_t m = ref_latin1_to_utf8(b, n, u8);
            if (m > MAXN)
                m = MAXN; /* may cut a sequence: an error at the end */
            check_utf8(u8, m, m <= 80);
            if (mix == 2)
                continue;
            for (size_t k = 0; k < sizeof breaks8 / sizeof breaks8[0]; k++) {
                for (size_t p = 0; p < m; p++) {
                    uint8_t keep[4];
                    size_t e = breaks8[k].n < m - p ? breaks8[k].n : m - p;
                    memcpy(keep, u8 + p, e);
                    memcpy(u8 + p, breaks8[k].b, e);
                    check_utf8(u8, m, false);
                    memcpy(u8 + p, keep, e);
                }
            }
        }
    }
    report("UTF-8 to one-byte, lengths 0..300, breaking sequences at each byte");

    /* Every sequence of one and two bytes, alone and after 62 ASCII bytes. */
    for (uint32_t v = 0; v <= 0xFFFF; v++) {
        uint8_t two[2] = {(uint8_t)(v >> 8), (uint8_t)v};
        check_utf8(two, 2, v < 0x100);
        if (v < 0x100)
            check_utf8(two + 1, 1, true);
        memset(u8, 'a', 66);
        u8[62] = two[0];
        u8[63] = two[1];
        check_utf8(u8, 64, false);
        check_utf8(u8, 66, false);
    }
    report("UTF-8 to one-byte: every 1- and 2-byte input, and at bytes 62-63");
    return check_done();
}
