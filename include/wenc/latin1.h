/* wenc/latin1.h -- one-byte strings and well-formed UTF-16, for JavaScript
** engines (included by wenc/wenc.h; docs/guide.md, "For JavaScript
** engines").
**
** An engine keeps a string either as one byte per code unit, every unit
** at most U+00FF (a "one-byte" or "Latin-1" string: byte 0xXY is code
** point U+00XY, ISO-8859-1's mapping, not windows-1252's), or as UTF-16.
** The functions here move text between those forms and UTF-8, find how
** far a text fits in one byte per code point, and make UTF-16 well-formed
** as WebIDL's USVString conversion and JavaScript's
** String.prototype.toWellFormed do (lone surrogates become U+FFFD).
**
** UTF-8 is read as the standard's UTF-8 decoder reads it (Encoding
** Standard, "UTF-8 decoder"; the DFA of wenc/utf8.h): a malformed
** sequence is never taken for a code point.  UTF-16 is native code units
** (host byte order).
**
** Conventions (as the rest of the API): explicit lengths; SRC or DST may
** be NULL when its length is 0 (a NULL pointer with a non-zero length
** gives WENC_INVALID_ARGUMENT, or 0 / nothing done from the functions that
** return a length); nothing is read at or past SRC + length, nothing is
** written past the room given; input and output must not overlap except
** where a function says so.  No allocation, no state: any thread. */
#ifndef WENC_LATIN1_H
#define WENC_LATIN1_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/latin1.h>"
#endif

/* ---------------------------------------------------------------------------
** From one-byte strings.  Every byte string is a valid one-byte string. */

/* Writes the LEN code points at SRC as UTF-8 to DST, which has room for
** 2 * LEN bytes (wenc_utf8_length_from_latin1(SRC, LEN) is enough); returns
** the bytes written.  Bytes 00..7F are written as themselves, 80..FF as
** two bytes (C2 or C3, then a continuation byte).  0 for SRC or DST NULL
** with LEN != 0. */
WENC_API size_t wenc_latin1_to_utf8(const uint8_t *src, size_t len, uint8_t *dst);

/* The bytes wenc_latin1_to_utf8(SRC, LEN, ...) writes: LEN plus the number
** of bytes 80..FF (at most 2 * LEN, which the caller must make sure
** fits in size_t).  0 for SRC NULL. */
WENC_API size_t wenc_utf8_length_from_latin1(const uint8_t *src, size_t len);

/* TextEncoder's encodeInto from a one-byte string: writes as many whole
** code points of the *SRC_LEN at SRC as fit in the *DST_LEN bytes at DST,
** never part of one, and sets *SRC_LEN to the code points read and
** *DST_LEN to the bytes written (nothing past them is touched).  Returns
** WENC_INPUT_EMPTY when all were written, WENC_OUTPUT_FULL when the next
** one does not fit, WENC_INVALID_ARGUMENT (NULL SRC_LEN or DST_LEN, or
** SRC or DST NULL with a non-zero length; then nothing is written and the
** lengths are not changed). */
WENC_API wenc_status wenc_latin1_to_utf8_partial(const uint8_t *src, size_t *src_len, uint8_t *dst,
                                                 size_t *dst_len);

/* Widens the LEN bytes at SRC to LEN UTF-16 units at DST (room for LEN
** units); returns LEN (0 for SRC or DST NULL with LEN != 0). */
WENC_API size_t wenc_latin1_to_utf16(const uint8_t *src, size_t len, uint16_t *dst);

/* ---------------------------------------------------------------------------
** To one-byte strings (narrowing).  Both read *SRC_LEN units at SRC and
** write one byte per code point to the *DST_LEN bytes at DST, and stop at
** the first of: the end of the input (WENC_INPUT_EMPTY); a malformed
** sequence (WENC_MALFORMED); a code point above U+00FF (WENC_UNMAPPABLE);
** a code point at most U+00FF with no room left (WENC_OUTPUT_FULL).  The
** status says what is at *SRC_LEN, set to the units read (so the input
** from there on is not consumed: a caller may widen what it has and go on
** in UTF-16 from *SRC_LEN); *DST_LEN is the bytes written (nothing past
** them is touched, but see wenc_utf8_to_latin1), and *DST_LEN <= *SRC_LEN.
** WENC_INVALID_ARGUMENT for NULL SRC_LEN or DST_LEN, or SRC or DST NULL
** with a non-zero length (nothing done). */

/* UTF-8 in.  A malformed sequence is what the UTF-8 decoder would turn into
** U+FFFD, including one cut by the end of the input (this is not a
** streaming call: the input is the whole text).  Unlike the rest of this
** header, DST's bytes past *DST_LEN (within the room given) may have been
** written: the ASCII runs are copied by whole blocks. */
WENC_API wenc_status wenc_utf8_to_latin1(const uint8_t *src, size_t *src_len, uint8_t *dst,
                                         size_t *dst_len);

/* UTF-16 in.  A lone surrogate is WENC_MALFORMED; a surrogate pair (a
** code point above U+FFFF) is WENC_UNMAPPABLE. */
WENC_API wenc_status wenc_utf16_to_latin1(const uint16_t *src, size_t *src_len, uint8_t *dst,
                                          size_t *dst_len);

/* ---------------------------------------------------------------------------
** Decoding into one-byte strings, from every encoding.
**
** As wenc_decoder_decode_to_utf16 (wenc/decoder.h: the same arguments,
** streaming, error modes, errors and offsets), writing each code point
** U+0000..U+00FF as one byte to the *DST_LEN bytes at DST, and stopping
** before the first code point above U+00FF (in replacement mode U+FFFD
** is one) with WENC_UNMAPPABLE: everything before it was written, and the
** caller goes on with the same decoder and SRC + *SRC_LEN through
** wenc_decoder_decode_to_utf16 (or _utf8, _utf32), whose output starts with
** that code point; it may come back to this function at any later point.
** (*SRC_LEN may include that code point's bytes: D then holds it, as it
** holds output that did not fit.)  Any split of the input, any room, and
** any mix of calls to this and the other decode functions give the same
** code points and errors as one call of decode_to_utf32.  The other
** statuses are decode_to_utf16's: WENC_INPUT_EMPTY, WENC_OUTPUT_FULL (no
** room: the next code point, whatever it is, did not fit), WENC_MALFORMED
** (fatal mode), WENC_INVALID_ARGUMENT.  Never allocates; a text decoder
** has its own call, below. */
WENC_API wenc_status wenc_decoder_decode_to_latin1(wenc_decoder *d, const uint8_t *src,
                                                   size_t *src_len, uint8_t *dst, size_t *dst_len,
                                                   bool last);

/* TextDecoder's decode(input, {stream}) into a one-byte string: as
** wenc_text_decoder_decode_to_utf16 (wenc/text.h: the same arguments, BOM
** handling, fatal errors, kept bytes, flush when STREAM is false, error
** offsets and lengths), writing each code point U+0000..U+00FF of the
** call's string as one byte to the *DST_LEN bytes at DST, and stopping
** before the first code point above U+00FF (a U+FEFF that is not dropped,
** a U+FFFD of replacement mode) with WENC_UNMAPPABLE.
**
** That status is WENC_OUTPUT_FULL's case for a wide code point: the
** decode() call is not over.  Everything before that code point was
** written, and the SAME call goes on when TD is given SRC + *SRC_LEN (the
** rest; *SRC_LEN may be 0, and it may include that code point's bytes,
** which TD then holds) and the same STREAM through
** wenc_text_decoder_decode_to_utf16 (or _utf8), whose output starts with
** that code point.  This call may be used again at any later point of the
** same decode() call or of later ones: any mix of the three forms and any
** rooms give the same string, statuses and errors as decode_to_utf16
** alone.  (Called again right at the stop, it writes nothing and says
** WENC_UNMAPPABLE again; so it does after a UTF-16 call that wrote half of
** a pair.  After a UTF-8 call that ended inside a code point -- a room
** smaller than its bytes -- finish that code point in UTF-8 first.)
**
** The other statuses are decode_to_utf16's: WENC_OK (the call is
** complete), WENC_OUTPUT_FULL (no room for the next code point, whatever
** it is), WENC_MALFORMED and WENC_NO_MEMORY (fatal mode: the call is over,
** DST holds what came before the error), WENC_INVALID_ARGUMENT (TD,
** SRC_LEN or DST_LEN NULL, SRC or DST NULL with a non-zero length: nothing
** done, both lengths set to 0).  DST may be NULL with *DST_LEN 0; a room
** of one byte makes progress or stops; wenc_text_decoder_max_utf16_length()
** bytes are never too few (one byte per UTF-16 unit at most).  DST must
** not overlap SRC.  Allocates only as decode_to_utf16 does (the bytes kept
** after a fatal error); TD is used by one thread at a time, as every text
** decoder call. */
WENC_API wenc_status wenc_text_decoder_decode_to_latin1(wenc_text_decoder *td,
                                                        const uint8_t *src, size_t *src_len,
                                                        uint8_t *dst, size_t *dst_len,
                                                        bool stream);

/* ---------------------------------------------------------------------------
** Prefixes: how far a text is ASCII or one-byte.  Each returns a length in
** units of its input, from 0 to LEN (0 for SRC NULL). */

/* The bytes of the longest prefix of SRC[0..LEN) made of whole, well-formed
** UTF-8 sequences of code points U+0000..U+00FF (bytes 00..7F, and C2 or C3
** followed by a continuation byte): it never ends inside a sequence.  It
** is LEN exactly when wenc_utf8_to_latin1 converts all of SRC. */
WENC_API size_t wenc_utf8_latin1_prefix(const uint8_t *src, size_t len);

/* The units of the longest prefix of SRC[0..LEN) whose units are at most
** 0x00FF. */
WENC_API size_t wenc_utf16_latin1_prefix(const uint16_t *src, size_t len);

/* The bytes of the longest prefix of SRC[0..LEN) that are ASCII (00..7F):
** as valid UTF-8, one-byte string or any ASCII-compatible encoding. */
WENC_API size_t wenc_ascii_prefix(const uint8_t *src, size_t len);

/* The units of the longest prefix of SRC[0..LEN) at most 0x007F. */
WENC_API size_t wenc_utf16_ascii_prefix(const uint16_t *src, size_t len);

/* ---------------------------------------------------------------------------
** Well-formed UTF-16 (JavaScript's String.prototype.isWellFormed and
** toWellFormed; WebIDL's "convert to a scalar value string"). */

/* The index of the first lone surrogate of SRC[0..LEN) (a leading surrogate
** 0xD800..0xDBFF not followed by a trailing one 0xDC00..0xDFFF, which
** includes one that ends the input; or a trailing surrogate not preceded
** by a leading one), or LEN if there is none: the text is well-formed
** exactly when this is LEN.  0 for SRC NULL. */
WENC_API size_t wenc_utf16_well_formed_prefix(const uint16_t *src, size_t len);

/* Writes SRC[0..LEN) to DST (room for LEN units) with every lone surrogate
** replaced by U+FFFD; every other unit is copied.  DST may equal SRC (in
** place); otherwise the two must not overlap.  Nothing done for SRC or DST
** NULL with LEN != 0. */
WENC_API void wenc_utf16_to_well_formed(const uint16_t *src, size_t len, uint16_t *dst);

#endif /* WENC_LATIN1_H */
