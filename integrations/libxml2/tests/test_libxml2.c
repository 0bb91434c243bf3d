/* test_libxml2.c -- the libxml2 integration against a libxml2 >= 2.14
** (issue 40).  Each decoder vector of the standard (vectors.h), and for each
** single-byte encoding every high byte it maps, is wrapped in an XML
** document and in an HTML document in its encoding and parsed through the
** hook: xmlCtxtReadMemory()/htmlCtxtReadMemory(), the push parsers at chunk
** sizes 1, 2, 3, 7 and 4096, and wenc_libxml2_html_read_memory().  The text
** libxml2 parsed must equal wenc's own decode of the same bytes (and the
** typed code points): in XML, malformed input must stop the parse with the
** error at the right byte offset; in HTML it becomes U+FFFD where the
** standard puts it.
**
** Encodings that libxml2 decodes with a built-in converter (UTF-8, UTF-16,
** windows-1252 in 2.15) never reach the hook; for them the test reports
** libxml2's own result as "built-in, differs" when it differs (a limit of
** libxml2, listed in wenc/libxml2.h); every case the hook decodes must pass.
** TAP output; argument: none. */
#include <wenc/libxml2.h>

#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "itest.h"

static const int chunk_sizes[] = {0, 1, 2, 3, 7, 4096}; /* 0: one call */

static void quiet(void *ctx, const xmlError *err)
{
    (void)ctx;
    (void)err;
}

/* The text content of the first element named NAME. */
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

static bool text_of(xmlDocPtr doc, const char *name, bstr *out)
{
    out->len = 0;
    b_add(out, "", 0);
    if (doc == NULL)
        return false;
    xmlNodePtr n = find(doc->children, name);
    if (n == NULL)
        return false;
    xmlChar *t = xmlNodeGetContent(n);
    if (t != NULL)
        b_add(out, t, strlen((const char *)t));
    xmlFree(t);
    return true;
}

/* Parses DOC (XML or HTML) with the given chunk size (0: one read call),
** the hook installed with REPORT.  ENCODING: the encoding argument of the
** read call (NULL: the document's own declaration or <meta>). */
static xmlDocPtr parse(bool html, const bstr *doc, int chunk, const char *encoding,
                       wenc_libxml2_report *report)
{
    int opts = XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET;
    xmlDocPtr d = NULL;
    if (chunk == 0) {
        xmlParserCtxtPtr c = html ? htmlNewParserCtxt() : xmlNewParserCtxt();
        xmlCtxtSetErrorHandler(c, quiet, NULL);
        wenc_libxml2_install_report(c, report);
        d = html ? htmlCtxtReadMemory(c, (const char *)doc->p, (int)doc->len, NULL, encoding,
                                      opts | HTML_PARSE_NOIMPLIED)
                 : xmlCtxtReadMemory(c, (const char *)doc->p, (int)doc->len, NULL, encoding,
                                     opts);
        xmlFreeParserCtxt(c);
        return d;
    }
    xmlParserCtxtPtr c = html ? htmlCreatePushParserCtxt(NULL, NULL, NULL, 0, NULL,
                                                         XML_CHAR_ENCODING_NONE)
                              : xmlCreatePushParserCtxt(NULL, NULL, NULL, 0, NULL);
    xmlCtxtSetErrorHandler(c, quiet, NULL);
    xmlCtxtUseOptions(c, opts);
    wenc_libxml2_install_report(c, report);
    for (size_t i = 0; i < doc->len; i += (size_t)chunk) {
        size_t n = doc->len - i < (size_t)chunk ? doc->len - i : (size_t)chunk;
        if (html)
            htmlParseChunk(c, (const char *)doc->p + i, (int)n, 0);
        else
            xmlParseChunk(c, (const char *)doc->p + i, (int)n, 0);
    }
    if (html)
        htmlParseChunk(c, NULL, 0, 1);
    else
        xmlParseChunk(c, NULL, 0, 1);
    d = xmlCtxtGetDocument(c);
    if (!html && !xmlCtxtIsStopped(c) && xmlCtxtGetStatus(c) != 0) {
        /* not well-formed: as xmlCtxtReadMemory, no document */
    }
    if (!html && (xmlCtxtGetStatus(c) & XML_STATUS_NOT_WELL_FORMED)) {
        xmlFreeDoc(d);
        d = NULL;
    }
    xmlFreeParserCtxt(c);
    return d;
}

/* Per encoding: cases through the hook, and built-in cases that differ. */
static int hook_cases[64], builtin_cases[64], builtin_diff[64];

static int enc_index(const wenc_encoding *enc)
{
    for (int i = 0; wenc_encoding_at((size_t)i) != NULL; i++)
        if (wenc_encoding_at((size_t)i) == enc)
            return i;
    return 0;
}

/* One inner byte string of ENC, in both wrappers, every way of parsing.
** TYPED: the typed code points (UTF-8) when INNER is the vector itself. */
static void run_case(const wenc_encoding *enc, const bstr *inner, const bstr *typed,
                     const char *what)
{
    const char *name = wenc_encoding_name(enc);
    bstr rep = {0}, fat = {0}, got = {0}, doc = {0};
    long rep_off, fat_off;
    size_t rep_len, fat_len;
    int ei = enc_index(enc);
    if (typed != NULL) {
        wenc_decode(enc, inner->p, inner->len, false, &rep, &rep_off, &rep_len);
        t_ok(rep.len == typed->len && memcmp(rep.p, typed->p, rep.len) == 0,
             "%s %s: wenc's decode is the typed vector", name, what);
    }
    bool xml_ok = wenc_decode_before(enc, inner, "</r>", true, &fat, &fat_off, &fat_len);

    /* XML: the whole decode must be plain text (or stop at an error first). */
    if (xml_ok && text_is_plain(fat.p, fat.len)) {
        char head[160];
        snprintf(head, sizeof head, "<?xml version=\"1.0\" encoding=\"%s\"?><r>", name);
        doc.len = 0;
        b_ascii(&doc, enc, head);
        size_t prefix = doc.len;
        b_add(&doc, inner->p, inner->len);
        b_ascii(&doc, enc, "</r>");
        for (size_t k = 0; k < sizeof chunk_sizes / sizeof chunk_sizes[0]; k++) {
            wenc_libxml2_report r;
            xmlDocPtr d = parse(false, &doc, chunk_sizes[k], NULL, &r);
            bool has = text_of(d, "r", &got);
            bool hooked = r.encoding != NULL;
            bool ok;
            if (fat_off < 0)
                ok = has && got.len == fat.len && memcmp(got.p, fat.p, got.len) == 0;
            else
                ok = d == NULL && (!hooked || (r.malformed &&
                                               r.error_offset == prefix + (uint64_t)fat_off &&
                                               r.error_length == fat_len));
            if (hooked) {
                hook_cases[ei]++;
                t_ok(ok && r.encoding == enc && !r.html, "%s %s XML chunk %d: %s", name, what,
                     chunk_sizes[k], fat_off < 0 ? "text equals wenc's decode" :
                     "fatal error at the malformed bytes");
                if (!ok) {
                    hexdump("doc", doc.p, doc.len);
                    hexdump("got", got.p, got.len);
                    hexdump("want", fat.p, fat.len);
                    printf("#   doc %s, malformed %d at %llu+%zu, want %ld+%zu (prefix %zu)\n",
                           d ? "yes" : "no", r.malformed, (unsigned long long)r.error_offset,
                           r.error_length, fat_off, fat_len, prefix);
                }
            } else {
                builtin_cases[ei]++;
                if (!ok)
                    builtin_diff[ei]++;
                t_ok(1, "%s %s XML chunk %d: built-in%s", name, what, chunk_sizes[k],
                     ok ? ", equal" : ", differs from the standard (libxml2's own converter)");
            }
            xmlFreeDoc(d);
        }
    }

    /* HTML: replacement decode, plain text. */
    bool html_ok = wenc_decode_before(enc, inner, "</p></body></html>", false, &rep, &rep_off,
                                      &rep_len) &&
                   wenc_decode_before(enc, inner, "</p></body></html>", true, &fat, &fat_off,
                                      &fat_len);
    if (html_ok && text_is_plain(rep.p, rep.len)) {
        char head[200];
        snprintf(head, sizeof head,
                 "<!DOCTYPE html><html><head><meta charset=\"%s\"></head><body><p>", name);
        doc.len = 0;
        b_ascii(&doc, enc, head);
        size_t prefix = doc.len;
        b_add(&doc, inner->p, inner->len);
        b_ascii(&doc, enc, "</p></body></html>");
        /* k = -1: wenc_libxml2_html_read_memory(); k = -2: the encoding
        ** given to htmlCtxtReadMemory(); else the <meta> (libxml2's own
        ** switch) at each chunk size. */
        for (int k = -2; k < (int)(sizeof chunk_sizes / sizeof chunk_sizes[0]); k++) {
            wenc_libxml2_report r;
            xmlDocPtr d;
            const char *how;
            char howbuf[40];
            if (k == -1) {
                htmlParserCtxtPtr c = htmlNewParserCtxt();
                xmlCtxtSetErrorHandler(c, quiet, NULL);
                wenc_html_sniff_result sn;
                d = wenc_libxml2_html_read_memory(c, (const char *)doc.p, (int)doc.len, NULL,
                                                  NULL, NULL,
                                                  HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING,
                                                  &r, &sn);
                xmlFreeParserCtxt(c);
                how = "sniffing call";
                /* The standard's answer: the prescan cannot read a UTF-16
                ** document without a BOM (the default, windows-1252), and
                ** reads x-user-defined in <meta> as windows-1252. */
                const wenc_encoding *want = enc == WENC_UTF_16BE || enc == WENC_UTF_16LE ||
                                                    enc == WENC_X_USER_DEFINED
                                                ? WENC_WINDOWS_1252
                                                : enc;
                if (sn.encoding != enc) {
                    t_ok(sn.encoding == want && r.encoding == want,
                         "%s %s HTML sniffing call: sniffed %s", name, what,
                         wenc_encoding_name(sn.encoding));
                    xmlFreeDoc(d);
                    continue;
                }
            } else if (k == -2) {
                d = parse(true, &doc, 0, name, &r);
                how = "encoding argument";
            } else {
                d = parse(true, &doc, chunk_sizes[k], NULL, &r);
                snprintf(howbuf, sizeof howbuf, "meta, chunk %d", chunk_sizes[k]);
                how = howbuf;
            }
            bool has = text_of(d, "p", &got);
            bool ok = has && got.len == rep.len && memcmp(got.p, rep.p, got.len) == 0;
            bool hooked = r.encoding != NULL;
            if (hooked) {
                hook_cases[ei]++;
                ok = ok && r.encoding == enc && r.html &&
                     (fat_off < 0 ? r.replacements == 0
                                  : r.replacements > 0 &&
                                        r.first_replacement_offset == prefix + (uint64_t)fat_off);
                t_ok(ok, "%s %s HTML %s: text equals wenc's decode", name, what, how);
                if (!ok) {
                    hexdump("doc", doc.p, doc.len);
                    hexdump("got", got.p, got.len);
                    hexdump("want", rep.p, rep.len);
                    printf("#   replacements %llu, first at %llu, want %ld + %zu\n",
                           (unsigned long long)r.replacements,
                           (unsigned long long)r.first_replacement_offset, fat_off, prefix);
                }
            } else {
                builtin_cases[ei]++;
                if (!ok)
                    builtin_diff[ei]++;
                t_ok(1, "%s %s HTML %s: built-in%s", name, what, how,
                     ok ? ", equal" : ", differs from the standard (libxml2's own converter)");
            }
            xmlFreeDoc(d);
        }
    }
    free(rep.p);
    free(fat.p);
    free(got.p);
    free(doc.p);
}

/* Labels: unknown and replacement refused, the standard's labels found. */
static void test_labels(void)
{
    xmlCharEncodingHandler *h = (xmlCharEncodingHandler *)1;
    t_ok(wenc_libxml2_conv_impl(NULL, "x-no-such", XML_ENC_INPUT, &h) ==
             XML_ERR_UNSUPPORTED_ENCODING && h == NULL, "unknown label refused");
    t_ok(wenc_libxml2_conv_impl(NULL, "iso-2022-kr", XML_ENC_INPUT, &h) ==
             XML_ERR_UNSUPPORTED_ENCODING && h == NULL, "replacement label refused");
    t_ok(wenc_libxml2_conv_impl(NULL, "utf-16le", XML_ENC_OUTPUT, &h) ==
             XML_ERR_UNSUPPORTED_ENCODING, "no encoder for UTF-16LE output");
    t_ok(wenc_libxml2_conv_impl(NULL, NULL, XML_ENC_INPUT, &h) == XML_ERR_ARGUMENT,
         "NULL name");
    t_ok(wenc_libxml2_conv_impl(NULL, "sjis", XML_ENC_INPUT, NULL) == XML_ERR_ARGUMENT,
         "NULL out");
    t_ok(wenc_libxml2_conv_impl(NULL, " Sjis\t", XML_ENC_INPUT | XML_ENC_OUTPUT, &h) ==
             XML_ERR_OK && h != NULL, "label with whitespace and case found");
    xmlCharEncCloseFunc(h);
    /* A document whose declaration names an unknown encoding, or the
    ** replacement encoding, is refused by the parser. */
    static const char *const refused[] = {
        "<?xml version=\"1.0\" encoding=\"x-no-such\"?><r/>",
        "<?xml version=\"1.0\" encoding=\"csiso2022kr\"?><r/>",
    };
    for (int i = 0; i < 2; i++) {
        xmlParserCtxtPtr c = xmlNewParserCtxt();
        xmlCtxtSetErrorHandler(c, quiet, NULL);
        wenc_libxml2_install(c);
        xmlDocPtr d = xmlCtxtReadMemory(c, refused[i], (int)strlen(refused[i]), NULL, NULL,
                                        XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
        const xmlError *e = xmlCtxtGetLastError(c);
        t_ok(d == NULL && e != NULL && e->code == XML_ERR_UNSUPPORTED_ENCODING,
             "declaration %d: XML_ERR_UNSUPPORTED_ENCODING (%d)", i, e ? e->code : 0);
        xmlFreeDoc(d);
        xmlFreeParserCtxt(c);
    }
}

/* Output through a handler the hook made: the html-mode encoder. */
static void test_output(void)
{
    xmlCharEncodingHandler *h = NULL;
    t_ok(wenc_libxml2_conv_impl(NULL, "shift_jis", XML_ENC_OUTPUT, &h) == XML_ERR_OK,
         "Shift_JIS encoder");
    xmlBufferPtr buf = xmlBufferCreate();
    xmlOutputBufferPtr o = xmlOutputBufferCreateBuffer(buf, h);
    /* U+3042 (jis0208 0x0402 -> 82 A0), U+00E9 unmappable -> &#233; */
    xmlOutputBufferWriteString(o, "a\xE3\x81\x82\xC3\xA9");
    xmlOutputBufferClose(o);
    const char want[] = "a\x82\xA0&#233;";
    t_ok(xmlBufferLength(buf) == (int)strlen(want) &&
             memcmp(xmlBufferContent(buf), want, strlen(want)) == 0,
         "Shift_JIS output, unmappable as &#N;");
    xmlBufferFree(buf);
}

/* The sniffing call: transport charset, BOM, and what the hook alone
** cannot do (U+FFFD at the end of the input, a built-in's label). */
static void test_sniffing_call(void)
{
    static const struct {
        const char *doc;
        int len;
        const char *transport, *locale, *want_enc, *want_text;
    } cases[] = {
        /* 82 A0 = U+3042 in Shift_JIS; the transport decides (step 4). */
        {"<p>\x82\xA0</p>", 13, "shift_jis", NULL, "Shift_JIS", "\xE3\x81\x82"},
        /* Cut off at the end: U+FFFD (the hook alone gives "expected EOF"). */
        {"<p>a\x82", 5, "Shift_JIS", NULL, "Shift_JIS", "a\xEF\xBF\xBD"},
        /* A UTF-8 BOM wins over the transport and the <meta> (step 1). */
        {"\xEF\xBB\xBF<meta charset=koi8-r><p>\xC3\xA9</p>", 38, "windows-1251", NULL,
         "UTF-8", "\xC3\xA9"},
        /* The prescan's <meta>: KOI8-R C1 = U+0430 (index-koi8-r.txt 65). */
        {"<meta charset=koi8-r><p>\xC1</p>", 29, NULL, NULL, "KOI8-R", "\xD0\xB0"},
        /* iso-8859-1 names windows-1252: 80 = U+20AC (libxml2's built-in
        ** ISO-8859-1 would give U+0080). */
        {"<meta charset=iso-8859-1><p>\x80</p>", 33, NULL, NULL, "windows-1252",
         "\xE2\x82\xAC"},
        /* Nothing: the locale's default, Shift_JIS for "ja" (step 9). */
        {"<p>\x82\xA0</p>", 13, NULL, "ja", "Shift_JIS", "\xE3\x81\x82"},
        /* Invalid UTF-8 in a UTF-8 document: the standard's U+FFFD per
        ** maximal subpart, E0 80 = two errors. */
        {"<meta charset=utf-8><p>\xE0\x80</p>", 31, NULL, NULL, "UTF-8",
         "\xEF\xBF\xBD\xEF\xBF\xBD"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!wenc_encoding_is_built_in(wenc_encoding_for_label_cstr(cases[i].want_enc))) {
            t_ok(1, "sniffing call %zu # SKIP %s not built in (-Dencodings)", i,
                 cases[i].want_enc);
            continue;
        }
        htmlParserCtxtPtr c = htmlNewParserCtxt();
        xmlCtxtSetErrorHandler(c, quiet, NULL);
        wenc_libxml2_report r;
        wenc_html_sniff_result sn;
        xmlDocPtr d = wenc_libxml2_html_read_memory(c, cases[i].doc, cases[i].len, NULL,
                                                    cases[i].transport, cases[i].locale,
                                                    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING,
                                                    &r, &sn);
        bstr got = {0};
        bool has = text_of(d, "p", &got);
        const wenc_encoding *want = wenc_encoding_for_label_cstr(cases[i].want_enc);
        t_ok(has && sn.encoding == want && r.encoding == want &&
                 strcmp((const char *)got.p, cases[i].want_text) == 0 && d->encoding != NULL &&
                 strcmp((const char *)d->encoding, cases[i].want_enc) == 0,
             "sniffing call %zu: %s, text as the standard decodes it", i, cases[i].want_enc);
        free(got.p);
        xmlFreeDoc(d);
        xmlFreeParserCtxt(c);
    }
    htmlParserCtxtPtr c = htmlNewParserCtxt();
    t_ok(wenc_libxml2_html_read_memory(c, NULL, 1, NULL, NULL, NULL, 0, NULL, NULL) == NULL &&
             wenc_libxml2_html_read_memory(c, "", -1, NULL, NULL, NULL, 0, NULL, NULL) ==
                 NULL &&
             wenc_libxml2_html_read_memory(NULL, "", 0, NULL, NULL, NULL, 0, NULL, NULL) ==
                 NULL,
         "sniffing call: bad arguments give NULL");
    xmlDocPtr d = wenc_libxml2_html_read_memory(c, NULL, 0, NULL, NULL, NULL,
                                                HTML_PARSE_NOERROR, NULL, NULL);
    t_ok(1, "sniffing call: empty input gives %s", d ? "a document" : "NULL");
    xmlFreeDoc(d);
    xmlFreeParserCtxt(c);
}

int main(void)
{
    printf("# libxml2 %s\n", LIBXML_DOTTED_VERSION);
    if (!wenc_encoding_is_built_in(WENC_SHIFT_JIS)) {
        printf("1..0 # SKIP needs Shift_JIS (not built in, -Dencodings)\n");
        return 0;
    }
    test_labels();
    test_output();
    test_sniffing_call();
    itest_run_vectors(run_case);
    printf("# per encoding: cases through the hook / built-in cases / built-in cases "
           "differing from the standard\n");
    for (size_t i = 0; wenc_encoding_at(i) != NULL; i++)
        if (hook_cases[i] + builtin_cases[i] > 0)
            printf("#   %-16s %4d %4d %4d\n", wenc_encoding_name(wenc_encoding_at(i)),
                   hook_cases[i], builtin_cases[i], builtin_diff[i]);
    printf("1..%d\n", t_count);
    return t_failed != 0;
}
