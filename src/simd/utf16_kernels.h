/* utf16_kernels.h -- kernels that read or write UTF-16 (and x-user-defined,
** which maps bytes into one 16-bit range): one table per instruction set
** (simd.h).  Each kernel accepts exactly the input its handler's step
** function would process without an error, and stops before anything
** else, which the caller then takes to the step function. */
#ifndef WENC_UTF16_KERNELS_H
#define WENC_UTF16_KERNELS_H

#include "simd.h"

typedef struct wenc__utf16_kernels {
    /* Encodes SRC[0..LEN) as UTF-8 into DST[0..CAP) while its units are
    ** scalar values or complete surrogate pairs; stops before a lone
    ** surrogate, a leading surrogate that ends the input, or a code point
    ** whose bytes do not fit.  Returns the units read; *WRITTEN is the
    ** bytes written. */
    size_t (*to_utf8)(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                      size_t *written);
} wenc__utf16_kernels;

/* Indexed by wenc__isa: the best kernels this build has at or below each
** instruction set (the scalar ones where it has none). */
extern const wenc__utf16_kernels *const wenc__utf16_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__utf16_kernels wenc__utf16_scalar;

/* The kernels this process uses. */
WENC__INLINE const wenc__utf16_kernels *wenc__utf16_kernels_get(void)
{
    return wenc__utf16_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_UTF16_KERNELS_H */
