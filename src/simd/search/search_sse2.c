/* search_sse2.c -- the search kernel for SSE2, 8 lanes a vector
** (search_kernels.h); SSE4.1 runs it too. */
#include <emmintrin.h>

#include "search_kernels.h"
#include "simd/vec_x86.h"

#if WENC__TABLES_SMALL

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_LANES 8
#define TPL_NAME_FIND sse2_find_u16
#include "search_find_tpl.h"

const wenc__search_kernels wenc__search_sse2 = {sse2_find_u16};

#endif
