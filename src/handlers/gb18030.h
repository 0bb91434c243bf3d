/* gb18030.h -- lookups in index gb18030 (Encoding Standard, "gb18030" and
** "GBK").  Tables: indexes/gb18030.c. */
#ifndef WENC_HANDLERS_GB18030_H
#define WENC_HANDLERS_GB18030_H

#include "delta_table.h"
#include "rank_table.h"

/* The index code point for POINTER (< WENC__GB18030_POINTERS: every
** two-byte pointer is in the index).  The table is flat, or a delta table
** (delta_table.h) with -Dtables=small. */
WENC__INLINE uint32_t wenc__gb18030_code_point(uint32_t pointer)
{
#if WENC__TABLES_SMALL
    return wenc__delta_lookup(wenc__gb18030_decode_blocks, wenc__gb18030_decode_narrow,
                              wenc__gb18030_decode_wide, pointer);
#else
    return wenc__gb18030_decode[pointer];
#endif
}

/* The two bytes the gb18030 and GBK encoders write for CP (steps 6-8: the
** index pointer, then leading and trailing byte), the leading byte in the
** low 8 bits, or WENC__NONE16 when CP has no pointer.  Both profiles'
** tables hold the bytes themselves: no division by 190 (tools/gen-tables.py,
** gb18030_bytes()). */
WENC__INLINE uint32_t wenc__gb18030_bytes(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__rank_lookup(wenc__gb18030_rank_top, wenc__gb18030_rank_blocks,
                             wenc__gb18030_rank_other, WENC__GB18030_RANK_LIMIT, cp);
#else
    return wenc__page_lookup(wenc__gb18030_enc_top, wenc__gb18030_enc_blocks,
                             WENC__GB18030_ENC_BITS, WENC__GB18030_ENC_LIMIT, cp);
#endif
}

#endif
