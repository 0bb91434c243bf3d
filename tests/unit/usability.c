/* usability.c -- issue 28's library half by hand: replacement and
** unmappable accounting on typed-in vectors (expected counts and offsets
** worked out from the standard's decoder and encoder steps), the status
** names for a call's result, the deprecated output-encoding alias, and the
** C-string conveniences with NULL.  tests/stream/accounting.c checks the
** accounting against the fatal modes on random input. */
#include <wenc/wenc.h>

#include "check.h"
#include "built.h"

typedef struct {
    const char *label;
    const char *bytes;
    size_t len;
    uint64_t count, first;
} dvec;

/* Decodes in replacement mode in one call with a large buffer. */
static void decode_vectors(void)
{
    static const dvec v[] = {
        /* Issue 28's example: FF is no Shift_JIS byte (error at 1); 82 is a
        ** lead byte cut by the end of the queue (error at 3). */
        {"shift_jis", "\x61\xFF\x62\x82", 4, 2, 1},
        {"shift_jis", "abc", 3, 0, 0},
        {"shift_jis", "", 0, 0, 0},
        /* UTF-8: C0 (error, 1 byte) at 2; E2 82 then 41: the maximal
        ** subpart E2 82 is one error at 4, 41 is read again. */
        {"utf-8", "ab\xC0" "c\xE2\x82" "A", 7, 2, 2},
        /* A BOM then an error: the offset counts the BOM's bytes. */
        {"utf-8", "\xEF\xBB\xBF\xFF", 4, 1, 3},
        /* UTF-16LE: a lone trailing surrogate (00 DC) at 2, then an odd
        ** byte at the end (error at 4). */
        {"utf-16le", "\x41\x00\x00\xDC\x42", 5, 2, 2},
        /* ISO-2022-JP, ASCII state: 0E (at 1) and 80 (at 3) are errors. */
        {"iso-2022-jp", "\x41\x0E\x42\x80", 4, 2, 1},
        /* EUC-KR: A1 then 20 (no trail byte): error at 0, 20 read again;
        ** FF is no lead byte (error at 2). */
        {"euc-kr", "\xA1\x20\xFF", 3, 2, 0},
        /* windows-1253: AA is unmapped in its index. */
        {"windows-1253", "a\xAA", 2, 1, 1},
        /* gb18030: 81 30 81 then 41: error at 0, 30 81 41 read again (0x30
        ** is ASCII, 81 41 is a two-byte code point). */
        {"gb18030", "\x81\x30\x81\x41", 4, 1, 0},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        const wenc_encoding *enc = wenc_encoding_for_label_cstr(v[i].label);
        if (!built_or_skip(enc, v[i].label))
            continue;
        wenc_decoder d;
        uint8_t out[64];
        size_t sl = v[i].len, dl = sizeof out;
        wenc_decoder_init(&d, enc, WENC_DECODER_REPLACEMENT);
        wenc_status st = wenc_decoder_decode_to_utf8(&d, (const uint8_t *)v[i].bytes, &sl, out,
                                                     &dl, true);
        CHECK(st == WENC_OK && wenc_decoder_replacement_count(&d) == v[i].count &&
                  wenc_decoder_first_replacement_offset(&d) == v[i].first,
              "%s vector %zu: %" PRIu64 " replaced (want %" PRIu64 "), first at %" PRIu64
              " (want %" PRIu64 ")",
              v[i].label, i, wenc_decoder_replacement_count(&d),
              v[i].count, wenc_decoder_first_replacement_offset(&d), v[i].first);
        /* The fatal error getters keep saying nothing in replacement mode. */
        CHECK(wenc_decoder_error_offset(&d) == 0 && wenc_decoder_error_length(&d) == 0,
              "%s vector %zu: no fatal error reported", v[i].label, i);
        wenc_decoder_reset(&d);
        CHECK(wenc_decoder_replacement_count(&d) == 0 &&
                  wenc_decoder_first_replacement_offset(&d) == 0,
              "%s vector %zu: reset clears the count", v[i].label, i);
    }

    /* Fatal mode counts nothing; its error getters are as before. */
    wenc_decoder d;
    uint8_t out[16];
    size_t sl = 4, dl = sizeof out;
    if (built_or_skip(WENC_SHIFT_JIS, "fatal Shift_JIS")) {
        wenc_decoder_init(&d, WENC_SHIFT_JIS, WENC_DECODER_FATAL);
        wenc_status st =
            wenc_decoder_decode_to_utf8(&d, (const uint8_t *)"\x61\xFF\x62\x82", &sl, out, &dl, true);
        CHECK(st == WENC_MALFORMED && wenc_decoder_error_offset(&d) == 1 &&
                  wenc_decoder_error_length(&d) == 1 && wenc_decoder_replacement_count(&d) == 0 &&
                  wenc_decoder_first_replacement_offset(&d) == 0,
              "fatal Shift_JIS: error at 1 length 1, replacement count 0");
    }

    /* A replaced error whose U+FFFD waits for room is counted already. */
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
    sl = 2;
    dl = 1;
    wenc_status st = wenc_decoder_decode_to_utf8(&d, (const uint8_t *)"\xFF\xFF", &sl, out, &dl,
                                                 true);
    CHECK(st == WENC_OUTPUT_FULL && wenc_decoder_replacement_count(&d) == 1,
          "U+FFFD pending: counted once (%" PRIu64 ")", wenc_decoder_replacement_count(&d));
    CHECK(wenc_decoder_replacement_count(NULL) == 0 &&
              wenc_decoder_first_replacement_offset(NULL) == 0,
          "decoder getters on NULL: 0");

    /* TextDecoder: each call without stream starts a new count; the short
    ** path (UTF-8, one call) counts from the start of the call, past its
    ** ASCII prefix. */
    wenc_text_decoder td;
    CHECK(wenc_text_decoder_init_cstr(&td, NULL, 0, NULL) == WENC_OK &&
              wenc_text_decoder_encoding(&td) == WENC_UTF_8,
          "TextDecoder init from NULL C string: utf-8");
    sl = 4;
    dl = sizeof out;
    st = wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"ab\xFF" "c", &sl, out, &dl, false);
    CHECK(st == WENC_OK && wenc_text_decoder_replacement_count(&td) == 1 &&
              wenc_text_decoder_first_replacement_offset(&td) == 2,
          "TextDecoder short call: 1 replaced at 2 (got %" PRIu64 " at %" PRIu64 ")",
          wenc_text_decoder_replacement_count(&td), wenc_text_decoder_first_replacement_offset(&td));
    sl = 1;
    dl = sizeof out;
    wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"a", &sl, out, &dl, false);
    CHECK(wenc_text_decoder_replacement_count(&td) == 0,
          "TextDecoder: a new call without stream starts a new count");
    sl = 2;
    dl = sizeof out;
    wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"\xE2\x82", &sl, out, &dl, true);
    sl = 2;
    dl = sizeof out;
    wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"x\xFF", &sl, out, &dl, false);
    CHECK(wenc_text_decoder_replacement_count(&td) == 2 &&
              wenc_text_decoder_first_replacement_offset(&td) == 0,
          "TextDecoder stream: E2 82 | x FF is 2 errors, the first at 0");
    wenc_text_decoder_destroy(&td);
    CHECK(wenc_text_decoder_init_cstr(&td, "utf-8", WENC_TEXT_DECODER_FATAL, NULL) == WENC_OK,
          "TextDecoder fatal from C string");
    sl = 1;
    dl = sizeof out;
    st = wenc_text_decoder_decode_to_utf8(&td, (const uint8_t *)"\xFF", &sl, out, &dl, false);
    CHECK(st == WENC_MALFORMED && wenc_text_decoder_replacement_count(&td) == 0 &&
              wenc_text_decoder_error_offset(&td) == 0 && wenc_text_decoder_error_length(&td) == 1,
          "TextDecoder fatal: error reported as before, count 0");
    wenc_text_decoder_destroy(&td);
    CHECK(wenc_text_decoder_replacement_count(NULL) == 0 &&
              wenc_text_decoder_first_replacement_offset(NULL) == 0,
          "TextDecoder getters on NULL: 0");
}

/* Encoders in html mode. */
static void encode_vectors(void)
{
    uint8_t out[64];
    wenc_encoder e;
    /* windows-1252, UTF-8 input "a" U+4E00 "b" U+1F600: U+4E00 at byte 1
    ** and U+1F600 at byte 5 are unmappable. */
    if (built_or_skip(WENC_WINDOWS_1252, "windows-1252 html")) {
        const char *in = "a\xE4\xB8\x80" "b\xF0\x9F\x98\x80";
        size_t sl = 9, dl = sizeof out;
        wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_HTML);
        wenc_status st = wenc_encoder_encode_from_utf8(&e, (const uint8_t *)in, &sl, out, &dl, true);
        CHECK(st == WENC_OK && dl == 19 && memcmp(out, "a&#19968;b&#128512;", 19) == 0 &&
                  wenc_encoder_unmappable_count(&e) == 2 &&
                  wenc_encoder_first_unmappable_offset(&e) == 1 &&
                  wenc_encoder_replacement_count(&e) == 0,
              "windows-1252 html: 2 unmappable, the first at 1, nothing replaced");
        CHECK(wenc_encoder_error_offset(&e) == 0 && wenc_encoder_error_code_point(&e) == 0,
              "windows-1252 html: no fatal error reported");
        /* Ill-formed input (FF) is a replacement; U+FFFD is then unmappable
        ** too, at offset 0. */
        wenc_encoder_reset(&e);
        CHECK(wenc_encoder_unmappable_count(&e) == 0, "reset clears the count");
        sl = 2;
        dl = sizeof out;
        st = wenc_encoder_encode_from_utf8(&e, (const uint8_t *)"\xFF" "a", &sl, out, &dl, true);
        CHECK(st == WENC_OK && dl == 9 && memcmp(out, "&#65533;a", 9) == 0 &&
                  wenc_encoder_replacement_count(&e) == 1 &&
                  wenc_encoder_unmappable_count(&e) == 1 &&
                  wenc_encoder_first_unmappable_offset(&e) == 0,
              "windows-1252 html: FF is replaced and its U+FFFD unmappable");
        /* A reference waiting for room is counted already. */
        wenc_encoder_reset(&e);
        uint16_t u16[] = {0x41, 0x4E00};
        sl = 2;
        dl = 3;
        st = wenc_encoder_encode_from_utf16(&e, u16, &sl, out, &dl, true);
        CHECK(st == WENC_OUTPUT_FULL && wenc_encoder_unmappable_count(&e) == 1 &&
                  wenc_encoder_first_unmappable_offset(&e) == 1,
              "windows-1252 html from UTF-16: pending reference counted, at unit 1");
        /* Fatal mode: stops, counts nothing. */
        wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_FATAL);
        sl = 9;
        dl = sizeof out;
        st = wenc_encoder_encode_from_utf8(&e, (const uint8_t *)in, &sl, out, &dl, true);
        CHECK(st == WENC_UNMAPPABLE && wenc_encoder_error_code_point(&e) == 0x4E00 &&
                  wenc_encoder_error_offset(&e) == 1 && wenc_encoder_unmappable_count(&e) == 0 &&
                  wenc_encoder_first_unmappable_offset(&e) == 0,
              "windows-1252 fatal: stops at U+4E00 (offset 1), count 0");
    }
    /* ISO-2022-JP: U+000E is an error reported as U+FFFD (encoder step 3). */
    if (built_or_skip(WENC_ISO_2022_JP, "ISO-2022-JP html")) {
        uint32_t u32[] = {0x41, 0x0E, 0x3042, 0x20AC};
        size_t sl = 4, dl = sizeof out;
        wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_HTML);
        wenc_status st = wenc_encoder_encode_from_utf32(&e, u32, &sl, out, &dl, true);
        CHECK(st == WENC_OK && wenc_encoder_unmappable_count(&e) == 2 &&
                  wenc_encoder_first_unmappable_offset(&e) == 1,
              "ISO-2022-JP html: U+000E and U+20AC unmappable, the first at 1");
    }
    CHECK(wenc_encoder_unmappable_count(NULL) == 0 &&
              wenc_encoder_first_unmappable_offset(NULL) == 0,
          "encoder getters on NULL: 0");
}

static void names(void)
{
    /* The streaming name is unchanged; the result name reads success. */
    CHECK(strcmp(wenc_status_name(WENC_OK), "INPUT_EMPTY") == 0 && WENC_OK == WENC_INPUT_EMPTY,
          "wenc_status_name(WENC_OK) is still INPUT_EMPTY");
    CHECK(strcmp(wenc_status_result_name(WENC_OK), "OK") == 0 &&
              strcmp(wenc_status_result_name(WENC_INPUT_EMPTY), "OK") == 0 &&
              strcmp(wenc_status_result_message(WENC_OK), "success") == 0,
          "result name and message of 0: OK, success");
    for (int s = 1; s <= WENC_NOT_BUILT_IN + 2; s++)
        CHECK(strcmp(wenc_status_result_name((wenc_status)s), wenc_status_name((wenc_status)s)) == 0 &&
                  strcmp(wenc_status_result_message((wenc_status)s),
                         wenc_status_message((wenc_status)s)) == 0,
              "result name of %d is its name (%s)", s, wenc_status_result_name((wenc_status)s));
    CHECK(strcmp(wenc_status_result_name((wenc_status)-1), "UNKNOWN") == 0,
          "result name of -1: UNKNOWN");

    /* One output-encoding concept: the deprecated alias answers the same. */
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        CHECK(wenc_get_output_encoding(e) == wenc_encoding_output_encoding(e),
              "alias agrees for %s", wenc_encoding_name(e));
    }

    /* Label lookup from a C string. */
    CHECK(wenc_encoding_for_label_cstr(" Shift_JIS\n") == WENC_SHIFT_JIS,
          "C string label with whitespace");
    CHECK(wenc_encoding_for_label_cstr("latin1") == WENC_WINDOWS_1252, "latin1");
    CHECK(wenc_encoding_for_label_cstr(NULL) == NULL, "NULL label: NULL");
    CHECK(wenc_encoding_for_label_cstr("") == NULL, "empty label: NULL");
    CHECK(wenc_encoding_for_label_cstr("utf-8x") == NULL, "unknown label: NULL");
    CHECK(wenc_encoding_for_label_cstr("iso-2022-kr") == WENC_REPLACEMENT,
          "replacement's label");
    wenc_text_decoder td;
    CHECK(wenc_text_decoder_init_cstr(&td, "iso-2022-kr", 0, NULL) == WENC_REPLACEMENT_LABEL,
          "TextDecoder from C string: replacement label refused");
    CHECK(wenc_text_decoder_init_cstr(&td, "nope", 0, NULL) == WENC_UNKNOWN_LABEL,
          "TextDecoder from C string: unknown label");
    CHECK(wenc_text_decoder_init_cstr(&td, "", 0, NULL) == WENC_UNKNOWN_LABEL,
          "TextDecoder from C string: empty label names nothing");
    CHECK(wenc_text_decoder_init_cstr(NULL, "utf-8", 0, NULL) == WENC_INVALID_ARGUMENT,
          "TextDecoder from C string: NULL td");
    CHECK(wenc_text_decoder_init_cstr(&td, "utf-8", 8, NULL) == WENC_INVALID_ARGUMENT,
          "TextDecoder from C string: unknown option");
    CHECK(wenc_text_decoder_init_cstr(&td, " UTF-16le ", WENC_TEXT_DECODER_IGNORE_BOM, NULL) ==
                  WENC_OK &&
              wenc_text_decoder_encoding(&td) == WENC_UTF_16LE && wenc_text_decoder_ignore_bom(&td),
          "TextDecoder from C string: utf-16le, ignoreBOM");
    wenc_text_decoder_destroy(&td);
}

int main(void)
{
    decode_vectors();
    encode_vectors();
    names();
    return check_done();
}
