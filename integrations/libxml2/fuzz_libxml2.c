/* fuzz_libxml2.c -- fuzz target for the libxml2 integration (issue 40).
**
** Input: byte 0 an encoding (fuzz_encoding()), byte 1 the push parser's
** chunk size (0: xmlCtxtReadMemory()), then the body, wrapped as
**     <?xml version="1.0" encoding="NAME"?><r>BODY</r>             (XML)
**     <meta charset="NAME"><p>BODY</p>                             (HTML)
** in that encoding (the markup spread over two bytes for UTF-16).
** Invariants, beyond no crash and no read past the input:
** - XML, when the hook decodes: if wenc's fatal decode succeeds and the body
**   is text without markup, the document parses and its text is wenc's
**   decode; if the decode stops in the body after such text, there is no
**   document and the report has the malformed bytes' offset and length;
** - HTML through wenc_libxml2_html_read_memory(): when the body decodes
**   (replacement mode) to text without markup, the <p>'s text is exactly
**   that decode, for every encoding (built-ins' included). */
#include "fuzz.h"

#include <wenc/libxml2.h>

#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#define ITEST_NO_VECTORS
#include "itest.h"

static void quiet(void *ctx, const xmlError *err)
{
    (void)ctx;
    (void)err;
}

static xmlNodePtr find(xmlNodePtr n, const char *name)
{
    for (; n != NULL; n = n->next) {
        if (n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0)
            return n;
        xmlNodePtr c = find(n->children, name);
        if (c != NULL)
            return c;
    }
    return NULL;
}

static bool same_text(xmlDocPtr doc, const char *name, const bstr *want)
{
    xmlNodePtr n = doc != NULL ? find(doc->children, name) : NULL;
    if (n == NULL)
        return want->len == 0 && doc != NULL;
    xmlChar *t = xmlNodeGetContent(n);
    bool eq = t != NULL && strlen((const char *)t) == want->len &&
              memcmp(t, want->p, want->len) == 0;
    xmlFree(t);
    return eq;
}

static void fail(const char *what, const wenc_encoding *enc)
{
    fprintf(stderr, "%s: %s: %s\n", fuzz_input_name ? fuzz_input_name : "input",
            wenc_encoding_name(enc), what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const wenc_encoding *enc = fuzz_encoding(data[0]);
    size_t chunk = data[1];
    if (enc == WENC_REPLACEMENT || fuzz_left_out(enc))
        return 0;
    bstr inner = {0}, doc = {0}, want = {0};
    b_add(&inner, data + 2, size - 2);
    long off;
    size_t len;
    char head[160];

    /* XML. */
    snprintf(head, sizeof head, "<?xml version=\"1.0\" encoding=\"%s\"?><r>",
             wenc_encoding_name(enc));
    b_ascii(&doc, enc, head);
    size_t prefix = doc.len;
    b_add(&doc, inner.p, inner.len);
    b_ascii(&doc, enc, "</r>");
    bool in_body = wenc_decode_before(enc, &inner, "</r>", true, &want, &off, &len) &&
                   text_is_plain(want.p, want.len);
    wenc_libxml2_report r;
    xmlDocPtr d;
    int opts = XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET;
    xmlParserCtxtPtr c;
    if (chunk == 0) {
        c = xmlNewParserCtxt();
        xmlCtxtSetErrorHandler(c, quiet, NULL);
        wenc_libxml2_install_report(c, &r);
        d = xmlCtxtReadMemory(c, (const char *)doc.p, (int)doc.len, NULL, NULL, opts);
    } else {
        c = xmlCreatePushParserCtxt(NULL, NULL, NULL, 0, NULL);
        xmlCtxtSetErrorHandler(c, quiet, NULL);
        xmlCtxtUseOptions(c, opts);
        wenc_libxml2_install_report(c, &r);
        for (size_t i = 0; i < doc.len; i += chunk) {
            size_t n = doc.len - i < chunk ? doc.len - i : chunk;
            uint8_t *copy = fuzz_exact_copy(doc.p + i, n);
            xmlParseChunk(c, (const char *)copy, (int)n, 0);
            free(copy);
        }
        xmlParseChunk(c, NULL, 0, 1);
        d = xmlCtxtGetDocument(c);
        if (xmlCtxtGetStatus(c) & XML_STATUS_NOT_WELL_FORMED) {
            xmlFreeDoc(d);
            d = NULL;
        }
    }
    if (r.encoding != NULL && in_body) {
        if (off < 0 && !same_text(d, "r", &want))
            fail("XML text differs from wenc's decode", enc);
        if (off >= 0 && (d != NULL || !r.malformed ||
                         r.error_offset != prefix + (uint64_t)off || r.error_length != len))
            fail("XML decoding error not where wenc puts it", enc);
    }
    xmlFreeDoc(d);
    xmlFreeParserCtxt(c);

    /* HTML through the sniffing call. */
    doc.len = 0;
    snprintf(head, sizeof head, "<meta charset=\"%s\"><p>", wenc_encoding_name(enc));
    b_ascii(&doc, enc, head);
    b_add(&doc, inner.p, inner.len);
    b_ascii(&doc, enc, "</p>");
    in_body = wenc_decode_before(enc, &inner, "</p>", false, &want, &off, &len) &&
              text_is_plain(want.p, want.len) && want.len > 0;
    htmlParserCtxtPtr h = htmlNewParserCtxt();
    xmlCtxtSetErrorHandler(h, quiet, NULL);
    wenc_html_sniff_result sn;
    d = wenc_libxml2_html_read_memory(h, (const char *)doc.p, (int)doc.len, NULL, NULL, NULL,
                                      HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING, &r, &sn);
    /* A UTF-16 document without a BOM sniffs as windows-1252 (the
    ** prescan cannot read it), x-user-defined's <meta> as windows-1252. */
    if (in_body && sn.encoding == enc && !same_text(d, "p", &want))
        fail("HTML text differs from wenc's decode", enc);
    xmlFreeDoc(d);
    xmlFreeParserCtxt(h);
    free(inner.p);
    free(doc.p);
    free(want.p);
    return 0;
}
