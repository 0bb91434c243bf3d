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

/* The encode entry of CP: the Shift_JIS bytes of its index pointer (the
** first one), leading byte in the low 8 bits, as Shift_JIS encoder steps
** 9-13 turn a pointer into bytes; or WENC__NONE16 when CP has no pointer
** (tools/gen-tables.py, jis0208_entry()).  Shift_JIS writes them as they
** are (but for rows 88..93, below), EUC-JP and ISO-2022-JP take row and
** cell back with two small tables: the fastest peers are fastest on
** Shift_JIS, so it gets the shortest path.  The default profile's page
** table or the small profile's rank table (rank_table.h). */
WENC__INLINE uint32_t jis0208_entry(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__rank_lookup(wenc__jis0208_rank_top, wenc__jis0208_rank_blocks,
                             wenc__jis0208_rank_other, WENC__JIS0208_RANK_LIMIT, cp);
#else
    return wenc__page_lookup(wenc__jis0208_enc_top, wenc__jis0208_enc_blocks,
                             WENC__JIS0208_ENC_BITS, WENC__JIS0208_ENC_LIMIT, cp);
#endif
}

/* The row and cell (0..93 each) of the index pointer (the first one) of
** CP plus ADD, row in the low 8 bits and cell in the next 8, or
** WENC__NONE16 when CP has no pointer.  EUC-JP adds 0xA1A1, ISO-2022-JP
** 0x2121 (encoder steps 9-11 and 13-15): as row and cell are below 94, the
** add carries into neither's neighbour, and the result is never
** WENC__NONE16.  Taking ADD here leaves the caller one test for null.  The
** Shift_JIS byte arithmetic of the entry is undone with two 256-entry
** tables (no division by 94). */
WENC__INLINE uint32_t wenc__jis0208_row_cell_plus(uint32_t cp, uint32_t add)
{
    uint32_t e = jis0208_entry(cp);
    if (e == WENC__NONE16)
        return WENC__NONE16;
    uint32_t rc = wenc__sjis_lead_row[e & 0xFF] + wenc__sjis_trail_row_cell[e >> 8] + add;
#if defined(__GNUC__) || defined(__clang__)
    /* Row and cell are below 94 and ADD at most 0xA1A1 (the generator
    ** checks the tables): saying so lets the compiler drop the bulk
    ** loop's second test for null. */
    if (rc == WENC__NONE16)
        __builtin_unreachable();
#endif
    return rc;
}

/* The row and cell alone (see wenc__jis0208_row_cell_plus). */
WENC__INLINE uint32_t wenc__jis0208_row_cell(uint32_t cp)
{
    return wenc__jis0208_row_cell_plus(cp, 0);
}

/* The Shift_JIS bytes of first pointer POINTER (below 8836) in rows
** 88..93: "index Shift_JIS pointer" leaves out 8272..8835, exactly those
** rows, so a code point whose first pointer is there is written with
** another one (or is an error), which the generator wrote in
** wenc__sjis_exc_bytes. */
WENC__INLINE uint32_t jis0208_sjis_exception(uint32_t pointer)
{
    return wenc__sjis_exc_bytes[pointer - WENC__SJIS_EXC_FIRST];
}

/* The two bytes the Shift_JIS encoder writes for CP (steps 7 and 9-13:
** "index Shift_JIS pointer", then leading and trailing byte), the leading
** byte in the low 8 bits, or WENC__NONE16 when CP has no pointer.
**
** "index Shift_JIS pointer" differs from the first pointer only when that
** one is in rows 88..93 (jis0208_sjis_exception).  The entry is the bytes
** of the first pointer, whose leading byte is 0xED or more exactly for
** those rows (and 0xFF for WENC__NONE16): one test on the common path. */
WENC__INLINE uint32_t wenc__jis0208_shift_jis_bytes(uint32_t cp)
{
    uint32_t e = jis0208_entry(cp);
    if (WENC__UNLIKELY((e & 0xFF) >= 0xED)) {
        if (e == WENC__NONE16)
            return WENC__NONE16;
        /* Back to the first pointer: steps 10-12 undone. */
        uint32_t trail = e >> 8;
        uint32_t pointer = ((e & 0xFF) - 0xC1) * 188 + trail - (trail < 0x7F ? 0x40 : 0x41);
        return jis0208_sjis_exception(pointer);
    }
    return e;
}

#endif
