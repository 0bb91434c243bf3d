/* html_sniff.c -- the programs docs/sniffing.md quotes: an HTML parser's
** input stage (sniff the encoding, then decode in a streaming loop, and
** react to a late <meta>), and an XML processor's strict decode.  Runs as
** test 'html_sniff' (suite examples) and checks its own results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wenc/wenc.h>

/* A network source: the document arrives in pieces of at most 100 bytes. */
typedef struct source {
    const uint8_t *bytes;
    size_t len, pos;
} source;

static size_t source_read(source *s, uint8_t *buf, size_t room)
{
    size_t n = s->len - s->pos;
    if (n > room)
        n = room;
    if (n > 100)
        n = 100;
    memcpy(buf, s->bytes + s->pos, n);
    s->pos += n;
    return n;
}

/* The tokenizer's side: it gets UTF-8 text. */
typedef struct sink {
    uint8_t text[4096];
    size_t len;
} sink;

static void sink_write(sink *k, const uint8_t *p, size_t n)
{
    if (n > sizeof k->text - k->len)
        n = sizeof k->text - k->len;
    memcpy(k->text + k->len, p, n);
    k->len += n;
}

/* [guide:html_input] */
/* Decodes the LEN bytes at SRC with D into the tokenizer (LAST: they end
** the document). */
static void feed(wenc_decoder *d, const uint8_t *src, size_t len, bool last, sink *out)
{
    uint8_t buf[512];
    wenc_status st;
    do {
        size_t n = len, m = sizeof buf;
        st = wenc_decoder_decode_to_utf8(d, src, &n, buf, &m, last);
        sink_write(out, buf, m);
        src += n;
        len -= n;
    } while (st == WENC_OUTPUT_FULL);
}

/* The input stage of an HTML parser: waits for 1024 bytes (or the end),
** runs the encoding sniffing algorithm with what HTTP said, then decodes
** everything in a streaming loop.  Returns the encoding used. */
static const wenc_encoding *parse_html(source *src, const char *content_type, sink *out,
                                       wenc_confidence *confidence)
{
    /* Step 3: the prescan looks at the first 1024 bytes. */
    uint8_t head[1024];
    size_t head_len = 0, n;
    while (head_len < sizeof head &&
           (n = source_read(src, head + head_len, sizeof head - head_len)) > 0)
        head_len += n;

    wenc_html_sniff_options opt = {0};
    /* The transport layer: the charset of the Content-Type header. */
    opt.transport = wenc_content_type_encoding(content_type, strlen(content_type));
    opt.locale = "ru"; /* the user's locale, for the default */
    opt.locale_len = 2;
    wenc_html_sniff_result r;
    wenc_html_sniff(head, head_len, &opt, &r);
    printf("sniffed %s (%s, %s)\n", wenc_encoding_name(r.encoding),
           wenc_confidence_name(r.confidence), wenc_sniff_source_name(r.source));

    /* "decode": a BOM, if any, is skipped (and had already decided). */
    wenc_decoder d;
    wenc_decode_init(&d, r.encoding);
    feed(&d, head, head_len, false, out);
    uint8_t chunk[100];
    while ((n = source_read(src, chunk, sizeof chunk)) > 0)
        feed(&d, chunk, n, false, out);
    feed(&d, head, 0, true, out); /* the end: no more bytes */
    *confidence = r.confidence;
    return r.encoding;
}
/* [/guide:html_input] */

/* [guide:late_meta] */
/* The tokenizer found <meta charset=LABEL> after decoding the CONSUMED_LEN
** bytes at CONSUMED with CURRENT, while the confidence was tentative. */
static const char *on_late_meta(const wenc_encoding *current, const char *label,
                                const uint8_t *consumed, size_t consumed_len)
{
    const wenc_encoding *requested = wenc_encoding_for_label(label, strlen(label));
    if (requested == NULL)
        return "ignore: unknown label";
    const wenc_encoding *next;
    switch (wenc_html_change_encoding(current, requested, consumed, consumed_len, &next)) {
    case WENC_HTML_CHANGE_IGNORE:
    case WENC_HTML_CHANGE_SAME:
        return "keep the decoder; the confidence is now certain";
    case WENC_HTML_CHANGE_SWITCH:
        /* wenc_get_decoder(&d, next, ...) and go on with the next byte. */
        return "switch decoders on the fly";
    case WENC_HTML_CHANGE_RESTART:
    default:
        /* Parse again from the first byte with NEXT, confidence certain. */
        (void)next;
        return "restart with the new encoding";
    }
}
/* [/guide:late_meta] */

/* [guide:xml_input] */
/* An XML processor: the BOM or the XML declaration decides, and the first
** malformed byte is a fatal error with its line and column. */
static int parse_xml(const uint8_t *doc, size_t len)
{
    uint8_t *text;
    size_t text_len;
    const wenc_encoding *used;
    wenc_xml_error err;
    wenc_status st = wenc_xml_decode_to_utf8_alloc(doc, len, NULL, &text, &text_len, &used, &err);
    if (st == WENC_MALFORMED) {
        printf("error: malformed %s at line %llu, column %llu (byte %llu)\n",
               wenc_encoding_name(used), (unsigned long long)err.line,
               (unsigned long long)err.column, (unsigned long long)err.offset);
        return -1;
    }
    if (st != WENC_OK)
        return -1;
    printf("%s: %.*s\n", wenc_encoding_name(used), (int)text_len, (const char *)text);
    wenc_free(NULL, text);
    return 0;
}
/* [/guide:xml_input] */

int main(void)
{
    int failures = 0;
    /* windows-1251 declared in a <meta> after a long comment: C0 E1 is
    ** U+0410 U+0431 (D0 90 D0 B1). */
    static uint8_t page[2000];
    size_t len = 0;
    const char *start = "<!DOCTYPE html><!-- ";
    memcpy(page, start, strlen(start));
    len = strlen(start);
    memset(page + len, '-', 600);
    len += 600;
    const char *rest = " --><meta charset=windows-1251><p>\xC0\xE1</p>";
    memcpy(page + len, rest, strlen(rest));
    len += strlen(rest);

    source src = {page, len, 0};
    sink out = {{0}, 0};
    wenc_confidence conf;
    const wenc_encoding *e = parse_html(&src, "text/html", &out, &conf);
    const char *want = "<p>\xD0\x90\xD0\xB1</p>";
    if (e != WENC_WINDOWS_1251 || conf != WENC_CONFIDENCE_TENTATIVE || out.len != len + 2 ||
        memcmp(out.text + out.len - strlen(want), want, strlen(want)) != 0) {
        printf("FAIL: html\n");
        failures++;
    }
    /* The transport layer wins, with certainty. */
    src.pos = 0;
    out.len = 0;
    e = parse_html(&src, "text/html; charset=\"koi8-r\"", &out, &conf);
    if (e != WENC_KOI8_R || conf != WENC_CONFIDENCE_CERTAIN) {
        printf("FAIL: transport\n");
        failures++;
    }
    /* A late meta: ASCII so far reads the same, "é" in windows-1252 does
    ** not read the same in UTF-8. */
    const char *a = on_late_meta(WENC_WINDOWS_1252, "utf-8", page, 30);
    const char *b = on_late_meta(WENC_WINDOWS_1252, "utf-8", (const uint8_t *)"caf\xE9", 4);
    printf("%s; %s\n", a, b);
    if (strcmp(a, "switch decoders on the fly") != 0 ||
        strcmp(b, "restart with the new encoding") != 0) {
        printf("FAIL: late meta\n");
        failures++;
    }
    /* XML: Shift_JIS 82 A0 is U+3042; then a lone 82 on line 2. */
    const char *good = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a>\x82\xA0</a>";
    const char *bad = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<a>\x82</a>";
    if (parse_xml((const uint8_t *)good, strlen(good)) != 0 ||
        parse_xml((const uint8_t *)bad, strlen(bad)) != -1) {
        printf("FAIL: xml\n");
        failures++;
    }
    return failures == 0 ? 0 : 1;
}
