/* latin1_neon.c -- the kernels of latin1_kernels.h with aarch64 Advanced
** SIMD: latin1_tpl.h with 16 bytes or units (two vectors) a step; tests
** are across-vector maxima (vmaxv). */
#include <arm_neon.h>

/* This file's set, for simd/vec_neon.h. */
#define WENC__KERNEL_NEON 1

#include "latin1_kernels.h"
#include "simd/vec_neon.h"

WENC__INLINE void widen16(const uint8_t *s, uint16_t *d)
{
    uint8x16_t v = v128_loadu(s);
    vst1q_u16(d, vmovl_u8(vget_low_u8(v)));
    vst1q_u16(d + 8, vmovl_high_u8(v));
}

WENC__INLINE size_t high16(const uint8_t *s)
{
    return vaddvq_u8(vshrq_n_u8(v128_loadu(s), 7));
}

WENC__INLINE bool any16(const uint16_t *s, uint16_t mask)
{
    uint16x8_t v = vorrq_u16(vld1q_u16(s), vld1q_u16(s + 8));
    return vmaxvq_u16(vandq_u16(v, vdupq_n_u16(mask))) != 0;
}

WENC__INLINE bool narrow16(const uint16_t *s, uint8_t *d)
{
    uint16x8_t a = vld1q_u16(s), b = vld1q_u16(s + 8);
    if (vmaxvq_u16(vorrq_u16(a, b)) > 0xFF)
        return false;
    v128_storeu(d, vcombine_u8(vmovn_u16(a), vmovn_u16(b)));
    return true;
}

WENC__INLINE bool surrogate16(const uint16_t *s)
{
    const uint16x8_t top = vdupq_n_u16(0xF800), sur = vdupq_n_u16(0xD800);
    uint16x8_t a = vceqq_u16(vandq_u16(vld1q_u16(s), top), sur);
    uint16x8_t b = vceqq_u16(vandq_u16(vld1q_u16(s + 8), top), sur);
    return vmaxvq_u16(vorrq_u16(a, b)) != 0;
}

#define TPL_N            16
#define TPL_WIDEN(s, d)  widen16((s), (d))
#define TPL_HIGH(s)      high16(s)
#define TPL_NARROW(s, d) narrow16((s), (d))
#define TPL_ANY(s, mask) any16((s), (mask))
#define TPL_SURROGATE(s) surrogate16(s)
#include "latin1_tpl.h"

const wenc__latin1_kernels wenc__latin1_neon = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = NULL,
    .from_utf8 = NULL,
};
