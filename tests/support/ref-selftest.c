/* ref-selftest.c -- checks the reference model (ref.c) against vectors typed
 * from /work/shared/SPEC-DELTA.md (current-standard column), INDEX-FACTS.md
 * and the project's error-span definition.  No expected value here is
 * computed by the model.  Usage: ref-selftest INDEX_DIR; prints TAP. */

#include "ref.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define PRINTF_LIKE(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static int tests, failures;

/* Reports one check: both values are printed when they differ. */
static void check(const char *desc, const char *expected, const char *got)
{
    tests++;
    if (strcmp(expected, got) == 0) {
        printf("ok %d - %s\n", tests, desc);
    } else {
        failures++;
        printf("not ok %d - %s\n", tests, desc);
        printf("#   expected: %s\n#        got: %s\n", expected, got);
    }
}

static void checkf(const char *desc, const char *expected, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void checkf(const char *desc, const char *expected, const char *fmt, ...)
{
    char got[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(got, sizeof got, fmt, ap);
    va_end(ap);
    check(desc, expected, got);
}

static void check_int(const char *desc, long expected, long got)
{
    char e[32], g[32];
    snprintf(e, sizeof e, "%ld", expected);
    snprintf(g, sizeof g, "%ld", got);
    check(desc, e, g);
}

/* "A6 D9" -> bytes. */
static size_t hex_bytes(const char *s, uint8_t *buf)
{
    size_t n = 0;
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        char *end;
        buf[n++] = (uint8_t)strtoul(s, &end, 16);
        s = end;
    }
    return n;
}

static void append(char *dst, size_t cap, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void append(char *dst, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(dst);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst + len, cap - len, fmt, ap);
    va_end(ap);
}

/* Decodes HEX with ENCODING in replacement mode: "FFFD 0041". */
static const char *dec(const char *encoding, const char *hex)
{
    static char out[4096];
    uint8_t buf[256];
    size_t n = hex_bytes(hex, buf);
    ref_item *items;
    size_t k = ref_decode(encoding, buf, n, &items);
    out[0] = '\0';
    for (size_t i = 0; i < k; i++)
        append(out, sizeof out, "%s%04lX", i ? " " : "",
               items[i].cp < 0 ? 0xFFFDUL : (unsigned long)items[i].cp);
    free(items);
    return out;
}

/* Decodes with spans: "ERR(0,2) 0041(2,1)". */
static const char *dec_spans(const char *encoding, const char *hex)
{
    static char out[4096];
    uint8_t buf[256];
    size_t n = hex_bytes(hex, buf);
    ref_item *items;
    size_t k = ref_decode(encoding, buf, n, &items);
    out[0] = '\0';
    for (size_t i = 0; i < k; i++) {
        if (items[i].cp < 0)
            append(out, sizeof out, "%sERR", i ? " " : "");
        else
            append(out, sizeof out, "%s%04lX", i ? " " : "", (unsigned long)items[i].cp);
        append(out, sizeof out, "(%llu,%lu)", (unsigned long long)items[i].offset,
               (unsigned long)items[i].length);
    }
    free(items);
    return out;
}

/* Decodes in fatal mode: the code points before the first error, then
 * "failure" if there is one. */
static const char *dec_fatal(const char *encoding, const char *hex)
{
    static char out[4096];
    uint8_t buf[256];
    size_t n = hex_bytes(hex, buf);
    ref_item *items;
    size_t k = ref_decode(encoding, buf, n, &items);
    out[0] = '\0';
    for (size_t i = 0; i < k; i++) {
        if (items[i].cp < 0) {
            append(out, sizeof out, "%sfailure", i ? " " : "");
            break;
        }
        append(out, sizeof out, "%s%04lX", i ? " " : "", (unsigned long)items[i].cp);
    }
    free(items);
    return out;
}

/* The legacy "decode" hook: BOM sniff, skip the BOM, decode the rest. */
static const char *legacy_decode(const char *fallback, const char *hex)
{
    static char out[4096];
    uint8_t buf[256];
    size_t n = hex_bytes(hex, buf);
    const char *bom = ref_bom_sniff(buf, n);
    const char *encoding = bom ? bom : fallback;
    size_t skip = bom ? (strcmp(bom, "UTF-8") == 0 ? 3 : 2) : 0;
    ref_item *items;
    size_t k = ref_decode(encoding, buf + skip, n - skip, &items);
    out[0] = '\0';
    for (size_t i = 0; i < k; i++)
        append(out, sizeof out, "%s%04lX", i ? " " : "",
               items[i].cp < 0 ? 0xFFFDUL : (unsigned long)items[i].cp);
    free(items);
    return out;
}

/* The "UTF-8 decode" hook: peek three bytes, skip them if they are the BOM,
 * then decode the rest. */
static const char *utf8_decode(const char *hex)
{
    static char out[4096];
    uint8_t buf[256];
    size_t n = hex_bytes(hex, buf);
    size_t skip = n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF ? 3 : 0;
    ref_item *items;
    size_t k = ref_decode("UTF-8", buf + skip, n - skip, &items);
    out[0] = '\0';
    for (size_t i = 0; i < k; i++)
        append(out, sizeof out, "%s%04lX", i ? " " : "",
               items[i].cp < 0 ? 0xFFFDUL : (unsigned long)items[i].cp);
    free(items);
    return out;
}

static void fmt_bytes(char *dst, size_t cap, const uint8_t *b, size_t n)
{
    dst[0] = '\0';
    for (size_t i = 0; i < n; i++)
        append(dst, cap, "%s%02X", i ? " " : "", b[i]);
}

/* Encodes CPS (terminated by a 0xFFFFFFFF sentinel) with a fresh instance in
 * html mode: "26 23 ...". */
#define END 0xFFFFFFFFu
static size_t count_cps(const uint32_t *cps)
{
    size_t n = 0;
    while (cps[n] != END)
        n++;
    return n;
}

static const char *enc_html(const char *encoding, const uint32_t *cps)
{
    static char out[4096];
    ref_encoder *e = ref_encoder_new(encoding);
    uint8_t *bytes = NULL;
    size_t len = 0;
    uint32_t err = 0;
    long r = ref_encode(e, cps, count_cps(cps), 1, REF_HTML, &bytes, &len, &err);
    fmt_bytes(out, sizeof out, bytes, len);
    if (r != -1)
        append(out, sizeof out, " (unexpected failure)");
    free(bytes);
    ref_encoder_free(e);
    return out;
}

/* Encodes with a fresh instance in fatal mode, stopping at the first error:
 * "bytes" or "bytes; error U+XXXX at I". */
static const char *enc_fatal(const char *encoding, const uint32_t *cps)
{
    static char out[4096];
    ref_encoder *e = ref_encoder_new(encoding);
    uint8_t *bytes = NULL;
    size_t len = 0;
    uint32_t err = 0;
    long r = ref_encode(e, cps, count_cps(cps), 1, REF_FATAL, &bytes, &len, &err);
    fmt_bytes(out, sizeof out, bytes, len);
    if (r != -1)
        append(out, sizeof out, "%serror U+%04lX at %ld", len ? "; " : "", (unsigned long)err, r);
    free(bytes);
    ref_encoder_free(e);
    return out;
}

#define CPS(...) ((const uint32_t[]){__VA_ARGS__, END})

static void test_labels(void)
{
    check_int("40 encodings (a)", 40, (long)ref_encoding_count());
    size_t labels = 0;
    for (size_t i = 0; i < ref_encoding_count(); i++)
        labels += ref_label_count(i);
    check_int("228 labels (a)", 228, (long)labels);

    static const char *const added[][2] = {
        {"replacement", "replacement"},   {"unicode11utf8", "UTF-8"},
        {"unicode20utf8", "UTF-8"},       {"x-unicode20utf8", "UTF-8"},
        {"unicodefffe", "UTF-16BE"},      {"csunicode", "UTF-16LE"},
        {"iso-10646-ucs-2", "UTF-16LE"},  {"ucs-2", "UTF-16LE"},
        {"unicode", "UTF-16LE"},          {"unicodefeff", "UTF-16LE"},
    };
    for (size_t i = 0; i < sizeof added / sizeof added[0]; i++) {
        char desc[128];
        snprintf(desc, sizeof desc, "label added since 2017: %s (a)", added[i][0]);
        const char *got = ref_get_encoding(added[i][0]);
        check(desc, added[i][1], got ? got : "failure");
    }
    const char *got = ref_get_encoding(" \tUTF8\n");
    check("get an encoding(\" \\tUTF8\\n\") (a)", "UTF-8", got ? got : "failure");
    got = ref_get_encoding("unicode");
    check("TextDecoder(\"unicode\").decode(41 00) (a)", "0041", got ? dec(got, "41 00") : "failure");
    got = ref_get_encoding("latin1");
    check("latin1 is windows-1252 (a)", "windows-1252", got ? got : "failure");
    got = ref_get_encoding("ascii");
    check("ascii is windows-1252 (a)", "windows-1252", got ? got : "failure");
    got = ref_get_encoding("iso-8859-1");
    check("iso-8859-1 is windows-1252 (a)", "windows-1252", got ? got : "failure");
    got = ref_get_encoding("latin1");
    check("latin1 80 -> U+20AC (a)", "20AC", got ? dec(got, "80") : "failure");
    got = ref_get_encoding("utf-9");
    check("get an encoding(\"utf-9\") fails", "failure", got ? got : "failure");

    /* Note in "Names and labels": ASCII-lowercasing a name gives a label. */
    char bad[1024] = "";
    for (size_t i = 0; i < ref_encoding_count(); i++) {
        char lower[64];
        const char *name = ref_encoding_name(i);
        size_t k;
        for (k = 0; name[k] && k + 1 < sizeof lower; k++)
            lower[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] - 'A' + 'a' : name[k]);
        lower[k] = '\0';
        bool found = false;
        for (size_t j = 0; j < ref_label_count(i); j++)
            found = found || strcmp(ref_label(i, j), lower) == 0;
        if (!found)
            append(bad, sizeof bad, " %s", name);
    }
    checkf("every lowercased name is a label (a)", "none", "%s", bad[0] ? bad : "none");
}

static void test_utf8_single_byte(void)
{
    check("UTF-8 F0 9F 92 A9", "1F4A9", dec("UTF-8", "F0 9F 92 A9"));
    check("UTF-8 ED A0 80", "FFFD FFFD FFFD", dec("UTF-8", "ED A0 80"));
    check("UTF-8 E2 82 then end", "FFFD", dec("UTF-8", "E2 82"));
    check("UTF-8 E2 82 41", "FFFD 0041", dec("UTF-8", "E2 82 41"));
    check("UTF-8 F4 90 80 80", "FFFD FFFD FFFD FFFD", dec("UTF-8", "F4 90 80 80"));
    check("windows-1252 80", "20AC", dec("windows-1252", "80"));
    check("ISO-8859-3 A5", "FFFD", dec("ISO-8859-3", "A5"));
    check("windows-1252 encode U+0100 html", "26 23 32 35 36 3B", enc_html("windows-1252", CPS(0x100)));
    check("ISO-8859-8 E0 (index-iso-8859-8.txt pointer 96)", "05D0", dec("ISO-8859-8", "E0"));
    check("ISO-8859-8-I shares ISO-8859-8's index: E0", "05D0", dec("ISO-8859-8-I", "E0"));
}

static void test_gb18030(void)
{
    check("gb18030 decode A6 D9", "FE10", dec("gb18030", "A6 D9"));
    check("gb18030 decode FE 59", "9FB4", dec("gb18030", "FE 59"));
    check("gb18030 decode 84 31 82 36", "FE10", dec("gb18030", "84 31 82 36"));
    check("GBK decode A6 D9 (shared decoder)", "FE10", dec("GBK", "A6 D9"));
    check("gb18030 encode U+FE10", "A6 D9", enc_fatal("gb18030", CPS(0xFE10)));
    check("gb18030 encode U+9FB4", "FE 59", enc_fatal("gb18030", CPS(0x9FB4)));
    check("GBK encode U+FE10", "A6 D9", enc_fatal("GBK", CPS(0xFE10)));
    check("gb18030 encode U+E78D", "A6 D9", enc_fatal("gb18030", CPS(0xE78D)));
    check("GBK encode U+E78D", "A6 D9", enc_fatal("GBK", CPS(0xE78D)));

    check("gb18030 decode A3 A0", "3000", dec("gb18030", "A3 A0"));
    check("gb18030 encode U+E5E5 fatal", "error U+E5E5 at 0", enc_fatal("gb18030", CPS(0xE5E5)));
    check("gb18030 encode U+E5E5 html", "26 23 35 38 38 35 33 3B", enc_html("gb18030", CPS(0xE5E5)));
    check("GBK encode U+E5E5 fatal", "error U+E5E5 at 0", enc_fatal("GBK", CPS(0xE5E5)));
    check("gb18030 encode U+3000", "A1 A1", enc_fatal("gb18030", CPS(0x3000)));

    check("gb18030 decode 81 35 F4 37", "E7C7", dec("gb18030", "81 35 F4 37"));
    check("gb18030 decode 90 30 81 30", "10000", dec("gb18030", "90 30 81 30"));
    check("gb18030 decode E3 32 9A 36", "FFFD", dec("gb18030", "E3 32 9A 36"));
    check("gb18030 decode E3 32 9A 35 (INDEX-FACTS)", "10FFFF", dec("gb18030", "E3 32 9A 35"));
    check("gb18030 decode 84 31 A4 39 (INDEX-FACTS)", "FFFF", dec("gb18030", "84 31 A4 39"));
    check("gb18030 decode 84 31 A5 30", "FFFD", dec("gb18030", "84 31 A5 30"));
    check("gb18030 decode 81 30 81 41", "FFFD 0030 4E04", dec("gb18030", "81 30 81 41"));
    check("gb18030 decode 81 30 then end", "FFFD", dec("gb18030", "81 30"));
    check("gb18030 decode 80", "20AC", dec("gb18030", "80"));
    check("gb18030 encode U+20AC", "A2 E3", enc_fatal("gb18030", CPS(0x20AC)));
    check("GBK encode U+20AC", "80", enc_fatal("GBK", CPS(0x20AC)));
    check("GBK encode U+E7C7 fatal", "error U+E7C7 at 0", enc_fatal("GBK", CPS(0xE7C7)));
    check("gb18030 encode U+E7C7 (INDEX-FACTS)", "81 35 F4 37", enc_fatal("gb18030", CPS(0xE7C7)));
    check("gb18030 encode U+10000", "90 30 81 30", enc_fatal("gb18030", CPS(0x10000)));
    check("gb18030 encode U+10FFFF", "E3 32 9A 35", enc_fatal("gb18030", CPS(0x10FFFF)));
    check("gb18030 encode U+1E3F (INDEX-FACTS)", "A8 BC", enc_fatal("gb18030", CPS(0x1E3F)));

    /* SPEC-DELTA (c) / INDEX-FACTS 4.3: the 18 changed pointers, the two-byte
     * sequences that now decode to standard code points, and the side table. */
    static const struct { unsigned pointer; const char *bytes; const char *now; unsigned pua; } t[] = {
        {7182, "A6 D9", "FE10", 0xE78D},  {7183, "A6 DA", "FE12", 0xE78E},
        {7184, "A6 DB", "FE11", 0xE78F},  {7185, "A6 DC", "FE13", 0xE790},
        {7186, "A6 DD", "FE14", 0xE791},  {7187, "A6 DE", "FE15", 0xE792},
        {7188, "A6 DF", "FE16", 0xE793},  {7201, "A6 EC", "FE17", 0xE794},
        {7202, "A6 ED", "FE18", 0xE795},  {7208, "A6 F3", "FE19", 0xE796},
        {23775, "FE 59", "9FB4", 0xE81E}, {23783, "FE 61", "9FB5", 0xE826},
        {23788, "FE 66", "9FB6", 0xE82B}, {23789, "FE 67", "9FB7", 0xE82C},
        {23795, "FE 6D", "9FB8", 0xE832}, {23812, "FE 7E", "9FB9", 0xE843},
        {23829, "FE 90", "9FBA", 0xE854}, {23845, "FE A0", "9FBB", 0xE864},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char desc[128];
        snprintf(desc, sizeof desc, "index gb18030 pointer %u", t[i].pointer);
        checkf(desc, t[i].now, "%04lX", (unsigned long)ref_index_code_point("gb18030", t[i].pointer));
        snprintf(desc, sizeof desc, "gb18030 decode %s", t[i].bytes);
        check(desc, t[i].now, dec("gb18030", t[i].bytes));
        snprintf(desc, sizeof desc, "gb18030 encode U+%04X (side table)", t[i].pua);
        check(desc, t[i].bytes, enc_fatal("gb18030", CPS(t[i].pua)));
        snprintf(desc, sizeof desc, "GBK encode U+%04X (side table)", t[i].pua);
        check(desc, t[i].bytes, enc_fatal("GBK", CPS(t[i].pua)));
        snprintf(desc, sizeof desc, "gb18030 encode U+%s (two bytes)", t[i].now);
        check(desc, t[i].bytes, enc_fatal("gb18030", CPS((uint32_t)strtoul(t[i].now, NULL, 16))));
    }
}

static void test_big5_japanese_korean_misc(void)
{
    check("Big5 88 62", "00CA 0304", dec("Big5", "88 62"));
    check("Big5 87 40", "43F0", dec("Big5", "87 40"));
    check("Big5 encode U+43F0 (pointer < 5024)", "error U+43F0 at 0", enc_fatal("Big5", CPS(0x43F0)));
    check("Big5 81 40", "FFFD 0040", dec("Big5", "81 40"));
    check("Big5 encode U+2550", "F9 F9", enc_fatal("Big5", CPS(0x2550)));
    check("Big5 encode U+5341", "A4 51", enc_fatal("Big5", CPS(0x5341)));
    check("Big5 encode U+00C0 (INDEX-FACTS)", "error U+00C0 at 0", enc_fatal("Big5", CPS(0xC0)));
    check("Big5 encode U+2008A (INDEX-FACTS)", "C8 7C", enc_fatal("Big5", CPS(0x2008A)));

    check("EUC-JP A1 8E A1", "FFFD FFFD", dec("EUC-JP", "A1 8E A1"));
    check("EUC-JP A1 FF", "FFFD", dec("EUC-JP", "A1 FF"));
    check("EUC-JP A1 41", "FFFD 0041", dec("EUC-JP", "A1 41"));
    check("EUC-JP encode U+2170", "FC F1", enc_fatal("EUC-JP", CPS(0x2170)));

    check("ISO-2022-JP 1B 24 42 24 22", "3042", dec("ISO-2022-JP", "1B 24 42 24 22"));
    check("ISO-2022-JP 1B 24 42 24 then end", "FFFD", dec("ISO-2022-JP", "1B 24 42 24"));
    check("ISO-2022-JP encode U+FF76 html", "1B 24 42 25 2B 1B 28 42",
          enc_html("ISO-2022-JP", CPS(0xFF76)));
    check("ISO-2022-JP encode U+FF9E", "1B 24 42 21 2B 1B 28 42",
          enc_fatal("ISO-2022-JP", CPS(0xFF9E)));
    check("ISO-2022-JP encode U+3042 U+1F600 fatal",
          "1B 24 42 24 22 1B 28 42; error U+1F600 at 1",
          enc_fatal("ISO-2022-JP", CPS(0x3042, 0x1F600)));
    check("ISO-2022-JP encode U+3042 U+1F600 html",
          "1B 24 42 24 22 1B 28 42 26 23 31 32 38 35 31 32 3B",
          enc_html("ISO-2022-JP", CPS(0x3042, 0x1F600)));
    check("ISO-2022-JP encode U+00A5", "1B 28 4A 5C 1B 28 42",
          enc_fatal("ISO-2022-JP", CPS(0xA5)));
    check("ISO-2022-JP decode two joined U+00A5 outputs", "00A5 FFFD 00A5",
          dec("ISO-2022-JP", "1B 28 4A 5C 1B 28 42 1B 28 4A 5C 1B 28 42"));
    check("ISO-2022-JP encode U+000E (ASCII state)", "error U+FFFD at 0",
          enc_fatal("ISO-2022-JP", CPS(0x0E)));
    check("ISO-2022-JP encode U+000F (ASCII state)", "error U+FFFD at 0",
          enc_fatal("ISO-2022-JP", CPS(0x0F)));
    check("ISO-2022-JP encode U+001B (ASCII state)", "error U+FFFD at 0",
          enc_fatal("ISO-2022-JP", CPS(0x1B)));
    check("ISO-2022-JP encode U+00A5 U+000E (Roman state)", "1B 28 4A 5C; error U+FFFD at 1",
          enc_fatal("ISO-2022-JP", CPS(0xA5, 0x0E)));
    check("ISO-2022-JP encode U+00A5 U+001B (Roman state)", "1B 28 4A 5C; error U+FFFD at 1",
          enc_fatal("ISO-2022-JP", CPS(0xA5, 0x1B)));
    check("ISO-2022-JP encode U+000E html", "26 23 36 35 35 33 33 3B",
          enc_html("ISO-2022-JP", CPS(0x0E)));

    check("Shift_JIS 82 22", "FFFD 0022", dec("Shift_JIS", "82 22"));
    check("Shift_JIS F0 40", "E000", dec("Shift_JIS", "F0 40"));
    check("Shift_JIS EE EF", "2170", dec("Shift_JIS", "EE EF"));
    check("Shift_JIS encode U+2170", "FA 40", enc_fatal("Shift_JIS", CPS(0x2170)));

    check("EUC-KR B0 A1", "AC00", dec("EUC-KR", "B0 A1"));
    check("EUC-KR encode U+AC00", "B0 A1", enc_fatal("EUC-KR", CPS(0xAC00)));

    check("replacement 41 42", "FFFD", dec("replacement", "41 42"));
    check("replacement empty input", "", dec("replacement", ""));
    check("replacement has no encoder", "NULL", ref_encoder_new("replacement") ? "encoder" : "NULL");
    check("UTF-16BE has no encoder", "NULL", ref_encoder_new("UTF-16BE") ? "encoder" : "NULL");
    check("UTF-16LE has no encoder", "NULL", ref_encoder_new("UTF-16LE") ? "encoder" : "NULL");

    check("UTF-16LE 00 D8 41 00", "FFFD 0041", dec("UTF-16LE", "00 D8 41 00"));
    check("UTF-16LE 3D D8 00 DE", "1F600", dec("UTF-16LE", "3D D8 00 DE"));
    check("UTF-16LE 41 00 42", "0041 FFFD", dec("UTF-16LE", "41 00 42"));
    check("UTF-16BE D8 3D DE 00", "1F600", dec("UTF-16BE", "D8 3D DE 00"));

    check("x-user-defined 80 FF", "F780 F7FF", dec("x-user-defined", "80 FF"));
    check("x-user-defined encode U+0080 html", "26 23 31 32 38 3B",
          enc_html("x-user-defined", CPS(0x80)));
}

static void test_hooks(void)
{
    const uint8_t bom8[] = {0xEF, 0xBB, 0xBF}, be[] = {0xFE, 0xFF}, le[] = {0xFF, 0xFE};
    const char *s;
    s = ref_bom_sniff(bom8, 3);
    check("BOM sniff EF BB BF", "UTF-8", s ? s : "null");
    s = ref_bom_sniff(be, 2);
    check("BOM sniff FE FF", "UTF-16BE", s ? s : "null");
    s = ref_bom_sniff(le, 2);
    check("BOM sniff FF FE", "UTF-16LE", s ? s : "null");
    s = ref_bom_sniff(bom8, 2);
    check("BOM sniff EF BB", "null", s ? s : "null");

    check("decode(EF BB BF 41, windows-1252)", "0041", legacy_decode("windows-1252", "EF BB BF 41"));
    check("decode(FF FE 41 00, UTF-8)", "0041", legacy_decode("UTF-8", "FF FE 41 00"));
    check("decode(EF BB 41, windows-1252)", "00EF 00BB 0041", legacy_decode("windows-1252", "EF BB 41"));
    /* UTF-8 decode strips one BOM; "without BOM" strips none. */
    check("UTF-8 decode(EF BB BF EF BB BF)", "FEFF", utf8_decode("EF BB BF EF BB BF"));
    check("UTF-8 decode without BOM(EF BB BF 41)", "FEFF 0041", dec("UTF-8", "EF BB BF 41"));
    check("UTF-8 decode without BOM or fail(41 FF)", "0041 failure", dec_fatal("UTF-8", "41 FF"));
    check("encode(U+20AC U+1F600, windows-1252)", "80 26 23 31 32 38 35 31 32 3B",
          enc_html("windows-1252", CPS(0x20AC, 0x1F600)));

    /* encode or fail, ISO-2022-JP, one instance and two calls each. */
    static const struct {
        uint32_t first[2];
        const char *first_out;
        const char *second_out;
    } rows[] = {
        {{0x3042, 0x1F600}, "1B 24 42 24 22 1B 28 42; 0x1F600", "62"},
        {{0x00A5, 0x1F600}, "1B 28 4A 5C; 0x1F600", "62 1B 28 42"},
    };
    for (size_t i = 0; i < 2; i++) {
        ref_encoder *e = ref_encoder_new("ISO-2022-JP");
        uint8_t *out = NULL;
        size_t len = 0;
        uint32_t err = 0;
        char got[256], desc[128];
        long r = ref_encode(e, rows[i].first, 2, 1, REF_FATAL, &out, &len, &err);
        fmt_bytes(got, sizeof got, out, len);
        if (r == -1)
            append(got, sizeof got, "; null");
        else
            append(got, sizeof got, "; 0x%lX", (unsigned long)err);
        snprintf(desc, sizeof desc, "encode or fail U+%04lX U+1F600, first call",
                 (unsigned long)rows[i].first[0]);
        check(desc, rows[i].first_out, got);
        check_int("encode or fail: the failing index", 1, r);
        free(out);
        out = NULL;
        len = 0;
        const uint32_t b[] = {0x62};
        r = ref_encode(e, b, 1, 1, REF_FATAL, &out, &len, &err);
        fmt_bytes(got, sizeof got, out, len);
        if (r != -1)
            append(got, sizeof got, "; 0x%lX", (unsigned long)err);
        snprintf(desc, sizeof desc, "encode or fail U+%04lX U+1F600, second call b",
                 (unsigned long)rows[i].first[0]);
        check(desc, rows[i].second_out, got);
        free(out);
        ref_encoder_free(e);
    }

    /* Streaming: a call without end-of-queue keeps the state for the next. */
    ref_encoder *e = ref_encoder_new("ISO-2022-JP");
    uint8_t *out = NULL;
    size_t len = 0;
    uint32_t err = 0;
    char got[256];
    const uint32_t a[] = {0x3042}, z[] = {0x41};
    ref_encode(e, a, 1, 0, REF_FATAL, &out, &len, &err);
    ref_encode(e, z, 1, 1, REF_FATAL, &out, &len, &err);
    fmt_bytes(got, sizeof got, out, len);
    check("ISO-2022-JP encoder state persists between calls", "1B 24 42 24 22 1B 28 42 41", got);
    free(out);
    ref_encoder_free(e);
}

static void test_api_reductions(void)
{
    /* (e) TextDecoder/TextEncoder vectors whose result is the decoder's or
     * encoder's alone (no BOM handling involved). */
    check("utf-8 FE FF", "FFFD FFFD", dec("UTF-8", "FE FF"));
    check("windows-1252 EF BB BF", "00EF 00BB 00BF", dec("windows-1252", "EF BB BF"));
    check("utf-16be FF FE 00 41 (decoder: U+FFFE A)", "FFFE 0041", dec("UTF-16BE", "FF FE 00 41"));
    check("utf-16le 41 00 after the BOM", "0041", dec("UTF-16LE", "41 00"));
    check("UTF-8 encode a U+00FF U+1F600", "61 C3 BF F0 9F 98 80",
          enc_fatal("UTF-8", CPS(0x61, 0xFF, 0x1F600)));
    check("UTF-8 encode U+FFFD", "EF BF BD", enc_fatal("UTF-8", CPS(0xFFFD)));
    check("utf-8 F0 9F + 98 80", "1F600", dec("UTF-8", "F0 9F 98 80"));
    check("utf-8 E2 82 then close", "FFFD", dec("UTF-8", "E2 82"));
    check("utf-8 fatal FF", "failure", dec_fatal("UTF-8", "FF"));
    check("utf-8 fatal C3 then end", "failure", dec_fatal("UTF-8", "C3"));
}

static void test_spans(void)
{
    /* The project's error-span definition (its own examples, then a few
     * more typed from the definition). */
    check("span UTF-8 E2 82 41", "ERR(0,2) 0041(2,1)", dec_spans("UTF-8", "E2 82 41"));
    check("span UTF-8 ED A0 80", "ERR(0,1) ERR(1,1) ERR(2,1)", dec_spans("UTF-8", "ED A0 80"));
    check("span gb18030 81 30 81 41", "ERR(0,1) 0030(1,1) 4E04(2,2)",
          dec_spans("gb18030", "81 30 81 41"));
    check("span gb18030 84 31 A5 30", "ERR(0,4)", dec_spans("gb18030", "84 31 A5 30"));
    check("span UTF-8 E2 82 then end", "ERR(0,2)", dec_spans("UTF-8", "E2 82"));
    check("span UTF-16LE 3D D8 41 00", "ERR(0,2) 0041(2,2)", dec_spans("UTF-16LE", "3D D8 41 00"));
    check("span ISO-2022-JP 1B 24 41", "ERR(0,1) 0024(1,1) 0041(2,1)",
          dec_spans("ISO-2022-JP", "1B 24 41"));
    check("span replacement 41 42 43", "ERR(0,1)", dec_spans("replacement", "41 42 43"));
    check("span ISO-2022-JP 0x1B in trailing byte state",
          "ERR(3,1) 0041(7,1)", dec_spans("ISO-2022-JP", "1B 24 42 24 1B 28 42 41"));
    check("span ISO-2022-JP escape then escape (output true)",
          "ERR(3,3) 0041(6,1)", dec_spans("ISO-2022-JP", "1B 28 4A 1B 28 42 41"));
    check("span ISO-2022-JP 1B 24 then end", "ERR(0,1) 0024(1,1)",
          dec_spans("ISO-2022-JP", "1B 24"));
    check("span ISO-2022-JP 1B 24 42 24 then end", "ERR(3,1)",
          dec_spans("ISO-2022-JP", "1B 24 42 24"));
    check("span Big5 88 62", "00CA(0,2) 0304(0,2)", dec_spans("Big5", "88 62"));
    check("span Big5 81 40", "ERR(0,1) 0040(1,1)", dec_spans("Big5", "81 40"));
    check("span EUC-JP 8F A1 41", "ERR(0,2) 0041(2,1)", dec_spans("EUC-JP", "8F A1 41"));
    check("span gb18030 81 30 81 then end", "ERR(0,3)", dec_spans("gb18030", "81 30 81"));
    check("span gb18030 81 30 7F", "ERR(0,1) 0030(1,1) 007F(2,1)",
          dec_spans("gb18030", "81 30 7F"));
    check("span UTF-16BE D8 3D then end", "ERR(0,2)", dec_spans("UTF-16BE", "D8 3D"));
    check("span UTF-16BE DC 00 00 41", "ERR(0,2) 0041(2,2)", dec_spans("UTF-16BE", "DC 00 00 41"));
}

static void test_index_facts(void)
{
    /* INDEX-FACTS.md section 1: entries per index file. */
    static const struct { const char *name; long entries, max; } f[] = {
        {"big5", 18590, 19781},          {"euc-kr", 17048, 23749},
        {"gb18030", 23940, 23939},       {"jis0208", 7724, 11103},
        {"jis0212", 6067, 7210},         {"iso-2022-jp-katakana", 63, 62},
        {"ibm866", 128, 127},            {"iso-8859-2", 128, 127},
        {"iso-8859-3", 121, 127},        {"iso-8859-4", 128, 127},
        {"iso-8859-5", 128, 127},        {"iso-8859-6", 83, 114},
        {"iso-8859-7", 125, 126},        {"iso-8859-8", 92, 126},
        {"iso-8859-10", 128, 127},       {"iso-8859-13", 128, 127},
        {"iso-8859-14", 128, 127},       {"iso-8859-15", 128, 127},
        {"iso-8859-16", 128, 127},       {"koi8-r", 128, 127},
        {"koi8-u", 128, 127},            {"macintosh", 128, 127},
        {"windows-874", 120, 123},       {"windows-1250", 128, 127},
        {"windows-1251", 128, 127},      {"windows-1252", 128, 127},
        {"windows-1253", 125, 126},      {"windows-1254", 128, 127},
        {"windows-1255", 118, 126},      {"windows-1256", 128, 127},
        {"windows-1257", 126, 127},      {"windows-1258", 128, 127},
        {"x-mac-cyrillic", 128, 127},    {"gb18030-ranges", 207, 189000},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        char desc[128];
        snprintf(desc, sizeof desc, "index %s: entries and largest pointer", f[i].name);
        char expected[64];
        snprintf(expected, sizeof expected, "%ld %ld", f[i].entries, f[i].max);
        checkf(desc, expected, "%zu %ld", ref_index_entry_count(f[i].name),
               (long)ref_index_max_pointer(f[i].name));
    }

    /* Section 4.1: the six code points that take the last pointer. */
    static const struct { unsigned cp; long first, big5; } b[] = {
        {0x2550, 5247, 18991}, {0x255E, 5248, 18975}, {0x2561, 5250, 18977},
        {0x256A, 5249, 18976}, {0x5341, 5287, 5512},  {0x5345, 5289, 5599},
    };
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        char desc[128], expected[64];
        snprintf(desc, sizeof desc, "U+%04X: index pointer, index Big5 pointer", b[i].cp);
        snprintf(expected, sizeof expected, "%ld %ld", b[i].first, b[i].big5);
        checkf(desc, expected, "%ld %ld", (long)ref_index_pointer("big5", b[i].cp),
               (long)ref_index_big5_pointer(b[i].cp));
    }
    check_int("index Big5 pointer U+5F0C (all pointers below 5024)", -1,
              ref_index_big5_pointer(0x5F0C));
    check_int("index Big5 pointer U+4FBB (4258,12065)", 12065, ref_index_big5_pointer(0x4FBB));
    check_int("index Big5 pointer U+256D (5243,18992: first)", 5243, ref_index_big5_pointer(0x256D));
    check_int("index Big5 pointers 1133 (two-code-point table)", -1, ref_index_code_point("big5", 1133));

    /* Section 4.2 and 4.3. */
    check_int("index pointer jis0208 U+2170", 8634, ref_index_pointer("jis0208", 0x2170));
    check_int("index Shift_JIS pointer U+2170", 10716, ref_index_shift_jis_pointer(0x2170));
    check_int("index Shift_JIS pointer U+2171", 10717, ref_index_shift_jis_pointer(0x2171));
    check_int("index pointer jis0208 U+FF0D", 60, ref_index_pointer("jis0208", 0xFF0D));
    check_int("index pointer jis0208 U+2212", -1, ref_index_pointer("jis0208", 0x2212));
    check_int("index pointer gb18030 U+3000", 6176, ref_index_pointer("gb18030", 0x3000));
    check_int("index code point gb18030 6555", 0x3000, ref_index_code_point("gb18030", 6555));
    check_int("index pointer gb18030 U+E5E5", -1, ref_index_pointer("gb18030", 0xE5E5));
    check_int("index code point katakana 0", 0x3002, ref_index_code_point("iso-2022-jp-katakana", 0));
    check_int("index code point katakana 61", 0x309B, ref_index_code_point("iso-2022-jp-katakana", 61));
    check_int("index code point katakana 62", 0x309C, ref_index_code_point("iso-2022-jp-katakana", 62));

    /* Section 5 and SPEC-DELTA (b) gb18030 item 3. */
    check_int("ranges code point 0", 0x80, ref_gb18030_ranges_code_point(0));
    check_int("ranges code point 7457", 0xE7C7, ref_gb18030_ranges_code_point(7457));
    check_int("ranges code point 39419", 0xFFFF, ref_gb18030_ranges_code_point(39419));
    check_int("ranges code point 39420", -1, ref_gb18030_ranges_code_point(39420));
    check_int("ranges code point 188999", -1, ref_gb18030_ranges_code_point(188999));
    check_int("ranges code point 189000", 0x10000, ref_gb18030_ranges_code_point(189000));
    check_int("ranges code point 1237575", 0x10FFFF, ref_gb18030_ranges_code_point(1237575));
    check_int("ranges code point 1237576", -1, ref_gb18030_ranges_code_point(1237576));
    check_int("ranges pointer U+E7C7", 7457, ref_gb18030_ranges_pointer(0xE7C7));
    check_int("ranges pointer U+E5E5", 37026, ref_gb18030_ranges_pointer(0xE5E5));
    check_int("ranges pointer U+FFFF", 39419, ref_gb18030_ranges_pointer(0xFFFF));
    check_int("ranges pointer U+10000", 189000, ref_gb18030_ranges_pointer(0x10000));
    check_int("ranges pointer U+10FFFF", 1237575, ref_gb18030_ranges_pointer(0x10FFFF));
    check_int("ranges pointer U+0080", 0, ref_gb18030_ranges_pointer(0x80));
    check("gb18030 decode 83 39 B1 36", "F5F9", dec("gb18030", "83 39 B1 36"));
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '\0') {
        printf(REF_NO_INDEX_SKIP);
        return 0;
    }
    if (ref_load(argv[1]) != 0) {
        printf("Bail out! ref_load(\"%s\") failed\n", argv[1]);
        return 1;
    }
    /* The plan comes after the checks, which TAP allows. */
    test_labels();
    test_utf8_single_byte();
    test_gb18030();
    test_big5_japanese_korean_misc();
    test_hooks();
    test_api_reductions();
    test_spans();
    test_index_facts();
    printf("1..%d\n", tests);
    ref_unload();
    if (failures)
        printf("# %d of %d checks failed\n", failures, tests);
    return failures ? 1 : 0;
}
