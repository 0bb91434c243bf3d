/* utf16_scalar.c -- the portable UTF-16 kernels (utf16_kernels.h), always
** built: the reference the vector kernels are tested against, and the
** kernels of a build or a CPU without vectors (the table of kernels per
** instruction set is in src/simd/kernels.c). */
#include "utf16_impl.h"

/* The scalar UTF-16 -> UTF-8 loop (utf16_impl.h).  It works in windows of
** as many units as fit at three bytes each (a surrogate pair writes four
** for two units), so that no unit tests the room; each unit is one test of
** its range and its bytes stored (no table, no length computed twice).  A
** surrogate that is not the first of a pair inside the window, and the
** units after the last window, go through the careful loop, which checks
** everything and stops where the contract says. */
size_t wenc__u16_to_utf8_scalar(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                                size_t *written)
{
    size_t pos = 0, out = 0;
    for (;;) {
        size_t end = (cap - out) / 3;
        end = pos + (end < len - pos ? end : len - pos);
        if (end - pos < 4)
            break;
        while (pos < end) {
            uint32_t cp = src[pos];
            if (cp < 0x80) {
                dst[out++] = (uint8_t)cp;
                pos++;
                /* Then four ASCII units at a time, while they are (the
                ** whole of some documents); after a lone ASCII unit (a
                ** space between words of another script) one test. */
                uint64_t word;
                while (end - pos >= 4 &&
                       (memcpy(&word, src + pos, sizeof word), (word & 0xFF80FF80FF80FF80u) == 0)) {
                    dst[out] = (uint8_t)src[pos];
                    dst[out + 1] = (uint8_t)src[pos + 1];
                    dst[out + 2] = (uint8_t)src[pos + 2];
                    dst[out + 3] = (uint8_t)src[pos + 3];
                    pos += 4;
                    out += 4;
                }
            } else if (cp < 0x800) {
                dst[out] = (uint8_t)(0xC0 | cp >> 6);
                dst[out + 1] = (uint8_t)(0x80 | (cp & 0x3F));
                out += 2;
                pos++;
            } else if (cp - 0xD800 >= 0x800) {
                dst[out] = (uint8_t)(0xE0 | cp >> 12);
                dst[out + 1] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
                dst[out + 2] = (uint8_t)(0x80 | (cp & 0x3F));
                out += 3;
                pos++;
            } else {
                uint32_t next = pos + 1 < end ? src[pos + 1] : 0;
                if (cp >= 0xDC00 || next - 0xDC00u >= 0x400)
                    goto careful;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (next - 0xDC00u);
                dst[out] = (uint8_t)(0xF0 | cp >> 18);
                dst[out + 1] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
                dst[out + 2] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
                dst[out + 3] = (uint8_t)(0x80 | (cp & 0x3F));
                out += 4;
                pos += 2;
            }
        }
    }
careful:
    while (pos < len) {
        uint32_t cp = src[pos];
        size_t n = 1;
        if (cp - 0xD800 < 0x800) {
            if (cp >= 0xDC00 || len - pos < 2 || src[pos + 1] - 0xDC00u >= 0x400)
                break;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (src[pos + 1] - 0xDC00u);
            n = 2;
        }
        if (cap - out < wenc__utf8_length(cp))
            break;
        out += wenc__utf8_put(dst + out, cp);
        pos += n;
    }
    *written = out;
    return pos;
}

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return wenc__u16_to_utf8_scalar(src, len, dst, cap, written);
}

static size_t utf8_length(const uint16_t *src, size_t len)
{
    /* Whole blocks, so that the sum saturates instead of wrapping. */
    size_t pos = 0, n = 0;
    while (pos < len) {
        size_t end = len - pos > 4096 ? pos + 4096 : len;
        n = wenc__add_sat(n, wenc__u16_utf8_length_scalar(src, &pos, end, len));
    }
    return n;
}

static size_t bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst, size_t cap,
                             size_t *written)
{
    return wenc__u16_bytes_scalar(src, len, be, dst, cap, written, WENC__K16);
}

size_t wenc__u16_bytes_to_utf8_scalar(const uint8_t *src, size_t len, bool be, uint8_t *dst,
                                      size_t cap, size_t *written)
{
    return wenc__u16_bytes_scalar(src, len, be, dst, cap, written, WENC__K8);
}

static size_t bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst, size_t cap,
                             size_t *written)
{
    return wenc__u16_bytes_scalar(src, len, be, dst, cap, written, WENC__K32);
}

static size_t xud_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                           size_t *written)
{
    return wenc__xud_scalar(src, len, dst, cap, written, WENC__K16);
}

static size_t xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return wenc__xud_scalar(src, len, dst, cap, written, WENC__K8);
}

const wenc__utf16_kernels wenc__utf16_scalar = {
    .to_utf8 = to_utf8,
    .utf8_length = utf8_length,
    .bytes_to_utf16 = bytes_to_utf16,
    .bytes_to_utf8 = wenc__u16_bytes_to_utf8_scalar,
    .bytes_to_utf32 = bytes_to_utf32,
    .xud_to_utf16 = xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
};
