/* wenc/hooks.h -- the Encoding Standard's hooks for other
** specifications (included by wenc/wenc.h), streaming and one-shot:
**   1. Hooks for standards: UTF-8 decode (with/without BOM, or fail),
**      UTF-8 encode.
**   2. Legacy hooks: decode (BOM sniffing), BOM sniff, encode (html mode),
**      get an encoder, get a decoder, encode or fail, get an output
**      encoding.
** The *_alloc forms return their output as wenc/alloc.h describes.
**
** Everything here is built on the streaming decoders and encoders of
** wenc/decoder.h and wenc/encoder.h.  The rules of wenc.h hold: no global
** state, no locale, no errno; any function may be called from any thread,
** and an object must not be used by two threads at once without the
** caller's locking.
*/

#ifndef WENC_HOOKS_H
#define WENC_HOOKS_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/hooks.h>"
#endif

/* ===========================================================================
** 1. Hooks for standards (Encoding Standard, "Hooks for standards")
**
** Each hook comes in two forms:
** - streaming: an _init function sets up a caller-owned wenc_decoder or
**   wenc_encoder the way the hook's algorithm needs it; feed it with
**   wenc_decoder_decode_to_utf8/16() or wenc_encoder_encode_from_utf8/16()
**   (LAST on the final chunk) in buffers of any size.  The _init functions
**   return WENC_OK, or WENC_INVALID_ARGUMENT for a NULL object.
** - one-shot: SRC[0..SRC_LEN) is the whole input (an "immediate" I/O queue)
**   and the output goes to a new allocation (wenc/alloc.h).
**   They return WENC_OK, WENC_NO_MEMORY, WENC_TOO_LARGE or
**   WENC_INVALID_ARGUMENT (OUT or OUT_LEN NULL, SRC NULL with SRC_LEN
**   non-zero), plus what is said for each.
** To learn what a one-shot replaced (decoding errors, unmappable code
** points written as "&#N;", ill-formed input), call the hook's _init and
** then the object's _alloc call (wenc/alloc.h) with LAST: the same output in
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
** 2. Legacy hooks for standards (Encoding Standard, "Legacy hooks")
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

#endif /* WENC_HOOKS_H */
