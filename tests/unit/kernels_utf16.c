/* kernels_utf16.c -- the UTF-16 kernels of every instruction set this build
** has and this CPU runs (src/simd/utf16/utf16_kernels.h), called directly, on
** random and adversarial input: against the test's own literal model of
** the standard's rules (a USVString's scalar values; the shared UTF-16
** decoder; x-user-defined), against tests/support/ref.c's UTF-16LE/BE and
** x-user-defined decoders when an index directory is given (argv[1]), and
** against the scalar kernels.  Every output capacity is tried on some
** inputs; lone surrogates and pairs are planted at every position of a
** 192-unit block (vectors are 8 or 16 units); pointers are unaligned;
** bytes past the output are checked untouched. */
#include <stdbool.h>

#include "check.h"
#include "ref.h"
#include "simd/utf16/utf16_kernels.h"
#include "testutil.h"

#define MAXU  520 /* units of an input */
#define SLACK 80  /* canary bytes past an output */

static const wenc__utf16_kernels *kern[WENC__ISA_COUNT];
static const char *kname[WENC__ISA_COUNT];
static int nkern;
static bool have_ref;

/* Failures per kernel and instruction set, with the first one described. */
enum { K_TO8, K_LEN, K_B16, K_B8, K_B32, K_X16, K_X8, K_N16, K_N32, K_BMP, K_REF, K_COUNT };
static const char *const knames[K_COUNT] = {
    "to_utf8",        "utf8_length",    "bytes_to_utf16", "bytes_to_utf8",
    "bytes_to_utf32", "xud_to_utf16",   "xud_to_utf8",    "utf16_to_ascii",
    "utf32_to_ascii", "utf32_to_bmp",   "ref.c agrees with the model",
};
static unsigned long runs[K_COUNT][WENC__ISA_COUNT], fails[K_COUNT][WENC__ISA_COUNT];

static void fail(int kind, int k, const char *what, size_t len, size_t cap)
{
    if (fails[kind][k]++ == 0)
        printf("# %s %s: %s (input %zu, capacity %zu)\n", kname[k], knames[kind], what, len, cap);
}

/* ------------------------------------------------------------------------
** The model: the scalar values a run of UTF-16 units starts with, stopping
** at a lone surrogate or a leading surrogate that ends the units (the
** standard's "convert to scalar values" would make those U+FFFD; the
** kernels leave them to the engine). */
static size_t model_scalars(const uint16_t *s, size_t len, uint32_t *cps, uint8_t *units)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t u = s[i];
        if (u >= 0xDC00 && u <= 0xDFFF)
            break;
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 1 == len || s[i + 1] < 0xDC00 || s[i + 1] > 0xDFFF)
                break;
            cps[n] = 0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00u);
            units[n++] = 2;
            i += 2;
        } else {
            cps[n] = u;
            units[n++] = 1;
            i++;
        }
    }
    return n;
}

/* Output of the first code points of CPS that fit in CAP units of FORM
** (8, 16 or 32 bits).  Returns the input units those code points span. */
static size_t model_output(const uint32_t *cps, const uint8_t *units, size_t n, int form,
                           size_t cap, tu_bytes *out)
{
    size_t read = 0, used = 0;
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        size_t need = form == 8 ? tu_utf8_len(cps[i]) : form == 16 ? tu_utf16_len(cps[i]) : 1;
        if (cap - used < need)
            break;
        if (form == 8)
            tu_put_utf8(out, cps[i]);
        else if (form == 16)
            tu_put_utf16(out, cps[i]);
        else
            tu_put_utf32(out, cps[i]);
        used += need;
        read += units[i];
    }
    return read;
}

/* A USVString's UTF-8 length: a lone surrogate is U+FFFD. */
static size_t model_length(const uint16_t *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t u = s[i];
        if (u >= 0xD800 && u <= 0xDBFF && i + 1 < len && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
            n += 4;
            i++;
        } else {
            n += u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
        }
    }
    return n;
}

/* ------------------------------------------------------------------------
** Running one kernel and comparing. */

static uint8_t dstbuf[4 * MAXU * 4 + SLACK + 64];

/* DST at byte offset OFF (a multiple of the unit size) filled with a
** canary; true if the bytes from WRITTEN to the end of the slack are it. */
static uint8_t *canary(size_t off)
{
    memset(dstbuf, 0xA5, sizeof dstbuf);
    return dstbuf + off;
}

static bool untouched(const uint8_t *p, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (p[i] != 0xA5)
            return false;
    return true;
}

static void check_units(int k, const uint16_t *s, size_t len, size_t cap, size_t off)
{
    uint32_t cps[MAXU];
    uint8_t units[MAXU];
    tu_bytes want = {0};
    size_t n = model_scalars(s, len, cps, units);
    size_t read = model_output(cps, units, n, 8, cap, &want);
    uint8_t *d = canary(off);
    size_t w = 12345;
    size_t r = kern[k]->to_utf8(len ? s : NULL, len, cap ? d : NULL, cap, &w);
    runs[K_TO8][k]++;
    if (r != read || w != want.n || (w != 0 && memcmp(d, want.p, w) != 0))
        fail(K_TO8, k, "read, written or bytes differ from the model", len, cap);
    else if (!untouched(d, w, cap + SLACK))
        fail(K_TO8, k, "bytes past those written were changed", len, cap);
    runs[K_LEN][k]++;
    if (kern[k]->utf8_length(len ? s : NULL, len) != model_length(s, len))
        fail(K_LEN, k, "length differs from the model", len, 0);
    tu_bytes_free(&want);
}

/* UTF-16LE/BE bytes: the units are what the decoder reads; an odd byte at
** the end is never part of one. */
static void check_bytes(int k, const uint8_t *b, size_t len, bool be, size_t cap, size_t off)
{
    uint16_t s[MAXU + 1];
    uint32_t cps[MAXU];
    uint8_t units[MAXU];
    for (size_t i = 0; i < len / 2; i++)
        s[i] = (uint16_t)(be ? b[2 * i] << 8 | b[2 * i + 1] : b[2 * i + 1] << 8 | b[2 * i]);
    size_t n = model_scalars(s, len / 2, cps, units);
    static const int forms[3] = {16, 8, 32};
    static const int kinds[3] = {K_B16, K_B8, K_B32};
    for (int f = 0; f < 3; f++) {
        tu_bytes want = {0};
        size_t unit = (size_t)forms[f] / 8;
        size_t read = 2 * model_output(cps, units, n, forms[f], cap, &want);
        uint8_t *d = canary(off * unit);
        size_t w = 12345, r;
        const uint8_t *src = len ? b : NULL;
        if (f == 0)
            r = kern[k]->bytes_to_utf16(src, len, be, cap ? (uint16_t *)(void *)d : NULL, cap, &w);
        else if (f == 1)
            r = kern[k]->bytes_to_utf8(src, len, be, cap ? d : NULL, cap, &w);
        else
            r = kern[k]->bytes_to_utf32(src, len, be, cap ? (uint32_t *)(void *)d : NULL, cap, &w);
        runs[kinds[f]][k]++;
        if (r != read || w * unit != want.n || (w != 0 && memcmp(d, want.p, want.n) != 0))
            fail(kinds[f], k,
                 be ? "BE: read, written or output differ from the model"
                    : "LE: read, written or output differ from the model",
                 len, cap);
        else if (!untouched(d, w * unit, cap * unit + SLACK))
            fail(kinds[f], k, "bytes past those written were changed", len, cap);
        tu_bytes_free(&want);
    }
}

static void check_xud(int k, const uint8_t *b, size_t len, size_t cap, size_t off)
{
    uint32_t cps[MAXU] = {0};
    uint8_t units[MAXU] = {0};
    for (size_t i = 0; i < len; i++) {
        /* x-user-defined decoder, steps 2-3. */
        cps[i] = b[i] < 0x80 ? b[i] : 0xF780u + b[i] - 0x80u;
        units[i] = 1;
    }
    for (int f = 0; f < 2; f++) {
        tu_bytes want = {0};
        size_t unit = f == 0 ? 2 : 1;
        size_t read = model_output(cps, units, len, f == 0 ? 16 : 8, cap, &want);
        uint8_t *d = canary(off * unit);
        size_t w = 12345, r;
        if (f == 0)
            r = kern[k]->xud_to_utf16(len ? b : NULL, len, cap ? (uint16_t *)(void *)d : NULL, cap,
                                      &w);
        else
            r = kern[k]->xud_to_utf8(len ? b : NULL, len, cap ? d : NULL, cap, &w);
        int kind = f == 0 ? K_X16 : K_X8;
        runs[kind][k]++;
        if (r != read || w * unit != want.n || (w != 0 && memcmp(d, want.p, want.n) != 0))
            fail(kind, k, "read, written or output differ from the model", len, cap);
        else if (!untouched(d, w * unit, cap * unit + SLACK))
            fail(kind, k, "bytes past those written were changed", len, cap);
        tu_bytes_free(&want);
    }
}

/* The model against ref.c's decoders: the items before the first error. */
static void check_ref(const uint8_t *b, size_t len, const char *encoding, bool be)
{
    ref_item *items;
    size_t count = ref_decode(encoding, b, len, &items);
    uint16_t s[MAXU + 1];
    uint32_t cps[MAXU];
    uint8_t units[MAXU];
    size_t n;
    if (strcmp(encoding, "x-user-defined") == 0) {
        for (n = 0; n < len; n++)
            cps[n] = b[n] < 0x80 ? b[n] : 0xF780u + b[n] - 0x80u;
    } else {
        for (size_t i = 0; i < len / 2; i++)
            s[i] = (uint16_t)(be ? b[2 * i] << 8 | b[2 * i + 1] : b[2 * i + 1] << 8 | b[2 * i]);
        n = model_scalars(s, len / 2, cps, units);
    }
    size_t i = 0;
    while (i < count && items[i].cp >= 0 && i < n && (uint32_t)items[i].cp == cps[i])
        i++;
    /* Both stop at the same place: ref.c at its first error (or the end),
    ** the model at the same code point. */
    bool ok = i == n && (i == count || items[i].cp < 0);
    runs[K_REF][0]++;
    if (!ok)
        fail(K_REF, 0, encoding, len, 0);
    free(items);
}

/* ------------------------------------------------------------------------
** Inputs. */

static tu_rng rng;

/* A unit of class C: 0 ASCII, 1 two bytes, 2 three bytes, 3 the leading
** half of a pair (the caller adds the trailing one), 4 lone leading, 5
** lone trailing. */
static uint16_t unit_of(int c)
{
    switch (c) {
    case 0:
        return (uint16_t)tu_rng_below(&rng, 0x80);
    case 1:
        return (uint16_t)(0x80 + tu_rng_below(&rng, 0x780));
    case 2: {
        uint16_t u = (uint16_t)(0x800 + tu_rng_below(&rng, 0x10000 - 0x800 - 0x800));
        return u >= 0xD800 ? (uint16_t)(u + 0x800) : u;
    }
    case 3:
    case 4:
        return (uint16_t)(0xD800 + tu_rng_below(&rng, 0x400));
    default:
        return (uint16_t)(0xDC00 + tu_rng_below(&rng, 0x400));
    }
}

/* LEN units of mix M: weights of the classes above. */
static const unsigned mixes[][6] = {
    {100, 0, 0, 0, 0, 0}, {0, 100, 0, 0, 0, 0},   {0, 0, 100, 0, 0, 0},
    {0, 0, 0, 100, 0, 0}, {80, 10, 10, 0, 0, 0},  {50, 20, 20, 10, 0, 0},
    {90, 3, 3, 2, 1, 1},  {30, 20, 20, 20, 5, 5}, {95, 0, 5, 0, 0, 0},
    /* Text: 1 and 2 bytes (Cyrillic, Greek), 1 and 3 (CJK), all three. */
    {20, 80, 0, 0, 0, 0}, {50, 50, 0, 0, 0, 0},   {15, 0, 85, 0, 0, 0},
    {10, 45, 45, 0, 0, 0}, {2, 49, 49, 0, 0, 0},
    /* Korean (Hangul between spaces), Vietnamese (all three lengths). */
    {25, 0, 75, 0, 0, 0}, {55, 30, 15, 0, 0, 0},
};
#define NMIX (sizeof mixes / sizeof mixes[0])

static size_t gen(uint16_t *s, size_t len, size_t m)
{
    size_t i = 0;
    while (i < len) {
        size_t r = tu_rng_below(&rng, 100), c = 0;
        while (r >= mixes[m][c]) {
            r -= mixes[m][c];
            c++;
        }
        s[i++] = unit_of((int)c);
        if (c == 3 && i < len)
            s[i++] = unit_of(5);
    }
    return len;
}

/* LEN units in runs of 1 to 70 units of one class each (ASCII, 2 bytes,
** 3 bytes; with PAIRS, pairs too): vector blocks of every kind (one
** class, two, three) follow each other in every order. */
static size_t gen_runs(uint16_t *s, size_t len, bool pairs)
{
    size_t i = 0;
    while (i < len) {
        int c = (int)tu_rng_below(&rng, pairs ? 4 : 3);
        for (size_t run = 1 + tu_rng_below(&rng, 70); run > 0 && i < len; run--) {
            s[i++] = unit_of(c);
            if (c == 3 && i < len)
                s[i++] = unit_of(5);
        }
    }
    return len;
}

/* Runs every kernel on the units S[0..LEN) (and their LE and BE bytes)
** with capacity CAP (SIZE_MAX: room for everything). */
static void all(const uint16_t *s, size_t len, size_t cap)
{
    static uint16_t su[MAXU + 16];
    static uint8_t sb[2 * MAXU + 32];
    size_t uoff = tu_rng_below(&rng, 8), boff = tu_rng_below(&rng, 16);
    size_t doff = tu_rng_below(&rng, 16);
    memcpy(su + uoff, s, len * 2);
    bool odd = tu_rng_below(&rng, 4) == 0;
    for (int k = 0; k < nkern; k++) {
        check_units(k, su + uoff, len, cap == SIZE_MAX ? 4 * len + 4 : cap, doff);
        for (int be = 0; be < 2; be++) {
            for (size_t i = 0; i < len; i++) {
                sb[boff + 2 * i + be] = (uint8_t)(s[i] & 0xFF);
                sb[boff + 2 * i + !be] = (uint8_t)(s[i] >> 8);
            }
            sb[boff + 2 * len] = 0xD8; /* an odd byte, sometimes */
            size_t blen = 2 * len + odd;
            check_bytes(k, sb + boff, blen, be, cap == SIZE_MAX ? 4 * len + 4 : cap, doff / 4);
            if (k == 0 && have_ref && cap == SIZE_MAX)
                check_ref(sb + boff, blen, be ? "UTF-16BE" : "UTF-16LE", be);
        }
    }
}

/* The engine's narrowing (utf16_to_ascii, utf32_to_ascii, utf32_to_bmp;
** NULL in the sets without them, whose caller has its own loop): against
** the model (the units up to the first one that does not fit, each
** written as it is), on ASCII or BMP text with a unit that stops them
** (values at the edges of packs' saturation and of the surrogates) at
** every position of every length up to 200 and around a few longer ones,
** unaligned, checking that nothing is written past the prefix. */
static void check_narrow(int k)
{
    static const uint32_t stop16[] = {0x80, 0xFF, 0x100, 0x180, 0x7F80, 0x8000, 0xD800, 0xFF80,
                                      0xFFFF};
    static const uint32_t stop32[] = {0x80,      0xFF,       0x100,      0x7F80,
                                      0x8000,    0xFF80,     0xFFFF,     0x10000,
                                      0x10080,   0x7FFFFFFF, 0x80000000, 0xFFFFFF80,
                                      0xFFFFFFFF};
    static const uint32_t stop_bmp[] = {0xD800,   0xDBFF,   0xDC00,     0xDFFF,     0x10000,
                                        0x1D800,  0x1FFFF,  0x10FFFF,   0x110000,   0x8000D800,
                                        0x7FFF0041, 0xFFFF8000, 0xFFFFFFFF};
    static const uint32_t bmp[] = {0x00, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0x7FFF, 0x8000,
                                   0xD7FF, 0xE000, 0xF800, 0xFFFD, 0xFFFF};
    static uint32_t u32[MAXU + 8];
    static uint16_t u16[MAXU + 8];
    const wenc__utf16_kernels *kk = kern[k];
    for (size_t len = 0; len <= MAXU; len += len < 200 ? 1 : 53) {
        for (size_t p = 0; p <= len; p += len < 80 || p + 40 > len ? 1 : 7) {
            size_t off = tu_rng_below(&rng, 8), doff = tu_rng_below(&rng, 16);
            for (int form = 0; form < 3; form++) {
                const uint32_t *stops = form == 0 ? stop16 : form == 1 ? stop32 : stop_bmp;
                size_t nstops = form == 0   ? sizeof stop16 / sizeof stop16[0]
                                : form == 1 ? sizeof stop32 / sizeof stop32[0]
                                            : sizeof stop_bmp / sizeof stop_bmp[0];
                for (size_t i = 0; i < len; i++)
                    u32[off + i] = form == 2 ? bmp[tu_rng_below(&rng, 13)]
                                             : (uint32_t)tu_rng_below(&rng, 0x80);
                if (p < len)
                    u32[off + p] = stops[tu_rng_below(&rng, (uint32_t)nstops)];
                for (size_t i = 0; i < len; i++)
                    u16[off + i] = (uint16_t)u32[off + i];
                size_t unit = form == 2 ? 2 : 1;
                uint8_t *d = canary(doff & ~(unit - 1));
                size_t got;
                int kind = form == 0 ? K_N16 : form == 1 ? K_N32 : K_BMP;
                if (form == 0 && kk->utf16_to_ascii)
                    got = kk->utf16_to_ascii(u16 + off, len, d);
                else if (form == 1 && kk->utf32_to_ascii)
                    got = kk->utf32_to_ascii(u32 + off, len, d);
                else if (form == 2 && kk->utf32_to_bmp)
                    got = kk->utf32_to_bmp(u32 + off, len, (uint16_t *)(void *)d);
                else
                    continue;
                runs[kind][k]++;
                size_t want = p;
                if (got != want) {
                    fail(kind, k, "wrong length", len, len);
                    continue;
                }
                for (size_t i = 0; i < got; i++) {
                    uint32_t v = form == 2 ? ((uint16_t *)(void *)d)[i] : d[i];
                    if (v != u32[off + i]) {
                        fail(kind, k, "wrong unit", len, len);
                        break;
                    }
                }
                if (!untouched(d, got * unit, len * unit + SLACK / 2))
                    fail(kind, k, "wrote past the prefix", len, len);
            }
        }
    }
}

int main(int argc, char **argv)
{
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        wenc__isa isa = (wenc__isa)i;
        const char *name = wenc__simd_name(isa);
#if defined(__x86_64__)
        bool here = isa != WENC__ISA_NEON;
#elif defined(__aarch64__)
        bool here = isa == WENC__ISA_SCALAR || isa == WENC__ISA_NEON;
#else
        bool here = isa == WENC__ISA_SCALAR;
#endif
        const char *why = NULL;
        if (!here)
            why = "not this architecture";
        else if (i != 0 && wenc__utf16_kernels_by_isa[i] == wenc__utf16_kernels_by_isa[i - 1])
            why = "no UTF-16 kernels of its own in this build";
        else if (!wenc__simd_supported(isa))
            why = "this CPU lacks it";
        if (why != NULL) {
            printf("# skipped %s: %s\n", name, why);
            continue;
        }
        kern[nkern] = wenc__utf16_kernels_by_isa[i];
        kname[nkern++] = name;
    }
    printf("# testing the UTF-16 kernels of:");
    for (int k = 0; k < nkern; k++)
        printf(" %s", kname[k]);
    printf("\n");
    /* ref.c's UTF-16 and x-user-defined decoders read no index: they run
    ** with or without the index directory (argv[1], which only has to load
    ** when given). */
    if (argc > 1 && argv[1][0] != '\0' && ref_load(argv[1]) != 0) {
        printf("Bail out! cannot load the index directory %s\n", argv[1]);
        return 1;
    }
    have_ref = true;

    tu_rng_seed(&rng, 0x5EED16);
    static uint16_t s[MAXU];

    /* Random inputs of every length 0..200, every mix, room for all and a
    ** few capacities around the output's size. */
    for (size_t len = 0; len <= 200; len++) {
        for (size_t m = 0; m < NMIX; m++) {
            gen(s, len, m);
            all(s, len, SIZE_MAX);
            all(s, len, tu_rng_below(&rng, 3 * len + 4));
        }
    }
    /* Every capacity 0..N on a few longer inputs. */
    for (size_t m = 0; m < NMIX; m++) {
        gen(s, 70, m);
        for (size_t cap = 0; cap <= 3 * 70 + 2; cap++)
            all(s, 70, cap);
    }
    /* A lone surrogate (leading, trailing, or a pair reversed) at every
    ** position of a 192-unit block of each surrogate-free mix, and the
    ** input cut just after it; a pair at every position, and cut in its
    ** middle.  Blocks of 8, 16 and 32 units meet it everywhere. */
    static const size_t clean[] = {0, 1, 2, 4, 8, 9, 10, 11, 12, 13};
    for (size_t c = 0; c < sizeof clean / sizeof clean[0]; c++) {
        for (size_t p = 0; p < 192; p++) {
            for (int plant = 0; plant < 4; plant++) {
                gen(s, 192, clean[c]);
                if (plant == 0) {
                    s[p] = unit_of(4);
                } else if (plant == 1) {
                    s[p] = unit_of(5);
                } else if (plant == 2 && p + 1 < 192) {
                    s[p] = unit_of(5);
                    s[p + 1] = unit_of(4);
                } else if (p + 1 < 192) {
                    s[p] = unit_of(3);
                    s[p + 1] = unit_of(5);
                }
                all(s, 192, SIZE_MAX);
                all(s, p + 1, SIZE_MAX);
            }
        }
    }
    /* A pair at every position of a block of one class (1, 2 or 3 bytes
    ** per unit), with every capacity up to the room the whole output
    ** needs: the scalar loop works in windows of the units that fit at
    ** three bytes each, so a capacity ends a window at any unit, and a
    ** pair there needs four bytes for its last unit of room. */
    for (int c = 0; c < 3; c++) {
        for (size_t p = 0; p + 1 < 24; p++) {
            for (size_t i = 0; i < 24; i++)
                s[i] = unit_of(c);
            s[p] = unit_of(3);
            s[p + 1] = unit_of(5);
            for (size_t cap = 0; cap <= 3 * 24 + 2; cap++)
                all(s, 24, cap);
        }
    }
    /* The units at the edges of the 1-, 2- and 3-byte classes and of the
    ** surrogates, each at every position of a block of every
    ** surrogate-free mix, and the input cut just after it.  */
    static const uint16_t edge[] = {0x007F, 0x0080, 0x07FF, 0x0800, 0xD7FF,
                                    0xE000, 0xFFFD, 0xFFFF, 0xFEFF};
    for (size_t c = 0; c < sizeof clean / sizeof clean[0]; c++) {
        for (size_t e = 0; e < sizeof edge / sizeof edge[0]; e++) {
            for (size_t p = 0; p < 80; p++) {
                gen(s, 80, clean[c]);
                s[p] = edge[e];
                all(s, 80, SIZE_MAX);
                all(s, p + 1, SIZE_MAX);
            }
        }
    }
    /* Long inputs: the vector loops run many blocks. */
    for (size_t m = 0; m < NMIX; m++) {
        gen(s, MAXU, m);
        all(s, MAXU, SIZE_MAX);
        all(s, MAXU - 1, tu_rng_below(&rng, 3 * MAXU));
    }

    /* Runs of one class: blocks of one kind and of mixed kinds in every
    ** order (the AVX-512 kernel has a loop per kind), every length, a few
    ** capacities; every capacity on one input. */
    for (size_t len = 0; len <= 400; len++) {
        gen_runs(s, len, len % 5 == 0);
        all(s, len, SIZE_MAX);
        all(s, len, tu_rng_below(&rng, 3 * len + 4));
    }
    gen_runs(s, 100, false);
    for (size_t cap = 0; cap <= 3 * 100 + 2; cap++)
        all(s, 100, cap);
    /* A lone surrogate and a pair at every position around the end of the
    ** window of 256 units through which bytes reach UTF-8, in run text. */
    for (size_t p = 224; p < 290; p++) {
        for (int plant = 0; plant < 2; plant++) {
            gen_runs(s, MAXU, false);
            s[p] = unit_of(plant == 0 ? 4 : 3);
            if (plant == 1)
                s[p + 1] = unit_of(5);
            all(s, MAXU, SIZE_MAX);
            all(s, p + 1, SIZE_MAX);
        }
    }

    /* x-user-defined: random bytes, every length and a few capacities;
    ** every capacity on one input. */
    static uint8_t b[MAXU + 16];
    for (size_t len = 0; len <= 300; len++) {
        for (size_t i = 0; i < len + 16; i++)
            b[i] = (uint8_t)tu_rng_next(&rng);
        size_t off = tu_rng_below(&rng, 16);
        for (int k = 0; k < nkern; k++) {
            check_xud(k, b + off, len, 3 * len + 1, tu_rng_below(&rng, 16));
            check_xud(k, b + off, len, tu_rng_below(&rng, 3 * len + 2), tu_rng_below(&rng, 16));
        }
        if (have_ref)
            check_ref(b + off, len, "x-user-defined", false);
    }
    /* Runs of ASCII and of high bytes: a share of 0, 1/8, 1/2, 7/8 and all
    ** of the bytes are 0x80..0xFF, in runs, over every length. */
    for (size_t len = 0; len <= 300; len++) {
        for (unsigned share = 0; share <= 8; share++) {
            if (share != 0 && share != 1 && share != 4 && share != 7 && share != 8)
                continue;
            for (size_t i = 0; i < len + 16;) {
                bool high = tu_rng_below(&rng, 8) < share;
                size_t run = 1 + tu_rng_below(&rng, 40);
                for (; run > 0 && i < len + 16; run--, i++)
                    b[i] = (uint8_t)(high ? 0x80 | tu_rng_next(&rng) : tu_rng_below(&rng, 0x80));
            }
            size_t off = tu_rng_below(&rng, 16);
            for (int k = 0; k < nkern; k++) {
                check_xud(k, b + off, len, 3 * len + 1, tu_rng_below(&rng, 16));
                check_xud(k, b + off, len, tu_rng_below(&rng, 3 * len + 2), tu_rng_below(&rng, 16));
            }
        }
    }
    for (size_t cap = 0; cap <= 3 * 100 + 1; cap++)
        for (int k = 0; k < nkern; k++)
            check_xud(k, b + 1, 100, cap, cap % 16);

    for (int k = 0; k < nkern; k++)
        check_narrow(k);

    for (int kind = 0; kind < K_COUNT; kind++) {
        for (int k = 0; k < (kind == K_REF ? (have_ref ? 1 : 0) : nkern); k++) {
            const wenc__utf16_kernels *kk = kern[k];
            if ((kind == K_N16 && !kk->utf16_to_ascii) || (kind == K_N32 && !kk->utf32_to_ascii) ||
                (kind == K_BMP && !kk->utf32_to_bmp)) {
                printf("# %s has no %s (the engine's own loop runs)\n", kname[k], knames[kind]);
                continue;
            }
            char desc[160];
            snprintf(desc, sizeof desc, "%s %s: %lu runs, %lu wrong", kind == K_REF ? "" : kname[k],
                     knames[kind], runs[kind][k], fails[kind][k]);
            CHECK(runs[kind][k] > 0 && fails[kind][k] == 0, "%s", desc);
        }
    }
    ref_unload();
    return check_done();
}
