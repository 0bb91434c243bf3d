/* search_avx2.c -- the search kernel for AVX2, 16 lanes a vector
** (search_kernels.h). */
#include <immintrin.h>

#include "simd/target.h"

/* Only the small profile has the search (clang rejects a target region
** with nothing in it, as the amalgamation's default build would have). */
#if defined(WENC__TABLES_SMALL) && WENC__TABLES_SMALL
WENC__TARGET_BEGIN(WENC__TARGET_AVX2)
#define WENC__KERNEL_AVX2 1

#include "search_kernels.h"
#include "simd/vec_x86.h"

#if WENC__TABLES_SMALL

#define TPL_V __m256i
#define TPL_FN(op) v256_##op
#define TPL_LANES 16
#define TPL_NAME_FIND avx2_find_u16
#include "search_find_tpl.h"

const wenc__search_kernels wenc__search_avx2 = {avx2_find_u16};

#endif

WENC__TARGET_END
#endif
