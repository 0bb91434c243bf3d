/* utf16_kernels.h -- kernels that read or write UTF-16 (and x-user-defined,
** which maps bytes into one 16-bit range): one table per instruction set
** (simd.h).  Each kernel accepts exactly the input its handler's step
** function would process without an error, and stops before anything
** else, which the caller then takes to the step function.
**
** Every kernel writes only DST[0 .. *WRITTEN): vector stores that would
** reach past it are blended with what DST held, so encodeInto's "bytes past
** written are not touched" holds whatever the kernel.  SRC and DST may be
** NULL when their length is 0; they may be unaligned (DST of UTF-16 and
** UTF-32 output must be aligned to its unit, as C requires). */
#ifndef WENC_UTF16_KERNELS_H
#define WENC_UTF16_KERNELS_H

#include "simd/simd.h"

typedef struct wenc__utf16_kernels {
    /* Encodes SRC[0..LEN) as UTF-8 into DST[0..CAP) while its units are
    ** scalar values or complete surrogate pairs; stops before a lone
    ** surrogate, a leading surrogate that ends the input, or a code point
    ** whose bytes do not fit.  Returns the units read; *WRITTEN is the
    ** bytes written. */
    size_t (*to_utf8)(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written);

    /* The UTF-8 length of SRC[0..LEN) read as a USVString (a lone
    ** surrogate counts as U+FFFD: 3 bytes), saturated at SIZE_MAX. */
    size_t (*utf8_length)(const uint16_t *src, size_t len);

    /* UTF-16LE (BE false) or UTF-16BE bytes SRC[0..LEN) decoded as the
    ** UTF-16 decoder's step function does from its initial state (Encoding
    ** Standard, "shared UTF-16 decoder"), into native units DST[0..CAP),
    ** UTF-8 bytes or UTF-32 code points: whole units that are not
    ** surrogates and complete surrogate pairs.  Stops before a lone
    ** surrogate, a unit or pair cut by LEN (an odd byte, a leading
    ** surrogate in the last 2 or 3 bytes) and a code point that does not
    ** fit.  Returns the bytes read (even); *WRITTEN is the units written. */
    size_t (*bytes_to_utf16)(const uint8_t *src, size_t len, bool be, uint16_t *dst, size_t cap,
                             size_t *written);
    size_t (*bytes_to_utf8)(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written);
    size_t (*bytes_to_utf32)(const uint8_t *src, size_t len, bool be, uint32_t *dst, size_t cap,
                             size_t *written);

    /* x-user-defined bytes SRC[0..LEN) decoded (Encoding Standard,
    ** "x-user-defined decoder": 0x00..0x7F are themselves, 0x80..0xFF are
    ** U+F780..U+F7FF) while they fit in DST[0..CAP).  Returns the bytes
    ** read; *WRITTEN is the units written. */
    size_t (*xud_to_utf16)(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                           size_t *written);
    size_t (*xud_to_utf8)(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                          size_t *written);

    /* The encode engine's narrowing (engine/encoder.c), which has no
    ** vector code of its own (issue 30).  NULL in the sets without them,
    ** whose caller runs its portable loop, the scalar set's.  The longest
    ** prefix of SRC[0..LEN) whose units are ASCII, written to DST (room
    ** for LEN bytes) as bytes: returns its length. */
    size_t (*utf16_to_ascii)(const uint16_t *src, size_t len, uint8_t *dst);
    size_t (*utf32_to_ascii)(const uint32_t *src, size_t len, uint8_t *dst);
    /* The longest prefix of SRC[0..LEN) whose units are scalar values
    ** below U+10000, written to DST (room for LEN units) as UTF-16: returns
    ** its length (UTF-32 input through the UTF-16 paths, encoder.c). */
    size_t (*utf32_to_bmp)(const uint32_t *src, size_t len, uint16_t *dst);
} wenc__utf16_kernels;

/* Indexed by wenc__isa: the best kernels this build has at or below each
** instruction set (the scalar ones where it has none).
** The tables are in src/simd/kernels.c. */
extern const wenc__utf16_kernels *const wenc__utf16_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__utf16_kernels wenc__utf16_scalar;
#if defined(WENC__SIMD_X86)
extern const wenc__utf16_kernels wenc__utf16_sse2, wenc__utf16_sse41, wenc__utf16_avx2,
    wenc__utf16_avx512;
/* The SSE2 kernel's narrowing, which the newer sets share. */
size_t wenc__utf16_sse2_utf16_to_ascii(const uint16_t *src, size_t len, uint8_t *dst);
size_t wenc__utf16_sse2_utf32_to_ascii(const uint32_t *src, size_t len, uint8_t *dst);
size_t wenc__utf16_sse2_utf32_to_bmp(const uint32_t *src, size_t len, uint16_t *dst);
#endif
#if defined(WENC__SIMD_NEON)
extern const wenc__utf16_kernels wenc__utf16_neon;
#endif

/* The kernels this process uses. */
WENC__INLINE const wenc__utf16_kernels *wenc__utf16_kernels_get(void)
{
    return wenc__utf16_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_UTF16_KERNELS_H */
