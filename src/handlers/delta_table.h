/* delta_table.h -- pointer -> code point lookups in the small profile's
** decode tables of the double-byte indexes (-Dtables=small;
** tools/gen-tables.py, delta_table()).  The default profile's are flat
** arrays, one uint16_t per pointer: one load per lookup.
**
** A table is one uint32_t descriptor per block of 1 << WENC__DELTA_BITS
** pointers.  Most blocks of these indexes hold code points close to each
** other: EUC-KR's Hangul not in KS X 1001, gb18030's GBK/3 and GBK/4
** ideographs and jis0212's kanji are in code point order, and PUA rows are
** consecutive.  Such a *narrow* block keeps its smallest code point in the
** descriptor (bits 0..15; never 0, no index maps U+0000) and one uint8_t
** delta per pointer, 0xFF for null.  The others (GB2312's and KS X 1001's
** hanzi/hanja, ordered by reading) are *wide*, base 0: one uint16_t code
** point per pointer.  Bits 16..31 are what to add to the pointer, modulo
** 65536, to find it in the narrow or wide array, where identical blocks are
** stored once (empty blocks, PUA rows).  That is about 1.3 bytes per
** pointer instead of 2 (bench history issue-12-decode-size.md); the
** price is a second dependent load and a branch per lookup, which text
** must not send both ways at random (the generator's DELTA_WIDE_BELOW:
** jis0208's kana and level 1 kanji are all wide, issue 29). */
#ifndef WENC_HANDLERS_DELTA_TABLE_H
#define WENC_HANDLERS_DELTA_TABLE_H

#include "engine/internal.h"

/* The code point for POINTER (inside the table) in the delta table (BLOCKS,
** NARROW, WIDE), or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__delta_lookup(const uint32_t *blocks, const uint8_t *narrow,
                                         const uint16_t *wide, uint32_t pointer)
{
    uint32_t d = blocks[pointer >> WENC__DELTA_BITS];
    uint32_t at = (pointer + (d >> 16)) & 0xFFFF, base = d & 0xFFFF;
    if (base == 0)
        return wide[at];
    uint32_t delta = narrow[at];
    return delta == 0xFF ? WENC__NONE16 : base + delta;
}

#endif
