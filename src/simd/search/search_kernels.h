/* search_kernels.h -- a linear search over a table of 16-bit values: the
** small profile's Big5 and jis0208 encoders (-Dtables=small;
** src/handlers/big5.h, jis0208.h) look for a code point's pointer in the
** decode table when their sorted pointers do not hold it (level 2 hanzi
** and kanji, the extensions, unmappable code points), issue 29.  One
** table per instruction set (simd.h); the scalar set's kernel is portable
** C.  Only -Dtables=small builds compile them (the default profile's
** encoders have page tables). */
#ifndef WENC_SEARCH_KERNELS_H
#define WENC_SEARCH_KERNELS_H

#include "simd/simd.h"

#ifndef WENC__TABLES_SMALL
#define WENC__TABLES_SMALL 0
#endif

typedef struct wenc__search_kernels {
    /* The index of the first of TABLE[0..N) equal to VALUE, or N.  TABLE
    ** may be NULL when N is 0; reads nothing outside TABLE[0..N). */
    size_t (*find_u16)(const uint16_t *table, size_t n, uint16_t value);
} wenc__search_kernels;

/* Indexed by wenc__isa: the kernels of the best instruction set at or below
** each that has them.  The tables are in src/simd/kernels.c. */
extern const wenc__search_kernels *const wenc__search_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__search_kernels wenc__search_scalar;
#if defined(WENC__SIMD_X86)
extern const wenc__search_kernels wenc__search_sse2, wenc__search_avx2, wenc__search_avx512;
#endif
#if defined(WENC__SIMD_NEON)
extern const wenc__search_kernels wenc__search_neon;
#endif

/* The index of the first of TABLE[0..N) equal to VALUE, or N, with the
** kernel of the set this process uses. */
WENC__INLINE size_t wenc__find_u16(const uint16_t *table, size_t n, uint16_t value)
{
    return wenc__search_kernels_by_isa[wenc__simd_isa()]->find_u16(table, n, value);
}

#endif /* WENC_SEARCH_KERNELS_H */
