/* conf.h -- what the conformance tests share: tallies that fold millions of
** comparisons into one TAP line each (the first few mismatches are printed
** as TAP comments), the index-directory handshake (without one, a TAP
** plan that skips, or only the encodings that read no index), a fixed-seed PRNG, and
** small conversions used to build expected output.  Header-only: every
** function is static inline so each program takes what it needs. */
#ifndef WENC_TESTS_CONF_H
#define WENC_TESTS_CONF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "built.h"
#include "ref.h"
#include "wenc/wenc.h"

/* check.h's helpers are plain static functions; not every program calls all
** of them. */
static inline void conf_uses_check_(void)
{
    (void)check_bytes_;
    (void)check_done;
}

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define CONF_PRINTF(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define CONF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CONF_PRINTF(f, a)
#endif

/* ---- Tallies ------------------------------------------------------------
** A tally counts comparisons of one class ("Shift_JIS, every two-byte
** sequence") and becomes one TAP line when reported.  Mismatches are
** counted; the first TALLY_SHOWN of them are printed as "# ..." lines. */
#define TALLY_SHOWN 10

typedef struct tally {
    unsigned long long checked, failed;
} tally;

static inline void tally_fail(tally *t, const char *fmt, ...) CONF_PRINTF(2, 3);
static inline void tally_fail(tally *t, const char *fmt, ...)
{
    t->failed++;
    if (t->failed > TALLY_SHOWN)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("# ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Reports T as one TAP line described by FMT, then clears it. */
#define tally_report(t, ...) tally_report_(t, __FILE__, __LINE__, __VA_ARGS__)
static inline void tally_report_(tally *t, const char *file, int line, const char *fmt, ...)
    CONF_PRINTF(4, 5);
static inline void tally_report_(tally *t, const char *file, int line, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (t->failed > TALLY_SHOWN)
        printf("# ... and %llu more mismatches\n", t->failed - TALLY_SHOWN);
    check_report(t->failed == 0 && t->checked > 0, file, line, "%s: %llu compared, %llu mismatched",
                 what, t->checked, t->failed);
    fflush(stdout);
    t->checked = t->failed = 0;
}

/* ---- Index directory ------------------------------------------------------
** The tests whose expectations come from the standard's index files take
** the directory as their first argument that is not a --flag.  Loads it and
** returns it, or returns NULL when there is none (the model then runs only
** the encodings that read no index: ref_needs_index()). */
static inline const char *conf_load(int argc, char **argv)
{
    const char *dir = NULL;
    for (int i = 1; i < argc && dir == NULL; i++)
        if (strncmp(argv[i], "--", 2) != 0 && argv[i][0] != '\0')
            dir = argv[i];
    if (dir != NULL && ref_load(dir) != 0) {
        printf("Bail out! cannot load the index files from %s\n", dir);
        exit(1);
    }
    return dir;
}

/* The same for a test that needs the index files: without them it skips as
** a whole (TAP plan 1..0, exit status 0). */
static inline const char *conf_load_or_skip(int argc, char **argv)
{
    const char *dir = conf_load(argc, argv);
    if (dir == NULL) {
        printf(REF_NO_INDEX_SKIP);
        exit(0);
    }
    return dir;
}

/* True when the program was asked for its exhaustive ('slow') variant. */
static inline bool conf_has_flag(int argc, char **argv, const char *flag)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], flag) == 0)
            return true;
    return false;
}

/* Processor time used so far, in seconds (for the timing comments). */
static inline double conf_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* ---- PRNG: splitmix64, fixed seeds printed by each test ------------------ */
typedef struct conf_rng {
    uint64_t s;
} conf_rng;

static inline uint64_t rng_next(conf_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static inline uint32_t rng_below(conf_rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ---- Encodings ------------------------------------------------------------ */

/* The encoding called NAME (as the standard spells it), via the registry. */
static inline const wenc_encoding *conf_encoding(const char *name)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
        if (strcmp(wenc_encoding_name(wenc_encoding_at(i)), name) == 0)
            return wenc_encoding_at(i);
    printf("Bail out! no encoding named %s\n", name);
    exit(1);
}

/* ---- Unicode forms of expected output ------------------------------------ */

/* Writes CP as UTF-8 at P; returns the length. */
static inline size_t conf_utf8(uint8_t *p, uint32_t cp)
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
        p[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
        p[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    p[0] = (uint8_t)(0xF0 | cp >> 18);
    p[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
    p[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
    p[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* Writes CP as UTF-16 at P; returns the number of code units. */
static inline size_t conf_utf16(uint16_t *p, uint32_t cp)
{
    if (cp < 0x10000) {
        p[0] = (uint16_t)cp;
        return 1;
    }
    p[0] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
    p[1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
    return 2;
}

/* Formats N bytes as "41 42 43" (truncated) into BUF. */
static inline const char *conf_hex(char *buf, size_t size, const uint8_t *p, size_t n)
{
    size_t k = 0, i = 0;
    buf[0] = '\0';
    for (; i < n && k + 8 < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%s%02X", i ? " " : "", p[i]);
    if (i < n)
        snprintf(buf + k, size - k, " ...");
    return buf;
}

#endif
