/* utf16_neon.c -- the UTF-16 kernels (utf16_kernels.h) with aarch64
** Advanced SIMD: eight units per vector.  UTF-16 -> UTF-8 widens each unit
** to a 32-bit lane holding its 1- to 3-byte sequence and packs four lanes
** at a time with tbl (wenc__utf16_pack, utf16_impl.h); the UTF-16LE/BE
** byte swap checks its surrogate pairs by moving the leading-surrogate
** mask up one unit.  A block a vector test rejects goes to the scalar
** loop. */
#include <arm_neon.h>

#include "utf16_impl.h"

/* The UTF-8 sequences of the four units in the 32-bit lanes of U (first
** byte lowest): 1 byte below U+0080, 2 below U+0800, else 3. */
static inline uint32x4_t sequences(uint32x4_t u)
{
    const uint32x4_t x3f = vdupq_n_u32(0x3F), x80 = vdupq_n_u32(0x80);
    uint32x4_t last = vorrq_u32(vandq_u32(u, x3f), x80);
    uint32x4_t middle = vorrq_u32(vandq_u32(vshrq_n_u32(u, 6), x3f), x80);
    uint32x4_t three = vorrq_u32(vorrq_u32(vshrq_n_u32(u, 12), vdupq_n_u32(0xE0)),
                                 vorrq_u32(vshlq_n_u32(middle, 8), vshlq_n_u32(last, 16)));
    uint32x4_t two =
        vorrq_u32(vorrq_u32(vshrq_n_u32(u, 6), vdupq_n_u32(0xC0)), vshlq_n_u32(last, 8));
    uint32x4_t r = vbslq_u32(vcltq_u32(u, vdupq_n_u32(0x800)), two, three);
    return vbslq_u32(vcltq_u32(u, x80), u, r);
}

/* The pack index of the four units in U (utf16_impl.h). */
static inline unsigned pack_index(uint32x4_t u)
{
    static const uint32_t bits[4] = {1, 2, 4, 8}, bits3[4] = {16, 32, 64, 128};
    uint32x4_t not_ascii = vandq_u32(vcgeq_u32(u, vdupq_n_u32(0x80)), vld1q_u32(bits));
    uint32x4_t three = vandq_u32(vcgeq_u32(u, vdupq_n_u32(0x800)), vld1q_u32(bits3));
    return vaddvq_u32(vorrq_u32(not_ascii, three));
}

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    static const uint8_t iota_bytes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const uint8x16_t iota = vld1q_u8(iota_bytes);
    size_t pos = 0, out = 0;
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        /* A block of 8 units writes at most 24 bytes, through two 16-byte
        ** stores the second of which starts at most 12 bytes in. */
        while (len - pos >= 8 && cap - out >= 28) {
            uint16x8_t v = vld1q_u16(src + pos);
            if (vmaxvq_u16(v) < 0x80) {
                /* ASCII: 8 units, then 16 at a time while it lasts. */
                vst1_u8(dst + out, vmovn_u16(v));
                pos += 8;
                out += 8;
                while (len - pos >= 16 && cap - out >= 16) {
                    uint16x8_t a = vld1q_u16(src + pos), b = vld1q_u16(src + pos + 8);
                    if (vmaxvq_u16(vorrq_u16(a, b)) >= 0x80)
                        break;
                    vst1q_u8(dst + out, vcombine_u8(vmovn_u16(a), vmovn_u16(b)));
                    pos += 16;
                    out += 16;
                }
                continue;
            }
            uint16x8_t top = vandq_u16(v, vdupq_n_u16(0xF800));
            if (vmaxvq_u16(vceqq_u16(top, vdupq_n_u16(0xD800))) != 0)
                break;
            uint32x4_t u0 = vmovl_u16(vget_low_u16(v)), u1 = vmovl_u16(vget_high_u16(v));
            unsigned i0 = pack_index(u0), i1 = pack_index(u1);
            uint8x16_t s0 =
                vqtbl1q_u8(vreinterpretq_u8_u32(sequences(u0)), vld1q_u8(wenc__utf16_pack[i0]));
            uint8x16_t s1 =
                vqtbl1q_u8(vreinterpretq_u8_u32(sequences(u1)), vld1q_u8(wenc__utf16_pack[i1]));
            size_t l0 = wenc__utf16_pack_len[i0], l1 = wenc__utf16_pack_len[i1];
            /* The second store keeps what DST held past its bytes (read
            ** before the first store reaches there): nothing past the
            ** bytes written is ever changed. */
            uint8x16_t old = vld1q_u8(dst + out + l0);
            vst1q_u8(dst + out, s0);
            uint8x16_t keep = vcltq_u8(iota, vdupq_n_u8((uint8_t)l1));
            vst1q_u8(dst + out + l0, vbslq_u8(keep, s1, old));
            pos += 8;
            out += l0 + l1;
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = len - pos < 8 || cap - out < 28;
        size_t w, n = wenc__u16_to_utf8_scalar(src + pos, tail || len - pos < 9 ? len - pos : 9,
                                               dst + out, cap - out, &w);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

static size_t utf8_length(const uint16_t *src, size_t len)
{
    size_t pos = 0, total = 0;
    while (pos < len) {
        /* Blocks of at most 4096 units: the lane counters (2 per block of
        ** 8) stay below 16 bits, and the total saturates. */
        size_t end = len - pos > 4096 ? pos + 4096 : len, n = 0;
        uint16x8_t small = vdupq_n_u16(0); /* per lane: below U+0080, plus below U+0800 */
        while (end - pos >= 8) {
            uint16x8_t v = vld1q_u16(src + pos);
            uint16x8_t top = vandq_u16(v, vdupq_n_u16(0xF800));
            if (vmaxvq_u16(vceqq_u16(top, vdupq_n_u16(0xD800))) != 0) {
                /* Surrogates: this block in scalar (a pair may take one
                ** unit past it, even past END). */
                n += wenc__u16_utf8_length_scalar(src, &pos, pos + 8, len);
                if (pos > end)
                    break;
                continue;
            }
            small = vsubq_u16(small, vceqq_u16(top, vdupq_n_u16(0)));
            small = vsubq_u16(small, vcltq_u16(v, vdupq_n_u16(0x80)));
            n += 24;
            pos += 8;
        }
        n -= vaddlvq_u16(small);
        if (pos < end)
            n += wenc__u16_utf8_length_scalar(src, &pos, end, len);
        total = wenc__add_sat(total, n);
    }
    return total;
}

WENC__INLINE size_t bytes_to(const uint8_t *src, size_t len, bool be, void *dst, size_t cap,
                             size_t *written, int form)
{
    size_t pos = 0, out = 0;
    if (cap == 0 || len < 2) { /* DST or SRC may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        while (len - pos >= 16 && cap - out >= 8) {
            uint8x16_t b = vld1q_u8(src + pos);
            uint16x8_t v = vreinterpretq_u16_u8(be ? vrev16q_u8(b) : b);
            uint16x8_t sur = vceqq_u16(vandq_u16(v, vdupq_n_u16(0xF800)), vdupq_n_u16(0xD800));
            if (vmaxvq_u16(sur) != 0) {
                if (form != WENC__K16)
                    break; /* UTF-32: pairs are left to the scalar loop */
                /* Whole pairs only: the leading surrogates, moved up one
                ** unit, are exactly the trailing ones, and the last unit
                ** is not a leading surrogate. */
                uint16x8_t t = vandq_u16(v, vdupq_n_u16(0xFC00));
                uint16x8_t lead = vceqq_u16(t, vdupq_n_u16(0xD800));
                uint16x8_t trail = vceqq_u16(t, vdupq_n_u16(0xDC00));
                uint16x8_t moved = vextq_u16(vdupq_n_u16(0), lead, 7);
                if (vmaxvq_u16(veorq_u16(moved, trail)) != 0 || vgetq_lane_u16(lead, 7) != 0)
                    break;
            }
            if (form == WENC__K16) {
                vst1q_u16((uint16_t *)dst + out, v);
            } else {
                uint32_t *d = (uint32_t *)dst + out;
                vst1q_u32(d, vmovl_u16(vget_low_u16(v)));
                vst1q_u32(d + 4, vmovl_u16(vget_high_u16(v)));
            }
            pos += 16;
            out += 8;
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = len - pos < 16 || cap - out < 8;
        size_t w, n = wenc__u16_bytes_scalar(src + pos, tail || len - pos < 18 ? len - pos : 18, be,
                                             form == WENC__K16 ? (void *)((uint16_t *)dst + out)
                                                               : (void *)((uint32_t *)dst + out),
                                             cap - out, &w, form);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

static size_t bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst, size_t cap,
                             size_t *written)
{
    return bytes_to(src, len, be, dst, cap, written, WENC__K16);
}

static size_t bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst, size_t cap,
                             size_t *written)
{
    return bytes_to(src, len, be, dst, cap, written, WENC__K32);
}

static size_t bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written)
{
    return wenc__u16_bytes_to_utf8_via(src, len, be, dst, cap, written, bytes_to_utf16, to_utf8);
}

static size_t xud_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                           size_t *written)
{
    /* 0x80..0xFF become U+F780..U+F7FF: add 0xF700 to them. */
    const uint16x8_t f700 = vdupq_n_u16(0xF700), x80 = vdupq_n_u16(0x80);
    size_t pos = 0;
    while (len - pos >= 16 && cap - pos >= 16) {
        uint8x16_t v = vld1q_u8(src + pos);
        uint16x8_t lo = vmovl_u8(vget_low_u8(v)), hi = vmovl_u8(vget_high_u8(v));
        lo = vaddq_u16(lo, vandq_u16(vcgeq_u16(lo, x80), f700));
        hi = vaddq_u16(hi, vandq_u16(vcgeq_u16(hi, x80), f700));
        vst1q_u16(dst + pos, lo);
        vst1q_u16(dst + pos + 8, hi);
        pos += 16;
    }
    size_t w = 0;
    if (pos < len && pos < cap)
        pos += wenc__xud_scalar(src + pos, len - pos, dst + pos, cap - pos, &w, WENC__K16);
    *written = pos;
    return pos;
}

static size_t xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return wenc__xud_to_utf8_via(src, len, dst, cap, written, xud_to_utf16, to_utf8);
}

const wenc__utf16_kernels wenc__utf16_neon = {
    .to_utf8 = to_utf8,
    .utf8_length = utf8_length,
    .bytes_to_utf16 = bytes_to_utf16,
    .bytes_to_utf8 = bytes_to_utf8,
    .bytes_to_utf32 = bytes_to_utf32,
    .xud_to_utf16 = xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
};
