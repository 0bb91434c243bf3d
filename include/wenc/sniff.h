/* wenc/sniff.h -- deciding a document's encoding before decoding it, for
** HTML and XML parsers (included by wenc/wenc.h).
**
** The HTML Standard, section 13.2.3 "The input byte stream", defines how:
** the encoding sniffing algorithm (BOM, user override, transport layer,
** a prescan of the first bytes for <meta> and XML declarations, parent
** document, likely encoding, autodetection, locale default), and what to
** do when a late <meta> names another encoding ("changing the encoding
** while parsing").  This header gives each of those algorithms as one call,
** plus what an XML processor needs: the encoding from a BOM and an XML
** declaration, and a fatal decode whose error carries a line and column.
** docs/sniffing.md shows them inside a parser's streaming loop.
**
** Everything here only reads the bytes it is given (explicit lengths, NULL
** accepted with length 0), never allocates except wenc_xml_decode_to_utf8_alloc(),
** and keeps no state between calls.
**
** A library built with -Dencodings (only some encodings; see
** wenc_encoding_is_built_in()) answers exactly as the full one: the
** algorithms only name encodings, and a document whose <meta>, XML
** declaration, transport label or locale names an encoding left out gets
** that encoding, never a different guess that would decode it wrongly.
** Creating its decoder then returns WENC_NOT_BUILT_IN, and the parser
** decides what to do (refuse the document, or ask the user).  Two calls
** here decode: wenc_html_change_encoding() returns
** WENC_HTML_CHANGE_RESTART instead of SWITCH when step 5 would have to
** decode the bytes consumed so far with an encoding left out, and wenc_xml_decode_to_utf8_alloc()
** returns WENC_NOT_BUILT_IN, with *USED set to the encoding.
*/
#ifndef WENC_SNIFF_H
#define WENC_SNIFF_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/sniff.h>"
#endif

/* ---------------------------------------------------------------------------
** Results.
*/

/* The HTML Standard's confidence in an encoding (13.2.3.2). */
typedef enum wenc_confidence {
    /* A guess: a later <meta> may change it (wenc_html_change_encoding()). */
    WENC_CONFIDENCE_TENTATIVE = 1,
    /* Final: the parser never changes it. */
    WENC_CONFIDENCE_CERTAIN = 2
} wenc_confidence;

/* Which step decided the encoding.  The prescan's own answers are
** WENC_SNIFF_UTF16_XML, WENC_SNIFF_META and WENC_SNIFF_XML_DECLARATION. */
typedef enum wenc_sniff_source {
    WENC_SNIFF_NONE = 0,            /* nothing decided (prescan failure)        */
    WENC_SNIFF_BOM = 1,             /* step 1: a byte order mark                */
    WENC_SNIFF_OVERRIDE = 2,        /* step 2: the user's override              */
    WENC_SNIFF_TRANSPORT = 3,       /* step 4: the transport layer (Content-Type) */
    WENC_SNIFF_UTF16_XML = 4,       /* step 5, prescan step 2: '<?x' in UTF-16  */
    WENC_SNIFF_META = 5,            /* step 5: <meta charset> or http-equiv     */
    WENC_SNIFF_XML_DECLARATION = 6, /* step 5: <?xml ... encoding="..."?>       */
    WENC_SNIFF_PARENT = 7,          /* step 6: the parent document's encoding   */
    WENC_SNIFF_LIKELY = 8,          /* step 7: the caller's likely encoding     */
    WENC_SNIFF_AUTODETECT = 9,      /* step 8: UTF-8 detection                  */
    WENC_SNIFF_DEFAULT = 10         /* step 9: the fallback or locale default   */
} wenc_sniff_source;

/* The enumerator's name without prefix ("BOM", "META", ...), or "UNKNOWN"
** for a value outside the enum.  Never NULL. */
WENC_API const char *wenc_sniff_source_name(wenc_sniff_source source);

/* "tentative", "certain", or "unknown" for a value outside the enum. */
WENC_API const char *wenc_confidence_name(wenc_confidence confidence);

/* ---------------------------------------------------------------------------
** The prescan (13.2.3.2, "prescan a byte stream to determine its
** encoding", with "get an attribute", "extracting a character encoding from
** a meta element" and "get an XML encoding").
*/

/* Prescans the LEN bytes at SRC: the end condition is the end of those
** bytes (the standard suggests the first 1024 bytes of the document; give
** fewer if that is all there is so far).  Returns the encoding found, or
** NULL for failure (also for SRC == NULL or LEN == 0).
**
** *SOURCE (if SOURCE is not NULL) tells how: WENC_SNIFF_UTF16_XML (a UTF-16
** '<?x' at the start: UTF-16LE or UTF-16BE), WENC_SNIFF_META (a <meta>;
** UTF-16BE/LE are then read as UTF-8 and x-user-defined as windows-1252, as
** the standard says), WENC_SNIFF_XML_DECLARATION (the scan ran out of bytes
** and "get an XML encoding" found one; UTF-16BE/LE read as UTF-8), or
** WENC_SNIFF_NONE with NULL.
**
** Streaming.  Running out of bytes is the only way the scan ends without
** an answer of its own, and only then is "get an XML encoding" asked.  So
** *FINAL (if FINAL is not NULL) is true when the answer came from the scan
** itself (WENC_SNIFF_UTF16_XML or WENC_SNIFF_META): the scan never looked
** past the bytes it used, and any bytes appended after SRC give the same
** answer.  When *FINAL is false (an XML declaration's encoding, or
** failure), more bytes could still change the answer: call again with all
** the bytes so far once more arrive, until the end condition. */
WENC_API const wenc_encoding *wenc_html_prescan(const uint8_t *src, size_t len,
                                                wenc_sniff_source *source, bool *final);

/* "Extracting a character encoding from a meta element": the encoding named
** by "charset=" in the LEN bytes at CONTENT (a <meta content> value, e.g.
** "text/html; charset=koi8-r"), or NULL for "nothing".  The value may be
** quoted with " or ' (a quote without its match gives NULL); otherwise it
** runs to ASCII whitespace, ';' or the end.  No backslash escapes: this is
** not HTTP's syntax (see wenc_content_type_encoding()).  No mapping of
** UTF-16 or x-user-defined is done here (the prescan does it). */
WENC_API const wenc_encoding *wenc_html_meta_content_encoding(const uint8_t *content,
                                                              size_t len);

/* "Get an XML encoding": if the LEN bytes at SRC start with "<?xml" and hold
** a '>', the encoding named by the first `encoding = "LABEL"` (or 'LABEL')
** after it, with UTF-16BE/LE read as UTF-8.  NULL for failure: no "<?xml"
** at the start, no '>', no "encoding", no '=' or quote where one must be
** (bytes 0x00-0x20 may surround the '='), no closing quote, a byte 0x00-0x20
** inside the label, or a label that names no encoding.  As the standard
** writes it, the search for "encoding" and for the closing quote is not
** bounded by that first '>'.  Bytes past SRC + LEN are never read. */
WENC_API const wenc_encoding *wenc_html_xml_declaration_encoding(const uint8_t *src,
                                                                 size_t len);

/* ---------------------------------------------------------------------------
** The encoding sniffing algorithm (13.2.3.2).
*/

/* What the caller knows besides the bytes.  Zero-initialise it ({0}) and
** set what applies: every field is optional. */
typedef struct wenc_html_sniff_options {
    /* Step 2: the user's explicit override, or NULL. */
    const wenc_encoding *override;
    /* Step 4: the transport layer's encoding as a label (say, the charset
    ** parameter a caller took from a Content-Type header itself), or NULL.
    ** A label that names no encoding is ignored: the standard takes only a
    ** "supported" encoding.  TRANSPORT below, when set, wins over it. */
    const char *transport_label;
    size_t transport_label_len;
    /* Step 4: the transport layer's encoding, e.g. the result of
    ** wenc_content_type_encoding() on the Content-Type header; NULL for
    ** none. */
    const wenc_encoding *transport;
    /* Step 5: the prescan's end condition, in bytes from the start of SRC:
    ** 0 means 1024 (the standard's suggestion).  The prescan looks at
    ** min(LEN, PRESCAN_LIMIT) bytes. */
    size_t prescan_limit;
    /* Step 5: true to skip the prescan ("scanning any bytes is not
    ** efficient"). */
    bool no_prescan;
    /* Step 8: true to detect UTF-8 with wenc_utf8_detect() over all LEN
    ** bytes, which should then be the whole file (a local file, say). */
    bool detect_utf8;
    /* Step 6: the parent (container) document's encoding, or NULL.  The
    ** caller checks that it is same origin; UTF-16BE/LE are ignored here, as
    ** the step says. */
    const wenc_encoding *parent;
    /* Step 7: the likely encoding (e.g. the page's on its last visit), or
    ** NULL. */
    const wenc_encoding *likely;
    /* Step 9: the default.  FALLBACK if not NULL; otherwise the standard's
    ** table applied to LOCALE (a BCP 47 tag, see wenc_encoding_for_locale());
    ** with neither, windows-1252 (the table's "all other locales").
    ** Controlled environments should set FALLBACK to WENC_UTF_8. */
    const wenc_encoding *fallback;
    const char *locale;
    size_t locale_len;
} wenc_html_sniff_options;

/* The answer. */
typedef struct wenc_html_sniff_result {
    const wenc_encoding *encoding; /* never NULL after WENC_OK          */
    wenc_confidence confidence;
    wenc_sniff_source source;      /* the step that decided             */
    /* Whether more bytes after SRC could not change the answer: false
    ** while fewer than 3 bytes are known (a BOM may still come) or the
    ** answer came after a prescan that ran out of bytes before its end
    ** condition (a <meta> may still come). */
    bool final;
    /* WENC_SNIFF_BOM: the BOM's length (3 or 2), which the decoder should
    ** skip (wenc_decode_init() does); 0 otherwise. */
    size_t bom_length;
} wenc_html_sniff_result;

/* Runs the encoding sniffing algorithm over the LEN bytes at SRC, all the
** bytes of the document available so far, with OPTIONS (NULL: all
** defaults), and stores the answer in *RESULT.  The steps, in order: 1. BOM
** (certain); 2. OPTIONS->override (certain); 4. the transport layer
** (certain); 5. the prescan (tentative); 6. parent; 7. likely; 8. UTF-8
** detection; 9. the default (all tentative).  Step 3 (waiting for bytes)
** is the caller's: call with at least the prescan limit of bytes or the
** whole document, or call again with more while RESULT->final is false.
** Returns WENC_OK, or WENC_INVALID_ARGUMENT (RESULT NULL, or SRC NULL with
** LEN non-zero; *RESULT, when RESULT is not NULL, is then zeroed). */
WENC_API wenc_status wenc_html_sniff(const uint8_t *src, size_t len,
                                     const wenc_html_sniff_options *options,
                                     wenc_html_sniff_result *result);

/* Step 9's table of suggested defaults by locale: the encoding for the
** BCP 47 language tag in the LEN bytes at TAG ("ru", "ja-JP", "zh-Hant-TW",
** ...).  The primary language subtag decides (ASCII case-insensitive; '_' is
** accepted as a separator too, as in POSIX locale names), except for "zh":
** a script subtag Hans gives GBK and Hant Big5; without one, a region CN or
** SG gives GBK and HK, MO or TW Big5.  Everything else, "zh" alone, an empty
** tag and TAG == NULL give windows-1252 ("all other locales").  Never
** NULL. */
WENC_API const wenc_encoding *wenc_encoding_for_locale(const char *tag, size_t len);

/* The encoding named by the charset parameter of the LEN bytes at VALUE, a
** whole HTTP Content-Type header value, as Fetch's "extract a MIME type"
** finds it: the value is split at commas outside quoted strings; each part
** is parsed as a MIME type (MIME Sniffing, "parse a MIME type"), skipping
** invalid ones and any "*" "/" "*"; the charset of the last valid MIME type
** counts, carried over from earlier parts of the same essence when it has
** none, and forgotten when the essence changes.  Within one MIME type the
** first charset parameter wins.  Parameter values may be tokens or quoted
** strings with backslash escapes ("utf\-8" is utf-8).  Then "get an
** encoding".  Returns NULL when there is no charset or it names no
** encoding.  This differs from the <meta content> algorithm
** (wenc_html_meta_content_encoding()), which knows no escapes, accepts
** single quotes and does not need a valid type/subtype. */
WENC_API const wenc_encoding *wenc_content_type_encoding(const char *value, size_t len);

/* ---------------------------------------------------------------------------
** Changing the encoding while parsing (13.2.3.4).
*/

/* What the parser does about a <meta> naming another encoding. */
typedef enum wenc_html_change {
    /* Step 1: the current encoding is UTF-16BE/LE: keep it, confidence
    ** becomes certain, the new encoding is ignored. */
    WENC_HTML_CHANGE_IGNORE = 1,
    /* Step 4: the same encoding (after steps 2-3): confidence certain. */
    WENC_HTML_CHANGE_SAME = 2,
    /* Step 5: the bytes decoded so far read the same in both encodings:
    ** switch decoders on the fly (a new decoder for the new encoding, fed
    ** the bytes after those consumed), confidence certain. */
    WENC_HTML_CHANGE_SWITCH = 3,
    /* Step 6: reparse the document from the start with the new encoding,
    ** confidence certain. */
    WENC_HTML_CHANGE_RESTART = 4
} wenc_html_change;

/* Decides 13.2.3.4 for a parser decoding with CURRENT that found REQUESTED
** in a <meta>, after its decoder converted the CONSUMED_LEN bytes at
** CONSUMED (the document's bytes from its start, a BOM included if there
** was one, up to the last byte the current decoder converted).  *NEW (if
** NEW is not NULL) receives the encoding to use from now on: CURRENT for
** IGNORE and SAME, REQUESTED after steps 2-3 (UTF-16BE/LE -> UTF-8,
** x-user-defined -> windows-1252) for SWITCH and RESTART.
**
** Step 5 compares the decodings of CONSUMED by CURRENT's decoder and the new
** one (replacement mode, no BOM handling except that a leading BOM of
** CURRENT, which both skip, is not compared): SWITCH only if they give the
** same code points and neither decoder holds an unfinished sequence at the
** end; otherwise RESTART.  REPLACEMENT as the new encoding always restarts
** unless CONSUMED is empty.  Returns 0 for CURRENT or REQUESTED NULL, or
** CONSUMED NULL with CONSUMED_LEN non-zero.  Never allocates. */
WENC_API wenc_html_change wenc_html_change_encoding(const wenc_encoding *current,
                                                    const wenc_encoding *requested,
                                                    const uint8_t *consumed,
                                                    size_t consumed_len,
                                                    const wenc_encoding **new_encoding);

/* The name of CHANGE without prefix ("IGNORE", ...), or "UNKNOWN". */
WENC_API const char *wenc_html_change_name(wenc_html_change change);

/* ---------------------------------------------------------------------------
** UTF-8 detection (13.2.3.2 step 8's suggestion for local files).
*/

/* Whether the LEN bytes at SRC, a whole file, are valid UTF-8 (as the
** standard's decoder in fatal mode sees it) with at least one byte above
** 0x7F.  All-ASCII and empty input give false: they say nothing. */
WENC_API bool wenc_utf8_detect(const uint8_t *src, size_t len);

/* ---------------------------------------------------------------------------
** XML.
*/

/* The encoding of an XML document from its first bytes (LEN bytes at SRC;
** give at least the whole XML declaration, e.g. the first 1024 bytes):
** 1. a BOM (UTF-8, UTF-16BE, UTF-16LE), *BOM_LENGTH set to its length;
** 2. '<?x' in UTF-16 without a BOM (3C 00 3F 00 78 00: UTF-16LE;
**    00 3C 00 3F 00 78: UTF-16BE), as the HTML prescan's step 2;
** 3. the XML declaration's encoding, by "get an XML encoding"
**    (wenc_html_xml_declaration_encoding(): UTF-16 labels read as UTF-8);
** 4. UTF-8, the XML default.
** *SOURCE (if not NULL) is WENC_SNIFF_BOM, WENC_SNIFF_UTF16_XML,
** WENC_SNIFF_XML_DECLARATION or WENC_SNIFF_DEFAULT; *BOM_LENGTH (if not NULL)
** 0 except for a BOM.  A declaration whose label names no encoding gives
** UTF-8 with WENC_SNIFF_DEFAULT (an XML processor may reject the document:
** compare with what the declaration says).  Never NULL. */
WENC_API const wenc_encoding *wenc_xml_detect_encoding(const uint8_t *src, size_t len,
                                                       wenc_sniff_source *source,
                                                       size_t *bom_length);

/* Where a fatal XML decode stopped.  OFFSET and LENGTH are the malformed
** bytes (offset from the start of the document, BOM included); LINE and
** COLUMN (both from 1) where they start in the text: lines end at LF, CR
** or CR LF (XML's end-of-line handling, which counts CR LF once), and the
** column counts code points (U+0000..U+10FFFF, the BOM excluded) from the
** start of the line. */
typedef struct wenc_xml_error {
    uint64_t offset;
    size_t length;
    uint64_t line;
    uint64_t column;
} wenc_xml_error;

/* Decodes the XML document in the LEN bytes at SRC, whole, to UTF-8:
** wenc_xml_detect_encoding(), then that encoding's decoder in fatal mode,
** the BOM (if any) skipped.  The text goes to a new allocation *OUT of
** *OUT_LEN bytes (plus a zero byte; free it with wenc_free(ALLOCATOR, *OUT)),
** *USED (if not NULL) receives the encoding.
** Returns WENC_OK; WENC_MALFORMED with *ERROR (if not NULL) set, and *OUT
** NULL; WENC_NOT_BUILT_IN (*OUT NULL, *USED set) when the document's
** encoding was left out of this build (-Dencodings); WENC_NO_MEMORY;
** WENC_TOO_LARGE; or WENC_INVALID_ARGUMENT (OUT or OUT_LEN NULL, SRC NULL
** with LEN non-zero). */
WENC_API wenc_status wenc_xml_decode_to_utf8_alloc(const uint8_t *src, size_t len,
                                                   const wenc_allocator *allocator,
                                                   uint8_t **out, size_t *out_len,
                                                   const wenc_encoding **used,
                                                   wenc_xml_error *error);

/* The line and column (from 1, as in wenc_xml_error) just after the LEN
** bytes of UTF-8 text at TEXT: where the next character starts.  TEXT is
** read as code points (an ill-formed byte counts as one).  For a decoder's
** output, this locates its next input. */
WENC_API void wenc_text_line_column(const uint8_t *text, size_t len, uint64_t *line,
                                    uint64_t *column);

#endif /* WENC_SNIFF_H */
