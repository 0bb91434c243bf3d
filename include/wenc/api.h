/* wenc/api.h -- what most users call (included by wenc/wenc.h): the
** standard's hooks for other specifications, one-shot calls that allocate
** their output, and a C rendering of the TextDecoder, TextEncoder,
** TextDecoderStream and TextEncoderStream interfaces.
**
** Everything here is built on the streaming decoders and encoders of
** wenc/decoder.h and wenc/encoder.h.  The rules of wenc.h hold: no global
** state, no locale, no errno; any function may be called from any thread,
** and an object (decoder, encoder, text decoder, text encoder stream) must
** not be used by two threads at once without the caller's locking.
**
** Contents:
**   1. Allocation: wenc_allocator, wenc_free().
**   2. One-shot calls on a decoder or encoder that allocate the output.
**   3. Hooks for standards: UTF-8 decode (with/without BOM, or fail),
**      UTF-8 encode.
**   4. Legacy hooks: decode (BOM sniffing), BOM sniff, encode (html mode),
**      get an encoder, get a decoder, encode or fail, get an output
**      encoding.
**   5. TextDecoder (and TextDecoderStream).
**   6. TextEncoder: encode(), encodeInto().
**   7. TextEncoderStream.
**
** Output strings of the *_alloc functions.  They allocate exactly the output
** plus one terminating zero unit (not counted in the returned length, so a
** UTF-8 result can be used as a C string if it holds no U+0000), with the
** caller's allocator or malloc().  Release them with wenc_free() and the
** same allocator.  On any status other than those documented as returning
** output, *OUT is set to NULL and *OUT_LEN to 0.  The output is computed
** twice (once to measure it, once to write it) unless it is small (up to
** 4 KiB), so no memory is wasted and nothing is reallocated.
*/
#ifndef WENC_API_H
#define WENC_API_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/api.h>"
#endif

/* ===========================================================================
** 1. Allocation
*/

/* A caller-supplied allocator for the *_alloc functions and for the bytes a
** text decoder keeps (see wenc_text_decoder_init()).  ALLOC returns SIZE
** bytes aligned for any type, or NULL on failure (which the library reports
** as WENC_NO_MEMORY, never as a crash); FREE releases what ALLOC returned
** (it is never called with NULL).  CTX is passed to both unchanged.
** Wherever a `const wenc_allocator *` is taken, NULL means malloc() and
** free(), and so does an allocator whose ALLOC or FREE is NULL (so the two
** always match).  The library never calls ALLOC with SIZE 0. */
typedef struct wenc_allocator {
    void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *ptr);
    void *ctx;
} wenc_allocator;

/* Releases PTR, a result of a *_alloc function called with ALLOCATOR (NULL:
** free()).  PTR may be NULL. */
WENC_API void wenc_free(const wenc_allocator *allocator, void *ptr);

/* ===========================================================================
** 2. One-shot calls on a decoder or encoder
**
** These run a streaming call (wenc_decoder_decode_to_utf8() and so on) over
** all of SRC and return the output in one exact allocation.  The object
** keeps its state, so they can be used chunk by chunk too, and its getters
** (error offset, encoding found by BOM sniffing, replacement and
** unmappable counts, ...) work as after the streaming call.
*/

/* Decodes the *SRC_LEN bytes at SRC with D (LAST as for
** wenc_decoder_decode_to_utf8()) and stores the output, as UTF-8 or as
** UTF-16 in host byte order, in a new allocation *OUT of *OUT_LEN units.
**
** Returns:
** - WENC_INPUT_EMPTY (WENC_OK): all input consumed.
** - WENC_MALFORMED (D in fatal mode): *OUT holds the output before the
**   error; *SRC_LEN is how many bytes were consumed, the malformed ones
**   included (wenc_decoder_error_offset() tells where they are).  Call again
**   with the rest to go on.
** - WENC_NO_MEMORY, WENC_TOO_LARGE (the size does not fit in size_t): D is
**   unchanged and *SRC_LEN is 0.
** - WENC_INVALID_ARGUMENT: D, SRC_LEN, OUT or OUT_LEN is NULL, or SRC is
**   NULL with *SRC_LEN non-zero.
** On success *SRC_LEN keeps its value.  SRC may be NULL when *SRC_LEN is 0
** (with LAST, that flushes D). */
WENC_API wenc_status wenc_decoder_decode_to_utf8_alloc(wenc_decoder *d, const uint8_t *src,
                                                       size_t *src_len, bool last,
                                                       const wenc_allocator *allocator,
                                                       uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_decoder_decode_to_utf16_alloc(wenc_decoder *d, const uint8_t *src,
                                                        size_t *src_len, bool last,
                                                        const wenc_allocator *allocator,
                                                        uint16_t **out, size_t *out_len);

/* Encodes the *SRC_LEN units at SRC (UTF-8 bytes or UTF-16 code units in
** host order; ill-formed input is read as U+FFFD, see wenc/encoder.h) with
** E, LAST as for wenc_encoder_encode_from_utf8(), into a new allocation *OUT
** of *OUT_LEN bytes.
**
** Returns WENC_INPUT_EMPTY (WENC_OK); WENC_UNMAPPABLE (E in fatal mode:
** *OUT holds the bytes before the code point, which is
** wenc_encoder_error_code_point(E), and *SRC_LEN counts the units consumed,
** that code point's included); or WENC_NO_MEMORY, WENC_TOO_LARGE,
** WENC_INVALID_ARGUMENT as above (E unchanged). */
WENC_API wenc_status wenc_encoder_encode_from_utf8_alloc(wenc_encoder *e, const uint8_t *src,
                                                         size_t *src_len, bool last,
                                                         const wenc_allocator *allocator,
                                                         uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_encoder_encode_from_utf16_alloc(wenc_encoder *e, const uint16_t *src,
                                                          size_t *src_len, bool last,
                                                          const wenc_allocator *allocator,
                                                          uint8_t **out, size_t *out_len);

/* ===========================================================================
** 3. Hooks for standards (Encoding Standard, "Hooks for standards")
**
** Each hook comes in two forms:
** - streaming: an _init function sets up a caller-owned wenc_decoder or
**   wenc_encoder the way the hook's algorithm needs it; feed it with
**   wenc_decoder_decode_to_utf8/16() or wenc_encoder_encode_from_utf8/16()
**   (LAST on the final chunk) in buffers of any size.  The _init functions
**   return WENC_OK, or WENC_INVALID_ARGUMENT for a NULL object.
** - one-shot: SRC[0..SRC_LEN) is the whole input (an "immediate" I/O queue)
**   and the output goes to a new allocation (see the top of this file).
**   They return WENC_OK, WENC_NO_MEMORY, WENC_TOO_LARGE or
**   WENC_INVALID_ARGUMENT (OUT or OUT_LEN NULL, SRC NULL with SRC_LEN
**   non-zero), plus what is said for each.
** To learn what a one-shot replaced (decoding errors, unmappable code
** points written as "&#N;", ill-formed input), call the hook's _init and
** then the object's _alloc call of section 2 with LAST: the same output in
** the same one allocation, and the object's counts
** (wenc_decoder_replacement_count(), wenc_encoder_unmappable_count(), ...)
** and encoding found by BOM sniffing after it:
**
**     wenc_decoder d;
**     wenc_decode_init(&d, WENC_SHIFT_JIS);
**     size_t n = len;
**     st = wenc_decoder_decode_to_utf8_alloc(&d, src, &n, true, NULL, &out, &out_len);
**     if (st == WENC_OK && wenc_decoder_replacement_count(&d) != 0) ...
*/

/* UTF-8 decode: a leading UTF-8 BOM (EF BB BF) is skipped, then UTF-8 is
** decoded with errors replaced by U+FFFD.  Only one BOM is skipped. */
WENC_API wenc_status wenc_utf8_decode_init(wenc_decoder *d);
WENC_API wenc_status wenc_utf8_decode_to_utf8_alloc(const uint8_t *src, size_t src_len,
                                                    const wenc_allocator *allocator,
                                                    uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_utf8_decode_to_utf16_alloc(const uint8_t *src, size_t src_len,
                                                     const wenc_allocator *allocator,
                                                     uint16_t **out, size_t *out_len);

/* UTF-8 decode without BOM: as UTF-8 decode, but a BOM is kept (U+FEFF). */
WENC_API wenc_status wenc_utf8_decode_without_bom_init(wenc_decoder *d);
WENC_API wenc_status wenc_utf8_decode_without_bom_to_utf8_alloc(const uint8_t *src,
                                                                size_t src_len,
                                                                const wenc_allocator *allocator,
                                                                uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_utf8_decode_without_bom_to_utf16_alloc(const uint8_t *src,
                                                                 size_t src_len,
                                                                 const wenc_allocator *allocator,
                                                                 uint16_t **out, size_t *out_len);

/* UTF-8 decode without BOM or fail: the first malformed sequence fails the
** whole decode.  The streaming form's decoder is in fatal mode: it returns
** WENC_MALFORMED and wenc_decoder_error_offset() gives the offset of the
** malformed bytes.  The one-shot form returns WENC_MALFORMED (the standard's
** "failure") with no output; use the streaming form, or
** wenc_decoder_decode_to_utf8_alloc() on its decoder, to learn where. */
WENC_API wenc_status wenc_utf8_decode_without_bom_or_fail_init(wenc_decoder *d);
WENC_API wenc_status wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc(
    const uint8_t *src, size_t src_len, const wenc_allocator *allocator, uint8_t **out,
    size_t *out_len);
WENC_API wenc_status wenc_utf8_decode_without_bom_or_fail_to_utf16_alloc(
    const uint8_t *src, size_t src_len, const wenc_allocator *allocator, uint16_t **out,
    size_t *out_len);

/* UTF-8 encode: scalar values to UTF-8.  It never fails; a lone surrogate
** in UTF-16 input and ill-formed UTF-8 input become U+FFFD (EF BF BD). */
WENC_API wenc_status wenc_utf8_encode_init(wenc_encoder *e);
WENC_API wenc_status wenc_utf8_encode_from_utf8_alloc(const uint8_t *src, size_t src_len,
                                                      const wenc_allocator *allocator,
                                                      uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_utf8_encode_from_utf16_alloc(const uint16_t *src, size_t src_len,
                                                       const wenc_allocator *allocator,
                                                       uint8_t **out, size_t *out_len);

/* ===========================================================================
** 4. Legacy hooks for standards (Encoding Standard, "Legacy hooks")
*/

/* BOM sniff: returns WENC_UTF_8 if SRC starts with EF BB BF, WENC_UTF_16BE
** for FE FF, WENC_UTF_16LE for FF FE, else NULL; *BOM_LEN (if BOM_LEN is not
** NULL) is set to the BOM's length, 3, 2 or 0.  Nothing is consumed: this
** only peeks.  SRC must hold the first three bytes of the input, or all of
** it if it is shorter (the standard's peek waits for three bytes or the
** end): EF BB is no BOM.  SRC == NULL gives NULL and 0.  For a stream that
** arrives in pieces, wenc_decode_init() sniffs across chunks instead. */
WENC_API const wenc_encoding *wenc_bom_sniff(const uint8_t *src, size_t src_len,
                                             size_t *bom_len);

/* decode: BOM sniff, then decode with FALLBACK unless a BOM was found (the
** BOM wins over FALLBACK, and is skipped), with errors replaced by U+FFFD.
**
** Streaming: wenc_decode_init() sets D up with WENC_DECODER_BOM_SNIFF
** (a BOM split across chunks is found); wenc_decoder_encoding(D) tells the
** encoding in use once it is decided: after at most three bytes, or at the
** end.  WENC_INVALID_ARGUMENT if D or FALLBACK is NULL.
**
** One-shot: *USED (if USED is not NULL) receives the encoding actually used:
** the BOM's, or FALLBACK.  WENC_INVALID_ARGUMENT also if FALLBACK is NULL.
** Both forms return WENC_NOT_BUILT_IN, with no output, when FALLBACK is an
** encoding this build left out (-Dencodings), even if the input starts with
** a BOM: the result does not depend on the input.  The encodings a BOM
** names (UTF-8, UTF-16BE, UTF-16LE) are always built in.
** FALLBACK may be any encoding, replacement included (its decoder turns a
** non-empty input into one U+FFFD). */
WENC_API wenc_status wenc_decode_init(wenc_decoder *d, const wenc_encoding *fallback);
WENC_API wenc_status wenc_decode_to_utf8_alloc(const uint8_t *src, size_t src_len,
                                               const wenc_encoding *fallback,
                                               const wenc_allocator *allocator, uint8_t **out,
                                               size_t *out_len, const wenc_encoding **used);
WENC_API wenc_status wenc_decode_to_utf16_alloc(const uint8_t *src, size_t src_len,
                                                const wenc_encoding *fallback,
                                                const wenc_allocator *allocator,
                                                uint16_t **out, size_t *out_len,
                                                const wenc_encoding **used);

/* encode: encodes into ENCODING in error mode "html": a code point the
** encoding cannot represent is written as "&#N;" (decimal), as HTML forms
** do.  It never fails.  ENCODING must have an encoder: for replacement,
** UTF-16BE and UTF-16LE the result is WENC_NO_ENCODER (the standard asserts
** this; callers first apply wenc_encoding_output_encoding(), which gives
** UTF-8 for them).  WENC_INVALID_ARGUMENT for a NULL E or ENCODING;
** WENC_NOT_BUILT_IN, with no output, when this build left ENCODING out
** (-Dencodings). */
WENC_API wenc_status wenc_encode_init(wenc_encoder *e, const wenc_encoding *encoding);
WENC_API wenc_status wenc_encode_from_utf8_alloc(const uint8_t *src, size_t src_len,
                                                 const wenc_encoding *encoding,
                                                 const wenc_allocator *allocator,
                                                 uint8_t **out, size_t *out_len);
WENC_API wenc_status wenc_encode_from_utf16_alloc(const uint16_t *src, size_t src_len,
                                                  const wenc_encoding *encoding,
                                                  const wenc_allocator *allocator,
                                                  uint8_t **out, size_t *out_len);

/* get an encoder: sets E up as a new instance of ENCODING's encoder in
** error mode "fatal", ready for wenc_encode_or_fail_*().  Returns WENC_OK;
** WENC_NO_ENCODER for replacement, UTF-16BE and UTF-16LE;
** WENC_NOT_BUILT_IN for an encoding this build left out (-Dencodings);
** WENC_INVALID_ARGUMENT for NULL arguments.  Same as wenc_encoder_init(E,
** ENCODING, WENC_ENCODER_FATAL). */
WENC_API wenc_status wenc_get_encoder(wenc_encoder *e, const wenc_encoding *encoding);

/* get a decoder: sets D up as a new instance of ENCODING's decoder with
** ERROR_MODE, WENC_DECODER_REPLACEMENT or WENC_DECODER_FATAL, and no BOM
** handling (the standard's decoders know nothing of BOMs).  Returns WENC_OK,
** WENC_INVALID_ARGUMENT for NULL arguments or another ERROR_MODE, or
** WENC_NOT_BUILT_IN for an encoding this build left out (-Dencodings). */
WENC_API wenc_status wenc_get_decoder(wenc_decoder *d, const wenc_encoding *encoding,
                                      unsigned error_mode);

/* encode or fail: encodes the *SRC_LEN units at SRC (UTF-8 or UTF-16, read
** as scalar values), then end-of-queue, with E -- an encoder from
** wenc_get_encoder(), kept by the caller across calls -- in fatal mode.
**
** Returns:
** - WENC_OK: everything was encoded and flushed (the standard's null);
**   *CODE_POINT is set to 0.
** - WENC_UNMAPPABLE: the output holds the bytes before the code point the
**   encoding cannot represent, which is stored in *CODE_POINT; *SRC_LEN
**   counts the units consumed, that code point's included.  As the standard
**   says, write your replacement (only ASCII bytes other than 0x0E, 0x0F,
**   0x1B, 0x5C and 0x7E: ISO-2022-JP may be in its Roman state) and call
**   again with the SAME E and the rest of the input, SRC + *SRC_LEN.
** - WENC_OUTPUT_FULL (streaming form only): call again with the rest of the
**   input and more room; nothing is lost.
** - WENC_INVALID_ARGUMENT as for wenc_encoder_encode_from_utf8(); also for
**   a NULL SRC_LEN or (one-shot) OUT or OUT_LEN.  *CODE_POINT is 0.
** CODE_POINT may be NULL (wenc_encoder_error_code_point() has it too).
** With an html-mode E nothing ever fails (that is the encode hook).
**
** Example (ISO-2022-JP, one E): U+00A5 U+1F600 gives 1B 28 4A 5C and
** 0x1F600 (E is left in the Roman state); then "b" gives 62 1B 28 42.
**
** The _alloc form returns the output in a new allocation, also on
** WENC_UNMAPPABLE; WENC_NO_MEMORY and WENC_TOO_LARGE leave E unchanged and
** set *SRC_LEN to 0. */
WENC_API wenc_status wenc_encode_or_fail_from_utf8(wenc_encoder *e, const uint8_t *src,
                                                   size_t *src_len, uint8_t *dst,
                                                   size_t *dst_len, uint32_t *code_point);
WENC_API wenc_status wenc_encode_or_fail_from_utf16(wenc_encoder *e, const uint16_t *src,
                                                    size_t *src_len, uint8_t *dst,
                                                    size_t *dst_len, uint32_t *code_point);
WENC_API wenc_status wenc_encode_or_fail_from_utf8_alloc(wenc_encoder *e, const uint8_t *src,
                                                         size_t *src_len,
                                                         const wenc_allocator *allocator,
                                                         uint8_t **out, size_t *out_len,
                                                         uint32_t *code_point);
WENC_API wenc_status wenc_encode_or_fail_from_utf16_alloc(wenc_encoder *e,
                                                          const uint16_t *src,
                                                          size_t *src_len,
                                                          const wenc_allocator *allocator,
                                                          uint8_t **out, size_t *out_len,
                                                          uint32_t *code_point);

/* get an output encoding: wenc_encoding_output_encoding() (wenc.h).
**
** Deprecated: an alias of wenc_encoding_output_encoding(), kept (and
** exported) so that existing programs compile and link; new code calls
** that one, the library's one name for the concept.  Not marked with a
** deprecation attribute, which would break -Werror builds of those
** programs. */
WENC_API const wenc_encoding *wenc_get_output_encoding(const wenc_encoding *encoding);

/* ===========================================================================
** 5. TextDecoder (Encoding Standard, "Interface TextDecoder" and
**    "TextDecoderCommon")
**
** A wenc_text_decoder behaves exactly as `new TextDecoder(label, {fatal,
** ignoreBOM})` and its decode(input, {stream}) method:
** - Every call made while "do not flush" is false (the first call, and any
**   call after one with STREAM false) starts with a new decoder, an empty
**   queue and "BOM seen" false; STREAM then sets "do not flush".
** - For UTF-8, UTF-16BE and UTF-16LE the first code point decoded after
**   that, if it is U+FEFF, is dropped -- unless the option ignoreBOM is
**   set.  Nothing is sniffed: the label decides the encoding, and other
**   encodings never drop anything.  The first code point may come many
**   calls later (decode(EF, stream) gives "", then decode(BB BF 41) "A").
** - Fatal (the option): the first malformed sequence fails the call with
**   WENC_MALFORMED, the TypeError case.  The standard discards the call's
**   output and leaves "BOM seen" as it was before the call.
** - Surprising but literal: after a fatal error in a call with STREAM, the
**   decoder and the unread rest of the input are kept, so decode(FF 41 42,
**   stream) fails and a following decode(43) returns "ABC".  This text
**   decoder therefore copies the bytes after the error into a buffer it
**   owns (allocated with the allocator given to init, at most the size of
**   the input of the failed call plus what was already kept) and decodes
**   them first in the next call.  This is the only allocation a text
**   decoder makes; wenc_text_decoder_destroy() frees it.  After a fatal
**   error in a call without STREAM the next call starts afresh anyway, so
**   nothing is kept.
**
** TextDecoderStream is the same object: decode each chunk with STREAM true
** and enqueue the output if it is not empty; at the end call decode with no
** input and STREAM false (the flush), whose output is the last chunk.  With
** fatal, a WENC_MALFORMED from any of these calls errors the stream.
**
** The standard's results are strings; here a call writes UTF-16 (host
** order; what a JavaScript engine needs) or UTF-8 into a caller buffer, or
** into an allocation (the _alloc forms).  A caller buffer may be too small:
** then the call returns WENC_OUTPUT_FULL and the SAME decode() call goes on
** when you call again with the rest of the input and the same STREAM.  A
** buffer of wenc_text_decoder_max_utf16_length() (or _utf8_) units for the
** input is never too small.
**
** The struct is caller-owned (stack, arena, inside another object).  Every
** field is private.  Do not copy a text decoder that holds kept bytes (the
** copies would share them); wenc_text_decoder_unread_length() is 0 when it
** holds none.
*/
typedef struct wenc_text_decoder {
    wenc_decoder priv_decoder;
    wenc_allocator priv_allocator;       /* for priv_queue; alloc NULL: malloc */
    const wenc_encoding *priv_encoding;
    uint8_t *priv_queue;                 /* bytes kept after a fatal error:   */
    size_t priv_queue_start;             /*   priv_queue[start .. end)        */
    size_t priv_queue_end;
    size_t priv_queue_capacity;
    uint8_t priv_options;
    bool priv_do_not_flush;
    bool priv_bom_seen;
    bool priv_bom_seen_at_call;          /* restored by a fatal error        */
    bool priv_in_call;                   /* a call returned WENC_OUTPUT_FULL */
} wenc_text_decoder;

/* Options for wenc_text_decoder_init(). */
enum {
    /* The option `fatal`: error mode "fatal" instead of "replacement". */
    WENC_TEXT_DECODER_FATAL = 1,
    /* The option `ignoreBOM`: keep a leading U+FEFF. */
    WENC_TEXT_DECODER_IGNORE_BOM = 2
};

/* The constructor: sets TD up for the encoding LABEL names (LABEL_LEN bytes;
** ASCII whitespace around it and ASCII case do not matter), with OPTIONS
** (WENC_TEXT_DECODER_FATAL | WENC_TEXT_DECODER_IGNORE_BOM).  LABEL == NULL
** with LABEL_LEN 0 means the label was omitted: "utf-8".  (An empty string
** is a label that names nothing.)  ALLOCATOR (NULL: malloc/free) is copied
** into TD and used only for the bytes kept after a fatal error.
**
** Returns WENC_OK; WENC_UNKNOWN_LABEL if LABEL names no encoding and
** WENC_REPLACEMENT_LABEL if it names the replacement encoding (the two
** RangeError cases); WENC_INVALID_ARGUMENT if TD is NULL, LABEL is NULL with
** LABEL_LEN non-zero, or OPTIONS has unknown bits.  On those errors TD is
** left untouched.  WENC_NOT_BUILT_IN if the label names an encoding this
** build of the library left out (-Dencodings; a JavaScript engine would
** throw a RangeError too, the encoding being unsupported): TD is then
** zeroed, and every call on it returns WENC_INVALID_ARGUMENT.  Never
** allocates. */
WENC_API wenc_status wenc_text_decoder_init(wenc_text_decoder *td, const char *label,
                                            size_t label_len, unsigned options,
                                            const wenc_allocator *allocator);

/* wenc_text_decoder_init() with a NUL-terminated LABEL (a C string, as
** most callers hold it).  LABEL == NULL means the label was omitted, as
** NULL with length 0 does there: "utf-8".  Same statuses. */
WENC_API wenc_status wenc_text_decoder_init_cstr(wenc_text_decoder *td, const char *label,
                                                 unsigned options,
                                                 const wenc_allocator *allocator);

/* set up a text decoder stream: as wenc_text_decoder_init(), with the
** encoding given directly (the hook that Fetch uses).  WENC_INVALID_ARGUMENT
** also if ENCODING is NULL or the replacement encoding. */
WENC_API wenc_status wenc_text_decoder_init_with_encoding(wenc_text_decoder *td,
                                                          const wenc_encoding *encoding,
                                                          unsigned options,
                                                          const wenc_allocator *allocator);

/* Frees what TD holds (kept bytes).  TD must have been set up by a
** successful init; afterwards it must be set up again before use.  Calling
** it twice, or with NULL, is harmless. */
WENC_API void wenc_text_decoder_destroy(wenc_text_decoder *td);

/* Heap convenience: allocates a text decoder with ALLOCATOR (NULL: malloc),
** sets it up as wenc_text_decoder_init() does and stores it in *OUT.
** Returns what init returns (with *OUT NULL on error), WENC_NO_MEMORY, or
** WENC_INVALID_ARGUMENT for a NULL OUT.  Release it with
** wenc_text_decoder_free(). */
WENC_API wenc_status wenc_text_decoder_new(const char *label, size_t label_len,
                                           unsigned options,
                                           const wenc_allocator *allocator,
                                           wenc_text_decoder **out);

/* Destroys and releases a text decoder from wenc_text_decoder_new().  NULL
** is harmless. */
WENC_API void wenc_text_decoder_free(wenc_text_decoder *td);

/* decode(input, {stream}): decodes the *SRC_LEN bytes at SRC into DST,
** which has room for *DST_LEN units (UTF-16 code units or UTF-8 bytes).  On
** return *SRC_LEN and *DST_LEN hold the bytes consumed and units written.
** SRC may be NULL when *SRC_LEN is 0 (decode() with no input: with STREAM
** false, the flush of a stream).
**
** Returns:
** - WENC_OK (WENC_INPUT_EMPTY): the call is complete; DST holds its
**   string.
** - WENC_OUTPUT_FULL: DST is full.  Call again with SRC + *SRC_LEN (the
**   rest), the same STREAM, and more room: that continues the same decode()
**   (no reset, the BOM handling goes on).  *SRC_LEN may be 0 (bytes kept
**   from an earlier call are decoded first).
** - WENC_MALFORMED (fatal only; the TypeError): decoding stopped at a
**   malformed sequence, whose place in the stream is given by
**   wenc_text_decoder_error_offset()/_length().  DST holds what was decoded
**   before it in this call (a JavaScript binding throws and discards it, as
**   the standard does).  *SRC_LEN is the whole input: the decode() call
**   takes all of it.  With STREAM the bytes after the error are kept and
**   decoded first by the next call; without STREAM the next call starts
**   afresh.
** - WENC_NO_MEMORY: as WENC_MALFORMED, but the bytes after the error could
**   not be kept (allocation failed); they are dropped and the next call
**   starts afresh, as after a call without STREAM.
** - WENC_INVALID_ARGUMENT: TD, SRC_LEN or DST_LEN is NULL, or SRC or DST is
**   NULL with a non-zero length.  Nothing happens (*SRC_LEN and *DST_LEN
**   are set to 0).
** Allocates only as WENC_MALFORMED with STREAM says. */
WENC_API wenc_status wenc_text_decoder_decode_to_utf16(wenc_text_decoder *td,
                                                       const uint8_t *src, size_t *src_len,
                                                       uint16_t *dst, size_t *dst_len,
                                                       bool stream);
WENC_API wenc_status wenc_text_decoder_decode_to_utf8(wenc_text_decoder *td,
                                                      const uint8_t *src, size_t *src_len,
                                                      uint8_t *dst, size_t *dst_len,
                                                      bool stream);

/* As above, with the call's whole output in a new allocation (see the top
** of this file) of *OUT_LEN units.  Returns WENC_OK; WENC_MALFORMED (the
** TypeError: no output, TD moves on exactly as above); WENC_NO_MEMORY
** (allocation of the output failed: TD is unchanged, as if the call had not
** been made; or, after a fatal error, as above); WENC_TOO_LARGE (TD
** unchanged); WENC_INVALID_ARGUMENT (also for NULL OUT or OUT_LEN). */
WENC_API wenc_status wenc_text_decoder_decode_to_utf16_alloc(wenc_text_decoder *td,
                                                             const uint8_t *src,
                                                             size_t src_len, bool stream,
                                                             const wenc_allocator *allocator,
                                                             uint16_t **out, size_t *out_len);
WENC_API wenc_status wenc_text_decoder_decode_to_utf8_alloc(wenc_text_decoder *td,
                                                            const uint8_t *src,
                                                            size_t src_len, bool stream,
                                                            const wenc_allocator *allocator,
                                                            uint8_t **out, size_t *out_len);

/* Upper bounds on the output of the next decode call with BYTE_LEN bytes of
** input, in UTF-16 code units or UTF-8 bytes: DST of this size never gives
** WENC_OUTPUT_FULL.  SIZE_MAX if the bound does not fit; 0 for TD == NULL. */
WENC_API size_t wenc_text_decoder_max_utf16_length(const wenc_text_decoder *td,
                                                   size_t byte_len);
WENC_API size_t wenc_text_decoder_max_utf8_length(const wenc_text_decoder *td,
                                                  size_t byte_len);

/* The encoding (a static singleton), and the `encoding` attribute: its name
** ASCII-lowercased ("utf-8", "shift_jis", ...).  NULL for TD == NULL. */
WENC_API const wenc_encoding *wenc_text_decoder_encoding(const wenc_text_decoder *td);
WENC_API const char *wenc_text_decoder_encoding_name(const wenc_text_decoder *td);

/* The `fatal` and `ignoreBOM` attributes (false for TD == NULL). */
WENC_API bool wenc_text_decoder_fatal(const wenc_text_decoder *td);
WENC_API bool wenc_text_decoder_ignore_bom(const wenc_text_decoder *td);

/* After WENC_MALFORMED: the offset of the malformed sequence's first byte,
** counted in the bytes given to TD since its decoder was last created (by
** the first call, or the first call after one without STREAM), and its
** length.  Both 0 before any error. */
WENC_API uint64_t wenc_text_decoder_error_offset(const wenc_text_decoder *td);
WENC_API size_t wenc_text_decoder_error_length(const wenc_text_decoder *td);

/* Replacement accounting (without the option `fatal`): how many malformed
** sequences were decoded as U+FFFD, and the offset of the first one's
** first byte, both counted like the error offset above: since TD's decoder
** was last created, so after a call without STREAM they describe that
** call (with the calls of its stream before it).  0 with `fatal`, and
** for TD == NULL; see wenc_decoder_replacement_count(). */
WENC_API uint64_t wenc_text_decoder_replacement_count(const wenc_text_decoder *td);
WENC_API uint64_t wenc_text_decoder_first_replacement_offset(const wenc_text_decoder *td);

/* Number of bytes kept from a failed streaming call, waiting to be decoded
** by the next call (0 for TD == NULL). */
WENC_API size_t wenc_text_decoder_unread_length(const wenc_text_decoder *td);

/* ===========================================================================
** 6. TextEncoder (Encoding Standard, "Interface TextEncoder")
**
** TextEncoder has no state, so these are plain functions.  The input is a
** JavaScript string: UTF-16 code units in host order, possibly with lone
** surrogates, which (as for a USVString) are read as U+FFFD.
*/

/* The `encoding` attribute: always "utf-8". */
WENC_API const char *wenc_text_encoder_encoding_name(void);

/* Exact number of bytes encode() gives for the SRC_LEN units at SRC (at
** most 3 per unit); SIZE_MAX if that does not fit in size_t.  0 for
** SRC == NULL. */
WENC_API size_t wenc_text_encoder_encoded_length(const uint16_t *src, size_t src_len);

/* encode(input): writes the UTF-8 form of the SRC_LEN units at SRC to DST,
** which has room for *DST_LEN bytes, and sets *DST_LEN to the bytes
** written.  Returns WENC_OK; WENC_OUTPUT_FULL if DST is too small: nothing
** is written and *DST_LEN is set to the size needed; WENC_INVALID_ARGUMENT
** if DST_LEN is NULL or SRC/DST is NULL with a non-zero length. */
WENC_API wenc_status wenc_text_encoder_encode(const uint16_t *src, size_t src_len,
                                              uint8_t *dst, size_t *dst_len);

/* encode(input) with the result in a new allocation of *OUT_LEN bytes.
** Returns WENC_OK, WENC_NO_MEMORY, WENC_TOO_LARGE, or WENC_INVALID_ARGUMENT
** (OUT or OUT_LEN NULL, SRC NULL with a non-zero length). */
WENC_API wenc_status wenc_text_encoder_encode_alloc(const uint16_t *src, size_t src_len,
                                                    const wenc_allocator *allocator,
                                                    uint8_t **out, size_t *out_len);

/* encodeInto(source, destination): encodes the SRC_LEN units at SRC into
** the DST_LEN bytes at DST, one scalar value at a time, and stops before
** the first one whose bytes do not all fit: a scalar value is never split.
** *READ receives the UTF-16 units consumed (2 for a surrogate pair, 1 for
** anything else, a lone surrogate included) and *WRITTEN the bytes written.
** Bytes of DST past *WRITTEN are not touched.
** Returns WENC_OK if all of SRC was read, WENC_OUTPUT_FULL if DST filled
** first (the standard reports both through read and written), or
** WENC_INVALID_ARGUMENT if READ or WRITTEN is NULL or SRC/DST is NULL with
** a non-zero length (then *READ and *WRITTEN are 0 when not NULL). */
WENC_API wenc_status wenc_text_encoder_encode_into(const uint16_t *src, size_t src_len,
                                                   uint8_t *dst, size_t dst_len,
                                                   size_t *read, size_t *written);

/* ===========================================================================
** 7. TextEncoderStream (Encoding Standard, "Interface TextEncoderStream")
**
** Chunks are JavaScript strings (UTF-16 code units, host order).  A leading
** surrogate at the end of a chunk is held: if the next chunk starts with a
** trailing surrogate the two make one scalar value, otherwise it becomes
** U+FFFD.  At the end, wenc_text_encoder_stream_flush() writes U+FFFD
** (EF BF BD) if one is still held.  The standard enqueues a chunk only if
** it is not empty: do the same with what a call writes.
**
** The struct is caller-owned and needs no clean-up; its field is private.
*/
typedef struct wenc_text_encoder_stream {
    wenc_encoder priv_encoder;
} wenc_text_encoder_stream;

/* Sets S up as a new stream.  WENC_INVALID_ARGUMENT for S == NULL. */
WENC_API wenc_status wenc_text_encoder_stream_init(wenc_text_encoder_stream *s);

/* Encodes the *SRC_LEN units of a chunk at SRC into DST (room for *DST_LEN
** bytes); on return they hold the units consumed and bytes written.
** Returns WENC_OK when the chunk is consumed, WENC_OUTPUT_FULL if DST
** filled first (call again with the rest and more room; nothing is lost --
** with a DST smaller than 4 bytes a scalar value's bytes may be split
** between calls), or WENC_INVALID_ARGUMENT (S, SRC_LEN or DST_LEN NULL, or
** SRC/DST NULL with a non-zero length).  A DST of
** wenc_text_encoder_stream_max_length() bytes is never too small. */
WENC_API wenc_status wenc_text_encoder_stream_encode(wenc_text_encoder_stream *s,
                                                     const uint16_t *src, size_t *src_len,
                                                     uint8_t *dst, size_t *dst_len);

/* The end of the stream: writes EF BF BD if a leading surrogate is held,
** else nothing (then *DST_LEN is 0 and no chunk is to be enqueued).  S is
** then ready for a new stream.  Statuses as above. */
WENC_API wenc_status wenc_text_encoder_stream_flush(wenc_text_encoder_stream *s,
                                                    uint8_t *dst, size_t *dst_len);

/* Most bytes a call with SRC_LEN units (0 for the flush) can write: never
** WENC_OUTPUT_FULL with this much room.  SIZE_MAX if it does not fit; 0 for
** S == NULL. */
WENC_API size_t wenc_text_encoder_stream_max_length(const wenc_text_encoder_stream *s,
                                                    size_t src_len);

#endif /* WENC_API_H */
