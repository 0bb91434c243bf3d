/* libxml2_read.c -- docs/guide.md, "Using wenc with libxml2": XML parsed
** with fatal decoding and the error's byte offset, HTML parsed in the
** encoding the HTML Standard's sniffing decides.  Needs libxml2 >= 2.14:
** compiled and run by tests libxml2-2.14 and libxml2-2.15 (and by
** libxml2-system when the system's libxml2 is new enough). */
#include <stdio.h>
#include <string.h>

#include <libxml/tree.h>
#include <wenc/libxml2.h>

/* [guide:libxml2-xml] */
/* Parses an XML document in any encoding of the standard.  A malformed byte
** is a fatal error: NULL, and *BAD_BYTE says where it is (-1 when the error
** was not an encoding error). */
static xmlDocPtr read_xml(const char *bytes, int len, long long *bad_byte)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (ctxt == NULL)
        return NULL;
    wenc_libxml2_report report;
    wenc_libxml2_install_report(ctxt, &report);
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, bytes, len, NULL, NULL,
                                      XML_PARSE_NOERROR | XML_PARSE_NONET);
    *bad_byte = doc == NULL && report.malformed ? (long long)report.error_offset : -1;
    xmlFreeParserCtxt(ctxt);
    return doc;
}
/* [/guide:libxml2-xml] */

/* [guide:libxml2-html] */
/* Parses an HTML page as a browser decodes it: BOM, then the Content-Type
** charset (CHARSET, or NULL), then <meta> in the first 1024 bytes, then the
** default for the user's locale. */
static xmlDocPtr read_html(const char *bytes, int len, const char *charset)
{
    htmlParserCtxtPtr ctxt = htmlNewParserCtxt();
    if (ctxt == NULL)
        return NULL;
    wenc_html_sniff_result sniffed;
    xmlDocPtr doc = wenc_libxml2_html_read_memory(ctxt, bytes, len, NULL, charset, "ja",
                                                  HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING,
                                                  NULL, &sniffed);
    if (doc != NULL)
        printf("decoded as %s (%s)\n", wenc_encoding_name(sniffed.encoding),
               wenc_sniff_source_name(sniffed.source));
    xmlFreeParserCtxt(ctxt);
    return doc;
}
/* [/guide:libxml2-html] */

static int content_is(xmlDocPtr doc, const char *want)
{
    xmlChar *t = xmlNodeGetContent(xmlDocGetRootElement(doc));
    int ok = t != NULL && strcmp((const char *)t, want) == 0;
    xmlFree(t);
    return ok;
}

int main(void)
{
    if (!wenc_encoding_is_built_in(WENC_EUC_JP) || !wenc_encoding_is_built_in(WENC_SHIFT_JIS)) {
        puts("libxml2_read: needs EUC-JP and Shift_JIS (not built in, -Dencodings)");
        return 77;
    }
    long long bad;
    /* EUC-JP A4 A2 = U+3042 (jis0208 pointer 283), then A4 alone before
    ** '<' (byte 44): malformed, and the document is refused. */
    const char ok_doc[] = "<?xml version=\"1.0\" encoding=\"EUC-JP\"?><r>\xA4\xA2</r>";
    const char bad_doc[] = "<?xml version=\"1.0\" encoding=\"EUC-JP\"?><r>\xA4\xA2\xA4</r>";
    xmlDocPtr d = read_xml(ok_doc, (int)strlen(ok_doc), &bad);
    if (d == NULL || !content_is(d, "\xE3\x81\x82"))
        return 1;
    xmlFreeDoc(d);
    if (read_xml(bad_doc, (int)strlen(bad_doc), &bad) != NULL || bad != 44)
        return 1;
    /* No charset, no <meta>: the "ja" locale's default, Shift_JIS. */
    const char page[] = "<html><body>\x82\xA0</body></html>";
    d = read_html(page, (int)strlen(page), NULL);
    if (d == NULL || !content_is(d, "\xE3\x81\x82"))
        return 1;
    xmlFreeDoc(d);
    puts("libxml2_read: ok");
    return 0;
}
