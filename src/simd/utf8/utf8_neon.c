/* utf8_neon.c -- the UTF-8 kernels for aarch64 Advanced SIMD
** (utf8_kernels.h): the block check of utf8_lookup.h with vqtbl1q lookups
** on 16-byte vectors, four at a time, with a skip for blocks of ASCII;
** decoding with table shuffles as the x86 kernels do (utf8_x86.h). */
#include <arm_neon.h>

/* This file's set, for simd/vec_neon.h. */
#define WENC__KERNEL_NEON 1

#include "simd/vec_neon.h"
#include "utf8_lookup.h"
#include "utf8_scalar.h"

static const uint8_t open_max[16] = {255, 255, 255, 255, 255, 255, 255, 255,
                                     255, 255, 255, 255, 255, 0xEF, 0xDF, 0xBF};

/* The block check (utf8_check_tpl.h): check16(in, prev), the errors of
** the 16 bytes IN, PREV being the 16 bytes before them. */
#define TPL_V uint8x16_t
#define TPL_FN(op) v128_##op
#define TPL_NAME_WITH check16_with
#define TPL_NAME_AT check16_at
#define TPL_NAME_PREV check16
#include "utf8_check_tpl.h"

/* Non-zero where the last three of the 16 bytes V start a sequence they do
** not hold whole: then the next block must not be ASCII. */
WENC__INLINE uint8x16_t open16(uint8x16_t v)
{
    return vqsubq_u8(v, vld1q_u8(open_max));
}

#define TPL_V uint8x16_t
#define TPL_FN(op) v128_##op
#define TPL_CHECK check16
#define TPL_OPEN open16
#define TPL_NAME_PREFIX valid_prefix
#include "utf8_prefix_tpl.h"

#define TPL_V uint8x16_t
#define TPL_FN(op) v128_##op
#define TPL_V16 uint8x16_t
#define TPL_NAME_COPY ascii_to_utf8
#include "utf8_copy_tpl.h"

/* Widens the 16 ASCII bytes V to units of FORM at D. */
WENC__INLINE void widen16(uint8x16_t v, void *d, int form)
{
    uint16x8_t lo = vmovl_u8(vget_low_u8(v)), hi = vmovl_u8(vget_high_u8(v));
    if (form == 16) {
        vst1q_u16((uint16_t *)d, lo);
        vst1q_u16((uint16_t *)d + 8, hi);
    } else {
        uint32_t *o = d;
        vst1q_u32(o, vmovl_u16(vget_low_u16(lo)));
        vst1q_u32(o + 4, vmovl_u16(vget_high_u16(lo)));
        vst1q_u32(o + 8, vmovl_u16(vget_low_u16(hi)));
        vst1q_u32(o + 12, vmovl_u16(vget_high_u16(hi)));
    }
}

#define TPL_V uint8x16_t
#define TPL_FN(op) v128_##op
#define TPL_WIDEN widen16
#include "utf8_widen_tpl.h"

/* The UTF-16 values of the sequences that would start at each of 8 bytes
** B0, B1 and B2 being the bytes after each (utf8_x86.h, x86_values8). */
WENC__INLINE uint16x8_t values8(uint16x8_t b0, uint16x8_t b1, uint16x8_t b2)
{
    uint16x8_t c1 = vandq_u16(b1, vdupq_n_u16(0x3F)), c2 = vandq_u16(b2, vdupq_n_u16(0x3F));
    uint16x8_t two = vorrq_u16(vshlq_n_u16(vandq_u16(b0, vdupq_n_u16(0x1F)), 6), c1);
    uint16x8_t three = vorrq_u16(vorrq_u16(vshlq_n_u16(b0, 12), vshlq_n_u16(c1, 6)), c2);
    uint16x8_t v = vbslq_u16(vcgtq_u16(b0, vdupq_n_u16(0xDF)), three, two);
    return vbslq_u16(vcltq_u16(b0, vdupq_n_u16(0x80)), b0, v);
}

/* Writes the lanes of V that START (8 bits) selects to D, in order (each
** store writes 4 units: D has room).  Returns how many. */
WENC__INLINE size_t pack8(uint16x8_t v, unsigned start, void *d, int form)
{
    unsigned m0 = start & 15, m1 = (start >> 4) & 15;
    uint8x16_t b = vreinterpretq_u8_u16(v);
    size_t n0 = wenc__u8v_pop4[m0];
    if (form == 16) {
        uint16_t *o = d;
        vst1_u16(o, vreinterpret_u16_u8(vget_low_u8(vqtbl1q_u8(b, vld1q_u8(wenc__u8v_pack16[m0])))));
        vst1_u16(o + n0, vreinterpret_u16_u8(vget_low_u8(
                             vqtbl1q_u8(vextq_u8(b, b, 8), vld1q_u8(wenc__u8v_pack16[m1])))));
    } else {
        uint32_t *o = d;
        uint8x16_t w0 = vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(v)));
        uint8x16_t w1 = vreinterpretq_u8_u32(vmovl_u16(vget_high_u16(v)));
        vst1q_u32(o, vreinterpretq_u32_u8(vqtbl1q_u8(w0, vld1q_u8(wenc__u8v_pack32[m0]))));
        vst1q_u32(o + n0, vreinterpretq_u32_u8(vqtbl1q_u8(w1, vld1q_u8(wenc__u8v_pack32[m1]))));
    }
    return n0 + wenc__u8v_pop4[m1];
}

/* The bits of the bytes of V that are 0xFF (the others 0): bit K for
** byte K. */
WENC__INLINE unsigned mask16(uint8x16_t v)
{
    static const uint8_t bits[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t m = vandq_u8(v, vld1q_u8(bits));
    return vaddv_u8(vget_low_u8(m)) | (unsigned)vaddv_u8(vget_high_u8(m)) << 8;
}

/* As x86_decode16 (utf8_x86.h). */
WENC__INLINE size_t decode16(const uint8_t *s, uint8x16_t v, void *d, size_t *units, int form)
{
    const uint8x16_t zero = vdupq_n_u8(0);
    unsigned start = mask16(vcgtq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(-65)));
    size_t used = 16;
    if (s[15] >= 0xC0) {
        start &= 0x7FFF;
        used = 15;
    } else if (s[14] >= 0xE0) {
        start &= 0x3FFF;
        used = 14;
    }
    uint8x16_t v1 = vextq_u8(v, zero, 1), v2 = vextq_u8(v, zero, 2);
    uint16x8_t lo = values8(vmovl_u8(vget_low_u8(v)), vmovl_u8(vget_low_u8(v1)),
                            vmovl_u8(vget_low_u8(v2)));
    uint16x8_t hi = values8(vmovl_u8(vget_high_u8(v)), vmovl_u8(vget_high_u8(v1)),
                            vmovl_u8(vget_high_u8(v2)));
    size_t n = pack8(lo, start & 0xFF, d, form);
    n += pack8(hi, start >> 8, (char *)d + n * (form == 16 ? 2 : 4), form);
    *units = n;
    return used;
}

WENC__INLINE void decode_valid(const uint8_t *src, size_t *pos_, size_t end, void *dst,
                               size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_, unit = form == 16 ? 2 : 4;
    while (end - pos >= 16 && cap - out >= 16) {
        const uint8_t *s = src + pos;
        void *d = (char *)dst + out * unit;
        uint8x16_t v = vld1q_u8(s);
        if (v128_is_ascii(v)) {
            widen16(v, d, form);
            pos += 16;
            out += 16;
            continue;
        }
        if (vmaxvq_u8(v) >= 0xF0) {
            /* A 4-byte form: a sequence at a time to the block's end. */
            size_t before = pos, stop = end - pos > 19 ? pos + 19 : end;
            wenc__utf8_transcode_from(src, &pos, stop, dst, &out, cap, form);
            if (pos == before)
                break;
            continue;
        }
        size_t units;
        pos += decode16(s, v, d, &units, form);
        out += units;
    }
    wenc__utf8_transcode_from(src, &pos, end, dst, &out, cap, form);
    *pos_ = pos;
    *out_ = out;
}

WENC__UTF8_TRANSCODERS(decode_valid)

const wenc__utf8_kernels wenc__utf8_neon = {
    .valid_prefix = valid_prefix,
    .ascii_to_utf8 = ascii_to_utf8,
    .ascii_to_utf16 = ascii_to_utf16,
    .ascii_to_utf32 = ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    .short_rest = &wenc__utf8_scalar,
};
