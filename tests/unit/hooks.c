/* hooks.c -- unit tests of the standard's hooks in wenc/hooks.h (decode, BOM
** sniff, UTF-8 decode and its variants, UTF-8 encode, encode, get an
** encoder / a decoder, encode or fail, get an output encoding), their
** streaming and one-shot forms, and the one-shot calls on a decoder or
** encoder.  Expected values are typed from the standard and SPEC-DELTA.md
** ((b) and (d)). */
#include <stdint.h>

#include "check.h"
#include "built.h"
#include "api/oneshot.h"
#include "test_alloc.h"

#define CHECK_U16(a, na, b, nb, desc) CHECK_BYTES(a, (na) * 2, b, (nb) * 2, desc)
#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static const wenc_encoding *const no_encoding = NULL;

/* ------------------------------------------------------------------------
** BOM sniff. */

static void test_bom_sniff(void)
{
    static const uint8_t utf8[] = {0xEF, 0xBB, 0xBF, 0x41};
    static const uint8_t be[] = {0xFE, 0xFF, 0x00};
    static const uint8_t le[] = {0xFF, 0xFE, 0x00, 0x00};
    static const uint8_t partial[] = {0xEF, 0xBB, 0x41};
    size_t n = 99;

    CHECK(wenc_bom_sniff(utf8, 4, &n) == WENC_UTF_8, "sniff EF BB BF 41: UTF-8");
    CHECK_EQ(n, 3, "sniff EF BB BF 41: BOM length");
    CHECK(wenc_bom_sniff(utf8, 3, &n) == WENC_UTF_8, "sniff EF BB BF: UTF-8");
    CHECK(wenc_bom_sniff(utf8, 2, &n) == NULL, "sniff EF BB (whole input): null");
    CHECK_EQ(n, 0, "sniff EF BB: length 0");
    CHECK(wenc_bom_sniff(partial, 3, &n) == NULL, "sniff EF BB 41: null");
    CHECK(wenc_bom_sniff(be, 3, &n) == WENC_UTF_16BE, "sniff FE FF 00: UTF-16BE");
    CHECK_EQ(n, 2, "sniff FE FF: length 2");
    CHECK(wenc_bom_sniff(be, 2, NULL) == WENC_UTF_16BE, "sniff FE FF, no length wanted");
    CHECK(wenc_bom_sniff(le, 4, &n) == WENC_UTF_16LE, "sniff FF FE 00 00: UTF-16LE (no UTF-32)");
    CHECK_EQ(n, 2, "sniff FF FE: length 2");
    CHECK(wenc_bom_sniff(le, 1, &n) == NULL, "sniff FF alone: null");
    CHECK(wenc_bom_sniff(utf8 + 3, 1, &n) == NULL, "sniff 41: null");
    n = 99;
    CHECK(wenc_bom_sniff(NULL, 0, &n) == NULL && n == 0, "sniff NULL, 0: null, length 0");
    n = 99;
    CHECK(wenc_bom_sniff(NULL, 3, &n) == NULL && n == 0, "sniff NULL, 3: null, length 0");
    CHECK(wenc_bom_sniff(utf8, 0, NULL) == NULL, "sniff empty: null");
}

/* ------------------------------------------------------------------------
** decode (one-shot). */

static void test_decode_oneshot(void)
{
    uint8_t *out;
    uint16_t *out16;
    size_t n;
    const wenc_encoding *used;

    /* SPEC-DELTA (d). */
    static const uint8_t v1[] = {0xEF, 0xBB, 0xBF, 0x41};
    if (built_or_skip(WENC_WINDOWS_1252, "decode, one-shot")) {
        CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, WENC_WINDOWS_1252, NULL, &out, &n, &used),
                 WENC_OK, "decode(EF BB BF 41, windows-1252)");
        CHECK_BYTES(out, n, "A", 1, "decode(EF BB BF 41, windows-1252) = A");
        CHECK(used == WENC_UTF_8, "decode(EF BB BF 41, windows-1252) used UTF-8");
        CHECK_EQ(out[n], 0, "one-shot output is zero-terminated");
        wenc_free(NULL, out);
    }

    static const uint8_t v2[] = {0xFF, 0xFE, 0x41, 0x00};
    CHECK_EQ(wenc_decode_to_utf8_alloc(v2, 4, WENC_UTF_8, NULL, &out, &n, &used), WENC_OK,
             "decode(FF FE 41 00, UTF-8)");
    CHECK_BYTES(out, n, "A", 1, "decode(FF FE 41 00, UTF-8) = A");
    CHECK(used == WENC_UTF_16LE, "decode(FF FE 41 00, UTF-8) used UTF-16LE");
    wenc_free(NULL, out);

    static const uint8_t v3[] = {0xEF, 0xBB, 0x41};
    if (built_or_skip(WENC_WINDOWS_1252, "decode, one-shot")) {
        CHECK_EQ(wenc_decode_to_utf8_alloc(v3, 3, WENC_WINDOWS_1252, NULL, &out, &n, &used),
                 WENC_OK, "decode(EF BB 41, windows-1252)");
        CHECK_BYTES(out, n, "\xC3\xAF\xC2\xBB\x41", 5,
                    "decode(EF BB 41) = U+00EF U+00BB U+0041");
        CHECK(used == WENC_WINDOWS_1252, "decode(EF BB 41) used the fallback");
        wenc_free(NULL, out);
    }

    /* The BOM wins over the fallback, whatever it is: a UTF-8 BOM under a
    ** UTF-16 label, a UTF-16BE BOM under UTF-16LE, a BOM under
    ** replacement. */
    CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, WENC_UTF_16LE, NULL, &out, &n, &used), WENC_OK,
             "decode(EF BB BF 41, UTF-16LE)");
    CHECK_BYTES(out, n, "A", 1, "UTF-8 BOM under UTF-16LE = A");
    CHECK(used == WENC_UTF_8, "UTF-8 BOM under UTF-16LE used UTF-8");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, WENC_UTF_16BE, NULL, &out, &n, &used), WENC_OK,
             "decode(EF BB BF 41, UTF-16BE)");
    CHECK_BYTES(out, n, "A", 1, "UTF-8 BOM under UTF-16BE = A");
    wenc_free(NULL, out);
    static const uint8_t v4[] = {0xFE, 0xFF, 0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00};
    CHECK_EQ(wenc_decode_to_utf16_alloc(v4, 8, WENC_UTF_16LE, NULL, &out16, &n, &used), WENC_OK,
             "decode(FE FF 00 41 D8 3D DE 00, UTF-16LE) to UTF-16");
    static const uint16_t e4[] = {0x0041, 0xD83D, 0xDE00};
    CHECK_U16(out16, n, e4, 3, "UTF-16BE BOM under UTF-16LE = A U+1F600");
    CHECK(used == WENC_UTF_16BE, "used UTF-16BE");
    CHECK_EQ(out16[n], 0, "UTF-16 one-shot output is zero-terminated");
    wenc_free(NULL, out16);
    CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, WENC_REPLACEMENT, NULL, &out, &n, &used), WENC_OK,
             "decode(EF BB BF 41, replacement)");
    CHECK_BYTES(out, n, "A", 1, "a BOM under replacement = A");
    wenc_free(NULL, out);

    /* Only one BOM is read. */
    static const uint8_t v5[] = {0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF};
    /* (UTF-8 as the fallback: a left-out fallback fails even with a BOM.) */
    CHECK_EQ(wenc_decode_to_utf8_alloc(v5, 6, WENC_UTF_8, NULL, &out, &n, NULL), WENC_OK,
             "decode(EF BB BF EF BB BF)");
    CHECK_BYTES(out, n, "\xEF\xBB\xBF", 3, "decode(EF BB BF EF BB BF) = U+FEFF");
    wenc_free(NULL, out);

    /* No BOM: the fallback's decoder in replacement mode. */
    static const uint8_t v6[] = {0x41, 0x42};
    CHECK_EQ(wenc_decode_to_utf8_alloc(v6, 2, WENC_REPLACEMENT, NULL, &out, &n, &used), WENC_OK,
             "decode(41 42, replacement)");
    CHECK_BYTES(out, n, "\xEF\xBF\xBD", 3, "decode(41 42, replacement) = U+FFFD");
    CHECK(used == WENC_REPLACEMENT, "used replacement");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_decode_to_utf8_alloc(NULL, 0, WENC_REPLACEMENT, NULL, &out, &n, &used), WENC_OK,
             "decode(empty, replacement)");
    CHECK(out != NULL && n == 0 && out[0] == 0, "decode(empty) = empty string, allocated");
    wenc_free(NULL, out);
    if (built_or_skip(WENC_BIG5, "decode, one-shot")) {
        static const uint8_t big5[] = {0x88, 0x62, 0x81, 0x40};
        CHECK_EQ(wenc_decode_to_utf16_alloc(big5, 4, WENC_BIG5, NULL, &out16, &n, &used),
                 WENC_OK, "decode(88 62 81 40, Big5)");
        static const uint16_t ebig5[] = {0x00CA, 0x0304, 0xFFFD, 0x0040};
        CHECK_U16(out16, n, ebig5, 4, "Big5 88 62 81 40 = U+00CA U+0304 U+FFFD U+0040");
        wenc_free(NULL, out16);
    }
    if (built_or_skip(WENC_X_USER_DEFINED, "decode, one-shot")) {
        static const uint8_t xud[] = {0x80, 0xFF};
        CHECK_EQ(wenc_decode_to_utf8_alloc(xud, 2, WENC_X_USER_DEFINED, NULL, &out, &n, NULL),
                 WENC_OK, "decode(80 FF, x-user-defined)");
        CHECK_BYTES(out, n, "\xEF\x9E\x80\xEF\x9F\xBF", 6,
                    "x-user-defined 80 FF = U+F780 U+F7FF");
        wenc_free(NULL, out);
    }
    if (built_or_skip(WENC_WINDOWS_1252, "decode, one-shot")) {
        static const uint8_t w1252[] = {0x80};
        CHECK_EQ(wenc_decode_to_utf8_alloc(w1252, 1, wenc_encoding_for_label("latin1", 6), NULL,
                                           &out, &n, NULL),
                 WENC_OK, "decode(80, latin1)");
        CHECK_BYTES(out, n, "\xE2\x82\xAC", 3, "latin1 is windows-1252: 80 = U+20AC");
        wenc_free(NULL, out);
    }
    if (built_or_skip(WENC_ISO_8859_3, "decode, one-shot")) {
        static const uint8_t sb[] = {0xA5};
        CHECK_EQ(wenc_decode_to_utf8_alloc(sb, 1, WENC_ISO_8859_3, NULL, &out, &n, NULL),
                 WENC_OK, "decode(A5, ISO-8859-3)");
        CHECK_BYTES(out, n, "\xEF\xBF\xBD", 3, "ISO-8859-3 A5 = U+FFFD");
        wenc_free(NULL, out);
    }
    static const uint8_t le[] = {0x00, 0xD8, 0x41, 0x00};
    CHECK_EQ(wenc_decode_to_utf16_alloc(le, 4, WENC_UTF_16LE, NULL, &out16, &n, NULL), WENC_OK,
             "decode(00 D8 41 00, UTF-16LE)");
    static const uint16_t ele[] = {0xFFFD, 0x0041};
    CHECK_U16(out16, n, ele, 2, "UTF-16LE 00 D8 41 00 = U+FFFD U+0041");
    wenc_free(NULL, out16);

    /* Bad input. */
    used = WENC_UTF_8;
    out = (uint8_t *)"x";
    n = 7;
    CHECK_EQ(wenc_decode_to_utf8_alloc(NULL, 5, WENC_UTF_8, NULL, &out, &n, &used),
             WENC_INVALID_ARGUMENT, "decode(NULL, 5): invalid");
    CHECK(out == NULL && n == 0 && used == NULL, "invalid: outputs cleared");
    CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, no_encoding, NULL, &out, &n, &used),
             WENC_INVALID_ARGUMENT, "decode with no fallback: invalid");
    CHECK_EQ(wenc_decode_to_utf8_alloc(v1, 4, WENC_UTF_8, NULL, NULL, &n, NULL),
             WENC_INVALID_ARGUMENT, "decode, OUT NULL: invalid");
    CHECK_EQ(wenc_decode_to_utf16_alloc(v1, 4, WENC_UTF_8, NULL, &out16, NULL, NULL),
             WENC_INVALID_ARGUMENT, "decode, OUT_LEN NULL: invalid");
}

/* ------------------------------------------------------------------------
** decode (streaming): the BOM may arrive in pieces. */

/* Feeds IN to D one byte at a time (then the end), with an output buffer
** of ROOM bytes, and collects the UTF-8 output. */
static size_t feed_bytewise(wenc_decoder *d, const uint8_t *in, size_t len, size_t room,
                            uint8_t *out)
{
    size_t total = 0;
    for (size_t i = 0; i <= len; i++) {
        const uint8_t *p = in + i;
        size_t left = i < len ? 1 : 0;
        bool last = i == len;
        wenc_status st;
        do {
            size_t n = left, m = room;
            st = wenc_decoder_decode_to_utf8(d, left ? p : NULL, &n, out + total, &m, last);
            total += m;
            p += n;
            left -= n;
        } while (st == WENC_OUTPUT_FULL);
    }
    return total;
}

static void test_decode_streaming(void)
{
    if (!built_or_skip(WENC_WINDOWS_1252, "decode, streaming"))
        return;
    wenc_decoder d;
    uint8_t out[64];
    size_t n;

    static const uint8_t v1[] = {0xEF, 0xBB, 0xBF, 0x41};
    CHECK_EQ(wenc_decode_init(&d, WENC_WINDOWS_1252), WENC_OK, "decode init");
    n = 2;
    size_t m = sizeof out;
    CHECK_EQ(wenc_decoder_decode_to_utf8(&d, v1, &n, out, &m, false), WENC_INPUT_EMPTY,
             "decode stream: EF BB");
    CHECK_EQ(m, 0, "EF BB: nothing yet");
    CHECK(wenc_decoder_encoding(&d) == WENC_WINDOWS_1252, "EF BB: still the fallback");
    n = 2;
    m = sizeof out;
    CHECK_EQ(wenc_decoder_decode_to_utf8(&d, v1 + 2, &n, out, &m, true), WENC_INPUT_EMPTY,
             "decode stream: BF 41, end");
    CHECK_BYTES(out, m, "A", 1, "UTF-8 BOM split across chunks = A");
    CHECK(wenc_decoder_encoding(&d) == WENC_UTF_8, "the BOM's encoding is reported");

    wenc_decode_init(&d, WENC_UTF_16BE);
    n = feed_bytewise(&d, v1, 4, 1, out);
    CHECK_BYTES(out, n, "A", 1, "UTF-8 BOM byte by byte under UTF-16BE, 1-byte output = A");
    CHECK(wenc_decoder_encoding(&d) == WENC_UTF_8, "byte by byte: UTF-8 found");

    static const uint8_t v2[] = {0xFF, 0xFE, 0x41, 0x00};
    wenc_decode_init(&d, WENC_UTF_8);
    n = feed_bytewise(&d, v2, 4, 64, out);
    CHECK_BYTES(out, n, "A", 1, "UTF-16LE BOM byte by byte = A");
    CHECK(wenc_decoder_encoding(&d) == WENC_UTF_16LE, "byte by byte: UTF-16LE found");

    static const uint8_t v3[] = {0xEF, 0xBB};
    wenc_decode_init(&d, WENC_WINDOWS_1252);
    n = feed_bytewise(&d, v3, 2, 64, out);
    CHECK_BYTES(out, n, "\xC3\xAF\xC2\xBB", 4, "EF BB then end under windows-1252");
    CHECK(wenc_decoder_encoding(&d) == WENC_WINDOWS_1252, "EF BB then end: the fallback");

    CHECK_EQ(wenc_decode_init(NULL, WENC_UTF_8), WENC_INVALID_ARGUMENT, "decode init NULL");
    CHECK_EQ(wenc_decode_init(&d, no_encoding), WENC_INVALID_ARGUMENT,
             "decode init without fallback");
}

/* ------------------------------------------------------------------------
** UTF-8 decode and its variants. */

static void test_utf8_decode(void)
{
    uint8_t *out;
    uint16_t *out16;
    size_t n;

    static const uint8_t two_boms[] = {0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF};
    CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(two_boms, 6, NULL, &out, &n), WENC_OK,
             "UTF-8 decode(EF BB BF EF BB BF)");
    CHECK_BYTES(out, n, "\xEF\xBB\xBF", 3, "UTF-8 decode strips one BOM only");
    wenc_free(NULL, out);
    static const uint8_t bom_a[] = {0xEF, 0xBB, 0xBF, 0x41};
    CHECK_EQ(wenc_utf8_decode_to_utf16_alloc(bom_a, 4, NULL, &out16, &n), WENC_OK,
             "UTF-8 decode(EF BB BF 41) to UTF-16");
    static const uint16_t a16[] = {0x41};
    CHECK_U16(out16, n, a16, 1, "UTF-8 decode(EF BB BF 41) = A");
    wenc_free(NULL, out16);
    CHECK_EQ(wenc_utf8_decode_without_bom_to_utf8_alloc(bom_a, 4, NULL, &out, &n), WENC_OK,
             "UTF-8 decode without BOM(EF BB BF 41)");
    CHECK_BYTES(out, n, "\xEF\xBB\xBF\x41", 4, "without BOM keeps U+FEFF");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_utf8_decode_without_bom_to_utf16_alloc(bom_a, 4, NULL, &out16, &n), WENC_OK,
             "UTF-8 decode without BOM to UTF-16");
    static const uint16_t feff_a[] = {0xFEFF, 0x41};
    CHECK_U16(out16, n, feff_a, 2, "without BOM, UTF-16: U+FEFF A");
    wenc_free(NULL, out16);

    /* Errors become U+FFFD (SPEC-DELTA (b), UTF-8). */
    static const struct {
        uint8_t in[4];
        size_t len;
        const char *out;
        size_t out_len;
        const char *desc;
    } repl[] = {
        {{0xF0, 0x9F, 0x92, 0xA9}, 4, "\xF0\x9F\x92\xA9", 4, "F0 9F 92 A9 = U+1F4A9"},
        {{0xED, 0xA0, 0x80}, 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", 9, "ED A0 80 = 3 FFFD"},
        {{0xE2, 0x82}, 2, "\xEF\xBF\xBD", 3, "E2 82 then end = one FFFD"},
        {{0xE2, 0x82, 0x41}, 3, "\xEF\xBF\xBD\x41", 4, "E2 82 41 = FFFD A"},
        {{0xF4, 0x90, 0x80, 0x80}, 4,
         "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", 12, "F4 90 80 80 = 4 FFFD"},
    };
    for (size_t i = 0; i < LEN(repl); i++) {
        CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(repl[i].in, repl[i].len, NULL, &out, &n),
                 WENC_OK, repl[i].desc);
        CHECK_BYTES(out, n, repl[i].out, repl[i].out_len, repl[i].desc);
        wenc_free(NULL, out);
    }
    static const uint8_t pile[] = {0xF0, 0x9F, 0x92, 0xA9};
    CHECK_EQ(wenc_utf8_decode_to_utf16_alloc(pile, 4, NULL, &out16, &n), WENC_OK,
             "U+1F4A9 to UTF-16");
    static const uint16_t pile16[] = {0xD83D, 0xDCA9};
    CHECK_U16(out16, n, pile16, 2, "U+1F4A9 = D83D DCA9");
    wenc_free(NULL, out16);

    /* ...or fail. */
    static const uint8_t bad[] = {0x41, 0xFF};
    out = (uint8_t *)"x";
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc(bad, 2, NULL, &out, &n),
             WENC_MALFORMED, "without BOM or fail(41 FF) = failure");
    CHECK(out == NULL && n == 0, "failure gives no output");
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_to_utf16_alloc(bad, 2, NULL, &out16, &n),
             WENC_MALFORMED, "without BOM or fail(41 FF) to UTF-16 = failure");
    CHECK(out16 == NULL && n == 0, "failure gives no UTF-16 output");
    static const uint8_t trunc[] = {0x41, 0xE2, 0x82};
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc(trunc, 3, NULL, &out, &n),
             WENC_MALFORMED, "without BOM or fail(41 E2 82): failure at the end");
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc(bom_a, 4, NULL, &out, &n),
             WENC_OK, "without BOM or fail(EF BB BF 41)");
    CHECK_BYTES(out, n, "\xEF\xBB\xBF\x41", 4, "without BOM or fail keeps U+FEFF");
    wenc_free(NULL, out);

    /* The streaming form gives the place of the error. */
    wenc_decoder d;
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_init(&d), WENC_OK, "or fail init");
    static const uint8_t xml[] = {0x3C, 0x61, 0xC3, 0x28, 0x3E};
    size_t sl = 5;
    CHECK_EQ(wenc_decoder_decode_to_utf8_alloc(&d, xml, &sl, true, NULL, &out, &n),
             WENC_MALFORMED, "or fail, instance one-shot: 3C 61 C3 28 3E");
    CHECK_EQ(sl, 3, "consumed up to the malformed C3");
    CHECK_BYTES(out, n, "<a", 2, "output before the error");
    CHECK_EQ(wenc_decoder_error_offset(&d), 2, "error offset 2");
    CHECK_EQ(wenc_decoder_error_length(&d), 1, "error length 1 (the 28 is read again)");
    wenc_free(NULL, out);

    /* UTF-8 decode, streaming, the BOM split. */
    CHECK_EQ(wenc_utf8_decode_init(&d), WENC_OK, "UTF-8 decode init");
    uint8_t buf[16];
    n = feed_bytewise(&d, bom_a, 4, 16, buf);
    CHECK_BYTES(buf, n, "A", 1, "UTF-8 decode, BOM byte by byte = A");
    CHECK_EQ(wenc_utf8_decode_without_bom_init(&d), WENC_OK, "without BOM init");
    n = feed_bytewise(&d, bom_a, 4, 1, buf);
    CHECK_BYTES(buf, n, "\xEF\xBB\xBF\x41", 4, "without BOM, byte by byte: U+FEFF A");
    CHECK_EQ(wenc_utf8_decode_init(NULL), WENC_INVALID_ARGUMENT, "UTF-8 decode init NULL");
    CHECK_EQ(wenc_utf8_decode_without_bom_init(NULL), WENC_INVALID_ARGUMENT,
             "without BOM init NULL");
    CHECK_EQ(wenc_utf8_decode_without_bom_or_fail_init(NULL), WENC_INVALID_ARGUMENT,
             "or fail init NULL");

    /* Bad input. */
    CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(NULL, 0, NULL, &out, &n), WENC_OK,
             "UTF-8 decode(NULL, 0)");
    CHECK(out != NULL && n == 0, "NULL, 0 = empty string");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(NULL, 1, NULL, &out, &n), WENC_INVALID_ARGUMENT,
             "UTF-8 decode(NULL, 1)");
    CHECK_EQ(wenc_utf8_decode_to_utf16_alloc(bom_a, 4, NULL, NULL, &n), WENC_INVALID_ARGUMENT,
             "UTF-8 decode, OUT NULL");
    CHECK_EQ(wenc_utf8_decode_without_bom_to_utf8_alloc(bom_a, 4, NULL, &out, NULL),
             WENC_INVALID_ARGUMENT, "without BOM, OUT_LEN NULL");
}

/* ------------------------------------------------------------------------
** UTF-8 encode and encode (html mode). */

static void test_encode(void)
{
    uint8_t *out;
    size_t n;

    static const uint16_t lone[] = {0x61, 0xD800, 0x62, 0xDC00};
    CHECK_EQ(wenc_utf8_encode_from_utf16_alloc(lone, 4, NULL, &out, &n), WENC_OK,
             "UTF-8 encode(a D800 b DC00)");
    CHECK_BYTES(out, n, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD", 8, "lone surrogates = U+FFFD");
    wenc_free(NULL, out);
    static const uint8_t ill[] = {0x41, 0xFF, 0xF0, 0x9F, 0x98, 0x80};
    CHECK_EQ(wenc_utf8_encode_from_utf8_alloc(ill, 6, NULL, &out, &n), WENC_OK,
             "UTF-8 encode(41 FF F0 9F 98 80)");
    CHECK_BYTES(out, n, "A\xEF\xBF\xBD\xF0\x9F\x98\x80", 8, "ill-formed UTF-8 = U+FFFD");
    wenc_free(NULL, out);
    wenc_encoder e;
    CHECK_EQ(wenc_utf8_encode_init(&e), WENC_OK, "UTF-8 encode init");
    CHECK(wenc_encoder_encoding(&e) == WENC_UTF_8, "UTF-8 encode init: UTF-8");
    CHECK_EQ(wenc_utf8_encode_init(NULL), WENC_INVALID_ARGUMENT, "UTF-8 encode init NULL");

    /* encode, html mode (SPEC-DELTA (b), (d)). */
    static const struct {
        const wenc_encoding *encoding;
        const char *in; /* UTF-8 */
        const char *out;
        const char *desc;
    } html[] = {
        {WENC_WINDOWS_1252, "\xE2\x82\xAC\xF0\x9F\x98\x80", "\x80&#128512;",
         "windows-1252: U+20AC U+1F600"},
        {WENC_WINDOWS_1252, "\xC4\x80", "&#256;", "windows-1252: U+0100"},
        {WENC_X_USER_DEFINED, "\xC2\x80", "&#128;", "x-user-defined: U+0080"},
        {WENC_BIG5, "\xE2\x95\x90", "\xF9\xF9", "Big5: U+2550 = F9 F9"},
        {WENC_BIG5, "\xE5\x8D\x81", "\xA4\x51", "Big5: U+5341 = A4 51"},
        {WENC_BIG5, "\xE4\x8F\xB0", "&#17392;", "Big5: U+43F0 does not encode"},
        {WENC_UTF_8, "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80", "UTF-8: U+1F600"},
        /* These need the CJK handlers. */
        {WENC_GB18030, "\xEF\xB8\x90", "\xA6\xD9", "gb18030: U+FE10 = A6 D9"},
        {WENC_GBK, "\xE2\x82\xAC", "\x80", "GBK: U+20AC = 80"},
        {WENC_GB18030, "\xEE\x97\xA5", "&#58853;", "gb18030: U+E5E5 = &#58853;"},
        {WENC_ISO_2022_JP, "\xEF\xBD\xB6", "\x1B$B%+\x1B(B", "ISO-2022-JP: U+FF76"},
        {WENC_ISO_2022_JP, "\xE3\x81\x82\xF0\x9F\x98\x80", "\x1B$B$\"\x1B(B&#128512;",
         "ISO-2022-JP: U+3042 U+1F600"},
        {WENC_SHIFT_JIS, "\xE2\x85\xB0", "\xFA\x40", "Shift_JIS: U+2170 = FA 40"},
        {WENC_EUC_JP, "\xE2\x85\xB0", "\xFC\xF1", "EUC-JP: U+2170 = FC F1"},
        {WENC_EUC_KR, "\xEA\xB0\x80", "\xB0\xA1", "EUC-KR: U+AC00 = B0 A1"},
    };
    for (size_t i = 0; i < LEN(html); i++) {
        if (!built_or_skip(html[i].encoding, html[i].desc))
            continue;
        CHECK_EQ(wenc_encode_from_utf8_alloc((const uint8_t *)html[i].in, strlen(html[i].in),
                                             html[i].encoding, NULL, &out, &n),
                 WENC_OK, html[i].desc);
        CHECK_BYTES(out, n, html[i].out, strlen(html[i].out), html[i].desc);
        wenc_free(NULL, out);
    }
    static const uint16_t euro_grin[] = {0x20AC, 0xD83D, 0xDE00};
    if (built_or_skip(WENC_WINDOWS_1252, "encode from UTF-16")) {
        CHECK_EQ(wenc_encode_from_utf16_alloc(euro_grin, 3, WENC_WINDOWS_1252, NULL, &out, &n),
                 WENC_OK, "encode from UTF-16: windows-1252");
        CHECK_BYTES(out, n, "\x80&#128512;", 10, "from UTF-16: 80 &#128512;");
        wenc_free(NULL, out);
    }

    /* No encoder: the caller applies get an output encoding first. */
    out = (uint8_t *)"x";
    CHECK_EQ(wenc_encode_from_utf8_alloc((const uint8_t *)"a", 1, WENC_UTF_16BE, NULL, &out, &n),
             WENC_NO_ENCODER, "encode into UTF-16BE: no encoder");
    CHECK(out == NULL && n == 0, "no encoder: no output");
    CHECK_EQ(wenc_encode_from_utf16_alloc(euro_grin, 3, WENC_REPLACEMENT, NULL, &out, &n),
             WENC_NO_ENCODER, "encode into replacement: no encoder");
    CHECK_EQ(wenc_encode_from_utf16_alloc(euro_grin, 3,
                                          wenc_get_output_encoding(WENC_UTF_16LE), NULL, &out,
                                          &n),
             WENC_OK, "encode into get an output encoding(UTF-16LE)");
    CHECK_BYTES(out, n, "\xE2\x82\xAC\xF0\x9F\x98\x80", 7, "... is UTF-8");
    wenc_free(NULL, out);

    if (built_or_skip(WENC_SHIFT_JIS, "encode init"))
        CHECK_EQ(wenc_encode_init(&e, WENC_SHIFT_JIS), WENC_OK, "encode init");
    CHECK_EQ(wenc_encode_init(&e, WENC_UTF_16LE), WENC_NO_ENCODER, "encode init UTF-16LE");
    CHECK_EQ(wenc_encode_init(NULL, WENC_UTF_8), WENC_INVALID_ARGUMENT, "encode init NULL");
    CHECK_EQ(wenc_encode_init(&e, no_encoding), WENC_INVALID_ARGUMENT, "encode init no enc");
    CHECK_EQ(wenc_encode_from_utf8_alloc(NULL, 2, WENC_UTF_8, NULL, &out, &n),
             WENC_INVALID_ARGUMENT, "encode(NULL, 2)");
    CHECK_EQ(wenc_encode_from_utf8_alloc(NULL, 0, no_encoding, NULL, &out, &n),
             WENC_INVALID_ARGUMENT, "encode with no encoding");
    CHECK_EQ(wenc_encode_from_utf16_alloc(NULL, 0, WENC_UTF_8, NULL, NULL, &n),
             WENC_INVALID_ARGUMENT, "encode, OUT NULL");
    CHECK_EQ(wenc_utf8_encode_from_utf16_alloc(NULL, 0, NULL, &out, &n), WENC_OK,
             "UTF-8 encode(NULL, 0)");
    CHECK(out != NULL && n == 0 && out[0] == 0, "UTF-8 encode of nothing: empty string");
    wenc_free(NULL, out);
}

/* ------------------------------------------------------------------------
** get an encoder, encode or fail (SPEC-DELTA (d)). */

static void test_encode_or_fail(void)
{
    if (!built_or_skip(WENC_ISO_2022_JP, "encode or fail") ||
        !built_or_skip(WENC_WINDOWS_1252, "encode or fail"))
        return;
    wenc_encoder e;
    uint8_t buf[64];
    size_t n, m;
    uint32_t cp;

    /* ISO-2022-JP, one instance, two calls.  (Needs the ISO-2022-JP
    ** encoder.) */
    CHECK_EQ(wenc_get_encoder(&e, WENC_ISO_2022_JP), WENC_OK, "get an encoder: ISO-2022-JP");
    const char *in1 = "\xE3\x81\x82\xF0\x9F\x98\x80" "b"; /* U+3042 U+1F600 b */
    n = strlen(in1);
    m = sizeof buf;
    CHECK_EQ(wenc_encode_or_fail_from_utf8(&e, (const uint8_t *)in1, &n, buf, &m, &cp),
             WENC_UNMAPPABLE, "U+3042 U+1F600: error");
    CHECK_BYTES(buf, m, "\x1B$B$\"\x1B(B", 8, "U+3042 U+1F600: 1B 24 42 24 22 1B 28 42");
    CHECK_EQ(cp, 0x1F600, "U+3042 U+1F600: code point 0x1F600");
    CHECK_EQ(n, 7, "consumed up to and including U+1F600");
    size_t rest = strlen(in1) - n;
    m = sizeof buf;
    CHECK_EQ(wenc_encode_or_fail_from_utf8(&e, (const uint8_t *)in1 + n, &rest, buf, &m, &cp),
             WENC_OK, "then b: null");
    CHECK_BYTES(buf, m, "b", 1, "then b: 62");
    CHECK_EQ(cp, 0, "null: code point 0");

    CHECK_EQ(wenc_get_encoder(&e, WENC_ISO_2022_JP), WENC_OK, "a new ISO-2022-JP encoder");
    static const uint16_t in2[] = {0x00A5, 0xD83D, 0xDE00, 0x62}; /* U+00A5 U+1F600 b */
    n = 4;
    m = sizeof buf;
    CHECK_EQ(wenc_encode_or_fail_from_utf16(&e, in2, &n, buf, &m, &cp), WENC_UNMAPPABLE,
             "U+00A5 U+1F600: error");
    CHECK_BYTES(buf, m, "\x1B(J\\", 4, "U+00A5 U+1F600: 1B 28 4A 5C (Roman state)");
    CHECK_EQ(cp, 0x1F600, "U+00A5 U+1F600: code point 0x1F600");
    CHECK_EQ(n, 3, "consumed A5 and the pair");
    rest = 1;
    m = sizeof buf;
    CHECK_EQ(wenc_encode_or_fail_from_utf16(&e, in2 + 3, &rest, buf, &m, &cp), WENC_OK,
             "then b: null");
    CHECK_BYTES(buf, m, "b\x1B(B", 4, "then b: 62 1B 28 42");

    /* The same through the _alloc form, with tiny steps. */
    uint8_t *out;
    CHECK_EQ(wenc_get_encoder(&e, WENC_ISO_2022_JP), WENC_OK, "again");
    n = 4;
    CHECK_EQ(wenc_encode_or_fail_from_utf16_alloc(&e, in2, &n, NULL, &out, &m, &cp),
             WENC_UNMAPPABLE, "alloc: U+00A5 U+1F600: error");
    CHECK_BYTES(out, m, "\x1B(J\\", 4, "alloc: 1B 28 4A 5C");
    CHECK_EQ(cp, 0x1F600, "alloc: 0x1F600");
    CHECK_EQ(n, 3, "alloc: 3 units consumed");
    wenc_free(NULL, out);
    rest = 1;
    CHECK_EQ(wenc_encode_or_fail_from_utf16_alloc(&e, in2 + 3, &rest, NULL, &out, &m, &cp),
             WENC_OK, "alloc: then b");
    CHECK_BYTES(out, m, "b\x1B(B", 4, "alloc: 62 1B 28 42");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_get_encoder(&e, WENC_ISO_2022_JP), WENC_OK, "again, UTF-8 input");
    const char *in3 = "\xC2\xA5\xF0\x9F\x98\x80" "b";
    n = strlen(in3);
    CHECK_EQ(wenc_encode_or_fail_from_utf8_alloc(&e, (const uint8_t *)in3, &n, NULL, &out, &m,
                                                 &cp),
             WENC_UNMAPPABLE, "alloc from UTF-8: error");
    CHECK_BYTES(out, m, "\x1B(J\\", 4, "alloc from UTF-8: 1B 28 4A 5C");
    CHECK_EQ(n, 6, "alloc from UTF-8: 6 bytes consumed");
    wenc_free(NULL, out);
    rest = strlen(in3) - n;
    CHECK_EQ(wenc_encode_or_fail_from_utf8_alloc(&e, (const uint8_t *)in3 + n, &rest, NULL, &out,
                                                 &m, NULL),
             WENC_OK, "alloc from UTF-8: then b");
    CHECK_BYTES(out, m, "b\x1B(B", 4, "alloc from UTF-8: 62 1B 28 42");
    wenc_free(NULL, out);

    /* The URL standard's loop ("percent-encode after encoding" without the
    ** percent-encoding): windows-1252, with 1-byte output buffers. */
    CHECK_EQ(wenc_get_encoder(&e, WENC_WINDOWS_1252), WENC_OK, "get an encoder: windows-1252");
    const char *url = "a\xE2\x82\xAC\xF0\x9F\x98\x80\xE2\x98\x83z"; /* a € 😀 ☃ z */
    const uint8_t *p = (const uint8_t *)url;
    size_t left = strlen(url), total = 0;
    char result[64];
    wenc_status st;
    do {
        uint8_t one[1];
        n = left;
        m = 1;
        st = wenc_encode_or_fail_from_utf8(&e, p, &n, one, &m, &cp);
        p += n;
        left -= n;
        memcpy(result + total, one, m);
        total += m;
        if (st == WENC_UNMAPPABLE)
            total += (size_t)snprintf(result + total, sizeof result - total, "&#%u;",
                                      (unsigned)cp);
    } while (st != WENC_OK);
    CHECK_BYTES(result, total, "a\x80&#128512;&#9731;z", 19,
                "encode or fail loop with 1-byte output = a 80 &#128512; &#9731; z");

    /* The same loop for ISO-2022-JP: the escape back to ASCII comes out
    ** before the error even through 1-byte buffers. */
    CHECK_EQ(wenc_get_encoder(&e, WENC_ISO_2022_JP), WENC_OK, "get an encoder: ISO-2022-JP");
    const char *jp = "\xE3\x81\x82\xF0\x9F\x98\x80\xC2\xA5\xF0\x9F\x98\x80" "b";
    p = (const uint8_t *)jp;
    left = strlen(jp);
    total = 0;
    do {
        uint8_t one[1];
        n = left;
        m = 1;
        st = wenc_encode_or_fail_from_utf8(&e, p, &n, one, &m, &cp);
        p += n;
        left -= n;
        memcpy(result + total, one, m);
        total += m;
        if (st == WENC_UNMAPPABLE)
            result[total++] = '?';
    } while (st != WENC_OK);
    CHECK_BYTES(result, total, "\x1B$B$\"\x1B(B?\x1B(J\\?b\x1B(B", 18,
                "ISO-2022-JP: U+3042 U+1F600 U+00A5 U+1F600 b, 1-byte output, '?' for errors");

    /* No encoder, bad input. */
    CHECK_EQ(wenc_get_encoder(&e, WENC_UTF_16LE), WENC_NO_ENCODER, "get an encoder: UTF-16LE");
    CHECK_EQ(wenc_get_encoder(&e, WENC_UTF_16BE), WENC_NO_ENCODER, "get an encoder: UTF-16BE");
    CHECK_EQ(wenc_get_encoder(&e, WENC_REPLACEMENT), WENC_NO_ENCODER,
             "get an encoder: replacement");
    CHECK_EQ(wenc_get_encoder(NULL, WENC_UTF_8), WENC_INVALID_ARGUMENT, "get an encoder(NULL)");
    CHECK_EQ(wenc_get_encoder(&e, no_encoding), WENC_INVALID_ARGUMENT, "get an encoder of none");
    wenc_get_encoder(&e, WENC_UTF_8);
    n = 3;
    m = sizeof buf;
    cp = 7;
    CHECK_EQ(wenc_encode_or_fail_from_utf8(&e, NULL, &n, buf, &m, &cp), WENC_INVALID_ARGUMENT,
             "encode or fail(NULL, 3)");
    CHECK_EQ(cp, 0, "invalid: code point 0");
    n = 0;
    m = 0;
    CHECK_EQ(wenc_encode_or_fail_from_utf8(&e, NULL, &n, NULL, &m, NULL), WENC_OK,
             "encode or fail of nothing into nothing");
    n = 1;
    CHECK_EQ(wenc_encode_or_fail_from_utf16_alloc(&e, NULL, &n, NULL, &out, &m, &cp),
             WENC_INVALID_ARGUMENT, "encode or fail alloc(NULL, 1)");
    CHECK_EQ(wenc_encode_or_fail_from_utf16_alloc(NULL, in2, &n, NULL, &out, &m, &cp),
             WENC_INVALID_ARGUMENT, "encode or fail alloc with no encoder");
    CHECK_EQ(wenc_encode_or_fail_from_utf8_alloc(&e, NULL, NULL, NULL, &out, &m, &cp),
             WENC_INVALID_ARGUMENT, "encode or fail alloc, SRC_LEN NULL");
}

/* ------------------------------------------------------------------------
** get a decoder, get an output encoding. */

static void test_get(void)
{
    wenc_decoder d;
    uint8_t out[16];
    size_t n, m;
    static const uint8_t a5[] = {0xA5};

    if (built_or_skip(WENC_ISO_8859_3, "get a decoder")) {
        CHECK_EQ(wenc_get_decoder(&d, WENC_ISO_8859_3, WENC_DECODER_FATAL), WENC_OK,
                 "get a decoder: ISO-8859-3, fatal");
        n = 1;
        m = sizeof out;
        CHECK_EQ(wenc_decoder_decode_to_utf8(&d, a5, &n, out, &m, true), WENC_MALFORMED,
                 "fatal ISO-8859-3 A5: error");
        CHECK_EQ(wenc_get_decoder(&d, WENC_ISO_8859_3, WENC_DECODER_REPLACEMENT), WENC_OK,
                 "get a decoder: replacement mode");
        n = 1;
        m = sizeof out;
        CHECK_EQ(wenc_decoder_decode_to_utf8(&d, a5, &n, out, &m, true), WENC_OK,
                 "A5: replaced");
        CHECK_BYTES(out, m, "\xEF\xBF\xBD", 3, "A5 = U+FFFD");
    }
    /* A decoder of the standard knows nothing of BOMs. */
    static const uint8_t bom[] = {0xEF, 0xBB, 0xBF};
    CHECK_EQ(wenc_get_decoder(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT), WENC_OK, "UTF-8");
    n = 3;
    m = sizeof out;
    wenc_decoder_decode_to_utf8(&d, bom, &n, out, &m, true);
    CHECK_BYTES(out, m, "\xEF\xBB\xBF", 3, "get a decoder: U+FEFF is kept");
    CHECK_EQ(wenc_get_decoder(&d, WENC_UTF_8, WENC_DECODER_BOM_SNIFF), WENC_INVALID_ARGUMENT,
             "get a decoder: a BOM flag is not an error mode");
    CHECK_EQ(wenc_get_decoder(&d, WENC_UTF_8, 7), WENC_INVALID_ARGUMENT,
             "get a decoder: unknown mode");
    CHECK_EQ(wenc_get_decoder(NULL, WENC_UTF_8, 0), WENC_INVALID_ARGUMENT,
             "get a decoder(NULL)");
    CHECK_EQ(wenc_get_decoder(&d, no_encoding, 0), WENC_INVALID_ARGUMENT,
             "get a decoder of none");

    CHECK(wenc_get_output_encoding(WENC_REPLACEMENT) == WENC_UTF_8, "output(replacement)");
    CHECK(wenc_get_output_encoding(WENC_UTF_16BE) == WENC_UTF_8, "output(UTF-16BE)");
    CHECK(wenc_get_output_encoding(WENC_UTF_16LE) == WENC_UTF_8, "output(UTF-16LE)");
    CHECK(wenc_get_output_encoding(WENC_SHIFT_JIS) == WENC_SHIFT_JIS, "output(Shift_JIS)");
    CHECK(wenc_get_output_encoding(WENC_X_USER_DEFINED) == WENC_X_USER_DEFINED,
          "output(x-user-defined)");
    CHECK(wenc_get_output_encoding(NULL) == NULL, "output(NULL)");
}

/* ------------------------------------------------------------------------
** One-shot calls on a decoder or encoder; allocation. */

static void test_instance_oneshots(void)
{
    if (!built_or_skip(WENC_WINDOWS_1252, "one-shots on an instance") ||
        !built_or_skip(WENC_ISO_8859_2, "one-shots on an instance") ||
        !built_or_skip(WENC_ISO_2022_JP, "one-shots on an instance"))
        return;
    wenc_decoder d;
    uint8_t *out;
    uint16_t *out16;
    size_t n, m;

    /* Chunk by chunk: state carries over. */
    wenc_get_decoder(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
    static const uint8_t grin[] = {0xF0, 0x9F, 0x98, 0x80};
    n = 2;
    CHECK_EQ(wenc_decoder_decode_to_utf16_alloc(&d, grin, &n, false, NULL, &out16, &m), WENC_OK,
             "instance: F0 9F, not last");
    CHECK(n == 2 && m == 0, "F0 9F: consumed, no output");
    wenc_free(NULL, out16);
    n = 2;
    CHECK_EQ(wenc_decoder_decode_to_utf16_alloc(&d, grin + 2, &n, true, NULL, &out16, &m),
             WENC_OK, "instance: 98 80, last");
    static const uint16_t e16[] = {0xD83D, 0xDE00};
    CHECK_U16(out16, m, e16, 2, "the pair comes out whole");
    wenc_free(NULL, out16);

    /* Listing every error. */
    wenc_get_decoder(&d, WENC_UTF_8, WENC_DECODER_FATAL);
    static const uint8_t errs[] = {0x41, 0xFF, 0x42, 0xC0, 0x43};
    const uint8_t *p = errs;
    size_t left = 5;
    unsigned errors = 0;
    char text[8];
    size_t tl = 0;
    uint64_t offsets[4];
    wenc_status st;
    do {
        n = left;
        st = wenc_decoder_decode_to_utf8_alloc(&d, p, &n, true, NULL, &out, &m);
        memcpy(text + tl, out, m);
        tl += m;
        wenc_free(NULL, out);
        if (st == WENC_MALFORMED && errors < 4)
            offsets[errors++] = wenc_decoder_error_offset(&d);
        p += n;
        left -= n;
    } while (st == WENC_MALFORMED);
    CHECK_EQ(st, WENC_OK, "error listing ends");
    CHECK_BYTES(text, tl, "ABC", 3, "text between the errors");
    CHECK_EQ(errors, 2, "two errors");
    CHECK(errors == 2 && offsets[0] == 1 && offsets[1] == 3, "at offsets 1 and 3");

    /* Encoders. */
    wenc_encoder e;
    wenc_get_encoder(&e, WENC_WINDOWS_1252);
    static const uint16_t u[] = {0x41, 0x20AC, 0x0100, 0x42};
    n = 4;
    CHECK_EQ(wenc_encoder_encode_from_utf16_alloc(&e, u, &n, true, NULL, &out, &m),
             WENC_UNMAPPABLE, "fatal encoder: U+0100");
    CHECK_BYTES(out, m, "A\x80", 2, "bytes before U+0100");
    CHECK_EQ(n, 3, "U+0100 consumed");
    wenc_free(NULL, out);
    n = 1;
    CHECK_EQ(wenc_encoder_encode_from_utf8_alloc(&e, (const uint8_t *)"B", &n, true, NULL, &out,
                                                 &m),
             WENC_OK, "then B");
    CHECK_BYTES(out, m, "B", 1, "B");
    wenc_free(NULL, out);

    /* Output larger than the one-pass scratch buffer: measured, then
    ** written into an exact allocation. */
    static uint8_t big[5000];
    memset(big, 0x80, sizeof big);
    test_alloc t;
    wenc_allocator a = test_allocator(&t, SIZE_MAX);
    CHECK_EQ(wenc_decode_to_utf8_alloc(big, sizeof big, WENC_WINDOWS_1252, &a, &out, &n, NULL),
             WENC_OK, "decode 5000 x 80 (windows-1252)");
    CHECK_EQ(n, 15000, "15000 bytes");
    CHECK_EQ(t.allocs, 1, "one allocation");
    CHECK_EQ(t.last_size, 15001, "of exactly the output and a zero");
    bool ok = n == 15000 && out[15000] == 0;
    for (size_t i = 0; ok && i < n; i += 3)
        ok = out[i] == 0xE2 && out[i + 1] == 0x82 && out[i + 2] == 0xAC;
    CHECK(ok, "all U+20AC");
    wenc_free(&a, out);
    CHECK_EQ(t.frees, 1, "freed with the allocator");
    CHECK_EQ(wenc_decode_to_utf16_alloc(big, sizeof big, WENC_WINDOWS_1252, &a, &out16, &n, NULL),
             WENC_OK, "decode 5000 x 80 to UTF-16");
    CHECK_EQ(t.last_size, 10002, "UTF-16: (5000 + 1) * 2 bytes");
    ok = n == 5000 && out16[5000] == 0;
    for (size_t i = 0; ok && i < n; i++)
        ok = out16[i] == 0x20AC;
    CHECK(ok, "UTF-16: all U+20AC");
    wenc_free(&a, out16);
    wenc_get_encoder(&e, WENC_ISO_8859_2);
    static uint16_t bigu[3000];
    for (size_t i = 0; i < 3000; i++)
        bigu[i] = 0x4E00; /* unmappable */
    n = 3000;
    CHECK_EQ(wenc_encode_from_utf16_alloc(bigu, n, WENC_ISO_8859_2, &a, &out, &m), WENC_OK,
             "encode 3000 x U+4E00 (html) into ISO-8859-2");
    CHECK_EQ(m, 3000 * 8, "24000 bytes of &#19968;");
    CHECK(m == 24000 && memcmp(out + 23992, "&#19968;", 8) == 0, "ends with &#19968;");
    CHECK_EQ(t.last_size, 24001, "exact allocation");
    wenc_free(&a, out);

    /* Allocation failure: a status, and the object is unchanged. */
    wenc_get_decoder(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
    a = test_allocator(&t, 0);
    n = 2;
    out = (uint8_t *)"x";
    CHECK_EQ(wenc_decoder_decode_to_utf8_alloc(&d, grin, &n, false, &a, &out, &m), WENC_NO_MEMORY,
             "allocation fails: WENC_NO_MEMORY");
    CHECK(out == NULL && m == 0 && n == 0, "no output, nothing consumed");
    CHECK_EQ(wenc_decoder_position(&d), 0, "decoder unchanged");
    CHECK_EQ(wenc_decode_to_utf8_alloc(big, sizeof big, WENC_WINDOWS_1252, &a, &out, &n, NULL),
             WENC_NO_MEMORY, "big output, allocation fails");
    CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(NULL, 0, &a, &out, &n), WENC_NO_MEMORY,
             "even an empty output is allocated (for its terminator)");
    CHECK_EQ(wenc_encode_from_utf8_alloc((const uint8_t *)"a", 1, WENC_UTF_8, &a, &out, &n),
             WENC_NO_MEMORY, "encode: allocation fails");
    CHECK_EQ(t.allocs, 0, "nothing was allocated");
    wenc_get_encoder(&e, WENC_ISO_2022_JP);
    n = 1;
    static const uint16_t yen[] = {0x00A5};
    CHECK_EQ(wenc_encode_or_fail_from_utf16_alloc(&e, yen, &n, &a, &out, &m, NULL),
             WENC_NO_MEMORY, "encode or fail: allocation fails");
    CHECK_EQ(wenc_encoder_position(&e), 0, "encoder unchanged");
    /* An allocator with a missing member counts as none. */
    wenc_allocator half = {test_alloc_alloc, NULL, &t};
    CHECK_EQ(wenc_utf8_decode_to_utf8_alloc(grin, 4, &half, &out, &n), WENC_OK,
             "incomplete allocator: malloc");
    wenc_free(&half, out);
    wenc_free(NULL, NULL);
    wenc_free(&a, NULL);
    CHECK_EQ(t.frees, 0, "wenc_free(NULL) calls nothing");

    /* Size overflow is WENC_TOO_LARGE (checked by the sizing helper: no
    ** test machine holds an input that large). */
    size_t bytes = 0;
    CHECK(!wenc__alloc_size(SIZE_MAX, 1, &bytes), "SIZE_MAX units + 1: too large");
    CHECK(!wenc__alloc_size(SIZE_MAX / 2, 2, &bytes), "SIZE_MAX / 2 UTF-16 units + 1: too large");
    CHECK(wenc__alloc_size(SIZE_MAX / 2 - 1, 2, &bytes) && bytes == SIZE_MAX - 1,
          "SIZE_MAX / 2 - 1 UTF-16 units + 1: fits");
    CHECK(wenc__alloc_size(10, 2, &bytes) && bytes == 22, "10 UTF-16 units: 22 bytes");
    CHECK(wenc__alloc_size(0, 1, &bytes) && bytes == 1, "empty: 1 byte");

    /* Bad input. */
    n = 1;
    CHECK_EQ(wenc_decoder_decode_to_utf8_alloc(NULL, grin, &n, true, NULL, &out, &m),
             WENC_INVALID_ARGUMENT, "decoder one-shot: D NULL");
    CHECK_EQ(wenc_decoder_decode_to_utf8_alloc(&d, grin, NULL, true, NULL, &out, &m),
             WENC_INVALID_ARGUMENT, "decoder one-shot: SRC_LEN NULL");
    CHECK_EQ(wenc_decoder_decode_to_utf16_alloc(&d, NULL, &n, true, NULL, &out16, &m),
             WENC_INVALID_ARGUMENT, "decoder one-shot: NULL, 1");
    CHECK(out16 == NULL && m == 0, "outputs cleared");
    CHECK_EQ(wenc_encoder_encode_from_utf8_alloc(&e, grin, &n, true, NULL, NULL, &m),
             WENC_INVALID_ARGUMENT, "encoder one-shot: OUT NULL");
    CHECK_EQ(wenc_encoder_encode_from_utf16_alloc(NULL, u, &n, true, NULL, &out, &m),
             WENC_INVALID_ARGUMENT, "encoder one-shot: E NULL");
    wenc_decoder never;
    memset(&never, 0, sizeof never);
    n = 0;
    CHECK_EQ(wenc_decoder_decode_to_utf8_alloc(&never, NULL, &n, true, NULL, &out, &m),
             WENC_INVALID_ARGUMENT, "decoder one-shot: decoder never set up");
}

int main(void)
{
    test_bom_sniff();
    test_decode_oneshot();
    test_decode_streaming();
    test_utf8_decode();
    test_encode();
    test_encode_or_fail();
    test_get();
    test_instance_oneshots();
    return check_done();
}
