/* search_neon.c -- the search kernel for aarch64 Advanced SIMD, 8 lanes a
** vector (search_kernels.h). */
#include <arm_neon.h>

#define WENC__KERNEL_NEON 1

#include "search_kernels.h"

#if WENC__TABLES_SMALL

static size_t neon_find_u16(const uint16_t *table, size_t n, uint16_t value)
{
    const uint16x8_t v = vdupq_n_u16(value);
    size_t i = 0;
    for (; n - i >= 32; i += 32) {
        uint16x8_t a = vceqq_u16(vld1q_u16(table + i), v);
        uint16x8_t b = vceqq_u16(vld1q_u16(table + i + 8), v);
        uint16x8_t c = vceqq_u16(vld1q_u16(table + i + 16), v);
        uint16x8_t d = vceqq_u16(vld1q_u16(table + i + 24), v);
        if (vmaxvq_u16(vorrq_u16(vorrq_u16(a, b), vorrq_u16(c, d))) != 0)
            break;
    }
    for (; n - i >= 8; i += 8) {
        uint16x8_t m = vceqq_u16(vld1q_u16(table + i), v);
        /* Each lane narrowed to 8 bits: a 64-bit mask, 8 bits per lane. */
        uint64_t bits = vget_lane_u64(vreinterpret_u64_u8(vmovn_u16(m)), 0);
        if (bits != 0)
            return i + (size_t)__builtin_ctzll(bits) / 8;
    }
    for (; i < n; i++) {
        if (table[i] == value)
            return i;
    }
    return n;
}

const wenc__search_kernels wenc__search_neon = {neon_find_u16};

#endif
