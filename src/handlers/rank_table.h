/* rank_table.h -- counting bits, and the default profile's rank blocks.
** The small profile's lookups rank and select over bit sets (EUC-KR's
** Hangul, gb18030's hanzi: euc_kr.h, gb18030.h, issue 29) with
** wenc__popcount32/64, as does the default profile's wenc__sparse_lookup
** (sparse_lookup.h). */
#ifndef WENC_HANDLERS_RANK_TABLE_H
#define WENC_HANDLERS_RANK_TABLE_H

#include "engine/internal.h"

/* 1 in a -Dtables=small build (meson.build); builds that compile the
** sources themselves (tests/fuzz/oss-fuzz/build.sh) get the default. */
#ifndef WENC__TABLES_SMALL
#define WENC__TABLES_SMALL 0
#endif

/* Number of set bits of X.  Baseline x86-64 has no popcnt instruction, and
** without it GCC calls a library routine; the bit-parallel sum is a dozen
** ALU operations with no branch.  In a function built for popcnt
** (target("popcnt"), src/simd/cjk/cjk_copies.h) GCC turns this sum
** into the instruction, and clang the builtin, which it otherwise expands
** to the same sum. */
WENC__INLINE uint32_t wenc__popcount32(uint32_t x)
{
#if defined(__POPCNT__) || defined(__aarch64__) || defined(__clang__)
    return (uint32_t)__builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
#endif
}

/* The same for 64 bits (the small profile's bit sets over Hangul and
** hanzi, issue 29). */
WENC__INLINE uint32_t wenc__popcount64(uint64_t x)
{
#if defined(__POPCNT__) || defined(__aarch64__) || defined(__clang__)
    return (uint32_t)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (uint32_t)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

#endif
