/* text_decoder.c -- unit tests of wenc_text_decoder (TextDecoder and
** TextDecoderStream in wenc/text.h): construction, the decode() steps (do
** not flush, BOM seen, ignoreBOM, fatal errors, the kept rest of the input),
** every output form and buffer size, allocation.  Expected values are typed
** from the standard and SPEC-DELTA.md (e). */
#include <stdint.h>

#include "check.h"
#include "built.h"
#include "test_alloc.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------------
** Vectors: a text decoder and a series of decode() calls. */

typedef struct call {
    const char *in;
    size_t len;
    bool stream;
    wenc_status st;
    const uint16_t *out; /* the string; for WENC_MALFORMED, what came before the error */
    size_t out_len;
} call;

typedef struct vector {
    const char *desc;
    const char *label;
    unsigned options;
    size_t n;
    call calls[4];
} vector;

#define CALLS(...) sizeof((call[]){__VA_ARGS__}) / sizeof(call), {__VA_ARGS__}

#define B(s) s, sizeof(s) - 1
#define U(...) (const uint16_t[]){__VA_ARGS__}, sizeof((const uint16_t[]){__VA_ARGS__}) / 2
#define NONE NULL, 0
#define S true   /* stream */
#define F false  /* not stream */
#define OK WENC_OK
#define BAD WENC_MALFORMED
#define FATAL WENC_TEXT_DECODER_FATAL
#define IGNORE WENC_TEXT_DECODER_IGNORE_BOM

static const vector vectors[] = {
    /* SPEC-DELTA (e). */
    {"utf-8 EF BB BF 41", "utf-8", 0, CALLS({B("\xEF\xBB\xBF\x41"), F, OK, U(0x41)})},
    {"utf-8 ignoreBOM EF BB BF 41", "utf-8", IGNORE,
     CALLS({B("\xEF\xBB\xBF\x41"), F, OK, U(0xFEFF, 0x41)})},
    {"utf-16le FF FE 41 00", "utf-16le", 0, CALLS({B("\xFF\xFE\x41\x00"), F, OK, U(0x41)})},
    {"utf-16be FF FE 00 41 (not a BOM for BE)", "utf-16be", 0,
     CALLS({B("\xFF\xFE\x00\x41"), F, OK, U(0xFFFE, 0x41)})},
    {"utf-8 FE FF", "utf-8", 0, CALLS({B("\xFE\xFF"), F, OK, U(0xFFFD, 0xFFFD)})},
    {"windows-1252 EF BB BF", "windows-1252", 0,
     CALLS({B("\xEF\xBB\xBF"), F, OK, U(0xEF, 0xBB, 0xBF)})},
    {"utf-8 EF BB BF EF BB BF", "utf-8", 0, CALLS({B("\xEF\xBB\xBF\xEF\xBB\xBF"), F, OK, U(0xFEFF)})},
    {"streaming EF | BB BF 41 | ()", "utf-8", 0,
     CALLS({B("\xEF"), S, OK, NONE}, {B("\xBB\xBF\x41"), S, OK, U(0x41)}, {NULL, 0, F, OK, NONE})},
    {"two calls EF BB BF 41, EF BB BF 42", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\x41"), F, OK, U(0x41)}, {B("\xEF\xBB\xBF\x42"), F, OK, U(0x42)})},
    {"fatal C3 | () = TypeError", "utf-8", FATAL,
     CALLS({B("\xC3"), S, OK, NONE}, {NULL, 0, F, BAD, NONE})},
    {"label unicode: 41 00", "unicode", 0, CALLS({B("\x41\x00"), F, OK, U(0x41)})},

    /* BOM cases. */
    {"UTF-8 BOM under utf-16le: no sniffing", "utf-16le", 0,
     CALLS({B("\xEF\xBB\xBF\x41\x00"), F, OK, U(0xBBEF, 0x41BF, 0xFFFD)})},
    {"UTF-16BE BOM under utf-16le", "utf-16le", 0,
     CALLS({B("\xFE\xFF\x00\x41"), F, OK, U(0xFFFE, 0x4100)})},
    {"utf-16be FE FF 00 41", "utf-16be", 0, CALLS({B("\xFE\xFF\x00\x41"), F, OK, U(0x41)})},
    {"utf-16le ignoreBOM FF FE 41 00", "utf-16le", IGNORE,
     CALLS({B("\xFF\xFE\x41\x00"), F, OK, U(0xFEFF, 0x41)})},
    {"utf-16le BOM split FF | FE | 41 | 00 | ()", "utf-16le", 0,
     CALLS({B("\xFF"), S, OK, NONE},
      {B("\xFE"), S, OK, NONE},
      {B("\x41\x00"), S, OK, U(0x41)},
      {NULL, 0, F, OK, NONE})},
    {"utf-8 BOM split EF BB | BF 41 | ()", "utf-8", 0,
     CALLS({B("\xEF\xBB"), S, OK, NONE}, {B("\xBF\x41"), S, OK, U(0x41)}, {NULL, 0, F, OK, NONE})},
    {"BOM only after a non-streaming reset", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\x41"), S, OK, U(0x41)},
      {B("\xEF\xBB\xBF\x42"), S, OK, U(0xFEFF, 0x42)},
      {NULL, 0, F, OK, NONE},
      {B("\xEF\xBB\xBF\x43"), F, OK, U(0x43)})},
    {"an empty streaming call does not end BOM handling", "utf-8", 0,
     CALLS({B(""), S, OK, NONE}, {B("\xEF\xBB\xBF\x41"), F, OK, U(0x41)})},
    {"a U+FFFD first ends BOM handling", "utf-8", 0,
     CALLS({B("\xFF\xEF\xBB\xBF"), F, OK, U(0xFFFD, 0xFEFF)})},
    {"gb18030 never strips U+FEFF (84 31 95 33)", "gb18030", 0,
     CALLS({B("\x84\x31\x95\x33\x41"), F, OK, U(0xFEFF, 0x41)})},
    {"utf-16be BOM then a pair, streamed", "utf-16be", 0,
     CALLS({B("\xFE\xFF\xD8"), S, OK, NONE}, {B("\x3D\xDE\x00"), F, OK, U(0xD83D, 0xDE00)})},

    /* Fatal errors, and what the standard keeps after them. */
    {"fatal 41 42 FF 43", "utf-8", FATAL, CALLS({B("\x41\x42\xFF\x43"), F, BAD, U(0x41, 0x42)})},
    {"fatal FF 41 42 (stream) then 43: ABC", "utf-8", FATAL,
     CALLS({B("\xFF\x41\x42"), S, BAD, NONE}, {B("\x43"), F, OK, U(0x41, 0x42, 0x43)})},
    {"fatal FF 41 42 | 43 (stream) | ()", "utf-8", FATAL,
     CALLS({B("\xFF\x41\x42"), S, BAD, NONE},
      {B("\x43"), S, OK, U(0x41, 0x42, 0x43)},
      {NULL, 0, F, OK, NONE})},
    {"fatal FF 41 FF 42 | 43 | (): an error in the kept bytes", "utf-8", FATAL,
     CALLS({B("\xFF\x41\xFF\x42"), S, BAD, NONE},
      {B("\x43"), S, BAD, U(0x41)},
      {NULL, 0, F, OK, U(0x42, 0x43)})},
    {"fatal FF 41 without stream: nothing kept", "utf-8", FATAL,
     CALLS({B("\xFF\x41"), F, BAD, NONE}, {B("\x42"), F, OK, U(0x42)})},
    {"fatal error at the end, then a fresh call", "utf-8", FATAL,
     CALLS({B("\xE2\x82"), S, OK, NONE}, {NULL, 0, F, BAD, NONE}, {B("\x41"), F, OK, U(0x41)})},
    {"fatal utf-16le odd byte at the end", "utf-16le", FATAL,
     CALLS({B("\x41\x00\x42"), S, OK, U(0x41)}, {NULL, 0, F, BAD, NONE})},
    {"fatal: a restored byte is kept", "utf-8", FATAL,
     CALLS({B("\xF0\x9F"), S, OK, NONE}, {B("\x41\x42"), S, BAD, NONE}, {NULL, 0, F, OK, U(0x41, 0x42)})},
    {"fatal utf-16le: restored unit is kept", "utf-16le", FATAL,
     CALLS({B("\x00\xD8"), S, OK, NONE}, {B("\x41\x00"), S, BAD, NONE}, {NULL, 0, F, OK, U(0x41)})},
    {"fatal: BOM seen is restored by the error", "utf-8", FATAL,
     CALLS({B("\x41\xFF"), S, BAD, U(0x41)}, {B("\xEF\xBB\xBF\x42"), F, OK, U(0x42)})},
    {"fatal: a BOM lost with the error's output", "utf-8", FATAL,
     CALLS({B("\xEF\xBB\xBF\xFF"), S, BAD, NONE}, {B("\xEF\xBB\xBF\x41"), F, OK, U(0x41)})},
    {"contrast: a successful first call sets BOM seen", "utf-8", FATAL,
     CALLS({B("\x41"), S, OK, U(0x41)}, {B("\xEF\xBB\xBF\x42"), F, OK, U(0xFEFF, 0x42)})},
    {"fatal with valid input", "utf-8", FATAL,
     CALLS({B("\xEF\xBB\xBF\xF0\x9F\x98\x80"), F, OK, U(0xD83D, 0xDE00)})},

    /* Other encodings (SPEC-DELTA (b)). */
    {"big5 88 62", "big5", 0, CALLS({B("\x88\x62"), F, OK, U(0x00CA, 0x0304)})},
    {"big5 81 40", "big5", 0, CALLS({B("\x81\x40"), F, OK, U(0xFFFD, 0x40)})},
    {"x-user-defined 80 FF", "x-user-defined", 0, CALLS({B("\x80\xFF"), F, OK, U(0xF780, 0xF7FF)})},
    {"utf-16be D8 3D DE 00", "utf-16be", 0, CALLS({B("\xD8\x3D\xDE\x00"), F, OK, U(0xD83D, 0xDE00)})},
    {"utf-16le 00 D8 41 00", "utf-16le", 0, CALLS({B("\x00\xD8\x41\x00"), F, OK, U(0xFFFD, 0x41)})},
    {"utf-16le 41 00 42", "utf-16le", 0, CALLS({B("\x41\x00\x42"), F, OK, U(0x41, 0xFFFD)})},
    {"latin1 80", "latin1", 0, CALLS({B("\x80"), F, OK, U(0x20AC)})},
    /* These need the CJK handlers. */
    {"shift_jis 82 22", "shift_jis", 0, CALLS({B("\x82\x22"), F, OK, U(0xFFFD, 0x22)})},
    {"euc-kr B0 A1", "euc-kr", 0, CALLS({B("\xB0\xA1"), F, OK, U(0xAC00)})},
    {"gb18030 A6 D9", "gb18030", 0, CALLS({B("\xA6\xD9"), F, OK, U(0xFE10)})},
    {"euc-jp A1 8E A1", "euc-jp", 0, CALLS({B("\xA1\x8E\xA1"), F, OK, U(0xFFFD, 0xFFFD)})},
    {"iso-2022-jp 1B 24 42 24 22", "iso-2022-jp", 0,
     CALLS({B("\x1B\x24\x42\x24\x22"), F, OK, U(0x3042)})},
    {"iso-2022-jp 1B 24 42 24 | ()", "iso-2022-jp", 0,
     CALLS({B("\x1B\x24\x42\x24"), S, OK, NONE}, {NULL, 0, F, OK, U(0xFFFD)})},
    {"fatal shift_jis 82 22 | ()", "shift_jis", FATAL,
     CALLS({B("\x82\x22"), S, BAD, NONE}, {NULL, 0, F, OK, U(0x22)})},
};

/* The test's own UTF-16 to UTF-8 conversion (of valid UTF-16 only), to
** state the UTF-8 form of the typed UTF-16 expectations. */
static size_t to_utf8(const uint16_t *s, size_t n, uint8_t *o)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n)
            c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00u);
        if (c < 0x80) {
            o[k++] = (uint8_t)c;
        } else if (c < 0x800) {
            o[k++] = (uint8_t)(0xC0 | c >> 6);
            o[k++] = (uint8_t)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            o[k++] = (uint8_t)(0xE0 | c >> 12);
            o[k++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            o[k++] = (uint8_t)(0x80 | (c & 0x3F));
        } else {
            o[k++] = (uint8_t)(0xF0 | c >> 18);
            o[k++] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
            o[k++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            o[k++] = (uint8_t)(0x80 | (c & 0x3F));
        }
    }
    return k;
}

/* Ways to run a call. */
enum { MODE_UTF16, MODE_UTF8, MODE_UTF16_ALLOC, MODE_UTF8_ALLOC };

/* One decode() call with output into buffers of ROOM units (0: the
** max-length helper's bound, which must never give WENC_OUTPUT_FULL),
** continued after WENC_OUTPUT_FULL with the rest of the input; the output
** (units of 1 or 2 bytes) is appended to OUT.  *FULLS counts
** WENC_OUTPUT_FULL results. */
static wenc_status decode_call(wenc_text_decoder *td, int mode, const uint8_t *in, size_t len,
                               bool stream, size_t room, uint8_t *out, size_t *out_len,
                               unsigned *fulls)
{
    if (mode == MODE_UTF16_ALLOC || mode == MODE_UTF8_ALLOC) {
        void *p;
        size_t n;
        wenc_status st;
        if (mode == MODE_UTF16_ALLOC) {
            uint16_t *q;
            st = wenc_text_decoder_decode_to_utf16_alloc(td, in, len, stream, NULL, &q, &n);
            p = q;
            if (q != NULL && q[n] != 0)
                st = WENC_TOO_LARGE; /* flags a missing terminator */
            n *= 2;
        } else {
            uint8_t *q;
            st = wenc_text_decoder_decode_to_utf8_alloc(td, in, len, stream, NULL, &q, &n);
            p = q;
            if (q != NULL && q[n] != 0)
                st = WENC_TOO_LARGE;
        }
        if (p != NULL)
            memcpy(out + *out_len, p, n);
        *out_len += n;
        wenc_free(NULL, p);
        return st;
    }
    size_t unit = mode == MODE_UTF16 ? 2 : 1;
    wenc_status st;
    do {
        size_t r = room;
        if (r == 0)
            r = mode == MODE_UTF16 ? wenc_text_decoder_max_utf16_length(td, len)
                                   : wenc_text_decoder_max_utf8_length(td, len);
        uint8_t buf[4096];
        size_t n = len, m = r;
        if (m * unit > sizeof buf)
            m = sizeof buf / unit;
        if (mode == MODE_UTF16) {
            uint16_t b16[2048];
            st = wenc_text_decoder_decode_to_utf16(td, in, &n, b16, &m, stream);
            memcpy(buf, b16, m * 2);
        } else {
            st = wenc_text_decoder_decode_to_utf8(td, in, &n, buf, &m, stream);
        }
        memcpy(out + *out_len, buf, m * unit);
        *out_len += m * unit;
        if (in != NULL)
            in += n;
        len -= n;
        if (st == WENC_OUTPUT_FULL)
            (*fulls)++;
    } while (st == WENC_OUTPUT_FULL);
    return st;
}

static void run_vector(const vector *v, int mode, size_t room)
{
    static const char *const modes[] = {"UTF-16", "UTF-8", "UTF-16 alloc", "UTF-8 alloc"};
    wenc_text_decoder td;
    if (!label_built_or_skip(v->label, v->desc))
        return;
    bool ok = wenc_text_decoder_init(&td, v->label, strlen(v->label), v->options, NULL) == OK;
    for (size_t i = 0; ok && i < v->n; i++) {
        const call *c = &v->calls[i];
        uint8_t got[256], want[256];
        size_t got_len = 0, want_len;
        unsigned fulls = 0;
        wenc_status st = decode_call(&td, mode, (const uint8_t *)c->in, c->len, c->stream, room,
                                     got, &got_len, &fulls);
        if (mode == MODE_UTF16 || mode == MODE_UTF16_ALLOC) {
            want_len = c->out_len * 2;
            if (c->out_len)
                memcpy(want, c->out, want_len);
        } else {
            want_len = to_utf8(c->out, c->out_len, want);
        }
        /* The _alloc forms give no output with a TypeError. */
        if (st == BAD && (mode == MODE_UTF16_ALLOC || mode == MODE_UTF8_ALLOC))
            want_len = 0;
        if (st != c->st || got_len != want_len || (want_len && memcmp(got, want, want_len)) ||
            (room == 0 && fulls != 0)) {
            printf("#   call %zu: status %s (want %s), %zu bytes (want %zu), %u full\n", i,
                   wenc_status_name(st), wenc_status_name(c->st), got_len, want_len, fulls);
            ok = false;
        }
    }
    CHECK(ok, "%s [%s, room %zu]", v->desc, modes[mode], room);
    wenc_text_decoder_destroy(&td);
}

static void test_vectors(void)
{
    static const size_t rooms16[] = {1, 2, 3, 7, 0};
    static const size_t rooms8[] = {1, 2, 3, 4, 5, 0};
    for (size_t i = 0; i < LEN(vectors); i++) {
        for (size_t r = 0; r < LEN(rooms16); r++)
            run_vector(&vectors[i], MODE_UTF16, rooms16[r]);
        for (size_t r = 0; r < LEN(rooms8); r++)
            run_vector(&vectors[i], MODE_UTF8, rooms8[r]);
        run_vector(&vectors[i], MODE_UTF16_ALLOC, 0);
        run_vector(&vectors[i], MODE_UTF8_ALLOC, 0);
    }
}

/* ------------------------------------------------------------------------
** The constructor and the getters. */


/* LABEL with control characters escaped, for one TAP line. */
static const char *printable(const char *label)
{
    static char buf[64];
    size_t n = 0;
    for (; *label && n + 5 < sizeof buf; label++) {
        unsigned char ch = (unsigned char)*label;
        if (ch < 0x20 || ch >= 0x7F)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "\\x%02X", ch);
        else
            buf[n++] = (char)ch;
    }
    buf[n] = 0;
    return buf;
}

static void test_constructor(void)
{
    wenc_text_decoder td;
    static const struct {
        const char *label;
        wenc_status st;
        const char *name;
    } labels[] = {
        {"utf-8", OK, "utf-8"},
        {" \tUTF8\n", OK, "utf-8"},
        {"unicode", OK, "utf-16le"},
        {"unicodefffe", OK, "utf-16be"},
        {"csunicode", OK, "utf-16le"},
        {"latin1", OK, "windows-1252"},
        {"ascii", OK, "windows-1252"},
        {"sjis", OK, "shift_jis"},
        {"Shift_JIS", OK, "shift_jis"},
        {"GB2312", OK, "gbk"},
        {"x-user-defined", OK, "x-user-defined"},
        {"ISO-8859-8-I", OK, "iso-8859-8-i"},
        {"replacement", WENC_REPLACEMENT_LABEL, NULL},
        {"iso-2022-kr", WENC_REPLACEMENT_LABEL, NULL},
        {"csiso2022kr", WENC_REPLACEMENT_LABEL, NULL},
        {"hz-gb-2312", WENC_REPLACEMENT_LABEL, NULL},
        {"", WENC_UNKNOWN_LABEL, NULL},
        {"   ", WENC_UNKNOWN_LABEL, NULL},
        {"utf-7", WENC_UNKNOWN_LABEL, NULL},
        {"utf-32", WENC_UNKNOWN_LABEL, NULL},
        {"utf-16", OK, "utf-16le"},
        {"utf\xE2\x80\x90" "8", WENC_UNKNOWN_LABEL, NULL},
    };
    for (size_t i = 0; i < LEN(labels); i++) {
        if (labels[i].st == OK && !label_built_or_skip(labels[i].label, "constructor"))
            continue;
        memset(&td, 0xAB, sizeof td);
        wenc_status st = wenc_text_decoder_init(&td, labels[i].label, strlen(labels[i].label), 0,
                                                NULL);
        CHECK(st == labels[i].st, "label \"%s\": %s", printable(labels[i].label), wenc_status_name(st));
        if (labels[i].name != NULL) {
            const char *got = wenc_text_decoder_encoding_name(&td);
            CHECK(got != NULL && strcmp(got, labels[i].name) == 0, "label \"%s\": encoding %s",
                  printable(labels[i].label), got ? got : "(null)");
            wenc_text_decoder_destroy(&td);
        } else {
            unsigned char pattern[sizeof td];
            memset(pattern, 0xAB, sizeof pattern);
            CHECK(memcmp(&td, pattern, sizeof td) == 0, "label \"%s\": TD untouched",
                  printable(labels[i].label));
        }
    }
    CHECK(WENC_UNKNOWN_LABEL != WENC_REPLACEMENT_LABEL, "the two RangeErrors differ");
    CHECK(strcmp(wenc_status_name(WENC_REPLACEMENT_LABEL), "REPLACEMENT_LABEL") == 0,
          "status name REPLACEMENT_LABEL");

    /* The label omitted: "utf-8". */
    CHECK_EQ(wenc_text_decoder_init(&td, NULL, 0, 0, NULL), OK, "label omitted");
    CHECK(strcmp(wenc_text_decoder_encoding_name(&td), "utf-8") == 0, "omitted label: utf-8");
    CHECK(wenc_text_decoder_encoding(&td) == WENC_UTF_8, "omitted label: WENC_UTF_8");
    CHECK(!wenc_text_decoder_fatal(&td) && !wenc_text_decoder_ignore_bom(&td),
          "default options: fatal false, ignoreBOM false");
    wenc_text_decoder_destroy(&td);
    CHECK_EQ(wenc_text_decoder_init(&td, "utf-16be", 8, FATAL | IGNORE, NULL), OK,
             "fatal and ignoreBOM");
    CHECK(wenc_text_decoder_fatal(&td) && wenc_text_decoder_ignore_bom(&td), "getters true");
    CHECK(strcmp(wenc_text_decoder_encoding_name(&td), "utf-16be") == 0, "encoding utf-16be");
    wenc_text_decoder_destroy(&td);
    CHECK_EQ(wenc_text_decoder_init(&td, "utf-8", 5, IGNORE, NULL), OK, "ignoreBOM only");
    CHECK(!wenc_text_decoder_fatal(&td) && wenc_text_decoder_ignore_bom(&td),
          "fatal false, ignoreBOM true");
    wenc_text_decoder_destroy(&td);

    /* Bad input. */
    CHECK_EQ(wenc_text_decoder_init(NULL, "utf-8", 5, 0, NULL), WENC_INVALID_ARGUMENT,
             "init(NULL)");
    CHECK_EQ(wenc_text_decoder_init(&td, NULL, 5, 0, NULL), WENC_INVALID_ARGUMENT,
             "label NULL with length 5");
    CHECK_EQ(wenc_text_decoder_init(&td, "utf-8", 5, 4, NULL), WENC_INVALID_ARGUMENT,
             "unknown option");
    CHECK_EQ(wenc_text_decoder_init(&td, "utf-8", 3, 0, NULL), WENC_UNKNOWN_LABEL,
             "\"utf\" (length 3) names nothing");
    CHECK(wenc_text_decoder_encoding(NULL) == NULL && wenc_text_decoder_encoding_name(NULL) == NULL,
          "getters of NULL: NULL");
    CHECK(!wenc_text_decoder_fatal(NULL) && !wenc_text_decoder_ignore_bom(NULL),
          "getters of NULL: false");
    CHECK(wenc_text_decoder_error_offset(NULL) == 0 && wenc_text_decoder_error_length(NULL) == 0 &&
              wenc_text_decoder_unread_length(NULL) == 0,
          "getters of NULL: 0");
    CHECK(wenc_text_decoder_max_utf16_length(NULL, 5) == 0 &&
              wenc_text_decoder_max_utf8_length(NULL, 5) == 0,
          "max lengths of NULL: 0");

    /* set up a text decoder stream. */
    if (built_or_skip(WENC_BIG5, "init with Big5")) {
        CHECK_EQ(wenc_text_decoder_init_with_encoding(&td, WENC_BIG5, FATAL, NULL), OK,
                 "init with Big5");
        CHECK(strcmp(wenc_text_decoder_encoding_name(&td), "big5") == 0, "encoding big5");
        CHECK(wenc_text_decoder_fatal(&td), "fatal");
        wenc_text_decoder_destroy(&td);
    }
    CHECK_EQ(wenc_text_decoder_init_with_encoding(&td, WENC_REPLACEMENT, 0, NULL),
             WENC_INVALID_ARGUMENT, "init with replacement");
    CHECK_EQ(wenc_text_decoder_init_with_encoding(&td, NULL, 0, NULL), WENC_INVALID_ARGUMENT,
             "init with no encoding");
    CHECK_EQ(wenc_text_decoder_init_with_encoding(NULL, WENC_UTF_8, 0, NULL),
             WENC_INVALID_ARGUMENT, "init_with_encoding(NULL)");

    /* Heap convenience. */
    wenc_text_decoder *h = (wenc_text_decoder *)&td;
    CHECK_EQ(wenc_text_decoder_new("unicode", 7, 0, NULL, &h), OK, "new(unicode)");
    uint8_t *s8;
    size_t n;
    CHECK_EQ(wenc_text_decoder_decode_to_utf8_alloc(h, (const uint8_t *)"A\0", 2, false, NULL,
                                                    &s8, &n),
             OK, "new TextDecoder(\"unicode\").decode(41 00)");
    CHECK_BYTES(s8, n, "A", 1, "= A");
    wenc_free(NULL, s8);
    wenc_text_decoder_free(h);
    h = (wenc_text_decoder *)&td;
    CHECK_EQ(wenc_text_decoder_new("replacement", 11, 0, NULL, &h), WENC_REPLACEMENT_LABEL,
             "new(replacement)");
    CHECK(h == NULL, "new failed: NULL");
    CHECK_EQ(wenc_text_decoder_new("x", 1, 0, NULL, NULL), WENC_INVALID_ARGUMENT, "new, OUT NULL");
    test_alloc t;
    wenc_allocator fail = test_allocator(&t, 0);
    CHECK_EQ(wenc_text_decoder_new(NULL, 0, 0, &fail, &h), WENC_NO_MEMORY,
             "new: allocation fails");
    wenc_allocator a = test_allocator(&t, SIZE_MAX);
    CHECK_EQ(wenc_text_decoder_new(NULL, 0, FATAL, &a, &h), OK, "new with an allocator");
    n = 3;
    size_t m = 8;
    uint16_t o16[8];
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(h, (const uint8_t *)"\xFF\x41\x42", &n, o16, &m,
                                               true),
             BAD, "heap decoder: FF 41 42 (stream)");
    wenc_text_decoder_free(h);
    CHECK(t.allocs == 2 && t.frees == 2, "the kept bytes and the decoder freed by free()");
    wenc_text_decoder_free(NULL);
    wenc_text_decoder_destroy(NULL);
}

/* ------------------------------------------------------------------------
** Fatal errors: offsets, kept bytes, allocation of the kept bytes. */

static void test_fatal(void)
{
    wenc_text_decoder td;
    uint16_t out[16];
    size_t n, m;

    wenc_text_decoder_init(&td, "utf-8", 5, FATAL, NULL);
    n = 4;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"AB\xFF" "C", &n, out, &m,
                                               false),
             BAD, "41 42 FF 43: TypeError");
    CHECK_EQ(n, 4, "the whole input is taken");
    CHECK_EQ(m, 2, "AB before the error");
    CHECK_EQ(wenc_text_decoder_error_offset(&td), 2, "error at offset 2");
    CHECK_EQ(wenc_text_decoder_error_length(&td), 1, "of 1 byte");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 0, "not streaming: nothing kept");

    n = 4;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xFF" "A\xFF" "B", &n, out,
                                               &m, true),
             BAD, "FF 41 FF 42 (stream): TypeError");
    CHECK_EQ(n, 4, "all taken");
    CHECK_EQ(wenc_text_decoder_error_offset(&td), 0, "error at offset 0");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 3, "41 FF 42 kept");
    n = 1;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"C", &n, out, &m, true), BAD,
             "43 (stream): TypeError in the kept bytes");
    CHECK_EQ(wenc_text_decoder_error_offset(&td), 2, "error at stream offset 2");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 2, "42 43 kept");
    CHECK(wenc_text_decoder_max_utf16_length(&td, 0) >= 2, "the bound counts the kept bytes");
    n = 0;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, NULL, &n, out, &m, false), OK, "()");
    static const uint16_t bc[] = {0x42, 0x43};
    CHECK_BYTES(out, m * 2, bc, 4, "() = BC");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 0, "nothing kept");

    /* The error offset counts from the first call after a reset. */
    n = 3;
    m = 16;
    wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"abc", &n, out, &m, true);
    n = 3;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"d\xE2\x82", &n, out, &m,
                                               true),
             OK, "abc | d E2 82 (stream)");
    n = 0;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, NULL, &n, out, &m, false), BAD,
             "(): TypeError at the end");
    CHECK_EQ(wenc_text_decoder_error_offset(&td), 4, "at offset 4 of the stream");
    CHECK_EQ(wenc_text_decoder_error_length(&td), 2, "E2 82: 2 bytes");
    wenc_text_decoder_destroy(&td);
    wenc_text_decoder_destroy(&td);

    /* Keeping the rest may fail: WENC_NO_MEMORY, and the next call starts
    ** afresh. */
    test_alloc t;
    wenc_allocator a = test_allocator(&t, 0);
    wenc_text_decoder_init(&td, "utf-8", 5, FATAL, &a);
    n = 3;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xFF" "AB", &n, out, &m,
                                               true),
             WENC_NO_MEMORY, "FF 41 42 (stream), allocation fails");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 0, "nothing kept");
    n = 1;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"C", &n, out, &m, false), OK,
             "then 43");
    static const uint16_t c[] = {0x43}; /* host order, as bc above */
    CHECK_BYTES(out, m * 2, c, 2, "= C (afresh)");
    wenc_text_decoder_destroy(&td);

    /* The kept bytes grow and are reused. */
    a = test_allocator(&t, SIZE_MAX);
    wenc_text_decoder_init(&td, "utf-8", 5, FATAL, &a);
    /* Each call: the kept bytes first, then FF FF 61; the first FF met is
    ** the error and everything after it is kept. */
    static const size_t kept[] = {2, 4, 5};
    for (size_t i = 0; i < 3; i++) {
        n = 3;
        m = 16;
        wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xFF\xFF" "a", &n, out, &m, true);
        CHECK(wenc_text_decoder_unread_length(&td) == kept[i], "FF FF 61 call %zu: %zu kept", i,
              kept[i]);
    }
    n = 0;
    m = 16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, NULL, &n, out, &m, false), BAD,
             "() meets an FF kept");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 0, "after a call without stream: none kept");
    wenc_text_decoder_destroy(&td);
    CHECK_EQ(t.allocs, t.frees, "every allocation freed");
}

/* ------------------------------------------------------------------------
** Buffer sizes: zero-size and tiny buffers, continuation. */

static void test_buffers(void)
{
    wenc_text_decoder td;
    uint16_t out[8];
    uint8_t out8[8];
    size_t n, m;

    wenc_text_decoder_init(&td, NULL, 0, 0, NULL);
    n = 4;
    m = 0;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"\xEF\xBB\xBF" "A", &n, NULL,
                                               &m, false),
             WENC_OUTPUT_FULL, "zero-size output: full");
    CHECK_EQ(m, 0, "nothing written");
    CHECK_EQ(n, 3, "the BOM is consumed (and dropped)");
    n = 1;
    m = 8;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, (const uint8_t *)"A", &n, out, &m, false), OK,
             "continuation");
    CHECK(m == 1 && out[0] == 0x41, "continuation = A (no second BOM strip)");

    n = 4;
    m = 1;
    CHECK_EQ(wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"\xF0\x9F\x98\x80", &n, out8,
                                              &m, false),
             WENC_OUTPUT_FULL, "1-byte UTF-8 output, U+1F600");
    size_t got = m;
    while (m = 1, wenc_text_decoder_decode_to_utf8(&td, NULL, (n = 0, &n), out8 + got, &m,
                                                   false) == WENC_OUTPUT_FULL)
        got += m;
    got += m;
    CHECK_BYTES(out8, got, "\xF0\x9F\x98\x80", 4, "U+1F600 across 1-byte buffers");

    /* Bad input. */
    n = 1;
    m = 8;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(NULL, (const uint8_t *)"A", &n, out, &m, false),
             WENC_INVALID_ARGUMENT, "decode(NULL decoder)");
    CHECK(n == 0 && m == 0, "invalid: nothing consumed or written");
    n = 1;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16(&td, NULL, &n, out, &m, false),
             WENC_INVALID_ARGUMENT, "decode(NULL, 1)");
    n = 1;
    m = 2;
    CHECK_EQ(wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"A", &n, NULL, &m, false),
             WENC_INVALID_ARGUMENT, "decode into NULL, 2");
    CHECK_EQ(wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"A", NULL, out8, &m, false),
             WENC_INVALID_ARGUMENT, "SRC_LEN NULL");
    CHECK_EQ(wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"A", &n, out8, NULL, false),
             WENC_INVALID_ARGUMENT, "DST_LEN NULL");
    uint16_t *p16;
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, NULL, 1, false, NULL, &p16, &n),
             WENC_INVALID_ARGUMENT, "alloc: NULL, 1");
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, NULL, 0, false, NULL, NULL, &n),
             WENC_INVALID_ARGUMENT, "alloc: OUT NULL");
    uint8_t *p8 = out8;
    CHECK_EQ(wenc_text_decoder_decode_to_utf8_alloc(NULL, NULL, 0, false, NULL, &p8, &n),
             WENC_INVALID_ARGUMENT, "alloc: TD NULL");
    CHECK(p8 == NULL && n == 0, "alloc, invalid: outputs cleared");
    n = 0;
    m = 0;
    CHECK_EQ(wenc_text_decoder_decode_to_utf8(&td, NULL, &n, NULL, &m, false), OK,
             "decode() into nothing");
    wenc_text_decoder_destroy(&td);
}

/* ------------------------------------------------------------------------
** The _alloc forms. */

static void test_alloc_forms(void)
{
    wenc_text_decoder td;
    uint16_t *o16;
    uint8_t *o8;
    size_t n;
    test_alloc t;
    wenc_allocator a = test_allocator(&t, SIZE_MAX);

    wenc_text_decoder_init(&td, "utf-16le", 8, 0, NULL);
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, (const uint8_t *)"\xFF\xFE" "A", 3, true,
                                                     &a, &o16, &n),
             OK, "FF FE 41 (stream), alloc");
    CHECK(n == 0 && o16 != NULL && o16[0] == 0, "nothing yet, an empty string");
    CHECK_EQ(t.last_size, 2, "exact: the terminator only");
    wenc_free(&a, o16);
    CHECK_EQ(wenc_text_decoder_decode_to_utf8_alloc(&td, (const uint8_t *)"", 1, false, &a, &o8,
                                                    &n),
             OK, "00, alloc UTF-8");
    CHECK_BYTES(o8, n, "A", 1, "= A");
    CHECK_EQ(t.last_size, 2, "exact: 1 byte and the terminator");
    wenc_free(&a, o8);

    /* Large, streamed in chunks, with an error and kept bytes. */
    static uint8_t big[6000];
    for (size_t i = 0; i < sizeof big; i += 2) {
        big[i] = 0xAC; /* U+20AC, little-endian */
        big[i + 1] = 0x20;
    }
    big[4000] = 0x00; /* a lone trailing surrogate: DC00 */
    big[4001] = 0xDC;
    wenc_text_decoder_destroy(&td);
    wenc_text_decoder_init(&td, "utf-16le", 8, FATAL, NULL);
    CHECK_EQ(wenc_text_decoder_decode_to_utf8_alloc(&td, big, 3001, true, &a, &o8, &n), OK,
             "3001 bytes (stream)");
    CHECK_EQ(n, 4500, "1500 x U+20AC");
    CHECK_EQ(t.last_size, 4501, "exact");
    wenc_free(&a, o8);
    CHECK_EQ(wenc_text_decoder_decode_to_utf8_alloc(&td, big + 3001, 2999, true, &a, &o8, &n), BAD,
             "the rest (stream): TypeError at DC00");
    CHECK(o8 == NULL && n == 0, "no output");
    CHECK_EQ(wenc_text_decoder_error_offset(&td), 4000, "at offset 4000");
    CHECK_EQ(wenc_text_decoder_unread_length(&td), 1998, "the 1998 bytes after it are kept");
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, NULL, 0, false, &a, &o16, &n), OK, "()");
    CHECK_EQ(n, 999, "999 x U+20AC");
    bool ok = n == 999;
    for (size_t i = 0; ok && i < n; i++)
        ok = o16[i] == 0x20AC;
    CHECK(ok, "all U+20AC");
    wenc_free(&a, o16);

    /* Allocation of the output fails: TD is as if the call was not made. */
    wenc_allocator fail = test_allocator(&t, 0);
    wenc_text_decoder_destroy(&td);
    wenc_text_decoder_init(&td, "utf-8", 5, 0, NULL);
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, (const uint8_t *)"\xEF", 1, true, &fail,
                                                     &o16, &n),
             WENC_NO_MEMORY, "EF (stream), allocation fails");
    CHECK_EQ(wenc_text_decoder_decode_to_utf16_alloc(&td, (const uint8_t *)"\xEF\xBB\xBF" "A", 4,
                                                     false, NULL, &o16, &n),
             OK, "then EF BB BF 41");
    CHECK(n == 1 && o16[0] == 0x41, "= A: the failed call consumed nothing");
    wenc_free(NULL, o16);
    wenc_text_decoder_destroy(&td);
}

/* ------------------------------------------------------------------------
** TextDecoderStream: the same object, chunks with stream, flush without
** (SPEC-DELTA (e)). */

typedef struct chunk {
    const char *bytes;
    size_t len;
} chunk;

/* Decodes CHUNKS then flushes; the non-empty outputs are the stream's
** chunks, written to OUT separated by '|'.  Returns the status that ended
** it (WENC_MALFORMED errors the stream). */
static wenc_status run_stream(const char *label, unsigned options, const chunk *chunks,
                              size_t count, char *out, size_t *out_len)
{
    wenc_text_decoder td;
    wenc_text_decoder_init(&td, label, strlen(label), options, NULL);
    wenc_status st = OK;
    *out_len = 0;
    for (size_t i = 0; i <= count && st == OK; i++) {
        bool flush = i == count;
        uint8_t buf[64];
        size_t n = flush ? 0 : chunks[i].len, m = sizeof buf;
        st = wenc_text_decoder_decode_to_utf8(&td, flush ? NULL : (const uint8_t *)chunks[i].bytes,
                                              &n, buf, &m, !flush);
        if (st == OK && m != 0) {
            if (*out_len != 0)
                out[(*out_len)++] = '|';
            memcpy(out + *out_len, buf, m);
            *out_len += m;
        }
    }
    wenc_text_decoder_destroy(&td);
    return st;
}

static void test_stream(void)
{
    char out[64];
    size_t n;

    static const chunk c1[] = {{"\xF0\x9F", 2}, {"\x98\x80", 2}};
    CHECK_EQ(run_stream("utf-8", 0, c1, 2, out, &n), OK, "stream [F0 9F] [98 80]");
    CHECK_BYTES(out, n, "\xF0\x9F\x98\x80", 4, "one chunk U+1F600");
    static const chunk c2[] = {{"\xEF\xBB", 2}, {"\xBF\x41", 2}};
    CHECK_EQ(run_stream("utf-8", 0, c2, 2, out, &n), OK, "stream [EF BB] [BF 41]");
    CHECK_BYTES(out, n, "A", 1, "one chunk A");
    static const chunk c3[] = {{"\xE2\x82", 2}};
    CHECK_EQ(run_stream("utf-8", 0, c3, 1, out, &n), OK, "stream [E2 82], close");
    CHECK_BYTES(out, n, "\xEF\xBF\xBD", 3, "the flush gives the chunk U+FFFD");
    static const chunk c4[] = {{"\xFF", 1}};
    CHECK_EQ(run_stream("utf-8", FATAL, c4, 1, out, &n), BAD, "fatal stream [FF]: TypeError");
    CHECK_EQ(run_stream("utf-8", FATAL, c3, 1, out, &n), BAD,
             "fatal stream [E2 82], close: TypeError at flush");
    static const chunk c5[] = {{"a", 1}, {"", 0}, {"\xC3", 1}, {"\xA9" "b", 2}};
    CHECK_EQ(run_stream("utf-8", 0, c5, 4, out, &n), OK, "stream [a] [] [C3] [A9 b]");
    CHECK_BYTES(out, n, "a|\xC3\xA9" "b", 5, "chunks a, U+00E9 b (no empty chunks)");
    static const chunk c6[] = {{"\xFF", 1}, {"\xFE\x41", 2}, {"\x00", 1}};
    CHECK_EQ(run_stream("utf-16le", 0, c6, 3, out, &n), OK, "utf-16le stream [FF] [FE 41] [00]");
    CHECK_BYTES(out, n, "A", 1, "BOM across chunks dropped: A");
}

/* ------------------------------------------------------------------------
** Consistency: any split of the input into streaming calls, with any
** output buffer sizes, gives what one call gives (replacement mode), and
** a fatal decoder fails in some call exactly when one call fails.  The
** UTF-8 output is the UTF-16 output converted.  A fixed pseudo-random
** sequence keeps the test reproducible. */

static uint32_t lcg_state = 12345;

static uint32_t lcg(uint32_t n)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 16) % n;
}

static void test_random_chunking(void)
{
    static const char *const labels[] = {"utf-8", "utf-16le", "utf-16be", "windows-1252",
                                         "big5", "shift_jis", "gb18030", "euc-jp",
                                         "iso-2022-jp", "euc-kr", "x-user-defined"};
    /* Bytes that start, continue, break and escape sequences. */
    static const uint8_t alphabet[] = {0x41, 0x00, 0x1B, 0x24, 0x28, 0x42, 0x4A, 0x80, 0x81,
                                       0x8E, 0x9F, 0xA1, 0xBB, 0xBF, 0xD8, 0xDC, 0xE2, 0xEF,
                                       0xF0, 0xFE, 0xFF, 0x30, 0x84, 0x31};
    for (size_t l = 0; l < LEN(labels); l++) {
        if (!label_built_or_skip(labels[l], "random chunking"))
            continue;
        unsigned bad = 0;
        for (int round = 0; round < 150; round++) {
            uint8_t in[40];
            size_t len = lcg(sizeof in + 1);
            for (size_t i = 0; i < len; i++)
                in[i] = alphabet[lcg(sizeof alphabet)];
            unsigned options = lcg(2) ? IGNORE : 0;
            bool fatal = lcg(3) == 0;
            if (fatal)
                options |= FATAL;

            /* One call. */
            wenc_text_decoder td;
            wenc_text_decoder_init(&td, labels[l], strlen(labels[l]), options, NULL);
            uint16_t *whole;
            size_t whole_len;
            wenc_status whole_st =
                wenc_text_decoder_decode_to_utf16_alloc(&td, in, len, false, NULL, &whole,
                                                        &whole_len);
            wenc_text_decoder_destroy(&td);

            /* Random chunks, random buffers, both output forms. */
            for (int form = 0; form < 2; form++) {
                wenc_text_decoder_init(&td, labels[l], strlen(labels[l]), options, NULL);
                uint8_t got[512];
                size_t got_len = 0, at = 0;
                bool failed = false;
                while (!failed) {
                    size_t piece = at < len ? 1 + lcg((uint32_t)(len - at)) : 0;
                    bool stream = at + piece < len || (piece != 0 && lcg(2));
                    unsigned fulls = 0;
                    wenc_status st = decode_call(&td, form == 0 ? MODE_UTF16 : MODE_UTF8,
                                                 in + at, piece, stream, 1 + lcg(8), got,
                                                 &got_len, &fulls);
                    at += piece;
                    if (st == BAD)
                        failed = true;
                    else if (st != OK)
                        bad++;
                    if (!stream)
                        break;
                }
                wenc_text_decoder_destroy(&td);
                if (fatal) {
                    if (failed != (whole_st == BAD))
                        bad++;
                    if (failed)
                        continue;
                }
                uint8_t want[512];
                size_t want_len = whole_len * 2;
                if (form == 0)
                    memcpy(want, whole, want_len);
                else
                    want_len = to_utf8(whole, whole_len, want);
                if (whole_st != OK || got_len != want_len || memcmp(got, want, want_len) != 0)
                    bad++;
            }
            wenc_free(NULL, whole);
        }
        CHECK(bad == 0, "%s: 150 random inputs, split and buffered at random (%u bad)",
              labels[l], bad);
    }
}

int main(void)
{
    test_vectors();
    test_random_chunking();
    test_constructor();
    test_fatal();
    test_buffers();
    test_alloc_forms();
    test_stream();
    return check_done();
}
