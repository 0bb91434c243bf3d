/* encodings_built.c -- the -Dencodings option (docs/guide.md, "Building only
** some encodings"): which encodings are built in, that every label still
** resolves, and that every way of creating a decoder or encoder for an
** encoding left out returns WENC_NOT_BUILT_IN with no output and no usable
** object, while the built ones work.
**
** The expected set comes from meson.build, not from the library: the
** arguments are the names of the encodings the configuration built
** (tools/select-encodings.py, the mandatory ones included).  In the default
** build that is all of them and the test checks that nothing is refused. */
#include <wenc/wenc.h>

#include "check.h"

static int argc_;
static char **argv_;

static bool expected_built(const wenc_encoding *e)
{
    for (int i = 1; i < argc_; i++)
        if (strcmp(argv_[i], wenc_encoding_name(e)) == 0)
            return true;
    return false;
}

/* Labels: every label of every encoding resolves to it, built or not, in
** any ASCII case and with whitespace around it. */
static void labels(const wenc_encoding *e)
{
    const char *label;
    size_t n = 0, ok = 0;
    for (size_t j = 0; (label = wenc_encoding_label(e, j)) != NULL; j++) {
        char buf[64];
        size_t len = strlen(label);
        n++;
        if (wenc_encoding_for_label(label, len) != e)
            continue;
        snprintf(buf, sizeof buf, " \t%s\n", label);
        for (char *p = buf; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
        if (wenc_encoding_for_label(buf, strlen(buf)) == e)
            ok++;
    }
    CHECK(n > 0 && ok == n, "%s: all %zu labels resolve to it (%zu did)", wenc_encoding_name(e),
          n, ok);
}

/* An encoding that is built in: every constructor works. */
static void built(const wenc_encoding *e)
{
    const char *name = wenc_encoding_name(e);
    wenc_decoder d;
    CHECK_EQ(wenc_decoder_init(&d, e, 0), WENC_OK, name);
    if (wenc_encoding_has_encoder(e)) {
        wenc_encoder en;
        CHECK_EQ(wenc_encoder_init(&en, e, WENC_ENCODER_HTML), WENC_OK, name);
    }
    if (e != WENC_REPLACEMENT) {
        wenc_text_decoder td;
        const char *label = wenc_encoding_label(e, 0);
        CHECK_EQ(wenc_text_decoder_init(&td, label, strlen(label), 0, NULL), WENC_OK, label);
        wenc_text_decoder_destroy(&td);
    }
}

/* An encoding left out: each way in says WENC_NOT_BUILT_IN, with no output
** and no object that decodes or encodes. */
static void left_out(const wenc_encoding *e)
{
    const char *name = wenc_encoding_name(e);
    char desc[160];
    const uint8_t in[] = {'a', 0x82, 0xA0, 'b'};
    uint8_t out8[64];
    size_t n, m;

    /* The streaming decoder: refused, and the object refuses every call. */
    for (unsigned flags = 0; flags <= WENC_DECODER_BOM_SNIFF; flags += WENC_DECODER_BOM_SNIFF) {
        wenc_decoder d;
        memset(&d, 0xA5, sizeof d);
        snprintf(desc, sizeof desc, "%s: wenc_decoder_init%s", name,
                 flags ? " (BOM sniff)" : "");
        CHECK_EQ(wenc_decoder_init(&d, e, flags), WENC_NOT_BUILT_IN, desc);
        n = sizeof in, m = sizeof out8;
        wenc_status st = wenc_decoder_decode_to_utf8(&d, in, &n, out8, &m, true);
        CHECK(st == WENC_INVALID_ARGUMENT && n == 0 && m == 0,
              "%s: then decoding is WENC_INVALID_ARGUMENT, nothing consumed or written (%s)",
              name, wenc_status_name(st));
    }
    wenc_decoder d;
    CHECK_EQ(wenc_get_decoder(&d, e, WENC_DECODER_FATAL), WENC_NOT_BUILT_IN, "get a decoder");
    CHECK_EQ(wenc_decode_init(&d, e), WENC_NOT_BUILT_IN, "decode (streaming)");

    /* The one-shot "decode": no output, not even for a BOM input. */
    const uint8_t bom[] = {0xEF, 0xBB, 0xBF, 'a'};
    uint8_t *o8 = (uint8_t *)"x";
    uint16_t *o16 = (uint16_t *)"x";
    const wenc_encoding *used = WENC_UTF_8;
    size_t len = 7;
    snprintf(desc, sizeof desc, "%s: wenc_decode_to_utf8_alloc", name);
    CHECK_EQ(wenc_decode_to_utf8_alloc(bom, sizeof bom, e, NULL, &o8, &len, &used),
             WENC_NOT_BUILT_IN, desc);
    CHECK(o8 == NULL && used == NULL, "  no output, no encoding used");
    snprintf(desc, sizeof desc, "%s: wenc_decode_to_utf16_alloc", name);
    CHECK_EQ(wenc_decode_to_utf16_alloc(in, sizeof in, e, NULL, &o16, &len, &used),
             WENC_NOT_BUILT_IN, desc);
    CHECK(o16 == NULL, "  no output");

    /* Encoders, for the encodings that have one. */
    if (wenc_encoding_has_encoder(e)) {
        wenc_encoder en;
        snprintf(desc, sizeof desc, "%s: wenc_encoder_init", name);
        CHECK_EQ(wenc_encoder_init(&en, e, WENC_ENCODER_FATAL), WENC_NOT_BUILT_IN, desc);
        n = 2, m = sizeof out8;
        wenc_status st = wenc_encoder_encode_from_utf8(&en, in, &n, out8, &m, true);
        CHECK(st == WENC_INVALID_ARGUMENT && n == 0 && m == 0,
              "%s: then encoding is WENC_INVALID_ARGUMENT (%s)", name, wenc_status_name(st));
        CHECK_EQ(wenc_get_encoder(&en, e), WENC_NOT_BUILT_IN, "get an encoder");
        CHECK_EQ(wenc_encode_init(&en, e), WENC_NOT_BUILT_IN, "encode (streaming)");
        o8 = (uint8_t *)"x";
        CHECK_EQ(wenc_encode_from_utf8_alloc((const uint8_t *)"ab", 2, e, NULL, &o8, &len),
                 WENC_NOT_BUILT_IN, "encode from UTF-8, one-shot");
        CHECK(o8 == NULL, "  no output");
        const uint16_t u[] = {'a', 'b'};
        o8 = (uint8_t *)"x";
        CHECK_EQ(wenc_encode_from_utf16_alloc(u, 2, e, NULL, &o8, &len), WENC_NOT_BUILT_IN,
                 "encode from UTF-16, one-shot");
        CHECK(o8 == NULL, "  no output");
    }

    /* TextDecoder, by every label (the replacement encoding is always
    ** built in, so these are never its labels). */
    const char *label;
    for (size_t j = 0; (label = wenc_encoding_label(e, j)) != NULL; j++) {
        wenc_text_decoder td;
        snprintf(desc, sizeof desc, "new TextDecoder(\"%s\")", label);
        CHECK_EQ(wenc_text_decoder_init(&td, label, strlen(label), 0, NULL), WENC_NOT_BUILT_IN,
                 desc);
    }
    wenc_text_decoder td, *tdp = (wenc_text_decoder *)&td;
    CHECK_EQ(wenc_text_decoder_init_with_encoding(&td, e, WENC_TEXT_DECODER_FATAL, NULL),
             WENC_NOT_BUILT_IN, "wenc_text_decoder_init_with_encoding");
    label = wenc_encoding_label(e, 0);
    CHECK_EQ(wenc_text_decoder_new(label, strlen(label), 0, NULL, &tdp), WENC_NOT_BUILT_IN,
             "wenc_text_decoder_new");
    CHECK(tdp == NULL, "  no text decoder");

    /* Sniffing still names the encoding (the standard's answer; a <meta>
    ** naming x-user-defined gives windows-1252); decoding with it is what
    ** is refused. */
    char doc[200];
    int dl = snprintf(doc, sizeof doc, "<meta charset=\"%s\">", label);
    wenc_html_sniff_result r;
    CHECK(wenc_html_sniff((const uint8_t *)doc, (size_t)dl, NULL, &r) == WENC_OK &&
              (r.encoding == e || e == WENC_X_USER_DEFINED),
          "HTML sniffing of <meta charset=%s> still names %s", label, name);
    dl = snprintf(doc, sizeof doc, "<?xml version=\"1.0\" encoding=\"%s\"?><a/>", label);
    used = NULL;
    o8 = (uint8_t *)"x";
    wenc_status st = wenc_xml_decode_to_utf8_alloc((const uint8_t *)doc, (size_t)dl, NULL, &o8,
                                                   &len, &used, NULL);
    if (wenc_xml_detect_encoding((const uint8_t *)doc, (size_t)dl, NULL, NULL) == e) {
        CHECK(st == WENC_NOT_BUILT_IN && o8 == NULL && used == e,
              "XML declaring %s: WENC_NOT_BUILT_IN, *used is it, no output (%s)", label,
              wenc_status_name(st));
    }
    const wenc_encoding *next = NULL;
    CHECK(wenc_html_change_encoding(WENC_UTF_8, e, (const uint8_t *)"abc", 3, &next) ==
                  WENC_HTML_CHANGE_RESTART ||
              e == WENC_X_USER_DEFINED,
          "changing the encoding from UTF-8 to %s: restart (no comparison possible)", name);
}

int main(int argc, char **argv)
{
    argc_ = argc;
    argv_ = argv;
    CHECK(argc > 1, "meson.build passes the names of the encodings built");
    CHECK(strcmp(wenc_status_name(WENC_NOT_BUILT_IN), "NOT_BUILT_IN") == 0 &&
              strcmp(wenc_status_message(WENC_NOT_BUILT_IN), "unknown status") != 0,
          "WENC_NOT_BUILT_IN has a name and a message");
    /* The mandatory encodings are built in whatever was configured. */
    const wenc_encoding *mandatory[] = {WENC_UTF_8, WENC_UTF_16BE, WENC_UTF_16LE,
                                        WENC_REPLACEMENT};
    for (size_t i = 0; i < sizeof mandatory / sizeof mandatory[0]; i++)
        CHECK(wenc_encoding_is_built_in(mandatory[i]), "%s is always built in",
              wenc_encoding_name(mandatory[i]));
    CHECK(!wenc_encoding_is_built_in(NULL), "NULL is not built in");

    size_t nbuilt = 0;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        bool want = expected_built(e);
        nbuilt += want;
        CHECK(wenc_encoding_is_built_in(e) == want, "%s is %sbuilt in", wenc_encoding_name(e),
              want ? "" : "not ");
        labels(e);
        if (want)
            built(e);
        else
            left_out(e);
    }
    CHECK_EQ(nbuilt, (size_t)(argc - 1), "every name passed is an encoding");
    printf("# %zu of %d encodings built in\n", nbuilt, WENC_ENCODING_COUNT);
    return check_done();
}
