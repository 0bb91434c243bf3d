/* wenc/encoder.h -- streaming encoders (included by wenc/wenc.h).
**
** An encoder turns Unicode text, given as UTF-8, UTF-16 (host order) or
** UTF-32, into bytes of an encoding, exactly as the Encoding Standard's
** encoder for that encoding does, whatever way the input is split into
** chunks and whatever the size of the output buffers.
**
** Input that is not well-formed is read as the standard reads it before
** encoding: ill-formed UTF-8 as the UTF-8 decoder does (each maximal subpart
** becomes U+FFFD), a lone UTF-16 surrogate as U+FFFD (JavaScript's string to
** scalar value conversion), a UTF-32 value that is a surrogate or above
** U+10FFFF as U+FFFD.  wenc_encoder_replacement_count() tells how often,
** and in error mode "html" wenc_encoder_unmappable_count() how many code
** points were written as "&#N;".
*/
#ifndef WENC_ENCODER_H
#define WENC_ENCODER_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/encoder.h>"
#endif

/* Flags for wenc_encoder_init(): the error mode. */
enum {
    /* Error mode "fatal": stop before an unmappable code point with
    ** WENC_UNMAPPABLE (default; "encode or fail" uses it). */
    WENC_ENCODER_FATAL = 0,
    /* Error mode "html": write an unmappable code point as "&#N;" (decimal),
    ** as HTML forms do. */
    WENC_ENCODER_HTML = 1
};

/* An encoder.  Owned by the caller like wenc_decoder (see there); every
** field is private.  Its size is part of the ABI and never grows: the
** html-mode accounting lives in the fields fatal mode uses for its error
** and in the last 4 bytes of what was priv_pending[16] (at most 10 of
** which were ever used: "&#1114111;"). */
typedef struct wenc_encoder {
    const wenc_encoding *priv_encoding;
    uint64_t priv_position;        /* input units consumed                 */
    uint64_t priv_error_offset;    /* input offset of the unmappable one   */
                                   /* (html: of the first written as &#N;) */
    uint64_t priv_replacements;    /* ill-formed input read as U+FFFD      */
    uint32_t priv_error_code_point; /* html: &#N; written, low 32 bits     */
    uint32_t priv_state;           /* the handler's state (ISO-2022-JP)    */
    uint32_t priv_input_state;     /* partial UTF-8 sequence / surrogate   */
    uint8_t priv_input_units;      /* units of it consumed                 */
    uint8_t priv_flags;
    uint8_t priv_pending_start;    /* output not yet written:              */
    uint8_t priv_pending_end;      /*   priv_pending[start .. end)         */
    uint8_t priv_pending[12];
    uint32_t priv_unmappable_high; /* html: &#N; written, high 32 bits     */
} wenc_encoder;

/* Initialises E to encode into ENCODING with FLAGS (an error mode).
** Returns WENC_OK; WENC_NO_ENCODER if ENCODING has no encoder (replacement,
** UTF-16BE, UTF-16LE: the standard's "get an output encoding" gives UTF-8
** for them, see wenc_encoding_output_encoding()); WENC_INVALID_ARGUMENT for
** NULL arguments or unknown flags (checked first, so it wins over
** WENC_NO_ENCODER).  E is left untouched on those errors.  WENC_NOT_BUILT_IN
** if this build of the library left ENCODING out (-Dencodings, see
** wenc_encoding_is_built_in()); E is then zeroed, so that every call on it
** returns WENC_INVALID_ARGUMENT until a successful init. */
WENC_API wenc_status wenc_encoder_init(wenc_encoder *e, const wenc_encoding *encoding,
                                       unsigned flags);

/* Returns E to the state wenc_encoder_init() left it in. */
WENC_API void wenc_encoder_reset(wenc_encoder *e);

/* Encodes from SRC (UTF-8 bytes, UTF-16 code units or UTF-32 code points)
** into the bytes at DST.  *SRC_LEN and *DST_LEN are the available input
** units and output bytes on entry, the consumed and written ones on return.
** LAST says that SRC ends the stream: an incomplete UTF-8 sequence or a lead
** surrogate at its end becomes U+FFFD (otherwise it waits for the next
** call), and ISO-2022-JP returns to ASCII with ESC ( B if needed.
**
** Returns:
** - WENC_INPUT_EMPTY: everything was consumed (and flushed if LAST).
** - WENC_OUTPUT_FULL: DST is full; call again with the rest of the input
**   and more room.  Output that did not fit is kept in E and comes first
**   next time.  A character's bytes, an escape sequence and a numeric
**   character reference are never split between calls unless DST is
**   smaller than they need and nothing else was written by the call.
** - WENC_UNMAPPABLE (fatal mode only): the encoding cannot represent a code
**   point.  The output holds everything before it (for ISO-2022-JP, also the
**   escape back to ASCII the standard emits first); *SRC_LEN includes the
**   code point.  wenc_encoder_error_code_point()/_offset() tell which one.
**   The caller may write its own replacement (as the URL standard's "encode
**   or fail" does; the bytes must be ASCII other than 0x0E, 0x0F, 0x1B, 0x5C
**   and 0x7E, as ISO-2022-JP may be in its Roman state) and call again
**   with the same E and the rest of the input: state carries over.
** - WENC_INVALID_ARGUMENT: E, SRC_LEN or DST_LEN is NULL, SRC/DST is NULL
**   with a non-zero length, or E was never initialised (all zero bytes).
**   Nothing is consumed or written: *SRC_LEN and *DST_LEN, when not NULL,
**   are set to 0.
** Never allocates. */
WENC_API wenc_status wenc_encoder_encode_from_utf8(wenc_encoder *e, const uint8_t *src,
                                                   size_t *src_len, uint8_t *dst,
                                                   size_t *dst_len, bool last);
WENC_API wenc_status wenc_encoder_encode_from_utf16(wenc_encoder *e, const uint16_t *src,
                                                    size_t *src_len, uint8_t *dst,
                                                    size_t *dst_len, bool last);
WENC_API wenc_status wenc_encoder_encode_from_utf32(wenc_encoder *e, const uint32_t *src,
                                                    size_t *src_len, uint8_t *dst,
                                                    size_t *dst_len, bool last);

/* Upper bounds on the bytes written by encoding UNIT_LEN more input units
** (UTF-8 bytes, UTF-16 units, UTF-32 code points) with E in its current
** state, flush included, in E's error mode.  Output space of at least this
** size never gives WENC_OUTPUT_FULL.  SIZE_MAX if the bound does not fit in
** size_t; 0 for E == NULL or never initialised. */
WENC_API size_t wenc_encoder_max_length_from_utf8(const wenc_encoder *e, size_t unit_len);
WENC_API size_t wenc_encoder_max_length_from_utf16(const wenc_encoder *e, size_t unit_len);
WENC_API size_t wenc_encoder_max_length_from_utf32(const wenc_encoder *e, size_t unit_len);

/* The encoding E encodes into. */
WENC_API const wenc_encoding *wenc_encoder_encoding(const wenc_encoder *e);

/* Input units consumed so far. */
WENC_API uint64_t wenc_encoder_position(const wenc_encoder *e);

/* After WENC_UNMAPPABLE: the code point (U+FFFD for ISO-2022-JP's U+000E,
** U+000F and U+001B, as the standard says) and the offset in input units of
** its first unit in the whole input.  0 before any error, and always in
** html mode (see wenc_encoder_unmappable_count()). */
WENC_API uint32_t wenc_encoder_error_code_point(const wenc_encoder *e);
WENC_API uint64_t wenc_encoder_error_offset(const wenc_encoder *e);

/* How many ill-formed input sequences (UTF-8 maximal subparts, lone
** surrogates, invalid UTF-32 values) were read as U+FFFD so far: the
** input side.  (U+FFFD itself encodes like any code point: in an encoding
** that cannot represent it, it is then also unmappable.) */
WENC_API uint64_t wenc_encoder_replacement_count(const wenc_encoder *e);

/* Unmappable accounting (error mode "html"): how many code points E could
** not represent and wrote as "&#N;" since init or reset -- the output
** side, the number of WENC_UNMAPPABLE stops a fatal encoder makes on the
** same input -- and the input offset of the first one (as
** wenc_encoder_error_offset() gives for it in fatal mode).  A reference is
** counted when its code point is read, even if its bytes still wait in E
** for output room.  Both are 0 in fatal mode (which stops instead), for
** E == NULL, and (the offset) while the count is.  They change only where
** a reference is written: encoding pays nothing for them. */
WENC_API uint64_t wenc_encoder_unmappable_count(const wenc_encoder *e);
WENC_API uint64_t wenc_encoder_first_unmappable_offset(const wenc_encoder *e);

#endif /* WENC_ENCODER_H */
