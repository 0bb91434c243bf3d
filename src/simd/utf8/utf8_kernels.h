/* utf8_kernels.h -- kernels that read UTF-8: one table per instruction set
** (simd.h).  Each kernel accepts exactly the input that the UTF-8 decoder's
** step function (handlers/utf8.c) would decode without an error, and stops
** before anything else: the caller then takes that input to the step
** function, which alone names errors.  docs/engine.md, "Kernels: UTF-8
** input", tells how the vector kernels find where to stop. */
#ifndef WENC_UTF8_KERNELS_H
#define WENC_UTF8_KERNELS_H

#include "simd/simd.h"

typedef struct wenc__utf8_kernels {
    /* The length of the longest prefix of SRC[0..LEN) that is a sequence
    ** of complete, valid UTF-8 sequences.  SRC may be NULL when LEN is 0. */
    size_t (*valid_prefix)(const uint8_t *src, size_t len);
    /* Copies the prefix valid_prefix would find to DST and returns its
    ** length, reading the text once; it may also write the rest of
    ** DST[0..LEN).  NULL in the sets without one (the caller then calls
    ** valid_prefix and copies). */
    size_t (*copy_valid)(const uint8_t *src, size_t len, uint8_t *dst);
    /* Copies the longest ASCII prefix of SRC[0..LEN) to DST as UTF-8 (the
    ** same bytes), UTF-16 or UTF-32 units; returns its length.  DST has
    ** room for LEN units.  Any byte encoding's ASCII runs (decoder.c). */
    size_t (*ascii_to_utf8)(const uint8_t *src, size_t len, uint8_t *dst);
    size_t (*ascii_to_utf16)(const uint8_t *src, size_t len, uint16_t *dst);
    size_t (*ascii_to_utf32)(const uint8_t *src, size_t len, uint32_t *dst);
    /* Decodes SRC[0..LEN) into DST[0..CAP) while it holds complete, valid
    ** sequences whose units fit; stops before an invalid or incomplete
    ** sequence, or one that does not fit (a supplementary code point needs
    ** two UTF-16 units).  Returns the bytes read; *WRITTEN is the units
    ** written.  DST may be NULL when CAP is 0. */
    size_t (*to_utf16)(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                       size_t *written);
    size_t (*to_utf32)(const uint8_t *src, size_t len, uint32_t *dst, size_t cap,
                       size_t *written);
    /* Short inputs, in one step (the short path, engine/short_path.h): if
    ** SRC[0..LEN) is all complete, valid sequences, LEN is in the kernel's
    ** range (at most WENC__UTF8_SHORT bytes; the AVX2 ones need 8), and
    ** the output fits in DST[0..CAP), writes all of it and returns the
    ** units written (it may also write DST past them, within CAP).
    ** Otherwise returns -1 having written nothing, and the caller takes
    ** the general path.  NULL in the sets without them (SSE2 and SSE4.1
    ** have short_to_utf8 only). */
    ptrdiff_t (*short_to_utf8)(const uint8_t *src, size_t len, uint8_t *dst, size_t cap);
    ptrdiff_t (*short_to_utf16)(const uint8_t *src, size_t len, uint16_t *dst, size_t cap);
    /* The lengths they take, to UTF-8 [0] and to UTF-16 [1]: bit N - 1 for
    ** N bytes (0 in the sets without them).  The callers test it before
    ** the call, so that a set declines a length outside its range for what
    ** the scalar set pays to find it has none (issue 29). */
    uint64_t short_lengths[2];
    /* Whether SRC[0..LEN) is all complete, valid sequences, for an input
    ** of a length in VALID_LENGTHS (bit N - 1 for N bytes, at most 64; 0
    ** in the sets without one): wenc_utf8_validate's short path (issue
    ** 29), which finds where an error is by the general path. */
    bool (*short_valid)(const uint8_t *src, size_t len);
    uint64_t valid_lengths;
    /* The kernels whose to_utf16 and to_utf32 decode more than
    ** WENC__UTF8_SHORT_REST and at most WENC__UTF8_SHORT_SCALAR bytes of a
    ** short path's input that no short kernel took (engine/short_path.h):
    ** on x86, SSE2's, which decodes as it checks, in one pass (issue 29:
    ** to UTF-16 it ran up to 40 % fewer instructions there than the scalar
    ** set's, where the newer sets' two passes ran more); the scalar set's
    ** in the scalar set and on Arm. */
    const struct wenc__utf8_kernels *short_rest;
    /* The UTF-8 toolkit's loops (src/utf8/), which have no vector code of
    ** their own (issue 30).  NULL in the sets without them, whose callers
    ** run the portable loop there, which is the scalar set's.  The length
    ** of the longest ASCII prefix of SRC[0..LEN), the bytes only read
    ** (wenc_utf8_sniff). */
    size_t (*ascii_prefix)(const uint8_t *src, size_t len);
    /* The bytes of SRC[0..LEN) outside 80..BF, plus, with F0, the bytes
    ** F0..FF: in valid UTF-8 its code points, or its UTF-16 units
    ** (wenc_utf8_count_code_points, wenc_utf8_count_utf16_units). */
    size_t (*count)(const uint8_t *src, size_t len, bool f0);
} wenc__utf8_kernels;

/* The longest input a short kernel takes (issue 29: 33 to 64 bytes
** otherwise ran the scalar set's loops in every set, and to UTF-8 cost
** more than 256 bytes' kernels). */
#define WENC__UTF8_SHORT 64

/* The longest ASCII prefix of a short path's input that the scalar set's
** word copy takes (wenc__utf8_kernels_for, below). */
#define WENC__UTF8_SHORT_ASCII 32

/* The longest input short_valid takes. */
#define WENC__UTF8_SHORT_VALID 64

/* Indexed by wenc__isa: the best kernels this build has at or below each
** instruction set (the scalar ones where it has none).
** The tables are in src/simd/kernels.c. */
extern const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__utf8_kernels wenc__utf8_scalar;
#if defined(WENC__SIMD_X86)
extern const wenc__utf8_kernels wenc__utf8_sse2, wenc__utf8_sse41, wenc__utf8_avx2,
    wenc__utf8_avx512;
/* The AVX2 kernel's ASCII copies, which the AVX-512 kernels share. */
size_t wenc__utf8_avx2_ascii_to_utf8(const uint8_t *src, size_t len, uint8_t *dst);
size_t wenc__utf8_avx2_ascii_to_utf16(const uint8_t *src, size_t len, uint16_t *dst);
size_t wenc__utf8_avx2_ascii_to_utf32(const uint8_t *src, size_t len, uint32_t *dst);
/* Its ascii_prefix, which the AVX-512 set shares too. */
size_t wenc__utf8_avx2_ascii_prefix(const uint8_t *src, size_t len);
/* The SSE2 kernel's ascii_prefix (which SSE4.1 shares, and AVX2's below
** 32 bytes) and count, which the newer sets share, and its short kernels,
** which SSE4.1 shares. */
size_t wenc__utf8_sse2_ascii_prefix(const uint8_t *src, size_t len);
size_t wenc__utf8_sse2_count(const uint8_t *src, size_t len, bool f0);
ptrdiff_t wenc__utf8_sse2_short_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap);
bool wenc__utf8_sse2_short_valid(const uint8_t *src, size_t len);
#endif
#if defined(WENC__SIMD_NEON)
extern const wenc__utf8_kernels wenc__utf8_neon;
#endif

/* The kernels this process uses. */
WENC__INLINE const wenc__utf8_kernels *wenc__utf8_kernels_get(void)
{
    return wenc__utf8_kernels_by_isa[wenc__simd_isa()];
}

/* The kernels for N bytes of a short path's input when no short kernel
** took it whole (engine/short_path.h, utf8/validate.c): the scalar ones up
** to SCALAR_MAX bytes, where a vector kernel's setup, its two passes
** (validate, then decode) and its scalar ends cost more than the bytes, so
** that every set runs the scalar set's path there (issue 29); chosen once,
** at the entry.  WENC__UTF8_SHORT_SCALAR for what follows an ASCII
** prefix and for validation; WENC__UTF8_SHORT_ASCII for ASCII, which the
** sets' copies take for less past it. */
#define WENC__UTF8_SHORT_SCALAR 64

/* The longest rest of a short path's input to UTF-16 or UTF-32 that the
** scalar set's transcoder takes in every set (short_rest, above). */
#define WENC__UTF8_SHORT_REST 16

WENC__INLINE const wenc__utf8_kernels *wenc__utf8_kernels_for(size_t n, size_t scalar_max)
{
    return n <= scalar_max ? &wenc__utf8_scalar : wenc__utf8_kernels_get();
}

#endif /* WENC_UTF8_KERNELS_H */
