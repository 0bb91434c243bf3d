/* x_user_defined.c -- x-user-defined decoder and encoder (Encoding
** Standard, "x-user-defined"): bytes 0x80..0xFF are U+F780..U+F7FF. */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
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

/* Whether the encoder's step gives no byte for unit U of UTF-16 or UTF-32
** input (steps 2 and 3 give one to ASCII and U+F780..U+F7FF, and that
** byte is U's low 8 bits): one expression without a branch, so that the
** loops over 16 units below vectorise. */
WENC__INLINE uint32_t xud_unit_unmapped(uint32_t u)
{
    return (uint32_t)(u >= 0x80) & (uint32_t)((u & 0xFFFFFF80u) != 0xF780u);
}

/* Encodes SRC[0..N) (UTF-16 units, or UTF-32 when WIDE) into DST while
** every unit has a byte; returns the units taken.  A block of 16 units is
** checked whole, then stored (nothing is written past the result); the
** block that holds the unit to stop at goes unit by unit. */
WENC__INLINE size_t xud_encode_units(const void *src, size_t n, uint8_t *dst, const bool wide)
{
    const uint16_t *s16 = src;
    const uint32_t *s32 = src;
    size_t i = 0;
    while (i < n) {
        if (n - i >= 16) {
            uint32_t unmapped = 0;
            for (size_t j = 0; j < 16; j++)
                unmapped |= xud_unit_unmapped(wide ? s32[i + j] : s16[i + j]);
            if (!unmapped) {
                for (size_t j = 0; j < 16; j++)
                    dst[i + j] = (uint8_t)(wide ? s32[i + j] : s16[i + j]);
                i += 16;
                continue;
            }
        }
        for (size_t end = n - i >= 16 ? i + 16 : n; i < end; i++) {
            uint32_t u = wide ? s32[i] : s16[i];
            if (xud_unit_unmapped(u))
                return i;
            dst[i] = (uint8_t)u;
        }
    }
    return n;
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
        size_t n = len - pos < cap - out ? len - pos : cap - out, taken;
        if (form == WENC__FROM_UTF16)
            taken = xud_encode_units((const uint16_t *)src + pos, n, dst + out, false);
        else
            taken = xud_encode_units((const uint32_t *)src + pos, n, dst + out, true);
        pos += taken;
        out += taken;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE wenc_status xud_encode(wenc__ecall *c, const int form)
{
    return wenc__encode_loop(c, form, NULL, xud_encode_step, wenc__always, xud_encode_bulk);
}

WENC__ENCODER_IMPL(x_user_defined, xud_encode, 1);
