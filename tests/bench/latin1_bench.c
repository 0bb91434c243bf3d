/* latin1_bench.c -- speed of wenc/latin1.h (issue 41) beside encoding_rs's
** mem functions (the peer tests/bench/encoding_rs builds, when it is built
** in) and simdutf's Latin-1 calls (tests/bench/simdutf, when built in,
** forced to the kernel of WENC_SIMD's set as wenc-bench forces it):
** one-byte -> UTF-8 and -> UTF-16, UTF-8 -> one-byte, UTF-16 -> one-byte,
** UTF-16 well-formedness (the prefix, and the well-formed copy), the UTF-8
** length of a one-byte string, the ASCII prefix.  Each input is a one-byte string (a
** corpus file in a Latin script with its few code points above U+00FF
** left out, generated Latin text, generated ASCII) and its UTF-8 and
** UTF-16 forms.  Figures are M characters per CPU second (the one-byte
** string's length, so rows compare across forms), medians of RUNS runs in
** which the peers alternate, and then ns per call on short strings (8 to
** 64 characters, 256 different places of the Latin text in turn).  Not a
** test: it asserts nothing about speed; it checks once that the peers'
** outputs agree.
**
**     latin1_bench [--quick] [-o OP] [DIR]
**
** -o OP times that operation only (its name in the table: l1->u8 ...).
**
** A peer is a row of peers[] below: its functions, NULL where it has no
** counterpart.  One line per input and operation: wenc's figure, then
** each peer's and its ratio (the peer's time over wenc's: above 1, wenc is
** faster). */
#define _POSIX_C_SOURCE 200809L
#include <wenc/wenc.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef WENC_BENCH_SIMDUTF
#include "simdutf/kernel_for.h"
bool wb_simdutf_kernel_runs(const char *name);
const char *wb_simdutf_active(void);
const char *wb_simdutf_version(void);
size_t wb_simdutf_latin1(int op, const void *src, size_t len, void *dst);
#endif

#ifdef WENC_BENCH_ENCODING_RS
size_t encrs_mem_latin1_to_utf8(const uint8_t *src, size_t len, uint8_t *dst);
void encrs_mem_latin1_to_utf16(const uint8_t *src, size_t len, uint16_t *dst);
size_t encrs_mem_utf8_to_latin1(const uint8_t *src, size_t len, uint8_t *dst);
bool encrs_mem_utf16_to_latin1(const uint16_t *src, size_t len, uint8_t *dst);
size_t encrs_mem_utf16_valid_up_to(const uint16_t *src, size_t len);
size_t encrs_mem_ascii_valid_up_to(const uint8_t *src, size_t len);
void encrs_mem_utf16_to_well_formed(const uint16_t *src, size_t len, uint16_t *dst);
#endif

/* One input in its three forms, and room for every output. */
typedef struct job {
    const uint8_t *l1, *u8;
    const uint16_t *u16;
    size_t n, n8; /* characters (= UTF-16 units), UTF-8 bytes */
    uint8_t *out8;
    uint16_t *out16;
} job;

/* The operations, in simdutf_peer.cpp's order of its WB_L1_* calls. */
enum { L1_U8, L1_U16, U8_L1, U16_L1, U16_WF, L1_U8LEN, ASCII, U16_TOWF, OPS };
static const char *const op_names[OPS] = {"l1->u8", "l1->u16", "u8->l1", "u16->l1",
                                          "u16-wf", "u8-len",  "ascii",  "u16-towf"};

static size_t w_l1_u8(const job *j)
{
    return wenc_latin1_to_utf8(j->l1, j->n, j->out8);
}
static size_t w_l1_u16(const job *j)
{
    return wenc_latin1_to_utf16(j->l1, j->n, j->out16);
}
static size_t w_u8_l1(const job *j)
{
    size_t sl = j->n8, dl = j->n;
    wenc_utf8_to_latin1(j->u8, &sl, j->out8, &dl);
    return dl;
}
static size_t w_u16_l1(const job *j)
{
    size_t sl = j->n, dl = j->n;
    wenc_utf16_to_latin1(j->u16, &sl, j->out8, &dl);
    return dl;
}
static size_t w_u16_wf(const job *j)
{
    return wenc_utf16_well_formed_prefix(j->u16, j->n);
}
static size_t w_l1_u8len(const job *j)
{
    return wenc_utf8_length_from_latin1(j->l1, j->n);
}
static size_t w_ascii(const job *j)
{
    return wenc_ascii_prefix(j->l1, j->n);
}
static size_t w_u16_towf(const job *j)
{
    wenc_utf16_to_well_formed(j->u16, j->n, j->out16);
    return j->n;
}

#ifdef WENC_BENCH_ENCODING_RS
static size_t e_l1_u8(const job *j)
{
    return encrs_mem_latin1_to_utf8(j->l1, j->n, j->out8);
}
static size_t e_l1_u16(const job *j)
{
    encrs_mem_latin1_to_utf16(j->l1, j->n, j->out16);
    return j->n;
}
static size_t e_u8_l1(const job *j)
{
    return encrs_mem_utf8_to_latin1(j->u8, j->n8, j->out8);
}
static size_t e_u16_l1(const job *j)
{
    return encrs_mem_utf16_to_latin1(j->u16, j->n, j->out8) ? j->n : 0;
}
static size_t e_u16_wf(const job *j)
{
    return encrs_mem_utf16_valid_up_to(j->u16, j->n);
}
static size_t e_ascii(const job *j)
{
    return encrs_mem_ascii_valid_up_to(j->l1, j->n);
}
static size_t e_u16_towf(const job *j)
{
    encrs_mem_utf16_to_well_formed(j->u16, j->n, j->out16);
    return j->n;
}
#endif

#ifdef WENC_BENCH_SIMDUTF
/* simdutf's counterpart of OP over JOB's input of that form. */
static size_t s_op(int op, const job *j)
{
    switch (op) {
    case L1_U8:
    case L1_U16:
    case L1_U8LEN:
    case ASCII:
        return wb_simdutf_latin1(op, j->l1, j->n, op == L1_U16 ? (void *)j->out16 : j->out8);
    case U8_L1:
        return wb_simdutf_latin1(op, j->u8, j->n8, j->out8);
    default:
        return wb_simdutf_latin1(op, j->u16, j->n, op == U16_L1 ? (void *)j->out8 : j->out16);
    }
}
/* peers[]'s functions, one per operation. */
#define S_OP(name, op)                                                                             \
    static size_t name(const job *j)                                                               \
    {                                                                                              \
        return s_op(op, j);                                                                        \
    }
S_OP(s_l1_u8, L1_U8)
S_OP(s_l1_u16, L1_U16)
S_OP(s_u8_l1, U8_L1)
S_OP(s_u16_l1, U16_L1)
S_OP(s_u16_wf, U16_WF)
S_OP(s_l1_u8len, L1_U8LEN)
S_OP(s_ascii, ASCII)
S_OP(s_u16_towf, U16_TOWF)
#undef S_OP
#endif

typedef struct peer {
    const char *name;
    size_t (*op[OPS])(const job *);
} peer;

static const peer peers[] = {
    {"wenc", {w_l1_u8, w_l1_u16, w_u8_l1, w_u16_l1, w_u16_wf, w_l1_u8len, w_ascii, w_u16_towf}},
#ifdef WENC_BENCH_ENCODING_RS
    {"encoding_rs", {e_l1_u8, e_l1_u16, e_u8_l1, e_u16_l1, e_u16_wf, NULL, e_ascii, e_u16_towf}},
#endif
#ifdef WENC_BENCH_SIMDUTF
    {"simdutf", {s_l1_u8, s_l1_u16, s_u8_l1, s_u16_l1, s_u16_wf, s_l1_u8len, s_ascii, s_u16_towf}},
#endif
};
#define NPEERS (sizeof peers / sizeof peers[0])

static double target_seconds = 0.02;
static int runs = 7;
static volatile size_t sink;
static const char *only_op; /* -o OP: that operation only */
/* Peers that do not run here (simdutf without its kernel for this CPU). */
static bool peer_off[NPEERS];

/* Whether peer P has OP and runs. */
static bool has(size_t p, int op)
{
    return !peer_off[p] && peers[p].op[op] != NULL;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Seconds per call of OP of every peer over JOBS[0..NJOBS) in turn:
** medians of RUNS runs, the peers alternating within each. */
static void time_op(int op, const job *jobs, size_t njobs, double secs[NPEERS])
{
    size_t reps[NPEERS];
    for (size_t p = 0; p < NPEERS; p++) {
        reps[p] = 0;
        if (!has(p, op))
            continue;
        reps[p] = 1;
        for (;;) {
            double t0 = now();
            for (size_t r = 0; r < reps[p]; r++)
                sink += peers[p].op[op](&jobs[r % njobs]);
            if (now() - t0 >= target_seconds / 4 || reps[p] > ((size_t)1 << 32))
                break;
            reps[p] *= 2;
        }
        reps[p] *= 4;
    }
    static double t[NPEERS][64];
    for (int k = 0; k < runs; k++)
        for (size_t p = 0; p < NPEERS; p++) {
            if (reps[p] == 0)
                continue;
            double t0 = now();
            for (size_t r = 0; r < reps[p]; r++)
                sink += peers[p].op[op](&jobs[r % njobs]);
            t[p][k] = (now() - t0) / (double)reps[p];
        }
    for (size_t p = 0; p < NPEERS; p++) {
        secs[p] = 0;
        if (reps[p] == 0)
            continue;
        qsort(t[p], (size_t)runs, sizeof t[p][0], compare_double);
        secs[p] = t[p][runs / 2];
    }
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* The job of one-byte string L1[0..N) (kept). */
static job make_job(uint8_t *l1, size_t n)
{
    job j = {.l1 = l1, .n = n};
    uint8_t *u8 = xmalloc(2 * n);
    j.n8 = wenc_latin1_to_utf8(l1, n, u8);
    j.u8 = u8;
    uint16_t *u16 = xmalloc(n * sizeof *u16);
    wenc_latin1_to_utf16(l1, n, u16);
    j.u16 = u16;
    j.out8 = xmalloc(2 * n + 64);
    j.out16 = xmalloc((n + 32) * sizeof *j.out16);
    return j;
}

static uint64_t rng = 0x2545F4914F6CDD1Du;
static uint32_t random32(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}

/* Words of letters, 1 in ACCENT_IN accented (0: none), between spaces. */
static uint8_t *generate(size_t n, unsigned accent_in)
{
    static const uint8_t accents[] = {0xE9, 0xE8, 0xE0, 0xE7, 0xFC, 0xF6, 0xE4, 0xF1};
    uint8_t *s = xmalloc(n);
    for (size_t i = 0; i < n; i++) {
        uint32_t r = random32();
        s[i] = r % 7 == 0                            ? ' '
               : accent_in && r / 7 % accent_in == 0 ? accents[r / 64 % 8]
                                                     : (uint8_t)('a' + r / 7 % 26);
    }
    return s;
}

/* The corpus file at PATH as a one-byte string, if at least 95 % of its
** code points are at most U+00FF (the others are left out). */
static uint8_t *corpus_latin1(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    if (size <= 0) {
        fclose(f);
        return NULL;
    }
    uint8_t *b = xmalloc((size_t)size);
    size_t got = fread(b, 1, (size_t)size, f);
    fclose(f);
    uint32_t *cps = xmalloc((size_t)size * sizeof *cps);
    size_t sl = got, dl = got;
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
    wenc_decoder_decode_to_utf32(&d, b, &sl, cps, &dl, true);
    size_t k = 0;
    for (size_t i = 0; i < dl; i++)
        if (cps[i] <= 0xFF)
            b[k++] = (uint8_t)cps[i];
    free(cps);
    if (dl == 0 || k < dl - dl / 20) {
        free(b);
        return NULL;
    }
    *n = k;
    return b;
}

/* One line per operation: wenc's figure, then each peer's and the ratio
** of its time to wenc's ("-" where it has no counterpart). */
static void row(const char *name, const job *jobs, size_t njobs, bool per_call)
{
    for (int op = 0; op < OPS; op++) {
        if (only_op != NULL && strcmp(only_op, op_names[op]) != 0)
            continue;
        double secs[NPEERS];
        time_op(op, jobs, njobs, secs);
        printf("%-26s %-8s %8zu", name, op_names[op], jobs[0].n);
        for (size_t p = 0; p < NPEERS; p++) {
            if (secs[p] <= 0)
                printf(p == 0 ? " %9s" : " %9s %6s", "-", "-");
            else
                printf(per_call ? " %9.1f" : " %9.0f",
                       per_call ? secs[p] * 1e9 : (double)jobs[0].n / secs[p] / 1e6);
            if (p > 0 && secs[p] > 0)
                printf(" %6.2f", secs[p] / secs[0]);
        }
        printf("\n");
        fflush(stdout);
    }
}

/* The peers' outputs agree on JOB (once per input). */
static void agree(const char *name, const job *j)
{
    for (int op = 0; op < OPS; op++) {
        size_t first = peers[0].op[op](j);
        for (size_t p = 1; p < NPEERS; p++)
            if (has(p, op) && peers[p].op[op](j) != first)
                printf("# %s %s: %s and %s disagree\n", name, op_names[op], peers[0].name,
                       peers[p].name);
    }
}

/* Chooses simdutf's kernel before its first call, as wenc-bench does
** (bench.c, simdutf_setup): the one for WENC_SIMD unless
** SIMDUTF_FORCE_IMPLEMENTATION is set, never one this CPU cannot run.
** Prints the header's line naming the kernel that runs. */
static void simdutf_setup(void)
{
#ifdef WENC_BENCH_SIMDUTF
    size_t p = NPEERS - 1; /* its row is the last */
    const char *set = getenv("WENC_SIMD");
    const char *want = simdutf_kernel_for(set);
    const char *forced = getenv("SIMDUTF_FORCE_IMPLEMENTATION");
    if (forced == NULL && want != NULL) {
        if (!wb_simdutf_kernel_runs(want)) {
            printf("# simdutf %s: not run (its kernel %s for WENC_SIMD=%s does not run on "
                   "this CPU)\n",
                   wb_simdutf_version(), want, set);
            peer_off[p] = true;
            return;
        }
        setenv("SIMDUTF_FORCE_IMPLEMENTATION", want, 1);
    } else if (forced != NULL && !wb_simdutf_kernel_runs(forced)) {
        printf("# simdutf %s: not run (SIMDUTF_FORCE_IMPLEMENTATION=%s: no such kernel for "
               "this CPU)\n",
               wb_simdutf_version(), forced);
        peer_off[p] = true;
        return;
    }
    const char *active = wb_simdutf_active();
    if (strcmp(active, "unsupported") == 0) {
        printf("# simdutf %s: not run (kernel unsupported)\n", wb_simdutf_version());
        peer_off[p] = true;
        return;
    }
    printf("# simdutf %s: kernel %s (%s)%s\n", wb_simdutf_version(), active,
           forced != NULL ? "SIMDUTF_FORCE_IMPLEMENTATION as found"
           : want != NULL ? "forced for WENC_SIMD"
                          : "its own choice",
           set != NULL && strcmp(set, "sse2") == 0 ? ", simdutf has no SSE2 kernel" : "");
#else
    printf("# simdutf: not built in\n");
#endif
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    size_t big = 1 << 20;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            target_seconds = 0.002;
            runs = 3;
            big = 1 << 16;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            only_op = argv[++i];
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--quick] [-o OP] [DIR]\n", argv[0]);
            return 2;
        } else {
            dir = argv[i];
        }
    }
    printf("# wenc %s, wenc/latin1.h; M characters per CPU second (short: ns per call), "
           "median of %d runs; WENC_SIMD=%s\n",
           wenc_version(), runs, getenv("WENC_SIMD") ? getenv("WENC_SIMD") : "(best)");
#ifndef WENC_BENCH_ENCODING_RS
    printf("# encoding_rs: not built in\n");
#endif
    simdutf_setup();
    printf("%-26s %-8s %8s", "input", "op", "chars");
    for (size_t p = 0; p < NPEERS; p++)
        printf(p == 0 ? " %9.9s" : " %9.9s %6s", peers[p].name, "x");
    printf("\n# (x = the peer's time over wenc's)\n");
    job j = make_job(generate(big, 0), big);
    agree("ascii", &j);
    row("ascii (generated)", &j, 1, false);
    uint8_t *latin = generate(big, 12);
    j = make_job(latin, big);
    agree("latin", &j);
    row("latin (generated)", &j, 1, false);
    if (dir != NULL) {
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d != NULL && (e = readdir(d)) != NULL) {
            size_t len = strlen(e->d_name), n;
            if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            uint8_t *l1 = corpus_latin1(path, &n);
            if (l1 == NULL)
                continue;
            j = make_job(l1, n);
            agree(e->d_name, &j);
            row(e->d_name, &j, 1, false);
        }
        if (d != NULL)
            closedir(d);
    }
    /* Short strings: 256 places of the Latin text, per call. */
    static const size_t lens[] = {8, 16, 32, 64};
    static job shorts[256];
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        for (size_t i = 0; i < 256; i++)
            shorts[i] = make_job(latin + (random32() % (big - 64)), lens[k]);
        char name[32];
        snprintf(name, sizeof name, "short %zu (ns/call)", lens[k]);
        row(name, shorts, 256, true);
    }
    return (int)(sink & 0);
}
