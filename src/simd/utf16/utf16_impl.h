/* utf16_impl.h -- what the UTF-16 kernels of every instruction set share
** (included only by src/simd/utf16/utf16_*.c): the scalar loops, which are the
** scalar kernels themselves and finish every vector kernel (tails, blocks
** with surrogates), the composed kernels that reach UTF-8 through a window
** of native units, and the shuffle table that packs UTF-8 sequences. */
#ifndef WENC_UTF16_IMPL_H
#define WENC_UTF16_IMPL_H

#include "utf16_kernels.h"

/* Output forms of the scalar loops. */
enum { WENC__K8, WENC__K16, WENC__K32 };

/* The unit at P in the byte order BE. */
WENC__INLINE uint32_t wenc__u16_at(const uint8_t *p, bool be)
{
    return be ? (uint32_t)p[0] << 8 | p[1] : (uint32_t)p[1] << 8 | p[0];
}

/* The scalar UTF-16 -> UTF-8 loop (contract: utf16_kernels.h; in
** utf16_scalar.c): the scalar kernel, and what every vector kernel calls
** for its tail and for the blocks it leaves.  Out of line: inlined into
** the vector kernels, it changed how the compiler laid out their loops
** (SSE4.1's Cyrillic rows ran a third slower) for code they seldom run. */
size_t wenc__u16_to_utf8_scalar(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                                size_t *written);

/* Where the units of a UTF-16 -> UTF-8 kernel come from: native memory
** (to_utf8), or UTF-16LE or UTF-16BE bytes (bytes_to_utf8), which are
** units once swapped. */
enum { WENC__U16_NATIVE, WENC__U16_LE, WENC__U16_BE };

/* The scalar UTF-16LE/BE bytes -> UTF-8 loop (wenc__u16_bytes_scalar into
** UTF-8; in utf16_scalar.c): the scalar kernel, and the tail of the vector
** kernels that read bytes.  Out of line for the reason above. */
size_t wenc__u16_bytes_to_utf8_scalar(const uint8_t *src, size_t len, bool be, uint8_t *dst,
                                      size_t cap, size_t *written);

/* The scalar step of a vector UTF-16 -> UTF-8 kernel: N units of SRC (in
** the order FROM) from POS into DST[OUT..CAP); returns the units read (0:
** the scalar loop stopped at once, the kernel's stop) and sets *WRITTEN. */
WENC__INLINE size_t wenc__u16_to_utf8_step(const uint8_t *src, int from, size_t pos, size_t n,
                                           uint8_t *dst, size_t out, size_t cap, size_t *written)
{
    if (from == WENC__U16_NATIVE)
        return wenc__u16_to_utf8_scalar((const uint16_t *)(const void *)src + pos, n, dst + out,
                                        cap - out, written);
    return wenc__u16_bytes_to_utf8_scalar(src + 2 * pos, 2 * n, from == WENC__U16_BE,
                                          dst + out, cap - out, written) / 2;
}

/* The UTF-8 length of the code points of SRC[0..LEN) that start before
** END (a pair may end at END + 1), from *POS, which it advances. */
WENC__INLINE size_t wenc__u16_utf8_length_scalar(const uint16_t *src, size_t *pos_, size_t end,
                                                 size_t len)
{
    size_t pos = *pos_, n = 0;
    while (pos < end) {
        uint32_t u = src[pos++];
        if (u < 0x80) {
            n += 1;
        } else if (u < 0x800) {
            n += 2;
        } else if (u >= 0xD800 && u <= 0xDBFF && pos < len && src[pos] - 0xDC00u < 0x400) {
            n += 4; /* a pair */
            pos++;
        } else {
            n += 3; /* the rest of the BMP, and U+FFFD for a lone surrogate */
        }
    }
    *pos_ = pos;
    return n;
}

/* The scalar UTF-16LE/BE bytes loop, into FORM (contract:
** utf16_kernels.h; the same loop as utf16_step without errors). */
WENC__INLINE size_t wenc__u16_bytes_scalar(const uint8_t *src, size_t len, bool be, void *dst,
                                           size_t cap, size_t *written, int form)
{
    size_t pos = 0, out = 0;
    while (len - pos >= 2) {
        uint32_t cp = wenc__u16_at(src + pos, be);
        size_t n = 2;
        if (cp - 0xD800 < 0x800) {
            if (cp >= 0xDC00 || len - pos < 4)
                break;
            uint32_t trail = wenc__u16_at(src + pos + 2, be);
            if (trail - 0xDC00 >= 0x400)
                break;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (trail - 0xDC00);
            n = 4;
        }
        if (form == WENC__K8) {
            if (cap - out < wenc__utf8_length(cp))
                break;
            out += wenc__utf8_put((uint8_t *)dst + out, cp);
        } else if (form == WENC__K16) {
            if (cap - out < (cp >= 0x10000 ? 2u : 1u))
                break;
            uint16_t *p = (uint16_t *)dst + out;
            if (cp >= 0x10000) {
                p[0] = (uint16_t)(0xD7C0 + (cp >> 10));
                p[1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                out += 2;
            } else {
                p[0] = (uint16_t)cp;
                out++;
            }
        } else {
            if (cap == out)
                break;
            ((uint32_t *)dst)[out++] = cp;
        }
        pos += n;
    }
    *written = out;
    return pos;
}

/* The scalar x-user-defined loop, into FORM (UTF-8 or UTF-16). */
WENC__INLINE size_t wenc__xud_scalar(const uint8_t *src, size_t len, void *dst, size_t cap,
                                     size_t *written, int form)
{
    size_t pos = 0, out = 0;
    for (; pos < len; pos++) {
        uint32_t b = src[pos];
        if (form == WENC__K16) {
            if (cap == out)
                break;
            /* 3. A byte 0x80..0xFF is U+F780 + byte - 0x80. */
            ((uint16_t *)dst)[out++] = (uint16_t)(b < 0x80 ? b : 0xF700 + b);
        } else {
            if (cap - out < (b < 0x80 ? 1u : 3u))
                break;
            uint8_t *p = (uint8_t *)dst + out;
            if (b < 0x80) {
                p[0] = (uint8_t)b;
                out++;
            } else {
                /* U+F780..U+F7FF: EF 9E 80 .. EF 9F BF. */
                p[0] = 0xEF;
                p[1] = (uint8_t)(b < 0xC0 ? 0x9E : 0x9F);
                p[2] = (uint8_t)(0x80 | (b & 0x3F));
                out += 3;
            }
        }
    }
    *written = out;
    return pos;
}

typedef size_t (*wenc__u16_to_utf8_fn)(const uint16_t *, size_t, uint8_t *, size_t, size_t *);
typedef size_t (*wenc__u16_bytes16_fn)(const uint8_t *, size_t, bool, uint16_t *, size_t, size_t *);
typedef size_t (*wenc__xud16_fn)(const uint8_t *, size_t, uint16_t *, size_t, size_t *);

/* Native units between the two halves of a composed kernel. */
#define WENC__U16_WINDOW 256

/* UTF-16LE/BE bytes -> UTF-8 as TO16 then TO8 over a window of native
** units.  TO16 never leaves a pair cut in the window (it stops before its
** leading surrogate, which starts the next window) nor a lone surrogate,
** so TO8 stops only where its output is full; its units read are then the
** bytes read, halved. */
WENC__INLINE size_t wenc__u16_bytes_to_utf8_via(const uint8_t *src, size_t len, bool be,
                                                uint8_t *dst, size_t cap, size_t *written,
                                                wenc__u16_bytes16_fn to16, wenc__u16_to_utf8_fn to8)
{
    uint16_t buf[WENC__U16_WINDOW];
    size_t pos = 0, out = 0;
    while (len - pos >= 2 && out < cap) {
        size_t win = len - pos < 2 * WENC__U16_WINDOW ? len - pos : 2 * WENC__U16_WINDOW;
        size_t w, ow;
        if (to16(src + pos, win, be, buf, WENC__U16_WINDOW, &w) == 0)
            break;
        size_t r = to8(buf, w, dst + out, cap - out, &ow);
        pos += 2 * r;
        out += ow;
        if (r < w)
            break;
    }
    *written = out;
    return pos;
}

/* x-user-defined -> UTF-8 the same way (every byte is one unit). */
WENC__INLINE size_t wenc__xud_to_utf8_via(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                          size_t *written, wenc__xud16_fn to16,
                                          wenc__u16_to_utf8_fn to8)
{
    uint16_t buf[WENC__U16_WINDOW];
    size_t pos = 0, out = 0;
    while (pos < len && out < cap) {
        size_t win = len - pos < WENC__U16_WINDOW ? len - pos : WENC__U16_WINDOW;
        size_t w, ow;
        to16(src + pos, win, buf, WENC__U16_WINDOW, &w);
        size_t r = to8(buf, w, dst + out, cap - out, &ow);
        pos += r;
        out += ow;
        if (r < w)
            break;
    }
    *written = out;
    return pos;
}

/* Packing UTF-8 sequences of 1 to 3 bytes held in four 32-bit lanes (the
** first byte lowest): row I of wenc__utf16_pack is the byte shuffle
** (pshufb / tbl) that moves them together, and wenc__utf16_pack_len[I] the
** bytes they make, where bit J of I says lane J is not ASCII and bit J + 4
** that it is 3 bytes long.  Indexes 0x80 and up in a shuffle give 0.
** NEON's; x86 packs these lanes through wenc__utf16_pack3. */
extern const uint8_t wenc__utf16_pack[256][16];
extern const uint8_t wenc__utf16_pack_len[256];

/* The same for x86, whose lanes are built with fewer instructions (a
** multiply-add puts the middle bits in place; utf16_sse41.c, utf16_avx2.c):
** lane J holds the ASCII unit, the last byte 0x80 | (u & 0x3F), the lead
** 0xE0 | u >> 12 of 3 bytes and the lead 0xC0 | u >> 6 of 2 or the middle
** 0x80 | (u >> 6 & 0x3F) of 3, and bits 2J and 2J + 1 of the index say
** its unit is ASCII and below U+0800 (what a movemask of the two 16-bit
** compares gives, one from each byte).  Row I of wenc__utf16_pack3 moves
** each lane's 1, 2 or 3 bytes together in order; wenc__utf16_pack3_len[I]
** is the bytes they make. */
extern const uint8_t wenc__utf16_pack3[256][16];
extern const uint8_t wenc__utf16_pack3_len[256];

/* Packing UTF-8 sequences of 1 or 2 bytes held in eight 16-bit lanes (the
** first byte lowest), for blocks whose units are all below U+0800: row I
** of wenc__utf16_pack2 is the byte shuffle that moves them together and
** wenc__utf16_pack2_len[I] (8 + the bits of I) the bytes they make, where
** bit J of I says lane J is not ASCII.  Indexes 0x80 give 0. */
extern const uint8_t wenc__utf16_pack2[256][16];
extern const uint8_t wenc__utf16_pack2_len[256];

/* A block's turn in the UTF-16 -> UTF-8 loop of utf16_to_utf8_tpl.h (x86),
** taken once the block knows it makes N bytes at D and before it stores
** any: *PAST takes what DST holds in the 16 bytes at D + N, then the store
** the block before left pending, *LAST at *AT, is made.  In that order the
** read finds what DST held, and no store it would wait for (the template's
** comment says why); the block's own stores then rewrite what the pending
** one wrote past its bytes. */
#define WENC__U16_TURN(d, n, last, at, past)                                                      \
    do {                                                                                           \
        *(past) = _mm_loadu_si128((const __m128i *)(const void *)((d) + (n)));                    \
        _mm_storeu_si128((__m128i *)(void *)*(at), *(last));                                       \
    } while (0)

/* utf16_sse2.c's kernels, which the SSE4.1 and AVX2 tables share. */
size_t wenc__utf16_sse2_utf8_length(const uint16_t *src, size_t len);
size_t wenc__utf16_sse2_bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst,
                                       size_t cap, size_t *written);
size_t wenc__utf16_sse2_bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst,
                                       size_t cap, size_t *written);
size_t wenc__utf16_sse2_xud_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                     size_t *written);

/* utf16_avx2.c's kernels, which the AVX-512 table shares (and falls back
** to without VBMI2). */
size_t wenc__utf16_avx2_to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                                size_t *written);
size_t wenc__utf16_avx2_utf8_length(const uint16_t *src, size_t len);
size_t wenc__utf16_avx2_bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst,
                                       size_t cap, size_t *written);
size_t wenc__utf16_avx2_bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst,
                                      size_t cap, size_t *written);
size_t wenc__utf16_avx2_bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst,
                                       size_t cap, size_t *written);
size_t wenc__utf16_avx2_xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                    size_t *written);

#endif /* WENC_UTF16_IMPL_H */
