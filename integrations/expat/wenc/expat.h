/* wenc/expat.h -- a streaming front end that puts wenc in front of Expat.
**
** Expat decodes only UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself, and its
** XML_SetUnknownEncodingHandler can describe only encodings whose sequence
** length the first byte decides (no gb18030, no ISO-2022-JP, no stateful
** encoding).  This front end takes the document's bytes in any encoding of
** the Encoding Standard and feeds Expat UTF-8:
**
**   1. it sniffs the encoding from the first bytes (up to the end of the XML
**      declaration, at most 1024 bytes): a BOM wins; then the protocol
**      encoding the caller gives (say, the charset parameter of an HTTP
**      Content-Type, RFC 7303 section 3); then UTF-16 without a BOM ("<?x")
**      and the declaration's encoding, read by the standard's labels; then
**      UTF-8 (wenc_xml_detect_encoding() in wenc/sniff.h);
**   2. the Expat parser is created with "UTF-8" as its protocol encoding.
**      Expat documents that an encoding given to XML_ParserCreate()
**      overrides the XML declaration, so a declaration that names an
**      encoding Expat does not know (Shift_JIS, gb18030, ISO-2022-JP, ...)
**      is read and kept (the declaration's encoding, in the
**      XmlDeclHandler), never refused: the bytes Expat sees are UTF-8.
**      But a declaration that decides the encoding (no BOM, no protocol
**      encoding) and names one no label of the Encoding Standard
**      (encoding="x-none", "UCS-4", ...) ends the parse with
**      WENC_EXPAT_UNSUPPORTED_ENCODING at the declaration (XML 1.0, section
**      4.3.3: an encoding the processor cannot read is a fatal error),
**      where wenc_xml_detect_encoding() alone would read UTF-8;
**   3. each chunk is decoded in error mode "fatal" (XML 1.0, section 4.3.3:
**      an encoding error is a fatal error) and given to XML_Parse();
**   4. a decoding error ends the parse as an error with the malformed
**      bytes' offset and length in the ORIGINAL input (after Expat has
**      parsed the text before them as the whole document: an earlier
**      well-formedness error is reported instead, whatever the chunks, but
**      not Expat's complaints that the text ends there, i.e.
**      XML_ERROR_NO_ELEMENTS, _UNCLOSED_TOKEN, _PARTIAL_CHAR and
**      _UNCLOSED_CDATA_SECTION); Expat's own errors are reported with Expat's code
**      and line, and the byte offset of Expat's error position mapped back
**      to the original input.
**
** The mapping from UTF-8 offsets back to input offsets is exact at code
** point boundaries: the front end records where the one-to-one relation
** between the two changes, and forgets what lies before Expat's position
** after each chunk, so its memory stays in proportion to the chunk size.
** A code point whose bytes were read together with escape sequences or
** bytes the decoder read again maps to the first byte after the previous
** code point.
**
** Only the public wenc API and Expat's API are used; no global state.  One
** wenc_expat is used by one thread at a time.
*/
#ifndef WENC_EXPAT_H
#define WENC_EXPAT_H

#include <wenc/wenc.h>

#include <expat.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wenc_expat wenc_expat;

/* How a parse ended. */
typedef enum wenc_expat_error_kind {
    WENC_EXPAT_NO_ERROR = 0,
    /* The document's bytes are malformed in its encoding. */
    WENC_EXPAT_DECODE_ERROR = 1,
    /* Expat reported an error (not well-formed, ...): CODE says which. */
    WENC_EXPAT_PARSE_ERROR = 2,
    /* The sniffed encoding is not built into this wenc (-Dencodings), or is
    ** the replacement encoding (a declaration naming ISO-2022-KR, say), or
    ** the XML declaration names a label the Encoding Standard does not know
    ** (step 2 above; OFFSET and LENGTH are then the declaration's bytes). */
    WENC_EXPAT_UNSUPPORTED_ENCODING = 3,
    /* Out of memory, or a call after the parse ended. */
    WENC_EXPAT_NO_MEMORY = 4
} wenc_expat_error_kind;

typedef struct wenc_expat_error {
    wenc_expat_error_kind kind;
    /* The error's position in the original input, in bytes from its first
    ** byte (a BOM included): the malformed bytes (DECODE_ERROR, LENGTH their
    ** count), Expat's error position mapped back (PARSE_ERROR, LENGTH 0),
    ** the declaration (UNSUPPORTED_ENCODING for an unknown label), else 0. */
    uint64_t offset;
    size_t length;
    /* PARSE_ERROR: Expat's code (XML_ErrorString() gives its message) and
    ** line (from 1); XML_ERROR_NONE and 0 otherwise. */
    enum XML_Error code;
    uint64_t line;
} wenc_expat_error;

/* Creates a front end and its Expat parser.  PROTOCOL: the encoding the
** transport gave (wenc_encoding_for_label() of a charset parameter), or NULL.
** NAMESPACE_SEPARATOR: as XML_ParserCreateNS(), or 0 for XML_ParserCreate().
** Returns NULL when out of memory.  Free it with wenc_expat_free(). */
wenc_expat *wenc_expat_create(const wenc_encoding *protocol, XML_Char namespace_separator);

/* The Expat parser, to set handlers and user data on before parsing (do
** not call XML_Parse() on it yourself, nor XML_ParserReset()). */
XML_Parser wenc_expat_parser(const wenc_expat *x);

/* Parses the next LEN bytes at SRC of the document (SRC may be NULL with LEN
** 0; LEN at most INT_MAX / 8, as the UTF-8 goes to one XML_Parse() call);
** IS_FINAL on the last call.  Any split of the document gives the same
** text and the same error (the fuzz target checks it).  The decoder is
** called once per input byte, to know each code point's input offset.  Returns XML_STATUS_OK, or XML_STATUS_ERROR
** (see wenc_expat_get_error(); every later call returns XML_STATUS_ERROR).
** XML_StopParser() and suspension are not supported. */
enum XML_Status wenc_expat_parse(wenc_expat *x, const void *src, size_t len, int is_final);

/* The error that ended the parse (kind WENC_EXPAT_NO_ERROR while there is
** none).  *ERROR is always written. */
void wenc_expat_get_error(const wenc_expat *x, wenc_expat_error *error);

/* The document's encoding once sniffed (after the first call that gave
** enough bytes, or the final one), else NULL (NULL too when the
** declaration named an unknown label).  *SOURCE (if not NULL): how
** it was decided (WENC_SNIFF_BOM, WENC_SNIFF_TRANSPORT for the protocol
** encoding, WENC_SNIFF_UTF16_XML, WENC_SNIFF_XML_DECLARATION or
** WENC_SNIFF_DEFAULT). */
const wenc_encoding *wenc_expat_encoding(const wenc_expat *x, wenc_sniff_source *source);

/* The offset in the original input of a position Expat gives in its own
** (UTF-8) byte stream, e.g. XML_GetCurrentByteIndex() inside a handler.
** Exact for positions at or after Expat's position at the end of the last
** wenc_expat_parse() call. */
uint64_t wenc_expat_input_offset(const wenc_expat *x, XML_Index utf8_index);

/* Frees X and its parser.  NULL is accepted. */
void wenc_expat_free(wenc_expat *x);

#ifdef __cplusplus
}
#endif

#endif /* WENC_EXPAT_H */
