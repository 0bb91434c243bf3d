/* text_encoder.c -- unit tests of TextEncoder (encode, encodeInto) and
** TextEncoderStream in wenc/text.h.  Expected values are typed from the
** standard and SPEC-DELTA.md (e): the inputs are built from items whose
** UTF-16 units and UTF-8 bytes are written out by hand, and encodeInto's
** expected result for a destination of N bytes follows the standard's
** rule on them (whole items while their bytes fit). */
#include <stdint.h>

#include "check.h"
#include "test_alloc.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One scalar value of the input as the source has it, and its bytes. */
typedef struct item {
    uint16_t units[2];
    size_t unit_count;
    const char *bytes;
} item;

#define A_ {{0x61}, 1, "a"}                               /* 1 byte  */
#define YU {{0x00FF}, 1, "\xC3\xBF"}                      /* 2 bytes */
#define EURO {{0x20AC}, 1, "\xE2\x82\xAC"}                /* 3 bytes */
#define GRIN {{0xD83D, 0xDE00}, 2, "\xF0\x9F\x98\x80"}    /* 4 bytes */
#define MAXCP {{0xDBFF, 0xDFFF}, 2, "\xF4\x8F\xBF\xBF"}   /* U+10FFFF */
#define LEAD {{0xD800}, 1, "\xEF\xBF\xBD"}                /* lone leading */
#define TRAIL {{0xDC00}, 1, "\xEF\xBF\xBD"}               /* lone trailing */
#define NUL_ {{0x0000}, 1, "\0"}

typedef struct input {
    const char *desc;
    item items[12];
    size_t count;
} input;

#define ITEMS(...) {__VA_ARGS__}, sizeof((item[]){__VA_ARGS__}) / sizeof(item)

/* Lone surrogates are kept apart from anything they could pair with. */
static const input inputs[] = {
    {"SPEC-DELTA: a U+00FF U+1F600", ITEMS(A_, YU, GRIN)},
    {"SPEC-DELTA: lone D800", ITEMS(LEAD)},
    {"ASCII", ITEMS(A_, A_, A_, NUL_, A_)},
    {"2-byte", ITEMS(YU, YU, YU)},
    {"3-byte", ITEMS(EURO, EURO, EURO)},
    {"4-byte", ITEMS(GRIN, MAXCP, GRIN)},
    {"mixed with lone surrogates",
     ITEMS(A_, LEAD, YU, TRAIL, EURO, GRIN, LEAD, A_, TRAIL, LEAD, MAXCP, LEAD)},
    {"lone trailing then leading (no pair)", ITEMS(TRAIL, LEAD)},
    {"two leading then a pair", ITEMS(LEAD, GRIN)},
};

/* The input's units and its full UTF-8 form. */
static void build(const input *in, uint16_t *units, size_t *unit_len, uint8_t *bytes,
                  size_t *byte_len)
{
    *unit_len = *byte_len = 0;
    for (size_t i = 0; i < in->count; i++) {
        const item *it = &in->items[i];
        for (size_t k = 0; k < it->unit_count; k++)
            units[(*unit_len)++] = it->units[k];
        size_t n = it->bytes[0] == 0 ? 1 : strlen(it->bytes);
        memcpy(bytes + *byte_len, it->bytes, n);
        *byte_len += n;
    }
}

static void test_encode(void)
{
    CHECK(strcmp(wenc_text_encoder_encoding_name(), "utf-8") == 0, "encoding is utf-8");
    for (size_t i = 0; i < LEN(inputs); i++) {
        uint16_t src[32];
        uint8_t want[64], got[64];
        size_t n, wn, m;
        build(&inputs[i], src, &n, want, &wn);
        CHECK_EQ(wenc_text_encoder_encoded_length(src, n), wn, inputs[i].desc);
        m = sizeof got;
        CHECK_EQ(wenc_text_encoder_encode(src, n, got, &m), WENC_OK, inputs[i].desc);
        CHECK_BYTES(got, m, want, wn, inputs[i].desc);
        uint8_t *out;
        test_alloc t;
        wenc_allocator a = test_allocator(&t, SIZE_MAX);
        CHECK_EQ(wenc_text_encoder_encode_alloc(src, n, &a, &out, &m), WENC_OK, inputs[i].desc);
        CHECK_BYTES(out, m, want, wn, inputs[i].desc);
        CHECK(t.last_size == wn + 1 && out[m] == 0, "%s: exact allocation, terminated",
              inputs[i].desc);
        wenc_free(&a, out);
        /* Too small: nothing written, the size needed reported. */
        memset(got, 0xAA, sizeof got);
        m = wn - 1;
        CHECK_EQ(wenc_text_encoder_encode(src, n, got, &m), WENC_OUTPUT_FULL, inputs[i].desc);
        CHECK(m == wn && got[0] == 0xAA, "%s: too small: size %zu needed, nothing written",
              inputs[i].desc, wn);
    }

    /* Streams of code units end a pair only within the input. */
    static const uint16_t split[] = {0xD83D};
    uint8_t got[8];
    size_t m = sizeof got;
    CHECK_EQ(wenc_text_encoder_encode(split, 1, got, &m), WENC_OK, "encode(D83D)");
    CHECK_BYTES(got, m, "\xEF\xBF\xBD", 3, "encode: a lone surrogate is EF BF BD");

    /* Empty and bad input. */
    m = 0;
    CHECK_EQ(wenc_text_encoder_encode(NULL, 0, NULL, &m), WENC_OK, "encode(empty) into nothing");
    CHECK_EQ(m, 0, "0 bytes");
    CHECK_EQ(wenc_text_encoder_encoded_length(NULL, 0), 0, "length of nothing");
    CHECK_EQ(wenc_text_encoder_encoded_length(NULL, 4), 0, "length of NULL, 4: 0");
    m = 8;
    CHECK_EQ(wenc_text_encoder_encode(NULL, 2, got, &m), WENC_INVALID_ARGUMENT, "encode(NULL, 2)");
    CHECK_EQ(m, 0, "invalid: 0 written");
    m = 8;
    CHECK_EQ(wenc_text_encoder_encode(split, 1, NULL, &m), WENC_INVALID_ARGUMENT,
             "encode into NULL, 8");
    CHECK_EQ(wenc_text_encoder_encode(split, 1, got, NULL), WENC_INVALID_ARGUMENT,
             "encode, DST_LEN NULL");
    m = 0;
    CHECK_EQ(wenc_text_encoder_encode(split, 1, NULL, &m), WENC_OUTPUT_FULL,
             "encode into nothing: the size needed");
    CHECK_EQ(m, 3, "3 bytes needed");
    uint8_t *out = got;
    CHECK_EQ(wenc_text_encoder_encode_alloc(NULL, 0, NULL, &out, &m), WENC_OK, "encode_alloc(empty)");
    CHECK(out != NULL && m == 0 && out[0] == 0, "an empty string");
    wenc_free(NULL, out);
    CHECK_EQ(wenc_text_encoder_encode_alloc(NULL, 1, NULL, &out, &m), WENC_INVALID_ARGUMENT,
             "encode_alloc(NULL, 1)");
    CHECK(out == NULL && m == 0, "invalid: outputs cleared");
    CHECK_EQ(wenc_text_encoder_encode_alloc(split, 1, NULL, NULL, &m), WENC_INVALID_ARGUMENT,
             "encode_alloc, OUT NULL");
    test_alloc t;
    wenc_allocator fail = test_allocator(&t, 0);
    CHECK_EQ(wenc_text_encoder_encode_alloc(split, 1, &fail, &out, &m), WENC_NO_MEMORY,
             "encode_alloc: allocation fails");
    CHECK(out == NULL && m == 0, "no memory: no output");
}

/* encodeInto with every destination size from 0 to the full length (and
** one more). */
static void test_encode_into(void)
{
    /* SPEC-DELTA (e), typed. */
    static const uint16_t s1[] = {0x61, 0x00FF, 0xD83D, 0xDE00};
    uint8_t dst[16];
    size_t r, w;
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, dst, 4, &r, &w), WENC_OUTPUT_FULL,
             "encodeInto(a U+00FF U+1F600, 4)");
    CHECK(r == 2 && w == 3, "size 4: read 2, written 3");
    CHECK_BYTES(dst, w, "a\xC3\xBF", 3, "size 4: 61 C3 BF");
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, dst, 7, &r, &w), WENC_OK,
             "encodeInto(a U+00FF U+1F600, 7)");
    CHECK(r == 4 && w == 7, "size 7: read 4, written 7");
    CHECK_BYTES(dst, w, "a\xC3\xBF\xF0\x9F\x98\x80", 7, "size 7: 61 C3 BF F0 9F 98 80");
    static const uint16_t s2[] = {0xD800};
    CHECK_EQ(wenc_text_encoder_encode_into(s2, 1, dst, 3, &r, &w), WENC_OK, "lone D800, size 3");
    CHECK(r == 1 && w == 3, "read 1, written 3");
    CHECK_BYTES(dst, w, "\xEF\xBF\xBD", 3, "EF BF BD");
    CHECK_EQ(wenc_text_encoder_encode_into(s2, 1, dst, 2, &r, &w), WENC_OUTPUT_FULL,
             "lone D800, size 2");
    CHECK(r == 0 && w == 0, "read 0, written 0");

    for (size_t i = 0; i < LEN(inputs); i++) {
        const input *in = &inputs[i];
        uint16_t src[32];
        uint8_t full[64];
        size_t n, fn;
        build(in, src, &n, full, &fn);
        for (size_t size = 0; size <= fn + 1; size++) {
            /* The standard: whole items while their bytes fit. */
            size_t er = 0, ew = 0;
            for (size_t k = 0; k < in->count; k++) {
                size_t b = in->items[k].bytes[0] == 0 ? 1 : strlen(in->items[k].bytes);
                if (size - ew < b)
                    break;
                er += in->items[k].unit_count;
                ew += b;
            }
            uint8_t buf[80];
            memset(buf, 0xAA, sizeof buf);
            wenc_status st = wenc_text_encoder_encode_into(src, n, buf, size, &r, &w);
            bool untouched = true;
            for (size_t k = w; k < sizeof buf; k++)
                untouched = untouched && buf[k] == 0xAA;
            CHECK(st == (er == n ? WENC_OK : WENC_OUTPUT_FULL) && r == er && w == ew &&
                      memcmp(buf, full, ew) == 0 && untouched,
                  "encodeInto(%s, %zu): read %zu, written %zu (got %zu, %zu)", in->desc, size,
                  er, ew, r, w);
        }
    }

    /* Bad input. */
    r = w = 9;
    CHECK_EQ(wenc_text_encoder_encode_into(NULL, 1, dst, 4, &r, &w), WENC_INVALID_ARGUMENT,
             "encodeInto(NULL, 1)");
    CHECK(r == 0 && w == 0, "invalid: 0 read, 0 written");
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, NULL, 4, &r, &w), WENC_INVALID_ARGUMENT,
             "encodeInto into NULL, 4");
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, dst, 4, NULL, &w), WENC_INVALID_ARGUMENT,
             "encodeInto, READ NULL");
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, dst, 4, &r, NULL), WENC_INVALID_ARGUMENT,
             "encodeInto, WRITTEN NULL");
    CHECK_EQ(wenc_text_encoder_encode_into(s1, 4, NULL, 0, &r, &w), WENC_OUTPUT_FULL,
             "encodeInto into nothing");
    CHECK(r == 0 && w == 0, "nothing read");
    CHECK_EQ(wenc_text_encoder_encode_into(NULL, 0, NULL, 0, &r, &w), WENC_OK,
             "encodeInto of nothing");
}

/* ------------------------------------------------------------------------
** TextEncoderStream (SPEC-DELTA (e) table). */

typedef struct stream_case {
    const char *desc;
    uint16_t chunks[3][3];
    size_t chunk_len[3];
    size_t chunk_count;
    const char *out; /* output chunks separated by '|' */
} stream_case;

static const stream_case stream_cases[] = {
    {"[D83D], [DE00]", {{0xD83D}, {0xDE00}}, {1, 1}, 2, "\xF0\x9F\x98\x80"},
    {"[a D83D], [b]", {{0x61, 0xD83D}, {0x62}}, {2, 1}, 2, "a|\xEF\xBF\xBD" "b"},
    {"[D83D], close", {{0xD83D}}, {1}, 1, "\xEF\xBF\xBD"},
    {"[DE00]", {{0xDE00}}, {1}, 1, "\xEF\xBF\xBD"},
    {"[D83D], [D83D], [DE00]", {{0xD83D}, {0xD83D}, {0xDE00}}, {1, 1, 1}, 3,
     "\xEF\xBF\xBD|\xF0\x9F\x98\x80"},
    {"[], [a], []", {{0}, {0x61}, {0}}, {0, 1, 0}, 3, "a"},
    {"[D83D DE00 D83D], [DE00 b]", {{0xD83D, 0xDE00, 0xD83D}, {0xDE00, 0x62}}, {3, 2}, 2,
     "\xF0\x9F\x98\x80|\xF0\x9F\x98\x80" "b"},
};

/* Encodes the case's chunks then flushes, with output buffers of ROOM bytes
** (0: the max-length helper, which must never give WENC_OUTPUT_FULL); each
** chunk's non-empty output is an output chunk. */
static bool run_stream_case(const stream_case *c, size_t room, char *out, size_t *out_len)
{
    wenc_text_encoder_stream s;
    bool ok = wenc_text_encoder_stream_init(&s) == WENC_OK;
    *out_len = 0;
    for (size_t i = 0; i <= c->chunk_count; i++) {
        bool flush = i == c->chunk_count;
        const uint16_t *p = flush ? NULL : c->chunks[i];
        size_t left = flush ? 0 : c->chunk_len[i];
        uint8_t chunk[32];
        size_t got = 0;
        wenc_status st;
        do {
            size_t r = room != 0 ? room : wenc_text_encoder_stream_max_length(&s, left);
            if (r > sizeof chunk - got)
                r = sizeof chunk - got;
            size_t n = left;
            st = flush ? wenc_text_encoder_stream_flush(&s, chunk + got, &r)
                       : wenc_text_encoder_stream_encode(&s, p, &n, chunk + got, &r);
            got += r;
            if (!flush) {
                p += n;
                left -= n;
            }
            if (room == 0 && st == WENC_OUTPUT_FULL)
                ok = false;
        } while (st == WENC_OUTPUT_FULL);
        ok = ok && st == WENC_OK;
        if (got != 0) {
            if (*out_len != 0)
                out[(*out_len)++] = '|';
            memcpy(out + *out_len, chunk, got);
            *out_len += got;
        }
    }
    return ok;
}

static void test_stream(void)
{
    static const size_t rooms[] = {0, 1, 2, 3, 5};
    for (size_t i = 0; i < LEN(stream_cases); i++) {
        for (size_t k = 0; k < LEN(rooms); k++) {
            char out[64];
            size_t n;
            bool ok = run_stream_case(&stream_cases[i], rooms[k], out, &n);
            CHECK(ok && n == strlen(stream_cases[i].out) &&
                      memcmp(out, stream_cases[i].out, n) == 0,
                  "TextEncoderStream %s [room %zu]", stream_cases[i].desc, rooms[k]);
        }
    }

    /* After a flush the stream starts again. */
    wenc_text_encoder_stream s;
    wenc_text_encoder_stream_init(&s);
    static const uint16_t lead[] = {0xD83D};
    uint8_t buf[8];
    size_t n = 1, m = sizeof buf;
    wenc_text_encoder_stream_encode(&s, lead, &n, buf, &m);
    m = sizeof buf;
    CHECK_EQ(wenc_text_encoder_stream_flush(&s, buf, &m), WENC_OK, "flush");
    CHECK_BYTES(buf, m, "\xEF\xBF\xBD", 3, "flush: EF BF BD");
    m = sizeof buf;
    CHECK_EQ(wenc_text_encoder_stream_flush(&s, buf, &m), WENC_OK, "second flush");
    CHECK_EQ(m, 0, "nothing held any more");

    /* A zero-size output buffer: full, then the same bytes with room. */
    static const uint16_t euro[] = {0x20AC};
    n = 1;
    m = 0;
    CHECK_EQ(wenc_text_encoder_stream_encode(&s, euro, &n, NULL, &m), WENC_OUTPUT_FULL,
             "zero-size output: full");
    CHECK_EQ(m, 0, "nothing written");
    size_t rest = 1 - n;
    m = sizeof buf;
    CHECK_EQ(wenc_text_encoder_stream_encode(&s, euro + n, &rest, buf, &m), WENC_OK,
             "then with room");
    CHECK_BYTES(buf, m, "\xE2\x82\xAC", 3, "U+20AC comes out whole");

    /* Bad input. */
    CHECK_EQ(wenc_text_encoder_stream_init(NULL), WENC_INVALID_ARGUMENT, "init(NULL)");
    n = 1;
    m = sizeof buf;
    CHECK_EQ(wenc_text_encoder_stream_encode(NULL, lead, &n, buf, &m), WENC_INVALID_ARGUMENT,
             "encode(NULL stream)");
    n = 1;
    m = sizeof buf;
    CHECK_EQ(wenc_text_encoder_stream_encode(&s, NULL, &n, buf, &m), WENC_INVALID_ARGUMENT,
             "encode(NULL, 1)");
    n = 1;
    m = 4;
    CHECK_EQ(wenc_text_encoder_stream_encode(&s, lead, &n, NULL, &m), WENC_INVALID_ARGUMENT,
             "encode into NULL, 4");
    CHECK_EQ(wenc_text_encoder_stream_encode(&s, lead, NULL, buf, &m), WENC_INVALID_ARGUMENT,
             "encode, SRC_LEN NULL");
    m = 4;
    CHECK_EQ(wenc_text_encoder_stream_flush(NULL, buf, &m), WENC_INVALID_ARGUMENT,
             "flush(NULL)");
    CHECK_EQ(wenc_text_encoder_stream_flush(&s, buf, NULL), WENC_INVALID_ARGUMENT,
             "flush, DST_LEN NULL");
    CHECK_EQ(wenc_text_encoder_stream_max_length(NULL, 3), 0, "max length of NULL");
    CHECK(wenc_text_encoder_stream_max_length(&s, 3) >= 9, "max length of 3 units >= 9");
}

int main(void)
{
    test_encode();
    test_encode_into();
    test_stream();
    return check_done();
}
