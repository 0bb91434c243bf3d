/* x_user_defined.c -- x-user-defined decoder and encoder (Encoding
** Standard, "x-user-defined"): bytes 0x80..0xFF are U+F780..U+F7FF. */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "simd/latin1/latin1_kernels.h" /* wenc__latin1_gather4 */
#include "simd/utf16/utf16_kernels.h"

WENC__INLINE int xud_step(void *unused, int byte, wenc__step *r)
{
    (void)unused;
    /* 1. End-of-queue: finished.  2. ASCII: itself.  3. 0xF780 + byte - 0x80. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    r->cp[0] = byte < 0x80 ? (uint32_t)byte : 0xF780u + (uint32_t)byte - 0x80u;
    return WENC__CODE_POINT;
}

/* The bulk path, through the kernels of src/simd (chosen once per
** process): every byte decodes on its own, so it stops only where the
** output is full.  It takes ASCII too (the engine's ASCII path would stop
** at every byte of 0x80 and up). */
WENC__INLINE void xud_bulk(void *unused, const uint8_t *src, size_t *pos_, size_t len, void *dst,
                           size_t *out_, size_t cap, int form)
{
    (void)unused;
    size_t pos = *pos_, out = *out_, w;
    if (pos == len || out == cap)
        return;
    const wenc__utf16_kernels *k = wenc__utf16_kernels_get();
    if (form == WENC__UTF16) {
        pos += k->xud_to_utf16(src + pos, len - pos, (uint16_t *)dst + out, cap - out, &w);
    } else if (form == WENC__UTF8) {
        pos += k->xud_to_utf8(src + pos, len - pos, (uint8_t *)dst + out, cap - out, &w);
    } else {
        /* UTF-32: one unit per byte, a loop the compiler vectorises. */
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        uint32_t *d = (uint32_t *)dst + out;
        for (size_t i = 0; i < n; i++) {
            uint32_t b = src[pos + i];
            d[i] = b < 0x80 ? b : 0xF700 + b;
        }
        pos += n;
        w = n;
    }
    *pos_ = pos;
    *out_ = out + w;
}

WENC__INLINE wenc_status xud_decode(wenc__dcall *c, const int form)
{
    return wenc__decode_loop(c, form, NULL, xud_step, wenc__always, false, xud_bulk);
}

WENC__DECODER_IMPL(x_user_defined, xud_decode);

WENC__INLINE int xud_encode_step(void *unused, int32_t cp, wenc__estep *r)
{
    (void)unused;
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte.  3. U+F780..U+F7FF:
    ** cp - 0xF780 + 0x80.  4. Otherwise error. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80 || (cp >= 0xF780 && cp <= 0xF7FF)) {
        r->bytes[0] = (uint8_t)(cp < 0x80 ? cp : cp - 0xF780 + 0x80);
        r->n = 1;
        return WENC__E_BYTES;
    }
    r->error_cp = (uint32_t)cp;
    return WENC__E_ERROR;
}

/* Whether the encoder's step gives unit U of UTF-16 or UTF-32 input a byte
** (steps 2 and 3: ASCII and U+F780..U+F7FF, and that byte is U's low 8
** bits). */
WENC__INLINE bool xud_unit_mapped(uint32_t u)
{
    return u < 0x80 || (u & 0xFFFFFF80u) == 0xF780u;
}

/* Four UTF-16 units as one 64-bit word (memcpy: either byte order, each
** unit a 16-bit lane in the word), checked and narrowed without a branch
** per unit; gcc 12 vectorises none of the per-unit loops that do this
** (the stores may alias the input, and its SLP stops at the check). */
#define XUD_LANES(x) (UINT64_C(0x0001000100010001) * (x))

/* Lanes whose unit has no byte: bit 9 of each.  A unit has one if its
** bits 7..15 are 0 (ASCII) or 0xF780's; a lane's 9 bits + 0x1FF reach bit
** 9 when they are not 0, and never carry into the next lane. */
WENC__INLINE uint64_t xud_unmapped4(uint64_t w)
{
    uint64_t nine = XUD_LANES(0x01FF), high = w & XUD_LANES(0xFF80);
    uint64_t not_ascii = ((high >> 7) & nine) + nine;
    uint64_t not_pua = (((high ^ XUD_LANES(0xF780)) >> 7) & nine) + nine;
    return not_ascii & not_pua & XUD_LANES(0x0200);
}

/* Encodes the UTF-16 units SRC[0..N) into DST while every unit has a
** byte; returns the units taken.  Blocks of 16 units checked whole, then
** stored (nothing is written past the result); the block that holds the
** unit to stop at, and the last units, one by one. */
WENC__INLINE size_t xud_encode_utf16(const uint16_t *src, size_t n, uint8_t *dst)
{
    size_t i = 0;
    for (; n - i >= 16; i += 16) {
        uint64_t w[4];
        memcpy(w, src + i, sizeof w);
        if (xud_unmapped4(w[0]) | xud_unmapped4(w[1]) | xud_unmapped4(w[2]) |
            xud_unmapped4(w[3]))
            break;
        for (int k = 0; k < 4; k++) {
            /* The low bytes in memory order (latin1_kernels.h). */
            uint32_t bytes = wenc__latin1_gather4(w[k] & XUD_LANES(0x00FF));
            memcpy(dst + i + 4 * k, &bytes, 4);
        }
    }
    for (; i < n && xud_unit_mapped(src[i]); i++)
        dst[i] = (uint8_t)src[i];
    return i;
}

/* The bulk path: the steps' bytes without the step function, up to the
** first code point they refuse (the step reports it) or a full output.
** From UTF-8, ASCII and the sequences EF 9E 80..EF 9F BF (U+F780..
** U+F7FF), whose byte is 0x80 | the low bit of the second byte << 6 | the
** third's six bits. */
WENC__INLINE void xud_encode_bulk(const void *src, size_t *pos_, size_t len, uint8_t *dst,
                                  size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_;
    /* DST may be NULL with no room (and SRC with no input): no pointer is
    ** formed then, not even DST + 0. */
    if (pos == len || out == cap)
        return;
    if (form == WENC__FROM_UTF8) {
        const uint8_t *s = src;
        while (pos < len && out < cap) {
            uint32_t b = s[pos];
            if (b < 0x80) {
                dst[out++] = (uint8_t)b;
                pos++;
            } else if (b == 0xEF && len - pos >= 3 && (s[pos + 1] & 0xFE) == 0x9E &&
                       (s[pos + 2] & 0xC0) == 0x80) {
                dst[out++] = (uint8_t)(0x80 | (s[pos + 1] & 1) << 6 | (s[pos + 2] & 0x3F));
                pos += 3;
            } else {
                break;
            }
        }
    } else {
        /* One byte per unit: the room left bounds the units too. */
        size_t n = len - pos < cap - out ? len - pos : cap - out, i = 0;
        if (form == WENC__FROM_UTF16) {
            i = xud_encode_utf16((const uint16_t *)src + pos, n, dst + out);
        } else {
            const uint32_t *s = (const uint32_t *)src + pos;
            for (; i < n && xud_unit_mapped(s[i]); i++)
                dst[out + i] = (uint8_t)s[i];
        }
        pos += i;
        out += i;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE wenc_status xud_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, xud_encode_step, wenc__always, xud_encode_bulk);
}

WENC__ENCODER_IMPL(x_user_defined, xud_encode, 1);
