/* wenc/alloc.h -- what the calls that allocate their output share
** (included by wenc/wenc.h): the caller's allocator, wenc_free(), and the
** one-shot calls on a decoder or encoder.  The one-shot hooks are in
** wenc/hooks.h, TextDecoder's in wenc/text.h.
**
** Everything here is built on the streaming decoders and encoders of
** wenc/decoder.h and wenc/encoder.h.  The rules of wenc.h hold: no global
** state, no locale, no errno; any function may be called from any thread,
** and an object must not be used by two threads at once without the
** caller's locking.
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

#ifndef WENC_ALLOC_H
#define WENC_ALLOC_H

#ifndef WENC_WENC_H
#error "include <wenc/wenc.h>, not <wenc/alloc.h>"
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

#endif /* WENC_ALLOC_H */
