/* iso2022jp_tables.c -- which ISO-2022-JP kernels each instruction set
** uses (iso2022jp_kernels.h): the SSE2 ones up to SSE4.1.  The scalar
** path is the handler's own loop, so the scalar set and NEON have NULL. */
#include "iso2022jp_kernels.h"

#if defined(WENC__SIMD_X86)
const wenc__iso2022jp_kernels *const wenc__iso2022jp_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = NULL,
    [WENC__ISA_SSE2] = &wenc__iso2022jp_sse2,
    [WENC__ISA_SSE41] = &wenc__iso2022jp_sse2,
    [WENC__ISA_AVX2] = &wenc__iso2022jp_avx2,
    [WENC__ISA_AVX512] = &wenc__iso2022jp_avx512,
    [WENC__ISA_NEON] = NULL,
};
#else
const wenc__iso2022jp_kernels *const wenc__iso2022jp_kernels_by_isa[WENC__ISA_COUNT] = {NULL};
#endif
