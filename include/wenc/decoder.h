/* wenc/decoder.h -- streaming decoders (included by wenc/wenc.h).
**
** A decoder turns bytes in one encoding into UTF-8, UTF-16 (host order) or
** UTF-32 code points, exactly as the Encoding Standard's decoder for that
** encoding does, whatever way the input is split into chunks and whatever
** the size of the output buffers.  docs/engine.md explains the model.
**
** Typical use:
**
**     wenc_decoder d;
**     wenc_decoder_init(&d, WENC_SHIFT_JIS, WENC_DECODER_REPLACEMENT);
**     for each chunk (last = true on the final one, which may be empty):
**         do {
**             size_t n = chunk_len, m = sizeof out;
**             st = wenc_decoder_decode_to_utf8(&d, chunk, &n, out, &m, last);
**             write(out, m); chunk += n; chunk_len -= n;
**         } while (st == WENC_OUTPUT_FULL);
*/
#ifndef WENC_DECODER_H
#define WENC_DECODER_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/decoder.h>"
#endif

/* Flags for wenc_decoder_init(): one error mode, optionally one BOM mode. */
enum {
    /* Error mode "replacement": malformed input becomes U+FFFD (default). */
    WENC_DECODER_REPLACEMENT = 0,
    /* Error mode "fatal": stop at malformed input with WENC_MALFORMED. */
    WENC_DECODER_FATAL = 1,
    /* BOM handling.  None (default): bytes are decoded as they are. */
    WENC_DECODER_BOM_NONE = 0,
    /* Sniff, as the standard's "decode": a UTF-8 BOM (EF BB BF) or a UTF-16
    ** BOM (FE FF, FF FE) at the start of the stream is consumed and decides
    ** the encoding, overriding the one given to init. */
    WENC_DECODER_BOM_SNIFF = 2,
    /* Strip, as "UTF-8 decode" and TextDecoder: if the encoding is UTF-8,
    ** UTF-16BE or UTF-16LE and the first code point decoded is U+FEFF, it is
    ** dropped.  No effect for other encodings.  In fatal mode an error
    ** before the first code point counts as that first item (as its U+FFFD
    ** would in replacement mode), so decoding on past it never strips a
    ** later U+FEFF.  (wenc_text_decoder implements TextDecoder's own rule.) */
    WENC_DECODER_BOM_STRIP = 4
};

/* A decoder.  The caller owns it and decides where it lives (stack, arena,
** inside another struct); it holds no pointer to anything but a static
** encoding and needs no clean-up.  Every field is private: set it up with
** wenc_decoder_init() and read it through the functions below.  A decoder
** may be copied with memcpy to fork the stream's state.
**
** Its size is part of the ABI (callers allocate it), so it never grows:
** the replacement accounting below lives in the fields a fatal decoder
** uses for its error (the two modes never need both) and in three bytes
** that were the struct's tail padding. */
typedef struct wenc_decoder {
    const wenc_encoding *priv_encoding; /* in use (after BOM sniffing)      */
    const wenc_encoding *priv_initial;  /* given to init, for reset          */
    uint64_t priv_position;             /* offset of the caller's next byte  */
    uint64_t priv_error_offset;         /* fatal: last malformed sequence;   */
                                        /* replacement: the first replaced   */
    uint64_t priv_state;                /* the handler's state               */
    uint32_t priv_error_length;         /* fatal: its length; replacement:   */
                                        /* errors replaced, low 32 bits      */
    uint32_t priv_pending[2];           /* decoded, not yet written          */
    uint8_t priv_pending_count;
    uint8_t priv_pending_done;          /* units of priv_pending[0] written  */
    uint8_t priv_input[4];              /* to read before the caller's bytes */
    uint8_t priv_input_count;
    uint8_t priv_flags;
    uint8_t priv_bom;                   /* BOM handling still to do          */
    uint8_t priv_replaced_high[3];      /* errors replaced, bits 32-55       */
} wenc_decoder;

/* Initialises D to decode ENCODING from the start of a stream, with FLAGS
** (one error mode | one BOM mode).  Returns WENC_OK, or
** WENC_INVALID_ARGUMENT if D or ENCODING is NULL or FLAGS has unknown bits
** or both BOM modes (D is then left untouched), or WENC_NOT_BUILT_IN if
** this build of the library left ENCODING out (-Dencodings, see
** wenc_encoding_is_built_in(); also with WENC_DECODER_BOM_SNIFF, whose
** BOM encodings are always built in).  After WENC_NOT_BUILT_IN, D is
** zeroed: every call on it returns WENC_INVALID_ARGUMENT until a
** successful init. */
WENC_API wenc_status wenc_decoder_init(wenc_decoder *d, const wenc_encoding *encoding,
                                       unsigned flags);

/* Returns D to the state wenc_decoder_init() left it in (same encoding and
** flags, position 0). */
WENC_API void wenc_decoder_reset(wenc_decoder *d);

/* Decodes from SRC into DST.  On entry *SRC_LEN is the number of bytes
** available at SRC and *DST_LEN the room at DST (in bytes, UTF-16 code
** units or code points); on return they hold how many were consumed and
** written.  LAST says that SRC ends the stream: the decoder then flushes
** (an incomplete sequence at the end is malformed), and once the call
** returns WENC_INPUT_EMPTY the stream is complete and the decoder is back in
** its initial handler state (call wenc_decoder_reset() to also rewind the
** position and BOM handling).
**
** Returns:
** - WENC_INPUT_EMPTY: everything was consumed (and flushed if LAST).
** - WENC_OUTPUT_FULL: DST is full; call again with the rest of the input
**   (SRC + *SRC_LEN) and more room.  Output that did not fit is kept in D
**   and comes first next time, so nothing is lost.  A code point's units
**   are never split between calls unless DST is smaller than the code
**   point needs and nothing else was written by the call (so even a
**   1-unit buffer always makes progress).
** - WENC_MALFORMED (fatal mode only): decoding stopped at malformed input.
**   Output before it was written; *SRC_LEN includes the malformed bytes.
**   Bytes the standard reads again after the error are either left
**   unconsumed at the end of SRC or, if some of them came in an earlier
**   call, kept in D; either way the caller just goes on with
**   SRC + *SRC_LEN and never re-offers old input.  The malformed
**   sequence is given by wenc_decoder_error_offset()/_length().  To stop
**   (as an XML processor does) just stop; to list every error, call again
**   with the rest of the input: decoding resumes right after the error.
** - WENC_INVALID_ARGUMENT: D, SRC_LEN or DST_LEN is NULL, SRC/DST is
**   NULL with a non-zero length, or D was never initialised (all zero
**   bytes).  Nothing is consumed or written: *SRC_LEN and *DST_LEN, when
**   not NULL, are set to 0.
**
** Any split of the input into calls, and any output buffer sizes, give the
** same concatenated output and the same errors as one call with everything.
** Never allocates. */
WENC_API wenc_status wenc_decoder_decode_to_utf8(wenc_decoder *d, const uint8_t *src,
                                                 size_t *src_len, uint8_t *dst,
                                                 size_t *dst_len, bool last);
WENC_API wenc_status wenc_decoder_decode_to_utf16(wenc_decoder *d, const uint8_t *src,
                                                  size_t *src_len, uint16_t *dst,
                                                  size_t *dst_len, bool last);
WENC_API wenc_status wenc_decoder_decode_to_utf32(wenc_decoder *d, const uint8_t *src,
                                                  size_t *src_len, uint32_t *dst,
                                                  size_t *dst_len, bool last);

/* Upper bounds on the output of decoding BYTE_LEN more bytes with D in its
** current state, flush included, in bytes (UTF-8), code units (UTF-16) or
** code points (UTF-32).  Output space of at least this size always lets a
** call with BYTE_LEN bytes and LAST return WENC_INPUT_EMPTY or
** WENC_MALFORMED, never WENC_OUTPUT_FULL.  SIZE_MAX if the bound does not
** fit in size_t; 0 for D == NULL or never initialised. */
WENC_API size_t wenc_decoder_max_utf8_length(const wenc_decoder *d, size_t byte_len);
WENC_API size_t wenc_decoder_max_utf16_length(const wenc_decoder *d, size_t byte_len);
WENC_API size_t wenc_decoder_max_utf32_length(const wenc_decoder *d, size_t byte_len);

/* The encoding being decoded: the one given to init until a BOM has been
** sniffed (WENC_DECODER_BOM_SNIFF), then the BOM's.  While the start of the
** stream could still be a BOM (fewer than 3 bytes seen, all of them a BOM's
** prefix), it is the one given to init. */
WENC_API const wenc_encoding *wenc_decoder_encoding(const wenc_decoder *d);

/* Number of bytes of the stream consumed so far (64-bit: streams may be
** larger than memory). */
WENC_API uint64_t wenc_decoder_position(const wenc_decoder *d);

/* After WENC_MALFORMED: the absolute offset in the stream of the first byte
** of the malformed sequence, and its length in bytes, as the standard's
** handler saw it (bytes it gives back to be read again are not part of it;
** the length is 0 only for an error with no byte of its own, which no
** decoder of the standard produces).  Both are 0 before any error, and
** always in replacement mode (see wenc_decoder_replacement_count()).
**
** A byte that both ends an error and starts something else is not part of
** the error either.  The one case in the standard is ISO-2022-JP's 0x1B in
** the trailing-byte state: the step consumes it and returns error, but
** only after moving to the escape-start state, so the ESC is the first
** byte of the escape sequence that follows.  The error is then the
** leading byte alone: `1B 24 42 6C 1B 28 42` gives offset 3, length 1
** (the byte 6C), and decoding goes on with `1B 28 42`.  The call that
** reports it has consumed the ESC too (*SRC_LEN counts it), which is why
** the offset and length, not *SRC_LEN, locate the error. */
WENC_API uint64_t wenc_decoder_error_offset(const wenc_decoder *d);
WENC_API size_t wenc_decoder_error_length(const wenc_decoder *d);

/* Replacement accounting (error mode "replacement"): how many malformed
** sequences D has decoded as U+FFFD since init or reset, and the stream
** offset of the first one's first byte (as wenc_decoder_error_offset()
** would have given for it in fatal mode).  The count is the number of
** WENC_MALFORMED stops a fatal decoder makes on the same input, whatever
** the split of the input and the output buffer sizes: each U+FFFD the
** standard's decoder emits for an error counts once, when the error is
** read (so it may still be waiting in D for output room).  Both are 0
** for a decoder in fatal mode, which reports errors by stopping, and for
** D == NULL; the offset is also 0 while the count is.  The count is kept
** in 56 bits and stops at 2^56 - 1 (64 PiB of input).  Reading them costs
** nothing to decoding: they change only where an error is replaced.
**
** Typical use: decode in replacement mode as usual, then
**     if (wenc_decoder_replacement_count(&d) != 0)
**         warn("%llu decoding errors, the first at byte %llu", ...);
*/
WENC_API uint64_t wenc_decoder_replacement_count(const wenc_decoder *d);
WENC_API uint64_t wenc_decoder_first_replacement_offset(const wenc_decoder *d);

#endif /* WENC_DECODER_H */
