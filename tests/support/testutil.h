/* testutil.h -- small helpers shared by the hand-written vector tests and the
** streaming tests: hex text parsing, the test's own UTF-8/UTF-16 serialisation
** of expected code points, growable arrays and a seeded PRNG.  Header-only
** (every function is static); nothing here calls the library under test. */
#ifndef WENC_TEST_TESTUTIL_H
#define WENC_TEST_TESTUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
** Growable arrays of bytes and of 32-bit values.  Allocation failure ends the
** program: these are tests.
*/
typedef struct {
    uint8_t *p;
    size_t n, cap;
} tu_bytes;

typedef struct {
    uint32_t *p;
    size_t n, cap;
} tu_u32s;

/* p + off, where p may be NULL (an empty tu_bytes): C defines no arithmetic
** on a null pointer, not even + 0, and UBSan stops on it. */
static inline const uint8_t *tu_at(const uint8_t *p, size_t off) { return p ? p + off : p; }

static inline void *tu_grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * elem);
    if (q == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
    *cap = c;
    return q;
}

static inline void tu_bytes_push(tu_bytes *b, const void *src, size_t n)
{
    b->p = tu_grow(b->p, &b->cap, b->n + n + 1, 1);
    if (n)
        memcpy(b->p + b->n, src, n);
    b->n += n;
}

static inline void tu_bytes_push1(tu_bytes *b, uint8_t v) { tu_bytes_push(b, &v, 1); }

static inline void tu_u32s_push1(tu_u32s *a, uint32_t v)
{
    a->p = tu_grow(a->p, &a->cap, a->n + 1, sizeof *a->p);
    a->p[a->n++] = v;
}

static inline void tu_bytes_free(tu_bytes *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

static inline void tu_u32s_free(tu_u32s *a)
{
    free(a->p);
    memset(a, 0, sizeof *a);
}

/* ---------------------------------------------------------------------------
** Hex text.  "E2 82 41" -> bytes; "FFFD 0041" -> values.  A '|' marks a chunk
** boundary: tu_parse_hex() records the offset of each one in BREAKS (which
** may be NULL).  Anything else that is not a hex digit separates tokens.
*/
static inline int tu_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses whitespace-separated hex numbers from TEXT into OUT (values) and
** chunk breaks into BREAKS (positions in OUT).  Returns the count. */
static inline size_t tu_parse_hex(const char *text, tu_u32s *out, tu_u32s *breaks)
{
    size_t count = 0;
    const char *s = text;
    while (*s) {
        if (*s == '|') {
            if (breaks)
                tu_u32s_push1(breaks, (uint32_t)out->n);
            s++;
            continue;
        }
        if (tu_hexval((unsigned char)*s) < 0) {
            s++;
            continue;
        }
        uint32_t v = 0;
        while (tu_hexval((unsigned char)*s) >= 0)
            v = v * 16 + (uint32_t)tu_hexval((unsigned char)*s++);
        tu_u32s_push1(out, v);
        count++;
    }
    return count;
}

/* Formats N values as hex into BUF (for messages); truncates with "...". */
static inline const char *tu_fmt_u32(char *buf, size_t size, const uint32_t *v, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        int w = snprintf(buf + at, size - at, "%s%04X", i ? " " : "", (unsigned)v[i]);
        if (w < 0 || (size_t)w >= size - at) {
            if (size >= 4)
                strcpy(buf + size - 4, "...");
            break;
        }
        at += (size_t)w;
    }
    return buf;
}

static inline const char *tu_fmt_bytes(char *buf, size_t size, const uint8_t *v, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        int w = snprintf(buf + at, size - at, "%s%02X", i ? " " : "", (unsigned)v[i]);
        if (w < 0 || (size_t)w >= size - at) {
            if (size >= 4)
                strcpy(buf + size - 4, "...");
            break;
        }
        at += (size_t)w;
    }
    return buf;
}

/* ---------------------------------------------------------------------------
** The test's own serialisation of scalar values (Unicode's definitions, not
** the library's), used to turn one list of expected code points into the
** expected UTF-8 and UTF-16 output, and to build encoder input.
*/
static inline void tu_put_utf8(tu_bytes *b, uint32_t cp)
{
    uint8_t t[4];
    size_t n;
    if (cp < 0x80) {
        t[0] = (uint8_t)cp;
        n = 1;
    } else if (cp < 0x800) {
        t[0] = (uint8_t)(0xC0 | (cp >> 6));
        t[1] = (uint8_t)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        t[0] = (uint8_t)(0xE0 | (cp >> 12));
        t[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        t[2] = (uint8_t)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        t[0] = (uint8_t)(0xF0 | (cp >> 18));
        t[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
        t[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        t[3] = (uint8_t)(0x80 | (cp & 0x3F));
        n = 4;
    }
    tu_bytes_push(b, t, n);
}

/* UTF-16 code units go into a byte array in host order (2 bytes each). */
static inline void tu_put_utf16(tu_bytes *b, uint32_t cp)
{
    uint16_t u[2];
    size_t n = 1;
    if (cp >= 0x10000) {
        u[0] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
        u[1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        n = 2;
    } else {
        u[0] = (uint16_t)cp;
    }
    tu_bytes_push(b, u, n * sizeof u[0]);
}

static inline void tu_put_utf32(tu_bytes *b, uint32_t cp) { tu_bytes_push(b, &cp, sizeof cp); }

static inline size_t tu_utf8_len(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

static inline size_t tu_utf16_len(uint32_t cp) { return cp >= 0x10000 ? 2 : 1; }

/* "&#N;" as the standard's html error mode writes it. */
static inline void tu_put_ncr(tu_bytes *b, uint32_t cp)
{
    char t[16];
    int n = snprintf(t, sizeof t, "&#%u;", (unsigned)cp);
    tu_bytes_push(b, t, (size_t)n);
}

/* ---------------------------------------------------------------------------
** PRNG: xorshift64*, seeded explicitly so that every failure reproduces.
*/
typedef struct {
    uint64_t s;
} tu_rng;

static inline void tu_rng_seed(tu_rng *r, uint64_t seed) { r->s = seed ? seed : 0x9E3779B97F4A7C15u; }

static inline uint64_t tu_rng_next(tu_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Du;
}

/* Uniform in [0, n) (n > 0; the tiny modulo bias does not matter here). */
static inline size_t tu_rng_below(tu_rng *r, size_t n) { return (size_t)(tu_rng_next(r) % n); }

#endif
