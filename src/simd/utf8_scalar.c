/* utf8_scalar.c -- the portable UTF-8 kernels (utf8_kernels.h), always
** built: the reference the vector kernels are tested against. */
#include "utf8_kernels.h"
#include "utf8_dfa.h"

static size_t valid_prefix(const uint8_t *src, size_t len)
{
    size_t pos = 0;
    while (pos < len) {
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, pos, len, &cp);
        if (n == 0)
            break;
        pos += n;
    }
    return pos;
}

const wenc__utf8_kernels wenc__utf8_scalar = {
    .valid_prefix = valid_prefix,
};

const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf8_scalar,
    [WENC__ISA_SSE2] = &wenc__utf8_scalar,
    [WENC__ISA_SSE41] = &wenc__utf8_scalar,
    [WENC__ISA_AVX2] = &wenc__utf8_scalar,
    [WENC__ISA_AVX512] = &wenc__utf8_scalar,
    [WENC__ISA_NEON] = &wenc__utf8_scalar,
};
