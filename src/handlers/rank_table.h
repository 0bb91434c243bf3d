/* rank_table.h -- counting bits, and the default profile's rank blocks.
** The small profile's lookups rank and select over bit sets (EUC-KR's
** Hangul, gb18030's hanzi: euc_kr.h, gb18030.h, issue 29) with
** wenc__popcount32/64; the default profile's EUC-KR encode table keeps its
** sparse blocks (hanja) apart, found by rank (wenc__sparse_lookup). */
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

/* The default profile's page tables with rank blocks (tools/gen-tables.py,
** encode_hybrid_table; EUC-KR's, Big5's and gb18030's): the page table
** alone, wenc__page_lookup with 32-slot blocks, gives the entries of the
** dense blocks and WENC__NONE16 for the code points of the sparse ones
** (EUC-KR's hanja, CJK Extension A and the compatibility ideographs, rare
** in text), which are looked up here: RANKED marks those blocks (and
** BEFORE counts the marks before each of its words), BITS holds each
** one's code points and BASE where their entries start in VALUES.  Only
** the step functions come here, so the encoders' loops keep one page
** lookup per code point and stop at the rest.  Not inlined: the engine's
** loops inline each step function once per input form, and this in each
** cost about 0.4 KiB of code a copy, as much as the blocks it saves
** (issue 42). */
static WENC__NOINLINE WENC__UNUSED uint32_t wenc__sparse_lookup(const uint32_t *ranked, const uint16_t *before,
                                          const uint32_t *bits, const uint16_t *base,
                                          const uint16_t *values, uint32_t limit, uint32_t cp)
{
    if (cp >= limit)
        return WENC__NONE16;
    uint32_t block = cp >> 5, word = ranked[block >> 5], mark = 1u << (block & 31);
    if (!(word & mark))
        return WENC__NONE16;
    uint32_t n = before[block >> 5] + wenc__popcount32(word & (mark - 1));
    uint32_t set = bits[n], bit = 1u << (cp & 31);
    if (!(set & bit))
        return WENC__NONE16;
    return values[base[n] + wenc__popcount32(set & (bit - 1))];
}

#endif
