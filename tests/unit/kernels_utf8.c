/* kernels_utf8.c -- the UTF-8 kernels of src/simd (utf8_kernels.h), every
** instruction set this build has and the CPU runs, called directly and
** compared with the scalar kernels and with tests/support/ref.c's UTF-8
** decoder (the standard's steps, sharing no code with the library): random
** valid text in several scripts, errors planted at every position of the
** first blocks and around the kernels' windows, every truncation, every
** output capacity, unaligned buffers.  Then the public decoder and
** validator (with the instruction set the process chose: meson runs this
** again under WENC_SIMD) on the same inputs, against the reference.
**
**     kernels-utf8 [--public] INDEX_DIR   --public: only the public-API part */
#include <wenc/wenc.h>

#include "check.h"
#include "ref.h"
#include "simd/utf8/utf8_kernels.h"
#include "simd/utf8/utf8_lookup.h"

#define MAXN 9000

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)((rng_state >> 16) % n);
}

/* Appends CP as UTF-8 (written here from the standard's encoder steps). */
static size_t put_utf8(uint8_t *p, uint32_t cp)
{
    if (cp < 0x80) {
        p[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        p[0] = (uint8_t)(0xC0 | cp >> 6);
        p[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        p[0] = (uint8_t)(0xE0 | cp >> 12);
        p[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        p[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    p[0] = (uint8_t)(0xF0 | cp >> 18);
    p[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    p[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    p[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

enum { SCRIPTS = 12 };

/* A code point typical of SCRIPT. */
static uint32_t script_cp(int script)
{
    static const uint32_t edges[] = {0x00,   0x7F,   0x80,   0x7FF,   0x800,  0xD7FF,
                                     0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF, 0xFEFF};
    switch (script) {
    case 0:
        return 0x20 + rnd(0x5F);
    case 1:
        return rnd(4) ? 0x20 + rnd(0x5F) : 0xA0 + rnd(0x60);
    case 2:
        return rnd(6) ? 0x400 + rnd(0x100) : 0x20;
    case 3:
        return rnd(8) ? 0x4E00 + rnd(0x5000) : 0x3002;
    case 4:
        return rnd(3) ? 0x1F300 + rnd(0x300) : 0x20 + rnd(0x5F);
    case 5:
        return edges[rnd(sizeof edges / sizeof edges[0])];
    case 6:
        return rnd(10) ? 0x20 + rnd(0x5F) : 0x4E00 + rnd(0x5000);
    case 8: /* only 2-byte forms: the vector decoders' 2-byte blocks */
        return 0x80 + rnd(0x780);
    case 9: { /* only 3-byte forms */
        uint32_t cp = 0x800 + rnd(0xF800);
        return cp >= 0xD800 && cp < 0xE000 ? 0x4E00 : cp;
    }
    case 10: /* 2- and 3-byte forms mixed, no ASCII */
        return rnd(2) ? 0x80 + rnd(0x780) : 0x800 + rnd(0xD000);
    case 11: /* Hangul with spaces and punctuation between words: the
             ** runs of SSE2's 3-byte loop and its 1 to 3 ASCII bytes */
        return rnd(4) ? 0xAC00 + rnd(0x2BA4) : rnd(3) ? 0x20 : 0x2C + rnd(3);
    default: {
        uint32_t cp = rnd(0x110000);
        return cp >= 0xD800 && cp < 0xE000 ? 0x41 : cp;
    }
    }
}

/* N bytes of valid text (a short tail is filled with ASCII). */
static void gen_text(uint8_t *buf, size_t n, int script)
{
    size_t i = 0;
    while (i < n) {
        uint8_t tmp[4];
        size_t k = put_utf8(tmp, script_cp(script));
        if (k > n - i) {
            buf[i++] = 'x';
            continue;
        }
        memcpy(buf + i, tmp, k);
        i += k;
    }
}

/* Bytes that break text, or make it cross the DFA's boundaries. */
static const uint8_t bad_bytes[] = {0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                                    0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x41};

/* The reference: the standard's decoder, replacement mode. */
static ref_item *items;
static size_t nitems;

static void reference(const uint8_t *in, size_t n)
{
    free(items);
    items = NULL;
    nitems = ref_decode("UTF-8", in, n, &items);
}

/* The longest prefix of complete, valid sequences, from the reference. */
static size_t ref_prefix(size_t n)
{
    for (size_t k = 0; k < nitems; k++)
        if (items[k].cp < 0)
            return (size_t)items[k].offset;
    return n;
}

/* What to_utf16 (FORM 16) or to_utf32 must do with CAP units: *READ bytes
** and the units in EXP. */
static size_t ref_transcode(size_t cap, int form, uint32_t *exp, size_t *read)
{
    size_t out = 0;
    *read = 0;
    for (size_t k = 0; k < nitems && items[k].cp >= 0; k++) {
        uint32_t cp = (uint32_t)items[k].cp;
        size_t need = form == 16 && cp >= 0x10000 ? 2 : 1;
        if (cap - out < need)
            break;
        if (need == 2) {
            exp[out++] = 0xD800 + ((cp - 0x10000) >> 10);
            exp[out++] = 0xDC00 + (cp & 0x3FF);
        } else {
            exp[out++] = cp;
        }
        *read = (size_t)(items[k].offset + items[k].length);
    }
    return out;
}

/* Failures of one kind of check for one instruction set: counted, the
** first few printed; one TAP line per kind. */
struct tally {
    unsigned long runs, fails;
};

static void fail(struct tally *t, const char *what, const uint8_t *in, size_t n, size_t a,
                 size_t b)
{
    t->fails++;
    if (t->fails > 5)
        return;
    printf("# %s: got %zu, expected %zu; input (%zu bytes):", what, a, b, n);
    for (size_t i = 0; i < n && i < 96; i++)
        printf(" %02X", in[i]);
    printf("%s\n", n > 96 ? " ..." : "");
}

static const wenc__utf8_kernels *kern;
static struct tally t_prefix, t_trans, t_ascii, t_guard, t_copy, t_short, t_count;

static uint16_t out16[MAXN + 64], scal16[MAXN + 64];
static uint32_t out32[MAXN + 64], scal32[MAXN + 64], expect[MAXN + 64];
static uint8_t in_buf[MAXN + 64];

#define GUARD 0xA5A5u

/* valid_prefix of IN[0..N) against the scalar kernel and the reference
** (REF: the reference's answer, already computed). */
static void check_copy(const uint8_t *in, size_t n, size_t ref);

static void check_prefix(const uint8_t *in, size_t n, size_t ref)
{
    t_prefix.runs++;
    size_t got = kern->valid_prefix(in, n), scalar = wenc__utf8_scalar.valid_prefix(in, n);
    if (got != scalar)
        fail(&t_prefix, "valid_prefix vs scalar", in, n, got, scalar);
    else if (got != ref)
        fail(&t_prefix, "valid_prefix vs reference", in, n, got, ref);
    check_copy(in, n, ref);
}

/* copy_valid, where the kernels have it: the length REF, those bytes
** copied, nothing written past DST[0..N). */
static void check_copy(const uint8_t *in, size_t n, size_t ref)
{
    if (kern->copy_valid == NULL)
        return;
    static uint8_t o8[MAXN + 64];
    t_copy.runs++;
    memset(o8, 0xEE, n + 64);
    size_t c = kern->copy_valid(in, n, n ? o8 : NULL);
    if (c != ref) {
        fail(&t_copy, "copy_valid vs reference", in, n, c, ref);
        return;
    }
    if (memcmp(o8, in, c) != 0)
        fail(&t_copy, "copy_valid output", in, n, c, ref);
    for (size_t i = n; i < n + 64; i++) {
        if (o8[i] != 0xEE) {
            fail(&t_guard, "copy_valid", in, n, i, n);
            break;
        }
    }
}

/* to_utf16 and to_utf32 of IN[0..N) with CAP units, against the scalar
** kernel and the reference (reference() already run on IN). */
static void check_transcode(const uint8_t *in, size_t n, size_t cap)
{
    for (int form = 16; form <= 32; form += 16) {
        t_trans.runs++;
        size_t ref_read, ref_units = ref_transcode(cap, form, expect, &ref_read);
        size_t got_w = 0, sc_w = 0, got, sc;
        if (form == 16) {
            for (size_t i = 0; i < cap + 32; i++)
                out16[i] = GUARD;
            got = kern->to_utf16(in, n, cap ? out16 : NULL, cap, &got_w);
            sc = wenc__utf8_scalar.to_utf16(in, n, cap ? scal16 : NULL, cap, &sc_w);
        } else {
            for (size_t i = 0; i < cap + 32; i++)
                out32[i] = GUARD;
            got = kern->to_utf32(in, n, cap ? out32 : NULL, cap, &got_w);
            sc = wenc__utf8_scalar.to_utf32(in, n, cap ? scal32 : NULL, cap, &sc_w);
        }
        const char *what = form == 16 ? "to_utf16" : "to_utf32";
        if (got != sc || got_w != sc_w) {
            fail(&t_trans, what, in, n, got * 100000 + got_w, sc * 100000 + sc_w);
            continue;
        }
        if (got != ref_read || got_w != ref_units) {
            fail(&t_trans, what, in, n, got * 100000 + got_w, ref_read * 100000 + ref_units);
            continue;
        }
        for (size_t i = 0; i < got_w; i++) {
            uint32_t u = form == 16 ? out16[i] : out32[i];
            if (u != expect[i]) {
                fail(&t_trans, what, in, n, u, expect[i]);
                break;
            }
        }
        /* Nothing is written past the room (the vector stores stay in it). */
        for (size_t i = cap; i < cap + 32; i++) {
            uint32_t u = form == 16 ? out16[i] : out32[i];
            if (u != GUARD) {
                fail(&t_guard, what, in, n, i, cap);
                break;
            }
        }
        t_guard.runs++;
    }
}

/* short_to_utf8 and short_to_utf16 of IN[0..N) with CAP units, where the
** kernels have them (reference() already run on IN): either all of the
** input, as the reference decodes it, or -1 with nothing written; -1 only
** where the contract allows it (not all valid, outside the kernel's range,
** no room); never a write past the room. */
static void check_short_exact(const uint8_t *in, size_t n, size_t cap);

static void check_short(const uint8_t *in, size_t n, size_t cap)
{
    if (kern->short_to_utf8 == NULL)
        return;
    /* The kernels read the input from a heap block of exactly N bytes, so
    ** that a sanitizer build catches a read past it (the short kernels load
    ** the input's last 8 or 16 bytes as a block). */
    uint8_t *exact = malloc(n ? n : 1);
    if (exact == NULL)
        abort();
    memcpy(exact, in, n);
    check_short_exact(exact, n, cap);
    free(exact);
}

static void check_short_exact(const uint8_t *in, size_t n, size_t cap)
{
    bool valid = ref_prefix(n) == n;
    /* The input in a heap block of exactly N bytes, so that a sanitizer
    ** build sees a read past it. */
    uint8_t *x = malloc(n + (n == 0));
    memcpy(x, in, n);
    in = x;
    /* short_valid: exactly whether the input is valid, in its lengths. */
    if (kern->short_valid != NULL && n >= 1 && n <= WENC__UTF8_SHORT_VALID &&
        (kern->valid_lengths >> (n - 1) & 1)) {
        t_short.runs++;
        if (kern->short_valid(in, n) != valid)
            fail(&t_short, "short_valid", in, n, !valid, valid);
    }
    /* The lengths the table says they take (utf8_kernels.h). */
    for (int form = 8; form <= (kern->short_to_utf16 != NULL ? 16 : 8); form += 8) {
        bool in_range = n >= 1 && n <= WENC__UTF8_SHORT &&
                        (kern->short_lengths[form == 16] >> (n - 1) & 1);
        static uint8_t o8[MAXN + 64];
        t_short.runs++;
        for (size_t i = 0; i < cap + 32; i++) {
            o8[i] = 0xEE;
            out16[i] = GUARD;
        }
        ptrdiff_t got;
        size_t need, ref_read;
        if (form == 8) {
            need = n;
            got = kern->short_to_utf8(in, n, cap ? o8 : NULL, cap);
        } else {
            need = ref_transcode(SIZE_MAX, 16, expect, &ref_read);
            got = kern->short_to_utf16(in, n, cap ? out16 : NULL, cap);
        }
        bool must = valid && in_range && need <= cap;
        const char *what = form == 8 ? "short_to_utf8" : "short_to_utf16";
        if (got >= 0 ? !valid || (size_t)got != need || need > cap : must) {
            fail(&t_short, what, in, n, (size_t)got, must ? need : (size_t)-1);
            continue;
        }
        size_t w = got >= 0 ? (size_t)got : 0;
        if (form == 8 ? memcmp(o8, in, w) != 0 : 0) {
            fail(&t_short, what, in, n, 0, 1);
            continue;
        }
        for (size_t i = 0; form == 16 && i < w; i++) {
            if (out16[i] != expect[i]) {
                fail(&t_short, what, in, n, out16[i], expect[i]);
                break;
            }
        }
        /* Declined: nothing written; taken: nothing past the room. */
        for (size_t i = got >= 0 ? cap : 0; i < cap + 32; i++) {
            if (form == 8 ? o8[i] != 0xEE : out16[i] != GUARD) {
                fail(&t_guard, what, in, n, i, got >= 0 ? cap : 0);
                break;
            }
        }
        t_guard.runs++;
    }
    free(x);
}

/* count, where the kernels have it (the toolkit's otherwise: utf8/count.c),
** against a byte at a time, with and without F0..FF. */
static void check_counts(const uint8_t *in, size_t n)
{
    if (!kern->count)
        return;
    size_t cp = 0, units = 0;
    for (size_t i = 0; i < n; i++) {
        cp += (in[i] & 0xC0) != 0x80;
        units += ((in[i] & 0xC0) != 0x80) + (in[i] >= 0xF0);
    }
    t_count.runs++;
    size_t a = kern->count(in, n, false), b = kern->count(in, n, true);
    if (a != cp)
        fail(&t_count, "count (code points)", in, n, a, cp);
    else if (b != units)
        fail(&t_count, "count (UTF-16 units)", in, n, b, units);
}

/* All kernels on IN[0..N): valid_prefix, count, and the transcoders with
** room for everything and with CAPS other capacities. */
static void check_all(const uint8_t *in, size_t n, bool every_cap)
{
    check_counts(in, n);
    reference(in, n);
    check_prefix(in, n, ref_prefix(n));
    check_transcode(in, n, n + 1);
    check_short(in, n, n + 1);
    if (every_cap)
        for (size_t cap = 0; cap <= n; cap++) {
            check_transcode(in, n, cap);
            check_short(in, n, cap);
        }
}

/* Short inputs (the short kernels' range and past it): every length 0..64
** in each script, unaligned, with a bad byte (a third of them per script,
** all of them over the scripts) at every position, and output capacities
** around the output's length. */
static void check_short_inputs(void)
{
    if (kern->short_to_utf8 == NULL)
        return;
    for (int script = 0; script < SCRIPTS; script++) {
        for (size_t n = 0; n <= 64; n++) {
            uint8_t *in = in_buf + 5;
            /* Valid text of every length first. */
            gen_text(in, n, script);
            reference(in, n);
            check_short(in, n, n + 1);
            for (size_t b = script % 3; b < sizeof bad_bytes; b += 3) {
                for (size_t p = 0; p < n; p++) {
                    gen_text(in, n, script);
                    in[p] = bad_bytes[b];
                    reference(in, n);
                    /* Every capacity at a third of the places. */
                    for (size_t cap = 0; cap <= n + 1; cap += p % 3 == 0 || cap + 8 > n ? 1 : 7)
                        check_short(in, n, cap);
                }
            }
        }
    }
}

static void check_ascii_kernels(void)
{
    static uint8_t o8[300];
    for (size_t n = 0; n <= 260; n += (n < 70 ? 1 : 13)) {
        for (size_t p = 0; p <= n; p++) {
            for (size_t i = 0; i < n; i++)
                in_buf[i] = (uint8_t)(0x20 + rnd(0x60));
            if (p < n)
                in_buf[p] = (uint8_t)(0x80 + rnd(0x80));
            t_ascii.runs++;
            if (kern->ascii_prefix && kern->ascii_prefix(in_buf, n) != p)
                fail(&t_ascii, "ascii_prefix", in_buf, n, kern->ascii_prefix(in_buf, n), p);
            size_t a = kern->ascii_to_utf8(in_buf, n, o8);
            size_t b = kern->ascii_to_utf16(in_buf, n, out16);
            size_t c = kern->ascii_to_utf32(in_buf, n, out32);
            if (a != p || b != p || c != p) {
                fail(&t_ascii, "ascii_to_* length", in_buf, n, a * 10000 + b * 100 + c,
                     p * 10000 + p * 100 + p);
                continue;
            }
            for (size_t i = 0; i < p; i++) {
                if (o8[i] != in_buf[i] || out16[i] != in_buf[i] || out32[i] != in_buf[i]) {
                    fail(&t_ascii, "ascii_to_* output", in_buf, n, i, p);
                    break;
                }
            }
        }
    }
    /* ascii_prefix's long steps (AVX-512: 512 bytes after the first
    ** vector, from the first 64-byte boundary): at every offset in a
    ** 64-byte line, a byte 80..FF at every place of 1200, or none. */
    if (kern->ascii_prefix == NULL)
        return;
    uint8_t *line = in_buf + (64 - (uintptr_t)in_buf % 64);
    for (size_t off = 0; off < 64; off++) {
        uint8_t *in = line + off;
        const size_t n = 1200;
        for (size_t i = 0; i < n; i++)
            in[i] = (uint8_t)(0x20 + rnd(0x60));
        for (size_t p = 0; p <= n; p++) {
            if (p < n)
                in[p] = (uint8_t)(0x80 + rnd(0x80));
            t_ascii.runs++;
            size_t got = kern->ascii_prefix(in, n);
            if (got != p)
                fail(&t_ascii, "ascii_prefix, long", in, n, got, p);
            if (p < n)
                in[p] = 'a';
        }
    }
}

/* Byte values at the edges of the DFA's classes. */
static const uint8_t edge_bytes[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                     0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                                     0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
#define NEDGE (sizeof edge_bytes / sizeof edge_bytes[0])

/* Every sequence of up to four edge bytes, at block edges, in ASCII text
** and in text of 2-byte sequences (so that the block is not skipped as
** ASCII), against the scalar kernel; the reference decides the scalar
** kernel on the sequence alone (with ASCII after it). */
static void check_edges(void)
{
    static uint8_t buf[100];
    static const size_t at_all[] = {0, 1, 13, 14, 15, 16, 29, 30, 31, 32, 47, 62, 63, 64};
    static const size_t at_four[] = {15, 62};
    for (int len = 1; len <= 4; len++) {
        size_t total = 1;
        for (int k = 0; k < len; k++)
            total *= NEDGE;
        const size_t *at = len < 4 ? at_all : at_four;
        size_t nat = len < 4 ? sizeof at_all / sizeof at_all[0] : 2;
        for (size_t code = 0; code < total; code++) {
            uint8_t seq[4];
            size_t c = code;
            for (int k = 0; k < len; k++) {
                seq[k] = edge_bytes[c % NEDGE];
                c /= NEDGE;
            }
            if (len < 4 || code % 7 == 0) {
                uint8_t alone[5];
                memcpy(alone, seq, (size_t)len);
                alone[len] = 'a';
                reference(alone, (size_t)len + 1);
                size_t r = ref_prefix((size_t)len + 1);
                size_t s = wenc__utf8_scalar.valid_prefix(alone, (size_t)len + 1);
                if (s != r)
                    fail(&t_prefix, "scalar valid_prefix vs reference", alone,
                         (size_t)len + 1, s, r);
            }
            /* ASCII, 2-byte forms, 3-byte forms (U+4E00) and 3-byte forms
            ** with a space after each (Hangul U+AC00), the edge bytes
            ** going in at a sequence's start. */
            static const uint8_t ctx_text[4][4] = {
                {'a', 'b', 'a', 'b'}, {0xC3, 0xA9, 0xC3, 0xA9},
                {0xE4, 0xB8, 0x80, 0xE4}, {0xEA, 0xB0, 0x80, ' '}};
            static const size_t period[4] = {2, 2, 3, 4};
            for (int ctx = 0; ctx < 4; ctx++) {
                for (size_t i = 0; i < sizeof buf; i++)
                    buf[i] = ctx_text[ctx][i % period[ctx]];
                for (size_t j = 0; j < nat; j++) {
                    size_t skew = ctx ? (period[ctx] - at[j] % period[ctx]) % period[ctx] : 0;
                    uint8_t *b = buf + at[j] + skew;
                    uint8_t save[4];
                    memcpy(save, b, (size_t)len);
                    memcpy(b, seq, (size_t)len);
                    t_prefix.runs++;
                    size_t got = kern->valid_prefix(buf, sizeof buf);
                    size_t exp = wenc__utf8_scalar.valid_prefix(buf, sizeof buf);
                    if (got != exp)
                        fail(&t_prefix, "valid_prefix vs scalar (edges)", buf, sizeof buf, got,
                             exp);
                    check_copy(buf, sizeof buf, exp);
                    if (len < 4) {
                        size_t w1, w2;
                        t_trans.runs++;
                        size_t r1 = kern->to_utf16(buf, sizeof buf, out16, 200, &w1);
                        size_t r2 = wenc__utf8_scalar.to_utf16(buf, sizeof buf, scal16, 200, &w2);
                        if (r1 != r2 || w1 != w2 || memcmp(out16, scal16, w1 * 2) != 0)
                            fail(&t_trans, "to_utf16 vs scalar (edges)", buf, sizeof buf,
                                 r1 * 1000 + w1, r2 * 1000 + w2);
                    }
                    memcpy(b, save, (size_t)len);
                }
            }
        }
    }
}

/* Issue 29: text whose every 16 bytes mix 1-, 2- and 3-byte sequences the
** way words do (the vector decoders' blocks, SSE2's runs between spaces):
** Hangul (EA..ED leads) in words of one to six syllables, Cyrillic words,
** CJK, a 2-byte letter in a Hangul word, between them a space, ", ",
** digits, "(" or a newline.  Every length (sequences cut at every block
** end), a byte that breaks the text or a 4-byte sequence at every position
** of the first 80 bytes (inside and right after the blocks' runs), every
** room for a third of them; each input read from an exactly sized heap
** block, so that a sanitizer build catches a read past it. */
static struct tally t_mixed;

static size_t gen_words(uint8_t *buf, size_t n, unsigned seed)
{
    static const uint32_t letters[] = {0xAC00, 0xD7A3, 0xB098, 0xD55C, 0xAD6D,
                                       0x0434, 0x043C, 0x65E5, 0x3002, 0x00E9};
    static const char *const seps[] = {" ", ", ", " ", "1965", "(", ". ", "\n", "12 "};
    size_t i = 0;
    unsigned w = seed;
    while (i < n) {
        unsigned len = 1 + (w * 7 + seed) % 6;
        uint32_t base = letters[(w + seed) % 5];
        if (seed % 3 == 1)
            base = letters[5 + (w % 2)];
        for (unsigned k = 0; k < len && i + 3 <= n; k++) {
            uint32_t cp = base + (k * 37 + w) % 11;
            if (seed % 3 == 2 && k == 1)
                cp = letters[7 + (w % 3)];
            if (cp >= 0xD7A4 && cp < 0xE000)
                cp = 0xD7A3;
            i += put_utf8(buf + i, cp);
        }
        const char *sep = seps[(w * 5 + seed) % 8];
        for (size_t k = 0; sep[k] && i < n; k++)
            buf[i++] = (uint8_t)sep[k];
        w++;
    }
    return n;
}

static void check_exact(const uint8_t *in, size_t n, bool every_cap)
{
    uint8_t *exact = malloc(n ? n : 1);
    if (exact == NULL)
        abort();
    memcpy(exact, in, n);
    reference(exact, n);
    check_prefix(exact, n, ref_prefix(n));
    check_transcode(exact, n, n + 1);
    if (every_cap)
        for (size_t cap = 0; cap <= n; cap++)
            check_transcode(exact, n, cap);
    free(exact);
}

static void check_mixed(void)
{
    static const uint8_t breaks[][4] = {
        {0x80}, {0xBF}, {0xC0, 0x80}, {0xC1, 0xBF}, {0xE0, 0x80, 0x80}, {0xE0, 0x9F, 0xBF},
        {0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, {0xF0, 0x9F, 0x98, 0x80}, {0xF4, 0x90, 0x80, 0x80},
        {0xF5}, {0xFF}, {0xEA}, {0xEA, 0xB0}, {0xD0}, {0x41, 0x41, 0x41, 0x41}};
    static const size_t break_len[] = {1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 1, 1, 1, 2, 1, 4};
    uint8_t buf[128];
    struct tally before = t_trans;
    for (unsigned seed = 0; seed < 12; seed++) {
        gen_words(buf, 100, seed);
        for (size_t n = 0; n <= 100; n++)
            check_exact(buf, n, n % 11 == 0);
        for (size_t b = 0; b < sizeof break_len / sizeof break_len[0]; b++) {
            for (size_t p = 0; p < 80; p++) {
                gen_words(buf, 100, seed);
                memcpy(buf + p, breaks[b], break_len[b]);
                check_exact(buf, 100, (p + b) % 3 == 0 && seed < 4);
            }
        }
    }
    t_mixed.runs = t_trans.runs - before.runs;
    t_mixed.fails = t_trans.fails - before.fails;
}

/* A 4-byte form last in a 16-byte block after 1- to 3-byte sequences, the
** block's sequences needing up to 17 UTF-16 units, with every output
** capacity: the vector decoders take such blocks a sequence at a time
** without checks only where the room holds all of them (issue 29). */
static void check_four_at_block_ends(void)
{
    static const uint8_t fill[][3] = {{'a'}, {0xD0, 0x96}, {0xE4, 0xB8, 0xAD}};
    for (int f = 0; f < 3; f++) {
        size_t w = (size_t)f + 1;
        for (size_t lead = 0; lead < 16; lead++) {
            uint8_t *in = in_buf + (lead % 7);
            size_t n = 0;
            while (n + w <= lead) {
                memcpy(in + n, fill[f], w);
                n += w;
            }
            while (n < lead)
                in[n++] = 'b';
            static const uint8_t four[] = {0xF0, 0x9F, 0x98, 0x80};
            while (n < 48) {
                memcpy(in + n, four, 4);
                n += 4;
                in[n++] = 'c';
            }
            check_all(in, n, true);
        }
    }
}

static void check_kernels(void)
{
    check_four_at_block_ends();
    /* Every length up to 200 in each script, unaligned, with every output
    ** capacity for the shorter ones. */
    for (int script = 0; script < SCRIPTS; script++) {
        for (size_t n = 0; n <= 200; n++) {
            uint8_t *in = in_buf + (n % 16);
            gen_text(in, n, script);
            check_all(in, n, n <= 72);
        }
    }
    /* Every truncation of a long text, cutting sequences anywhere. */
    for (int script = 0; script < SCRIPTS; script++) {
        gen_text(in_buf + 3, 300, script);
        for (size_t n = 0; n <= 300; n++)
            check_all(in_buf + 3, n, false);
    }
    /* A bad byte at every position of the first two 64-byte blocks, and
    ** around the 4096-byte windows of the transcoders. */
    for (int script = 0; script < SCRIPTS; script++) {
        for (size_t b = 0; b < sizeof bad_bytes; b++) {
            for (size_t p = 0; p < 140; p++) {
                uint8_t *in = in_buf + 1;
                gen_text(in, 150, script);
                in[p] = bad_bytes[b];
                check_all(in, 150, p % 16 == 0 && b % 3 == 0);
            }
            static const size_t far[] = {4090, 4093, 4094, 4095, 4096, 4097, 4100,
                                         8190, 8191, 8192, 8195};
            for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
                gen_text(in_buf, 8300, script);
                in_buf[far[k]] = bad_bytes[b];
                check_all(in_buf, 8300, false);
                check_transcode(in_buf, 8300, far[k] - rnd(8));
            }
        }
        /* Long valid text, and its prefixes around the windows. */
        gen_text(in_buf, MAXN, script);
        check_all(in_buf, MAXN, false);
        for (size_t n = 4090; n <= 4100; n++)
            check_all(in_buf, n, false);
    }
    /* count's 8-bit lanes at their fullest: every byte counted twice
    ** (F0..FF), or once, over many blocks; and random bytes. */
    static const uint8_t fill[] = {0xFF, 0xF0, 0x41, 0xC2, 0xBF};
    for (size_t f = 0; f < sizeof fill; f++) {
        memset(in_buf, fill[f], MAXN);
        for (size_t n = 4060; n <= 4100; n++)
            check_counts(in_buf + 1, n);
        check_counts(in_buf, MAXN);
    }
    for (size_t n = 0; n <= 300; n++) {
        for (size_t i = 0; i < n + 16; i++)
            in_buf[i] = (uint8_t)rnd(256);
        check_counts(in_buf + n % 16, n);
    }
    check_mixed();
    check_edges();
    check_ascii_kernels();
    check_short_inputs();
}

/* ------------------------------------------------------------------------
** The public API with the process's kernels, against the reference. */

static struct tally t_validate, t_decode;

/* Decodes IN[0..N) with the public decoder (FORM 8, 16 or 32; FATAL or
** replacement) in input chunks of CHUNK bytes and output buffers of ROOM
** units; compares with the reference items. */
static void check_decoder(const uint8_t *in, size_t n, int form, bool fatal, size_t chunk,
                          size_t room)
{
    static uint32_t units[4 * MAXN + 64];
    static uint32_t exp[4 * MAXN + 64];
    size_t ne = 0;
    bool stopped = false;
    uint64_t err_offset = 0;
    for (size_t k = 0; k < nitems; k++) {
        uint32_t cp = items[k].cp < 0 ? 0xFFFD : (uint32_t)items[k].cp;
        if (items[k].cp < 0 && fatal) {
            stopped = true;
            err_offset = items[k].offset;
            break;
        }
        if (form == 8) {
            uint8_t b[4];
            size_t m = put_utf8(b, cp);
            for (size_t i = 0; i < m; i++)
                exp[ne++] = b[i];
        } else if (form == 16 && cp >= 0x10000) {
            exp[ne++] = 0xD800 + ((cp - 0x10000) >> 10);
            exp[ne++] = 0xDC00 + (cp & 0x3FF);
        } else {
            exp[ne++] = cp;
        }
    }
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, fatal ? WENC_DECODER_FATAL : 0);
    size_t pos = 0, nu = 0;
    wenc_status st = WENC_OK;
    static uint8_t o8[64];
    static uint16_t o16[64];
    static uint32_t o32[64];
    for (int guard = 0; guard < 1000000; guard++) {
        size_t take = n - pos < chunk ? n - pos : chunk;
        bool last = pos + take == n;
        size_t sl = take, dl = room;
        if (form == 8)
            st = wenc_decoder_decode_to_utf8(&d, in + pos, &sl, o8, &dl, last);
        else if (form == 16)
            st = wenc_decoder_decode_to_utf16(&d, in + pos, &sl, o16, &dl, last);
        else
            st = wenc_decoder_decode_to_utf32(&d, in + pos, &sl, o32, &dl, last);
        for (size_t i = 0; i < dl; i++)
            units[nu++] = form == 8 ? o8[i] : form == 16 ? o16[i] : o32[i];
        pos += sl;
        if (st == WENC_MALFORMED)
            break;
        if (st == WENC_INPUT_EMPTY && last)
            break;
    }
    t_decode.runs++;
    bool ok = nu == ne && memcmp(units, exp, nu * sizeof units[0]) == 0 &&
              (stopped ? st == WENC_MALFORMED && wenc_decoder_error_offset(&d) == err_offset
                       : st == WENC_INPUT_EMPTY);
    if (!ok)
        fail(&t_decode, fatal ? "decoder (fatal)" : "decoder (replacement)", in, n, nu, ne);
}

/* The first error of the validator: where the reference says, and named
** as the validator names it on the malformed span alone (a few bytes: the
** scalar path). */
static void check_validate(const uint8_t *in, size_t n)
{
    t_validate.runs++;
    wenc_utf8_error e;
    wenc_status st = wenc_utf8_validate(in, n, &e);
    size_t k = 0;
    while (k < nitems && items[k].cp >= 0)
        k++;
    if (k == nitems) {
        if (st != WENC_OK || wenc_utf8_is_valid(in, n) != true)
            fail(&t_validate, "validate (valid)", in, n, (size_t)st, WENC_OK);
        return;
    }
    size_t off = (size_t)items[k].offset, len = items[k].length;
    if (st != WENC_MALFORMED || e.offset != off || e.length != len) {
        fail(&t_validate, "validate (offset)", in, n, (size_t)e.offset, off);
        return;
    }
    wenc_utf8_error alone;
    size_t span = off + len < n ? len + 1 : len;
    wenc_utf8_validate(in + off, span, &alone);
    if (alone.offset != 0 || alone.kind != e.kind)
        fail(&t_validate, "validate (kind)", in, n, (size_t)e.kind, (size_t)alone.kind);
    /* The streaming validator, in chunks of 7 bytes. */
    wenc_utf8_validator v;
    wenc_utf8_validator_init(&v);
    size_t pos = 0;
    wenc_utf8_error se = {0, 0, WENC_UTF8_ERROR_NONE};
    for (;;) {
        size_t take = n - pos < 7 ? n - pos : 7;
        size_t sl = take;
        wenc_status s = wenc_utf8_validator_validate(&v, in + pos, &sl, pos + take == n, &se);
        pos += sl;
        if (s == WENC_MALFORMED || pos == n)
            break;
    }
    if (se.offset != e.offset || se.length != e.length || se.kind != e.kind)
        fail(&t_validate, "validator (streaming)", in, n, (size_t)se.offset, (size_t)e.offset);
}

static void check_public_on(const uint8_t *in, size_t n)
{
    reference(in, n);
    check_validate(in, n);
    static const size_t chunks[] = {SIZE_MAX, 13};
    static const size_t rooms[] = {64, 5};
    for (int form = 8; form <= 32; form *= 2)
        for (int fatal = 0; fatal < 2; fatal++)
            for (int c = 0; c < 2; c++)
                check_decoder(in, n, form, fatal, chunks[c], rooms[c]);
}

static void check_public(void)
{
    for (int script = 0; script < SCRIPTS; script++) {
        for (size_t n = 0; n <= 200; n += 3) {
            gen_text(in_buf + 1, n, script);
            check_public_on(in_buf + 1, n);
        }
        /* Short inputs (decoder.c's short path and the short kernels):
        ** every length 0..64, a bad byte (a third of them per script) at
        ** every position, whole and in chunks, with room for all and
        ** exactly the room needed. */
        for (size_t n = 0; n <= 64; n++) {
            for (size_t b = script % 3; b < sizeof bad_bytes; b += 3) {
                for (size_t p = 0; p <= n; p++) {
                    uint8_t *in = in_buf + 3;
                    gen_text(in, n, script);
                    if (p < n)
                        in[p] = bad_bytes[b];
                    reference(in, n);
                    for (int form = 8; form <= 32; form *= 2) {
                        size_t need = 0;
                        for (size_t k = 0; k < nitems; k++) {
                            uint32_t cp = items[k].cp < 0 ? 0xFFFD : (uint32_t)items[k].cp;
                            need += form == 8 ? (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4)
                                    : form == 16 && cp >= 0x10000 ? 2 : 1;
                        }
                        for (int fatal = 0; fatal < 2; fatal++) {
                            check_decoder(in, n, form, fatal, SIZE_MAX, 64);
                            if (need > 0 && need <= 64)
                                check_decoder(in, n, form, fatal, SIZE_MAX, need);
                            if (!fatal)
                                check_decoder(in, n, form, fatal, 7, 64);
                        }
                    }
                }
            }
        }
        for (size_t b = 0; b < sizeof bad_bytes; b++) {
            for (size_t p = 0; p < 140; p += 3) {
                gen_text(in_buf, 150, script);
                in_buf[p] = bad_bytes[b];
                check_public_on(in_buf, 150);
            }
            gen_text(in_buf, 5000, script);
            in_buf[4096 + rnd(8) - 4] = bad_bytes[b];
            check_public_on(in_buf, 5000);
        }
    }
}

/* utf8_tables.c's shuffle table, which the compiler computes from macros:
** each row against the set bits of its index, counted here. */
static void check_pack_table(void)
{
    unsigned bad = 0;
    for (unsigned m = 0; m < 256; m++) {
        unsigned k = 0;
        for (unsigned lane = 0; lane < 8; lane++) {
            if (!(m >> lane & 1))
                continue;
            if (wenc__u8v_pack8x16[m][2 * k] != 2 * lane ||
                wenc__u8v_pack8x16[m][2 * k + 1] != 2 * lane + 1)
                bad++;
            k++;
        }
        if (wenc__u8v_pop8[m] != k)
            bad++;
        for (; k < 8; k++)
            if (wenc__u8v_pack8x16[m][2 * k] != 0x80 || wenc__u8v_pack8x16[m][2 * k + 1] != 0x80)
                bad++;
    }
    CHECK(bad == 0, "the 8-lane shuffle table (%u wrong entries)", bad);
}

static void report(const char *isa, const char *what, const struct tally *t)
{
    CHECK(t->fails == 0 && t->runs > 0, "%s: %s (%lu runs, %lu failed)", isa, what, t->runs,
          t->fails);
}

int main(int argc, char **argv)
{
    int a = 1;
    bool public_only = argc > a && strcmp(argv[a], "--public") == 0;
    if (public_only)
        a++;
    /* The reference model's UTF-8 decoder reads no index file, so the
    ** test runs with or without the index directory; one that is named
    ** must load. */
    if (argc > a && argv[a][0] != '\0' && ref_load(argv[a]) != 0) {
        printf("Bail out! cannot load the index directory %s\n", argv[a]);
        return 1;
    }
    if (!public_only) {
        check_pack_table();
        for (int i = 0; i < WENC__ISA_COUNT; i++) {
            wenc__isa isa = (wenc__isa)i;
            const char *name = wenc__simd_name(isa);
            const wenc__utf8_kernels *k = wenc__utf8_kernels_by_isa[isa];
            if (!wenc__simd_supported(isa)) {
                printf("# SKIP %s: %s\n", name,
                       k == &wenc__utf8_scalar ? "no kernels for it in this build"
                                               : "this CPU lacks it");
                continue;
            }
            if (isa != WENC__ISA_SCALAR && k == &wenc__utf8_scalar) {
                printf("# %s: uses the scalar kernels (tested as scalar)\n", name);
                continue;
            }
            if (isa != WENC__ISA_SCALAR && k == wenc__utf8_kernels_by_isa[isa - 1]) {
                printf("# %s: uses the kernels of %s (tested there)\n", name,
                       wenc__simd_name((wenc__isa)(isa - 1)));
                continue;
            }
            printf("# testing the %s kernels\n", name);
            kern = k;
            t_prefix = t_trans = t_ascii = t_guard = t_copy = t_short = t_count = t_mixed =
                (struct tally){0, 0};
            check_kernels();
            report(name, "valid_prefix", &t_prefix);
            if (k->copy_valid)
                report(name, "copy_valid", &t_copy);
            report(name, "to_utf16, to_utf32", &t_trans);
            report(name, "to_utf16, to_utf32 on mixed words (issue 29)", &t_mixed);
            report(name, "no write past the room", &t_guard);
            report(name, k->ascii_prefix ? "ascii_to_*, ascii_prefix" : "ascii_to_*", &t_ascii);
            if (k->count)
                report(name, "count", &t_count);
            if (k->short_to_utf8)
                report(name, "short_to_utf8, short_to_utf16", &t_short);
        }
    }
    const char *chosen = wenc__simd_name(wenc__simd_isa());
    printf("# the public API with the %s kernels\n", chosen);
    check_public();
    report(chosen, "wenc_utf8_validate and the validator", &t_validate);
    report(chosen, "wenc_decoder (UTF-8 to UTF-8/16/32)", &t_decode);
    free(items);
    ref_unload();
    return check_done();
}
