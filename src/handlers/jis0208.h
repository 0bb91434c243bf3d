/* jis0208.h -- lookups in index jis0208 shared by the Japanese handlers
** (EUC-JP, ISO-2022-JP, Shift_JIS).  Tables: indexes/jis0208.c. */
#ifndef WENC_HANDLERS_JIS0208_H
#define WENC_HANDLERS_JIS0208_H

#include "delta_table.h"
#include "rank_table.h"

/* Entry AT of the decode table of the build's profile (the gap left out):
** flat, or a delta table (delta_table.h) with -Dtables=small. */
WENC__INLINE uint32_t wenc__jis0208_decode_at(uint32_t at)
{
#if WENC__TABLES_SMALL
    return wenc__delta_lookup(wenc__jis0208_decode_blocks, wenc__jis0208_decode_narrow,
                              wenc__jis0208_decode_wide, at);
#else
    return wenc__jis0208_decode[at];
#endif
}

/* The index code point for POINTER, or WENC__NONE16 for null.  The table
** leaves out pointers WENC__JIS0208_GAP_FIRST .. _END - 1 (Shift_JIS's EUDC
** area, which has no entries: tools/gen-tables.py, jis0208_layout()). */
WENC__INLINE uint32_t wenc__jis0208_code_point(uint32_t pointer)
{
    if (pointer < WENC__JIS0208_GAP_FIRST)
        return wenc__jis0208_decode_at(pointer);
    /* Past the gap the index has entries (Shift_JIS's IBM extensions). */
    if (pointer - WENC__JIS0208_GAP_END < WENC__JIS0208_POINTERS - WENC__JIS0208_GAP_END)
        return wenc__jis0208_decode_at(pointer - (WENC__JIS0208_GAP_END - WENC__JIS0208_GAP_FIRST));
    return WENC__NONE16;
}

/* The index pointer (the first one) for CP, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__jis0208_pointer(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__rank_lookup(wenc__jis0208_rank_top, wenc__jis0208_rank_blocks,
                             wenc__jis0208_rank_other, WENC__JIS0208_RANK_LIMIT, cp);
#else
    return wenc__page_lookup(wenc__jis0208_enc_top, wenc__jis0208_enc_blocks,
                             WENC__JIS0208_ENC_BITS, WENC__JIS0208_ENC_LIMIT, cp);
#endif
}

/* "index Shift_JIS pointer": the first pointer outside 8272..8835.  It
** differs from the first pointer only when that one is in the range; the
** generator lists those code points (sorted) with their Shift_JIS pointer. */
WENC__INLINE uint32_t wenc__jis0208_shift_jis_pointer(uint32_t cp)
{
    uint32_t pointer = wenc__jis0208_pointer(cp);
    if (pointer < 8272 || pointer > 8835 || pointer == WENC__NONE16)
        return pointer;
    unsigned lo = 0, hi = WENC__SJIS_EXCEPTIONS;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (wenc__sjis_exc_cp[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* Every code point with its first pointer in the range is listed. */
    return wenc__sjis_exc_pointer[lo];
}

#endif
