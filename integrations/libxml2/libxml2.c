/* libxml2.c -- wenc as libxml2's converter (wenc/libxml2.h).
**
** One handler per conversion libxml2 asks for: a decoder (input) and/or an
** encoder (output), each in its own allocation that libxml2 hands back to
** close_ctxt() when it closes the handler.  Nothing is global. */
#include <wenc/libxml2.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What install() passes as the hook's context when no report is wanted: the
** address tells the mode (libxml2 2.14 does not pass XML_ENC_HTML). */
static char mode_xml, mode_html; /* never written: only their addresses count */

typedef struct input_ctxt {
    wenc_decoder d;
    wenc_libxml2_report *report; /* NULL: nothing to report */
    uint64_t base;               /* document offset of the decoder's byte 0 */
} input_ctxt;

typedef struct output_ctxt {
    wenc_encoder e;
} output_ctxt;

static void close_ctxt(void *vctxt)
{
    free(vctxt);
}

/* Copies the decoder's accounting into the report (replacement mode) after
** each call: the report then holds the figures of the parse so far. */
static void note_replacements(input_ctxt *c)
{
    uint64_t n = wenc_decoder_replacement_count(&c->d);
    if (c->report == NULL || n == 0)
        return;
    c->report->replacements = n;
    c->report->first_replacement_offset = c->base + wenc_decoder_first_replacement_offset(&c->d);
}

/* xmlCharEncConvFunc, bytes -> UTF-8.  wenc's decoder keeps an unfinished
** sequence in its own state, so it consumes everything it is given; FLUSH is
** the standard's end of the stream (a cut-off sequence is an error). */
static xmlCharEncError decode(void *vctxt, unsigned char *out, int *outlen,
                              const unsigned char *in, int *inlen, int flush)
{
    input_ctxt *c = vctxt;
    size_t n = *inlen > 0 ? (size_t)*inlen : 0, m = *outlen > 0 ? (size_t)*outlen : 0;
    wenc_status st = wenc_decoder_decode_to_utf8(&c->d, in, &n, out, &m, flush != 0);
    *inlen = (int)n;
    *outlen = (int)m;
    note_replacements(c);
    switch (st) {
    case WENC_INPUT_EMPTY:
        return XML_ENC_ERR_SUCCESS;
    case WENC_OUTPUT_FULL:
        return XML_ENC_ERR_SPACE;
    case WENC_MALFORMED:
        if (c->report != NULL) {
            c->report->malformed = true;
            c->report->error_offset = c->base + wenc_decoder_error_offset(&c->d);
            c->report->error_length = wenc_decoder_error_length(&c->d);
        }
        return XML_ENC_ERR_INPUT;
    default:
        return XML_ENC_ERR_INTERNAL;
    }
}

/* xmlCharEncConvFunc, UTF-8 -> bytes, error mode html.  libxml2 never
** flushes output (it passes FLUSH 0), so an unfinished UTF-8 sequence waits
** for more; ISO-2022-JP returns to ASCII before any ASCII byte, so markup
** always ends the output in the ASCII state. */
static xmlCharEncError encode(void *vctxt, unsigned char *out, int *outlen,
                              const unsigned char *in, int *inlen, int flush)
{
    output_ctxt *c = vctxt;
    size_t n = *inlen > 0 ? (size_t)*inlen : 0, m = *outlen > 0 ? (size_t)*outlen : 0;
    wenc_status st = wenc_encoder_encode_from_utf8(&c->e, in, &n, out, &m, flush != 0);
    *inlen = (int)n;
    *outlen = (int)m;
    if (st == WENC_INPUT_EMPTY)
        return XML_ENC_ERR_SUCCESS;
    if (st == WENC_OUTPUT_FULL)
        return XML_ENC_ERR_SPACE;
    return XML_ENC_ERR_INTERNAL;
}

/* The parser's byte position in its current input, before any converter
** is in place (so bytes of the document): where a new decoder starts. */
static uint64_t position(xmlParserCtxtPtr ctxt)
{
    if (ctxt == NULL)
        return 0;
#if LIBXML_VERSION >= 21500
    unsigned long pos = 0;
    if (xmlCtxtGetInputPosition(ctxt, -1, NULL, NULL, NULL, &pos) != 0)
        return 0;
    return pos;
#else
    /* 2.14 has no xmlCtxtGetInputPosition(); xmlByteConsumed() gives the
    ** same while no converter is set, and is deprecated from 2.14 on
    ** (the replacement came in 2.15). */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    long done = xmlByteConsumed(ctxt);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    return done > 0 ? (uint64_t)done : 0;
#endif
}

static const wenc_encoding *lookup(const char *name)
{
    /* "Get an encoding": the replacement encoding is a label's answer, but
    ** a parser cannot use it (it would turn the document into one U+FFFD);
    ** the integration refuses it as libxml2 refuses an unknown name. */
    const wenc_encoding *enc = wenc_encoding_for_label(name, strlen(name));
    if (enc == NULL || enc == WENC_REPLACEMENT || !wenc_encoding_is_built_in(enc))
        return NULL;
    return enc;
}

xmlParserErrors wenc_libxml2_conv_impl(void *vctxt, const char *name, xmlCharEncFlags flags,
                                       xmlCharEncodingHandler **out)
{
    if (out != NULL)
        *out = NULL;
    if (name == NULL || out == NULL)
        return XML_ERR_ARGUMENT;
    const wenc_encoding *enc = lookup(name);
    if (enc == NULL)
        return XML_ERR_UNSUPPORTED_ENCODING;
    if ((flags & XML_ENC_OUTPUT) && !wenc_encoding_has_encoder(enc))
        return XML_ERR_UNSUPPORTED_ENCODING;

    wenc_libxml2_report *report = NULL;
    bool html = vctxt == &mode_html;
#if LIBXML_VERSION >= 21500
    html = html || (flags & XML_ENC_HTML) != 0;
#endif
    if (vctxt != NULL && vctxt != &mode_html && vctxt != &mode_xml) {
        report = vctxt;
        html = html || report->priv_html;
    }

    input_ctxt *ic = NULL;
    output_ctxt *oc = NULL;
    if (flags & XML_ENC_INPUT) {
        ic = calloc(1, sizeof *ic);
        if (ic == NULL)
            return XML_ERR_NO_MEMORY;
        /* No BOM handling: libxml2 has removed any BOM before it asks. */
        wenc_decoder_init(&ic->d, enc, html ? WENC_DECODER_REPLACEMENT : WENC_DECODER_FATAL);
        ic->report = report;
        if (report != NULL) {
            /* The decoder starts where libxml2 switches encodings: at the
            ** parser's position in the bytes read so far (a declaration's
            ** encoding is switched to right after the attribute). */
            ic->base = position(report->priv_ctxt);
            report->encoding = enc;
            report->html = html;
        }
    }
    if (flags & XML_ENC_OUTPUT) {
        oc = calloc(1, sizeof *oc);
        if (oc == NULL) {
            free(ic);
            return XML_ERR_NO_MEMORY;
        }
        wenc_encoder_init(&oc->e, enc, WENC_ENCODER_HTML);
    }
    /* libxml2 frees both contexts with close_ctxt() on success and on
    ** failure alike. */
    return xmlCharEncNewCustomHandler(wenc_encoding_name(enc), ic != NULL ? decode : NULL,
                                      oc != NULL ? encode : NULL, close_ctxt, ic, oc, out);
}

void wenc_libxml2_install(xmlParserCtxtPtr ctxt)
{
    if (ctxt == NULL)
        return;
    xmlCtxtSetCharEncConvImpl(ctxt, wenc_libxml2_conv_impl,
                              xmlCtxtIsHtml(ctxt) ? &mode_html : &mode_xml);
}

void wenc_libxml2_report_clear(wenc_libxml2_report *report)
{
    if (report == NULL)
        return;
    report->encoding = NULL;
    report->html = false;
    report->malformed = false;
    report->error_offset = 0;
    report->error_length = 0;
    report->replacements = 0;
    report->first_replacement_offset = 0;
}

void wenc_libxml2_install_report(xmlParserCtxtPtr ctxt, wenc_libxml2_report *report)
{
    if (ctxt == NULL)
        return;
    if (report == NULL) {
        wenc_libxml2_install(ctxt);
        return;
    }
    wenc_libxml2_report_clear(report);
    report->priv_ctxt = ctxt;
    report->priv_html = xmlCtxtIsHtml(ctxt) != 0;
    xmlCtxtSetCharEncConvImpl(ctxt, wenc_libxml2_conv_impl, report);
}

htmlDocPtr wenc_libxml2_html_read_memory(htmlParserCtxtPtr ctxt, const char *buffer,
                                         int size, const char *url,
                                         const char *transport_charset, const char *locale,
                                         int options, wenc_libxml2_report *report,
                                         wenc_html_sniff_result *sniffed)
{
    if (ctxt == NULL || size < 0 || (buffer == NULL && size > 0))
        return NULL;
    wenc_html_sniff_options o = {0};
    if (transport_charset != NULL) {
        o.transport_label = transport_charset;
        o.transport_label_len = strlen(transport_charset);
    }
    if (locale != NULL) {
        o.locale = locale;
        o.locale_len = strlen(locale);
    }
    wenc_html_sniff_result r;
    wenc_html_sniff((const uint8_t *)buffer, (size_t)size, &o, &r);
    if (sniffed != NULL)
        *sniffed = r;
    wenc_libxml2_install_report(ctxt, report);

    /* wenc decodes the whole document (replacement mode, the BOM skipped)
    ** and libxml2 parses the UTF-8, told that it is UTF-8: its UTF-8 reader
    ** passes valid UTF-8 through unchanged, so the text is the standard's
    ** decode even where libxml2 would have used a built-in converter, and a
    ** sequence cut off by the end of the input becomes U+FFFD (13.2.3.1)
    ** instead of libxml2's "expected EOF".  Given an encoding, libxml2 also
    ** ignores <meta>: the sniffing's answer is final, as the standard's
    ** "certain" would be (a <meta> past the prescan's 1024 bytes cannot
    ** change it: see wenc/libxml2.h). */
    wenc_decoder d;
    if (wenc_decoder_init(&d, r.encoding, WENC_DECODER_REPLACEMENT) != WENC_OK)
        return NULL; /* an encoding left out of this build (-Dencodings) */
    size_t n = (size_t)size - r.bom_length;
    uint8_t *text = NULL;
    size_t text_len = 0;
    const uint8_t *rest = size > 0 ? (const uint8_t *)buffer + r.bom_length : NULL;
    if (wenc_decoder_decode_to_utf8_alloc(&d, rest, &n, true, NULL, &text, &text_len) !=
            WENC_OK ||
        text_len > INT_MAX) {
        wenc_free(NULL, text);
        return NULL;
    }
    if (report != NULL) {
        report->encoding = r.encoding;
        report->html = true;
        report->replacements = wenc_decoder_replacement_count(&d);
        if (report->replacements != 0)
            report->first_replacement_offset =
                r.bom_length + wenc_decoder_first_replacement_offset(&d);
    }
    static const char empty[1];
    htmlDocPtr doc = htmlCtxtReadMemory(ctxt, text_len > 0 ? (const char *)text : empty,
                                        (int)text_len, url, "UTF-8", options);
    wenc_free(NULL, text);
    /* The document's encoding is the sniffed one, as if libxml2 had decoded
    ** it: serializing writes that encoding and its <meta> (libxml2's own
    ** output converters, item 5 in wenc/libxml2.h). */
    if (doc != NULL) {
        xmlChar *name = xmlStrdup((const xmlChar *)wenc_encoding_name(r.encoding));
        if (name != NULL) {
            /* const xmlChar * in 2.14, xmlChar * in 2.15: copied, not cast. */
            xmlChar *old;
            memcpy(&old, &doc->encoding, sizeof old);
            xmlFree(old);
            doc->encoding = name;
        }
    }
    return doc;
}
