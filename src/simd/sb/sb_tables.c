/* sb_tables.c -- which single-byte kernels each instruction set uses
** (sb_kernels.h): the SSE2 ones up to SSE4.1.  The scalar path is the
** handler's own loops, so the scalar set has NULL. */
#include "sb_kernels.h"

#if defined(WENC__SIMD_X86)
const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = NULL,
    [WENC__ISA_SSE2] = &wenc__sb_sse2,
    [WENC__ISA_SSE41] = &wenc__sb_sse2,
    [WENC__ISA_AVX2] = &wenc__sb_avx2,
    [WENC__ISA_AVX512] = &wenc__sb_avx512,
    [WENC__ISA_NEON] = NULL,
};
#elif defined(WENC__SIMD_NEON)
const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_NEON] = &wenc__sb_neon,
};
#else
const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT] = {NULL};
#endif
