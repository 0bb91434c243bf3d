/* search_avx512.c -- the search kernel for AVX-512 (BW), 32 lanes a
** vector, the last part of the table through a masked load
** (search_kernels.h). */
#include <immintrin.h>

#include "simd/target.h"

/* Only the small profile has the search (clang rejects a target region
** with nothing in it, as the amalgamation's default build would have). */
#if defined(WENC__TABLES_SMALL) && WENC__TABLES_SMALL
WENC__TARGET_BEGIN(WENC__TARGET_AVX512)
#define WENC__KERNEL_AVX2 1
#define WENC__KERNEL_AVX512 1

#include "search_kernels.h"
#include "simd/vec_x86.h"

#if WENC__TABLES_SMALL

static size_t avx512_find_u16(const uint16_t *table, size_t n, uint16_t value)
{
    const __m512i v = _mm512_set1_epi16((short)value);
    size_t i = 0;
    for (; n - i >= 128; i += 128) {
        __mmask32 a = _mm512_cmpeq_epi16_mask(v512_loadu(table + i), v);
        __mmask32 b = _mm512_cmpeq_epi16_mask(v512_loadu(table + i + 32), v);
        __mmask32 c = _mm512_cmpeq_epi16_mask(v512_loadu(table + i + 64), v);
        __mmask32 d = _mm512_cmpeq_epi16_mask(v512_loadu(table + i + 96), v);
        if ((a | b | c | d) != 0)
            break;
    }
    for (; i < n; i += 32) {
        /* The lanes past N are neither read nor compared. */
        __mmask32 live = n - i >= 32 ? 0xFFFFFFFFu : (__mmask32)((1u << (n - i)) - 1);
        __mmask32 m = _mm512_mask_cmpeq_epi16_mask(live, _mm512_maskz_loadu_epi16(live, table + i), v);
        if (m != 0)
            return i + (size_t)__builtin_ctz(m);
    }
    return n;
}

const wenc__search_kernels wenc__search_avx512 = {avx512_find_u16};

#endif

WENC__TARGET_END
#endif
