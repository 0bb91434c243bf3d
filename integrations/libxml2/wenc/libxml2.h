/* wenc/libxml2.h -- wenc as libxml2's character converter (libxml2 >= 2.14).
**
** libxml2 2.14 added a per-parser converter hook, xmlCtxtSetCharEncConvImpl().
** This integration plugs the Encoding Standard's labels, decoders and
** encoders into it:
**
**   - the label libxml2 found (an XML declaration, a <meta>, the encoding
**     given to xmlCtxtReadMemory() and friends) is looked up as the standard's
**     "get an encoding" does; a label that names no encoding, or names the
**     replacement encoding, gives XML_ERR_UNSUPPORTED_ENCODING;
**   - the XML parser decodes in error mode "fatal" (XML 1.0, section 4.3.3:
**     an encoding error is a fatal error), and the malformed bytes' offset in
**     the document can be read afterwards (wenc_libxml2_report);
**   - the HTML parser decodes in error mode "replacement" (the HTML
**     Standard, 13.2.3.1: U+FFFD where the Encoding Standard puts it);
**   - output (serialization through a handler this hook made) uses the
**     standard's encoder in error mode "html" (&#N; for what the encoding
**     cannot represent), as HTML forms do.
**
** Only the public wenc API is used; the integration keeps no global state:
** everything lives in the handlers libxml2 owns and frees, and in the
** caller's wenc_libxml2_report.  Two threads may each parse with their own
** context at the same time.
**
** What libxml2 keeps to itself (the hook is never asked about these):
**
**   1. Its built-in converters always win.  UTF-8, UTF-16, UTF-16LE/BE,
**      ISO-8859-1 and US-ASCII (and their aliases in libxml2's own table,
**      e.g. "latin1", "ascii"), plus windows-1252 from 2.15 on, are decoded
**      by libxml2.  Its ISO-8859-1 and US-ASCII are not the standard's
**      windows-1252 (which those labels name): bytes 0x80-0x9F decode to
**      C1 controls, and US-ASCII rejects bytes above 0x7F; in HTML mode
**      2.15 maps them to its windows-1252 (which agreed with the standard
**      on every byte tested).  Its UTF-8 and UTF-16 readers replace in
**      their own way in HTML: a U+FFFD per byte of a cut-off sequence
**      (E1 80 41 gives two, the standard one: "maximal subpart"), and
**      unpaired surrogates differently.
**   2. BOM detection and the detection of UTF-16 and other encodings from
**      the first bytes (XML 1.0, appendix F) are libxml2's, done before any
**      label is seen.
**   3. U+FFFD at the end of the input: the standard's decoders emit U+FFFD
**      for a sequence cut off by the end of the input; libxml2 calls the
**      converter's flush only after it has decided the input ended, and
**      text produced at that flush is not parsed (the HTML parser drops it
**      or, in the XML parser, the document is already ill-formed).
**   4. The HTML parser has no prescan: it learns the encoding when its
**      tokenizer reaches a <meta>, and otherwise falls back to its own
**      guess (UTF-8, then windows-1252 in 2.15 / ISO-8859-1 in 2.14).
**   5. Serialization (xmlDocDumpMemory(), htmlDocDumpMemory(), xmlSave*())
**      opens its encoder by name through the global lookup, not through
**      this hook: only output written through a handler made here
**      (wenc_libxml2_conv_impl() with XML_ENC_OUTPUT, passed to
**      xmlOutputBufferCreate*()) uses wenc's encoders.
**   6. libxml2 2.14 does not tell the hook whether the HTML parser is asking
**      (2.15 passes XML_ENC_HTML); wenc_libxml2_install() asks the context
**      (xmlCtxtIsHtml()) instead, so both versions get replacement mode for
**      HTML.
**
** What wenc_libxml2_html_read_memory() fixes, for HTML in memory: all of
** items 1 to 4.  It runs the HTML Standard's encoding sniffing (BOM,
** transport-layer charset, prescan, locale default), decodes the whole
** document with wenc (replacement mode, the BOM skipped, U+FFFD for a
** sequence cut off at the end) and hands libxml2 the UTF-8, which libxml2's
** UTF-8 reader passes through unchanged.  So the text is the standard's
** decode whatever the encoding, built-ins' included.  The document's
** encoding (doc->encoding) is then set to the sniffed one, so serializing
** writes it, through libxml2's own converters (item 5 remains).  And, as
** the encoding is given, a <meta> after the prescan's 1024 bytes changes
** nothing (the standard would reparse, 13.2.3.4).
*/
#ifndef WENC_LIBXML2_H
#define WENC_LIBXML2_H

#include <wenc/wenc.h>

#include <libxml/HTMLparser.h>
#include <libxml/encoding.h>
#include <libxml/parser.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the hook did on one parser context (see
** wenc_libxml2_install_report()).  Zero-initialise it ({0}); the hook
** writes it, the caller reads it after the parse.  The priv_ fields are
** the hook's. */
typedef struct wenc_libxml2_report {
    /* The encoding of the last decoder the hook made for this context, or
    ** NULL if libxml2 never asked (a built-in converter, or UTF-8). */
    const wenc_encoding *encoding;
    /* Whether that decoder is in replacement mode (the HTML parser). */
    bool html;
    /* XML: the decoder stopped at malformed bytes; ERROR_OFFSET (from the
    ** start of the document given to libxml2, a BOM included) and
    ** ERROR_LENGTH say which.  libxml2 then reports the parse error
    ** XML_ERR_INVALID_ENCODING ("input conversion failed"). */
    bool malformed;
    uint64_t error_offset;
    size_t error_length;
    /* HTML: how many malformed sequences became U+FFFD, and the document
    ** offset of the first one (0 while the count is 0). */
    uint64_t replacements;
    uint64_t first_replacement_offset;
    /* The hook's own. */
    xmlParserCtxtPtr priv_ctxt;
    int priv_html;
} wenc_libxml2_report;

/* libxml2's xmlCharEncConvImpl.  NAME is looked up as a label of the
** standard (ASCII whitespace around it and ASCII case ignored).  FLAGS:
** XML_ENC_INPUT gives a decoder, XML_ENC_OUTPUT an encoder (html mode), both
** may be set.  The decoder's error mode is replacement when XML_ENC_HTML is
** in FLAGS (2.15) or VCTXT came from wenc_libxml2_install() on an HTML
** context, fatal otherwise.
**
** VCTXT is NULL (the mode then comes from FLAGS alone; nothing is
** reported), or what wenc_libxml2_install() / _install_report() passed.
**
** Returns XML_ERR_OK with *OUT a new handler (libxml2 frees it with
** xmlCharEncCloseFunc()); XML_ERR_UNSUPPORTED_ENCODING for a label that
** names no encoding, the replacement encoding, an encoding left out of this
** build of wenc (-Dencodings), or XML_ENC_OUTPUT for an encoding without an
** encoder (UTF-16BE/LE: libxml2's own); XML_ERR_ARGUMENT for NAME or OUT NULL;
** XML_ERR_NO_MEMORY. */
xmlParserErrors wenc_libxml2_conv_impl(void *vctxt, const char *name, xmlCharEncFlags flags,
                                       xmlCharEncodingHandler **out);

/* Installs the hook on CTXT, one parser context (XML or HTML, pull or push).
** The HTML parser's decoders replace, the XML parser's stop at the first
** malformed byte.  Call it before parsing; it stays for every document
** parsed with CTXT.  Does nothing for CTXT NULL. */
void wenc_libxml2_install(xmlParserCtxtPtr ctxt);

/* As wenc_libxml2_install(), and the hook writes what it did to *REPORT,
** which the caller owns and must keep alive as long as CTXT parses.
** *REPORT is cleared here; reuse across documents keeps the last
** document's figures (clear it with wenc_libxml2_report_clear()). */
void wenc_libxml2_install_report(xmlParserCtxtPtr ctxt, wenc_libxml2_report *report);

/* Forgets the figures of a report (keeps it installed). */
void wenc_libxml2_report_clear(wenc_libxml2_report *report);

/* Parses the SIZE bytes at BUFFER as an HTML document whose encoding the
** HTML Standard decides (13.2.3.2, "encoding sniffing algorithm"): a BOM,
** then TRANSPORT_CHARSET (the charset parameter of the Content-Type header,
** or NULL), then the prescan of the first 1024 bytes (<meta charset>,
** http-equiv), then the default for LOCALE (a BCP 47 tag such as "ja" or
** NULL: windows-1252).  wenc decodes the document in that encoding
** (replacement mode) and CTXT (an HTML context from htmlNewParserCtxt())
** parses the UTF-8 with htmlCtxtReadMemory(); the hook is installed on CTXT
** with REPORT (may be NULL), which receives the encoding and the
** replacement count and first offset (from BUFFER's first byte).  OPTIONS
** are htmlParserOption flags; URL may be NULL.  *SNIFFED (if not NULL)
** receives the sniffing's answer.  Returns the document (free it with
** xmlFreeDoc()) or NULL, as htmlCtxtReadMemory()
** does (doc->encoding: the sniffed encoding's name); NULL also for CTXT
** NULL, SIZE < 0, BUFFER NULL with SIZE > 0, no memory, or an encoding left
** out of this build of wenc (-Dencodings). */
htmlDocPtr wenc_libxml2_html_read_memory(htmlParserCtxtPtr ctxt, const char *buffer,
                                         int size, const char *url,
                                         const char *transport_charset, const char *locale,
                                         int options, wenc_libxml2_report *report,
                                         wenc_html_sniff_result *sniffed);

#ifdef __cplusplus
}
#endif

#endif /* WENC_LIBXML2_H */
