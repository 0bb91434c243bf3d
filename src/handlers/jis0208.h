/* jis0208.h -- lookups in index jis0208 shared by the Japanese handlers
** (EUC-JP, ISO-2022-JP, Shift_JIS).  Tables: indexes/jis0208.c and
** indexes/jis0208_encode.c (default profile), or indexes/jis0208_small.c
** and indexes/jis0208_encode_small.c (-Dtables=small: no encode table, a
** search of the decode table, issue 29).  The decode table is flat in
** both: as a delta table (delta_table.h) it was 3 KiB smaller and the
** small profile decoded Japanese text below encoding_rs's speed (issue 42). */
#ifndef WENC_HANDLERS_JIS0208_H
#define WENC_HANDLERS_JIS0208_H

#include "rank_table.h"
#include "search_table.h"

/* Entry AT of the decode table (the gap left out). */
WENC__INLINE uint32_t wenc__jis0208_decode_at(uint32_t at)
{
    return wenc__jis0208_decode[at];
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

#if WENC__TABLES_SMALL
/* The small profile finds a code point's first pointer ("index pointer")
** in the decode table (tools/gen-tables.py, jis0208_search(), checks
** every code point): rows 1..47 (symbols, kana, Latin, Greek, Cyrillic,
** level 1 kanji) from runs of consecutive code points (kana, Latin,
** Greek, Cyrillic, the brackets) or by halves among their pointers sorted
** by code point, through a directory by code point >> 8; rows 48 on (level
** 2, the NEC and IBM extensions), where wenc__jis0208_scan_blocks says the
** code point's block of 256 has any, by a scan of the decode table.  The
** places are those of the table without the gap (pointers as they are
** for first pointers, all below it).  Greek and Cyrillic (rows 6 and 7)
** come first, from a byte per code point U+0391..U+0451.
**
** The scan: the search kernel finds CP's first place from place FROM on,
** or WENC__NONE16. */
WENC__SEARCH_SLOW uint32_t jis0208_scan(uint32_t cp, uint32_t from)
{
    size_t n = WENC__JIS0208_DECODE_LENGTH - from;
    size_t k = wenc__find_u16(wenc__jis0208_decode + from, n, (uint16_t)cp);
    return k < n ? (uint32_t)(from + k) : WENC__NONE16;
}

/* The place of CP's first pointer, or WENC__NONE16.  A function of its
** own, not inlined: every encoder form, copy and step of Shift_JIS, EUC-JP
** and ISO-2022-JP calls it, and inlined it was about 0.5 KiB at each of
** them (issue 42); beside the search a call costs little. */
#if defined(__GNUC__) || defined(__clang__)
static WENC__NOINLINE WENC__UNUSED uint32_t jis0208_first_at(uint32_t cp)
#else
static uint32_t jis0208_first_at(uint32_t cp)
#endif
{
    if (cp > 0xFFFF)
        return WENC__NONE16;
    /* Greek and Cyrillic (rows 6 and 7): Russian or Greek text is mostly
    ** their letters. */
    uint32_t d = cp - WENC__JIS0208_DIRECT_FIRST;
    if (d < WENC__JIS0208_DIRECT && wenc__jis0208_direct[d] != 0xFF)
        return wenc__jis0208_direct[d] + WENC__JIS0208_DIRECT_BASE;
    if (WENC__SEARCH_BLOCK(wenc__jis0208_run_blocks, cp)) {
        /* The last run starting at or below CP, by halves. */
        const uint16_t *r = wenc__jis0208_run_cp;
        uint32_t n = WENC__JIS0208_RUNS;
        while (n > 1) {
            uint32_t half = n / 2;
            r = r[half] <= cp ? r + half : r;
            n -= half;
        }
        uint32_t i = (uint32_t)(r - wenc__jis0208_run_cp), off = cp - *r;
        if (off < wenc__jis0208_run_len[i])
            return wenc__jis0208_run_at[i] + off;
    }
    uint32_t at;
    if (wenc__search_sorted(wenc__jis0208_sorted, wenc__jis0208_sorted_dir,
                            WENC__JIS0208_SORTED_SHIFT, wenc__jis0208_decode_at, cp, &at))
        return at;
    if (WENC__SEARCH_BLOCK(wenc__jis0208_scan_blocks, cp) && cp != WENC__NONE16)
        return jis0208_scan(cp, WENC__JIS0208_SCAN_AT);
    return WENC__NONE16;
}

/* Shift_JIS encoder steps 9-13 for POINTER: the leading byte in the low 8
** bits. */
WENC__INLINE uint32_t jis0208_sjis_pointer_bytes(uint32_t pointer)
{
    uint32_t lead = pointer / 188, trail = pointer % 188;
    return (lead + (lead < 0x1F ? 0x81 : 0xC1)) | (trail + (trail < 0x3F ? 0x40 : 0x41)) << 8;
}
#endif

/* The encode entry of CP: the Shift_JIS bytes of its index pointer (the
** first one), leading byte in the low 8 bits, as Shift_JIS encoder steps
** 9-13 turn a pointer into bytes; or WENC__NONE16 when CP has no pointer
** (tools/gen-tables.py, jis0208_entry()).  Shift_JIS writes them as they
** are (but for rows 88..93, below), EUC-JP and ISO-2022-JP take row and
** cell back with two small tables: the fastest peers are fastest on
** Shift_JIS, so it gets the shortest path.  The default profile's page
** table or the small profile's search of the decode tables (search_table.h). */
WENC__INLINE uint32_t jis0208_entry(uint32_t cp)
{
#if WENC__TABLES_SMALL
    uint32_t at = jis0208_first_at(cp);
    return at == WENC__NONE16 ? WENC__NONE16 : jis0208_sjis_pointer_bytes(at);
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
#if WENC__TABLES_SMALL
    /* The small profile has the pointer itself. */
    uint32_t at = jis0208_first_at(cp);
    if (at == WENC__NONE16)
        return WENC__NONE16;
    uint32_t rc = (at / 94 | at % 94 << 8) + add;
#else
    uint32_t e = jis0208_entry(cp);
    if (e == WENC__NONE16)
        return WENC__NONE16;
    uint32_t rc = wenc__sjis_lead_row[e & 0xFF] + wenc__sjis_trail_row_cell[e >> 8] + add;
#endif
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

#if !WENC__TABLES_SMALL
/* The Shift_JIS bytes of first pointer POINTER (below 8836) in rows
** 88..93: "index Shift_JIS pointer" leaves out 8272..8835, exactly those
** rows, so a code point whose first pointer is there is written with
** another one (or is an error), which the generator wrote in
** wenc__sjis_exc_bytes. */
WENC__INLINE uint32_t jis0208_sjis_exception(uint32_t pointer)
{
    return wenc__sjis_exc_bytes[pointer - WENC__SJIS_EXC_FIRST];
}
#endif

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
#if WENC__TABLES_SMALL
    /* The small profile looks for a first pointer in rows 88..93 (8272 on)
    ** again from the IBM extensions, past the gap. */
    uint32_t at = jis0208_first_at(cp);
    if (WENC__UNLIKELY(at - 88 * 94 < WENC__NONE16 - 88 * 94)) {
        at = jis0208_scan(cp, WENC__JIS0208_IBM_AT);
        if (at == WENC__NONE16)
            return WENC__NONE16;
        at += WENC__JIS0208_GAP_END - WENC__JIS0208_GAP_FIRST;
    }
    return at == WENC__NONE16 ? WENC__NONE16 : jis0208_sjis_pointer_bytes(at);
#else
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
#endif
}

#endif
