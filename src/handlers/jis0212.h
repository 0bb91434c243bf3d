/* jis0212.h -- lookups in index jis0212 (Encoding Standard, "EUC-JP"
** decoder's 0x8F sequences; no encoder uses it).  Table: indexes/jis0212.c,
** a delta table (delta_table.h) in both profiles: these sequences are rare,
** and a lookup costs one load and a branch more than a flat table. */
#ifndef WENC_HANDLERS_JIS0212_H
#define WENC_HANDLERS_JIS0212_H

#include "delta_table.h"

/* The index code point for POINTER, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__jis0212_code_point(uint32_t pointer)
{
    if (pointer >= WENC__JIS0212_POINTERS)
        return WENC__NONE16;
    return wenc__delta_lookup(wenc__jis0212_decode_blocks, wenc__jis0212_decode_narrow,
                              wenc__jis0212_decode_wide, pointer);
}

#endif
