/* ref.c -- the tests' reference model of the WHATWG Encoding Standard (see
 * ref.h).  Every handler is transcribed step by step from encoding.bs, and
 * comments carry the standard's step numbers.  It favours being obviously
 * correct over being fast, and shares no code with the library. */

#include "ref.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===================================================================== */
/* Small helpers                                                          */
/* ===================================================================== */

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define PRINTF_LIKE(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* A misuse of the model or a broken invariant: say why and stop.  The model
 * is only used by tests, where failing loudly is the right thing to do. */
static void die(const char *fmt, ...) PRINTF_LIKE(1, 2);
static void die(const char *fmt, ...)
{
    va_list ap;
    fputs("ref model: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

static void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        die("out of memory");
    return q;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

/* Reads a whole file; returns NULL (and prints why) on failure. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "ref_load: cannot open %s\n", path);
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            buf = xrealloc(buf, cap + 1);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        fprintf(stderr, "ref_load: cannot read %s\n", path);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* ===================================================================== */
/* Indexes                                                                */
/* ===================================================================== */

/* A reverse map from code point to pointer: a two-level table of 256-entry
 * pages, allocated on demand, so that a lookup is O(1) and memory stays small.
 * -1 means null. */
#define REV_PAGES ((0x10FFFF >> 8) + 1)
typedef struct revmap {
    int32_t *page[REV_PAGES];
} revmap;

static int32_t rev_get(const revmap *m, uint32_t cp)
{
    if (cp > 0x10FFFF || !m->page[cp >> 8])
        return -1;
    return m->page[cp >> 8][cp & 0xFF];
}

static void rev_set(revmap *m, uint32_t cp, int32_t pointer)
{
    int32_t **page = &m->page[cp >> 8];
    if (!*page) {
        *page = xrealloc(NULL, 256 * sizeof **page);
        for (int i = 0; i < 256; i++)
            (*page)[i] = -1;
    }
    (*page)[cp & 0xFF] = pointer;
}

static void rev_free(revmap *m)
{
    for (size_t i = 0; i < REV_PAGES; i++) {
        free(m->page[i]);
        m->page[i] = NULL;
    }
}

typedef struct entry {
    uint32_t pointer;
    uint32_t cp;
} entry;

typedef struct index_data {
    const char *name;       /* as in index_names[] */
    entry *entries;         /* in file (= index) order */
    size_t n;
    int32_t *by_pointer;    /* pointer -> code point, -1 = null */
    uint32_t max_pointer;
    revmap first;           /* code point -> first pointer ("index pointer") */
} index_data;

/* Every index the standard defines, named as in its file name
 * index-NAME.txt: the multi-byte table in "Indexes", then the single-byte
 * table in "Legacy single-byte encodings". */
static const char *const index_names[] = {
    "big5", "euc-kr", "gb18030", "gb18030-ranges", "jis0208", "jis0212",
    "iso-2022-jp-katakana",
    "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
    "iso-8859-7", "iso-8859-8", "iso-8859-10", "iso-8859-13", "iso-8859-14",
    "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874",
    "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
    "windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
};
#define NINDEX (sizeof index_names / sizeof index_names[0])

typedef struct encoding_entry {
    char *name;
    char **labels;
    size_t nlabels;
} encoding_entry;

/* Everything ref_load() fills; nothing else in the model is mutable. */
static struct model {
    bool loaded;
    index_data *index[NINDEX];
    revmap shift_jis;       /* "index Shift_JIS pointer" */
    revmap big5;            /* "index Big5 pointer" */
    encoding_entry *enc;
    size_t nenc;
} M;

/* Parses the decimal pointer of an index line.  The files right-align the
 * pointer with spaces ("    0"), so leading spaces are skipped. */
static bool parse_pointer(const char *s, const char *end, uint32_t *out)
{
    while (s < end && *s == ' ')
        s++;
    if (s == end)
        return false;
    uint64_t v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
        if (v > 10000000)   /* far above any pointer the standard uses */
            return false;
    }
    *out = (uint32_t)v;
    return true;
}

/* Parses the hexadecimal code point of an index line ("0x3000"). */
static bool parse_code_point(const char *s, const char *end, uint32_t *out)
{
    if (end - s < 3 || s[0] != '0' || s[1] != 'x')
        return false;
    uint32_t v = 0;
    for (s += 2; s < end; s++) {
        int d;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (*s >= 'A' && *s <= 'F')
            d = *s - 'A' + 10;
        else if (*s >= 'a' && *s <= 'f')
            d = *s - 'a' + 10;
        else
            return false;
        v = v * 16 + (uint32_t)d;
        if (v > 0x10FFFF)
            return false;
    }
    *out = v;
    return true;
}

/* "Indexes": split the contents on U+000A LF; remove each line that is the
 * empty string or starts with U+0023 (#); split each remaining line on U+0009
 * TAB; the first subitem is the pointer (decimal), the second the code point
 * (hexadecimal); other subitems are not relevant. */
static index_data *load_index(const char *dir, const char *name)
{
    size_t plen = strlen(dir) + strlen(name) + 16;
    char *path = xrealloc(NULL, plen);
    snprintf(path, plen, "%s/index-%s.txt", dir, name);
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        free(path);
        return NULL;
    }

    index_data *ix = xcalloc(1, sizeof *ix);
    ix->name = name;
    size_t cap = 0, lineno = 0;
    const char *p = text, *end = text + len;
    bool ok = true;
    while (p <= end && ok) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        lineno++;
        if (eol > p && *p != '#') {
            const char *tab1 = memchr(p, '\t', (size_t)(eol - p));
            const char *sub2 = tab1 ? tab1 + 1 : NULL;
            const char *tab2 = sub2 ? memchr(sub2, '\t', (size_t)(eol - sub2)) : NULL;
            const char *sub2end = tab2 ? tab2 : eol;
            entry e;
            if (!tab1 || !parse_pointer(p, tab1, &e.pointer) ||
                !parse_code_point(sub2, sub2end, &e.cp)) {
                fprintf(stderr, "ref_load: %s:%zu: cannot parse the line\n", path, lineno);
                ok = false;
                break;
            }
            if (ix->n == cap) {
                cap = cap ? cap * 2 : 256;
                ix->entries = xrealloc(ix->entries, cap * sizeof *ix->entries);
            }
            ix->entries[ix->n++] = e;
        }
        p = eol + 1;
    }
    free(text);

    if (ok && ix->n == 0) {
        fprintf(stderr, "ref_load: %s: no entries\n", path);
        ok = false;
    }
    if (ok) {
        for (size_t i = 0; i < ix->n; i++)
            if (ix->entries[i].pointer > ix->max_pointer)
                ix->max_pointer = ix->entries[i].pointer;
        ix->by_pointer = xrealloc(NULL, ((size_t)ix->max_pointer + 1) * sizeof *ix->by_pointer);
        for (uint32_t i = 0; i <= ix->max_pointer; i++)
            ix->by_pointer[i] = -1;
        for (size_t i = 0; i < ix->n && ok; i++) {
            const entry *e = &ix->entries[i];
            /* "Within an index pointers are unique". */
            if (ix->by_pointer[e->pointer] != -1) {
                fprintf(stderr, "ref_load: %s: pointer %u occurs twice\n", path,
                        (unsigned)e->pointer);
                ok = false;
            }
            ix->by_pointer[e->pointer] = (int32_t)e->cp;
            /* "index pointer": the *first* pointer for the code point. */
            if (rev_get(&ix->first, e->cp) == -1)
                rev_set(&ix->first, e->cp, (int32_t)e->pointer);
        }
    }
    free(path);
    if (!ok) {
        rev_free(&ix->first);
        free(ix->by_pointer);
        free(ix->entries);
        free(ix);
        return NULL;
    }
    return ix;
}

static void free_index(index_data *ix)
{
    if (!ix)
        return;
    rev_free(&ix->first);
    free(ix->by_pointer);
    free(ix->entries);
    free(ix);
}

static const index_data *find_index(const char *name)
{
    if (!M.loaded)
        die("ref_load() has not succeeded");
    for (size_t i = 0; i < NINDEX; i++)
        if (strcmp(index_names[i], name) == 0)
            return M.index[i];
    die("unknown index \"%s\"", name);
    return NULL;
}

/* The standard's "index code point" for POINTER in IX (-1 = null). */
static int32_t index_code_point(const index_data *ix, uint32_t pointer)
{
    return pointer <= ix->max_pointer ? ix->by_pointer[pointer] : -1;
}

/* The standard's "index pointer" for CP in IX (-1 = null). */
static int32_t index_pointer(const index_data *ix, uint32_t cp)
{
    return rev_get(&ix->first, cp);
}

/* "index Shift_JIS pointer":
 * 1. Let index be index jis0208 excluding all entries whose pointer is in the
 *    range 8272 to 8835, inclusive.
 * 2. Return the index pointer for codePoint in index. */
static void build_shift_jis(void)
{
    const index_data *jis = find_index("jis0208");
    for (size_t i = 0; i < jis->n; i++) {
        const entry *e = &jis->entries[i];
        if (e->pointer >= 8272 && e->pointer <= 8835)
            continue;
        if (rev_get(&M.shift_jis, e->cp) == -1)
            rev_set(&M.shift_jis, e->cp, (int32_t)e->pointer);
    }
}

/* "index Big5 pointer":
 * 1. Let index be index Big5 excluding all entries whose pointer is less than
 *    (0xA1 - 0x81) x 157.
 * 2. If codePoint is U+2550, U+255E, U+2561, U+256A, U+5341, or U+5345,
 *    return the *last* pointer corresponding to codePoint in index.
 * 3. Return the index pointer for codePoint in index. */
static bool big5_takes_last(uint32_t cp)
{
    return cp == 0x2550 || cp == 0x255E || cp == 0x2561 || cp == 0x256A ||
           cp == 0x5341 || cp == 0x5345;
}

static void build_big5(void)
{
    const index_data *big5 = find_index("big5");
    for (size_t i = 0; i < big5->n; i++) {
        const entry *e = &big5->entries[i];
        if (e->pointer < (0xA1 - 0x81) * 157)
            continue;
        if (big5_takes_last(e->cp) || rev_get(&M.big5, e->cp) == -1)
            rev_set(&M.big5, e->cp, (int32_t)e->pointer);
    }
}

/* ===================================================================== */
/* encodings.json: a tiny parser for its known structure                  */
/*   [ { "encodings": [ { "labels": [ "...", ... ], "name": "..." }, ... ], */
/*       "heading": "..." }, ... ]                                         */
/* ===================================================================== */

typedef struct jparser {
    const char *start, *p, *end;
    const char *path;
    bool failed;
} jparser;

static void jfail(jparser *j, const char *what)
{
    if (!j->failed)
        fprintf(stderr, "ref_load: %s: at byte %ld: %s\n", j->path, (long)(j->p - j->start),
                what);
    j->failed = true;
}

static void jws(jparser *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

/* Consumes C (after whitespace) if it is next. */
static bool jaccept(jparser *j, char c)
{
    jws(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return true;
    }
    return false;
}

static void jexpect(jparser *j, char c)
{
    if (!jaccept(j, c)) {
        char msg[32];
        snprintf(msg, sizeof msg, "expected '%c'", c);
        jfail(j, msg);
    }
}

/* A JSON string.  The file holds ASCII only, so escapes other than the
 * simple ones are rejected rather than decoded. */
static char *jstring(jparser *j)
{
    jexpect(j, '"');
    if (j->failed)
        return NULL;
    size_t cap = 16, n = 0;
    char *s = xrealloc(NULL, cap);
    for (;;) {
        if (j->p >= j->end) {
            jfail(j, "unterminated string");
            free(s);
            return NULL;
        }
        char c = *j->p++;
        if (c == '"')
            break;
        if (c == '\\') {
            char e = j->p < j->end ? *j->p++ : '\0';
            if (e == '"' || e == '\\' || e == '/')
                c = e;
            else {
                jfail(j, "unsupported escape in string");
                free(s);
                return NULL;
            }
        } else if ((unsigned char)c < 0x20) {
            jfail(j, "control character in string");
            free(s);
            return NULL;
        }
        if (n + 1 >= cap)
            s = xrealloc(s, cap *= 2);
        s[n++] = c;
    }
    s[n] = '\0';
    return s;
}

/* { "labels": [...], "name": "..." } */
static void jencoding(jparser *j)
{
    encoding_entry e = {NULL, NULL, 0};
    jexpect(j, '{');
    while (!j->failed) {
        char *key = jstring(j);
        jexpect(j, ':');
        if (j->failed) {
            free(key);
            break;
        }
        if (strcmp(key, "labels") == 0 && !e.labels) {
            jexpect(j, '[');
            e.labels = xrealloc(NULL, sizeof *e.labels);
            if (!jaccept(j, ']')) {
                do {
                    char *label = jstring(j);
                    if (!label)
                        break;
                    e.labels = xrealloc(e.labels, (e.nlabels + 1) * sizeof *e.labels);
                    e.labels[e.nlabels++] = label;
                } while (jaccept(j, ','));
                jexpect(j, ']');
            }
        } else if (strcmp(key, "name") == 0 && !e.name) {
            e.name = jstring(j);
        } else {
            jfail(j, "unexpected or repeated key in an encoding");
        }
        free(key);
        if (!jaccept(j, ','))
            break;
    }
    jexpect(j, '}');
    if (!j->failed && (!e.name || e.nlabels == 0))
        jfail(j, "an encoding lacks a name or labels");
    /* Keep what was parsed even on failure, so that it is freed in one place. */
    M.enc = xrealloc(M.enc, (M.nenc + 1) * sizeof *M.enc);
    M.enc[M.nenc++] = e;
}

/* { "encodings": [...], "heading": "..." } */
static void jgroup(jparser *j)
{
    jexpect(j, '{');
    while (!j->failed) {
        char *key = jstring(j);
        jexpect(j, ':');
        if (j->failed) {
            free(key);
            break;
        }
        if (strcmp(key, "encodings") == 0) {
            jexpect(j, '[');
            if (!jaccept(j, ']')) {
                do
                    jencoding(j);
                while (!j->failed && jaccept(j, ','));
                jexpect(j, ']');
            }
        } else if (strcmp(key, "heading") == 0) {
            free(jstring(j));
        } else {
            jfail(j, "unexpected key in a group");
        }
        free(key);
        if (!jaccept(j, ','))
            break;
    }
    jexpect(j, '}');
}

static int load_encodings(const char *dir)
{
    size_t plen = strlen(dir) + 32;
    char *path = xrealloc(NULL, plen);
    snprintf(path, plen, "%s/encodings.json", dir);
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        free(path);
        return -1;
    }
    jparser j = {text, text, text + len, path, false};
    jexpect(&j, '[');
    if (!jaccept(&j, ']')) {
        do
            jgroup(&j);
        while (!j.failed && jaccept(&j, ','));
        jexpect(&j, ']');
    }
    jws(&j);
    if (!j.failed && j.p != j.end)
        jfail(&j, "trailing data");
    free(text);
    free(path);
    return j.failed ? -1 : 0;
}

/* ===================================================================== */
/* Encodings the model implements                                          */
/* ===================================================================== */

typedef enum kind {
    K_UTF8, K_SINGLE_BYTE, K_GBK, K_GB18030, K_BIG5, K_EUC_JP, K_ISO_2022_JP,
    K_SHIFT_JIS, K_EUC_KR, K_REPLACEMENT, K_UTF16BE, K_UTF16LE, K_X_USER_DEFINED,
} kind;

/* Names as in "Names and labels"; single-byte encodings name their index as in
 * the table of "Legacy single-byte encodings" (ISO-8859-8-I shares ISO-8859-8's). */
static const struct {
    const char *name;
    kind kind;
    const char *index;
} known[] = {
    {"UTF-8", K_UTF8, NULL},
    {"IBM866", K_SINGLE_BYTE, "ibm866"},
    {"ISO-8859-2", K_SINGLE_BYTE, "iso-8859-2"},
    {"ISO-8859-3", K_SINGLE_BYTE, "iso-8859-3"},
    {"ISO-8859-4", K_SINGLE_BYTE, "iso-8859-4"},
    {"ISO-8859-5", K_SINGLE_BYTE, "iso-8859-5"},
    {"ISO-8859-6", K_SINGLE_BYTE, "iso-8859-6"},
    {"ISO-8859-7", K_SINGLE_BYTE, "iso-8859-7"},
    {"ISO-8859-8", K_SINGLE_BYTE, "iso-8859-8"},
    {"ISO-8859-8-I", K_SINGLE_BYTE, "iso-8859-8"},
    {"ISO-8859-10", K_SINGLE_BYTE, "iso-8859-10"},
    {"ISO-8859-13", K_SINGLE_BYTE, "iso-8859-13"},
    {"ISO-8859-14", K_SINGLE_BYTE, "iso-8859-14"},
    {"ISO-8859-15", K_SINGLE_BYTE, "iso-8859-15"},
    {"ISO-8859-16", K_SINGLE_BYTE, "iso-8859-16"},
    {"KOI8-R", K_SINGLE_BYTE, "koi8-r"},
    {"KOI8-U", K_SINGLE_BYTE, "koi8-u"},
    {"macintosh", K_SINGLE_BYTE, "macintosh"},
    {"windows-874", K_SINGLE_BYTE, "windows-874"},
    {"windows-1250", K_SINGLE_BYTE, "windows-1250"},
    {"windows-1251", K_SINGLE_BYTE, "windows-1251"},
    {"windows-1252", K_SINGLE_BYTE, "windows-1252"},
    {"windows-1253", K_SINGLE_BYTE, "windows-1253"},
    {"windows-1254", K_SINGLE_BYTE, "windows-1254"},
    {"windows-1255", K_SINGLE_BYTE, "windows-1255"},
    {"windows-1256", K_SINGLE_BYTE, "windows-1256"},
    {"windows-1257", K_SINGLE_BYTE, "windows-1257"},
    {"windows-1258", K_SINGLE_BYTE, "windows-1258"},
    {"x-mac-cyrillic", K_SINGLE_BYTE, "x-mac-cyrillic"},
    {"GBK", K_GBK, NULL},
    {"gb18030", K_GB18030, NULL},
    {"Big5", K_BIG5, NULL},
    {"EUC-JP", K_EUC_JP, NULL},
    {"ISO-2022-JP", K_ISO_2022_JP, NULL},
    {"Shift_JIS", K_SHIFT_JIS, NULL},
    {"EUC-KR", K_EUC_KR, NULL},
    {"replacement", K_REPLACEMENT, NULL},
    {"UTF-16BE", K_UTF16BE, NULL},
    {"UTF-16LE", K_UTF16LE, NULL},
    {"x-user-defined", K_X_USER_DEFINED, NULL},
};
#define NKNOWN (sizeof known / sizeof known[0])

/* The encodings whose decoder and encoder read no index: UTF-8, UTF-16BE/LE,
 * replacement and x-user-defined ("x-user-defined" computes its code points).
 * The model runs them without ref_load(), so the tests of the UTF-8 and UTF-16
 * kernels run in a checkout that has no copy of the index files. */
static bool kind_needs_index(kind k)
{
    return !(k == K_UTF8 || k == K_REPLACEMENT || k == K_UTF16BE || k == K_UTF16LE ||
             k == K_X_USER_DEFINED);
}

bool ref_needs_index(const char *encoding)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strcmp(known[i].name, encoding) == 0)
            return kind_needs_index(known[i].kind);
    die("unknown encoding \"%s\"", encoding);
    return true;
}

static size_t find_known(const char *name)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strcmp(known[i].name, name) == 0) {
            if (!M.loaded && kind_needs_index(known[i].kind))
                die("%s needs the index files: ref_load() has not succeeded", name);
            return i;
        }
    die("unknown encoding \"%s\"", name);
    return 0;
}

/* ===================================================================== */
/* Loading                                                                */
/* ===================================================================== */

void ref_unload(void)
{
    for (size_t i = 0; i < NINDEX; i++) {
        free_index(M.index[i]);
        M.index[i] = NULL;
    }
    rev_free(&M.shift_jis);
    rev_free(&M.big5);
    for (size_t i = 0; i < M.nenc; i++) {
        for (size_t k = 0; k < M.enc[i].nlabels; k++)
            free(M.enc[i].labels[k]);
        free(M.enc[i].labels);
        free(M.enc[i].name);
    }
    free(M.enc);
    M.enc = NULL;
    M.nenc = 0;
    M.loaded = false;
}

int ref_load(const char *index_dir)
{
    ref_unload();
    if (!index_dir || !*index_dir) {
        fprintf(stderr, "ref_load: no index directory given\n");
        return -1;
    }
    for (size_t i = 0; i < NINDEX; i++) {
        M.index[i] = load_index(index_dir, index_names[i]);
        if (!M.index[i]) {
            ref_unload();
            return -1;
        }
    }
    if (load_encodings(index_dir) != 0) {
        ref_unload();
        return -1;
    }
    M.loaded = true;

    /* The model must implement exactly the encodings of encodings.json. */
    bool ok = M.nenc == NKNOWN;
    for (size_t i = 0; i < M.nenc && ok; i++) {
        bool found = false;
        for (size_t k = 0; k < NKNOWN; k++)
            found = found || strcmp(M.enc[i].name, known[k].name) == 0;
        if (!found) {
            fprintf(stderr, "ref_load: encodings.json names \"%s\", which the model lacks\n",
                    M.enc[i].name);
            ok = false;
        }
    }
    if (!ok) {
        if (M.nenc != NKNOWN)
            fprintf(stderr, "ref_load: encodings.json has %zu encodings, the model %zu\n",
                    M.nenc, (size_t)NKNOWN);
        ref_unload();
        return -1;
    }

    /* index gb18030 ranges is searched by both columns, which the algorithms'
     * "last pointer/code point ... less than or equal to" presuppose to rise. */
    const index_data *ranges = find_index("gb18030-ranges");
    for (size_t i = 1; i < ranges->n; i++) {
        if (ranges->entries[i].pointer <= ranges->entries[i - 1].pointer ||
            ranges->entries[i].cp <= ranges->entries[i - 1].cp) {
            fprintf(stderr, "ref_load: index-gb18030-ranges.txt is not in rising order\n");
            ref_unload();
            return -1;
        }
    }

    build_shift_jis();
    build_big5();
    return 0;
}

/* ===================================================================== */
/* Public index queries                                                   */
/* ===================================================================== */

int32_t ref_index_code_point(const char *index, uint32_t pointer)
{
    return index_code_point(find_index(index), pointer);
}

int32_t ref_index_pointer(const char *index, uint32_t cp)
{
    return index_pointer(find_index(index), cp);
}

size_t ref_index_entry_count(const char *index)
{
    return find_index(index)->n;
}

int32_t ref_index_max_pointer(const char *index)
{
    return (int32_t)find_index(index)->max_pointer;
}

int32_t ref_index_shift_jis_pointer(uint32_t cp)
{
    if (!M.loaded)
        die("ref_load() has not succeeded");
    return rev_get(&M.shift_jis, cp);
}

int32_t ref_index_big5_pointer(uint32_t cp)
{
    if (!M.loaded)
        die("ref_load() has not succeeded");
    return rev_get(&M.big5, cp);
}

/* "index gb18030 ranges code point" for pointer. */
int32_t ref_gb18030_ranges_code_point(uint32_t pointer)
{
    const index_data *r = find_index("gb18030-ranges");
    /* 1. If pointer is greater than 39419 and less than 189000, or pointer is
     *    greater than 1237575, then return null. */
    if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
        return -1;
    /* 2. If pointer is 7457, then return code point U+E7C7. */
    if (pointer == 7457)
        return 0xE7C7;
    /* 3. Let offset be the last pointer in index gb18030 ranges that is less
     *    than or equal to pointer and let codePointOffset be its corresponding
     *    code point.  (Binary search; ref_load() checked the order.) */
    size_t lo = 0, hi = r->n; /* answer in [lo, hi) */
    if (r->entries[0].pointer > pointer)
        return -1; /* no such entry; cannot happen, the first pointer is 0 */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->entries[mid].pointer <= pointer)
            lo = mid;
        else
            hi = mid;
    }
    uint32_t offset = r->entries[lo].pointer;
    uint32_t code_point_offset = r->entries[lo].cp;
    /* 4. Return a code point whose value is codePointOffset + pointer - offset. */
    return (int32_t)(code_point_offset + pointer - offset);
}

/* "index gb18030 ranges pointer" for codePoint. */
int32_t ref_gb18030_ranges_pointer(uint32_t cp)
{
    const index_data *r = find_index("gb18030-ranges");
    if (cp > 0x10FFFF)
        return -1;
    /* 1. If codePoint is U+E7C7, then return pointer 7457. */
    if (cp == 0xE7C7)
        return 7457;
    /* 2. Let offset be the last code point in index gb18030 ranges that is
     *    less than or equal to codePoint and let pointerOffset be its
     *    corresponding pointer. */
    if (r->entries[0].cp > cp)
        return -1; /* undefined: the encoder never asks for ASCII */
    size_t lo = 0, hi = r->n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->entries[mid].cp <= cp)
            lo = mid;
        else
            hi = mid;
    }
    uint32_t offset = r->entries[lo].cp;
    uint32_t pointer_offset = r->entries[lo].pointer;
    /* 3. Return a pointer whose value is pointerOffset + codePoint - offset. */
    return (int32_t)(pointer_offset + cp - offset);
}

/* ===================================================================== */
/* Encodings and labels                                                   */
/* ===================================================================== */

static void need_loaded(void)
{
    if (!M.loaded)
        die("ref_load() has not succeeded");
}

size_t ref_encoding_count(void)
{
    need_loaded();
    return M.nenc;
}

const char *ref_encoding_name(size_t i)
{
    need_loaded();
    if (i >= M.nenc)
        die("encoding %zu out of range", i);
    return M.enc[i].name;
}

size_t ref_label_count(size_t i)
{
    need_loaded();
    if (i >= M.nenc)
        die("encoding %zu out of range", i);
    return M.enc[i].nlabels;
}

const char *ref_label(size_t i, size_t j)
{
    need_loaded();
    if (i >= M.nenc || j >= M.enc[i].nlabels)
        die("label %zu of encoding %zu out of range", j, i);
    return M.enc[i].labels[j];
}

/* Infra's ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE. */
static bool is_ascii_whitespace(char c)
{
    return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

const char *ref_get_encoding(const char *label)
{
    need_loaded();
    /* 1. Remove any leading and trailing ASCII whitespace from label. */
    const char *s = label, *e = label + strlen(label);
    while (s < e && is_ascii_whitespace(*s))
        s++;
    while (e > s && is_ascii_whitespace(e[-1]))
        e--;
    /* 2. If label is an ASCII case-insensitive match for any of the labels
     *    listed in the table, return the corresponding encoding; otherwise
     *    return failure. */
    size_t n = (size_t)(e - s);
    for (size_t i = 0; i < M.nenc; i++) {
        for (size_t k = 0; k < M.enc[i].nlabels; k++) {
            const char *l = M.enc[i].labels[k];
            if (strlen(l) != n)
                continue;
            size_t m = 0;
            while (m < n && ascii_lower(l[m]) == ascii_lower(s[m]))
                m++;
            if (m == n)
                return M.enc[i].name;
        }
    }
    return NULL;
}

const char *ref_bom_sniff(const uint8_t *in, size_t n)
{
    /* 1. Let BOM be the result of peeking 3 bytes from ioQueue.
     * 2. For each row, starting with the first one and going down, if BOM
     *    starts with the bytes in the first column, return that encoding;
     *    otherwise return null. */
    if (n >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF)
        return "UTF-8";
    if (n >= 2 && in[0] == 0xFE && in[1] == 0xFF)
        return "UTF-16BE";
    if (n >= 2 && in[0] == 0xFF && in[1] == 0xFE)
        return "UTF-16LE";
    return NULL;
}

/* ===================================================================== */
/* Handler results                                                        */
/* ===================================================================== */

/* What a handler returns: finished, one or more items (code points for a
 * decoder, bytes for an encoder), error (optionally with a code point), or
 * continue. */
typedef enum rkind { R_FINISHED, R_ITEMS, R_ERROR, R_CONTINUE } rkind;
typedef struct result {
    rkind kind;
    int n;              /* number of items */
    uint32_t item[4];
    int32_t error_cp;   /* the error's code point, -1 if none */
} result;

static result finished(void) { return (result){R_FINISHED, 0, {0}, -1}; }
static result cont(void) { return (result){R_CONTINUE, 0, {0}, -1}; }
static result error(void) { return (result){R_ERROR, 0, {0}, -1}; }
static result error_with(uint32_t cp) { return (result){R_ERROR, 0, {0}, (int32_t)cp}; }
static result one(uint32_t a) { return (result){R_ITEMS, 1, {a}, -1}; }
static result two(uint32_t a, uint32_t b) { return (result){R_ITEMS, 2, {a, b}, -1}; }
static result three(uint32_t a, uint32_t b, uint32_t c) { return (result){R_ITEMS, 3, {a, b, c}, -1}; }
static result four(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return (result){R_ITEMS, 4, {a, b, c, d}, -1};
}

#define EOQ (-1) /* end-of-queue, as an item value */

static bool is_ascii_byte(int byte) { return byte >= 0x00 && byte <= 0x7F; }
static bool in_range(int v, int lo, int hi) { return v >= lo && v <= hi; }

/* ===================================================================== */
/* The I/O queue of bytes                                                 */
/* ===================================================================== */

/* An immediate I/O queue: the restored items (a stack whose top is the
 * queue's first item), then the unread input IN[POS..N), then end-of-queue.
 * Every byte carries its offset in the input, kept when it is restored. */
typedef struct qbyte {
    int value;          /* 0x00..0xFF, or EOQ */
    uint64_t offset;
} qbyte;

typedef struct byte_queue {
    const uint8_t *in;
    size_t n, pos;
    qbyte *front;
    size_t nfront, capfront;
    /* Span bookkeeping, not part of the standard's model: the bytes read in
     * the current sequence, and how many of them the current handler step
     * restored. */
    qbyte *seq;
    size_t nseq, capseq;
    size_t restored;
} byte_queue;

/* "read": 1. (an immediate queue is never empty) 2. If ioQueue[0] is
 * end-of-queue, return end-of-queue. 3. Remove ioQueue[0] and return it. */
static qbyte bq_read(byte_queue *q)
{
    if (q->nfront > 0)
        return q->front[--q->nfront];
    if (q->pos < q->n) {
        qbyte b = {q->in[q->pos], q->pos};
        q->pos++;
        return b;
    }
    return (qbyte){EOQ, q->n};
}

/* "restore" a list of K bytes: insert them, in the given order, before the
 * first item.  The standard restores byte *values*; to carry offsets, the
 * model checks that they are the last K bytes read in this sequence and not
 * yet restored (the project's span definition depends on it) and takes their
 * offsets from there. */
static void bq_restore(byte_queue *q, const int *values, size_t k)
{
    size_t avail = q->nseq - q->restored;
    if (k > avail)
        die("restore of %zu bytes, but only %zu were read in this sequence", k, avail);
    const qbyte *src = &q->seq[avail - k];
    for (size_t i = 0; i < k; i++)
        if (src[i].value != values[i])
            die("restored byte 0x%02X is not the byte 0x%02X read at offset %llu",
                values[i], src[i].value, (unsigned long long)src[i].offset);
    if (q->nfront + k > q->capfront) {
        q->capfront = (q->nfront + k) * 2;
        q->front = xrealloc(q->front, q->capfront * sizeof *q->front);
    }
    for (size_t i = k; i-- > 0;)
        q->front[q->nfront++] = src[i];
    q->restored += k;
}

static void restore1(byte_queue *q, int a)
{
    int v[1] = {a};
    bq_restore(q, v, 1);
}

static void restore2(byte_queue *q, int a, int b)
{
    int v[2] = {a, b};
    bq_restore(q, v, 2);
}

static void restore3(byte_queue *q, int a, int b, int c)
{
    int v[3] = {a, b, c};
    bq_restore(q, v, 3);
}

/* ===================================================================== */
/* Decoders                                                               */
/* ===================================================================== */

typedef enum i2j_dstate {
    I2J_ASCII, I2J_ROMAN, I2J_KATAKANA, I2J_LEADING_BYTE, I2J_TRAILING_BYTE,
    I2J_ESCAPE_START, I2J_ESCAPE,
} i2j_dstate;

/* One struct holds every decoder's state; only the fields of KIND are used. */
typedef struct decoder {
    kind kind;
    const index_data *single_byte;      /* index single-byte */
    /* UTF-8 */
    uint32_t utf8_code_point;
    int utf8_bytes_seen, utf8_bytes_needed;
    int utf8_lower_boundary, utf8_upper_boundary;
    /* gb18030 */
    int gb18030_first, gb18030_second, gb18030_third;
    /* Big5 */
    int big5_leading;
    /* EUC-JP */
    bool euc_jp_jis0212;
    int euc_jp_leading;
    /* ISO-2022-JP */
    i2j_dstate i2j_state, i2j_output_state;
    int i2j_leading;
    bool i2j_output;
    /* Shift_JIS */
    int shift_jis_leading;
    /* EUC-KR */
    int euc_kr_leading;
    /* replacement */
    bool replacement_error_returned;
    /* shared UTF-16 decoder; -1 = null */
    int utf16_leading_byte;
    int32_t utf16_leading_surrogate;
    bool is_utf16be_decoder;
} decoder;

static void decoder_init(decoder *d, const char *encoding)
{
    size_t k = find_known(encoding);
    memset(d, 0, sizeof *d);
    d->kind = known[k].kind;
    if (d->kind == K_SINGLE_BYTE)
        d->single_byte = find_index(known[k].index);
    d->utf8_lower_boundary = 0x80;
    d->utf8_upper_boundary = 0xBF;
    d->i2j_state = d->i2j_output_state = I2J_ASCII;
    d->utf16_leading_byte = -1;
    d->utf16_leading_surrogate = -1;
    d->is_utf16be_decoder = d->kind == K_UTF16BE;
}

/* The project's "idle": the handler's state holds no bytes. */
static bool decoder_idle(const decoder *d)
{
    switch (d->kind) {
    case K_UTF8: return d->utf8_bytes_needed == 0;
    case K_GBK:
    case K_GB18030:
        return d->gb18030_first == 0 && d->gb18030_second == 0 && d->gb18030_third == 0;
    case K_BIG5: return d->big5_leading == 0;
    case K_EUC_JP: return d->euc_jp_leading == 0;
    case K_ISO_2022_JP:
        return d->i2j_state != I2J_ESCAPE_START && d->i2j_state != I2J_ESCAPE &&
               d->i2j_state != I2J_TRAILING_BYTE;
    case K_SHIFT_JIS: return d->shift_jis_leading == 0;
    case K_EUC_KR: return d->euc_kr_leading == 0;
    case K_UTF16BE:
    case K_UTF16LE:
        return d->utf16_leading_byte == -1 && d->utf16_leading_surrogate == -1;
    case K_SINGLE_BYTE:
    case K_REPLACEMENT:
    case K_X_USER_DEFINED:
        return true;
    }
    return true;
}

/* ---- UTF-8 decoder ---------------------------------------------------- */
static result utf8_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. If byte is end-of-queue and UTF-8 bytes needed is not 0, then set
     *    UTF-8 bytes needed to 0 and return error. */
    if (byte == EOQ && d->utf8_bytes_needed != 0) {
        d->utf8_bytes_needed = 0;
        return error();
    }
    /* 2. If byte is end-of-queue, then return finished. */
    if (byte == EOQ)
        return finished();
    /* 3. If UTF-8 bytes needed is 0, based on byte: */
    if (d->utf8_bytes_needed == 0) {
        if (in_range(byte, 0x00, 0x7F)) {
            return one((uint32_t)byte);
        } else if (in_range(byte, 0xC2, 0xDF)) {
            d->utf8_bytes_needed = 1;
            d->utf8_code_point = (uint32_t)byte & 0x1F;
        } else if (in_range(byte, 0xE0, 0xEF)) {
            if (byte == 0xE0)
                d->utf8_lower_boundary = 0xA0;
            if (byte == 0xED)
                d->utf8_upper_boundary = 0x9F;
            d->utf8_bytes_needed = 2;
            d->utf8_code_point = (uint32_t)byte & 0xF;
        } else if (in_range(byte, 0xF0, 0xF4)) {
            if (byte == 0xF0)
                d->utf8_lower_boundary = 0x90;
            if (byte == 0xF4)
                d->utf8_upper_boundary = 0x8F;
            d->utf8_bytes_needed = 3;
            d->utf8_code_point = (uint32_t)byte & 0x7;
        } else {
            return error();
        }
        return cont();
    }
    /* 4. If byte is not in the range UTF-8 lower boundary to UTF-8 upper
     *    boundary, inclusive: reset the state, restore byte, return error. */
    if (!in_range(byte, d->utf8_lower_boundary, d->utf8_upper_boundary)) {
        d->utf8_code_point = 0;
        d->utf8_bytes_needed = 0;
        d->utf8_bytes_seen = 0;
        d->utf8_lower_boundary = 0x80;
        d->utf8_upper_boundary = 0xBF;
        restore1(q, byte);
        return error();
    }
    /* 5. */
    d->utf8_lower_boundary = 0x80;
    d->utf8_upper_boundary = 0xBF;
    /* 6. */
    d->utf8_code_point = (d->utf8_code_point << 6) | ((uint32_t)byte & 0x3F);
    /* 7. */
    d->utf8_bytes_seen++;
    /* 8. */
    if (d->utf8_bytes_seen != d->utf8_bytes_needed)
        return cont();
    /* 9. */
    uint32_t code_point = d->utf8_code_point;
    /* 10. */
    d->utf8_code_point = 0;
    d->utf8_bytes_needed = 0;
    d->utf8_bytes_seen = 0;
    /* 11. */
    return one(code_point);
}

/* ---- single-byte decoder ---------------------------------------------- */
static result single_byte_decoder(decoder *d, byte_queue *q, int byte)
{
    (void)q;
    /* 1. */
    if (byte == EOQ)
        return finished();
    /* 2. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 3. Let codePoint be the index code point for byte - 0x80 in index single-byte. */
    int32_t code_point = index_code_point(d->single_byte, (uint32_t)(byte - 0x80));
    /* 4. */
    if (code_point == -1)
        return error();
    /* 5. */
    return one((uint32_t)code_point);
}

/* ---- gb18030 decoder (also GBK's) ------------------------------------- */
static result gb18030_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && d->gb18030_first == 0 && d->gb18030_second == 0 && d->gb18030_third == 0)
        return finished();
    /* 2. */
    if (byte == EOQ) {
        d->gb18030_first = d->gb18030_second = d->gb18030_third = 0;
        return error();
    }
    /* 3. If gb18030 third is not 0x00: */
    if (d->gb18030_third != 0) {
        /* 3.1 */
        if (!in_range(byte, 0x30, 0x39)) {
            restore3(q, d->gb18030_second, d->gb18030_third, byte);
            d->gb18030_first = d->gb18030_second = d->gb18030_third = 0;
            return error();
        }
        /* 3.2 */
        int32_t code_point = ref_gb18030_ranges_code_point(
            (uint32_t)(((d->gb18030_first - 0x81) * (10 * 126 * 10)) +
                       ((d->gb18030_second - 0x30) * (10 * 126)) +
                       ((d->gb18030_third - 0x81) * 10) + byte - 0x30));
        /* 3.3 */
        d->gb18030_first = d->gb18030_second = d->gb18030_third = 0;
        /* 3.4 */
        if (code_point == -1)
            return error();
        /* 3.5 */
        return one((uint32_t)code_point);
    }
    /* 4. If gb18030 second is not 0x00: */
    if (d->gb18030_second != 0) {
        /* 4.1 */
        if (in_range(byte, 0x81, 0xFE)) {
            d->gb18030_third = byte;
            return cont();
        }
        /* 4.2 */
        restore2(q, d->gb18030_second, byte);
        d->gb18030_first = d->gb18030_second = 0;
        return error();
    }
    /* 5. If gb18030 first is not 0x00: */
    if (d->gb18030_first != 0) {
        /* 5.1 */
        if (in_range(byte, 0x30, 0x39)) {
            d->gb18030_second = byte;
            return cont();
        }
        /* 5.2 - 5.4 */
        int leading = d->gb18030_first;
        d->gb18030_first = 0;
        int32_t pointer = -1;
        /* 5.5 */
        int offset = byte < 0x7F ? 0x40 : 0x41;
        /* 5.6 */
        if (in_range(byte, 0x40, 0x7E) || in_range(byte, 0x80, 0xFE))
            pointer = (leading - 0x81) * 190 + (byte - offset);
        /* 5.7 */
        int32_t code_point = pointer == -1 ? -1
                             : index_code_point(find_index("gb18030"), (uint32_t)pointer);
        /* 5.8 */
        if (code_point != -1)
            return one((uint32_t)code_point);
        /* 5.9 */
        if (is_ascii_byte(byte))
            restore1(q, byte);
        /* 5.10 */
        return error();
    }
    /* 6. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 7. */
    if (byte == 0x80)
        return one(0x20AC);
    /* 8. */
    if (in_range(byte, 0x81, 0xFE)) {
        d->gb18030_first = byte;
        return cont();
    }
    /* 9. */
    return error();
}

/* ---- Big5 decoder ------------------------------------------------------ */
static result big5_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && d->big5_leading != 0) {
        d->big5_leading = 0;
        return error();
    }
    /* 2. */
    if (byte == EOQ && d->big5_leading == 0)
        return finished();
    /* 3. If Big5 leading is not 0x00: */
    if (d->big5_leading != 0) {
        /* 3.1 - 3.3 */
        int leading = d->big5_leading;
        d->big5_leading = 0;
        int32_t pointer = -1;
        /* 3.4 */
        int offset = byte < 0x7F ? 0x40 : 0x62;
        /* 3.5 */
        if (in_range(byte, 0x40, 0x7E) || in_range(byte, 0xA1, 0xFE))
            pointer = (leading - 0x81) * 157 + (byte - offset);
        /* 3.6 The table of pointers that give two code points. */
        switch (pointer) {
        case 1133: return two(0x00CA, 0x0304);
        case 1135: return two(0x00CA, 0x030C);
        case 1164: return two(0x00EA, 0x0304);
        case 1166: return two(0x00EA, 0x030C);
        default: break;
        }
        /* 3.7 */
        int32_t code_point = pointer == -1 ? -1
                             : index_code_point(find_index("big5"), (uint32_t)pointer);
        /* 3.8 */
        if (code_point != -1)
            return one((uint32_t)code_point);
        /* 3.9 */
        if (is_ascii_byte(byte))
            restore1(q, byte);
        /* 3.10 */
        return error();
    }
    /* 4. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 5. */
    if (in_range(byte, 0x81, 0xFE)) {
        d->big5_leading = byte;
        return cont();
    }
    /* 6. */
    return error();
}

/* ---- EUC-JP decoder ---------------------------------------------------- */
static result euc_jp_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && d->euc_jp_leading != 0) {
        d->euc_jp_leading = 0;
        return error();
    }
    /* 2. */
    if (byte == EOQ && d->euc_jp_leading == 0)
        return finished();
    /* 3. */
    if (d->euc_jp_leading == 0x8E && in_range(byte, 0xA1, 0xDF)) {
        d->euc_jp_leading = 0;
        return one((uint32_t)(0xFF61 - 0xA1 + byte));
    }
    /* 4. */
    if (d->euc_jp_leading == 0x8F && in_range(byte, 0xA1, 0xFE)) {
        d->euc_jp_jis0212 = true;
        d->euc_jp_leading = byte;
        return cont();
    }
    /* 5. If EUC-JP leading is not 0x00: */
    if (d->euc_jp_leading != 0) {
        /* 5.1 - 5.3 */
        int leading = d->euc_jp_leading;
        d->euc_jp_leading = 0;
        int32_t code_point = -1;
        /* 5.4 */
        if (in_range(leading, 0xA1, 0xFE) && in_range(byte, 0xA1, 0xFE))
            code_point = index_code_point(
                find_index(d->euc_jp_jis0212 ? "jis0212" : "jis0208"),
                (uint32_t)((leading - 0xA1) * 94 + byte - 0xA1));
        /* 5.5 */
        d->euc_jp_jis0212 = false;
        /* 5.6 */
        if (code_point != -1)
            return one((uint32_t)code_point);
        /* 5.7 */
        if (is_ascii_byte(byte))
            restore1(q, byte);
        /* 5.8 */
        return error();
    }
    /* 6. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 7. */
    if (byte == 0x8E || byte == 0x8F || in_range(byte, 0xA1, 0xFE)) {
        d->euc_jp_leading = byte;
        return cont();
    }
    /* 8. */
    return error();
}

/* ---- ISO-2022-JP decoder ---------------------------------------------- */
static result iso_2022_jp_decoder(decoder *d, byte_queue *q, int byte)
{
    switch (d->i2j_state) {
    case I2J_ASCII:
        if (byte == 0x1B) {
            d->i2j_state = I2J_ESCAPE_START;
            return cont();
        }
        if (in_range(byte, 0x00, 0x7F) && byte != 0x0E && byte != 0x0F && byte != 0x1B) {
            d->i2j_output = false;
            return one((uint32_t)byte);
        }
        if (byte == EOQ)
            return finished();
        d->i2j_output = false;
        return error();

    case I2J_ROMAN:
        if (byte == 0x1B) {
            d->i2j_state = I2J_ESCAPE_START;
            return cont();
        }
        if (byte == 0x5C) {
            d->i2j_output = false;
            return one(0x00A5);
        }
        if (byte == 0x7E) {
            d->i2j_output = false;
            return one(0x203E);
        }
        if (in_range(byte, 0x00, 0x7F) && byte != 0x0E && byte != 0x0F && byte != 0x1B &&
            byte != 0x5C && byte != 0x7E) {
            d->i2j_output = false;
            return one((uint32_t)byte);
        }
        if (byte == EOQ)
            return finished();
        d->i2j_output = false;
        return error();

    case I2J_KATAKANA:
        if (byte == 0x1B) {
            d->i2j_state = I2J_ESCAPE_START;
            return cont();
        }
        if (in_range(byte, 0x21, 0x5F)) {
            d->i2j_output = false;
            return one((uint32_t)(0xFF61 - 0x21 + byte));
        }
        if (byte == EOQ)
            return finished();
        d->i2j_output = false;
        return error();

    case I2J_LEADING_BYTE:
        if (byte == 0x1B) {
            d->i2j_state = I2J_ESCAPE_START;
            return cont();
        }
        if (in_range(byte, 0x21, 0x7E)) {
            d->i2j_output = false;
            d->i2j_leading = byte;
            d->i2j_state = I2J_TRAILING_BYTE;
            return cont();
        }
        if (byte == EOQ)
            return finished();
        d->i2j_output = false;
        return error();

    case I2J_TRAILING_BYTE:
        if (byte == 0x1B) {
            d->i2j_state = I2J_ESCAPE_START;
            return error();
        }
        if (in_range(byte, 0x21, 0x7E)) {
            /* 1. */
            d->i2j_state = I2J_LEADING_BYTE;
            /* 2. */
            uint32_t pointer = (uint32_t)((d->i2j_leading - 0x21) * 94 + byte - 0x21);
            /* 3. */
            int32_t code_point = index_code_point(find_index("jis0208"), pointer);
            /* 4. */
            if (code_point == -1)
                return error();
            /* 5. */
            return one((uint32_t)code_point);
        }
        if (byte == EOQ) {
            d->i2j_state = I2J_LEADING_BYTE;
            return error();
        }
        d->i2j_state = I2J_LEADING_BYTE;
        return error();

    case I2J_ESCAPE_START:
        /* 1. */
        if (byte == 0x24 || byte == 0x28) {
            d->i2j_leading = byte;
            d->i2j_state = I2J_ESCAPE;
            return cont();
        }
        /* 2. */
        if (byte != EOQ)
            restore1(q, byte);
        /* 3. */
        d->i2j_output = false;
        d->i2j_state = d->i2j_output_state;
        return error();

    case I2J_ESCAPE: {
        /* 1. */
        int leading = d->i2j_leading;
        d->i2j_leading = 0;
        /* 2. Let state be null (represented by -1). */
        int state = -1;
        /* 3. - 6. */
        if (leading == 0x28 && byte == 0x42)
            state = I2J_ASCII;
        if (leading == 0x28 && byte == 0x4A)
            state = I2J_ROMAN;
        if (leading == 0x28 && byte == 0x49)
            state = I2J_KATAKANA;
        if (leading == 0x24 && (byte == 0x40 || byte == 0x42))
            state = I2J_LEADING_BYTE;
        /* 7. If state is non-null: */
        if (state != -1) {
            d->i2j_state = d->i2j_output_state = (i2j_dstate)state;
            bool output = d->i2j_output;
            d->i2j_output = true;
            return output == false ? cont() : error();
        }
        /* 8. */
        if (byte == EOQ)
            restore1(q, leading);
        else
            restore2(q, leading, byte);
        /* 9. */
        d->i2j_output = false;
        d->i2j_state = d->i2j_output_state;
        return error();
    }
    }
    die("bad ISO-2022-JP decoder state");
    return error();
}

/* ---- Shift_JIS decoder ------------------------------------------------- */
static result shift_jis_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && d->shift_jis_leading != 0) {
        d->shift_jis_leading = 0;
        return error();
    }
    /* 2. */
    if (byte == EOQ && d->shift_jis_leading == 0)
        return finished();
    /* 3. If Shift_JIS leading is not 0x00: */
    if (d->shift_jis_leading != 0) {
        /* 3.1 - 3.3 */
        int leading = d->shift_jis_leading;
        d->shift_jis_leading = 0;
        int32_t pointer = -1;
        /* 3.4 */
        int offset = byte < 0x7F ? 0x40 : 0x41;
        /* 3.5 */
        int leading_offset = leading < 0xA0 ? 0x81 : 0xC1;
        /* 3.6 */
        if (in_range(byte, 0x40, 0x7E) || in_range(byte, 0x80, 0xFC))
            pointer = (leading - leading_offset) * 188 + byte - offset;
        /* 3.7 EUDC */
        if (in_range(pointer, 8836, 10715))
            return one((uint32_t)(0xE000 - 8836 + pointer));
        /* 3.8 */
        int32_t code_point = pointer == -1 ? -1
                             : index_code_point(find_index("jis0208"), (uint32_t)pointer);
        /* 3.9 */
        if (code_point != -1)
            return one((uint32_t)code_point);
        /* 3.10 */
        if (is_ascii_byte(byte))
            restore1(q, byte);
        /* 3.11 */
        return error();
    }
    /* 4. */
    if (is_ascii_byte(byte) || byte == 0x80)
        return one((uint32_t)byte);
    /* 5. */
    if (in_range(byte, 0xA1, 0xDF))
        return one((uint32_t)(0xFF61 - 0xA1 + byte));
    /* 6. */
    if (in_range(byte, 0x81, 0x9F) || in_range(byte, 0xE0, 0xFC)) {
        d->shift_jis_leading = byte;
        return cont();
    }
    /* 7. */
    return error();
}

/* ---- EUC-KR decoder ---------------------------------------------------- */
static result euc_kr_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && d->euc_kr_leading != 0) {
        d->euc_kr_leading = 0;
        return error();
    }
    /* 2. */
    if (byte == EOQ && d->euc_kr_leading == 0)
        return finished();
    /* 3. If EUC-KR leading is not 0x00: */
    if (d->euc_kr_leading != 0) {
        /* 3.1 - 3.3 */
        int leading = d->euc_kr_leading;
        d->euc_kr_leading = 0;
        int32_t pointer = -1;
        /* 3.4 */
        if (in_range(byte, 0x41, 0xFE))
            pointer = (leading - 0x81) * 190 + (byte - 0x41);
        /* 3.5 */
        int32_t code_point = pointer == -1 ? -1
                             : index_code_point(find_index("euc-kr"), (uint32_t)pointer);
        /* 3.6 */
        if (code_point != -1)
            return one((uint32_t)code_point);
        /* 3.7 */
        if (is_ascii_byte(byte))
            restore1(q, byte);
        /* 3.8 */
        return error();
    }
    /* 4. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 5. */
    if (in_range(byte, 0x81, 0xFE)) {
        d->euc_kr_leading = byte;
        return cont();
    }
    /* 6. */
    return error();
}

/* ---- replacement decoder ----------------------------------------------- */
static result replacement_decoder(decoder *d, byte_queue *q, int byte)
{
    (void)q;
    /* 1. */
    if (byte == EOQ)
        return finished();
    /* 2. */
    if (d->replacement_error_returned == false) {
        d->replacement_error_returned = true;
        return error();
    }
    /* 3. */
    return finished();
}

/* ---- shared UTF-16 decoder --------------------------------------------- */
static bool is_leading_surrogate(uint32_t u) { return u >= 0xD800 && u <= 0xDBFF; }
static bool is_trailing_surrogate(uint32_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

static result utf16_decoder(decoder *d, byte_queue *q, int byte)
{
    /* 1. */
    if (byte == EOQ && (d->utf16_leading_byte != -1 || d->utf16_leading_surrogate != -1)) {
        d->utf16_leading_byte = -1;
        d->utf16_leading_surrogate = -1;
        return error();
    }
    /* 2. */
    if (byte == EOQ && d->utf16_leading_byte == -1 && d->utf16_leading_surrogate == -1)
        return finished();
    /* 3. */
    if (d->utf16_leading_byte == -1) {
        d->utf16_leading_byte = byte;
        return cont();
    }
    /* 4. */
    uint32_t code_unit = d->is_utf16be_decoder
                             ? ((uint32_t)d->utf16_leading_byte << 8) + (uint32_t)byte
                             : ((uint32_t)byte << 8) + (uint32_t)d->utf16_leading_byte;
    /* 5. */
    d->utf16_leading_byte = -1;
    /* 6. If UTF-16 leading surrogate is non-null: */
    if (d->utf16_leading_surrogate != -1) {
        /* 6.1, 6.2 */
        uint32_t leading_surrogate = (uint32_t)d->utf16_leading_surrogate;
        d->utf16_leading_surrogate = -1;
        /* 6.3 scalar value from surrogates */
        if (is_trailing_surrogate(code_unit))
            return one(0x10000 + ((leading_surrogate - 0xD800) << 10) + (code_unit - 0xDC00));
        /* 6.4 - 6.6 */
        int byte1 = (int)(code_unit >> 8);
        int byte2 = (int)(code_unit & 0x00FF);
        /* 6.7 */
        if (d->is_utf16be_decoder)
            restore2(q, byte1, byte2);
        else
            restore2(q, byte2, byte1);
        return error();
    }
    /* 7. */
    if (is_leading_surrogate(code_unit)) {
        d->utf16_leading_surrogate = (int32_t)code_unit;
        return cont();
    }
    /* 8. */
    if (is_trailing_surrogate(code_unit))
        return error();
    /* 9. */
    return one(code_unit);
}

/* ---- x-user-defined decoder -------------------------------------------- */
static result x_user_defined_decoder(decoder *d, byte_queue *q, int byte)
{
    (void)d;
    (void)q;
    /* 1. */
    if (byte == EOQ)
        return finished();
    /* 2. */
    if (is_ascii_byte(byte))
        return one((uint32_t)byte);
    /* 3. */
    return one((uint32_t)(0xF780 + byte - 0x80));
}

static result decoder_handler(decoder *d, byte_queue *q, int byte)
{
    switch (d->kind) {
    case K_UTF8: return utf8_decoder(d, q, byte);
    case K_SINGLE_BYTE: return single_byte_decoder(d, q, byte);
    case K_GBK: /* "GBK's decoder is gb18030's decoder." */
    case K_GB18030: return gb18030_decoder(d, q, byte);
    case K_BIG5: return big5_decoder(d, q, byte);
    case K_EUC_JP: return euc_jp_decoder(d, q, byte);
    case K_ISO_2022_JP: return iso_2022_jp_decoder(d, q, byte);
    case K_SHIFT_JIS: return shift_jis_decoder(d, q, byte);
    case K_EUC_KR: return euc_kr_decoder(d, q, byte);
    case K_REPLACEMENT: return replacement_decoder(d, q, byte);
    case K_UTF16BE:
    case K_UTF16LE: return utf16_decoder(d, q, byte);
    case K_X_USER_DEFINED: return x_user_defined_decoder(d, q, byte);
    }
    die("bad decoder kind");
    return error();
}

static void push_item(ref_item **items, size_t *n, size_t *cap, ref_item it)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *items = xrealloc(*items, *cap * sizeof **items);
    }
    (*items)[(*n)++] = it;
}

static void seq_push(byte_queue *q, qbyte b)
{
    if (q->nseq == q->capseq) {
        q->capseq = q->capseq ? q->capseq * 2 : 8;
        q->seq = xrealloc(q->seq, q->capseq * sizeof *q->seq);
    }
    q->seq[q->nseq++] = b;
}

/* "process a queue" with a new decoder instance, IN followed by end-of-queue,
 * and mode "replacement" (an error becomes an item with cp -1), plus the span
 * bookkeeping described in ref.h. */
size_t ref_decode(const char *encoding, const uint8_t *in, size_t n, ref_item **out)
{
    decoder d;
    decoder_init(&d, encoding);
    byte_queue q;
    memset(&q, 0, sizeof q);
    q.in = in;
    q.n = n;

    ref_item *items = NULL;
    size_t nitems = 0, cap = 0;
    bool in_sequence = false;
    /* Every byte is read at most four times (gb18030 restores three bytes),
     * and end-of-queue a few times; more steps than this means a model bug. */
    uint64_t steps = 0, max_steps = 8 * (uint64_t)n + 16;

    for (;;) {
        if (++steps > max_steps)
            die("%s decoder does not finish", encoding);
        if (!in_sequence) {
            /* A new sequence starts with the next byte read; by the
             * definition the handler must be idle here. */
            if (!decoder_idle(&d))
                die("%s decoder holds bytes between sequences", encoding);
            q.nseq = 0;
        }
        /* "process a queue": read an item, then "process an item". */
        qbyte b = bq_read(&q);
        if (b.value != EOQ) {
            seq_push(&q, b);
            in_sequence = true;
        }
        i2j_dstate state_before = d.i2j_state;
        /* ISO-2022-JP special case: a 0x1B in the trailing byte state is not
         * part of the error it causes; it starts the next sequence. */
        bool split = d.kind == K_ISO_2022_JP && state_before == I2J_TRAILING_BYTE &&
                     b.value == 0x1B;
        q.restored = 0;
        result r = decoder_handler(&d, &q, b.value);

        if (q.restored > 0 && r.kind != R_ERROR)
            die("%s decoder restored bytes without returning error", encoding);
        size_t keep = q.nseq - q.restored - (split ? 1 : 0);
        ref_item span = {-1, keep ? q.seq[0].offset : b.offset, (uint32_t)keep};
        for (size_t i = 1; i < keep; i++)
            if (q.seq[i].offset != q.seq[0].offset + i)
                die("%s decoder: span is not contiguous", encoding);

        if (r.kind == R_FINISHED)
            break;
        if (r.kind == R_ITEMS) {
            for (int i = 0; i < r.n; i++) {
                /* "process an item", items: assert no surrogates. */
                if (r.item[i] > 0x10FFFF || (r.item[i] >= 0xD800 && r.item[i] <= 0xDFFF))
                    die("%s decoder returned U+%04X", encoding, (unsigned)r.item[i]);
                span.cp = (int32_t)r.item[i];
                push_item(&items, &nitems, &cap, span);
            }
        } else if (r.kind == R_ERROR) {
            span.cp = -1;
            push_item(&items, &nitems, &cap, span);
        }

        /* The sequence ends unless the handler returned continue; an
         * ISO-2022-JP escape sequence also ends when it completes. */
        if (r.kind != R_CONTINUE || (d.kind == K_ISO_2022_JP && state_before == I2J_ESCAPE))
            in_sequence = false;
        if (split) {
            q.seq[0] = b;
            q.nseq = 1;
            in_sequence = true;
        }
    }
    free(q.front);
    free(q.seq);
    *out = items;
    return nitems;
}

/* ===================================================================== */
/* Encoders                                                               */
/* ===================================================================== */

typedef enum i2j_estate { I2JE_ASCII, I2JE_ROMAN, I2JE_JIS0208 } i2j_estate;

struct ref_encoder {
    kind kind;
    const index_data *single_byte;
    bool is_gbk;                /* gb18030's "is GBK" */
    i2j_estate i2j_state;       /* ISO-2022-JP encoder state */
};

ref_encoder *ref_encoder_new(const char *encoding)
{
    size_t k = find_known(encoding);
    /* "get an encoder", 1. Assert: encoding is not replacement or UTF-16BE/LE. */
    if (known[k].kind == K_REPLACEMENT || known[k].kind == K_UTF16BE ||
        known[k].kind == K_UTF16LE)
        return NULL;
    ref_encoder *e = xcalloc(1, sizeof *e);
    e->kind = known[k].kind;
    if (e->kind == K_SINGLE_BYTE)
        e->single_byte = find_index(known[k].index);
    /* "GBK's encoder is gb18030's encoder with its is GBK set to true." */
    e->is_gbk = e->kind == K_GBK;
    e->i2j_state = I2JE_ASCII;
    return e;
}

void ref_encoder_free(ref_encoder *enc)
{
    free(enc);
}

/* An I/O queue of scalar values: restored items, then CPS[POS..N), then
 * end-of-queue if LAST.  If not LAST the queue is a streaming one that has run
 * dry: "read" would wait, so the model stops instead.  Every item carries its
 * index in CPS, kept when it is restored. */
#define QEMPTY (-2)
typedef struct qcp {
    int32_t value;      /* scalar value, EOQ, or QEMPTY */
    size_t index;
} qcp;

typedef struct cp_queue {
    const uint32_t *cps;
    size_t n, pos;
    bool last;
    qcp front[4];
    size_t nfront;
    size_t last_index;  /* index of the item read most recently */
} cp_queue;

static qcp cq_read(cp_queue *q)
{
    qcp c;
    if (q->nfront > 0)
        c = q->front[--q->nfront];
    else if (q->pos < q->n) {
        c.value = (int32_t)q->cps[q->pos];
        c.index = q->pos;
        q->pos++;
    } else
        c = (qcp){q->last ? EOQ : QEMPTY, q->n};
    q->last_index = c.index;
    return c;
}

/* "restore" a code point: it goes back in front, with the index of the item
 * it was read as (the ISO-2022-JP encoder may have changed its value). */
static void cq_restore(cp_queue *q, int32_t cp)
{
    if (q->nfront == sizeof q->front / sizeof q->front[0])
        die("encoder restored too many code points");
    q->front[q->nfront++] = (qcp){cp, q->last_index};
}

static bool is_ascii_code_point(int32_t cp) { return cp >= 0x00 && cp <= 0x7F; }

/* ---- UTF-8 encoder ----------------------------------------------------- */
static result utf8_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one((uint32_t)code_point);
    /* 3. */
    int count;
    uint32_t offset;
    uint32_t cp = (uint32_t)code_point;
    if (cp <= 0x07FF) {
        count = 1;
        offset = 0xC0;
    } else if (cp <= 0xFFFF) {
        count = 2;
        offset = 0xE0;
    } else {
        count = 3;
        offset = 0xF0;
    }
    /* 4. */
    result r = {R_ITEMS, 1, {(cp >> (6 * count)) + offset}, -1};
    /* 5. */
    while (count > 0) {
        uint32_t temp = cp >> (6 * (count - 1));
        r.item[r.n++] = 0x80 | (temp & 0x3F);
        count--;
    }
    /* 6. */
    return r;
}

/* ---- single-byte encoder ----------------------------------------------- */
static result single_byte_encoder(const ref_encoder *e, int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one((uint32_t)code_point);
    /* 3. */
    int32_t pointer = index_pointer(e->single_byte, (uint32_t)code_point);
    /* 4. */
    if (pointer == -1)
        return error_with((uint32_t)code_point);
    /* 5. */
    return one((uint32_t)pointer + 0x80);
}

/* ---- gb18030 encoder (GBK's with is GBK) ------------------------------- */
static result gb18030_encoder(const ref_encoder *e, int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one(cp);
    /* 3. */
    if (cp == 0xE5E5)
        return error_with(cp);
    /* 4. */
    if (e->is_gbk && cp == 0x20AC)
        return one(0x80);
    /* 5. The encoder-only table (GB18030-2005 compatibility). */
    static const uint32_t table[][3] = {
        {0xE78D, 0xA6, 0xD9}, {0xE78E, 0xA6, 0xDA}, {0xE78F, 0xA6, 0xDB},
        {0xE790, 0xA6, 0xDC}, {0xE791, 0xA6, 0xDD}, {0xE792, 0xA6, 0xDE},
        {0xE793, 0xA6, 0xDF}, {0xE794, 0xA6, 0xEC}, {0xE795, 0xA6, 0xED},
        {0xE796, 0xA6, 0xF3}, {0xE81E, 0xFE, 0x59}, {0xE826, 0xFE, 0x61},
        {0xE82B, 0xFE, 0x66}, {0xE82C, 0xFE, 0x67}, {0xE832, 0xFE, 0x6D},
        {0xE843, 0xFE, 0x7E}, {0xE854, 0xFE, 0x90}, {0xE864, 0xFE, 0xA0},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i][0] == cp)
            return two(table[i][1], table[i][2]);
    /* 6. */
    int32_t pointer = index_pointer(find_index("gb18030"), cp);
    /* 7. If pointer is non-null: */
    if (pointer != -1) {
        uint32_t p = (uint32_t)pointer;
        uint32_t leading = p / 190 + 0x81;
        uint32_t trailing = p % 190;
        uint32_t offset = trailing < 0x3F ? 0x40 : 0x41;
        return two(leading, trailing + offset);
    }
    /* 8. */
    if (e->is_gbk)
        return error_with(cp);
    /* 9. */
    int32_t rp = ref_gb18030_ranges_pointer(cp);
    if (rp == -1)
        die("no index gb18030 ranges pointer for U+%04X", (unsigned)cp);
    uint32_t p = (uint32_t)rp;
    /* 10. - 15. */
    uint32_t byte1 = p / (10 * 126 * 10);
    p = p % (10 * 126 * 10);
    uint32_t byte2 = p / (10 * 126);
    p = p % (10 * 126);
    uint32_t byte3 = p / 10;
    uint32_t byte4 = p % 10;
    /* 16. */
    return four(byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30);
}

/* ---- Big5 encoder ------------------------------------------------------ */
static result big5_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one(cp);
    /* 3. */
    int32_t pointer = ref_index_big5_pointer(cp);
    /* 4. */
    if (pointer == -1)
        return error_with(cp);
    /* 5. - 7. */
    uint32_t leading = (uint32_t)pointer / 157 + 0x81;
    uint32_t trailing = (uint32_t)pointer % 157;
    uint32_t offset = trailing < 0x3F ? 0x40 : 0x62;
    /* 8. */
    return two(leading, trailing + offset);
}

/* ---- EUC-JP encoder ---------------------------------------------------- */
static result euc_jp_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one(cp);
    /* 3. */
    if (cp == 0x00A5)
        return one(0x5C);
    /* 4. */
    if (cp == 0x203E)
        return one(0x7E);
    /* 5. */
    if (cp >= 0xFF61 && cp <= 0xFF9F)
        return two(0x8E, cp - 0xFF61 + 0xA1);
    /* 6. */
    if (cp == 0x2212)
        cp = 0xFF0D;
    /* 7. */
    int32_t pointer = index_pointer(find_index("jis0208"), cp);
    /* 8. */
    if (pointer == -1)
        return error_with(cp);
    /* 9. - 11. */
    uint32_t leading = (uint32_t)pointer / 94 + 0xA1;
    uint32_t trailing = (uint32_t)pointer % 94 + 0xA1;
    return two(leading, trailing);
}

/* ---- ISO-2022-JP encoder ----------------------------------------------- */
static result iso_2022_jp_encoder(ref_encoder *e, cp_queue *q, int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ && e->i2j_state != I2JE_ASCII) {
        e->i2j_state = I2JE_ASCII;
        return three(0x1B, 0x28, 0x42);
    }
    /* 2. */
    if (code_point == EOQ && e->i2j_state == I2JE_ASCII)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 3. */
    if ((e->i2j_state == I2JE_ASCII || e->i2j_state == I2JE_ROMAN) &&
        (cp == 0x0E || cp == 0x0F || cp == 0x1B))
        return error_with(0xFFFD);
    /* 4. */
    if (e->i2j_state == I2JE_ASCII && is_ascii_code_point(code_point))
        return one(cp);
    /* 5. */
    if (e->i2j_state == I2JE_ROMAN &&
        ((is_ascii_code_point(code_point) && cp != 0x5C && cp != 0x7E) || cp == 0x00A5 ||
         cp == 0x203E)) {
        /* 5.1 */
        if (is_ascii_code_point(code_point))
            return one(cp);
        /* 5.2 */
        if (cp == 0x00A5)
            return one(0x5C);
        /* 5.3 */
        if (cp == 0x203E)
            return one(0x7E);
    }
    /* 6. */
    if (is_ascii_code_point(code_point) && e->i2j_state != I2JE_ASCII) {
        cq_restore(q, (int32_t)cp);
        e->i2j_state = I2JE_ASCII;
        return three(0x1B, 0x28, 0x42);
    }
    /* 7. */
    if ((cp == 0x00A5 || cp == 0x203E) && e->i2j_state != I2JE_ROMAN) {
        cq_restore(q, (int32_t)cp);
        e->i2j_state = I2JE_ROMAN;
        return three(0x1B, 0x28, 0x4A);
    }
    /* 8. */
    if (cp == 0x2212)
        cp = 0xFF0D;
    /* 9. */
    if (cp >= 0xFF61 && cp <= 0xFF9F) {
        int32_t k = index_code_point(find_index("iso-2022-jp-katakana"), cp - 0xFF61);
        if (k == -1)
            die("index ISO-2022-JP katakana lacks pointer %u", (unsigned)(cp - 0xFF61));
        cp = (uint32_t)k;
    }
    /* 10. */
    int32_t pointer = index_pointer(find_index("jis0208"), cp);
    /* 11. If pointer is null: */
    if (pointer == -1) {
        /* 11.1 */
        if (e->i2j_state == I2JE_JIS0208) {
            cq_restore(q, (int32_t)cp);
            e->i2j_state = I2JE_ASCII;
            return three(0x1B, 0x28, 0x42);
        }
        /* 11.2 */
        return error_with(cp);
    }
    /* 12. */
    if (e->i2j_state != I2JE_JIS0208) {
        cq_restore(q, (int32_t)cp);
        e->i2j_state = I2JE_JIS0208;
        return three(0x1B, 0x24, 0x42);
    }
    /* 13. - 15. */
    uint32_t leading = (uint32_t)pointer / 94 + 0x21;
    uint32_t trailing = (uint32_t)pointer % 94 + 0x21;
    return two(leading, trailing);
}

/* ---- Shift_JIS encoder ------------------------------------------------- */
static result shift_jis_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point) || cp == 0x0080)
        return one(cp);
    /* 3. */
    if (cp == 0x00A5)
        return one(0x5C);
    /* 4. */
    if (cp == 0x203E)
        return one(0x7E);
    /* 5. */
    if (cp >= 0xFF61 && cp <= 0xFF9F)
        return one(cp - 0xFF61 + 0xA1);
    /* 6. */
    if (cp == 0x2212)
        cp = 0xFF0D;
    /* 7. */
    int32_t pointer = ref_index_shift_jis_pointer(cp);
    /* 8. */
    if (pointer == -1)
        return error_with(cp);
    /* 9. - 12. */
    uint32_t leading = (uint32_t)pointer / 188;
    uint32_t leading_offset = leading < 0x1F ? 0x81 : 0xC1;
    uint32_t trailing = (uint32_t)pointer % 188;
    uint32_t offset = trailing < 0x3F ? 0x40 : 0x41;
    /* 13. */
    return two(leading + leading_offset, trailing + offset);
}

/* ---- EUC-KR encoder ---------------------------------------------------- */
static result euc_kr_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one(cp);
    /* 3. */
    int32_t pointer = index_pointer(find_index("euc-kr"), cp);
    /* 4. */
    if (pointer == -1)
        return error_with(cp);
    /* 5. - 7. */
    uint32_t leading = (uint32_t)pointer / 190 + 0x81;
    uint32_t trailing = (uint32_t)pointer % 190 + 0x41;
    return two(leading, trailing);
}

/* ---- x-user-defined encoder -------------------------------------------- */
static result x_user_defined_encoder(int32_t code_point)
{
    /* 1. */
    if (code_point == EOQ)
        return finished();
    uint32_t cp = (uint32_t)code_point;
    /* 2. */
    if (is_ascii_code_point(code_point))
        return one(cp);
    /* 3. */
    if (cp >= 0xF780 && cp <= 0xF7FF)
        return one(cp - 0xF780 + 0x80);
    /* 4. */
    return error_with(cp);
}

static result encoder_handler(ref_encoder *e, cp_queue *q, int32_t code_point)
{
    switch (e->kind) {
    case K_UTF8: return utf8_encoder(code_point);
    case K_SINGLE_BYTE: return single_byte_encoder(e, code_point);
    case K_GBK:
    case K_GB18030: return gb18030_encoder(e, code_point);
    case K_BIG5: return big5_encoder(code_point);
    case K_EUC_JP: return euc_jp_encoder(code_point);
    case K_ISO_2022_JP: return iso_2022_jp_encoder(e, q, code_point);
    case K_SHIFT_JIS: return shift_jis_encoder(code_point);
    case K_EUC_KR: return euc_kr_encoder(code_point);
    case K_X_USER_DEFINED: return x_user_defined_encoder(code_point);
    case K_REPLACEMENT:
    case K_UTF16BE:
    case K_UTF16LE: break;
    }
    die("encoder of an encoding that has none");
    return error();
}

/* Output bytes are gathered in a buffer on the stack and appended to the
 * caller's block one run at a time: a realloc per byte made the model
 * quadratic in its output under ASan (every realloc a fresh, filled and
 * quarantined block), most of the encode fuzz target's time. */
typedef struct out_buf {
    uint8_t **out;
    size_t *out_len;
    size_t n;
    uint8_t b[1024];
} out_buf;

static void out_flush(out_buf *o)
{
    if (o->n == 0)
        return;
    *o->out = xrealloc(*o->out, *o->out_len + o->n);
    memcpy(*o->out + *o->out_len, o->b, o->n);
    *o->out_len += o->n;
    o->n = 0;
}

static void out_byte(out_buf *o, uint32_t byte)
{
    if (byte > 0xFF)
        die("encoder produced a value 0x%X that is not a byte", (unsigned)byte);
    if (o->n == sizeof o->b)
        out_flush(o);
    o->b[o->n++] = (uint8_t)byte;
}

long ref_encode(ref_encoder *enc, const uint32_t *cps, size_t n, int last, int mode,
                uint8_t **out, size_t *out_len, uint32_t *err_cp)
{
    if (mode != REF_FATAL && mode != REF_HTML)
        die("bad encoder error mode %d", mode);
    cp_queue q;
    memset(&q, 0, sizeof q);
    q.cps = cps;
    q.n = n;
    q.last = last != 0;
    out_buf o;
    o.out = out;
    o.out_len = out_len;
    o.n = 0;

    /* "process a queue": while true, process the item read from input. */
    for (;;) {
        qcp c = cq_read(&q);
        if (c.value == QEMPTY) {
            out_flush(&o);
            return -1;
        } /* a streaming queue ran dry: wait for more input */
        /* "process an item", 3. Assert: an encoder's item is not a surrogate
         * (nor, in C, anything that is not a scalar value). */
        if (c.value != EOQ && (c.value > 0x10FFFF || (c.value >= 0xD800 && c.value <= 0xDFFF)))
            die("ref_encode given U+%04X, which is not a scalar value", (unsigned)c.value);
        /* 4. */
        result r = encoder_handler(enc, &q, c.value);
        /* 5. finished: push end-of-queue to output (nothing to store) and return. */
        if (r.kind == R_FINISHED) {
            out_flush(&o);
            return -1;
        }
        /* 6. one or more items: push them to output. */
        if (r.kind == R_ITEMS) {
            for (int i = 0; i < r.n; i++)
                out_byte(&o, r.item[i]);
        } else if (r.kind == R_ERROR) {
            /* 7. error, switch on mode. */
            if (r.error_cp < 0)
                die("encoder error without a code point");
            if (mode == REF_HTML) {
                /* Push 0x26 (&), 0x23 (#), the shortest decimal digits of the
                 * code point, then 0x3B (;) to output. */
                char digits[16];
                int len = snprintf(digits, sizeof digits, "%lu", (unsigned long)r.error_cp);
                out_byte(&o, 0x26);
                out_byte(&o, 0x23);
                for (int i = 0; i < len; i++)
                    out_byte(&o, (uint32_t)(unsigned char)digits[i]);
                out_byte(&o, 0x3B);
            } else {
                /* "fatal": return result. */
                if (err_cp)
                    *err_cp = (uint32_t)r.error_cp;
                out_flush(&o);
                return (long)c.index;
            }
        }
        /* 8. Return continue: the loop goes on. */
    }
}
