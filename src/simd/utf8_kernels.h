/* utf8_kernels.h -- kernels that read UTF-8: one table per instruction set
** (simd.h).  Each kernel accepts exactly the input that the UTF-8 decoder's
** step function (handlers/utf8.c) would decode without an error, and stops
** before anything else: the caller then takes that input to the step
** function, which alone names errors. */
#ifndef WENC_UTF8_KERNELS_H
#define WENC_UTF8_KERNELS_H

#include "simd.h"

typedef struct wenc__utf8_kernels {
    /* The length of the longest prefix of SRC[0..LEN) that is a sequence
    ** of complete, valid UTF-8 sequences.  SRC may be NULL when LEN is 0. */
    size_t (*valid_prefix)(const uint8_t *src, size_t len);
} wenc__utf8_kernels;

/* Indexed by wenc__isa: the best kernels this build has at or below each
** instruction set (the scalar ones where it has none). */
extern const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__utf8_kernels wenc__utf8_scalar;

/* The kernels this process uses. */
WENC__INLINE const wenc__utf8_kernels *wenc__utf8_kernels_get(void)
{
    return wenc__utf8_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_UTF8_KERNELS_H */
