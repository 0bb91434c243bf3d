/* rank_table.h -- code point -> bytes lookups in the small profile's
** encode tables of the double-byte indexes (-Dtables=small;
** tools/gen-tables.py, rank_table()).  The default profile's are two-level
** page tables (wenc__page_lookup, internal.h): two loads per lookup.  Both
** hold the same entries, the bytes the encoder writes for the code point's
** pointer (first byte in the low 8 bits), so that no lookup divides by the
** row length.
**
** A table is a top level, one uint16_t block number per 32 code points, and
** one 12-byte wenc__rank_block per distinct block.  In a block, the longest
** chain of code points whose trailing bytes follow each other under one
** leading byte (in code point order) is a *run*: its entries are computed,
** run_base + (the number of run code points below << 8).  Long runs are
** common: EUC-KR's Hangul, gb18030's GBK/3 and GBK/4 ideographs and its PUA
** rows are in code point order (../shared/INDEX-FACTS.md).  The other code
** points keep their entries in a dense array, found the same way by rank.
** So a table costs two bytes per code point outside runs, and nothing for
** unmapped ones, where the page tables cost two bytes per slot of every
** non-empty page.  The price is a popcount and a third dependent load per
** code point (bench history issue-12-tables.md has the figures). */
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

/* The entry for CP in the table (TOP, BLOCKS, OTHER) covering code points
** below LIMIT, or WENC__NONE16 when CP has none. */
WENC__INLINE uint32_t wenc__rank_lookup(const uint16_t *top, const wenc__rank_block *blocks,
                                        const uint16_t *other, uint32_t limit, uint32_t cp)
{
    if (cp >= limit)
        return WENC__NONE16;
    const wenc__rank_block *b = &blocks[top[cp >> 5]];
    uint32_t bit = 1u << (cp & 31), below = bit - 1;
    if (b->run & bit)
        return b->run_base + (wenc__popcount32(b->run & below) << 8);
    if (b->other & bit)
        return other[b->other_base + wenc__popcount32(b->other & below)];
    return WENC__NONE16;
}

/* The default profile's page tables with rank blocks (tools/gen-tables.py,
** encode_hybrid_table; EUC-KR's): the page table alone, wenc__page_lookup
** with 32-slot blocks, gives the entries of the dense blocks and
** WENC__NONE16 for the code points of the sparse ones (EUC-KR's hanja, rare
** in text), which are looked up here: RANKED marks those blocks (and
** BEFORE counts the marks before each of its words), BITS holds each
** one's code points and BASE where their entries start in VALUES.  Only
** the step functions come here, so the encoders' loops keep one page
** lookup per code point and stop at the rest. */
WENC__INLINE uint32_t wenc__sparse_lookup(const uint32_t *ranked, const uint16_t *before,
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
