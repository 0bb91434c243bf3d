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

/* The encode entry of CP: the row and cell (0..93 each) of its index
** pointer (the first one) in bits 0-6 and 8-14, and in bit 15 whether its
** Shift_JIS trailing byte skips 0x7F; or WENC__NONE16 when CP has no
** pointer.  The first pointer is always below 8836 (the generator checks),
** so the row is below 94.  The default profile's page table holds the
** entries (tools/gen-tables.py, jis0208_row_cell()); the small profile
** computes them from the pointer. */
WENC__INLINE uint32_t jis0208_entry(uint32_t cp)
{
#if WENC__TABLES_SMALL
    uint32_t pointer = wenc__rank_lookup(wenc__jis0208_rank_top, wenc__jis0208_rank_blocks,
                                         wenc__jis0208_rank_other, WENC__JIS0208_RANK_LIMIT, cp);
    if (pointer == WENC__NONE16)
        return WENC__NONE16;
    uint32_t row = pointer / 94, cell = pointer % 94;
    return row | cell << 8 | (uint32_t)((row & 1) * 94 + cell >= 0x3F) << 15;
#else
    return wenc__page_lookup(wenc__jis0208_enc_top, wenc__jis0208_enc_blocks,
                             WENC__JIS0208_ENC_BITS, WENC__JIS0208_ENC_LIMIT, cp);
#endif
}

/* The row and cell of the index pointer (the first one) of CP, row in the
** low 8 bits and cell in the next 8, or WENC__NONE16 when CP has no
** pointer.  EUC-JP adds 0xA1 to both bytes, ISO-2022-JP 0x21 (encoder
** steps 9-11 and 13-15): no division by 94, and as row and cell are below
** 94, the add carries into neither's neighbour. */
WENC__INLINE uint32_t wenc__jis0208_row_cell(uint32_t cp)
{
    uint32_t e = jis0208_entry(cp);
    return e == WENC__NONE16 ? WENC__NONE16 : e & 0x7FFF;
}

/* The two bytes the Shift_JIS encoder writes for CP (steps 7 and 9-13:
** "index Shift_JIS pointer", then leading and trailing byte), the leading
** byte in the low 8 bits, or WENC__NONE16 when CP has no pointer.
**
** "index Shift_JIS pointer" is the first pointer outside 8272..8835, which
** are rows 88..93 exactly: it differs from the first pointer only when that
** one is in those rows, and for those the generator wrote the Shift_JIS
** bytes in wenc__sjis_exc_bytes (indexed by the first pointer).  Elsewhere
** the Shift_JIS pointer is row * 94 + cell: leading byte row / 2 + 0x81 or
** 0xC1, trailing byte (row % 2) * 94 + cell + 0x40, plus one past 0x7F.
** wenc__sjis_row_bytes has both bytes for cell 0 of each row, and the
** entry's bit 15 the "plus one": adds instead of the standard's division
** by 188. */
WENC__INLINE uint32_t wenc__jis0208_shift_jis_bytes(uint32_t cp)
{
    uint32_t e = jis0208_entry(cp);
    uint32_t row = e & 0xFF;
    /* WENC__NONE16 has row 0xFF: one test for both. */
    if (WENC__UNLIKELY(row >= 88)) {
        if (e == WENC__NONE16)
            return WENC__NONE16;
        return wenc__sjis_exc_bytes[row * 94 + ((e >> 8) & 0x7F) - WENC__SJIS_EXC_FIRST];
    }
    return wenc__sjis_row_bytes[row] + (e & 0x7F00) + ((e >> 7) & 0x100);
}

#endif
