/* sparse_lookup.h -- the default profile's rank blocks: the sparse blocks
** of EUC-KR's, Big5's and gb18030's encode tables (euc_kr.h, big5.h,
** gb18030.h), its only includers.  Not in rank_table.h, which jis0208.h
** includes too: a static function in a file that never calls it is a
** warning where WENC__UNUSED is empty (MSVC's C4505 at /W4; clang for the
** MSVC target, .ci/msvc-syntax.sh), and the small profile has no caller. */
#ifndef WENC_HANDLERS_SPARSE_LOOKUP_H
#define WENC_HANDLERS_SPARSE_LOOKUP_H

#include "rank_table.h"

#if !WENC__TABLES_SMALL
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
#endif
