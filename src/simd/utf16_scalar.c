/* utf16_scalar.c -- the portable UTF-16 kernels (utf16_kernels.h), always
** built: the reference the vector kernels are tested against, and the
** table of kernels per instruction set. */
#include "utf16_impl.h"

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

static size_t bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written)
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
    .bytes_to_utf8 = bytes_to_utf8,
    .bytes_to_utf32 = bytes_to_utf32,
    .xud_to_utf16 = xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
};

#if defined(WENC__SIMD_X86)
#define K_SSE2  &wenc__utf16_sse2
#define K_SSE41 &wenc__utf16_sse41
#define K_AVX2  &wenc__utf16_avx2
#define K_AVX512 &wenc__utf16_avx512
#else
#define K_SSE2  &wenc__utf16_scalar
#define K_SSE41 &wenc__utf16_scalar
#define K_AVX2  &wenc__utf16_scalar
#define K_AVX512 &wenc__utf16_scalar
#endif
#if defined(WENC__SIMD_NEON)
#define K_NEON &wenc__utf16_neon
#else
#define K_NEON &wenc__utf16_scalar
#endif

/* AVX-512's UTF-16 -> UTF-8 kernels need VBMI2 as well, and call AVX2's
** without it (utf16_avx512.c). */
const wenc__utf16_kernels *const wenc__utf16_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf16_scalar,
    [WENC__ISA_SSE2] = K_SSE2,
    [WENC__ISA_SSE41] = K_SSE41,
    [WENC__ISA_AVX2] = K_AVX2,
    [WENC__ISA_AVX512] = K_AVX512,
    [WENC__ISA_NEON] = K_NEON,
};
