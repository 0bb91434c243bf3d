/* bench.c -- wenc's benchmark program: MB/s of every decoder (to UTF-8,
** UTF-16, UTF-32) and encoder (from UTF-8, UTF-16, UTF-32), with glibc iconv
** converting the same input in the same run as a peer.  Not a test: it
** asserts nothing about speed.  `wenc-bench --help` and tests/bench/README.md
** explain the options, the inputs and how to read the table.
**
** Structure, for whoever adds rows (issue 7's validate/count rows go in
** utf8_rows[] below): every figure is the median of timed runs of a `pass`
** (one whole conversion of one input buffer), interleaved with the peer's
** runs; measure() does the timing and knows nothing about encodings. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <iconv.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wenc/wenc.h>

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

#define MAX_RUNS 101

typedef struct contender {
    pass_fn pass;
    void *ctx;
    unsigned long reps;
    double t[MAX_RUNS];
} contender;

typedef struct options options;

static speed to_speed(const contender *c, unsigned runs, size_t bytes)
{
    double mb[MAX_RUNS];
    for (unsigned i = 0; i < runs; i++)
        mb[i] = (double)bytes * (double)c->reps / (c->t[i] > 0 ? c->t[i] : 1e-9) / 1e6;
    qsort(mb, runs, sizeof mb[0], cmp_double);
    double median = runs % 2 ? mb[runs / 2] : (mb[runs / 2 - 1] + mb[runs / 2]) / 2;
    return (speed){median, mb[0], mb[runs - 1]};
}

/* Times A and B (B may have pass == NULL) over BYTES of input: RUNS runs
** each, alternating A, B, A, B... so that a change in the machine's load
** hits both.  Returns false if a pass failed. */
static bool measure(contender *a, contender *b, size_t bytes, unsigned runs, double target,
                    speed *sa, speed *sb)
{
    contender *cs[2] = {a, b};
    unsigned k = b != NULL && b->pass != NULL ? 2 : 1;
    for (unsigned i = 0; i < k; i++) {
        cs[i]->reps = fixed_passes ? fixed_passes : calibrate(cs[i]->pass, cs[i]->ctx, target);
        if (cs[i]->reps == 0)
            return false;
    }
    for (unsigned r = 0; r < runs; r++) {
        for (unsigned i = 0; i < k; i++) {
            cs[i]->t[r] = time_passes(cs[i]->pass, cs[i]->ctx, cs[i]->reps);
            if (cs[i]->t[r] < 0)
                return false;
        }
    }
    *sa = to_speed(a, runs, bytes);
    if (k == 2)
        *sb = to_speed(b, runs, bytes);
    return true;
}

/* ------------------------------------------------------------------------
** Passes: wenc and iconv.  A context holds the input, an output buffer big
** enough for the whole output, and what the last pass wrote. */

enum direction { DECODE, ENCODE, UTF8_ROW };
enum form { UTF8, UTF16, UTF32 };
static const char *const form_names[] = {"utf8", "utf16", "utf32"};
static const size_t form_unit[] = {1, 2, 4};

typedef struct wenc_ctx {
    const wenc_encoding *encoding;
    enum form form;
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

typedef struct utf8_row {
    const char *name; /* the form column: "validate", "count" ... */
    utf8_fn wenc;
    const char *peer_name;
    utf8_fn peer;
} utf8_row;

static const utf8_row utf8_rows[] = {
    {"valid-by-dec", validate_by_decoding, NULL, NULL},
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
} bench_encoding;

#define ALL_LANGS "en de fr pt cs tr ru el he ar th vi ja zh_cn zh_tw ko"

static const bench_encoding bench_encodings[] = {
    {"UTF-8", ALL_LANGS, {"UTF-8"}},
    {"IBM866", "ru", {"IBM866", "CP866"}},
    {"ISO-8859-2", "cs", {"ISO-8859-2"}},
    {"ISO-8859-3", "tr", {"ISO-8859-3"}},
    {"ISO-8859-4", "de", {"ISO-8859-4"}},
    {"ISO-8859-5", "ru", {"ISO-8859-5"}},
    {"ISO-8859-6", "ar", {"ISO-8859-6"}},
    {"ISO-8859-7", "el", {"ISO-8859-7"}},
    {"ISO-8859-8", "he", {"ISO-8859-8"}},
    {"ISO-8859-8-I", "he", {"ISO-8859-8"}},
    {"ISO-8859-10", "de", {"ISO-8859-10"}},
    {"ISO-8859-13", "de", {"ISO-8859-13"}},
    {"ISO-8859-14", "fr", {"ISO-8859-14"}},
    {"ISO-8859-15", "fr", {"ISO-8859-15"}},
    {"ISO-8859-16", "fr", {"ISO-8859-16"}},
    {"KOI8-R", "ru", {"KOI8-R"}},
    {"KOI8-U", "ru", {"KOI8-U", "KOI8-RU"}},
    {"macintosh", "fr", {"MACINTOSH"}},
    {"windows-874", "th", {"CP874"}},
    {"windows-1250", "cs", {"CP1250"}},
    {"windows-1251", "ru", {"CP1251"}},
    {"windows-1252", "de fr pt en", {"CP1252"}},
    {"windows-1253", "el", {"CP1253"}},
    {"windows-1254", "tr", {"CP1254"}},
    {"windows-1255", "he", {"CP1255"}},
    {"windows-1256", "ar", {"CP1256"}},
    {"windows-1257", "de", {"CP1257"}},
    {"windows-1258", "vi", {"CP1258"}},
    {"x-mac-cyrillic", "ru", {"MAC-CYRILLIC", "MACUKRAINIAN"}},
    {"GBK", "zh_cn", {"GBK", "GB18030"}},
    {"gb18030", "zh_cn", {"GB18030"}},
    {"Big5", "zh_tw", {"BIG5-HKSCS", "BIG5"}},
    {"EUC-JP", "ja", {"EUC-JP", "EUC-JP-MS"}},
    {"ISO-2022-JP", "ja", {"ISO-2022-JP", "ISO-2022-JP-3", "ISO-2022-JP-2"}},
    {"Shift_JIS", "ja", {"CP932", "SHIFT_JIS"}},
    {"EUC-KR", "ko", {"CP949", "EUC-KR"}},
    {"UTF-16BE", "en ja", {"UTF-16BE"}},
    {"UTF-16LE", "en ja", {"UTF-16LE"}},
    /* x-user-defined is for binary data (XHR's "binary string"). */
    {"x-user-defined", "", {NULL}},
    /* replacement: nothing to measure. */
};

static const bench_encoding *bench_encoding_for(const wenc_encoding *e)
{
    for (size_t i = 0; i < sizeof bench_encodings / sizeof bench_encodings[0]; i++)
        if (strcmp(bench_encodings[i].name, wenc_encoding_name(e)) == 0)
            return &bench_encodings[i];
    return NULL;
}

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
    char label[24]; /* "html:ja" */
    buf bytes;
    buf text[3];    /* by form; UTF-16/32 in host order */
    buf decoded[3]; /* wenc's decoding of `bytes`, by form */
    size_t ncrs;    /* characters written as &#N; */
    size_t chars;   /* characters of the source */
    size_t oneway;  /* characters of `text` that decode to another one */
    bool roundtrip; /* `decoded` encodes back to `bytes` */
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
    bool direction[3]; /* DECODE, ENCODE, UTF8_ROW */
    bool form[3];
    bool kind[4]; /* ascii, html, text, binary */
    unsigned runs;
    double duration; /* seconds per run */
    bool iconv;
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
          "several runs, with glibc iconv converting the same input in the same run.\n"
          "DIR holds <lang>.html and <lang>.txt in UTF-8 (e.g. ../shared/bench-corpus/wikipedia)\n"
          "and binary.jpg; without it the program generates its own text.\n"
          "\n"
          "  -e, --encoding LABEL   only this encoding (repeatable; default: all)\n"
          "  -l, --lang LANG        only text in this language (repeatable; e.g. ja, ru)\n"
          "  -k, --kind KIND        ascii, html, text or binary (repeatable; default: all)\n"
          "  -d, --direction DIR    decode or encode (repeatable; default: both)\n"
          "  -f, --form FORM        utf8, utf16 or utf32: the decoders' output, the encoders'\n"
          "                         input (repeatable; default: all three)\n"
          "  -r, --runs N           timed runs per figure, median reported (default 7)\n"
          "  -t, --time MS          length of a run in milliseconds (default 50)\n"
          "  -p, --passes N         N conversions per run instead of -t (for profilers)\n"
          "      --no-iconv         do not run iconv\n"
          "      --validate         also time the rows over UTF-8 buffers (validation)\n"
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
    *o = (options){.runs = 7, .duration = 0.050, .iconv = true};
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
        } else if (strcmp(a, "--validate") == 0) {
            o->direction[UTF8_ROW] = true;
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
    const char *direction; /* "decode", "encode", "utf8" */
    const char *form;
    const char *input; /* "html:ja" */
    size_t bytes;      /* input bytes per pass */
    speed wenc;
    speed peer;            /* mbps < 0: none */
    const char *peer_name; /* iconv's name for the encoding, or NULL */
    char note[96];
} row;

static void print_header(const options *o)
{
    if (o->csv) {
        puts("encoding,direction,form,input,input_bytes,wenc_mbps,wenc_min,wenc_max,"
             "iconv_mbps,iconv_min,iconv_max,ratio,iconv_name,note");
        return;
    }
    printf("%-14s %-17s %-11s %8s %10s %10s %6s  %s\n", "encoding", "direction", "input", "size KB",
           "wenc MB/s", "iconv MB/s", "ratio", "iconv name / note");
    printf("%-14s %-17s %-11s %8s %10s %10s %6s  %s\n", "--------", "---------", "-----", "-------",
           "---------", "---------", "-----", "-----------------");
}

static void print_row(const options *o, const row *r)
{
    double ratio = r->peer.mbps > 0 && r->wenc.mbps > 0 ? r->wenc.mbps / r->peer.mbps : -1;
    if (o->csv) {
        printf("%s,%s,%s,%s,%zu,", r->encoding, r->direction, r->form, r->input, r->bytes);
        if (r->wenc.mbps >= 0)
            printf("%.1f,%.1f,%.1f,", r->wenc.mbps, r->wenc.min, r->wenc.max);
        else
            printf(",,,");
        if (r->peer.mbps >= 0)
            printf("%.1f,%.1f,%.1f,", r->peer.mbps, r->peer.min, r->peer.max);
        else
            printf(",,,");
        if (ratio >= 0)
            printf("%.3f,", ratio);
        else
            printf(",");
        printf("%s,\"%s\"\n", r->peer_name ? r->peer_name : "", r->note);
    } else {
        char dirform[32], w[16] = "-", p[16] = "-", q[16] = "-";
        snprintf(dirform, sizeof dirform, "%s/%s", r->direction, r->form);
        if (r->wenc.mbps >= 0)
            snprintf(w, sizeof w, "%.1f", r->wenc.mbps);
        if (r->peer.mbps >= 0)
            snprintf(p, sizeof p, "%.1f", r->peer.mbps);
        if (ratio >= 0)
            snprintf(q, sizeof q, "%.2f", ratio);
        char tail[160];
        snprintf(tail, sizeof tail, "%s%s%s", r->peer_name ? r->peer_name : "",
                 r->peer_name && r->note[0] ? "; " : "", r->note);
        printf("%-14s %-17s %-11s %8.1f %10s %10s %6s  %s\n", r->encoding, dirform, r->input,
               (double)r->bytes / 1024, w, p, q, tail);
    }
    fflush(stdout);
}

static void note(row *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

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

/* One row: the encoding's decoder or encoder on IN in form F. */
static void run_row(const options *o, const wenc_encoding *enc, const bench_encoding *be, input *in,
                    enum direction dir, enum form f)
{
    bool decode = dir == DECODE;
    row r = {
        .encoding = wenc_encoding_name(enc),
        .direction = decode ? "decode" : "encode",
        .form = form_names[f],
        .input = in->label,
        .wenc = {-1, -1, -1},
        .peer = {-1, -1, -1},
    };
    /* Input, expected output, and room for it. */
    const buf *src = decode ? &in->bytes : &in->text[f];
    const buf *want = decode ? &in->decoded[f] : &in->bytes;
    r.bytes = src->n;
    wenc_ctx w = {
        .encoding = enc, .form = f, .src = src->p, .src_len = src->n / (decode ? 1 : form_unit[f])};
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
    contender cw = {decode ? wenc_decode_pass : wenc_encode_pass, &w, 0, {0}};

    iconv_ctx ic = {.cd = (iconv_t)-1,
                    .src = (char *)src->p,
                    .src_len = src->n,
                    .dst = xmalloc(cap_bytes),
                    .dst_len = cap_bytes};
    contender ci = {iconv_pass, &ic, 0, {0}};
    bool peer = false;
    if (o->iconv && be->iconv[0] != NULL) {
        r.peer_name = choose_iconv(be->iconv, decode, f, &ic, want, &r);
        peer = r.peer_name != NULL;
    } else if (o->iconv) {
        note(&r, "iconv has no such encoding");
    }

    /* wenc's output must be the expected one (else the figures mean
    ** little: say so). */
    if (!cw.pass(cw.ctx)) {
        note(&r, "wenc fails on this input");
    } else {
        if (!same_output(w.dst, w.out * out_unit, want) || (decode && !in->roundtrip))
            note(&r, "wenc output is not the expected one");
        speed sw, si;
        if (measure(&cw, peer ? &ci : NULL, src->n, o->runs, o->duration, &sw, &si)) {
            r.wenc = sw;
            if (peer)
                r.peer = si;
        } else {
            note(&r, "a pass failed while timing");
        }
    }
    print_row(o, &r);
    if (ic.cd != (iconv_t)-1)
        iconv_close(ic.cd);
    free(w.dst);
    free(ic.dst);
}

/* The utf8_rows[] over a UTF-8 input. */
static void run_utf8_rows(const options *o, input *in)
{
    for (size_t i = 0; i < sizeof utf8_rows / sizeof utf8_rows[0]; i++) {
        const utf8_row *u = &utf8_rows[i];
        row r = {.encoding = "UTF-8",
                 .direction = "utf8",
                 .form = u->name,
                 .input = in->label,
                 .bytes = in->bytes.n,
                 .wenc = {-1, -1, -1},
                 .peer = {-1, -1, -1},
                 .peer_name = u->peer_name};
        utf8_ctx cw = {u->wenc, in->bytes.p, in->bytes.n, 0};
        utf8_ctx cp = {u->peer, in->bytes.p, in->bytes.n, 0};
        contender a = {utf8_pass, &cw, 0, {0}}, b = {u->peer ? utf8_pass : NULL, &cp, 0, {0}};
        speed sa, sb;
        if (measure(&a, &b, in->bytes.n, o->runs, o->duration, &sa, &sb)) {
            r.wenc = sa;
            if (u->peer)
                r.peer = sb;
        } else {
            note(&r, "fails on this input");
        }
        print_row(o, &r);
    }
}

/* All rows of one encoding. */
static void run_encoding(const options *o, const wenc_encoding *enc)
{
    const bench_encoding *be = bench_encoding_for(enc);
    if (be == NULL)
        return;
    bool dec = o->direction[DECODE] && decoder_works(enc);
    bool encd = o->direction[ENCODE] && wenc_encoding_has_encoder(enc) && encoder_works(enc);
    bool u8rows = o->direction[UTF8_ROW] && enc == WENC_UTF_8;
    if ((o->direction[DECODE] && !decoder_works(enc)) ||
        (o->direction[ENCODE] && wenc_encoding_has_encoder(enc) && !encoder_works(enc))) {
        if (o->csv)
            printf("%s,,,,,,,,,,,,,\"skipped: handler not implemented\"\n",
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
                    run_row(o, enc, be, &in, DECODE, (enum form)f);
            }
            for (int f = 0; f < 3; f++) {
                if (!o->form[f])
                    continue;
                if (encd)
                    run_row(o, enc, be, &in, ENCODE, (enum form)f);
            }
            if (u8rows)
                run_utf8_rows(o, &in);
        }
        free_input(&in);
        if (own)
            buf_free(&src);
    }
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    if (!o.csv) {
        printf("wenc %s benchmark: %s; %u runs of ~%.0f ms each, median; %s time; "
               "MB = 10^6 bytes of input\n",
               wenc_version(), o.dir ? o.dir : "generated text (no directory given)", o.runs,
               o.duration * 1000, bench_clock == CLOCK_MONOTONIC ? "wall" : "CPU");
        printf("ratio = wenc / iconv (glibc %s): above 1, wenc is faster\n\n",
               o.iconv ? "iconv" : "iconv not run");
    }
    print_header(&o);
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (encoding_selected(&o, e))
            run_encoding(&o, e);
    }
    for (size_t i = 0; i < source_count; i++) {
        buf_free(&sources[i].html);
        buf_free(&sources[i].text);
    }
    return 0;
}
