/* utf8_scalar.c -- the portable UTF-8 kernels (utf8_kernels.h), always
** built: the reference the vector kernels are tested against, and the
** kernels of a build or a CPU without vectors. */
#include "utf8_scalar.h"

/* ASCII a word at a time; text that is mostly not ASCII through the shift
** DFA, 16 bytes at a time; the rest a sequence at a time. */
static size_t valid_prefix(const uint8_t *src, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (src[i] < 0x80) {
            i = wenc__utf8_skip_ascii_words(src, i + 1, len);
            continue;
        }
        if (len - i >= 32 && wenc__utf8_dense(src + i)) {
            size_t j = wenc__utf8_shift_run(src, i, len);
            if (j != i) {
                i = j;
                continue;
            }
        }
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, i, len, &cp);
        if (n == 0)
            break;
        i += n;
    }
    return i;
}

static size_t ascii_to_utf8(const uint8_t *src, size_t len, uint8_t *dst)
{
    size_t i = 0;
    for (; len - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, src + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
        memcpy(dst + i, &w, 8);
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

/* A word at a time, widened by a loop the compiler may vectorise; one body
** for both widths (FORM 16 or 32). */
WENC__INLINE size_t ascii_widen(const uint8_t *src, size_t len, void *dst, int form)
{
    size_t i = 0;
    for (; len - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, src + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
        for (unsigned k = 0; k < 8; k++) {
            if (form == 16)
                ((uint16_t *)dst)[i + k] = src[i + k];
            else
                ((uint32_t *)dst)[i + k] = src[i + k];
        }
    }
    for (; i < len && src[i] < 0x80; i++) {
        if (form == 16)
            ((uint16_t *)dst)[i] = src[i];
        else
            ((uint32_t *)dst)[i] = src[i];
    }
    return i;
}

static size_t ascii_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    return ascii_widen(src, len, dst, 16);
}

static size_t ascii_to_utf32(const uint8_t *src, size_t len, uint32_t *dst)
{
    return ascii_widen(src, len, dst, 32);
}

/* The sequence at a time loop of utf8_scalar.h, from the start. */
WENC__INLINE size_t transcode(const uint8_t *src, size_t len, void *dst, size_t cap,
                              size_t *written, int form)
{
    size_t pos = 0, out = 0;
    wenc__utf8_transcode_from(src, &pos, len, dst, &out, cap, form);
    *written = out;
    return pos;
}

static size_t to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                       size_t *written)
{
    return transcode(src, len, dst, cap, written, 16);
}

static size_t to_utf32(const uint8_t *src, size_t len, uint32_t *dst, size_t cap,
                       size_t *written)
{
    return transcode(src, len, dst, cap, written, 32);
}

const wenc__utf8_kernels wenc__utf8_scalar = {
    .valid_prefix = valid_prefix,
    .ascii_to_utf8 = ascii_to_utf8,
    .ascii_to_utf16 = ascii_to_utf16,
    .ascii_to_utf32 = ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
};

#if defined(WENC__SIMD_X86)
const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf8_scalar,
    [WENC__ISA_SSE2] = &wenc__utf8_sse2,
    [WENC__ISA_SSE41] = &wenc__utf8_sse41,
    [WENC__ISA_AVX2] = &wenc__utf8_avx2,
    [WENC__ISA_AVX512] = &wenc__utf8_avx512,
    [WENC__ISA_NEON] = &wenc__utf8_scalar,
};
#elif defined(WENC__SIMD_NEON)
const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf8_scalar,
    [WENC__ISA_SSE2] = &wenc__utf8_scalar,
    [WENC__ISA_SSE41] = &wenc__utf8_scalar,
    [WENC__ISA_AVX2] = &wenc__utf8_scalar,
    [WENC__ISA_AVX512] = &wenc__utf8_scalar,
    [WENC__ISA_NEON] = &wenc__utf8_neon,
};
#else
const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf8_scalar,
    [WENC__ISA_SSE2] = &wenc__utf8_scalar,
    [WENC__ISA_SSE41] = &wenc__utf8_scalar,
    [WENC__ISA_AVX2] = &wenc__utf8_scalar,
    [WENC__ISA_AVX512] = &wenc__utf8_scalar,
    [WENC__ISA_NEON] = &wenc__utf8_scalar,
};
#endif
