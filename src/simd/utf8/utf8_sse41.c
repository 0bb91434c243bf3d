/* utf8_sse41.c -- the UTF-8 kernels for SSSE3 and SSE4.1 (utf8_kernels.h):
** the block check of utf8_lookup.h on 16-byte vectors, four at a time,
** with a skip for blocks of ASCII; decoding with shuffles (utf8_x86.h). */
#include <smmintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_SSE41)
/* This file's set, for utf8_x86.h and simd/vec_x86.h (target.h). */
#define WENC__KERNEL_SSE41 1

#include "utf8_x86.h"

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_CHECK x86_check16
#define TPL_OPEN x86_open16
#define TPL_NAME_PREFIX valid_prefix
#define TPL_ASCII_RUNS  1
#include "utf8_prefix_tpl.h"

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_V16 __m128i
#define TPL_NAME_COPY ascii_to_utf8
#define TPL_ASCII_LEN v128_ascii_len
#include "utf8_copy_tpl.h"

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_WIDEN x86_widen16
#define TPL_ASCII_LEN v128_ascii_len
#include "utf8_widen_tpl.h"

WENC__UTF8_TRANSCODERS(x86_decode_valid)

const wenc__utf8_kernels wenc__utf8_sse41 = {
    .valid_prefix = valid_prefix,
    .ascii_to_utf8 = ascii_to_utf8,
    .ascii_to_utf16 = ascii_to_utf16,
    .ascii_to_utf32 = ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    /* SSE2's short kernels (8 to 64 bytes, to UTF-8). */
    .short_to_utf8 = wenc__utf8_sse2_short_to_utf8,
    .short_lengths = {UINT64_C(0xFFFFFFFFFFFFFF80), 0},
    .short_valid = wenc__utf8_sse2_short_valid,
    .valid_lengths = UINT64_C(0xFFFFFFFFFFFFFF80),
    .short_rest = &wenc__utf8_sse2,
    .ascii_prefix = wenc__utf8_sse2_ascii_prefix,
    .count = wenc__utf8_sse2_count,
};

WENC__TARGET_END
