/* wenc.h -- the one header to include for wenc, a C implementation of the
** WHATWG Encoding Standard (https://encoding.spec.whatwg.org/).
**
** This file declares what everything else shares: the status codes and the
** encodings with their labels.  It then includes the rest of the API:
**
**   wenc/encodings.h  a handle per encoding (WENC_UTF_8, WENC_SHIFT_JIS, ...)
**   wenc/decoder.h    streaming decoders: bytes -> UTF-8, UTF-16 or UTF-32
**   wenc/encoder.h    streaming encoders: UTF-8, UTF-16 or UTF-32 -> bytes
**   wenc/alloc.h      the caller's allocator, wenc_free(), one-shot calls
**                     on a decoder or encoder that allocate their output
**   wenc/hooks.h      the standard's hooks (decode, UTF-8 decode, encode,
**                     encode or fail, ...), streaming and one-shot
**   wenc/text.h       TextDecoder / TextEncoder and their streams
**   wenc/utf8.h       the UTF-8 toolkit: validation with a diagnosis, lenient
**                     forms, boundaries, counting, error rendering
**   wenc/sniff.h      for HTML and XML parsers: the encoding sniffing
**                     algorithm, the <meta> prescan, changing the encoding
**                     while parsing, XML encoding detection
**   wenc/simd.h       which kernel set (SSE2, AVX2, NEON, ...) runs, and
**                     choosing another
**   wenc/latin1.h     for JavaScript engines: one-byte (Latin-1) strings
**                     to and from UTF-8 and UTF-16, ASCII and one-byte
**                     prefixes, well-formed UTF-16
**
** Conventions of the whole API:
** - No global mutable state, no locale, no errno.  Every function may be
**   called from any thread; a decoder or encoder object must not be used by
**   two threads at once without the caller's locking.
** - Lengths are explicit (size_t); embedded NUL bytes are data.  A NULL
**   pointer is accepted wherever its length is 0; a NULL pointer with a
**   non-zero length gives WENC_INVALID_ARGUMENT (or, for functions that
**   return a value rather than a status, the documented "nothing" value).
** - Input and output buffers must not overlap.
** - The library never allocates except in functions whose name says so
**   (the one-shot *_alloc functions, wenc_text_decoder_new()) and in the
**   one case wenc/text.h documents (a text decoder keeping the rest of its
**   input after a fatal error), never prints and never aborts.
*/
#ifndef WENC_WENC_H
#define WENC_WENC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* FILE, for wenc_utf8_render_error_to_file */

#include "wenc/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every public declaration starts with.  Define WENC_API yourself,
** before including this header and when compiling the library (or the
** amalgamated wenc.c), to give it other attributes (__declspec(dllexport),
** a visibility of your own); otherwise WENC_HIDDEN, if defined, makes every
** public symbol hidden -- for a static or vendored copy inside a shared
** library of yours, which then exports none of wenc's names (internal ones
** need -fvisibility=hidden as well, or the Meson build, which hides them);
** else the symbols are exported (GCC and Clang; nothing for others).
** WENC_PREFIX renames them all (the amalgamation's wenc.h, "Vendoring" in
** README.md). */
#ifndef WENC_API
#if (defined(__GNUC__) || defined(__clang__)) && defined(WENC_HIDDEN)
#define WENC_API __attribute__((visibility("hidden")))
#elif defined(__GNUC__) || defined(__clang__)
#define WENC_API __attribute__((visibility("default")))
#else
#define WENC_API
#endif
#endif

/* Version of the library actually linked, as "MAJOR.MINOR.PATCH" (compare
** with WENC_VERSION_STRING from wenc/version.h). */
WENC_API const char *wenc_version(void);

/* ---------------------------------------------------------------------------
** Status codes.  Streaming calls return one of the first four; the others
** report a caller mistake or a resource problem.
*/
typedef enum wenc_status {
    /* All input was consumed (and, when `last` was set, flushed).  Also the
    ** success value of calls that are not streaming, hence WENC_OK. */
    WENC_INPUT_EMPTY = 0,
    WENC_OK = 0,
    /* The output buffer is full: call again with more room.  Nothing is
    ** lost: output that did not fit is kept in the object. */
    WENC_OUTPUT_FULL = 1,
    /* Decoder in fatal mode: malformed input.  See wenc_decoder_error_*(). */
    WENC_MALFORMED = 2,
    /* Encoder in fatal mode: a code point the encoding cannot represent.
    ** See wenc_encoder_error_*(). */
    WENC_UNMAPPABLE = 3,
    /* A NULL pointer with a non-zero length, a NULL object, or flags that do
    ** not exist. */
    WENC_INVALID_ARGUMENT = 4,
    /* A label that names no encoding (TextDecoder's RangeError). */
    WENC_UNKNOWN_LABEL = 5,
    /* The label names the replacement encoding, which a TextDecoder refuses
    ** (also a RangeError there). */
    WENC_REPLACEMENT_LABEL = 6,
    /* The encoding has no encoder (replacement, UTF-16BE, UTF-16LE); use
    ** wenc_encoding_output_encoding(). */
    WENC_NO_ENCODER = 7,
    /* An allocation failed (only the *_alloc functions allocate). */
    WENC_NO_MEMORY = 8,
    /* A size computation would overflow size_t. */
    WENC_TOO_LARGE = 9,
    /* The encoding is one of the standard's, but this library was built
    ** without it (Meson option -Dencodings; see
    ** wenc_encoding_is_built_in()).  Every function that would create a
    ** decoder or encoder for it returns this instead, with no output. */
    WENC_NOT_BUILT_IN = 10
} wenc_status;

/* A short English description of STATUS ("input empty", ...), or
** "unknown status" for a value outside the enum.  Never NULL. */
WENC_API const char *wenc_status_message(wenc_status status);

/* The enumerator's name without prefix ("INPUT_EMPTY", ...), or "UNKNOWN".
** 0 reads as a streaming call's "INPUT_EMPTY": WENC_OK is the same value. */
WENC_API const char *wenc_status_name(wenc_status status);

/* As wenc_status_name() and wenc_status_message(), for logging what a call
** returned: 0 is success in every call (a streaming call returns it when
** all its input is consumed, flushed if it was the last), so it reads
** "OK" and "success" here; every other value reads as there.  Use these
** where a user sees the outcome ("flush: OK"), wenc_status_name() where
** the streaming meaning matters.  WENC_OK == WENC_INPUT_EMPTY stays true:
** streaming loops compare with either. */
WENC_API const char *wenc_status_result_name(wenc_status status);
WENC_API const char *wenc_status_result_message(wenc_status status);

/* ---------------------------------------------------------------------------
** Encodings (Encoding Standard, "Encodings" and "Names and labels").
**
** Every encoding is a static singleton: compare by pointer, never free.
** wenc/encodings.h has one handle per encoding, e.g. WENC_WINDOWS_1252.
*/
typedef struct wenc_encoding wenc_encoding;

#include "wenc/encodings.h"

/* The spec's "get an encoding": strips leading and trailing ASCII whitespace
** (TAB, LF, FF, CR, SPACE) from the LEN bytes at LABEL and matches the rest
** ASCII case-insensitively against every label of the standard.  Returns the
** encoding, or NULL when nothing matches (including empty, all-whitespace,
** too long, or non-ASCII input, and LABEL == NULL).  No allocation; O(1). */
WENC_API const wenc_encoding *wenc_encoding_for_label(const char *label, size_t len);

/* Like wenc_encoding_for_label(), but NULL also for the labels of the
** replacement encoding, as the TextDecoder constructor requires. */
WENC_API const wenc_encoding *wenc_encoding_for_label_no_replacement(const char *label,
                                                                     size_t len);

/* wenc_encoding_for_label() for a NUL-terminated LABEL (a C string: from
** argv, getenv, a configuration file), which saves a strlen() at each call
** site.  NULL for LABEL == NULL.  A label holding a NUL byte -- which no
** label of the standard does -- needs the (pointer, length) form. */
WENC_API const wenc_encoding *wenc_encoding_for_label_cstr(const char *label);

/* The encoding's name as the standard spells it ("UTF-8", "Shift_JIS", ...),
** or NULL for ENCODING == NULL. */
WENC_API const char *wenc_encoding_name(const wenc_encoding *encoding);

/* The name ASCII-lowercased ("utf-8", "shift_jis"): what TextDecoder's
** `encoding` attribute returns.  NULL for ENCODING == NULL. */
WENC_API const char *wenc_encoding_lowercase_name(const wenc_encoding *encoding);

/* Iteration over all encodings in the standard's order: INDEX from 0 to
** WENC_ENCODING_COUNT - 1; NULL past the end. */
WENC_API const wenc_encoding *wenc_encoding_at(size_t index);

/* Iteration over ENCODING's labels (in ASCII order): INDEX from 0; NULL past
** the end.  The strings are static and lowercase. */
WENC_API const char *wenc_encoding_label(const wenc_encoding *encoding, size_t index);

/* The spec's "get an output encoding": UTF-8 for replacement, UTF-16BE and
** UTF-16LE, otherwise ENCODING itself.  NULL for NULL.  It answers as the
** standard does in every build: with -Dencodings the result may be an
** encoding left out, whose encoder init then returns WENC_NOT_BUILT_IN.
** (wenc_get_output_encoding() is a deprecated alias of this.) */
WENC_API const wenc_encoding *wenc_encoding_output_encoding(const wenc_encoding *encoding);

/* Whether ENCODING has an encoder (false for replacement, UTF-16BE/LE). */
WENC_API bool wenc_encoding_has_encoder(const wenc_encoding *encoding);

/* Whether every ASCII byte decodes to the same ASCII code point in every
** state and ASCII code points always encode to the same bytes: false for
** UTF-16BE, UTF-16LE, ISO-2022-JP and replacement (HTML's definition). */
WENC_API bool wenc_encoding_is_ascii_compatible(const wenc_encoding *encoding);

/* Whether ENCODING's decoder and encoder are in this library.  True for
** every encoding in the default build; a build configured with
** -Dencodings=... (docs/guide.md, "Building only some encodings") has only
** those listed plus the mandatory UTF-8, UTF-16BE, UTF-16LE and
** replacement.  Labels, names and the other queries here work for every
** encoding in every build; creating a decoder, encoder or text decoder for
** an encoding that is not built in returns WENC_NOT_BUILT_IN.  False for
** NULL. */
WENC_API bool wenc_encoding_is_built_in(const wenc_encoding *encoding);

/* Whether ENCODING is one of the standard's legacy single-byte encodings
** (x-user-defined is not: the standard defines it separately). */
WENC_API bool wenc_encoding_is_single_byte(const wenc_encoding *encoding);

#include "wenc/decoder.h"
#include "wenc/encoder.h"
#include "wenc/alloc.h"
#include "wenc/hooks.h"
#include "wenc/text.h"
#include "wenc/utf8.h"
#include "wenc/sniff.h"
#include "wenc/simd.h"
#include "wenc/latin1.h"

#ifdef __cplusplus
}
#endif

#endif /* WENC_WENC_H */
