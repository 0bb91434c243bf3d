/* jis0212.h -- lookups in index jis0212 (Encoding Standard, "EUC-JP"
** decoder; no encoder uses it).  Tables: indexes/jis0212.c, or
** indexes/jis0212_small.c with -Dtables=small. */
#ifndef WENC_HANDLERS_JIS0212_H
#define WENC_HANDLERS_JIS0212_H

#include "delta_table.h"
#include "rank_table.h"

/* The index code point for POINTER, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__jis0212_code_point(uint32_t pointer)
{
    if (pointer >= WENC__JIS0212_POINTERS)
        return WENC__NONE16;
#if WENC__TABLES_SMALL
    return wenc__delta_lookup(wenc__jis0212_decode_blocks, wenc__jis0212_decode_narrow,
                              wenc__jis0212_decode_wide, pointer);
#else
    return wenc__jis0212_decode[pointer];
#endif
}

#endif
