/* bench.c -- wenc's benchmark program: MB/s of every decoder (to UTF-8,
** UTF-16, UTF-32) and encoder (from UTF-8, UTF-16, UTF-32), with iconv
** (where the C library has it) and ICU (where the build found it)
** converting the same input in the same run as peers.  Not a test: it
** asserts nothing about speed.  `wenc-bench --help` and tests/bench/README.md
** explain the options, the inputs and how to read the table.
**
** Structure, for whoever adds rows (issue 7's validate/count rows go in
** utf8_rows[] below): every figure is the median of timed runs of a `pass`
** (one whole conversion of one input buffer), interleaved with the peer's
** runs; measure() does the timing and knows nothing about encodings. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#ifdef WENC_BENCH_ICONV
#include <iconv.h>
#endif
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wenc/wenc.h>

#ifdef WENC_BENCH_TABLE_SIZES
#include "bench_table_sizes.h"
#endif
#ifdef WENC_BENCH_ICU
#include <unicode/ucnv.h>
#include <unicode/uclean.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#endif
#ifdef WENC_BENCH_ENCODING_RS
/* encoding_rs, through tests/bench/encoding_rs/src/lib.rs (the comments
** there say what each function does). */
typedef struct encrs_encoding encrs_encoding;
const encrs_encoding *encrs_for_label(const char *label, size_t len);
bool encrs_has_encoder(const encrs_encoding *enc);
bool encrs_convert(const encrs_encoding *enc, bool decode, bool utf16, bool bom_removal,
                   const void *src, size_t src_len, void *dst, size_t dst_len, size_t *written);
#endif
#ifdef WENC_BENCH_SIMDUTF
/* simdutf, through tests/bench/simdutf/simdutf_peer.cpp (the comments
** there say what each function does). */
bool wb_simdutf_kernel_runs(const char *name);
const char *wb_simdutf_active(void);
const char *wb_simdutf_version(void);
bool wb_simdutf_convert(int op, const void *src, size_t src_len, void *dst, size_t dst_len,
                        size_t *written);
#endif

/* ------------------------------------------------------------------------
** Buffers. */

typedef struct buf {
    uint8_t *p;
    size_t n;   /* bytes used */
    size_t cap; /* bytes allocated */
} buf;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "wenc-bench: out of memory (%zu bytes)\n", n);
        exit(2);
    }
    return p;
}

static void buf_reserve(buf *b, size_t more)
{
    if (b->cap - b->n >= more)
        return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->n < more)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (p == NULL) {
        fprintf(stderr, "wenc-bench: out of memory (%zu bytes)\n", cap);
        exit(2);
    }
    b->p = p;
    b->cap = cap;
}

static void buf_add(buf *b, const void *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void buf_adds(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static void buf_free(buf *b)
{
    free(b->p);
    *b = (buf){0};
}

static bool read_file(const char *path, buf *out)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return false;
    *out = (buf){0};
    uint8_t chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) != 0)
        buf_add(out, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        buf_free(out);
    return ok;
}

/* ------------------------------------------------------------------------
** Timing.  A pass converts one whole input; it returns false if the
** conversion failed.  By default the clock is the process's CPU time: the
** machine is shared, and time other processes take from us is not ours
** (--wall measures elapsed time instead). */

typedef bool (*pass_fn)(void *ctx);

static clockid_t bench_clock = CLOCK_PROCESS_CPUTIME_ID;

/* --passes: a fixed number of passes per run instead of calibrating, so
** that a profiler (perf, callgrind) sees the same work every time. */
static unsigned long fixed_passes;

static double now(void)
{
    struct timespec ts;
    clock_gettime(bench_clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds for REPS passes, or -1 if a pass failed. */
static double time_passes(pass_fn pass, void *ctx, unsigned long reps)
{
    double t0 = now();
    for (unsigned long i = 0; i < reps; i++)
        if (!pass(ctx))
            return -1;
    return now() - t0;
}

/* How many passes make a run of about TARGET seconds (also warms caches).
** 0 if a pass failed. */
static unsigned long calibrate(pass_fn pass, void *ctx, double target)
{
    unsigned long reps = 1;
    for (;;) {
        double t = time_passes(pass, ctx, reps);
        if (t < 0)
            return 0;
        if (t >= target / 16 || reps >= (1ul << 28)) {
            double r = t > 0 ? ceil((double)reps * target / t) : (double)reps;
            return r < 1 ? 1 : r > 1e9 ? 1000000000ul : (unsigned long)r;
        }
        reps *= 8;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* MB/s (10^6 bytes of input per second) of one contender: median, min, max
** over the runs.  mbps < 0: not measured (see the note). */
typedef struct speed {
    double mbps, min, max;
} speed;

static const speed no_speed = {-1, -1, -1};

#define MAX_RUNS 101

typedef struct contender {
    pass_fn pass; /* NULL: not run */
    void *ctx;
    unsigned long reps;
    double t[MAX_RUNS]; /* seconds for REPS passes, per run */
} contender;

typedef struct options options;

static double median(double *v, unsigned n)
{
    qsort(v, n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static speed to_speed(const contender *c, unsigned runs, size_t bytes)
{
    if (c->pass == NULL || c->reps == 0)
        return no_speed;
    double mb[MAX_RUNS];
    for (unsigned i = 0; i < runs; i++)
        mb[i] = (double)bytes * (double)c->reps / (c->t[i] > 0 ? c->t[i] : 1e-9) / 1e6;
    double m = median(mb, runs);
    return (speed){m, mb[0], mb[runs - 1]};
}

/* The speed of A over B's, as the median over the runs of the ratio within
** each run (the runs alternate, so a change in the machine's load hits
** both sides of each ratio); -1 if either was not measured. */
static double run_ratio(const contender *a, const contender *b, unsigned runs)
{
    if (a->pass == NULL || b->pass == NULL || a->reps == 0 || b->reps == 0)
        return -1;
    double q[MAX_RUNS];
    for (unsigned i = 0; i < runs; i++) {
        double ta = a->t[i] / (double)a->reps, tb = b->t[i] / (double)b->reps;
        q[i] = ta > 0 ? tb / ta : 0;
    }
    return median(q, runs);
}

/* Times the K contenders (those with pass == NULL are skipped): RUNS runs
** each, alternating A, B, C, A, B, C... so that a change in the machine's
** load hits all of them.  Returns false if a pass failed. */
static bool measure(contender *const cs[], unsigned k, unsigned runs, double target)
{
    for (unsigned i = 0; i < k; i++) {
        if (cs[i]->pass == NULL)
            continue;
        cs[i]->reps = fixed_passes ? fixed_passes : calibrate(cs[i]->pass, cs[i]->ctx, target);
        if (cs[i]->reps == 0)
            return false;
    }
    for (unsigned r = 0; r < runs; r++) {
        for (unsigned i = 0; i < k; i++) {
            if (cs[i]->pass == NULL)
                continue;
            cs[i]->t[r] = time_passes(cs[i]->pass, cs[i]->ctx, cs[i]->reps);
            if (cs[i]->t[r] < 0)
                return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------------------
** memcpy of the input bytes: every row's yardstick, timed in the same run,
** so that the row's speed reads as a fraction of what the machine can move
** (comparable across machines, unlike MB/s).  It copies from the row's
** input into the row's own output buffer (where that holds the input's
** bytes), so that both sides read and write the same addresses: glibc's
** memcpy of the same bytes runs at 57 or 72-78 GB/s depending on where the
** destination lies from the source mod 4096 (issue-11-utf8-text.md), and a
** buffer of its own would measure that placement, not wenc. */

typedef struct memcpy_ctx {
    const void *src;
    void *dst;
    size_t n;
} memcpy_ctx;

static bool memcpy_pass(void *v)
{
    memcpy_ctx *c = v;
    memcpy(c->dst, c->src, c->n);
    /* The copy must happen every time: the compiler may not drop it. */
    __asm__ __volatile__("" : : "r"(c->dst) : "memory");
    return true;
}

/* ------------------------------------------------------------------------
** Passes: wenc and iconv.  A context holds the input, an output buffer big
** enough for the whole output, and what the last pass wrote. */

enum direction { DECODE, ENCODE, UTF8_ROW, SHORT_ROWS };
enum form { UTF8, UTF16, UTF32 };
static const char *const form_names[] = {"utf8", "utf16", "utf32"};
static const size_t form_unit[] = {1, 2, 4};

/* Which public API a decode row goes through. */
enum api {
    /* wenc_decoder_init() then one decode call with LAST: a whole document. */
    API_DECODER,
    /* TextDecoder.decode(bytes) as a JavaScript engine calls it: one
    ** wenc_text_decoder, made once (new TextDecoder()), then each pass is
    ** one decode call without STREAM, which starts a new decoder (the
    ** standard's decode() steps 1-2) and strips a leading BOM. */
    API_TEXT_DECODER
};

typedef struct wenc_ctx {
    const wenc_encoding *encoding;
    enum form form;
    enum api api;
    wenc_text_decoder *td; /* API_TEXT_DECODER */
    const void *src;
    size_t src_len; /* units of the input form */
    void *dst;
    size_t dst_len; /* units of the output form */
    size_t out;     /* units written by the last pass */
} wenc_ctx;

static bool wenc_decode_pass(void *v)
{
    wenc_ctx *c = v;
    wenc_decoder d;
    wenc_decoder_init(&d, c->encoding, WENC_DECODER_REPLACEMENT);
    size_t n = c->src_len, m = c->dst_len;
    wenc_status st;
    if (c->form == UTF8)
        st = wenc_decoder_decode_to_utf8(&d, c->src, &n, c->dst, &m, true);
    else if (c->form == UTF16)
        st = wenc_decoder_decode_to_utf16(&d, c->src, &n, c->dst, &m, true);
    else
        st = wenc_decoder_decode_to_utf32(&d, c->src, &n, c->dst, &m, true);
    c->out = m;
    return st == WENC_INPUT_EMPTY && n == c->src_len;
}

static bool wenc_text_decode_pass(void *v)
{
    wenc_ctx *c = v;
    size_t n = c->src_len, m = c->dst_len;
    wenc_status st = c->form == UTF8
                         ? wenc_text_decoder_decode_to_utf8(c->td, c->src, &n, c->dst, &m, false)
                         : wenc_text_decoder_decode_to_utf16(c->td, c->src, &n, c->dst, &m, false);
    c->out = m;
    return st == WENC_OK && n == c->src_len;
}

static bool wenc_encode_pass(void *v)
{
    wenc_ctx *c = v;
    wenc_encoder e;
    wenc_encoder_init(&e, c->encoding, WENC_ENCODER_HTML);
    size_t n = c->src_len, m = c->dst_len;
    wenc_status st;
    if (c->form == UTF8)
        st = wenc_encoder_encode_from_utf8(&e, c->src, &n, c->dst, &m, true);
    else if (c->form == UTF16)
        st = wenc_encoder_encode_from_utf16(&e, c->src, &n, c->dst, &m, true);
    else
        st = wenc_encoder_encode_from_utf32(&e, c->src, &n, c->dst, &m, true);
    c->out = m;
    return st == WENC_INPUT_EMPTY && n == c->src_len;
}

#ifdef WENC_BENCH_ICONV
typedef struct iconv_ctx {
    iconv_t cd;
    char *src;
    size_t src_len; /* bytes */
    char *dst;
    size_t dst_len;  /* bytes */
    size_t out;      /* bytes written by the last pass */
    size_t error_at; /* input offset where the last pass failed */
    int error;       /* its errno, 0 if it succeeded */
} iconv_ctx;

/* One whole conversion, as a program converting a document would do it:
** reset, convert everything, flush (ISO-2022-JP's final ESC ( B). */
static bool iconv_pass(void *v)
{
    iconv_ctx *c = v;
    char *in = c->src, *out = c->dst;
    size_t in_left = c->src_len, out_left = c->dst_len;
    iconv(c->cd, NULL, NULL, NULL, NULL);
    size_t r = iconv(c->cd, &in, &in_left, &out, &out_left);
    if (r != (size_t)-1)
        r = iconv(c->cd, NULL, NULL, &out, &out_left);
    c->out = (size_t)(out - c->dst);
    if (r == (size_t)-1) {
        c->error = errno;
        c->error_at = (size_t)(in - c->src);
        return false;
    }
    c->error = 0;
    return true;
}
#endif

/* ICU (libicu, when the build found it): the other peer.  Its tables and
** its handling of malformed input are not the standard's, so its output is
** not always byte-exact; the row's note says when it differs.  Each pass is
** one whole conversion from a reset converter, with the call a program
** would use for that pair:
**   bytes -> UTF-16   ucnv_toUChars()        (UTF-8: u_strFromUTF8WithSub())
**   UTF-16 -> bytes   ucnv_fromUChars()      (UTF-8: u_strToUTF8WithSub())
**   bytes <-> UTF-8   ucnv_convertEx() through ICU's UTF-8 converter. */
#ifdef WENC_BENCH_ICU
enum icu_op { ICU_TO_UCHARS, ICU_FROM_UCHARS, ICU_FROM_UTF8, ICU_TO_UTF8, ICU_CONVERT };

typedef struct icu_ctx {
    enum icu_op op;
    UConverter *target, *source; /* ICU_CONVERT; otherwise the encoding's in source */
    const char *src;
    size_t src_len; /* bytes */
    char *dst;
    size_t dst_len; /* bytes */
    size_t out;     /* bytes written by the last pass */
} icu_ctx;

static bool icu_pass(void *v)
{
    icu_ctx *c = v;
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = 0;
    int32_t src_len = (int32_t)c->src_len, dst_len = (int32_t)c->dst_len;
    switch (c->op) {
    case ICU_TO_UCHARS:
        n = ucnv_toUChars(c->source, (UChar *)(void *)c->dst, dst_len / 2, c->src, src_len, &err);
        n *= 2;
        break;
    case ICU_FROM_UCHARS:
        n = ucnv_fromUChars(c->source, c->dst, dst_len, (const UChar *)(const void *)c->src,
                            src_len / 2, &err);
        break;
    case ICU_FROM_UTF8:
        u_strFromUTF8WithSub((UChar *)(void *)c->dst, dst_len / 2, &n, c->src, src_len, 0xFFFD,
                             NULL, &err);
        n *= 2;
        break;
    case ICU_TO_UTF8:
        u_strToUTF8WithSub(c->dst, dst_len, &n, (const UChar *)(const void *)c->src,
                           src_len / 2, 0xFFFD, NULL, &err);
        break;
    case ICU_CONVERT: {
        char *t = c->dst;
        const char *s = c->src;
        ucnv_convertEx(c->target, c->source, &t, c->dst + c->dst_len, &s, c->src + c->src_len,
                       NULL, NULL, NULL, NULL, true, true, &err);
        n = (int32_t)(t - c->dst);
        break;
    }
    }
    c->out = n > 0 ? (size_t)n : 0;
    return U_SUCCESS(err) || err == U_STRING_NOT_TERMINATED_WARNING;
}
#endif

/* encoding_rs (when the build made tests/bench/encoding_rs/): the third
** peer, the standard's algorithms as Gecko runs them.  Each pass is one
** whole conversion through a new Decoder or Encoder, as wenc's passes: the
** decode rows without BOM handling (wenc_decoder_init()), the textdec rows
** with TextDecoder's BOM removal; UTF-8 and UTF-16 only (it has no UTF-32).
** Encoding from UTF-8 includes validating it (encrs_convert()). */
#ifdef WENC_BENCH_ENCODING_RS
typedef struct encrs_ctx {
    const encrs_encoding *enc;
    bool decode;
    wenc_ctx w; /* the row's form, api and input as wenc's; an output buffer of its own */
} encrs_ctx;

static bool encrs_pass(void *v)
{
    encrs_ctx *c = v;
    return encrs_convert(c->enc, c->decode, c->w.form == UTF16, c->w.api == API_TEXT_DECODER,
                         c->w.src, c->w.src_len, c->w.dst, c->w.dst_len, &c->w.out);
}
#endif

/* simdutf (when the build found it, tests/bench/simdutf/): the SIMD UTF
** peer, on the UTF rows only, its kernel forced to the one that matches
** wenc's kernel set (simdutf_setup()).  Each pass is one whole conversion
** with the call a C program would use: UTF-8 validation, UTF-8 <-> UTF-16,
** UTF-16LE/BE bytes -> UTF-16 as to_well_formed_utf16le() (after
** change_endianness_utf16() for BE), and UTF-8 -> UTF-8 as validation then
** memcpy.  It rejects malformed UTF-8 instead of replacing it: the corpus
** is valid, and its output is checked once per row. */
enum simdutf_op {
    SIMDUTF_VALIDATE_UTF8,
    SIMDUTF_UTF8_COPY,
    SIMDUTF_UTF8_TO_UTF16LE,
    SIMDUTF_UTF16LE_TO_UTF8,
    SIMDUTF_UTF16BE_TO_UTF8,
    SIMDUTF_UTF16LE_TO_LE,
    SIMDUTF_UTF16BE_TO_LE,
    SIMDUTF_NONE
};

/* The active simdutf kernel, NULL when the peer does not run (the header
** says why). */
static const char *simdutf_kernel;

#ifdef WENC_BENCH_SIMDUTF
typedef struct simdutf_ctx {
    enum simdutf_op op;
    const void *src;
    size_t src_len; /* units of the input */
    void *dst;
    size_t dst_len; /* units of the output */
    size_t out;     /* units written by the last pass */
} simdutf_ctx;

static bool simdutf_pass(void *v)
{
    simdutf_ctx *c = v;
    return wb_simdutf_convert((int)c->op, c->src, c->src_len, c->dst, c->dst_len, &c->out);
}
#endif

/* ------------------------------------------------------------------------
** Rows over a UTF-8 buffer (issue 7: validation and counting).  To add one,
** write a `static bool f(const uint8_t *s, size_t n, size_t *result)` that
** returns false if the function fails on valid input, and add a line to
** utf8_rows[]; `--validate` times it over every UTF-8 input, with PEER (may
** be NULL) beside it. */

typedef bool (*utf8_fn)(const uint8_t *s, size_t n, size_t *result);

/* Validation through the standard's UTF-8 decoder in fatal mode, decoding
** into a small buffer that is reused: the baseline a dedicated validator
** must beat. */
static bool validate_by_decoding(const uint8_t *s, size_t n, size_t *result)
{
    uint8_t scratch[16384];
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
    size_t done = 0;
    for (;;) {
        size_t k = n - done, m = sizeof scratch;
        wenc_status st = wenc_decoder_decode_to_utf8(&d, s + done, &k, scratch, &m, true);
        done += k;
        if (st == WENC_INPUT_EMPTY)
            break;
        if (st != WENC_OUTPUT_FULL)
            return false;
    }
    *result = done;
    return true;
}

/* wenc_utf8_validate(): the dedicated validator. */
static bool validate(const uint8_t *s, size_t n, size_t *result)
{
    wenc_utf8_error e;
    *result = n;
    return wenc_utf8_validate(s, n, &e) == WENC_OK;
}

/* UTF-8 -> UTF-8 decode in fatal mode, the whole output in one buffer (the
** replacement mode is the decode/utf8 row of UTF-8). */
static uint8_t *fatal_dst;
static size_t fatal_cap;

static bool decode_fatal(const uint8_t *s, size_t n, size_t *result)
{
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
    size_t k = n, m = fatal_cap;
    wenc_status st = wenc_decoder_decode_to_utf8(&d, s, &k, fatal_dst, &m, true);
    *result = m;
    return st == WENC_INPUT_EMPTY && k == n && m == n;
}

typedef struct utf8_row {
    const char *name; /* the form column: "validate", "dec-fatal" ... */
    utf8_fn wenc;
    enum simdutf_op simdutf; /* its counterpart, SIMDUTF_NONE if none */
} utf8_row;

static const utf8_row utf8_rows[] = {
    {"validate", validate, SIMDUTF_VALIDATE_UTF8},
    {"dec-fatal", decode_fatal, SIMDUTF_UTF8_COPY},
    {"valid-by-dec", validate_by_decoding, SIMDUTF_NONE}, /* a baseline of wenc's own */
};

typedef struct utf8_ctx {
    utf8_fn fn;
    const uint8_t *s;
    size_t n;
    size_t result;
} utf8_ctx;

static bool utf8_pass(void *v)
{
    utf8_ctx *c = v;
    return c->fn(c->s, c->n, &c->result);
}

/* ------------------------------------------------------------------------
** Encodings: which languages' text each one gets, and iconv's names for it.
** iconv's tables are not the standard's: for each row the first candidate
** that converts the input exactly as the standard does is used, else the
** first that converts it at all (the note says "differs"). */

typedef struct bench_encoding {
    const char *name;     /* wenc_encoding_name() */
    const char *langs;    /* space-separated, in the corpus' file names */
    const char *iconv[3]; /* candidates, NULL-terminated */
    const char *icu[3];   /* ICU converter names, the same way (NULL: the name) */
} bench_encoding;

#define ALL_LANGS "en de fr pt cs tr ru el he ar th vi ja zh_cn zh_tw ko"

static const bench_encoding bench_encodings[] = {
    {"UTF-8", ALL_LANGS, {"UTF-8"}, {"UTF-8"}},
    {"IBM866", "ru", {"IBM866", "CP866"}, {"IBM866"}},
    {"ISO-8859-2", "cs", {"ISO-8859-2"}, {"ISO-8859-2"}},
    {"ISO-8859-3", "tr", {"ISO-8859-3"}, {"ISO-8859-3"}},
    {"ISO-8859-4", "de", {"ISO-8859-4"}, {"ISO-8859-4"}},
    {"ISO-8859-5", "ru", {"ISO-8859-5"}, {"ISO-8859-5"}},
    {"ISO-8859-6", "ar", {"ISO-8859-6"}, {"ISO-8859-6"}},
    {"ISO-8859-7", "el", {"ISO-8859-7"}, {"ISO-8859-7"}},
    {"ISO-8859-8", "he", {"ISO-8859-8"}, {"ISO-8859-8"}},
    {"ISO-8859-8-I", "he", {"ISO-8859-8"}, {"ISO-8859-8-I", "ISO-8859-8"}},
    {"ISO-8859-10", "de", {"ISO-8859-10"}, {"ISO-8859-10"}},
    {"ISO-8859-13", "de", {"ISO-8859-13"}, {"ISO-8859-13"}},
    {"ISO-8859-14", "fr", {"ISO-8859-14"}, {"ISO-8859-14"}},
    {"ISO-8859-15", "fr", {"ISO-8859-15"}, {"ISO-8859-15"}},
    {"ISO-8859-16", "fr", {"ISO-8859-16"}, {"ISO-8859-16"}},
    {"KOI8-R", "ru", {"KOI8-R"}, {"KOI8-R"}},
    {"KOI8-U", "ru", {"KOI8-U", "KOI8-RU"}, {"KOI8-U", "KOI8-RU"}},
    {"macintosh", "fr", {"MACINTOSH"}, {"macintosh"}},
    {"windows-874", "th", {"CP874"}, {"windows-874"}},
    {"windows-1250", "cs", {"CP1250"}, {"windows-1250"}},
    {"windows-1251", "ru", {"CP1251"}, {"windows-1251"}},
    {"windows-1252", "de fr pt en", {"CP1252"}, {"windows-1252"}},
    {"windows-1253", "el", {"CP1253"}, {"windows-1253"}},
    {"windows-1254", "tr", {"CP1254"}, {"windows-1254"}},
    {"windows-1255", "he", {"CP1255"}, {"windows-1255"}},
    {"windows-1256", "ar", {"CP1256"}, {"windows-1256"}},
    {"windows-1257", "de", {"CP1257"}, {"windows-1257"}},
    {"windows-1258", "vi", {"CP1258"}, {"windows-1258"}},
    {"x-mac-cyrillic", "ru", {"MAC-CYRILLIC", "MACUKRAINIAN"}, {"x-mac-cyrillic", "macos-7_3-10.2"}},
    {"GBK", "zh_cn", {"GBK", "GB18030"}, {"GBK", "windows-936"}},
    {"gb18030", "zh_cn", {"GB18030"}, {"gb18030"}},
    {"Big5", "zh_tw", {"BIG5-HKSCS", "BIG5"}, {"Big5-HKSCS", "Big5"}},
    {"EUC-JP", "ja", {"EUC-JP", "EUC-JP-MS"}, {"EUC-JP"}},
    {"ISO-2022-JP", "ja el ru", {"ISO-2022-JP", "ISO-2022-JP-3", "ISO-2022-JP-2"}, {"ISO-2022-JP"}},
    {"Shift_JIS", "ja", {"CP932", "SHIFT_JIS"}, {"windows-31j", "Shift_JIS"}},
    {"EUC-KR", "ko", {"CP949", "EUC-KR"}, {"windows-949", "EUC-KR"}},
    {"UTF-16BE", "en ja", {"UTF-16BE"}, {"UTF-16BE"}},
    {"UTF-16LE", "en ja", {"UTF-16LE"}, {"UTF-16LE"}},
    /* x-user-defined is for binary data (XHR's "binary string"). */
    {"x-user-defined", "", {NULL}, {NULL}},
    /* replacement: nothing to measure. */
};

static const bench_encoding *bench_encoding_for(const wenc_encoding *e)
{
    for (size_t i = 0; i < sizeof bench_encodings / sizeof bench_encodings[0]; i++)
        if (strcmp(bench_encodings[i].name, wenc_encoding_name(e)) == 0)
            return &bench_encodings[i];
    return NULL;
}

#ifdef WENC_BENCH_ICONV
static bool host_is_little_endian(void)
{
    const uint16_t one = 1;
    uint8_t b;
    memcpy(&b, &one, 1);
    return b == 1;
}

/* iconv's name for the form's host-order Unicode (no BOM). */
static const char *iconv_unicode(enum form f)
{
    bool le = host_is_little_endian();
    return f == UTF8    ? "UTF-8"
           : f == UTF16 ? (le ? "UTF-16LE" : "UTF-16BE")
                        : (le ? "UTF-32LE" : "UTF-32BE");
}
#endif

/* ------------------------------------------------------------------------
** Source text: the corpus directory's <lang>.html and <lang>.txt (UTF-8),
** or, without a directory, text built here from each language's letters so
** that the program runs on a fresh clone. */

typedef struct rng {
    uint64_t s;
} rng;

static uint32_t rng_next(rng *r)
{
    /* xorshift64*: a fixed seed gives the same text everywhere. */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * UINT64_C(2685821657736338717)) >> 32);
}

static uint32_t rng_below(rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)rng_next(r) * n) >> 32);
}

/* Letters of the generated languages: ASCII letters and, with probability
** EXTRA_PCT percent, one of EXTRA (UTF-8, each character used as a unit).
** CJK text has no spaces between words and its own punctuation. */
typedef struct generated_lang {
    const char *lang;
    const char *extra;
    unsigned extra_pct;
    bool cjk;
} generated_lang;

static const generated_lang generated_langs[] = {
    {"en", "", 0, false},
    {"de", "äöüßÄÖÜ", 6, false},
    {"fr", "éèêàçôûîëïÉ", 6, false},
    {"pt", "ãõáéíóúâêôçÁ", 7, false},
    {"cs", "áčďéěíňóřšťúůýžČŠŽ", 12, false},
    {"tr", "çğıöşüİÇŞÖÜ", 10, false},
    {"vi", "ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ", 30, false},
    {"ru", "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИКЛМНОПРСТ", 100, false},
    {"el", "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώΑΒΓΔΕΣΠΜ", 100, false},
    {"he", "אבגדהוזחטיכלמנסעפצקרשתךםןףץ", 100, false},
    {"ar", "ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىي", 100, false},
    {"th", "กขคฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮะัาำิีึืุู่้เแโใไ", 100, false},
    {"ja",
     "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふ"
     "へほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞ"
     "だでどばびぶべぼアイウエオカキクケコサシスセソタチツテト"
     "ナニヌネノハヒフヘホマミムメモラリルレロンー一二三四五六"
     "七八九十百千人大小中上下左右日月山川水火木金土天年生出入"
     "本文字子女男手口目心王田石竹米花風雨雪空海時間東西南北国"
     "語学",
     100, true},
    {"zh_cn",
     "的一是不了人我在有他这中大来上国个到说们为和地出道也时年"
     "得就那要下以会可过天去能对小多然于心学么之都好看起发当没"
     "成只如事把还用第样想作种开美总从无情己面最女但现前些所同"
     "日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什"
     "两次使身者被高已亲其进此话常与活正感火星地球行星太阳",
     100, true},
    {"zh_tw",
     "的一是不了人我在有他這中大來上國個到說們為和地出道也時年"
     "得就那要下以會可過天去能對小多然於心學麼之都好看起發當沒"
     "成只如事把還用第樣想作種開美總從無情己面最女但現前些所同"
     "日手又行意動方期它頭經長兒回位分愛老因很給名法間斯知世什"
     "兩次使身者被高已親其進此話常與活正感火星地球行星太陽",
     100, true},
    {"ko",
     "이다는의에가을하고로한서지기사대도수인리어나자과스해있시"
     "국일정라제전르부드만구주것아우그게들성적원여으동보개면트"
     "장상연세경선소화문위유행성태양화성지구궤도표면대기물질",
     100, false},
};

/* The UTF-8 characters of S as (offset, length) pairs. */
static size_t split_chars(const char *s, uint16_t off[], uint8_t len[], size_t max)
{
    size_t k = 0;
    for (size_t i = 0; s[i] != 0 && k < max;) {
        unsigned char b = (unsigned char)s[i];
        size_t l = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        off[k] = (uint16_t)i;
        len[k] = (uint8_t)l;
        k++;
        i += l;
    }
    return k;
}

/* About TARGET bytes of text in language G, in paragraphs; with HTML,
** marked up as a wiki page is (links, references, spans), which makes it
** mostly ASCII as real pages are. */
static void generate(const generated_lang *g, bool html, size_t target, buf *out)
{
    static const char ascii_letters[] = "etaoinshrdlcumwfgypbvkjxqz";
    uint16_t off[512];
    uint8_t len[512];
    size_t nchars = split_chars(g->extra, off, len, 512);
    rng r = {UINT64_C(0x9E3779B97F4A7C15) ^ (uint64_t)strlen(g->lang) ^ (uint64_t)html};
    for (const char *p = g->lang; *p; p++)
        r.s = r.s * 31 + (uint8_t)*p;
    *out = (buf){0};
    if (html)
        buf_adds(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Mars</title>"
                      "</head>\n<body><div id=\"content\" class=\"mw-body\" role=\"main\">\n"
                      "<div class=\"mw-parser-output\">\n");
    unsigned ref = 1;
    while (out->n < target) {
        if (html)
            buf_adds(out, "<p>");
        unsigned sentences = 2 + rng_below(&r, 5);
        for (unsigned s = 0; s < sentences; s++) {
            unsigned words = 4 + rng_below(&r, 12);
            for (unsigned w = 0; w < words; w++) {
                buf word = {0};
                unsigned letters = 1 + rng_below(&r, g->cjk ? 4 : 9);
                for (unsigned l = 0; l < letters; l++) {
                    if (nchars != 0 && rng_below(&r, 100) < g->extra_pct) {
                        size_t c = rng_below(&r, (uint32_t)nchars);
                        buf_add(&word, g->extra + off[c], len[c]);
                    } else {
                        buf_add(&word, &ascii_letters[rng_below(&r, 26)], 1);
                    }
                }
                unsigned markup = html ? rng_below(&r, 100) : 100;
                if (markup < 12) {
                    buf_adds(out, "<a href=\"/wiki/");
                    buf_add(out, word.p, word.n);
                    buf_adds(out, "\" title=\"");
                    buf_add(out, word.p, word.n);
                    buf_adds(out, "\">");
                    buf_add(out, word.p, word.n);
                    buf_adds(out, "</a>");
                } else if (markup < 14) {
                    buf_adds(out, "<span class=\"nowrap\">");
                    buf_add(out, word.p, word.n);
                    buf_adds(out, "</span>");
                } else {
                    buf_add(out, word.p, word.n);
                }
                buf_free(&word);
                if (!g->cjk && w + 1 < words)
                    buf_adds(out, " ");
            }
            buf_adds(out, g->cjk ? (g->lang[0] == 'z' ? "，" : "、") : ",");
            buf_adds(out, g->cjk ? "。" : ". ");
            if (html && rng_below(&r, 3) == 0) {
                char b[160];
                snprintf(b, sizeof b,
                         "<sup id=\"cite_ref-%u\" class=\"reference\"><a href=\"#cite_note-%u\">"
                         "[%u]</a></sup>",
                         ref, ref, ref);
                ref++;
                buf_adds(out, b);
            }
        }
        buf_adds(out, html ? "</p>\n" : "\n\n");
    }
    if (html)
        buf_adds(out, "</div></div>\n</body></html>\n");
}

/* A language's source text, loaded once. */
typedef struct source {
    char lang[16];
    buf html, text;
    bool loaded;
} source;

#define MAX_SOURCES 32
static source sources[MAX_SOURCES];
static size_t source_count;

static const source *get_source(const char *dir, const char *lang)
{
    for (size_t i = 0; i < source_count; i++)
        if (strcmp(sources[i].lang, lang) == 0)
            return sources[i].loaded ? &sources[i] : NULL;
    if (source_count == MAX_SOURCES)
        return NULL;
    source *s = &sources[source_count++];
    snprintf(s->lang, sizeof s->lang, "%s", lang);
    if (dir != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.html", dir, lang);
        bool ok = read_file(path, &s->html);
        snprintf(path, sizeof path, "%s/%s.txt", dir, lang);
        if (ok && !read_file(path, &s->text)) {
            buf_free(&s->html);
            ok = false;
        }
        if (!ok)
            fprintf(stderr, "wenc-bench: no %s/%s.html and .txt, skipped\n", dir, lang);
        s->loaded = ok;
    } else {
        for (size_t i = 0; i < sizeof generated_langs / sizeof generated_langs[0]; i++) {
            if (strcmp(generated_langs[i].lang, lang) == 0) {
                generate(&generated_langs[i], true, 300000, &s->html);
                generate(&generated_langs[i], false, 80000, &s->text);
                s->loaded = true;
            }
        }
    }
    return s->loaded ? s : NULL;
}

/* Pure ASCII: en.html with every non-ASCII byte removed (whole UTF-8
** sequences go, as they are all >= 0x80), or the generated English page. */
static bool get_ascii(const char *dir, buf *out)
{
    const source *s = get_source(dir, "en");
    if (s == NULL)
        return false;
    *out = (buf){0};
    buf_reserve(out, s->html.n);
    for (size_t i = 0; i < s->html.n; i++)
        if (s->html.p[i] < 0x80)
            out->p[out->n++] = s->html.p[i];
    return true;
}

/* Binary data for x-user-defined: the corpus' binary.jpg, or bytes from
** the generator. */
static void get_binary(const char *dir, buf *out)
{
    if (dir != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/binary.jpg", dir);
        if (read_file(path, out))
            return;
    }
    *out = (buf){0};
    rng r = {UINT64_C(0x0123456789ABCDEF)};
    buf_reserve(out, 65536);
    for (size_t i = 0; i < 65536; i++)
        out->p[out->n++] = (uint8_t)rng_next(&r);
}

/* ------------------------------------------------------------------------
** Inputs.  For each encoding and piece of source text:
** - `bytes`, what the decoder reads: the text encoded with wenc's own
**   encoder in html mode (unmappable characters become &#N;, as browsers
**   do when they submit forms; realistic for web content).  UTF-8 is the
**   text itself; UTF-16BE/LE, which have no encoder, are its UTF-16.
** - `text`, what the encoder reads (and the decoder must produce): the same
**   text with the unmappable characters replaced by their &#N; references,
**   so that it encodes without error, in UTF-8, UTF-16 and UTF-32.
** Both come from one encode-or-fail loop (fatal mode; on an unmappable code
** point, write its reference to both), which is html mode by definition;
** the html-mode encoder is run too and must agree. */

typedef struct input {
    char label[40]; /* "html:ja", "text:ja/16B" */
    buf bytes;
    buf text[3];    /* by form; UTF-16/32 in host order */
    buf decoded[3]; /* wenc's decoding of `bytes`, by form */
    size_t ncrs;    /* characters written as &#N; */
    size_t chars;   /* characters of the source */
    size_t oneway;  /* characters of `text` that decode to another one */
    bool roundtrip; /* `decoded` encodes back to `bytes` */
    bool short_input; /* a short-input row: report ns per call */
} input;

static void free_input(input *in)
{
    buf_free(&in->bytes);
    for (int f = 0; f < 3; f++) {
        buf_free(&in->text[f]);
        buf_free(&in->decoded[f]);
    }
}

static bool same_bytes(const buf *a, const buf *b)
{
    return a->n == b->n && memcmp(a->p, b->p, a->n) == 0;
}

/* UTF-8 (valid) to UTF-16 or UTF-32 in host order, with wenc's UTF-8
** decoder; false on failure. */
static bool utf8_to(enum form f, const buf *u8, buf *out)
{
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
    size_t cap = f == UTF16 ? wenc_decoder_max_utf16_length(&d, u8->n)
                            : wenc_decoder_max_utf32_length(&d, u8->n);
    *out = (buf){0};
    buf_reserve(out, cap * form_unit[f]);
    size_t n = u8->n, m = cap;
    wenc_status st =
        f == UTF16 ? wenc_decoder_decode_to_utf16(&d, u8->p, &n, (uint16_t *)out->p, &m, true)
                   : wenc_decoder_decode_to_utf32(&d, u8->p, &n, (uint32_t *)out->p, &m, true);
    out->n = m * form_unit[f];
    return st == WENC_INPUT_EMPTY;
}

static size_t count_chars(const buf *u8)
{
    size_t k = 0;
    for (size_t i = 0; i < u8->n; i++)
        k += (u8->p[i] & 0xC0) != 0x80;
    return k;
}

/* Decodes BYTES from ENC into FORM (replacement mode). */
static bool decode_all(const wenc_encoding *enc, const buf *bytes, enum form f, buf *out)
{
    wenc_decoder d;
    wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT);
    size_t cap = f == UTF8    ? wenc_decoder_max_utf8_length(&d, bytes->n)
                 : f == UTF16 ? wenc_decoder_max_utf16_length(&d, bytes->n)
                              : wenc_decoder_max_utf32_length(&d, bytes->n);
    *out = (buf){0};
    buf_reserve(out, cap * form_unit[f]);
    size_t n = bytes->n, m = cap;
    wenc_status st =
        f == UTF8    ? wenc_decoder_decode_to_utf8(&d, bytes->p, &n, out->p, &m, true)
        : f == UTF16 ? wenc_decoder_decode_to_utf16(&d, bytes->p, &n, (uint16_t *)out->p, &m, true)
                     : wenc_decoder_decode_to_utf32(&d, bytes->p, &n, (uint32_t *)out->p, &m, true);
    out->n = m * form_unit[f];
    return st == WENC_INPUT_EMPTY;
}

/* Whether encoding U8 (UTF-8) into ENC in html mode gives WANT. */
static bool encodes_to(const wenc_encoding *enc, const buf *u8, const buf *want)
{
    wenc_encoder e;
    if (wenc_encoder_init(&e, enc, WENC_ENCODER_HTML) != WENC_OK)
        return true; /* no encoder: nothing to compare */
    buf out = {0};
    buf_reserve(&out, wenc_encoder_max_length_from_utf8(&e, u8->n));
    size_t n = u8->n, m = out.cap;
    wenc_status st = wenc_encoder_encode_from_utf8(&e, u8->p, &n, out.p, &m, true);
    bool same = st == WENC_INPUT_EMPTY && m == want->n && memcmp(out.p, want->p, m) == 0;
    buf_free(&out);
    return same;
}

/* Encodes SRC (UTF-8) into ENC, filling IN as described above. */
static bool make_encoded(const wenc_encoding *enc, const buf *src, input *in)
{
    wenc_encoder e;
    wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL);
    size_t cap = wenc_encoder_max_length_from_utf8(&e, src->n);
    buf_reserve(&in->bytes, cap);
    buf_reserve(&in->text[UTF8], src->n * 2 + 16);
    size_t done = 0;
    for (;;) {
        size_t n = src->n - done, m = in->bytes.cap - in->bytes.n;
        wenc_status st = wenc_encoder_encode_from_utf8(&e, src->p + done, &n,
                                                       in->bytes.p + in->bytes.n, &m, true);
        in->bytes.n += m;
        if (st == WENC_INPUT_EMPTY) {
            buf_add(&in->text[UTF8], src->p + done, n);
            break;
        }
        if (st != WENC_UNMAPPABLE)
            return false;
        /* The code point is the last one consumed: copy the text before it. */
        uint32_t cp = wenc_encoder_error_code_point(&e);
        size_t start = (size_t)wenc_encoder_error_offset(&e);
        buf_add(&in->text[UTF8], src->p + done, start - done);
        char ncr[16];
        int k = snprintf(ncr, sizeof ncr, "&#%lu;", (unsigned long)cp);
        buf_add(&in->bytes, ncr, (size_t)k);
        buf_add(&in->text[UTF8], ncr, (size_t)k);
        in->ncrs++;
        done += n;
        buf_reserve(&in->bytes, 16 + wenc_encoder_max_length_from_utf8(&e, src->n - done));
    }
    /* Html mode must give the same bytes. */
    wenc_encoder_init(&e, enc, WENC_ENCODER_HTML);
    buf check = {0};
    buf_reserve(&check, wenc_encoder_max_length_from_utf8(&e, src->n));
    size_t n = src->n, m = check.cap;
    wenc_status st = wenc_encoder_encode_from_utf8(&e, src->p, &n, check.p, &m, true);
    bool same = st == WENC_INPUT_EMPTY && m == in->bytes.n && memcmp(check.p, in->bytes.p, m) == 0;
    buf_free(&check);
    if (!same)
        fprintf(stderr, "wenc-bench: warning: %s %s: html mode differs from encode-or-fail\n",
                wenc_encoding_name(enc), in->label);
    return true;
}

static bool make_input(const wenc_encoding *enc, const buf *src, input *in)
{
    const char *name = wenc_encoding_name(enc);
    in->chars = count_chars(src);
    bool ok = true;
    if (enc == WENC_UTF_8) {
        buf_add(&in->bytes, src->p, src->n);
        buf_add(&in->text[UTF8], src->p, src->n);
    } else if (enc == WENC_UTF_16BE || enc == WENC_UTF_16LE) {
        buf u16;
        ok = utf8_to(UTF16, src, &u16);
        bool le = enc == WENC_UTF_16LE;
        buf_reserve(&in->bytes, u16.n);
        for (size_t i = 0; ok && i < u16.n; i += 2) {
            uint16_t u;
            memcpy(&u, u16.p + i, 2);
            in->bytes.p[i + !le] = (uint8_t)u;
            in->bytes.p[i + le] = (uint8_t)(u >> 8);
        }
        in->bytes.n = u16.n;
        buf_free(&u16);
        buf_add(&in->text[UTF8], src->p, src->n);
    } else if (enc == WENC_X_USER_DEFINED) {
        /* SRC is binary: the text is what the decoder makes of it. */
        buf_add(&in->bytes, src->p, src->n);
        wenc_decoder d;
        wenc_decoder_init(&d, enc, WENC_DECODER_FATAL);
        size_t cap = wenc_decoder_max_utf8_length(&d, src->n), n = src->n, m = cap;
        buf_reserve(&in->text[UTF8], cap);
        ok = wenc_decoder_decode_to_utf8(&d, src->p, &n, in->text[UTF8].p, &m, true) ==
             WENC_INPUT_EMPTY;
        in->text[UTF8].n = m;
        in->chars = src->n;
    } else {
        ok = make_encoded(enc, src, in);
    }
    if (ok)
        ok = utf8_to(UTF16, &in->text[UTF8], &in->text[UTF16]) &&
             utf8_to(UTF32, &in->text[UTF8], &in->text[UTF32]);
    /* What the decoders must produce is not always `text`: the standard's
    ** one-way mappings (Shift_JIS encodes U+2212 as the bytes that decode
    ** to U+FF0D, ...) change some characters.  wenc's own decoding is the
    ** reference, provided it encodes back to the same bytes; whether it is
    ** the standard's is the conformance tests' business. */
    for (int f = 0; ok && f < 3; f++)
        ok = decode_all(enc, &in->bytes, (enum form)f, &in->decoded[f]);
    if (ok) {
        in->roundtrip = enc == WENC_X_USER_DEFINED ||
                        same_bytes(&in->decoded[UTF8], &in->text[UTF8]) ||
                        encodes_to(enc, &in->decoded[UTF8], &in->bytes);
        const buf *a = &in->text[UTF32], *b = &in->decoded[UTF32];
        if (a->n != b->n)
            in->oneway = SIZE_MAX;
        for (size_t i = 0; a->n == b->n && i < a->n; i += 4)
            in->oneway += memcmp(a->p + i, b->p + i, 4) != 0;
        if (!in->roundtrip)
            fprintf(stderr,
                    "wenc-bench: warning: %s %s: decoding the input does not encode back to it\n",
                    name, in->label);
    }
    if (!ok)
        fprintf(stderr, "wenc-bench: cannot make the %s input %s\n", name, in->label);
    return ok;
}

/* Whether ENC's handlers are more than the placeholders that fail on
** everything: "A" must decode and encode. */
static bool decoder_works(const wenc_encoding *enc)
{
    static const uint8_t a16le[] = {'A', 0}, a16be[] = {0, 'A'};
    const uint8_t *src = enc == WENC_UTF_16LE   ? a16le
                         : enc == WENC_UTF_16BE ? a16be
                                                : (const uint8_t *)"A";
    size_t n = enc == WENC_UTF_16LE || enc == WENC_UTF_16BE ? 2 : 1, m = 4;
    uint8_t out[4];
    wenc_decoder d;
    wenc_decoder_init(&d, enc, WENC_DECODER_FATAL);
    return wenc_decoder_decode_to_utf8(&d, src, &n, out, &m, true) == WENC_INPUT_EMPTY && m == 1 &&
           out[0] == 'A';
}

static bool encoder_works(const wenc_encoding *enc)
{
    wenc_encoder e;
    if (wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL) != WENC_OK)
        return false;
    size_t n = 1, m = 8;
    uint8_t out[8];
    return wenc_encoder_encode_from_utf8(&e, (const uint8_t *)"A", &n, out, &m, true) ==
               WENC_INPUT_EMPTY &&
           m == 1 && out[0] == 'A';
}

/* ------------------------------------------------------------------------
** Options. */

#define MAX_SELECT 64

struct options {
    const char *dir;
    const wenc_encoding *encodings[MAX_SELECT];
    size_t encoding_count;
    const char *langs[MAX_SELECT];
    size_t lang_count;
    bool direction[4]; /* DECODE, ENCODE, UTF8_ROW, SHORT_ROWS */
    bool form[3];
    bool kind[4]; /* ascii, html, text, binary */
    unsigned runs;
    double duration; /* seconds per run */
    bool iconv;
    bool icu;
    bool encoding_rs;
    bool simdutf;
    bool memcpy_own; /* memcpy into a buffer of its own (the former placement) */
    bool csv;
    bool first_lang_only;
};

static const char *const kind_names[] = {"ascii", "html", "text", "binary"};
enum { KIND_ASCII, KIND_HTML, KIND_TEXT, KIND_BINARY };

static void usage(FILE *f)
{
    fputs("usage: wenc-bench [options] [DIR]\n"
          "\n"
          "Measures wenc's decoders and encoders in MB/s of input (10^6 bytes/s), median of\n"
          "several runs, with memcpy of the same bytes, glibc iconv, ICU and encoding_rs (if\n"
          "built with them) converting the same input in the same run.\n"
          "DIR holds <lang>.html and <lang>.txt in UTF-8 (e.g. ../shared/bench-corpus/wikipedia)\n"
          "and binary.jpg; without it the program generates its own text.\n"
          "\n"
          "  -e, --encoding LABEL   only this encoding (repeatable; default: all)\n"
          "  -l, --lang LANG        only text in this language (repeatable; e.g. ja, ru)\n"
          "  -k, --kind KIND        ascii, html, text or binary (repeatable; default: all)\n"
          "  -d, --direction DIR    decode, encode, utf8 (validation rows) or short (short\n"
          "                         inputs, ns per call) (repeatable; default: decode, encode)\n"
          "  -f, --form FORM        utf8, utf16 or utf32: the decoders' output, the encoders'\n"
          "                         input (repeatable; default: all three)\n"
          "  -r, --runs N           timed runs per figure, median reported (default 7)\n"
          "  -t, --time MS          length of a run in milliseconds (default 50)\n"
          "  -p, --passes N         N conversions per run instead of -t (for profilers)\n"
          "      --no-iconv         do not run iconv\n"
          "      --no-icu           do not run ICU\n"
          "      --no-encoding-rs   do not run encoding_rs\n"
          "      --no-simdutf       do not run simdutf\n"
          "      --memcpy-own-buffer  memcpy into a buffer of its own, not the row's output\n"
          "                         buffer (the placement before issue 11's u8fin)\n"
          "      --validate         also the rows over UTF-8 buffers (as -d utf8)\n"
          "      --short            also the short-input rows (as -d short)\n"
          "      --csv              comma-separated values instead of a table\n"
          "      --wall             time with the wall clock (default: process CPU time)\n"
          "      --quick            short configuration (meson test --benchmark): 3 runs of\n"
          "                         5 ms, forms utf8 only, one language per encoding\n"
          "  -h, --help             this text\n",
          f);
}

static bool parse_form(const char *s, bool form[3])
{
    for (int f = 0; f < 3; f++) {
        if (strcmp(s, form_names[f]) == 0 || (f == UTF8 && strcmp(s, "utf-8") == 0) ||
            (f == UTF16 && strcmp(s, "utf-16") == 0) || (f == UTF32 && strcmp(s, "utf-32") == 0)) {
            form[f] = true;
            return true;
        }
    }
    return false;
}

static int parse_options(int argc, char **argv, options *o)
{
    bool any_dir = false, any_form = false, any_kind = false, quick = false;
    bool runs_set = false, time_set = false;
    *o = (options){.runs = 7,
                   .duration = 0.050,
                   .iconv = true,
                   .icu = true,
                   .encoding_rs = true,
                   .simdutf = true};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define ARG(s, l) (strcmp(a, s) == 0 || strcmp(a, l) == 0)
#define NEED_VALUE()                                                                               \
    do {                                                                                           \
        if (v == NULL) {                                                                           \
            fprintf(stderr, "wenc-bench: %s needs a value\n", a);                                  \
            return 2;                                                                              \
        }                                                                                          \
        i++;                                                                                       \
    } while (0)
        if (ARG("-h", "--help")) {
            usage(stdout);
            return 0;
        } else if (ARG("-e", "--encoding")) {
            NEED_VALUE();
            const wenc_encoding *e = wenc_encoding_for_label(v, strlen(v));
            if (e == NULL || o->encoding_count == MAX_SELECT) {
                fprintf(stderr, "wenc-bench: unknown encoding label '%s'\n", v);
                return 2;
            }
            o->encodings[o->encoding_count++] = e;
        } else if (ARG("-l", "--lang")) {
            NEED_VALUE();
            if (o->lang_count < MAX_SELECT)
                o->langs[o->lang_count++] = v;
        } else if (ARG("-k", "--kind")) {
            NEED_VALUE();
            bool ok = false;
            for (int k = 0; k < 4; k++)
                if (strcmp(v, kind_names[k]) == 0)
                    o->kind[k] = ok = true;
            if (!ok) {
                fprintf(stderr, "wenc-bench: unknown kind '%s'\n", v);
                return 2;
            }
            any_kind = true;
        } else if (ARG("-d", "--direction")) {
            NEED_VALUE();
            if (strcmp(v, "decode") == 0)
                o->direction[DECODE] = true;
            else if (strcmp(v, "encode") == 0)
                o->direction[ENCODE] = true;
            else if (strcmp(v, "utf8") == 0)
                o->direction[UTF8_ROW] = true;
            else if (strcmp(v, "short") == 0)
                o->direction[SHORT_ROWS] = true;
            else {
                fprintf(stderr, "wenc-bench: unknown direction '%s'\n", v);
                return 2;
            }
            any_dir = true;
        } else if (ARG("-f", "--form")) {
            NEED_VALUE();
            if (!parse_form(v, o->form)) {
                fprintf(stderr, "wenc-bench: unknown form '%s'\n", v);
                return 2;
            }
            any_form = true;
        } else if (ARG("-r", "--runs")) {
            NEED_VALUE();
            long n = strtol(v, NULL, 10);
            if (n < 1 || n > MAX_RUNS) {
                fprintf(stderr, "wenc-bench: runs must be 1..%d\n", MAX_RUNS);
                return 2;
            }
            o->runs = (unsigned)n;
            runs_set = true;
        } else if (ARG("-t", "--time")) {
            NEED_VALUE();
            double ms = strtod(v, NULL);
            if (!(ms > 0 && ms <= 60000)) {
                fprintf(stderr, "wenc-bench: time must be 0..60000 ms\n");
                return 2;
            }
            o->duration = ms / 1000;
            time_set = true;
        } else if (ARG("-p", "--passes")) {
            NEED_VALUE();
            long n = strtol(v, NULL, 10);
            if (n < 1) {
                fprintf(stderr, "wenc-bench: passes must be at least 1\n");
                return 2;
            }
            fixed_passes = (unsigned long)n;
        } else if (strcmp(a, "--no-iconv") == 0) {
            o->iconv = false;
        } else if (strcmp(a, "--no-icu") == 0) {
            o->icu = false;
        } else if (strcmp(a, "--no-encoding-rs") == 0) {
            o->encoding_rs = false;
        } else if (strcmp(a, "--no-simdutf") == 0) {
            o->simdutf = false;
        } else if (strcmp(a, "--memcpy-own-buffer") == 0) {
            o->memcpy_own = true;
        } else if (strcmp(a, "--validate") == 0) {
            o->direction[UTF8_ROW] = true;
        } else if (strcmp(a, "--short") == 0) {
            o->direction[SHORT_ROWS] = true;
        } else if (strcmp(a, "--csv") == 0) {
            o->csv = true;
        } else if (strcmp(a, "--wall") == 0) {
            bench_clock = CLOCK_MONOTONIC;
        } else if (strcmp(a, "--quick") == 0) {
            quick = true;
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "wenc-bench: unknown option '%s' (see --help)\n", a);
            return 2;
        } else if (o->dir == NULL) {
            o->dir = a;
        } else {
            fprintf(stderr, "wenc-bench: one directory only\n");
            return 2;
        }
#undef ARG
#undef NEED_VALUE
    }
    if (quick) {
        if (!runs_set)
            o->runs = 3;
        if (!time_set)
            o->duration = 0.005;
        if (!any_form)
            o->form[UTF8] = any_form = true;
        o->first_lang_only = true;
    }
    if (!any_dir)
        o->direction[DECODE] = o->direction[ENCODE] = true;
    for (int f = 0; f < 3 && !any_form; f++)
        o->form[f] = true;
    for (int k = 0; k < 4 && !any_kind; k++)
        o->kind[k] = true;
    return -1;
}

static bool lang_selected(const options *o, const char *lang)
{
    if (o->lang_count == 0)
        return true;
    for (size_t i = 0; i < o->lang_count; i++)
        if (strcmp(o->langs[i], lang) == 0)
            return true;
    return false;
}

static bool encoding_selected(const options *o, const wenc_encoding *e)
{
    if (o->encoding_count == 0)
        return true;
    for (size_t i = 0; i < o->encoding_count; i++)
        if (o->encodings[i] == e)
            return true;
    return false;
}

/* ------------------------------------------------------------------------
** Rows. */

typedef struct row {
    const char *encoding;
    const char *direction; /* "decode", "encode", "utf8", "textdec" */
    const char *form;
    const char *input; /* "html:ja", "ascii/16B" */
    size_t bytes;      /* input bytes per pass */
    bool short_input;  /* the text table shows ns per call */
    speed wenc, memcpy, iconv, icu; /* mbps < 0: not measured */
    speed encoding_rs;
    speed simdutf;          /* not one of the peers /peer compares with */
    double per_memcpy;      /* wenc / memcpy, median of per-run ratios */
    double per_peer;        /* wenc / the fastest peer, the same way */
    double per_encoding_rs; /* wenc / encoding_rs, the same way */
    double per_simdutf;     /* wenc / simdutf, the same way */
    const char *best_peer;  /* "iconv", "ICU", "encoding_rs" or NULL */
    const char *iconv_name, *icu_name;
    char note[160];
} row;

static row new_row(const char *encoding, const char *direction, const char *form,
                   const char *label, size_t bytes)
{
    return (row){.encoding = encoding,
                 .direction = direction,
                 .form = form,
                 .input = label,
                 .bytes = bytes,
                 .wenc = no_speed,
                 .memcpy = no_speed,
                 .iconv = no_speed,
                 .icu = no_speed,
                 .encoding_rs = no_speed,
                 .simdutf = no_speed,
                 .per_memcpy = -1,
                 .per_peer = -1,
                 .per_encoding_rs = -1,
                 .per_simdutf = -1};
}

/* Fills R's figures from the contenders W (wenc), M (memcpy), I (iconv),
** U (ICU), E (encoding_rs) and S (simdutf) after measure().  simdutf is
** not among the peers of /peer (the fastest of iconv, ICU and
** encoding_rs): it has its own column, on the UTF rows only. */
static void settle_row(row *r, const contender *w, const contender *m, const contender *i,
                       const contender *u, const contender *e, const contender *s, unsigned runs)
{
    r->simdutf = to_speed(s, runs, r->bytes);
    r->per_simdutf = run_ratio(w, s, runs);
    r->wenc = to_speed(w, runs, r->bytes);
    r->memcpy = to_speed(m, runs, r->bytes);
    r->iconv = to_speed(i, runs, r->bytes);
    r->icu = to_speed(u, runs, r->bytes);
    r->encoding_rs = to_speed(e, runs, r->bytes);
    r->per_memcpy = run_ratio(w, m, runs);
    r->per_encoding_rs = run_ratio(w, e, runs);
    /* The fastest peer; on a tie, the first of this list. */
    const struct {
        const contender *c;
        double mbps;
        const char *name;
    } peers[] = {{i, r->iconv.mbps, "iconv"},
                 {u, r->icu.mbps, "ICU"},
                 {e, r->encoding_rs.mbps, "encoding_rs"}};
    const contender *best = NULL;
    double fastest = 0;
    for (size_t k = 0; k < sizeof peers / sizeof peers[0]; k++) {
        if (peers[k].mbps > fastest) {
            fastest = peers[k].mbps;
            best = peers[k].c;
            r->best_peer = peers[k].name;
        }
    }
    if (best != NULL)
        r->per_peer = run_ratio(w, best, runs);
}

/* Writes V with DECIMALS (0..3) decimals into B: "-" when not measured.
** Integer formatting keeps the output's length bounded for the compiler
** too (V is below 10^9, so at most 14 characters are written). */
#define NUM_LEN 48
static void fmt_num(char b[NUM_LEN], double v, int decimals)
{
    static const long long scale[] = {1, 10, 100, 1000};
    if (v < 0) {
        snprintf(b, NUM_LEN, "-");
    } else if (v >= 1e9) {
        snprintf(b, NUM_LEN, ">1e9");
    } else {
        long long x = llround(v * (double)scale[decimals]);
        if (decimals == 0)
            snprintf(b, NUM_LEN, "%lld", x);
        else
            snprintf(b, NUM_LEN, "%lld.%0*lld", x / scale[decimals], decimals,
                     x % scale[decimals]);
    }
}

/* Nanoseconds per pass of BYTES bytes at MBPS. */
static double ns_per_call(double mbps, size_t bytes)
{
    return mbps > 0 ? (double)bytes * 1e3 / mbps : -1;
}

static void print_header(const options *o, bool short_input)
{
    static int printed = -1;
    if (printed == (int)short_input || (o->csv && printed >= 0))
        return;
    printed = short_input;
    if (o->csv) {
        puts("encoding,direction,form,input,input_bytes,wenc_mbps,wenc_min,wenc_max,wenc_ns,"
             "memcpy_mbps,memcpy_ns,wenc_per_memcpy,iconv_mbps,iconv_min,iconv_max,"
             "icu_mbps,icu_min,icu_max,best_peer,wenc_per_peer,iconv_name,icu_name,note,"
             "encoding_rs_mbps,encoding_rs_min,encoding_rs_max,wenc_per_encoding_rs,"
             "simdutf_mbps,simdutf_min,simdutf_max,wenc_per_simdutf,simdutf_kernel");
        return;
    }
    if (short_input) {
        puts("\nShort inputs: nanoseconds per call (median), one call per pass; /memcpy and "
             "/peer are speed ratios (above 1: wenc is faster)");
        printf("%-14s %-18s %-13s %6s %9s %9s %8s %9s %9s %9s %6s %10s %6s  %s\n", "encoding",
               "api/form", "input", "bytes", "wenc ns", "memcpy ns", "/memcpy", "iconv ns",
               "ICU ns", "encrs ns", "/peer", "simdutf ns", "/simd", "peer names / note");
        printf("%-14s %-18s %-13s %6s %9s %9s %8s %9s %9s %9s %6s %10s %6s  %s\n", "--------",
               "--------", "-----", "-----", "-------", "---------", "-------", "--------",
               "------", "--------", "-----", "----------", "-----", "-----------------");
        return;
    }
    printf("%-14s %-18s %-11s %8s %10s %10s %8s %10s %10s %10s %6s %10s %6s  %s\n", "encoding",
           "direction", "input", "size KB", "wenc MB/s", "memcpy", "/memcpy", "iconv MB/s",
           "ICU MB/s", "encrs MB/s", "/peer", "simdutf", "/simd", "peer names / note");
    printf("%-14s %-18s %-11s %8s %10s %10s %8s %10s %10s %10s %6s %10s %6s  %s\n", "--------",
           "---------", "-----", "-------", "---------", "------", "-------", "----------",
           "--------", "----------", "-----", "-------", "-----", "-----------------");
}

static void print_row(const options *o, const row *r)
{
    print_header(o, r->short_input);
    char w[NUM_LEN], wn[NUM_LEN], m[NUM_LEN], mn[NUM_LEN], pm[NUM_LEN], i[NUM_LEN], u[NUM_LEN],
        pp[NUM_LEN], e[NUM_LEN], sd[NUM_LEN], ps[NUM_LEN];
    double wns = ns_per_call(r->wenc.mbps, r->bytes), mns = ns_per_call(r->memcpy.mbps, r->bytes);
    fmt_num(pm, r->per_memcpy, 3);
    fmt_num(pp, r->per_peer, 2);
    fmt_num(ps, r->per_simdutf, 2);
    if (o->csv) {
        char wmin[NUM_LEN], wmax[NUM_LEN], imin[NUM_LEN], imax[NUM_LEN], umin[NUM_LEN],
            umax[NUM_LEN], emin[NUM_LEN], emax[NUM_LEN], pe[NUM_LEN], smin[NUM_LEN], smax[NUM_LEN];
        fmt_num(w, r->wenc.mbps, 1);
        fmt_num(wmin, r->wenc.min, 1);
        fmt_num(wmax, r->wenc.max, 1);
        fmt_num(wn, wns, 2);
        fmt_num(m, r->memcpy.mbps, 1);
        fmt_num(mn, mns, 2);
        fmt_num(i, r->iconv.mbps, 1);
        fmt_num(imin, r->iconv.min, 1);
        fmt_num(imax, r->iconv.max, 1);
        fmt_num(u, r->icu.mbps, 1);
        fmt_num(umin, r->icu.min, 1);
        fmt_num(umax, r->icu.max, 1);
        fmt_num(e, r->encoding_rs.mbps, 1);
        fmt_num(emin, r->encoding_rs.min, 1);
        fmt_num(emax, r->encoding_rs.max, 1);
        fmt_num(pe, r->per_encoding_rs, 2);
        fmt_num(sd, r->simdutf.mbps, 1);
        fmt_num(smin, r->simdutf.min, 1);
        fmt_num(smax, r->simdutf.max, 1);
        /* "-" is "not measured": an empty field in CSV. */
        char *fields[] = {w,    wmin, wmax, wn, m,    mn,   pm, i,  imin, imax, u,
                          umin, umax, pp,   e,  emin, emax, pe, sd, smin, smax, ps};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
            if (strcmp(fields[k], "-") == 0)
                fields[k][0] = 0;
        printf("%s,%s,%s,%s,%zu,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,\"%s\","
               "%s,%s,%s,%s,%s,%s,%s,%s,%s\n",
               r->encoding, r->direction, r->form, r->input, r->bytes, w, wmin, wmax, wn, m, mn, pm,
               i, imin, imax, u, umin, umax, r->best_peer ? r->best_peer : "", pp,
               r->iconv_name ? r->iconv_name : "", r->icu_name ? r->icu_name : "", r->note, e, emin,
               emax, pe, sd, smin, smax, ps,
               r->simdutf.mbps > 0 && simdutf_kernel ? simdutf_kernel : "");
        fflush(stdout);
        return;
    }
    char dirform[40], tail[256];
    snprintf(dirform, sizeof dirform, "%s/%s", r->direction, r->form);
    snprintf(tail, sizeof tail, "%s%s%s%s%s", r->iconv_name ? r->iconv_name : "",
             r->iconv_name && r->icu_name ? ", ICU " : r->icu_name ? "ICU " : "",
             r->icu_name ? r->icu_name : "", (r->iconv_name || r->icu_name) && r->note[0] ? "; " : "",
             r->note);
    if (r->short_input) {
        fmt_num(wn, wns, 1);
        fmt_num(mn, mns, 1);
        fmt_num(i, ns_per_call(r->iconv.mbps, r->bytes), 1);
        fmt_num(u, ns_per_call(r->icu.mbps, r->bytes), 1);
        fmt_num(e, ns_per_call(r->encoding_rs.mbps, r->bytes), 1);
        fmt_num(sd, ns_per_call(r->simdutf.mbps, r->bytes), 1);
        printf("%-14s %-18s %-13s %6zu %9s %9s %8s %9s %9s %9s %6s %10s %6s  %s\n", r->encoding,
               dirform, r->input, r->bytes, wn, mn, pm, i, u, e, pp, sd, ps, tail);
    } else {
        fmt_num(w, r->wenc.mbps, 1);
        fmt_num(m, r->memcpy.mbps, 0);
        fmt_num(i, r->iconv.mbps, 1);
        fmt_num(u, r->icu.mbps, 1);
        fmt_num(e, r->encoding_rs.mbps, 1);
        fmt_num(sd, r->simdutf.mbps, 1);
        printf("%-14s %-18s %-11s %8.1f %10s %10s %8s %10s %10s %10s %6s %10s %6s  %s\n",
               r->encoding, dirform, r->input, (double)r->bytes / 1024, w, m, pm, i, u, e, pp, sd,
               ps, tail);
    }
    fflush(stdout);
}

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define BENCH_PRINTF(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#else
#define BENCH_PRINTF(f, a) __attribute__((format(printf, f, a)))
#endif
static void note(row *r, const char *fmt, ...) BENCH_PRINTF(2, 3);

static void note(row *r, const char *fmt, ...)
{
    size_t used = strlen(r->note);
    if (used != 0 && used + 2 < sizeof r->note) {
        memcpy(r->note + used, "; ", 3);
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->note + used, sizeof r->note - used, fmt, ap);
    va_end(ap);
}

static bool same_output(const void *got, size_t got_bytes, const buf *want)
{
    return got_bytes == want->n && memcmp(got, want->p, got_bytes) == 0;
}

#ifdef WENC_BENCH_ICONV
/* Opens iconv for the row: the first candidate whose conversion of the
** input gives exactly the expected output, else the first that converts
** it without error.  Fills CTX (cd, out) and returns the name, or NULL
** with the reason in R's note. */
static const char *choose_iconv(const char *const cands[], bool decode, enum form f, iconv_ctx *ctx,
                                const buf *want, row *r)
{
    const char *fallback = NULL, *failure = NULL;
    int fail_errno = 0;
    size_t fail_at = 0;
    for (int i = 0; i < 3 && cands[i] != NULL; i++) {
        iconv_t cd = decode ? iconv_open(iconv_unicode(f), cands[i])
                            : iconv_open(cands[i], iconv_unicode(f));
        if (cd == (iconv_t)-1)
            continue;
        ctx->cd = cd;
        if (iconv_pass(ctx)) {
            if (same_output(ctx->dst, ctx->out, want))
                return cands[i];
            if (fallback == NULL)
                fallback = cands[i];
        } else if (failure == NULL) {
            failure = cands[i];
            fail_errno = ctx->error;
            fail_at = ctx->error_at;
        }
        iconv_close(cd);
    }
    ctx->cd = (iconv_t)-1;
    if (fallback != NULL) {
        ctx->cd = decode ? iconv_open(iconv_unicode(f), fallback)
                         : iconv_open(fallback, iconv_unicode(f));
        iconv_pass(ctx);
        note(r, "iconv output differs from the standard's");
        return fallback;
    }
    if (failure != NULL) {
        /* Say what it stumbled on: the bytes, or the character. */
        char what[32] = "";
        const uint8_t *p = (const uint8_t *)ctx->src + fail_at;
        size_t left = ctx->src_len - fail_at;
        if (fail_errno == EILSEQ && decode && left >= 2)
            snprintf(what, sizeof what, " (%02X %02X)", p[0], p[1]);
        else if (fail_errno == EILSEQ && !decode && f == UTF8 && left >= 1) {
            /* The input is valid UTF-8: decode one character. */
            unsigned len = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
            uint32_t cp = len == 1 ? p[0] : p[0] & (0x7Fu >> len);
            for (unsigned i = 1; i < len && i < left; i++)
                cp = cp << 6 | (p[i] & 0x3Fu);
            snprintf(what, sizeof what, " (U+%04lX)", (unsigned long)cp);
        }
        note(r, "iconv %s fails: %s at input byte %zu%s", failure,
             fail_errno == EILSEQ   ? "EILSEQ"
             : fail_errno == EINVAL ? "EINVAL"
                                    : "E2BIG",
             fail_at, what);
    } else
        note(r, "no iconv converter");
    return NULL;
}
#endif

#ifdef WENC_BENCH_ICU
/* Sets CTX up for ICU on the row (ICU_* op and converters), as
** choose_iconv() does for iconv: the first candidate that gives exactly the
** expected output, else the first that converts the input at all (the note
** then says so).  Returns the name shown, or NULL (with the reason in R's
** note) when ICU has no such converter or fails. */
static const char *choose_icu(const bench_encoding *be, bool decode, enum form f, bool utf8,
                              icu_ctx *ctx, const buf *want, row *r)
{
    if (f == UTF32)
        return NULL; /* not measured: the issue's rows are UTF-8 and UTF-16 */
    if (utf8 && f == UTF16) {
        /* UTF-8 <-> UTF-16: ICU's string functions, not a converter. */
        ctx->op = decode ? ICU_FROM_UTF8 : ICU_TO_UTF8;
        if (!icu_pass(ctx)) {
            note(r, "ICU fails");
            return NULL;
        }
        if (!same_output(ctx->dst, ctx->out, want))
            note(r, "ICU output differs from the standard's");
        return decode ? "u_strFromUTF8WithSub" : "u_strToUTF8WithSub";
    }
    const char *fallback = NULL;
    for (int k = 0; k < 3 && be->icu[k] != NULL; k++) {
        UErrorCode err = U_ZERO_ERROR;
        UConverter *cnv = ucnv_open(be->icu[k], &err);
        if (U_FAILURE(err))
            continue;
        UConverter *u8 = NULL;
        if (f == UTF8) {
            err = U_ZERO_ERROR;
            u8 = ucnv_open("UTF-8", &err);
            if (U_FAILURE(err)) {
                ucnv_close(cnv);
                continue;
            }
            ctx->op = ICU_CONVERT;
            ctx->target = decode ? u8 : cnv;
            ctx->source = decode ? cnv : u8;
        } else {
            ctx->op = decode ? ICU_TO_UCHARS : ICU_FROM_UCHARS;
            ctx->target = NULL;
            ctx->source = cnv;
        }
        bool ok = icu_pass(ctx);
        if (ok && same_output(ctx->dst, ctx->out, want))
            return be->icu[k]; /* keeps the converters; the caller closes them */
        if (ok && fallback == NULL)
            fallback = be->icu[k];
        ucnv_close(cnv);
        if (u8 != NULL)
            ucnv_close(u8);
        ctx->target = ctx->source = NULL;
    }
    if (fallback == NULL) {
        note(r, "no ICU converter");
        return NULL;
    }
    /* Open the fallback again (the loop closed it). */
    UErrorCode err = U_ZERO_ERROR;
    UConverter *cnv = ucnv_open(fallback, &err);
    UConverter *u8 = f == UTF8 ? ucnv_open("UTF-8", &err) : NULL;
    if (U_FAILURE(err)) {
        ucnv_close(cnv);
        ucnv_close(u8);
        note(r, "no ICU converter");
        return NULL;
    }
    ctx->target = f == UTF8 ? (decode ? u8 : cnv) : NULL;
    ctx->source = f == UTF8 ? (decode ? cnv : u8) : cnv;
    icu_pass(ctx);
    note(r, "ICU output differs from the standard's");
    return fallback;
}
#endif

#ifdef WENC_BENCH_ENCODING_RS
/* Sets CTX up for encoding_rs on the row of W (wenc's context for it),
** with CTX->w.dst of CAP_BYTES, and checks its output once, as choose_icu()
** does.  False when it has no such conversion or fails (the note says). */
static bool choose_encrs(bool decode, const wenc_ctx *w, size_t cap_bytes, encrs_ctx *ctx,
                         const buf *want, row *r)
{
    if (w->form == UTF32)
        return false; /* not measured: it has no UTF-32 */
    const char *name = wenc_encoding_name(w->encoding);
    ctx->enc = encrs_for_label(name, strlen(name));
    if (ctx->enc == NULL || (!decode && !encrs_has_encoder(ctx->enc))) {
        note(r, "no encoding_rs %s", decode ? "decoder" : "encoder");
        return false;
    }
    size_t out_unit = decode ? form_unit[w->form] : 1;
    void *dst = ctx->w.dst;
    ctx->decode = decode;
    ctx->w = *w;
    ctx->w.dst = dst;
    ctx->w.dst_len = cap_bytes / out_unit; /* encoding_rs's encoders want room to spare */
    if (!encrs_pass(ctx)) {
        note(r, "encoding_rs fails");
        return false;
    }
    if (!same_output(ctx->w.dst, ctx->w.out * out_unit, want))
        note(r, "encoding_rs output differs from the standard's");
    return true;
}
#endif

#ifdef WENC_BENCH_SIMDUTF
/* simdutf's counterpart of a UTF row, SIMDUTF_NONE if it has none (the
** legacy encodings, UTF-32; the x86 order of its UTF-16 is the host's only
** on a little-endian host, which the build checks). */
static enum simdutf_op simdutf_op_for(const wenc_encoding *enc, bool decode, enum form f)
{
    if (enc == WENC_UTF_8 && f == UTF8)
        return SIMDUTF_UTF8_COPY; /* decode, textdec and encode alike: valid input */
    if (enc == WENC_UTF_8 && f == UTF16)
        return decode ? SIMDUTF_UTF8_TO_UTF16LE : SIMDUTF_UTF16LE_TO_UTF8;
    if ((enc == WENC_UTF_16LE || enc == WENC_UTF_16BE) && decode && f != UTF32) {
        bool le = enc == WENC_UTF_16LE;
        return f == UTF16 ? (le ? SIMDUTF_UTF16LE_TO_LE : SIMDUTF_UTF16BE_TO_LE)
                          : (le ? SIMDUTF_UTF16LE_TO_UTF8 : SIMDUTF_UTF16BE_TO_UTF8);
    }
    return SIMDUTF_NONE;
}

/* Sets CTX up for simdutf's OP over SRC (SRC_BYTES) into DST (CAP_BYTES)
** and checks its output once against WANT (OUT_UNIT bytes a unit), as
** choose_encrs() does.  False when it does not run (the note says). */
static bool choose_simdutf(enum simdutf_op op, const void *src, size_t src_bytes, void *dst,
                           size_t cap_bytes, size_t out_unit, const buf *want, simdutf_ctx *ctx,
                           row *r)
{
    if (op == SIMDUTF_NONE || simdutf_kernel == NULL)
        return false;
    bool from16 = op == SIMDUTF_UTF16LE_TO_UTF8 || op == SIMDUTF_UTF16BE_TO_UTF8 ||
                  op == SIMDUTF_UTF16LE_TO_LE || op == SIMDUTF_UTF16BE_TO_LE;
    *ctx = (simdutf_ctx){op, src, src_bytes / (from16 ? 2 : 1), dst, cap_bytes / out_unit, 0};
    if (!simdutf_pass(ctx)) {
        note(r, "simdutf fails");
        return false;
    }
    if (op != SIMDUTF_VALIDATE_UTF8 && !same_output(dst, ctx->out * out_unit, want))
        note(r, "simdutf output differs from the standard's");
    return true;
}
#endif

/* One row: the encoding's decoder or encoder on IN in form F, through API
** (decoding only), with memcpy of the same bytes, iconv, ICU, encoding_rs
** and simdutf. */
static void run_row(const options *o, const wenc_encoding *enc, const bench_encoding *be, input *in,
                    enum direction dir, enum form f, enum api api)
{
    bool decode = dir == DECODE;
    /* Input, expected output, and room for it. */
    const buf *src = decode ? &in->bytes : &in->text[f];
    const buf *want = decode ? &in->decoded[f] : &in->bytes;
    row r = new_row(wenc_encoding_name(enc),
                    !decode ? "encode" : api == API_TEXT_DECODER ? "textdec" : "decode",
                    form_names[f], in->label, src->n);
    r.short_input = in->short_input;
    wenc_ctx w = {.encoding = enc,
                  .form = f,
                  .api = api,
                  .src = src->p,
                  .src_len = src->n / (decode ? 1 : form_unit[f])};
    size_t cap_units;
    if (decode) {
        wenc_decoder d;
        wenc_decoder_init(&d, enc, 0);
        cap_units = f == UTF8    ? wenc_decoder_max_utf8_length(&d, src->n)
                    : f == UTF16 ? wenc_decoder_max_utf16_length(&d, src->n)
                                 : wenc_decoder_max_utf32_length(&d, src->n);
    } else {
        wenc_encoder e;
        wenc_encoder_init(&e, enc, WENC_ENCODER_HTML);
        cap_units = wenc_encoder_max_length_from_utf8(&e, w.src_len);
    }
    size_t out_unit = decode ? form_unit[f] : 1;
    size_t cap_bytes = cap_units * out_unit + 64;
    w.dst = xmalloc(cap_bytes);
    w.dst_len = cap_units;
    wenc_text_decoder td;
    pass_fn wpass = decode ? wenc_decode_pass : wenc_encode_pass;
    if (api == API_TEXT_DECODER) {
        /* new TextDecoder(label): made once, as a script would. */
        if (wenc_text_decoder_init_with_encoding(&td, enc, 0, NULL) != WENC_OK || f == UTF32) {
            note(&r, "no TextDecoder for this row");
            print_row(o, &r);
            free(w.dst);
            return;
        }
        w.td = &td;
        wpass = wenc_text_decode_pass;
    }
    contender cw = {wpass, &w, 0, {0}};

    /* The row's output buffer, as the comment at memcpy_pass says. */
    bool memcpy_own = o->memcpy_own || cap_bytes < src->n;
    memcpy_ctx mc = {src->p, memcpy_own ? xmalloc(src->n) : w.dst, src->n};
    contender cm = {memcpy_pass, &mc, 0, {0}};

    contender ci = {NULL, NULL, 0, {0}};
    (void)be; /* the peers' names: unused in a build with neither */
#ifdef WENC_BENCH_ICONV
    iconv_ctx ic = {.cd = (iconv_t)-1,
                    .src = (char *)src->p,
                    .src_len = src->n,
                    .dst = xmalloc(cap_bytes),
                    .dst_len = cap_bytes};
    ci.ctx = &ic;
    if (o->iconv && be->iconv[0] != NULL) {
        r.iconv_name = choose_iconv(be->iconv, decode, f, &ic, want, &r);
        if (r.iconv_name != NULL)
            ci.pass = iconv_pass;
    } else if (o->iconv) {
        note(&r, "iconv has no such encoding");
    }
#endif

    contender cu = {NULL, NULL, 0, {0}};
#ifdef WENC_BENCH_ICU
    icu_ctx uc = {.src = (const char *)src->p,
                  .src_len = src->n,
                  .dst = xmalloc(cap_bytes),
                  .dst_len = cap_bytes};
    if (o->icu && be->icu[0] != NULL && cap_bytes < INT32_MAX) {
        r.icu_name = choose_icu(be, decode, f, enc == WENC_UTF_8, &uc, want, &r);
        if (r.icu_name != NULL) {
            cu.pass = icu_pass;
            cu.ctx = &uc;
        }
    }
#endif
    contender ce = {NULL, NULL, 0, {0}};
#ifdef WENC_BENCH_ENCODING_RS
    encrs_ctx ec = {.w.dst = xmalloc(cap_bytes)};
    if (o->encoding_rs && choose_encrs(decode, &w, cap_bytes, &ec, want, &r)) {
        ce.pass = encrs_pass;
        ce.ctx = &ec;
    }
#endif

    contender cs = {NULL, NULL, 0, {0}};
#ifdef WENC_BENCH_SIMDUTF
    simdutf_ctx sc = {.dst = xmalloc(cap_bytes)};
    if (choose_simdutf(simdutf_op_for(enc, decode, f), src->p, src->n, sc.dst, cap_bytes, out_unit,
                       want, &sc, &r)) {
        cs.pass = simdutf_pass;
        cs.ctx = &sc;
    }
#endif

    /* wenc's output must be the expected one (else the figures mean
    ** little: say so). */
    if (!cw.pass(cw.ctx)) {
        note(&r, "wenc fails on this input");
    } else {
        if (!same_output(w.dst, w.out * out_unit, want) || (decode && !in->roundtrip))
            note(&r, "wenc output is not the expected one");
        contender *const all[] = {&cw, &cm, &ci, &cu, &ce, &cs};
        if (measure(all, 6, o->runs, o->duration))
            settle_row(&r, &cw, &cm, &ci, &cu, &ce, &cs, o->runs);
        else
            note(&r, "a pass failed while timing");
    }
    print_row(o, &r);
#ifdef WENC_BENCH_ICONV
    if (ic.cd != (iconv_t)-1)
        iconv_close(ic.cd);
    free(ic.dst);
#endif
#ifdef WENC_BENCH_ICU
    if (uc.source != NULL)
        ucnv_close(uc.source);
    if (uc.target != NULL)
        ucnv_close(uc.target);
    free(uc.dst);
#endif
#ifdef WENC_BENCH_ENCODING_RS
    free(ec.w.dst);
#endif
#ifdef WENC_BENCH_SIMDUTF
    free(sc.dst);
#endif
    if (api == API_TEXT_DECODER)
        wenc_text_decoder_destroy(&td);
    free(w.dst);
    if (memcpy_own)
        free(mc.dst);
}

/* The utf8_rows[] over a UTF-8 input, with memcpy of the same bytes. */
static void run_utf8_rows(const options *o, input *in)
{
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    fatal_cap = wenc_decoder_max_utf8_length(&d, in->bytes.n);
    fatal_dst = xmalloc(fatal_cap);
    /* Into the fatal row's output buffer (the comment at memcpy_pass). */
    memcpy_ctx mc = {in->bytes.p, o->memcpy_own ? xmalloc(in->bytes.n) : fatal_dst,
                     in->bytes.n};
    for (size_t i = 0; i < sizeof utf8_rows / sizeof utf8_rows[0]; i++) {
        const utf8_row *u = &utf8_rows[i];
        row r = new_row("UTF-8", "utf8", u->name, in->label, in->bytes.n);
        r.short_input = in->short_input;
        utf8_ctx cw = {u->wenc, in->bytes.p, in->bytes.n, 0};
        contender a = {utf8_pass, &cw, 0, {0}}, m = {memcpy_pass, &mc, 0, {0}};
        contender none = {NULL, NULL, 0, {0}}, s = {NULL, NULL, 0, {0}};
#ifdef WENC_BENCH_SIMDUTF
        simdutf_ctx sc;
        if (choose_simdutf(u->simdutf, in->bytes.p, in->bytes.n, fatal_dst, fatal_cap, 1,
                           &in->bytes, &sc, &r)) {
            s.pass = simdutf_pass;
            s.ctx = &sc;
        }
#else
        (void)u->simdutf;
#endif
        contender *const cs[] = {&a, &m, &s};
        if (measure(cs, 3, o->runs, o->duration))
            settle_row(&r, &a, &m, &none, &none, &none, &s, o->runs);
        else
            note(&r, "fails on this input");
        print_row(o, &r);
    }
    if (o->memcpy_own)
        free(mc.dst);
    free(fatal_dst);
    fatal_dst = NULL;
}

/* Short inputs (issues 11 and 29): SIZES bytes of pure ASCII, of real text
** and of emoji, cut from the middle of the source at character boundaries
** (so "16" bytes of Japanese are 15), decoded as a JavaScript engine
** decodes short strings: both decode APIs to UTF-16 and UTF-8, plus the
** UTF-8 rows (validation), each with memcpy of the same bytes.  Each pass
** is one call, init included; the table gives ns per call.  The kernel set
** is the one the library chose (WENC_SIMD forces a lower one): run once
** per set for issue 29's table. */
static const char emoji_text[] =
    "\xF0\x9F\x98\x80\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD\xF0\x9F\x8E\x89\xE2\x9D\xA4"
    "\xEF\xB8\x8F\xE2\x80\x8D\xF0\x9F\x94\xA5\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\xF0"
    "\x9F\x9A\x80\xF0\x9F\x8D\x95\xF0\x9F\x8C\x8D\xF0\x9F\x92\xA1\xF0\x9F\x94\xA5"
    "\xF0\x9F\x8E\xB5\xF0\x9F\x98\x82\xF0\x9F\x99\x8F\xF0\x9F\x92\xAF\xF0\x9F\x8C"
    "\x88\xF0\x9F\x8D\x80\xF0\x9F\x9B\xB8\xF0\x9F\x98\x8E\xF0\x9F\xA6\x84\xF0\x9F"
    "\x8E\x81\xF0\x9F\x8F\x86\xF0\x9F\x98\x80\xF0\x9F\x91\x8D\xF0\x9F\x8E\x89\xF0"
    "\x9F\x9A\x80\xF0\x9F\x8D\x95\xF0\x9F\x90\xB1\xF0\x9F\x8C\x8D\xF0\x9F\x92\xA1";

static void run_short_rows(const options *o)
{
    static const size_t sizes[] = {8, 12, 16, 32, 64, 256};
    static const char *const kinds[] = {"ascii", "text:fr", "text:ru", "text:ja", "emoji"};
    if (!o->csv)
        printf("\nShort inputs, WENC_SIMD=%s (unset: the CPU's best kernel set)\n",
               getenv("WENC_SIMD") ? getenv("WENC_SIMD") : "unset");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        buf whole = {0};
        if (k == 0) {
            if (!o->kind[KIND_ASCII] || !get_ascii(o->dir, &whole))
                continue;
        } else if (strcmp(kinds[k], "emoji") == 0) {
            if (!o->kind[KIND_TEXT])
                continue;
            /* Four times over, so that 256 bytes can be cut from it. */
            for (int i = 0; i < 4; i++)
                buf_add(&whole, emoji_text, sizeof emoji_text - 1);
        } else {
            const source *s = get_source(o->dir, kinds[k] + 5);
            if (!o->kind[KIND_TEXT] || !lang_selected(o, kinds[k] + 5) || s == NULL)
                continue;
            buf_add(&whole, s->text.p, s->text.n);
        }
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            size_t start = whole.n / 3, end;
            while (start < whole.n && (whole.p[start] & 0xC0) == 0x80)
                start++;
            end = start + sizes[z] < whole.n ? start + sizes[z] : whole.n;
            while (end > start && end < whole.n && (whole.p[end] & 0xC0) == 0x80)
                end--;
            buf slice = {0};
            buf_add(&slice, whole.p + start, end - start);
            input in = {.short_input = true};
            snprintf(in.label, sizeof in.label, "%.12s/%zuB", kinds[k], sizes[z]);
            if (make_input(WENC_UTF_8, &slice, &in)) {
                const bench_encoding *be = bench_encoding_for(WENC_UTF_8);
                for (int f = UTF16; f >= UTF8; f--) {
                    if (!o->form[f])
                        continue;
                    run_row(o, WENC_UTF_8, be, &in, DECODE, (enum form)f, API_DECODER);
                    run_row(o, WENC_UTF_8, be, &in, DECODE, (enum form)f, API_TEXT_DECODER);
                }
                run_utf8_rows(o, &in);
                /* Issue 43: the UTF-16 -> UTF-8 paths, UTF-8's encoder fed
                ** UTF-16 and UTF-16LE bytes decoded to UTF-8. */
                input le = {.short_input = true};
                memcpy(le.label, in.label, sizeof le.label);
                if (o->form[UTF16])
                    run_row(o, WENC_UTF_8, be, &in, ENCODE, UTF16, API_DECODER);
                if (o->form[UTF8] && make_input(WENC_UTF_16LE, &slice, &le))
                    run_row(o, WENC_UTF_16LE, bench_encoding_for(WENC_UTF_16LE), &le, DECODE, UTF8,
                            API_DECODER);
                free_input(&le);
            }
            free_input(&in);
            buf_free(&slice);
        }
        buf_free(&whole);
    }
}

/* All rows of one encoding. */
static void run_encoding(const options *o, const wenc_encoding *enc)
{
    const bench_encoding *be = bench_encoding_for(enc);
    if (be == NULL)
        return;
    if (!wenc_encoding_is_built_in(enc)) {
        /* A library built with -Dencodings left it out. */
        if (o->csv)
            printf("%s,,,,,,,,,,,,,,,,,,,,,,\"skipped: not built in\",,,,,,,,,\n",
                   wenc_encoding_name(enc));
        else
            printf("%-14s (skipped: not built in, -Dencodings)\n", wenc_encoding_name(enc));
        return;
    }
    bool dec = o->direction[DECODE] && decoder_works(enc);
    bool encd = o->direction[ENCODE] && wenc_encoding_has_encoder(enc) && encoder_works(enc);
    bool u8rows = o->direction[UTF8_ROW] && enc == WENC_UTF_8;
    if ((o->direction[DECODE] && !decoder_works(enc)) ||
        (o->direction[ENCODE] && wenc_encoding_has_encoder(enc) && !encoder_works(enc))) {
        if (o->csv)
            printf("%s,,,,,,,,,,,,,,,,,,,,,,\"skipped: handler not implemented\",,,,,,,,,\n",
                   wenc_encoding_name(enc));
        else
            printf("%-14s (skipped: %s, a placeholder that fails on \"A\")\n",
                   wenc_encoding_name(enc),
                   !decoder_works(enc) && !encoder_works(enc) ? "decoder and encoder"
                   : !decoder_works(enc)                      ? "decoder"
                                                              : "encoder");
    }
    if (!dec && !encd && !u8rows)
        return;

    /* The inputs: (kind, language) pairs. */
    struct {
        int kind;
        char lang[16];
    } todo[2 * MAX_SELECT + 2];
    size_t n = 0;
    if (enc == WENC_X_USER_DEFINED) {
        if (o->kind[KIND_BINARY])
            todo[n++].kind = KIND_BINARY;
    } else {
        if (o->kind[KIND_ASCII])
            todo[n++].kind = KIND_ASCII;
        char langs[128];
        snprintf(langs, sizeof langs, "%s", be->langs);
        char *save = NULL;
        unsigned taken = 0;
        for (char *l = strtok_r(langs, " ", &save); l != NULL; l = strtok_r(NULL, " ", &save)) {
            if (!lang_selected(o, l) || (o->first_lang_only && taken > 0))
                continue;
            taken++;
            for (int k = KIND_HTML; k <= KIND_TEXT; k++) {
                if (o->kind[k] && n < sizeof todo / sizeof todo[0]) {
                    todo[n].kind = k;
                    snprintf(todo[n].lang, sizeof todo[n].lang, "%s", l);
                    n++;
                }
            }
        }
    }

    for (size_t t = 0; t < n; t++) {
        input in = {0};
        buf src = {0};
        bool own = false;
        if (todo[t].kind == KIND_ASCII) {
            if (!get_ascii(o->dir, &src))
                continue;
            own = true;
            snprintf(in.label, sizeof in.label, "ascii");
        } else if (todo[t].kind == KIND_BINARY) {
            get_binary(o->dir, &src);
            own = true;
            snprintf(in.label, sizeof in.label, "binary");
        } else {
            const char *lang = todo[t].lang;
            const source *s = get_source(o->dir, lang);
            if (s == NULL)
                continue;
            src = todo[t].kind == KIND_HTML ? s->html : s->text;
            snprintf(in.label, sizeof in.label, "%s:%s", kind_names[todo[t].kind], lang);
        }
        if (make_input(enc, &src, &in)) {
            if (in.ncrs != 0 && !o->csv)
                printf("%-14s (%s: %zu of %zu characters written as &#N;)\n",
                       wenc_encoding_name(enc), in.label, in.ncrs, in.chars);
            if (in.oneway != 0 && !o->csv) {
                if (in.oneway == SIZE_MAX)
                    printf("%-14s (%s: decoding gives a text of another length)\n",
                           wenc_encoding_name(enc), in.label);
                else
                    printf("%-14s (%s: %zu characters decode to another one: one-way "
                           "mappings)\n",
                           wenc_encoding_name(enc), in.label, in.oneway);
            }
            for (int f = 0; f < 3; f++) {
                if (!o->form[f])
                    continue;
                if (dec)
                    run_row(o, enc, be, &in, DECODE, (enum form)f, API_DECODER);
            }
            for (int f = 0; f < 3; f++) {
                if (!o->form[f])
                    continue;
                if (encd)
                    run_row(o, enc, be, &in, ENCODE, (enum form)f, API_DECODER);
            }
            if (u8rows)
                run_utf8_rows(o, &in);
        }
        free_input(&in);
        if (own)
            buf_free(&src);
    }
}

/* The size of the generated tables in the library this program was built
** with, as linked (tools/table-sizes.py, nm -S): "# tables: ..." (in the
** table output's header; the CSV's last line, which csv.DictReader readers
** such as compare.py skip: it has no direction). */
static void print_tables_line(FILE *f)
{
#ifdef WENC_BENCH_TABLE_SIZES
    fprintf(f, "# tables: %d bytes (%.1f KiB) as linked, profile %s (-Dtables)\n",
            WENC_BENCH_TABLE_BYTES, WENC_BENCH_TABLE_BYTES / 1024.0, WENC_BENCH_TABLE_PROFILE);
#else
    fprintf(f, "# tables: size unknown (no nm at build time)\n");
#endif
}

/* simdutf_kernel_for(): simdutf/kernel_for.h, shared with latin1_bench.c. */
#include "simdutf/kernel_for.h"

/* Chooses simdutf's kernel before its first call (which reads
** SIMDUTF_FORCE_IMPLEMENTATION, once per process): the one for WENC_SIMD,
** unless the variable is set already, which is then obeyed and checked.
** Sets simdutf_kernel (NULL: the peer does not run) and writes the
** header's line into LINE. */
static void simdutf_setup(const options *o, char *line, size_t size)
{
#ifdef WENC_BENCH_SIMDUTF
    const char *set = getenv("WENC_SIMD");
    const char *want = simdutf_kernel_for(set);
    const char *forced = getenv("SIMDUTF_FORCE_IMPLEMENTATION");
    char why[128] = "";
    if (!o->simdutf) {
        snprintf(line, size, "simdutf %s: not run (--no-simdutf)", wb_simdutf_version());
        return;
    }
    if (forced != NULL) {
        snprintf(why, sizeof why, "SIMDUTF_FORCE_IMPLEMENTATION=%s as found%s", forced,
                 want != NULL && strcmp(forced, want) != 0 ? ", NOT the kernel for WENC_SIMD" : "");
        if (!wb_simdutf_kernel_runs(forced)) {
            snprintf(line, size, "simdutf %s: not run (%s: no such kernel for this CPU)",
                     wb_simdutf_version(), why);
            return;
        }
    } else if (want != NULL) {
        if (!wb_simdutf_kernel_runs(want)) {
            snprintf(line, size,
                     "simdutf %s: not run (its kernel %s for WENC_SIMD=%s does not "
                     "run on this CPU)",
                     wb_simdutf_version(), want, set);
            return;
        }
        setenv("SIMDUTF_FORCE_IMPLEMENTATION", want, 1);
        snprintf(why, sizeof why, "forced with SIMDUTF_FORCE_IMPLEMENTATION=%s for WENC_SIMD=%s%s",
                 want, set, strcmp(set, "sse2") == 0 ? ", which simdutf has no kernel for" : "");
    } else {
        snprintf(why, sizeof why, "its own choice: WENC_SIMD %s", set ? "names no set" : "unset");
    }
    const char *active = wb_simdutf_active();
    if (strcmp(active, "unsupported") == 0) {
        snprintf(line, size, "simdutf %s: not run (kernel unsupported; %s)", wb_simdutf_version(),
                 why);
        return;
    }
    simdutf_kernel = active;
    snprintf(line, size, "simdutf %s: kernel %s (%s), on the UTF rows", wb_simdutf_version(),
             active, why);
#else
    (void)o;
    (void)simdutf_kernel_for;
    snprintf(line, size,
             "simdutf: not built in (no simdutf.cpp in -Dsimdutf_dir or "
             "../shared/peers/simdutf, or no C++17 compiler; tests/bench/README.md)");
#endif
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    char simdutf_line[320];
    simdutf_setup(&o, simdutf_line, sizeof simdutf_line);
    if (!o.csv) {
        printf("wenc %s benchmark: %s; %u runs of ~%.0f ms each, median; %s time; "
               "MB = 10^6 bytes of input\n",
               wenc_version(), o.dir ? o.dir : "generated text (no directory given)", o.runs,
               o.duration * 1000, bench_clock == CLOCK_MONOTONIC ? "wall" : "CPU");
        printf("memcpy: of the same input bytes, %s; /memcpy = wenc / memcpy, /peer = wenc / "
               "the fastest peer\n(medians of the per-run ratios; above 1, wenc is faster)\n",
               o.memcpy_own ? "into a buffer of its own" : "into the row's output buffer");
#ifdef WENC_BENCH_ICONV
        printf("peers: %s; ", o.iconv ? "iconv" : "iconv not run");
#else
        printf("peers: iconv not built in (no iconv.h at build time); ");
#endif
#ifdef WENC_BENCH_ICU
        UVersionInfo v;
        char vs[U_MAX_VERSION_STRING_LENGTH];
        u_getVersion(v);
        u_versionToString(v, vs);
        printf("ICU %s%s\n", vs,
               o.icu ? " (not byte-exact: its tables and error handling are not the standard's;"
                       " the note says where its output differs)"
                     : ": not run (--no-icu)");
#else
        printf("ICU: not built in (libicu-dev / pkg-config icu-uc absent at build time)\n");
#endif
#ifdef WENC_BENCH_ENCODING_RS
        printf("encoding_rs %s (encrs), its default build%s\n", WENC_BENCH_ENCODING_RS,
               o.encoding_rs ? "" : ": not run (--no-encoding-rs)");
#else
        printf("encoding_rs: not built in (cargo or librust-encoding-rs-dev absent at build "
               "time, or -Dencoding_rs; tests/bench/README.md)\n");
#endif
        printf("wenc: kernel set WENC_SIMD=%s (unset: the CPU's best); %s\n",
               getenv("WENC_SIMD") ? getenv("WENC_SIMD") : "unset", simdutf_line);
        print_tables_line(stdout);
        printf("\n");
    }
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (encoding_selected(&o, e))
            run_encoding(&o, e);
    }
    if (o.direction[SHORT_ROWS])
        run_short_rows(&o);
    for (size_t i = 0; i < source_count; i++) {
        buf_free(&sources[i].html);
        buf_free(&sources[i].text);
    }
    if (o.csv) {
        print_tables_line(stdout);
        printf("# wenc: WENC_SIMD=%s; %s\n", getenv("WENC_SIMD") ? getenv("WENC_SIMD") : "unset",
               simdutf_line);
    }
    return 0;
}
