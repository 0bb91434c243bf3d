/* wenc/utf8.h -- the UTF-8 toolkit (included by wenc/wenc.h): validation
** with a precise diagnosis, lenient decoding and encoding for non-conforming
** data, boundaries and lengths, and error rendering for people.
**
** Everything here agrees with the Encoding Standard's UTF-8 decoder (and so
** with wenc_decoder on WENC_UTF_8): the same DFA (src/utf8/dfa.h) decides
** what is valid.  A "span" is what that decoder turns into one output item:
** a code point's bytes, or a malformed sequence that becomes one U+FFFD in
** replacement mode.  Spans partition any input; their starts are the
** "boundaries" of the functions below, so on valid input a boundary is the
** start of a code point, and on invalid input the functions still agree
** with what the decoder would do.
**
** All functions take explicit lengths (embedded NUL is data), never
** allocate, never print (except wenc_utf8_render_error_to_file, to the FILE
** it is given) and accept SRC == NULL when the length is 0.
*/
#ifndef WENC_UTF8_H
#define WENC_UTF8_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/utf8.h>"
#endif

/* ---------------------------------------------------------------------------
** Errors.
**
** Every malformed span is given one kind.  A span is the standard's
** "maximal subpart": a lead byte and the continuation bytes after it that
** could still begin a valid sequence, up to (not including) the first byte
** that cannot.  That byte is not part of the span: it is read again as the
** start of the next one.  So `E0 80` is two spans, `E0` (OVERLONG) then `80`
** (UNEXPECTED_CONTINUATION), and gives two U+FFFD when decoded.  The kind of
** a span of 1 to 3 bytes that begins with a valid lead byte (C2..F4) is
** decided by the byte B that ended it:
**   - B is the end of the input                         INCOMPLETE_AT_END
**   - the span is E0 alone and B is 80..9F              OVERLONG
**     (E0 80..9F xx would encode U+0000..U+07FF in 3 bytes)
**   - the span is F0 alone and B is 80..8F              OVERLONG
**     (F0 80..8F xx xx would encode U+0000..U+FFFF in 4 bytes)
**   - the span is ED alone and B is A0..BF              SURROGATE
**     (ED A0..BF xx would encode U+D800..U+DFFF)
**   - the span is F4 alone and B is 90..BF              TOO_LARGE
**     (F4 90..BF xx xx would encode U+110000..U+13FFFF)
**   - otherwise B is not a continuation byte (00..7F, C0..FF)   TRUNCATED
** A span of one byte that cannot begin a sequence is INVALID_BYTE (C0, C1,
** F5..FF: C0 and C1 could only begin overlong forms, F5..FF values above
** U+10FFFF or nothing at all; no finer kind is given) or
** UNEXPECTED_CONTINUATION (80..BF).  Spans are at most 3 bytes long.
*/
typedef enum wenc_utf8_error_kind {
    WENC_UTF8_ERROR_NONE = 0,               /* no error (valid input)          */
    WENC_UTF8_ERROR_INVALID_BYTE = 1,       /* C0, C1 or F5..FF                */
    WENC_UTF8_ERROR_OVERLONG = 2,           /* E0 80..9F, F0 80..8F            */
    WENC_UTF8_ERROR_SURROGATE = 3,          /* ED A0..BF                       */
    WENC_UTF8_ERROR_TOO_LARGE = 4,          /* F4 90..BF (above U+10FFFF)      */
    WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION = 5, /* 80..BF where no sequence is open */
    WENC_UTF8_ERROR_TRUNCATED = 6,          /* cut short by a non-continuation */
    WENC_UTF8_ERROR_INCOMPLETE_AT_END = 7   /* cut short by the end of input   */
} wenc_utf8_error_kind;

/* One malformed span.  OFFSET counts bytes from the start of the input (of
** the stream, for the streaming validator); LENGTH is 1 to 3 (up to 5 for
** the lenient decoder, whose sequences are longer). */
typedef struct wenc_utf8_error {
    uint64_t offset;
    uint32_t length;
    wenc_utf8_error_kind kind;
} wenc_utf8_error;

/* The kind's name without prefix ("OVERLONG", ...), "NONE", or "UNKNOWN" for
** a value outside the enum.  Never NULL. */
WENC_API const char *wenc_utf8_error_name(wenc_utf8_error_kind kind);

/* A short English description ("overlong encoding", ...), "no error", or
** "unknown error kind".  Never NULL. */
WENC_API const char *wenc_utf8_error_message(wenc_utf8_error_kind kind);

/* ---------------------------------------------------------------------------
** Validation.
*/

/* Whether the LEN bytes at SRC are valid UTF-8: true exactly when the
** standard's UTF-8 decoder in fatal mode decodes them without error.  The
** empty input is valid.  SRC == NULL with LEN != 0 gives false. */
WENC_API bool wenc_utf8_is_valid(const uint8_t *src, size_t len);

/* Validates the LEN bytes at SRC.  Returns WENC_OK if they are valid (then
** *ERROR, if ERROR is not NULL, is set to {LEN, 0, WENC_UTF8_ERROR_NONE});
** WENC_MALFORMED if not, with the first malformed span in *ERROR (its
** offset is the one wenc_decoder_error_offset() gives in fatal mode, and
** every byte before it is valid UTF-8); WENC_INVALID_ARGUMENT for SRC ==
** NULL with LEN != 0 (*ERROR untouched). */
WENC_API wenc_status wenc_utf8_validate(const uint8_t *src, size_t len, wenc_utf8_error *error);

/* Lists every malformed span of the LEN bytes at SRC, in order: the first
** CAPACITY of them are written to ERRORS (which may be NULL when CAPACITY is
** 0).  Returns how many there are in all, which is the number of U+FFFD
** that replacement decoding puts in for errors (0: valid).  SRC ==
** NULL with LEN != 0 gives 0 and writes nothing. */
WENC_API size_t wenc_utf8_find_errors(const uint8_t *src, size_t len, wenc_utf8_error *errors,
                                      size_t capacity);

/* Called once per malformed span, in order, with the CONTEXT given.  Return
** true to go on, false to stop. */
typedef bool (*wenc_utf8_error_callback)(void *context, const wenc_utf8_error *error);

/* Like wenc_utf8_find_errors(), but calls CALLBACK for each span.  Returns
** the number of calls made (fewer than the spans if CALLBACK stopped).
** CALLBACK == NULL only counts. */
WENC_API size_t wenc_utf8_find_errors_callback(const uint8_t *src, size_t len,
                                               wenc_utf8_error_callback callback,
                                               void *context);

/* A streaming validator: give it the input chunk by chunk, split anywhere.
** Owned by the caller (stack, arena, inside another struct), no clean-up;
** every field is private.  It may be copied with memcpy. */
typedef struct wenc_utf8_validator {
    uint64_t priv_position;  /* offset of the caller's next byte          */
    uint64_t priv_errors;    /* malformed spans reported so far           */
    uint8_t priv_state;      /* DFA state (WENC__U8_*)                    */
    uint8_t priv_seen;       /* bytes of the open sequence (0: none open) */
    uint8_t priv_done;       /* the stream has ended (LAST was given)     */
} wenc_utf8_validator;

/* Prepares V for a new stream (offset 0).  Does nothing if V is NULL. */
WENC_API void wenc_utf8_validator_init(wenc_utf8_validator *v);

/* Validates the *SRC_LEN bytes at SRC, the next chunk of V's stream; LAST
** says that the stream ends after it (then a sequence still open is
** INCOMPLETE_AT_END).  Returns:
** - WENC_INPUT_EMPTY: the chunk was consumed (*SRC_LEN unchanged) and
**   holds no error (a sequence may remain open across the split).
** - WENC_MALFORMED: a malformed span ends in this chunk; it is written to
**   *ERROR (if not NULL) with its absolute stream offset, which may lie in
**   an earlier chunk.  *SRC_LEN is set to the bytes consumed, up to the end
**   of the span.  To stop at the first error, stop; to list every error,
**   call again with SRC + *SRC_LEN, the rest (even if it is empty) and the
**   same LAST, until the call returns WENC_INPUT_EMPTY.
** - WENC_INVALID_ARGUMENT: V or SRC_LEN is NULL, SRC is NULL with *SRC_LEN
**   != 0, or bytes are given after the stream ended (a call with LAST that
**   returned WENC_INPUT_EMPTY, or WENC_MALFORMED for an INCOMPLETE_AT_END
**   span); nothing is consumed.  A call with no bytes after the end
**   returns WENC_INPUT_EMPTY.
** Any split of the input reports the same spans as wenc_utf8_find_errors()
** on the whole. */
WENC_API wenc_status wenc_utf8_validator_validate(wenc_utf8_validator *v, const uint8_t *src,
                                                  size_t *src_len, bool last,
                                                  wenc_utf8_error *error);

/* Bytes consumed so far (0 for V == NULL). */
WENC_API uint64_t wenc_utf8_validator_position(const wenc_utf8_validator *v);

/* Malformed spans reported so far (0 for V == NULL). */
WENC_API uint64_t wenc_utf8_validator_error_count(const wenc_utf8_validator *v);

/* ---------------------------------------------------------------------------
** Sniffing: is this plausibly UTF-8?
*/
typedef enum wenc_utf8_sniff_result {
    /* Some span is malformed other than as INCOMPLETE_AT_END. */
    WENC_UTF8_SNIFF_NOT_UTF8 = 0,
    /* Every byte is 00..7F (including the empty input): ASCII, hence
    ** also UTF-8 and any ASCII-compatible encoding; no evidence either way. */
    WENC_UTF8_SNIFF_ASCII = 1,
    /* Not all ASCII, and valid UTF-8 except that the last sequence may be
    ** cut short by the end of the input (as when sniffing the first N bytes
    ** of a file): no malformed span but INCOMPLETE_AT_END. */
    WENC_UTF8_SNIFF_UTF8 = 2
} wenc_utf8_sniff_result;

/* Classifies the LEN bytes at SRC as above, at validation speed.  SRC ==
** NULL with LEN != 0 gives WENC_UTF8_SNIFF_NOT_UTF8. */
WENC_API wenc_utf8_sniff_result wenc_utf8_sniff(const uint8_t *src, size_t len);

/* ---------------------------------------------------------------------------
** Counting (at memory speed; no validation).
*/

/* The number of code points of the LEN bytes at SRC, if they are valid
** UTF-8.  In general: the number of bytes outside 80..BF (so only valid
** input gives the decoder's count; validate first if unsure).  0 for SRC
** == NULL. */
WENC_API size_t wenc_utf8_count_code_points(const uint8_t *src, size_t len);

/* The number of UTF-16 code units the LEN bytes at SRC decode to, if they
** are valid UTF-8.  In general: the number of bytes outside 80..BF plus the
** number of bytes F0..FF.  0 for SRC == NULL. */
WENC_API size_t wenc_utf8_count_utf16_units(const uint8_t *src, size_t len);

/* The exact number of bytes the standard's UTF-8 encoder writes for the LEN
** code points at SRC, counting 3 (the bytes of U+FFFD) for a surrogate or
** a value above U+10FFFF, as wenc_encoder does.  SIZE_MAX if the result
** does not fit in size_t; 0 for SRC == NULL. */
WENC_API size_t wenc_utf8_length_from_utf32(const uint32_t *src, size_t len);

/* The same for LEN UTF-16 code units: a surrogate pair counts 4 bytes, a
** lone surrogate 3 (U+FFFD, as TextEncoder writes). */
WENC_API size_t wenc_utf8_length_from_utf16(const uint16_t *src, size_t len);

/* ---------------------------------------------------------------------------
** Boundaries and iteration.  Boundaries are span starts (see the top of
** this file) plus LEN itself; 0 is always one.  On valid input they are
** exactly the code point starts.  Each function looks at no more than 4
** bytes on either side of OFFSET.
*/

/* The start of the span containing byte OFFSET: the greatest boundary <=
** OFFSET.  LEN if OFFSET >= LEN (so 0 for empty input). */
WENC_API size_t wenc_utf8_char_start(const uint8_t *src, size_t len, size_t offset);

/* The least boundary > OFFSET: the end of the span containing OFFSET.  LEN
** if OFFSET >= LEN. */
WENC_API size_t wenc_utf8_next_boundary(const uint8_t *src, size_t len, size_t offset);

/* The greatest boundary < OFFSET: the start of the span before OFFSET.  0 if
** OFFSET is 0; an OFFSET past LEN is taken as LEN. */
WENC_API size_t wenc_utf8_prev_boundary(const uint8_t *src, size_t len, size_t offset);

/* The greatest boundary <= MAX: the length of the longest prefix of at most
** MAX bytes that splits no span.  LEN if MAX >= LEN. */
WENC_API size_t wenc_utf8_truncate(const uint8_t *src, size_t len, size_t max);

/* Returned by the iteration functions. */
enum {
    WENC_UTF8_DONE = -1,      /* nothing left in that direction            */
    WENC_UTF8_MALFORMED = -2  /* a malformed span (the decoder's U+FFFD)   */
};

/* Decodes the span starting at the boundary *OFFSET and moves *OFFSET to
** its end.  Returns its code point, WENC_UTF8_MALFORMED, or WENC_UTF8_DONE
** (*OFFSET unchanged) if *OFFSET >= LEN.  If *OFFSET is not a boundary it is
** first moved back to the start of its span. */
WENC_API int32_t wenc_utf8_decode_next(const uint8_t *src, size_t len, size_t *offset);

/* Decodes the span ending at the boundary *OFFSET (iterating backwards) and
** moves *OFFSET to its start.  Returns its code point, WENC_UTF8_MALFORMED,
** or WENC_UTF8_DONE (*OFFSET unchanged) if *OFFSET is 0.  An *OFFSET past
** LEN is taken as LEN; one that is not a boundary is first moved forward
** to the end of its span.  Going back from LEN to 0 yields the spans of
** going forward from 0, in reverse. */
WENC_API int32_t wenc_utf8_decode_prev(const uint8_t *src, size_t len, size_t *offset);

/* ---------------------------------------------------------------------------
** Lenient decoding, for data that is not UTF-8 but nearly: Java's modified
** UTF-8, CESU-8, WTF-8, pre-2003 UTF-8.  Each flag enlarges what is
** accepted; with no flag the result is exactly the standard's decoder.
** What remains malformed is split into spans by the same rule as above
** (the flags only widen which bytes may follow a lead byte).
*/
enum {
    /* Error mode: replacement (default) writes U+FFFD per malformed span;
    ** fatal stops before it with WENC_MALFORMED. */
    WENC_UTF8_LENIENT_REPLACEMENT = 0,
    WENC_UTF8_LENIENT_FATAL = 0x01,
    /* ED A0..BF xx: a surrogate U+D800..U+DFFF in 3 bytes (generalized
    ** UTF-8, WTF-8) decodes to its own value. */
    WENC_UTF8_ALLOW_SURROGATES = 0x02,
    /* ED A0..AF xx ED B0..BF xx: a high surrogate then a low surrogate, 3
    ** bytes each (CESU-8, Java), decode together to one supplementary code
    ** point.  Without WENC_UTF8_ALLOW_SURROGATES, a surrogate not part of
    ** such a pair is a malformed span of its 3 bytes. */
    WENC_UTF8_COMBINE_CESU8 = 0x04,
    /* Overlong forms (C0 80 for U+0000 in modified UTF-8, E0 80 80, ...):
    ** decode to their value.  With WENC_UTF8_ALLOW_LARGE this includes
    ** overlong 5- and 6-byte forms. */
    WENC_UTF8_ALLOW_OVERLONG = 0x08,
    /* Values above U+10FFFF, up to 0x7FFFFFFF: 4-byte forms F4 90.. to F7,
    ** 5-byte forms F8..FB and 6-byte forms FC, FD (RFC 2279).  FE and FF
    ** stay invalid. */
    WENC_UTF8_ALLOW_LARGE = 0x10
};

/* What lenient decoding accepted, and what it could not.  The functions
** add to the fields (so a caller resuming after WENC_OUTPUT_FULL gets
** totals): zero the struct first. */
typedef struct wenc_utf8_lenient_counts {
    size_t surrogates;      /* lone surrogates decoded (ALLOW_SURROGATES)     */
    size_t cesu8_pairs;     /* surrogate pairs combined (COMBINE_CESU8)       */
    size_t overlong;        /* overlong forms decoded (ALLOW_OVERLONG)        */
    size_t large;           /* values above U+10FFFF decoded (ALLOW_LARGE)    */
    size_t malformed;       /* malformed spans (U+FFFD written, or the stop)  */
    size_t unrepresentable; /* UTF-16 output: values above U+10FFFF as U+FFFD */
} wenc_utf8_lenient_counts;

/* Decodes the *SRC_LEN bytes at SRC, a complete input (a sequence cut short
** at its end is malformed), into the *DST_LEN code points at DST, with
** FLAGS.  On return *SRC_LEN and *DST_LEN hold what was consumed and
** written; COUNTS, if not NULL, is added to.  Returns WENC_INPUT_EMPTY (all
** consumed); WENC_OUTPUT_FULL (call again with the rest: only whole spans
** are consumed, and a CESU-8 pair is one span); WENC_MALFORMED (fatal mode:
** *SRC_LEN is the offset of the malformed span in SRC, which is written to
** *ERROR if ERROR is not NULL, with the offset from SRC; its kind is by the
** rule at the top of this file applied to the lenient grammar, and a lone
** surrogate is SURROGATE; to go on, skip ERROR->length bytes and call
** again);
** WENC_INVALID_ARGUMENT (NULL pointers with non-zero lengths, unknown
** flags).  At most one code point per input byte is written. */
WENC_API wenc_status wenc_utf8_decode_lenient_to_utf32(const uint8_t *src, size_t *src_len,
                                                       uint32_t *dst, size_t *dst_len,
                                                       unsigned flags,
                                                       wenc_utf8_lenient_counts *counts,
                                                       wenc_utf8_error *error);

/* The same into UTF-16 code units (host order).  A decoded surrogate is
** written as that one unit (so WTF-8 gives back its potentially ill-formed
** UTF-16, and an uncombined CESU-8 pair gives the pair); a value above
** U+10FFFF, which UTF-16 cannot hold, is written as U+FFFD and counted in
** COUNTS->unrepresentable (in both error modes: it was not malformed).  At
** most one unit per input byte is written. */
WENC_API wenc_status wenc_utf8_decode_lenient_to_utf16(const uint8_t *src, size_t *src_len,
                                                       uint16_t *dst, size_t *dst_len,
                                                       unsigned flags,
                                                       wenc_utf8_lenient_counts *counts,
                                                       wenc_utf8_error *error);

/* Flags of the lenient encoder.  With none (and a maximum length of 4) it
** writes exactly what the standard's UTF-8 encoder writes for scalar
** values, and refuses everything else. */
enum {
    /* Write a surrogate value as its 3 bytes (ED A0..BF xx).  From UTF-16,
    ** this applies to lone surrogates (WTF-8); pairs are combined unless
    ** WENC_UTF8_WRITE_CESU8 is given. */
    WENC_UTF8_WRITE_SURROGATES = 0x02,
    /* Write a supplementary code point as two 3-byte surrogates (CESU-8). */
    WENC_UTF8_WRITE_CESU8 = 0x04,
    /* Write U+0000 as C0 80 (Java's modified UTF-8). */
    WENC_UTF8_WRITE_NUL_AS_C0_80 = 0x08,
    /* Write values above U+10FFFF (up to what the maximum length allows). */
    WENC_UTF8_WRITE_LARGE = 0x10
};

/* Encodes the *SRC_LEN values at SRC into the *DST_LEN bytes at DST, with
** FLAGS, writing no sequence longer than MAX_LENGTH bytes (1 to 6; 3 gives
** MySQL's utf8mb3, and with WENC_UTF8_WRITE_CESU8 then CESU-8; 6 allows
** values up to 0x7FFFFFFF with WENC_UTF8_WRITE_LARGE).  Returns
** WENC_INPUT_EMPTY; WENC_OUTPUT_FULL (only whole code points are written;
** call again with the rest); WENC_UNMAPPABLE (a value the flags or
** MAX_LENGTH forbid, or one above 0x7FFFFFFF: *SRC_LEN is its index, and
** it is neither consumed nor written); WENC_INVALID_ARGUMENT (NULL pointers
** with non-zero lengths, unknown flags, MAX_LENGTH outside 1..6). */
WENC_API wenc_status wenc_utf8_encode_lenient_from_utf32(const uint32_t *src, size_t *src_len,
                                                         uint8_t *dst, size_t *dst_len,
                                                         unsigned flags, unsigned max_length);

/* The same from UTF-16 code units (host order): a surrogate pair is one
** code point (written as 4 bytes, or as 2 x 3 bytes with
** WENC_UTF8_WRITE_CESU8); a lone surrogate needs WENC_UTF8_WRITE_SURROGATES.
** A high surrogate at the end of SRC is taken as lone. */
WENC_API wenc_status wenc_utf8_encode_lenient_from_utf16(const uint16_t *src, size_t *src_len,
                                                         uint8_t *dst, size_t *dst_len,
                                                         unsigned flags, unsigned max_length);

/* ---------------------------------------------------------------------------
** Showing errors to people.
**
** The rendering is UTF-8 text of four lines, each ending in "\n":
**
**     byte 5: overlong encoding (1 byte: E0)
**       a  b  c  é     �  �  d
**       61 62 63 C3 A9 E0 80 64
**                      ^^
**
** Line 1 gives the absolute offset, the kind's message and the span's bytes.
** Lines 2 and 3 show the spans around the error (up to CONTEXT bytes on
** each side, whole spans only), one column of 3 characters per byte: line
** 3 the bytes in hex; line 2 each span under its first byte, as itself if
** it is a printable character, else escaped: \0 \a \b \t \n \v \f \r \e
** \\ for those C0 controls and the backslash, ^X for the other C0
** controls and ^? for DEL, U+XXXX for other non-printable code points (C1
** controls, format characters such as U+200B..U+200F, U+2028..U+202E,
** U+2060..U+206F and U+FEFF, combining marks U+0300..U+036F, private use,
** noncharacters), and U+FFFD for a malformed span.  Characters are assumed
** to be 1 column wide, or 2 for East Asian wide ones (CJK, Hangul, kana,
** fullwidth forms, most emoji), and are padded to their bytes' columns.
** Line 4 puts carets under the hex of the error's bytes.
*/

/* Renders ERROR, a span of SRC (LEN bytes that start at stream offset
** SRC_OFFSET, so that ERROR->offset - SRC_OFFSET indexes SRC) as above,
** with up to CONTEXT bytes of context on each side, into the SIZE bytes at
** BUF, like snprintf: returns the length of the whole rendering, and writes
** as much of it as fits followed by a NUL (if SIZE > 0).  Parts of the span
** or the context outside SRC are left out.  ERROR == NULL, SRC == NULL
** with LEN != 0, or BUF == NULL with SIZE != 0 give 0 and write nothing
** (but "" if they can). */
WENC_API size_t wenc_utf8_render_error(char *buf, size_t size, const uint8_t *src, size_t len,
                                       uint64_t src_offset, const wenc_utf8_error *error,
                                       size_t context);

/* The same, written to FILE.  Returns the number of bytes written, or 0 on
** an argument error or a write error (see ferror). */
WENC_API size_t wenc_utf8_render_error_to_file(FILE *file, const uint8_t *src, size_t len,
                                               uint64_t src_offset,
                                               const wenc_utf8_error *error, size_t context);

#endif /* WENC_UTF8_H */
