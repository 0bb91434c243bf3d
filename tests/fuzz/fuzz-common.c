/* fuzz-common.c -- the helpers of fuzz.h, linked into every fuzz target. */
#include "fuzz.h"
#include "ref.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *fuzz_input_name;
char fuzz_context[256];

const char *const fuzz_form_name[FUZZ_FORMS] = {"UTF-8", "UTF-16", "UTF-32"};
const size_t fuzz_form_unit[FUZZ_FORMS] = {1, 2, 4};

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "\n==== wenc fuzz: invariant failed");
    if (fuzz_input_name != NULL)
        fprintf(stderr, " (input %s)", fuzz_input_name);
    fprintf(stderr, "\n==== case: %s\n==== ", fuzz_context);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    abort();
}

static const wenc_encoding *forced_encoding;
static bool ref_loaded;

bool fuzz_have_ref(void)
{
    return ref_loaded;
}

static bool ref_all;

bool fuzz_compare_ref(const uint8_t *data, size_t size)
{
    if (!ref_loaded)
        return false;
    if (ref_all || size <= FUZZ_REF_SHORT)
        return true;
    /* FNV-1a over the input: cheap, and any change to the input moves it. */
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h % FUZZ_REF_ONE_IN == 0;
}

/* The folder wenc-indexes beside the executable ARGV0, where
** tests/fuzz/oss-fuzz/build.sh puts the index files (a fuzzing service runs
** the targets without our environment variables); NULL if there is none. */
static const char *indexes_beside(const char *argv0)
{
    static char dir[4096];
    const char *slash = argv0 != NULL ? strrchr(argv0, '/') : NULL;
    size_t n = slash != NULL ? (size_t)(slash - argv0) + 1 : 0;
    if (n + sizeof "wenc-indexes/encodings.json" > sizeof dir)
        return NULL;
    memcpy(dir, argv0, n);
    memcpy(dir + n, "wenc-indexes/encodings.json", sizeof "wenc-indexes/encodings.json");
    FILE *f = fopen(dir, "rb");
    if (f == NULL)
        return NULL;
    fclose(f);
    dir[n + sizeof "wenc-indexes" - 1] = '\0';
    return dir;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    const char *dir = getenv("WENC_FUZZ_INDEX_DIR");
#ifdef WENC_FUZZ_INDEX_DIR
    if (dir == NULL)
        dir = WENC_FUZZ_INDEX_DIR;
#endif
    if (dir == NULL && argv != NULL && *argv != NULL)
        dir = indexes_beside((*argv)[0]);
    if (dir != NULL && *dir != '\0') {
        if (ref_load(dir) != 0) {
            fprintf(stderr, "wenc fuzz: cannot load the reference model from %s "
                            "(WENC_FUZZ_INDEX_DIR= turns it off)\n", dir);
            exit(2);
        }
        ref_loaded = true;
    }
    const char *all = getenv("WENC_FUZZ_REF");
    ref_all = all != NULL && strcmp(all, "all") == 0;
    const char *label = getenv("WENC_FUZZ_ENCODING");
    if (label != NULL && *label != '\0') {
        forced_encoding = wenc_encoding_for_label(label, strlen(label));
        if (forced_encoding == NULL) {
            fprintf(stderr, "WENC_FUZZ_ENCODING=%s: unknown label\n", label);
            exit(2);
        }
        fprintf(stderr, "wenc fuzz: every input uses %s\n", wenc_encoding_name(forced_encoding));
    }
    return 0;
}

const wenc_encoding *fuzz_encoding(uint8_t byte)
{
    return forced_encoding != NULL ? forced_encoding
                                   : wenc_encoding_at(byte % WENC_ENCODING_COUNT);
}

bool fuzz_left_out(const wenc_encoding *enc)
{
    if (wenc_encoding_is_built_in(enc))
        return false;
    wenc_decoder d;
    FUZZ_ASSERT(wenc_decoder_init(&d, enc, WENC_DECODER_BOM_SNIFF) == WENC_NOT_BUILT_IN,
                "%s is not built in: decoder init", wenc_encoding_name(enc));
    wenc_encoder e;
    FUZZ_ASSERT(!wenc_encoding_has_encoder(enc) ||
                    wenc_encoder_init(&e, enc, WENC_ENCODER_HTML) == WENC_NOT_BUILT_IN,
                "%s is not built in: encoder init", wenc_encoding_name(enc));
    return true;
}

void fuzz_set_context(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fuzz_context, sizeof fuzz_context, fmt, ap);
    va_end(ap);
}

uint8_t fuzz_byte(fuzz_input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

/* ------------------------------------------------------------------------
** Schedule. */

void fuzz_schedule_read(fuzz_schedule *s, fuzz_input *in)
{
    memset(s, 0, sizeof *s);
    s->count = fuzz_byte(in) & 7u;
    for (unsigned i = 0; i < s->count; i++) {
        s->chunk[i] = fuzz_byte(in);
        s->room[i] = fuzz_byte(in);
    }
}

size_t fuzz_schedule_chunk(fuzz_schedule *s, size_t remaining)
{
    if (s->count == 0)
        return remaining;
    unsigned c = s->chunk[s->next_chunk];
    s->next_chunk = (s->next_chunk + 1) % s->count;
    size_t n;
    if (c < 0x80)
        n = c & 0x1Fu;
    else if (c < 0xC0)
        n = (size_t)(c & 0x3Fu) * 16;
    else
        n = remaining;
    if (n == 0 && s->last_chunk_empty)
        n = 1;
    if (n > remaining)
        n = remaining;
    s->last_chunk_empty = n == 0;
    return n;
}

size_t fuzz_schedule_room(fuzz_schedule *s, size_t bound)
{
    if (s->count == 0)
        return bound;
    unsigned r = s->room[s->next_room];
    s->next_room = (s->next_room + 1) % s->count;
    size_t n;
    if (r == 0)
        n = s->last_room_zero ? 1 : 0;
    else if (r < 0x80)
        n = 1 + (r & 0x0Fu);
    else if (r < 0xC0)
        n = 1 + (size_t)(r & 0x3Fu) * 8;
    else
        n = bound;
    s->last_room_zero = n == 0;
    return n;
}

/* ------------------------------------------------------------------------
** Memory. */

void *fuzz_xmalloc(size_t n)
{
    void *p = malloc(n != 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "wenc fuzz: out of memory\n");
        abort();
    }
    return p;
}

void *fuzz_exact_copy(const void *p, size_t n)
{
    if (n == 0)
        return NULL;
    void *q = fuzz_xmalloc(n);
    memcpy(q, p, n);
    return q;
}

void *fuzz_room_tail(fuzz_room *r, size_t n)
{
    if (n == 0)
        return NULL;
    if (r->cap < n) {
        free(r->p);
        r->p = fuzz_xmalloc(n);
        r->cap = n;
    }
    return r->p + (r->cap - n);
}

void *fuzz_room_copy(fuzz_room *r, const void *p, size_t n)
{
    void *q = fuzz_room_tail(r, n);
    if (n != 0)
        memcpy(q, p, n);
    return q;
}

void fuzz_room_free(fuzz_room *r)
{
    free(r->p);
    r->p = NULL;
    r->cap = 0;
}

/* The targets' own arrays (never handed to the library to write into)
** take their blocks from a small cache of freed ones: under ASan every
** malloc is filled and quarantined, and growing a few dozen arrays per input
** by doubling cost the targets a third of their time.  The buffers the
** library writes (fuzz_room) and the chunks it reads (fuzz_exact_copy)
** never come from here, so the sanitizers still see exactly their bounds. */
#define BLOCK_CACHE 64
static struct {
    void *p;
    size_t bytes;
} block_cache[BLOCK_CACHE];
static size_t blocks_cached;

/* A cached block of at least NEED bytes (the smallest), or a new one of
** NEED; *GOT receives its size. */
static void *block_take(size_t need, size_t *got)
{
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < blocks_cached; i++)
        if (block_cache[i].bytes >= need &&
            (best == SIZE_MAX || block_cache[i].bytes < block_cache[best].bytes))
            best = i;
    if (best == SIZE_MAX) {
        *got = need;
        return fuzz_xmalloc(need);
    }
    void *p = block_cache[best].p;
    *got = block_cache[best].bytes;
    block_cache[best] = block_cache[--blocks_cached];
    return p;
}

static void block_give(void *p, size_t bytes)
{
    if (p == NULL)
        return;
    if (blocks_cached < BLOCK_CACHE) {
        block_cache[blocks_cached].p = p;
        block_cache[blocks_cached].bytes = bytes;
        blocks_cached++;
        return;
    }
    /* Full: keep the larger of P and the smallest cached block. */
    size_t small = 0;
    for (size_t i = 1; i < BLOCK_CACHE; i++)
        if (block_cache[i].bytes < block_cache[small].bytes)
            small = i;
    if (block_cache[small].bytes < bytes) {
        free(block_cache[small].p);
        block_cache[small].p = p;
        block_cache[small].bytes = bytes;
    } else {
        free(p);
    }
}

void fuzz_buf_init(fuzz_buf *b, size_t element_size)
{
    b->p = NULL;
    b->len = b->cap = 0;
    b->size = element_size;
}

void fuzz_buf_free(fuzz_buf *b)
{
    block_give(b->p, b->cap * b->size);
    fuzz_buf_init(b, b->size);
}

void fuzz_buf_clear(fuzz_buf *b)
{
    b->len = 0;
}

void fuzz_buf_append(fuzz_buf *b, const void *elements, size_t count)
{
    if (count == 0)
        return;
    if (b->cap - b->len < count) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap - b->len < count)
            cap *= 2;
        size_t got;
        unsigned char *p = block_take(cap * b->size, &got);
        if (b->len != 0)
            memcpy(p, b->p, b->len * b->size);
        block_give(b->p, b->cap * b->size);
        b->p = p;
        b->cap = got / b->size;
    }
    memcpy(b->p + b->len * b->size, elements, count * b->size);
    b->len += count;
}

void fuzz_buf_push_u32(fuzz_buf *b, uint32_t v)
{
    fuzz_buf_append(b, &v, 1);
}

static void *counting_alloc(void *ctx, size_t size)
{
    fuzz_allocator *fa = ctx;
    fa->calls++;
    FUZZ_ASSERT(size != 0, "the library asked its allocator for 0 bytes");
    if (fa->fail)
        return NULL;
    void *p = malloc(size);
    if (p == NULL)
        abort();
    fa->live++;
    fa->last_size = size;
    return p;
}

static void counting_free(void *ctx, void *ptr)
{
    fuzz_allocator *fa = ctx;
    FUZZ_ASSERT(ptr != NULL, "the library freed NULL through its allocator");
    fa->live--;
    free(ptr);
}

void fuzz_allocator_init(fuzz_allocator *fa)
{
    memset(fa, 0, sizeof *fa);
    fa->a.alloc = counting_alloc;
    fa->a.free = counting_free;
    fa->a.ctx = fa;
}

/* ------------------------------------------------------------------------
** Unicode. */

/* The Encoding Standard's UTF-8 decoder, transcribed step by step, over
** S[0..N).  Calls EMIT for each item with the offset of the sequence's
** first byte; an error is cp == UINT32_MAX. */
typedef void (*utf8_emit_fn)(void *ctx, uint32_t cp, size_t offset);

static void standard_utf8_decode(const uint8_t *s, size_t n, utf8_emit_fn emit, void *ctx)
{
    uint32_t cp = 0;
    unsigned seen = 0, needed = 0, lower = 0x80, upper = 0xBF;
    size_t start = 0;
    size_t i = 0;
    for (;;) {
        if (i == n) {
            /* 1. End-of-queue with bytes needed: error.  2. Finished. */
            if (needed != 0)
                emit(ctx, UINT32_MAX, start);
            return;
        }
        unsigned byte = s[i];
        if (needed == 0) {
            /* 3. */
            start = i;
            i++;
            if (byte <= 0x7F) {
                emit(ctx, byte, start);
            } else if (byte >= 0xC2 && byte <= 0xDF) {
                needed = 1;
                cp = byte & 0x1F;
            } else if (byte >= 0xE0 && byte <= 0xEF) {
                if (byte == 0xE0)
                    lower = 0xA0;
                if (byte == 0xED)
                    upper = 0x9F;
                needed = 2;
                cp = byte & 0xF;
            } else if (byte >= 0xF0 && byte <= 0xF4) {
                if (byte == 0xF0)
                    lower = 0x90;
                if (byte == 0xF4)
                    upper = 0x8F;
                needed = 3;
                cp = byte & 0x7;
            } else {
                emit(ctx, UINT32_MAX, start);
            }
            continue;
        }
        /* 4. Out of range: reset, restore the byte (do not advance), error. */
        if (byte < lower || byte > upper) {
            cp = 0;
            needed = seen = 0;
            lower = 0x80;
            upper = 0xBF;
            emit(ctx, UINT32_MAX, start);
            continue;
        }
        /* 5-9. */
        i++;
        lower = 0x80;
        upper = 0xBF;
        cp = (cp << 6) | (byte & 0x3F);
        seen++;
        if (seen != needed)
            continue;
        emit(ctx, cp, start);
        cp = 0;
        needed = seen = 0;
    }
}

struct strict_ctx {
    fuzz_buf *cps, *at_unit;
    size_t bad;          /* first ill-formed offset */
    size_t next;         /* next unit index to fill in at_unit */
    size_t count;        /* code points so far */
};

static void strict_emit(void *vctx, uint32_t cp, size_t offset)
{
    struct strict_ctx *c = vctx;
    if (cp == UINT32_MAX) {
        if (c->bad == SIZE_MAX)
            c->bad = offset;
        return;
    }
    if (c->at_unit != NULL) {
        while (c->next <= offset) {
            fuzz_buf_append(c->at_unit, &c->count, 1);
            c->next++;
        }
    }
    fuzz_buf_push_u32(c->cps, cp);
    c->count++;
}

size_t fuzz_units_to_cps(int form, const void *units, size_t len, fuzz_buf *cps,
                         fuzz_buf *at_unit)
{
    struct strict_ctx c = {cps, at_unit, SIZE_MAX, 0, 0};
    if (form == FUZZ_UTF8) {
        standard_utf8_decode(units, len, strict_emit, &c);
    } else if (form == FUZZ_UTF16) {
        const uint16_t *u = units;
        for (size_t i = 0; i < len; i++) {
            uint32_t a = u[i];
            if (a >= 0xD800 && a <= 0xDBFF && i + 1 < len && u[i + 1] >= 0xDC00 &&
                u[i + 1] <= 0xDFFF) {
                strict_emit(&c, 0x10000 + ((a - 0xD800) << 10) + (u[i + 1] - 0xDC00u), i);
                i++;
            } else if (a >= 0xD800 && a <= 0xDFFF) {
                strict_emit(&c, UINT32_MAX, i);
            } else {
                strict_emit(&c, a, i);
            }
        }
    } else {
        const uint32_t *u = units;
        for (size_t i = 0; i < len; i++)
            strict_emit(&c, fuzz_is_scalar(u[i]) ? u[i] : UINT32_MAX, i);
    }
    if (at_unit != NULL) {
        while (c.next <= len) {
            fuzz_buf_append(at_unit, &c.count, 1);
            c.next++;
        }
    }
    return c.bad;
}

size_t fuzz_put_cp(int form, uint32_t cp, fuzz_buf *out)
{
    if (form == FUZZ_UTF8) {
        uint8_t b[4];
        size_t n;
        if (cp < 0x80) {
            b[0] = (uint8_t)cp;
            n = 1;
        } else if (cp < 0x800) {
            b[0] = (uint8_t)(0xC0 | cp >> 6);
            b[1] = (uint8_t)(0x80 | (cp & 0x3F));
            n = 2;
        } else if (cp < 0x10000) {
            b[0] = (uint8_t)(0xE0 | cp >> 12);
            b[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
            b[2] = (uint8_t)(0x80 | (cp & 0x3F));
            n = 3;
        } else {
            b[0] = (uint8_t)(0xF0 | cp >> 18);
            b[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
            b[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
            b[3] = (uint8_t)(0x80 | (cp & 0x3F));
            n = 4;
        }
        fuzz_buf_append(out, b, n);
        return n;
    }
    if (form == FUZZ_UTF16) {
        uint16_t u[2];
        if (cp < 0x10000) {
            u[0] = (uint16_t)cp;
            fuzz_buf_append(out, u, 1);
            return 1;
        }
        u[0] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
        u[1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        fuzz_buf_append(out, u, 2);
        return 2;
    }
    fuzz_buf_push_u32(out, cp);
    return 1;
}

struct scalar_ctx {
    fuzz_buf *out;
};

static void scalar_emit(void *vctx, uint32_t cp, size_t offset)
{
    struct scalar_ctx *c = vctx;
    fuzz_scalar s = {cp == UINT32_MAX ? 0xFFFDu : cp, offset, cp == UINT32_MAX};
    fuzz_buf_append(c->out, &s, 1);
}

void fuzz_scalars(int form, const void *units, size_t len, fuzz_buf *out)
{
    struct scalar_ctx c = {out};
    if (form == FUZZ_UTF8) {
        standard_utf8_decode(units, len, scalar_emit, &c);
    } else if (form == FUZZ_UTF16) {
        /* JavaScript's "convert a string into a scalar value string". */
        const uint16_t *u = units;
        for (size_t i = 0; i < len; i++) {
            uint32_t a = u[i];
            if (a >= 0xD800 && a <= 0xDBFF && i + 1 < len && u[i + 1] >= 0xDC00 &&
                u[i + 1] <= 0xDFFF) {
                scalar_emit(&c, 0x10000 + ((a - 0xD800) << 10) + (u[i + 1] - 0xDC00u), i);
                i++;
            } else {
                scalar_emit(&c, a >= 0xD800 && a <= 0xDFFF ? UINT32_MAX : a, i);
            }
        }
    } else {
        const uint32_t *u = units;
        for (size_t i = 0; i < len; i++)
            scalar_emit(&c, fuzz_is_scalar(u[i]) ? u[i] : UINT32_MAX, i);
    }
}

void fuzz_append_ncr(fuzz_buf *out, uint32_t cp)
{
    char s[16];
    int n = snprintf(s, sizeof s, "&#%lu;", (unsigned long)cp);
    fuzz_buf_append(out, s, (size_t)n);
}

static uint32_t element(const fuzz_buf *b, size_t i)
{
    if (b->size == 1)
        return b->p[i];
    if (b->size == 2)
        return FUZZ_BUF_AT(b, uint16_t, i);
    return FUZZ_BUF_AT(b, uint32_t, i);
}

static void dump_range(const char *label, const fuzz_buf *b, size_t from)
{
    fprintf(stderr, "  %s (%zu) from %zu:", label, b->len, from);
    for (size_t i = from; i < b->len && i < from + 24; i++)
        fprintf(stderr, " %0*lX", (int)b->size * 2, (unsigned long)element(b, i));
    fprintf(stderr, b->len > from + 24 ? " ...\n" : "\n");
}

void fuzz_dump_diff(const char *la, const fuzz_buf *a, const char *lb, const fuzz_buf *b)
{
    size_t i = 0;
    while (i < a->len && i < b->len && element(a, i) == element(b, i))
        i++;
    fprintf(stderr, "  first difference at element %zu\n", i);
    size_t from = i > 8 ? i - 8 : 0;
    dump_range(la, a, from);
    dump_range(lb, b, from);
}

void fuzz_dump(const char *label, const fuzz_buf *b)
{
    fprintf(stderr, "  %s (%zu):", label, b->len);
    for (size_t i = 0; i < b->len && i < 48; i++) {
        uint32_t v;
        if (b->size == 1)
            v = b->p[i];
        else if (b->size == 2)
            v = FUZZ_BUF_AT(b, uint16_t, i);
        else
            v = FUZZ_BUF_AT(b, uint32_t, i);
        fprintf(stderr, " %0*lX", (int)b->size * 2, (unsigned long)v);
    }
    fprintf(stderr, b->len > 48 ? " ...\n" : "\n");
}
