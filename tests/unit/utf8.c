/* utf8.c -- unit tests of the UTF-8 toolkit (include/wenc/utf8.h).  Every
** expected value is typed by hand from the Encoding Standard's UTF-8
** decoder, Unicode's definitions, or the header's documented rules;
** utf8_exhaustive.c does the exhaustive comparison with the decoder. */
#include <wenc/wenc.h>

#include "check.h"

#define B(s) ((const uint8_t *)(s)), (sizeof(s) - 1)

static void check_str(const char *got, const char *want, const char *desc, int line)
{
    int ok = strcmp(got, want) == 0;
    check_report(ok, __FILE__, line, "%s", desc);
    if (!ok)
        printf("#   got:\n%s\n#   expected:\n%s\n", got, want);
}
#define CHECK_STR(got, want, desc) check_str(got, want, desc, __LINE__)

/* ------------------------------------------------------------------------
** Error kinds, offsets and lengths. */

#define N WENC_UTF8_ERROR_NONE
#define INV WENC_UTF8_ERROR_INVALID_BYTE
#define OVL WENC_UTF8_ERROR_OVERLONG
#define SUR WENC_UTF8_ERROR_SURROGATE
#define BIG WENC_UTF8_ERROR_TOO_LARGE
#define UC WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION
#define TR WENC_UTF8_ERROR_TRUNCATED
#define END WENC_UTF8_ERROR_INCOMPLETE_AT_END

struct error_case {
    const char *in;
    size_t len;
    size_t count;
    wenc_utf8_error errors[5];
};

#define CASE(s, n, ...) {s, sizeof(s) - 1, n, {__VA_ARGS__}}

static const struct error_case error_cases[] = {
    CASE("", 0, {0, 0, N}),
    CASE("abc", 0, {0, 0, N}),
    CASE("a\0b", 0, {0, 0, N}),
    CASE("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80", 0, {0, 0, N}),
    /* Boundaries of the standard's ranges, valid side. */
    CASE("\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80", 0, {0, 0, N}),
    CASE("\xF0\x90\x80\x80\xF4\x8F\xBF\xBF", 0, {0, 0, N}),
    /* Modified UTF-8's NUL: C0 is never valid, 80 is then on its own. */
    CASE("\xC0\x80", 2, {0, 1, INV}, {1, 1, UC}),
    CASE("\xC1\xBF", 2, {0, 1, INV}, {1, 1, UC}),
    /* Overlong 3- and 4-byte forms: rejected at the second byte. */
    CASE("\xE0\x80\x80", 3, {0, 1, OVL}, {1, 1, UC}, {2, 1, UC}),
    CASE("\xE0\x9F\xBF", 3, {0, 1, OVL}, {1, 1, UC}, {2, 1, UC}),
    CASE("\xF0\x8F\xBF\xBF", 4, {0, 1, OVL}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}),
    /* U+D800 and U+DFFF. */
    CASE("\xED\xA0\x80", 3, {0, 1, SUR}, {1, 1, UC}, {2, 1, UC}),
    CASE("\xED\xBF\xBF", 3, {0, 1, SUR}, {1, 1, UC}, {2, 1, UC}),
    /* U+110000, and F5 which could only start larger values. */
    CASE("\xF4\x90\x80\x80", 4, {0, 1, BIG}, {1, 1, UC}, {2, 1, UC}, {3, 1, UC}),
    CASE("\xF5\x80", 2, {0, 1, INV}, {1, 1, UC}),
    CASE("\xFF\xFE", 2, {0, 1, INV}, {1, 1, INV}),
    CASE("a\x80z", 1, {1, 1, UC}),
    /* Cut short by a non-continuation byte, which starts the next span. */
    CASE("\xE2\x82" "A", 1, {0, 2, TR}),
    CASE("\xE2" "A", 1, {0, 1, TR}),
    CASE("\xF0\x9F\x98\xE2\x82\xAC", 1, {0, 3, TR}),
    CASE("\xC2\xC2\xA9", 1, {0, 1, TR}),
    CASE("\xE0\xC0", 2, {0, 1, TR}, {1, 1, INV}),
    /* Cut short by the end. */
    CASE("\xC3", 1, {0, 1, END}),
    CASE("\xF0\x9F\x98", 1, {0, 3, END}),
    CASE("a\0b\xE0", 1, {3, 1, END}),
    CASE("\x80\xE0\xA0", 2, {0, 1, UC}, {1, 2, END}),
};

static bool same_error(const wenc_utf8_error *a, const wenc_utf8_error *b)
{
    return a->offset == b->offset && a->length == b->length && a->kind == b->kind;
}

static bool stop_after_one(void *context, const wenc_utf8_error *error)
{
    (void)error;
    ++*(int *)context;
    return false;
}

static void test_errors(void)
{
    for (size_t c = 0; c < sizeof error_cases / sizeof error_cases[0]; c++) {
        const struct error_case *t = &error_cases[c];
        const uint8_t *in = (const uint8_t *)t->in;
        wenc_utf8_error got[8];
        size_t n = wenc_utf8_find_errors(in, t->len, got, 8);
        bool ok = n == t->count;
        for (size_t k = 0; ok && k < n; k++)
            ok = same_error(&got[k], &t->errors[k]);
        CHECK(ok, "find_errors, case %zu (%zu errors, expected %zu)", c, n, t->count);

        wenc_utf8_error first;
        wenc_status st = wenc_utf8_validate(in, t->len, &first);
        if (t->count == 0) {
            wenc_utf8_error none = {t->len, 0, N};
            CHECK(st == WENC_OK && same_error(&first, &none), "validate, case %zu: valid", c);
        } else {
            CHECK(st == WENC_MALFORMED && same_error(&first, &t->errors[0]),
                  "validate, case %zu: first error %s at %ju", c,
                  wenc_utf8_error_name(first.kind), (uintmax_t)first.offset);
        }
        CHECK(wenc_utf8_is_valid(in, t->len) == (t->count == 0), "is_valid, case %zu", c);
    }

    /* Fewer slots than errors: the count is still the total. */
    wenc_utf8_error one[1];
    CHECK_EQ(wenc_utf8_find_errors(B("\xFF\xFF\xFF"), one, 1), 3, "find_errors counts all");
    CHECK(one[0].offset == 0 && one[0].kind == INV, "find_errors fills what fits");
    CHECK_EQ(wenc_utf8_find_errors(B("\xFF\xFF\xFF"), NULL, 0), 3, "find_errors, no array");
    int calls = 0;
    CHECK_EQ(wenc_utf8_find_errors_callback(B("\xFF\xFF\xFF"), stop_after_one, &calls), 1,
             "callback stops the listing");
    CHECK_EQ(calls, 1, "callback called once");
    CHECK_EQ(wenc_utf8_find_errors_callback(B("\xFF\x80"), NULL, NULL), 2,
             "callback NULL only counts");

    /* Arguments. */
    wenc_utf8_error e = {99, 99, INV};
    CHECK_EQ(wenc_utf8_validate(NULL, 1, &e), WENC_INVALID_ARGUMENT, "validate(NULL, 1)");
    CHECK_EQ(e.offset, 99, "error untouched on invalid argument");
    CHECK_EQ(wenc_utf8_validate(NULL, 0, NULL), WENC_OK, "validate(NULL, 0)");
    CHECK(wenc_utf8_is_valid(NULL, 0), "is_valid(NULL, 0)");
    CHECK(!wenc_utf8_is_valid(NULL, 1), "is_valid(NULL, 1) is false");
    CHECK_EQ(wenc_utf8_find_errors(NULL, 5, NULL, 0), 0, "find_errors(NULL, 5)");

    /* Names and messages. */
    CHECK_STR(wenc_utf8_error_name(OVL), "OVERLONG", "error name");
    CHECK_STR(wenc_utf8_error_name(END), "INCOMPLETE_AT_END", "last error name");
    CHECK_STR(wenc_utf8_error_name((wenc_utf8_error_kind)99), "UNKNOWN", "unknown name");
    CHECK_STR(wenc_utf8_error_message(UC), "unexpected continuation byte", "message");
    CHECK_STR(wenc_utf8_error_message(N), "no error", "message of NONE");
}

/* ------------------------------------------------------------------------
** Streaming. */

static void test_validator(void)
{
    wenc_utf8_validator v;
    wenc_utf8_error e;
    size_t n;

    /* U+20AC split over three chunks. */
    wenc_utf8_validator_init(&v);
    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"\xE2", &n, false, &e),
             WENC_INPUT_EMPTY, "E2 alone: nothing yet");
    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"\x82", &n, false, &e),
             WENC_INPUT_EMPTY, "then 82");
    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"\xAC", &n, true, &e),
             WENC_INPUT_EMPTY, "then AC, last: valid");
    CHECK_EQ(wenc_utf8_validator_position(&v), 3, "position 3");
    n = 0;
    CHECK_EQ(wenc_utf8_validator_validate(&v, NULL, &n, true, &e), WENC_INPUT_EMPTY,
             "no bytes after the end: fine");
    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"a", &n, true, &e),
             WENC_INVALID_ARGUMENT, "bytes after the end: refused");

    /* A span that began in the previous chunk, ended by the first byte of
    ** this one: offset in the earlier chunk, nothing of this one consumed. */
    wenc_utf8_validator_init(&v);
    n = 3;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"a\xE2\x82", &n, false, &e),
             WENC_INPUT_EMPTY, "61 E2 82");
    n = 2;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"A\x80", &n, true, &e),
             WENC_MALFORMED, "then 41: malformed");
    CHECK(e.offset == 1 && e.length == 2 && e.kind == TR, "E2 82 at 1, cut short");
    CHECK_EQ(n, 0, "41 not consumed");
    n = 2;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"A\x80", &n, true, &e),
             WENC_MALFORMED, "resumed: 80");
    CHECK(e.offset == 4 && e.length == 1 && e.kind == UC, "80 at 4");
    CHECK_EQ(n, 2, "41 80 consumed");
    n = 0;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"", &n, true, &e),
             WENC_INPUT_EMPTY, "rest empty: done");
    CHECK_EQ(wenc_utf8_validator_error_count(&v), 2, "2 errors");
    CHECK_EQ(wenc_utf8_validator_position(&v), 5, "position 5");

    /* Incomplete at the end of the stream. */
    wenc_utf8_validator_init(&v);
    n = 2;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"\xF0\x9F", &n, false, &e),
             WENC_INPUT_EMPTY, "F0 9F");
    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(&v, (const uint8_t *)"\x98", &n, true, &e),
             WENC_MALFORMED, "98, last");
    CHECK(e.offset == 0 && e.length == 3 && e.kind == END, "F0 9F 98 incomplete at end");
    CHECK_EQ(n, 1, "98 consumed");

    n = 1;
    CHECK_EQ(wenc_utf8_validator_validate(NULL, (const uint8_t *)"a", &n, false, &e),
             WENC_INVALID_ARGUMENT, "NULL validator");
    CHECK_EQ(wenc_utf8_validator_position(NULL), 0, "position of NULL");
}

/* ------------------------------------------------------------------------
** Sniffing and counting. */

static void test_sniff_and_count(void)
{
    CHECK_EQ(wenc_utf8_sniff(NULL, 0), WENC_UTF8_SNIFF_ASCII, "sniff empty");
    CHECK_EQ(wenc_utf8_sniff(B("plain text\n")), WENC_UTF8_SNIFF_ASCII, "sniff ASCII");
    CHECK_EQ(wenc_utf8_sniff(B("caf\xC3\xA9")), WENC_UTF8_SNIFF_UTF8, "sniff café");
    CHECK_EQ(wenc_utf8_sniff(B("caf\xC3")), WENC_UTF8_SNIFF_UTF8, "sniff cut at the end");
    CHECK_EQ(wenc_utf8_sniff(B("caf\xE9 cr\xE8me")), WENC_UTF8_SNIFF_NOT_UTF8,
             "sniff Latin-1");
    CHECK_EQ(wenc_utf8_sniff(B("caf\xE9")), WENC_UTF8_SNIFF_UTF8,
             "sniff E9 at the end: a cut 3-byte lead");
    CHECK_EQ(wenc_utf8_sniff(B("\xC3\xA9\xED\xA0\x80")), WENC_UTF8_SNIFF_NOT_UTF8,
             "sniff surrogate");
    CHECK_EQ(wenc_utf8_sniff(NULL, 1), WENC_UTF8_SNIFF_NOT_UTF8, "sniff(NULL, 1)");

    /* a é € 😀: 4 code points, 5 UTF-16 units. */
    CHECK_EQ(wenc_utf8_count_code_points(B("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80")), 4,
             "count code points");
    CHECK_EQ(wenc_utf8_count_utf16_units(B("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80")), 5,
             "count UTF-16 units");
    CHECK_EQ(wenc_utf8_count_code_points(NULL, 0), 0, "count empty");
    CHECK_EQ(wenc_utf8_count_code_points(NULL, 4), 0, "count NULL");
    /* Invalid input: bytes outside 80..BF. */
    CHECK_EQ(wenc_utf8_count_code_points(B("\x80\x80\xFF")), 1, "count on invalid input");
    CHECK_EQ(wenc_utf8_count_utf16_units(B("\x80\xFF")), 2, "UTF-16 count on invalid input");

    /* Long input through the SIMD path: 1000 x "ж😀" (D0 B6 F0 9F 98 80)
    ** then 37 ASCII bytes. */
    static uint8_t buf[6037];
    for (size_t i = 0; i < 1000; i++)
        memcpy(buf + 6 * i, "\xD0\xB6\xF0\x9F\x98\x80", 6);
    memset(buf + 6000, 'x', 37);
    CHECK_EQ(wenc_utf8_count_code_points(buf, sizeof buf), 2037, "count 6037 bytes");
    CHECK_EQ(wenc_utf8_count_utf16_units(buf, sizeof buf), 3037, "UTF-16 units of 6037 bytes");
    CHECK(wenc_utf8_is_valid(buf, sizeof buf), "6037 bytes valid");
    buf[5000] = 0xC0;
    wenc_utf8_error e;
    CHECK(wenc_utf8_validate(buf, sizeof buf, &e) == WENC_MALFORMED && e.offset == 5000 &&
              e.kind == INV,
          "C0 at 5000 found");

    const uint32_t u32[] = {0x41, 0xE9, 0x20AC, 0x1F600, 0xD800, 0x110000, 0x7FF, 0x800};
    CHECK_EQ(wenc_utf8_length_from_utf32(u32, 8), 1 + 2 + 3 + 4 + 3 + 3 + 2 + 3,
             "UTF-8 length of UTF-32");
    const uint16_t u16[] = {0x41, 0xD83D, 0xDE00, 0xD800, 0x41, 0xDC00, 0xD83D};
    CHECK_EQ(wenc_utf8_length_from_utf16(u16, 7), 1 + 4 + 3 + 1 + 3 + 3,
             "UTF-8 length of UTF-16 (pair 4, lone surrogates 3)");
    CHECK_EQ(wenc_utf8_length_from_utf32(NULL, 3), 0, "length of NULL");
}

/* ------------------------------------------------------------------------
** Boundaries and iteration. */

static void test_boundaries(void)
{
    /* a | C3 A9 | E2 82 AC | F0 9F 98 80: boundaries 0 1 3 6 10. */
    const uint8_t *s = (const uint8_t *)"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
    const size_t n = 10;
    static const size_t start[11] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10};
    static const size_t next[11] = {1, 3, 3, 6, 6, 6, 10, 10, 10, 10, 10};
    static const size_t prev[12] = {0, 0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 6};
    bool ok_start = true, ok_next = true, ok_prev = true, ok_trunc = true;
    for (size_t i = 0; i <= n; i++) {
        ok_start = ok_start && wenc_utf8_char_start(s, n, i) == start[i];
        ok_next = ok_next && wenc_utf8_next_boundary(s, n, i) == next[i];
        ok_trunc = ok_trunc && wenc_utf8_truncate(s, n, i) == start[i];
    }
    for (size_t i = 0; i <= n + 1; i++)
        ok_prev = ok_prev && wenc_utf8_prev_boundary(s, n, i) == prev[i];
    CHECK(ok_start, "char_start at every offset");
    CHECK(ok_next, "next_boundary at every offset");
    CHECK(ok_prev, "prev_boundary at every offset, and past the end");
    CHECK(ok_trunc, "truncate to every length");
    CHECK_EQ(wenc_utf8_char_start(s, n, 500), 10, "char_start past the end");
    CHECK_EQ(wenc_utf8_truncate(s, n, 500), 10, "truncate beyond the length");
    CHECK_EQ(wenc_utf8_char_start(NULL, 0, 0), 0, "char_start, empty");
    CHECK_EQ(wenc_utf8_next_boundary(NULL, 0, 3), 0, "next_boundary, empty");
    CHECK_EQ(wenc_utf8_prev_boundary(NULL, 0, 3), 0, "prev_boundary, empty");
    CHECK_EQ(wenc_utf8_truncate(NULL, 0, 3), 0, "truncate, empty");

    /* Invalid input: E0 | 80 | 80 | 41 (the decoder's spans). */
    const uint8_t *bad = (const uint8_t *)"\xE0\x80\x80" "A";
    CHECK_EQ(wenc_utf8_char_start(bad, 4, 2), 2, "char_start in E0 80 80");
    CHECK_EQ(wenc_utf8_next_boundary(bad, 4, 0), 1, "next_boundary after E0");
    /* E2 82 | 80: the third byte of a sequence already complete. */
    const uint8_t *bad2 = (const uint8_t *)"\xE2\x82\xAC\x80";
    CHECK_EQ(wenc_utf8_char_start(bad2, 4, 3), 3, "stray 80 after a full sequence");
    CHECK_EQ(wenc_utf8_char_start(bad2, 4, 2), 0, "AC within E2 82 AC");
    /* A long run of continuation bytes: each is a span. */
    const uint8_t *run = (const uint8_t *)"\xC3\xA9\x80\x80\x80\x80\x80";
    CHECK_EQ(wenc_utf8_char_start(run, 7, 6), 6, "stray continuation far from a lead");
    CHECK_EQ(wenc_utf8_char_start(run, 7, 1), 0, "A9 within C3 A9");

    /* Forward and backward iteration over a | E0 | 80 | é. */
    const uint8_t *it = (const uint8_t *)"a\xE0\x80\xC3\xA9";
    size_t at = 0;
    int32_t f1 = wenc_utf8_decode_next(it, 5, &at);
    int32_t f2 = wenc_utf8_decode_next(it, 5, &at);
    int32_t f3 = wenc_utf8_decode_next(it, 5, &at);
    int32_t f4 = wenc_utf8_decode_next(it, 5, &at);
    int32_t f5 = wenc_utf8_decode_next(it, 5, &at);
    CHECK(f1 == 'a' && f2 == WENC_UTF8_MALFORMED && f3 == WENC_UTF8_MALFORMED &&
              f4 == 0xE9 && f5 == WENC_UTF8_DONE && at == 5,
          "decode_next: a, malformed, malformed, U+00E9, done");
    int32_t b1 = wenc_utf8_decode_prev(it, 5, &at);
    size_t at1 = at;
    int32_t b2 = wenc_utf8_decode_prev(it, 5, &at);
    int32_t b3 = wenc_utf8_decode_prev(it, 5, &at);
    int32_t b4 = wenc_utf8_decode_prev(it, 5, &at);
    int32_t b5 = wenc_utf8_decode_prev(it, 5, &at);
    CHECK(b1 == 0xE9 && at1 == 3 && b2 == WENC_UTF8_MALFORMED &&
              b3 == WENC_UTF8_MALFORMED && b4 == 'a' && b5 == WENC_UTF8_DONE && at == 0,
          "decode_prev: U+00E9, malformed, malformed, a, done");
    at = 4; /* inside é: moved to its end first */
    CHECK(wenc_utf8_decode_prev(it, 5, &at) == 0xE9 && at == 3, "decode_prev from inside");
    at = 4; /* inside é: moved to its start first */
    CHECK(wenc_utf8_decode_next(it, 5, &at) == 0xE9 && at == 5, "decode_next from inside");
    at = 9;
    CHECK(wenc_utf8_decode_prev(it, 5, &at) == 0xE9 && at == 3, "decode_prev past the end");
    at = 3;
    CHECK(wenc_utf8_decode_prev(NULL, 0, &at) == WENC_UTF8_DONE && at == 3,
          "decode_prev on empty input");
}

/* ------------------------------------------------------------------------
** Lenient decoding and encoding. */

static bool decodes_to(const char *in, size_t len, unsigned flags, const uint32_t *want,
                       size_t want_len, wenc_utf8_lenient_counts *counts)
{
    uint32_t out[16];
    size_t n = len, m = 16;
    memset(counts, 0, sizeof *counts);
    wenc_status st = wenc_utf8_decode_lenient_to_utf32((const uint8_t *)in, &n, out, &m,
                                                       flags, counts, NULL);
    return st == WENC_INPUT_EMPTY && n == len && m == want_len &&
           memcmp(out, want, m * sizeof *out) == 0;
}

#define DECODES(in, flags, counts, ...)                                                  \
    decodes_to(in, sizeof(in) - 1, flags, (const uint32_t[]){__VA_ARGS__},               \
               sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t), counts)

static void test_lenient_decode(void)
{
    wenc_utf8_lenient_counts c;

    /* Modified UTF-8's NUL. */
    CHECK(DECODES("a\xC0\x80" "b", WENC_UTF8_ALLOW_OVERLONG, &c, 'a', 0, 'b') &&
              c.overlong == 1 && c.malformed == 0,
          "C0 80 is U+0000 with ALLOW_OVERLONG");
    CHECK(DECODES("a\xC0\x80" "b", 0, &c, 'a', 0xFFFD, 0xFFFD, 'b') && c.malformed == 2,
          "C0 80 is two errors without");
    CHECK(DECODES("\xE0\x80\x80\xF0\x80\x80\xAF", WENC_UTF8_ALLOW_OVERLONG, &c, 0, '/') &&
              c.overlong == 2,
          "overlong 3- and 4-byte forms");

    /* WTF-8 / generalized UTF-8: a lone surrogate. */
    CHECK(DECODES("\xED\xA0\xBD" "x", WENC_UTF8_ALLOW_SURROGATES, &c, 0xD83D, 'x') &&
              c.surrogates == 1,
          "ED A0 BD is U+D83D with ALLOW_SURROGATES");
    /* CESU-8: U+1F600 as U+D83D U+DE00. */
    CHECK(DECODES("\xED\xA0\xBD\xED\xB8\x80", WENC_UTF8_COMBINE_CESU8, &c, 0x1F600) &&
              c.cesu8_pairs == 1 && c.surrogates == 0,
          "CESU-8 pair combined");
    CHECK(DECODES("\xED\xA0\xBD\xED\xB8\x80", WENC_UTF8_ALLOW_SURROGATES, &c, 0xD83D, 0xDE00) &&
              c.surrogates == 2 && c.cesu8_pairs == 0,
          "CESU-8 pair as two surrogates without COMBINE");
    CHECK(DECODES("\xED\xA0\xBD\xED\xB8\x80", 0, &c, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD,
                  0xFFFD) &&
              c.malformed == 6,
          "CESU-8 pair is six errors for the standard");
    CHECK(DECODES("\xED\xA0\xBD" "A", WENC_UTF8_COMBINE_CESU8, &c, 0xFFFD, 'A') &&
              c.malformed == 1,
          "lone surrogate with COMBINE only: one error of 3 bytes");
    CHECK(DECODES("\xED\xB8\x80\xED\xA0\xBD",
                  WENC_UTF8_COMBINE_CESU8 | WENC_UTF8_ALLOW_SURROGATES, &c, 0xDE00, 0xD83D) &&
              c.surrogates == 2 && c.cesu8_pairs == 0,
          "low then high: not a pair");

    /* Values above U+10FFFF, and 5- and 6-byte forms. */
    CHECK(DECODES("\xF4\x90\x80\x80\xF7\xBF\xBF\xBF", WENC_UTF8_ALLOW_LARGE, &c, 0x110000,
                  0x1FFFFF) &&
              c.large == 2,
          "4-byte forms above U+10FFFF");
    CHECK(DECODES("\xF8\x88\x80\x80\x80\xFB\xBF\xBF\xBF\xBF", WENC_UTF8_ALLOW_LARGE, &c,
                  0x200000, 0x3FFFFFF) &&
              c.large == 2,
          "5-byte forms");
    CHECK(DECODES("\xFC\x84\x80\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF", WENC_UTF8_ALLOW_LARGE,
                  &c, 0x4000000, 0x7FFFFFFF),
          "6-byte forms, up to 0x7FFFFFFF");
    CHECK(DECODES("\xFE\xFF", WENC_UTF8_ALLOW_LARGE | WENC_UTF8_ALLOW_OVERLONG, &c, 0xFFFD,
                  0xFFFD),
          "FE and FF stay invalid");
    CHECK(DECODES("\xF8\x80\x80\x80\x80", WENC_UTF8_ALLOW_LARGE, &c, 0xFFFD, 0xFFFD, 0xFFFD,
                  0xFFFD, 0xFFFD),
          "overlong 5-byte form without ALLOW_OVERLONG");
    CHECK(DECODES("\xF8\x80\x80\x80\x80", WENC_UTF8_ALLOW_LARGE | WENC_UTF8_ALLOW_OVERLONG, &c,
                  0) &&
              c.overlong == 1,
          "overlong 5-byte form with both");
    CHECK(DECODES("\xF4\x90\x80\x80", 0, &c, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD),
          "F4 90 80 80 without ALLOW_LARGE");

    /* Fatal mode: the error's kind in the lenient grammar. */
    uint32_t out[8];
    size_t n = 7, m = 8;
    wenc_utf8_error e;
    CHECK_EQ(wenc_utf8_decode_lenient_to_utf32((const uint8_t *)"ab\xED\xA0\xBD" "cd", &n, out,
                                               &m, WENC_UTF8_LENIENT_FATAL |
                                                       WENC_UTF8_COMBINE_CESU8,
                                               NULL, &e),
             WENC_MALFORMED, "fatal: lone surrogate");
    CHECK(n == 2 && m == 2 && e.offset == 2 && e.length == 3 && e.kind == SUR,
          "fatal: stopped before it, span of 3 bytes");
    n = 5;
    m = 8;
    CHECK_EQ(wenc_utf8_decode_lenient_to_utf32((const uint8_t *)"\xF8\x80\x80\x80\x80", &n, out,
                                               &m, WENC_UTF8_LENIENT_FATAL |
                                                       WENC_UTF8_ALLOW_LARGE,
                                               NULL, &e),
             WENC_MALFORMED, "fatal: overlong F8 80");
    CHECK(e.offset == 0 && e.length == 1 && e.kind == OVL, "F8 then 80: OVERLONG, 1 byte");

    /* UTF-16 output. */
    uint16_t u16[8];
    wenc_utf8_lenient_counts c16 = {0};
    n = 14;
    m = 8;
    CHECK_EQ(wenc_utf8_decode_lenient_to_utf16(
                 (const uint8_t *)"\xED\xA0\xBD\xED\xB8\x80\xF4\x90\x80\x80\xED\xA0\x80" "a",
                 &n, u16, &m, WENC_UTF8_COMBINE_CESU8 | WENC_UTF8_ALLOW_SURROGATES |
                                  WENC_UTF8_ALLOW_LARGE,
                 &c16, NULL),
             WENC_INPUT_EMPTY, "to UTF-16");
    CHECK(m == 5 && u16[0] == 0xD83D && u16[1] == 0xDE00 && u16[2] == 0xFFFD &&
              u16[3] == 0xD800 && u16[4] == 'a',
          "pair as a pair, U+110000 as U+FFFD, lone U+D800 as itself");
    CHECK(c16.cesu8_pairs == 1 && c16.large == 1 && c16.unrepresentable == 1 &&
              c16.surrogates == 1 && c16.malformed == 0,
          "UTF-16 counts");

    /* Output full: only whole spans; then resume. */
    n = 5;
    m = 2;
    CHECK_EQ(wenc_utf8_decode_lenient_to_utf32((const uint8_t *)"a\xE2\x82\xAC" "b", &n, out,
                                               &m, 0, NULL, NULL),
             WENC_OUTPUT_FULL, "output full");
    CHECK(n == 4 && m == 2 && out[1] == 0x20AC, "two code points, four bytes");
    CHECK_EQ(wenc_utf8_decode_lenient_to_utf32((const uint8_t *)"a", &n, out, &m, 0x80, NULL,
                                               NULL),
             WENC_INVALID_ARGUMENT, "unknown flag");
}

static bool encodes_to(const uint32_t *in, size_t len, unsigned flags, unsigned max,
                       const char *want, size_t want_len)
{
    uint8_t out[32];
    size_t n = len, m = sizeof out;
    wenc_status st = wenc_utf8_encode_lenient_from_utf32(in, &n, out, &m, flags, max);
    return st == WENC_INPUT_EMPTY && n == len && m == want_len && memcmp(out, want, m) == 0;
}

#define ENCODES(flags, max, want, ...)                                                   \
    encodes_to((const uint32_t[]){__VA_ARGS__},                                          \
               sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t), flags, max, want, \
               sizeof(want) - 1)

static wenc_status encode_status(const uint32_t *in, size_t len, unsigned flags, unsigned max,
                                 size_t *consumed)
{
    uint8_t out[32];
    size_t m = sizeof out;
    *consumed = len;
    return wenc_utf8_encode_lenient_from_utf32(in, consumed, out, &m, flags, max);
}

static void test_lenient_encode(void)
{
    CHECK(ENCODES(0, 4, "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80", 'A', 0xE9, 0x20AC, 0x1F600),
          "no flag: the standard's encoder");
    CHECK(ENCODES(WENC_UTF8_WRITE_NUL_AS_C0_80, 4, "a\xC0\x80" "b", 'a', 0, 'b'),
          "NUL as C0 80");
    CHECK(ENCODES(WENC_UTF8_WRITE_SURROGATES, 4, "\xED\xA0\x80\xED\xBF\xBF", 0xD800, 0xDFFF),
          "surrogates as 3 bytes");
    CHECK(ENCODES(WENC_UTF8_WRITE_CESU8, 4, "\xED\xA0\xBD\xED\xB8\x80", 0x1F600),
          "CESU-8 pair");
    CHECK(ENCODES(WENC_UTF8_WRITE_CESU8 | WENC_UTF8_WRITE_NUL_AS_C0_80, 3,
                  "\xC0\x80\xED\xAF\xBF\xED\xBF\xBF", 0, 0x10FFFF),
          "Java's modified UTF-8, max 3 bytes");
    CHECK(ENCODES(WENC_UTF8_WRITE_LARGE, 4, "\xF4\x90\x80\x80\xF7\xBF\xBF\xBF", 0x110000,
                  0x1FFFFF),
          "above U+10FFFF in 4 bytes");
    CHECK(ENCODES(WENC_UTF8_WRITE_LARGE, 6, "\xF8\x88\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF",
                  0x200000, 0x7FFFFFFF),
          "5- and 6-byte forms");

    size_t k;
    const uint32_t sur[] = {'a', 0xD800};
    CHECK(encode_status(sur, 2, 0, 4, &k) == WENC_UNMAPPABLE && k == 1,
          "surrogate refused without the flag, at index 1");
    const uint32_t big[] = {0x110000};
    CHECK(encode_status(big, 1, 0, 6, &k) == WENC_UNMAPPABLE && k == 0,
          "U+110000 refused without WRITE_LARGE");
    const uint32_t five[] = {0x200000};
    CHECK(encode_status(five, 1, WENC_UTF8_WRITE_LARGE, 4, &k) == WENC_UNMAPPABLE,
          "0x200000 refused with max length 4");
    const uint32_t huge[] = {0x80000000u};
    CHECK(encode_status(huge, 1, WENC_UTF8_WRITE_LARGE, 6, &k) == WENC_UNMAPPABLE,
          "0x80000000 always refused");
    const uint32_t supp[] = {0x1F600};
    CHECK(encode_status(supp, 1, 0, 3, &k) == WENC_UNMAPPABLE,
          "utf8mb3: supplementary refused with max length 3");
    const uint32_t e9[] = {0xE9};
    CHECK(encode_status(e9, 1, 0, 1, &k) == WENC_UNMAPPABLE, "U+00E9 with max length 1");
    CHECK(encode_status(e9, 1, 0, 7, &k) == WENC_INVALID_ARGUMENT, "max length 7");
    CHECK(encode_status(e9, 1, 0x40, 4, &k) == WENC_INVALID_ARGUMENT, "unknown flag");

    /* Output full: whole code points only. */
    const uint32_t two[] = {'a', 0x20AC};
    uint8_t out[8];
    size_t n = 2, m = 3;
    CHECK(wenc_utf8_encode_lenient_from_utf32(two, &n, out, &m, 0, 4) == WENC_OUTPUT_FULL &&
              n == 1 && m == 1 && out[0] == 'a',
          "encoder output full");

    /* From UTF-16. */
    const uint16_t pair[] = {0xD83D, 0xDE00, 0xD800, 'a'};
    uint8_t buf[16];
    n = 4;
    m = sizeof buf;
    CHECK(wenc_utf8_encode_lenient_from_utf16(pair, &n, buf, &m, WENC_UTF8_WRITE_SURROGATES,
                                              4) == WENC_INPUT_EMPTY,
          "WTF-8 from UTF-16");
    CHECK_BYTES(buf, m, "\xF0\x9F\x98\x80\xED\xA0\x80" "a", 8, "pair as 4 bytes, lone as 3");
    n = 2;
    m = sizeof buf;
    CHECK(wenc_utf8_encode_lenient_from_utf16(pair, &n, buf, &m, WENC_UTF8_WRITE_CESU8, 4) ==
              WENC_INPUT_EMPTY,
          "CESU-8 from UTF-16");
    CHECK_BYTES(buf, m, "\xED\xA0\xBD\xED\xB8\x80", 6, "pair as 2 x 3 bytes");
    n = 4;
    m = sizeof buf;
    CHECK(wenc_utf8_encode_lenient_from_utf16(pair, &n, buf, &m, 0, 4) == WENC_UNMAPPABLE &&
              n == 2 && m == 4,
          "lone surrogate from UTF-16 refused at index 2");
    const uint16_t high_at_end[] = {'a', 0xD83D};
    n = 2;
    m = sizeof buf;
    CHECK(wenc_utf8_encode_lenient_from_utf16(high_at_end, &n, buf, &m, 0, 4) ==
                  WENC_UNMAPPABLE &&
              n == 1,
          "high surrogate at the end is lone");
}

/* ------------------------------------------------------------------------
** Rendering. */

static void render_case(const char *in, size_t len, uint64_t base, size_t context,
                        const char *want, const char *desc)
{
    wenc_utf8_error e;
    wenc_utf8_validate((const uint8_t *)in, len, &e);
    e.offset += base;
    char buf[512];
    size_t n = wenc_utf8_render_error(buf, sizeof buf, (const uint8_t *)in, len, base, &e,
                                      context);
    CHECK_STR(buf, want, desc);
    CHECK_EQ(n, strlen(want), "rendered length");
}

static void test_render(void)
{
    render_case("abc\xC3\xA9\xE0\x80" "d", 8, 0, 8,
                "byte 5: overlong encoding (1 byte: E0)\n"
                "  a  b  c  \xC3\xA9     \xEF\xBF\xBD  \xEF\xBF\xBD  d\n"
                "  61 62 63 C3 A9 E0 80 64\n"
                "                 ^^\n",
                "render overlong, with a 2-byte character before");
    render_case("a\tb\\\x01\xE2\x82\x7F", 8, 0, 8,
                "byte 5: sequence cut short (2 bytes: E2 82)\n"
                "  a  \\t b  \\\\ ^A \xEF\xBF\xBD     ^?\n"
                "  61 09 62 5C 01 E2 82 7F\n"
                "                 ^^^^^\n",
                "render escapes and a 2-byte span");
    render_case("xyz\xE6\x97\xA5\xE6\x9C\xAC\xFF\xE8\xAA\x9Eok", 15, 1000, 4,
                "byte 1009: invalid byte (1 byte: FF)\n"
                "  \xE6\x9C\xAC       \xEF\xBF\xBD  \xE8\xAA\x9E       o\n"
                "  E6 9C AC FF E8 AA 9E 6F\n"
                "           ^^\n",
                "render wide characters, context cut to whole spans, stream offset");
    render_case("a\xE2\x80\x8B\xC0", 5, 0, 8,
                "byte 4: invalid byte (1 byte: C0)\n"
                "  a  U+200B   \xEF\xBF\xBD\n"
                "  61 E2 80 8B C0\n"
                "              ^^\n",
                "render an invisible character as U+XXXX");
    render_case("ab\xF0\x9F\x98", 5, 0, 8,
                "byte 2: sequence cut short by the end of input (3 bytes: F0 9F 98)\n"
                "  a  b  \xEF\xBF\xBD\n"
                "  61 62 F0 9F 98\n"
                "        ^^^^^^^^\n",
                "render incomplete at the end");

    /* snprintf's contract. */
    const uint8_t *in = (const uint8_t *)"ab\xFF";
    wenc_utf8_error e = {2, 1, INV};
    char small[10];
    size_t full = wenc_utf8_render_error(NULL, 0, in, 3, 0, &e, 8);
    size_t n = wenc_utf8_render_error(small, sizeof small, in, 3, 0, &e, 8);
    CHECK(n == full && full > 10, "length without a buffer is the full length");
    CHECK_STR(small, "byte 2: i", "truncated to the buffer, NUL-terminated");
    CHECK_EQ(wenc_utf8_render_error(small, sizeof small, in, 3, 0, NULL, 8), 0, "NULL error");
    CHECK_STR(small, "", "empty string on argument error");

    /* The FILE variant writes the same bytes. */
    char want[256];
    wenc_utf8_render_error(want, sizeof want, in, 3, 0, &e, 8);
    FILE *f = tmpfile();
    if (f == NULL) {
        printf("ok %u # SKIP tmpfile failed\n", ++check_count);
        return;
    }
    size_t written = wenc_utf8_render_error_to_file(f, in, 3, 0, &e, 8);
    rewind(f);
    char got[256] = {0};
    size_t r = fread(got, 1, sizeof got - 1, f);
    fclose(f);
    CHECK(written == full && r == full && strcmp(got, want) == 0, "FILE variant");
}

/* ------------------------------------------------------------------------
** Reads stay within the input: every function on heap buffers of exactly
** the input's size (AddressSanitizer builds catch a byte too far), giving
** the same results as on the same bytes inside a larger buffer. */

static void test_bounds(void)
{
    static const char *const patterns[] = {
        "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80", "a\xD0\xB6", "\xE2\x82",
    };
    unsigned bad = 0;
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        uint8_t big[160];
        size_t plen = strlen(patterns[p]);
        for (size_t k = 0; k < sizeof big; k++)
            big[k] = (uint8_t)patterns[p][k % plen];
        for (size_t len = 0; len <= 100; len++) {
            uint8_t *exact = malloc(len == 0 ? 1 : len);
            if (exact == NULL)
                return;
            memcpy(exact, big, len);
            wenc_utf8_error a, b;
            bad += wenc_utf8_validate(exact, len, &a) != wenc_utf8_validate(big, len, &b);
            bad += a.offset != b.offset || a.kind != b.kind;
            bad += wenc_utf8_find_errors(exact, len, NULL, 0) !=
                   wenc_utf8_find_errors(big, len, NULL, 0);
            bad += wenc_utf8_count_code_points(exact, len) !=
                   wenc_utf8_count_code_points(big, len);
            bad += wenc_utf8_count_utf16_units(exact, len) !=
                   wenc_utf8_count_utf16_units(big, len);
            bad += wenc_utf8_sniff(exact, len) != wenc_utf8_sniff(big, len);
            for (size_t off = 0; off <= len; off++) {
                bad += wenc_utf8_next_boundary(exact, len, off) !=
                       wenc_utf8_next_boundary(big, len, off);
                bad += wenc_utf8_prev_boundary(exact, len, off) !=
                       wenc_utf8_prev_boundary(big, len, off);
            }
            uint32_t out1[100], out2[100];
            size_t n1 = len, m1 = 100, n2 = len, m2 = 100;
            wenc_utf8_decode_lenient_to_utf32(exact, &n1, out1, &m1, 0x1E, NULL, NULL);
            wenc_utf8_decode_lenient_to_utf32(big, &n2, out2, &m2, 0x1E, NULL, NULL);
            bad += n1 != n2 || m1 != m2 || memcmp(out1, out2, m1 * sizeof *out1) != 0;
            char r1[512], r2[512];
            wenc_utf8_error e = {len / 2, 1, INV};
            wenc_utf8_render_error(r1, sizeof r1, exact, len, 0, &e, 8);
            wenc_utf8_render_error(r2, sizeof r2, big, len, 0, &e, 8);
            bad += strcmp(r1, r2) != 0;
            free(exact);
        }
    }
    CHECK_EQ(bad, 0, "exact-size buffers give the results of larger ones");
}

int main(void)
{
    test_bounds();
    test_errors();
    test_validator();
    test_sniff_and_count();
    test_boundaries();
    test_lenient_decode();
    test_lenient_encode();
    test_render();
    return check_done();
}
