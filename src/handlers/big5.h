/* big5.h -- lookups in index Big5 (Encoding Standard, "Big5").
** Tables: indexes/big5.c, indexes/big5_encode.c (default profile) or
** indexes/big5_encode_small.c (-Dtables=small: no encode table, a search
** of the decode table, issue 29). */
#ifndef WENC_HANDLERS_BIG5_H
#define WENC_HANDLERS_BIG5_H

#include "sparse_lookup.h" /* and rank_table.h */
#include "search_table.h"

/* Entry AT of the decode tables: the low 16 bits of the code point, and
** the plane 2 ones flagged in a bitset.  Both start at WENC__BIG5_FIRST,
** the first pointer of leading byte 0x87: 0x81..0x86 have no entry. */
WENC__INLINE uint32_t wenc__big5_decode_at(uint32_t at)
{
    uint32_t cp = wenc__big5_decode[at];
    if (wenc__big5_astral[at >> 5] >> (at & 31) & 1)
        cp |= 0x20000;
    return cp;
}

/* The index code point for POINTER in index Big5, or WENC__NONE16. */
WENC__INLINE uint32_t wenc__big5_code_point(uint32_t pointer)
{
    uint32_t at = pointer - WENC__BIG5_FIRST;
    if (at >= WENC__BIG5_POINTERS - WENC__BIG5_FIRST)
        return WENC__NONE16;
    return wenc__big5_decode_at(at);
}

/* The same for leading byte LEADING in 0x87..0xFE and a trailing byte
** TRAILING in 0x40..0x7E or 0xA1..0xFE, whose pointer is always in the
** table: no range check (the decoders' bulk path; its leading bytes
** 0x81..0x86 go to the step function). */
WENC__INLINE uint32_t wenc__big5_bytes_code_point(uint32_t leading, uint32_t trailing)
{
    return wenc__big5_decode_at((leading - 0x87) * 157 + trailing -
                                (trailing < 0x7F ? 0x40 : 0x62));
}

#if WENC__TABLES_SMALL
/* The small profile finds "index Big5 pointer" in the decode table
** (tools/gen-tables.py, big5_search(), checks every code point): the
** symbols and level 1 hanzi (leading bytes 0xA1..0xC6, up to 0xC67E) and
** Cyrillic (0xC7F3..) by halves among their places (pointer - WENC__BIG5_FIRST) sorted by code
** point, through a directory by code point >> WENC__BIG5_SORTED_SHIFT;
** the rest, where wenc__big5_scan_blocks says the code point's block of
** 256 has any, by a scan of the decode table from 0xC6A1 (plane 2: from
** 0xA140, pointers below are no Big5 pointers).  The scan's first hit is
** the index Big5 pointer (the six code points whose last pointer counts
** have it in the scanned part, the first one in the sorted part).
**
** The place of the first entry from place AT on whose low 16 bits are LOW
** and which is in plane 2 or not as ASTRAL says, or WENC__NONE16. */
WENC__SEARCH_SLOW uint32_t big5_scan(uint32_t at, uint32_t low, uint32_t astral)
{
    const uint32_t end = WENC__BIG5_POINTERS - WENC__BIG5_FIRST;
    for (;;) {
        size_t k = wenc__find_u16(wenc__big5_decode + at, end - at, (uint16_t)low);
        if (k == end - at)
            return WENC__NONE16;
        at += (uint32_t)k;
        if ((wenc__big5_astral[at >> 5] >> (at & 31) & 1) == astral)
            return at;
        at++;
    }
}

/* The low 16 bits of entry AT: the whole code point in the sorted part,
** which has no plane 2 entry. */
WENC__INLINE uint32_t big5_decode_low(uint32_t at)
{
    return wenc__big5_decode[at];
}

/* The place of "index Big5 pointer" for BMP code point CP, or
** WENC__NONE16. */
WENC__INLINE uint32_t big5_bmp_at(uint32_t cp)
{
    uint32_t at;
    if (wenc__search_sorted(wenc__big5_sorted, wenc__big5_sorted_dir, WENC__BIG5_SORTED_SHIFT,
                            big5_decode_low, cp, &at))
        return at;
    if (WENC__SEARCH_BLOCK(wenc__big5_scan_blocks, cp) && cp != WENC__NONE16)
        return big5_scan(WENC__BIG5_SCAN_AT, cp, 0);
    return WENC__NONE16;
}
#else
/* "index Big5 pointer" for a code point CP beyond the BMP: the plane 2
** ones are few and rare in text, a sorted list searched by halves in both
** profiles.  WENC__NONE16 when CP has none. */
WENC__INLINE uint32_t big5_astral_pointer(uint32_t cp)
{
    if (cp >> 16 != 2)
        return WENC__NONE16;
    unsigned lo = 0, hi = WENC__BIG5_ASTRAL;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (wenc__big5_astral_cp[mid] < (cp & 0xFFFF))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < WENC__BIG5_ASTRAL && wenc__big5_astral_cp[lo] == (cp & 0xFFFF))
        return wenc__big5_astral_pointer[lo];
    return WENC__NONE16;
}
#endif

/* Big5 encoder steps 5-8: the leading byte in the low 8 bits. */
WENC__INLINE uint32_t big5_pointer_bytes(uint32_t pointer)
{
    uint32_t trailing = pointer % 157;
    return (pointer / 157 + 0x81) | (trailing + (trailing < 0x3F ? 0x40 : 0x62)) << 8;
}

/* The two bytes the Big5 encoder writes for CP (steps 3 and 5-8: "index
** Big5 pointer", then leading and trailing byte), the leading byte in the
** low 8 bits, or WENC__NONE16 when CP has no pointer.  The default
** profile's tables, which cover the BMP, hold the bytes themselves: no
** division by 157 (tools/gen-tables.py, big5_bytes()); the small profile
** finds the pointer (big5_bmp_at).
** Where the caller's code point is known to be in the BMP (a UTF-16 unit,
** a three-byte UTF-8 sequence), the compiler drops the plane 2 branch. */
WENC__INLINE uint32_t wenc__big5_bytes(uint32_t cp)
{
#if WENC__TABLES_SMALL
    uint32_t at;
    if (WENC__UNLIKELY(cp > 0xFFFF))
        at = cp >> 16 == 2 ? big5_scan(WENC__BIG5_FLOOR_AT, cp & 0xFFFF, 1) : WENC__NONE16;
    else
        at = big5_bmp_at(cp);
    return at == WENC__NONE16 ? WENC__NONE16 : big5_pointer_bytes(at + WENC__BIG5_FIRST);
#else
    if (WENC__UNLIKELY(cp > 0xFFFF)) {
        uint32_t pointer = big5_astral_pointer(cp);
        return pointer == WENC__NONE16 ? WENC__NONE16 : big5_pointer_bytes(pointer);
    }
    uint32_t bytes = wenc__page_lookup(wenc__big5_enc_top, wenc__big5_enc_blocks,
                                       WENC__BIG5_ENC_BITS, WENC__BIG5_ENC_LIMIT, cp);
    if (bytes != WENC__NONE16)
        return bytes;
    return wenc__sparse_lookup(wenc__big5_enc_ranked, wenc__big5_enc_ranked_before,
                               wenc__big5_enc_rank_bits, wenc__big5_enc_rank_base,
                               wenc__big5_enc_rank_values, WENC__BIG5_ENC_LIMIT, cp);
#endif
}

/* The same for the encoder's bulk path, which leaves what this does not
** give to the step function: in the default profile the page table
** without its sparse blocks (CJK Extension A and the compatibility
** ideographs, rare in text: tools/gen-tables.py, SPARSE_RANK), so that a
** code point costs one lookup there. */
WENC__INLINE uint32_t wenc__big5_bytes_bulk(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__big5_bytes(cp);
#else
    if (WENC__UNLIKELY(cp > 0xFFFF)) {
        uint32_t pointer = big5_astral_pointer(cp);
        return pointer == WENC__NONE16 ? WENC__NONE16 : big5_pointer_bytes(pointer);
    }
    return wenc__page_lookup(wenc__big5_enc_top, wenc__big5_enc_blocks, WENC__BIG5_ENC_BITS,
                             WENC__BIG5_ENC_LIMIT, cp);
#endif
}
#endif
