/* utf16_scalar.c -- the portable UTF-16 kernels (utf16_kernels.h), always
** built: the reference the vector kernels are tested against. */
#include "utf16_kernels.h"

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                      size_t *written)
{
    size_t pos = 0, out = 0;
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

const wenc__utf16_kernels wenc__utf16_scalar = {
    .to_utf8 = to_utf8,
};

const wenc__utf16_kernels *const wenc__utf16_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf16_scalar,
    [WENC__ISA_SSE2] = &wenc__utf16_scalar,
    [WENC__ISA_SSE41] = &wenc__utf16_scalar,
    [WENC__ISA_AVX2] = &wenc__utf16_scalar,
    [WENC__ISA_AVX512] = &wenc__utf16_scalar,
    [WENC__ISA_NEON] = &wenc__utf16_scalar,
};
