/* latin1_sse41.c -- the one kernel of latin1_kernels.h that SSSE3 and
** SSE4.1 change, to_utf8 (latin1_utf8_tpl.h).  The other kernels are
** SSE2's (ptest and pmovzx save nothing measurable there; latin1_sse2.c
** has the SSE4.1 table). */
#include <smmintrin.h>
#include <tmmintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_SSE41)
/* This file's set, for simd/vec_x86.h (target.h). */
#define WENC__KERNEL_SSE41 1

#include "latin1_kernels.h"
#include "simd/utf16/utf16_impl.h" /* wenc__utf16_pack2 */
#include "simd/vec_x86.h"

#include "latin1_utf8_tpl.h"

size_t wenc__latin1_sse41_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                  size_t *written)
{
    return to_utf8(src, len, dst, cap, written);
}

WENC__TARGET_END
