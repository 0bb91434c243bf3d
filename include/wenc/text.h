/* wenc/text.h -- a C rendering of the TextDecoder, TextEncoder,
** TextDecoderStream and TextEncoderStream interfaces (included by
** wenc/wenc.h):
**   1. TextDecoder (and TextDecoderStream).
**   2. TextEncoder: encode(), encodeInto().
**   3. TextEncoderStream.
** The *_alloc forms return their output as wenc/alloc.h describes.
**
** Everything here is built on the streaming decoders and encoders of
** wenc/decoder.h and wenc/encoder.h.  The rules of wenc.h hold: no global
** state, no locale, no errno; any function may be called from any thread,
** and an object must not be used by two threads at once without the
** caller's locking.
*/

#ifndef WENC_TEXT_H
#define WENC_TEXT_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/text.h>"
#endif

/* ===========================================================================
** 1. TextDecoder (Encoding Standard, "Interface TextDecoder" and
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
** into an allocation (the _alloc forms); a one-byte string while every
** character fits is wenc_text_decoder_decode_to_latin1() (wenc/latin1.h).  A caller buffer may be too small:
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
** 2. TextEncoder (Encoding Standard, "Interface TextEncoder")
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
** 3. TextEncoderStream (Encoding Standard, "Interface TextEncoderStream")
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

#endif /* WENC_TEXT_H */
