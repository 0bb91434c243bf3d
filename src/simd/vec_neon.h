/* vec_neon.h -- the aarch64 Advanced SIMD vector vocabulary of the kernel
** templates (the 128-bit half of vec_x86.h's, under the same names, so
** that a template written over it compiles for both).  Defined for the
** includers that define WENC__KERNEL_NEON: tools/amalgamate, which puts
** every file in one translation unit, then expands it with them, under
** their condition. */
#ifndef WENC_VEC_NEON_H
#define WENC_VEC_NEON_H

#include <stdint.h>

#ifdef WENC__KERNEL_NEON
#define v128_zero() vdupq_n_u8(0)
#define v128_and(a, b) vandq_u8((a), (b))
#define v128_or(a, b) vorrq_u8((a), (b))
#define v128_xor(a, b) veorq_u8((a), (b))
#define v128_set1_u8(x) vdupq_n_u8((x))
#define v128_subs_u8(a, b) vqsubq_u8((a), (b))
#define v128_loadu(p) vld1q_u8((const uint8_t *)(p))
#define v128_storeu(p, v) vst1q_u8((uint8_t *)(p), (v))
#define v128_table(p) vld1q_u8((p))
#define v128_high_nibble(v) vshrq_n_u8((v), 4)
#define v128_low_nibble(v) vandq_u8((v), vdupq_n_u8(0x0F))
#define v128_lookup(t, idx) vqtbl1q_u8((t), (idx))
#define v128_is_ascii(v) (vmaxvq_u8(v) < 0x80)
#define v128_any(v) (vmaxvq_u8(v) != 0)
#define v128_before(in, prev, k) vextq_u8((prev), (in), 16 - (k))
#endif

#endif /* WENC_VEC_NEON_H */
