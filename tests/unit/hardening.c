/* hardening.c -- every public function of wenc.h, decoder.h and encoder.h on
** the inputs a hostile or careless caller gives: NULL pointers with zero and
** non-zero lengths, objects never initialised, sizes near SIZE_MAX (the
** max-length functions must saturate, never wrap), status values outside
** the enum, and flags that do not exist.  Run it under the sanitizers and
** valgrind (.ci/run does): "no crash" is half of what it checks. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <wenc/wenc.h>

#include "check.h"
#include "built.h"

/* Two byte images of an object, to tell that a call left it untouched. */
#define SNAPSHOT(obj, copy) memcpy(&(copy), &(obj), sizeof(obj))
#define UNTOUCHED(obj, copy) (memcmp(&(obj), &(copy), sizeof(obj)) == 0)

static void test_version_and_status(void)
{
    CHECK(wenc_version() != NULL && strcmp(wenc_version(), WENC_VERSION_STRING) == 0,
          "wenc_version() is WENC_VERSION_STRING");
    /* Every status has a distinct name and a message. */
    for (int s = WENC_INPUT_EMPTY; s <= WENC_NOT_BUILT_IN; s++) {
        const char *name = wenc_status_name((wenc_status)s);
        const char *msg = wenc_status_message((wenc_status)s);
        CHECK(name != NULL && msg != NULL && strcmp(name, "UNKNOWN") != 0 &&
                  strcmp(msg, "unknown status") != 0,
              "status %d has a name (%s) and a message", s, name ? name : "(null)");
        for (int t = WENC_INPUT_EMPTY; t < s; t++)
            if (strcmp(wenc_status_name((wenc_status)t), name) == 0)
                CHECK(0, "statuses %d and %d share the name %s", t, s, name);
    }
    CHECK(strcmp(wenc_status_name(WENC_OK), "INPUT_EMPTY") == 0, "WENC_OK is INPUT_EMPTY");
    /* Values from outside the enum (a corrupted or future status). */
    static const long outside[] = {WENC_NOT_BUILT_IN + 1, 64, 255, 256, INT_MAX, -1, INT_MIN};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        wenc_status s = (wenc_status)outside[i];
        CHECK(strcmp(wenc_status_name(s), "UNKNOWN") == 0, "wenc_status_name(%ld) is UNKNOWN",
              outside[i]);
        CHECK(strcmp(wenc_status_message(s), "unknown status") == 0,
              "wenc_status_message(%ld) is \"unknown status\"", outside[i]);
    }
}

static void test_encodings(void)
{
    CHECK(wenc_encoding_for_label(NULL, 0) == NULL, "for_label(NULL, 0)");
    CHECK(wenc_encoding_for_label(NULL, 5) == NULL, "for_label(NULL, 5)");
    CHECK(wenc_encoding_for_label(NULL, SIZE_MAX) == NULL, "for_label(NULL, SIZE_MAX)");
    CHECK(wenc_encoding_for_label_no_replacement(NULL, 0) == NULL, "no_replacement(NULL, 0)");
    CHECK(wenc_encoding_for_label_no_replacement(NULL, 7) == NULL, "no_replacement(NULL, 7)");
    CHECK(wenc_encoding_for_label("utf-8", 0) == NULL, "for_label with length 0");
    /* A label longer than any, with a valid match as its prefix: only LEN
    ** bytes are read (the sanitizers see a read past the array). */
    static char longer[4096];
    memset(longer, 'a', sizeof longer);
    memcpy(longer, "utf-8", 5);
    CHECK(wenc_encoding_for_label(longer, sizeof longer) == NULL, "for_label, 4096 bytes");
    CHECK(wenc_encoding_for_label(longer, 5) == WENC_UTF_8, "for_label, the 5-byte prefix");
    static char spaces[4096];
    memset(spaces, ' ', sizeof spaces);
    memcpy(spaces + 2000, "utf8", 4);
    CHECK(wenc_encoding_for_label(spaces, sizeof spaces) == WENC_UTF_8,
          "for_label trims thousands of spaces");

    CHECK(wenc_encoding_name(NULL) == NULL, "name(NULL)");
    CHECK(wenc_encoding_lowercase_name(NULL) == NULL, "lowercase_name(NULL)");
    CHECK(wenc_encoding_output_encoding(NULL) == NULL, "output_encoding(NULL)");
    CHECK(!wenc_encoding_has_encoder(NULL), "has_encoder(NULL)");
    CHECK(!wenc_encoding_is_ascii_compatible(NULL), "is_ascii_compatible(NULL)");
    CHECK(!wenc_encoding_is_single_byte(NULL), "is_single_byte(NULL)");
    CHECK(wenc_encoding_label(NULL, 0) == NULL, "label(NULL, 0)");
    CHECK(wenc_encoding_label(NULL, SIZE_MAX) == NULL, "label(NULL, SIZE_MAX)");
    CHECK(wenc_encoding_at(WENC_ENCODING_COUNT) == NULL, "at(COUNT)");
    CHECK(wenc_encoding_at(SIZE_MAX) == NULL, "at(SIZE_MAX)");
    CHECK(wenc_encoding_at(SIZE_MAX / 2 + 1) == NULL, "at(SIZE_MAX / 2 + 1)");
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        CHECK(e != NULL && wenc_encoding_label(e, SIZE_MAX) == NULL &&
                  wenc_encoding_label(e, 0) != NULL,
              "labels of encoding %zu end, even at SIZE_MAX", i);
    }
}

/* ------------------------------------------------------------------------
** Decoders. */

typedef wenc_status (*decode_fn)(wenc_decoder *, const uint8_t *, size_t *, void *, size_t *,
                                 bool);

static wenc_status decode_utf8(wenc_decoder *d, const uint8_t *s, size_t *sl, void *o,
                               size_t *ol, bool last)
{
    return wenc_decoder_decode_to_utf8(d, s, sl, o, ol, last);
}

static wenc_status decode_utf16(wenc_decoder *d, const uint8_t *s, size_t *sl, void *o,
                                size_t *ol, bool last)
{
    return wenc_decoder_decode_to_utf16(d, s, sl, o, ol, last);
}

static wenc_status decode_utf32(wenc_decoder *d, const uint8_t *s, size_t *sl, void *o,
                                size_t *ol, bool last)
{
    return wenc_decoder_decode_to_utf32(d, s, sl, o, ol, last);
}

static const decode_fn decoders[3] = {decode_utf8, decode_utf16, decode_utf32};
static const char *const form_names[3] = {"utf8", "utf16", "utf32"};

static void test_decoder_arguments(void)
{
    wenc_decoder d, copy;
    uint32_t out[64];
    const uint8_t in[] = "abc";

    /* init: NULL object, NULL encoding, unknown flags, both BOM modes. */
    CHECK_EQ(wenc_decoder_init(NULL, WENC_UTF_8, 0), WENC_INVALID_ARGUMENT, "init(NULL, ...)");
    memset(&d, 0x5A, sizeof d);
    SNAPSHOT(d, copy);
    CHECK_EQ(wenc_decoder_init(&d, NULL, 0), WENC_INVALID_ARGUMENT, "init(d, NULL, 0)");
    CHECK(UNTOUCHED(d, copy), "init(d, NULL) leaves d untouched");
    static const unsigned bad_flags[] = {
        8, 16, 0x80, 0x100, 0x80000000u, UINT_MAX,
        WENC_DECODER_BOM_SNIFF | WENC_DECODER_BOM_STRIP,
        WENC_DECODER_FATAL | WENC_DECODER_BOM_SNIFF | WENC_DECODER_BOM_STRIP,
        WENC_DECODER_FATAL | 8,
    };
    for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        CHECK_EQ(wenc_decoder_init(&d, WENC_UTF_8, bad_flags[i]), WENC_INVALID_ARGUMENT,
                 "decoder init with invalid flags");
        CHECK(UNTOUCHED(d, copy), "invalid flags 0x%x leave d untouched", bad_flags[i]);
    }
    static const unsigned good_flags[] = {
        0, WENC_DECODER_FATAL, WENC_DECODER_BOM_SNIFF, WENC_DECODER_BOM_STRIP,
        WENC_DECODER_FATAL | WENC_DECODER_BOM_SNIFF, WENC_DECODER_FATAL | WENC_DECODER_BOM_STRIP,
    };
    for (size_t i = 0; i < sizeof good_flags / sizeof good_flags[0]; i++)
        CHECK_EQ(wenc_decoder_init(&d, WENC_UTF_8, good_flags[i]), WENC_OK, "init, valid flags");

    /* The accessors and reset on NULL. */
    wenc_decoder_reset(NULL);
    CHECK(wenc_decoder_encoding(NULL) == NULL, "decoder_encoding(NULL)");
    CHECK_EQ(wenc_decoder_position(NULL), 0, "decoder_position(NULL)");
    CHECK_EQ(wenc_decoder_error_offset(NULL), 0, "decoder_error_offset(NULL)");
    CHECK_EQ(wenc_decoder_error_length(NULL), 0, "decoder_error_length(NULL)");
    CHECK_EQ(wenc_decoder_max_utf8_length(NULL, 10), 0, "max_utf8_length(NULL)");
    CHECK_EQ(wenc_decoder_max_utf16_length(NULL, SIZE_MAX), 0, "max_utf16_length(NULL)");
    CHECK_EQ(wenc_decoder_max_utf32_length(NULL, 0), 0, "max_utf32_length(NULL)");

    for (int f = 0; f < 3; f++) {
        decode_fn fn = decoders[f];
        const char *fname = form_names[f];
        size_t sl, ol;
        wenc_decoder_init(&d, WENC_UTF_8, 0);
        SNAPSHOT(d, copy);

        /* NULL object. */
        sl = 3, ol = 8;
        CHECK_EQ(fn(NULL, in, &sl, out, &ol, true), WENC_INVALID_ARGUMENT, "NULL decoder");
        CHECK(sl == 0 && ol == 0, "%s: NULL decoder: nothing consumed or written", fname);
        /* NULL length pointers: the other one is zeroed. */
        ol = 8;
        CHECK_EQ(fn(&d, in, NULL, out, &ol, true), WENC_INVALID_ARGUMENT, "src_len NULL");
        CHECK(ol == 0 && UNTOUCHED(d, copy), "%s: src_len NULL: nothing written", fname);
        sl = 3;
        CHECK_EQ(fn(&d, in, &sl, out, NULL, true), WENC_INVALID_ARGUMENT, "dst_len NULL");
        CHECK(sl == 0 && UNTOUCHED(d, copy), "%s: dst_len NULL: nothing consumed", fname);
        CHECK_EQ(fn(&d, in, NULL, out, NULL, true), WENC_INVALID_ARGUMENT, "both NULL");
        /* NULL buffers with non-zero lengths. */
        sl = 3, ol = 8;
        CHECK_EQ(fn(&d, NULL, &sl, out, &ol, true), WENC_INVALID_ARGUMENT, "src NULL, len 3");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(d, copy), "%s: src NULL: d untouched", fname);
        sl = 3, ol = 8;
        CHECK_EQ(fn(&d, in, &sl, NULL, &ol, true), WENC_INVALID_ARGUMENT, "dst NULL, len 8");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(d, copy), "%s: dst NULL: d untouched", fname);
        sl = SIZE_MAX, ol = SIZE_MAX;
        CHECK_EQ(fn(&d, NULL, &sl, NULL, &ol, true), WENC_INVALID_ARGUMENT,
                 "NULL buffers, SIZE_MAX lengths");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(d, copy), "%s: SIZE_MAX lengths", fname);
        /* A decoder never initialised (all zero). */
        wenc_decoder z;
        memset(&z, 0, sizeof z);
        sl = 3, ol = 8;
        CHECK_EQ(fn(&z, in, &sl, out, &ol, true), WENC_INVALID_ARGUMENT, "zeroed decoder");
        CHECK(sl == 0 && ol == 0, "%s: zeroed decoder: nothing done", fname);
        wenc_decoder_reset(&z);
        CHECK(wenc_decoder_encoding(&z) == NULL, "%s: zeroed decoder has no encoding", fname);

        /* After all that, the decoder still works. */
        sl = 3, ol = 8;
        CHECK_EQ(fn(&d, in, &sl, out, &ol, true), WENC_INPUT_EMPTY, "decoder still works");
        CHECK(sl == 3 && ol == 3, "%s: abc decodes to 3 units", fname);
    }
}

/* NULL buffers with zero lengths are valid for every decoder. */
static void test_decoder_empty(void)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (!built_or_skip(e, "empty stream"))
            continue;
        for (int f = 0; f < 3; f++) {
            for (unsigned flags = 0; flags <= WENC_DECODER_BOM_STRIP; flags++) {
                if ((flags & 6) == 6)
                    continue;
                wenc_decoder d;
                wenc_decoder_init(&d, e, flags);
                size_t sl = 0, ol = 0;
                wenc_status s1 = decoders[f](&d, NULL, &sl, NULL, &ol, false);
                size_t sl2 = 0, ol2 = 0;
                wenc_status s2 = decoders[f](&d, NULL, &sl2, NULL, &ol2, true);
                if (s1 != WENC_INPUT_EMPTY || s2 != WENC_INPUT_EMPTY || sl || ol || sl2 ||
                    ol2 || wenc_decoder_position(&d) != 0)
                    CHECK(0, "%s %s flags %u: empty stream with NULL buffers gives %s, %s",
                          wenc_encoding_name(e), form_names[f], flags, wenc_status_name(s1),
                          wenc_status_name(s2));
            }
        }
    }
    CHECK(1, "every decoder, form and flag set: an empty stream of NULL buffers is fine");

    /* Input but no room (dst NULL, length 0): no output, nothing lost. */
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (!built_or_skip(e, "no room"))
            continue;
        const uint8_t in[] = {0x41, 0x42, 0x80, 0xA4, 0x40};
        wenc_decoder d, ref;
        uint32_t want[16], got[80];
        size_t wn = 16, sl = sizeof in;
        wenc_decoder_init(&ref, e, 0);
        wenc_decoder_decode_to_utf32(&ref, in, &sl, want, &wn, true);
        wenc_decoder_init(&d, e, 0);
        size_t pos = 0, gn = 0;
        for (int k = 0; k < 64; k++) {
            size_t a = sizeof in - pos, zero = 0;
            wenc_status st = wenc_decoder_decode_to_utf32(&d, a ? in + pos : NULL, &a, NULL,
                                                          &zero, true);
            pos += a;
            if (zero != 0)
                CHECK(0, "%s: wrote into a NULL buffer", wenc_encoding_name(e));
            size_t b = sizeof in - pos, room = 1;
            st = wenc_decoder_decode_to_utf32(&d, b ? in + pos : NULL, &b, got + gn, &room,
                                              true);
            pos += b;
            gn += room;
            if (st == WENC_INPUT_EMPTY)
                break;
        }
        if (gn != wn || memcmp(got, want, gn * sizeof got[0]) != 0)
            CHECK(0, "%s: zero-room calls lose or change output", wenc_encoding_name(e));
    }
    CHECK(1, "every decoder: calls with no room in between lose nothing");
}

/* Saturating arithmetic: F(n) never wraps, grows with n, and is at least
** the least a correct bound must be (MIN_PER units per input unit). */
static size_t mul_sat(size_t a, size_t b)
{
    return b != 0 && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

static const size_t huge[] = {
    0, 1, 1000, SIZE_MAX / 16, SIZE_MAX / 13 - 1, SIZE_MAX / 13, SIZE_MAX / 13 + 1,
    SIZE_MAX / 4, SIZE_MAX / 3 - 4, SIZE_MAX / 3 - 1, SIZE_MAX / 3, SIZE_MAX / 3 + 1,
    SIZE_MAX / 2, SIZE_MAX - 16, SIZE_MAX - 3, SIZE_MAX - 2, SIZE_MAX - 1, SIZE_MAX,
};
#define HUGE_COUNT (sizeof huge / sizeof huge[0])

static void check_bound(const char *what, size_t (*f)(const void *, size_t), const void *obj,
                        size_t min_per)
{
    size_t prev = 0;
    bool ok = true;
    for (size_t i = 0; i < HUGE_COUNT; i++) {
        size_t n = huge[i], r = f(obj, n);
        if (r < prev || r < mul_sat(n, min_per)) {
            CHECK(0, "%s(%zu) = %zu: wrapped or too small (previous %zu)", what, n, r, prev);
            ok = false;
        }
        prev = r;
    }
    CHECK(ok && f(obj, SIZE_MAX) == SIZE_MAX, "%s saturates at SIZE_MAX", what);
}

static size_t dmax8(const void *d, size_t n)
{
    return wenc_decoder_max_utf8_length(d, n);
}

static size_t dmax16(const void *d, size_t n)
{
    return wenc_decoder_max_utf16_length(d, n);
}

static size_t dmax32(const void *d, size_t n)
{
    return wenc_decoder_max_utf32_length(d, n);
}

static void test_decoder_sizes(void)
{
    wenc_decoder d;
    /* One byte can give U+FFFD: 3 UTF-8 bytes, 1 UTF-16 unit, 1 code point. */
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    check_bound("UTF-8 decoder max_utf8_length", dmax8, &d, 3);
    check_bound("UTF-8 decoder max_utf16_length", dmax16, &d, 1);
    check_bound("UTF-8 decoder max_utf32_length", dmax32, &d, 1);
    /* A decoder holding output (Big5 88 62 gives two code points; a 1-byte
    ** buffer keeps most of them) and a partial sequence. */
    if (built_or_skip(WENC_BIG5, "decoder with pending output")) {
        wenc_decoder_init(&d, WENC_BIG5, 0);
        uint8_t in[] = {0x88, 0x62, 0xA4}, out[1];
        size_t sl = sizeof in, ol = sizeof out;
        wenc_decoder_decode_to_utf8(&d, in, &sl, out, &ol, false);
        check_bound("Big5 decoder with pending output, max_utf8_length", dmax8, &d, 3);
        check_bound("Big5 decoder with pending output, max_utf16_length", dmax16, &d, 1);
        check_bound("Big5 decoder with pending output, max_utf32_length", dmax32, &d, 1);
    }
    if (built_or_skip(WENC_GB18030, "decoder sniffing a BOM")) {
        wenc_decoder_init(&d, WENC_GB18030, WENC_DECODER_BOM_SNIFF);
        uint8_t gb[] = {0xEF, 0xBB};
        size_t sl = sizeof gb, ol = 0;
        wenc_decoder_decode_to_utf8(&d, gb, &sl, NULL, &ol, false);
        check_bound("gb18030 decoder sniffing a BOM, max_utf8_length", dmax8, &d, 3);
    }
}

/* ------------------------------------------------------------------------
** Encoders. */

static void test_encoder_arguments(void)
{
    if (!built_or_skip(WENC_WINDOWS_1252, "encoder arguments"))
        return;
    wenc_encoder e, copy;
    uint8_t out[64];
    const uint8_t in8[] = "abc";
    const uint16_t in16[] = {'a', 'b', 'c'};
    const uint32_t in32[] = {'a', 'b', 'c'};

    CHECK_EQ(wenc_encoder_init(NULL, WENC_UTF_8, 0), WENC_INVALID_ARGUMENT, "init(NULL, ...)");
    memset(&e, 0x5A, sizeof e);
    SNAPSHOT(e, copy);
    CHECK_EQ(wenc_encoder_init(&e, NULL, 0), WENC_INVALID_ARGUMENT, "encoder init(e, NULL)");
    CHECK(UNTOUCHED(e, copy), "encoder init(e, NULL) leaves e untouched");
    static const unsigned bad_flags[] = {2, 3, 4, 0x80, 0x80000000u, UINT_MAX};
    for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        CHECK_EQ(wenc_encoder_init(&e, WENC_UTF_8, bad_flags[i]), WENC_INVALID_ARGUMENT,
                 "encoder init with invalid flags");
        CHECK(UNTOUCHED(e, copy), "encoder flags 0x%x leave e untouched", bad_flags[i]);
    }
    const wenc_encoding *none[] = {WENC_REPLACEMENT, WENC_UTF_16BE, WENC_UTF_16LE};
    for (size_t i = 0; i < 3; i++) {
        CHECK_EQ(wenc_encoder_init(&e, none[i], 0), WENC_NO_ENCODER, "no encoder");
        CHECK(UNTOUCHED(e, copy), "%s: NO_ENCODER leaves e untouched",
              wenc_encoding_name(none[i]));
        /* Invalid flags win over the missing encoder? Either is an error. */
        CHECK(wenc_encoder_init(&e, none[i], 7) != WENC_OK, "no encoder, invalid flags");
    }
    CHECK_EQ(wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_FATAL), WENC_OK, "fatal");
    CHECK_EQ(wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_HTML), WENC_OK, "html");

    wenc_encoder_reset(NULL);
    CHECK(wenc_encoder_encoding(NULL) == NULL, "encoder_encoding(NULL)");
    CHECK_EQ(wenc_encoder_position(NULL), 0, "encoder_position(NULL)");
    CHECK_EQ(wenc_encoder_error_code_point(NULL), 0, "encoder_error_code_point(NULL)");
    CHECK_EQ(wenc_encoder_error_offset(NULL), 0, "encoder_error_offset(NULL)");
    CHECK_EQ(wenc_encoder_replacement_count(NULL), 0, "encoder_replacement_count(NULL)");
    CHECK_EQ(wenc_encoder_max_length_from_utf8(NULL, 5), 0, "max_length_from_utf8(NULL)");
    CHECK_EQ(wenc_encoder_max_length_from_utf16(NULL, SIZE_MAX), 0, "from_utf16(NULL)");
    CHECK_EQ(wenc_encoder_max_length_from_utf32(NULL, 0), 0, "from_utf32(NULL)");

    /* A never-initialised (zeroed) encoder: refused, never dereferenced. */
    wenc_encoder z;
    memset(&z, 0, sizeof z);
    CHECK_EQ(wenc_encoder_max_length_from_utf8(&z, 5), 0, "max_length of a zeroed encoder");
    CHECK_EQ(wenc_encoder_max_length_from_utf16(&z, 5), 0, "max_length of a zeroed encoder");
    CHECK_EQ(wenc_encoder_max_length_from_utf32(&z, 5), 0, "max_length of a zeroed encoder");
    wenc_encoder_reset(&z);
    CHECK(wenc_encoder_encoding(&z) == NULL, "zeroed encoder has no encoding");

    for (int f = 0; f < 3; f++) {
        const void *in = f == 0 ? (const void *)in8 : f == 1 ? (const void *)in16 : in32;
#define ENC(obj, src, sl, dst, dl)                                                        \
    (f == 0   ? wenc_encoder_encode_from_utf8(obj, src, sl, dst, dl, true)                \
     : f == 1 ? wenc_encoder_encode_from_utf16(obj, src, sl, dst, dl, true)               \
              : wenc_encoder_encode_from_utf32(obj, src, sl, dst, dl, true))
        const char *fname = form_names[f];
        size_t sl, ol;
        wenc_encoder_init(&e, WENC_WINDOWS_1252, 0);
        SNAPSHOT(e, copy);
        sl = 3, ol = 8;
        CHECK_EQ(ENC(NULL, in, &sl, out, &ol), WENC_INVALID_ARGUMENT, "NULL encoder");
        CHECK(sl == 0 && ol == 0, "%s: NULL encoder: nothing consumed or written", fname);
        ol = 8;
        CHECK_EQ(ENC(&e, in, NULL, out, &ol), WENC_INVALID_ARGUMENT, "src_len NULL");
        CHECK(ol == 0 && UNTOUCHED(e, copy), "%s: src_len NULL", fname);
        sl = 3;
        CHECK_EQ(ENC(&e, in, &sl, out, NULL), WENC_INVALID_ARGUMENT, "dst_len NULL");
        CHECK(sl == 0 && UNTOUCHED(e, copy), "%s: dst_len NULL", fname);
        sl = 3, ol = 8;
        CHECK_EQ(ENC(&e, NULL, &sl, out, &ol), WENC_INVALID_ARGUMENT, "src NULL, len 3");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(e, copy), "%s: src NULL: e untouched", fname);
        sl = 3, ol = 8;
        CHECK_EQ(ENC(&e, in, &sl, NULL, &ol), WENC_INVALID_ARGUMENT, "dst NULL, len 8");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(e, copy), "%s: dst NULL: e untouched", fname);
        sl = SIZE_MAX, ol = SIZE_MAX;
        CHECK_EQ(ENC(&e, NULL, &sl, NULL, &ol), WENC_INVALID_ARGUMENT, "SIZE_MAX lengths");
        CHECK(sl == 0 && ol == 0 && UNTOUCHED(e, copy), "%s: SIZE_MAX lengths", fname);
        sl = 3, ol = 8;
        CHECK_EQ(ENC(&z, in, &sl, out, &ol), WENC_INVALID_ARGUMENT, "zeroed encoder");
        CHECK(sl == 0 && ol == 0, "%s: zeroed encoder: nothing done", fname);
        sl = 3, ol = 8;
        CHECK_EQ(ENC(&e, in, &sl, out, &ol), WENC_INPUT_EMPTY, "encoder still works");
        CHECK_EQ(sl, 3, "all of abc consumed");
        CHECK_BYTES(out, ol, "abc", 3, "abc encodes to abc");
#undef ENC
    }
}

static void test_encoder_empty(void)
{
    bool ok = true;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (!wenc_encoding_has_encoder(enc) || !built_or_skip(enc, "encoder"))
            continue;
        for (unsigned flags = 0; flags <= WENC_ENCODER_HTML; flags++) {
            wenc_encoder e;
            wenc_encoder_init(&e, enc, flags);
            size_t sl = 0, ol = 0;
            wenc_status a = wenc_encoder_encode_from_utf8(&e, NULL, &sl, NULL, &ol, false);
            wenc_status b = wenc_encoder_encode_from_utf16(&e, NULL, &sl, NULL, &ol, false);
            wenc_status c = wenc_encoder_encode_from_utf32(&e, NULL, &sl, NULL, &ol, true);
            if (a != WENC_INPUT_EMPTY || b != WENC_INPUT_EMPTY || c != WENC_INPUT_EMPTY ||
                sl != 0 || ol != 0) {
                CHECK(0, "%s: empty input with NULL buffers", wenc_encoding_name(enc));
                ok = false;
            }
        }
    }
    CHECK(ok, "every encoder: an empty stream of NULL buffers is fine");
}

static size_t emax8(const void *e, size_t n)
{
    return wenc_encoder_max_length_from_utf8(e, n);
}

static size_t emax16(const void *e, size_t n)
{
    return wenc_encoder_max_length_from_utf16(e, n);
}

static size_t emax32(const void *e, size_t n)
{
    return wenc_encoder_max_length_from_utf32(e, n);
}

static void test_encoder_sizes(void)
{
    wenc_encoder e;
    /* From UTF-32, a code point can take 4 UTF-8 bytes; in html mode a
    ** windows-1252 code point can take "&#1114111;", 10 bytes. */
    wenc_encoder_init(&e, WENC_UTF_8, 0);
    check_bound("UTF-8 encoder from_utf8", emax8, &e, 1);
    check_bound("UTF-8 encoder from_utf16", emax16, &e, 1);
    check_bound("UTF-8 encoder from_utf32", emax32, &e, 4);
    if (built_or_skip(WENC_ISO_2022_JP, "html encoder sizes")) {
        wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_HTML);
        check_bound("ISO-2022-JP html encoder from_utf32", emax32, &e, 10);
    }
    if (!built_or_skip(WENC_WINDOWS_1252, "html encoder sizes"))
        return;
    wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_HTML);
    check_bound("windows-1252 html encoder from_utf32", emax32, &e, 10);
    /* Holding output: a long NCR into a 1-byte buffer. */
    wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_HTML);
    const uint32_t cp[] = {0x10FFFF};
    uint8_t out[1];
    size_t sl = 1, ol = 1;
    wenc_encoder_encode_from_utf32(&e, cp, &sl, out, &ol, false);
    check_bound("windows-1252 html encoder with pending output", emax32, &e, 10);
}

int main(void)
{
    test_version_and_status();
    test_encodings();
    test_decoder_arguments();
    test_decoder_empty();
    test_decoder_sizes();
    test_encoder_arguments();
    test_encoder_empty();
    test_encoder_sizes();
    return check_done();
}
