/* euc_kr.h -- lookups in index EUC-KR (Encoding Standard, "EUC-KR").
** Tables: indexes/euc_kr.c. */
#ifndef WENC_HANDLERS_EUC_KR_H
#define WENC_HANDLERS_EUC_KR_H

#include "rank_table.h"

/* The index code point for leading byte LEADING (0x81..0xFE) and trailing
** byte TRAILING (0x41..0xFE), i.e. for pointer (LEADING - 0x81) * 190 +
** TRAILING - 0x41, or WENC__NONE16 for null.  From lead WENC__EUC_KR_SPLIT /
** 190 + 0x81 (0xC7) on, the table keeps only trails 0xA1..0xFE, the only ones
** the index maps there (tools/gen-tables.py, euc_kr_layout()). */
WENC__INLINE uint32_t wenc__euc_kr_bytes_code_point(uint32_t leading, uint32_t trailing)
{
    const uint32_t split_lead = WENC__EUC_KR_SPLIT / 190 + 0x81;
    if (leading < split_lead)
        return wenc__euc_kr_decode[(leading - 0x81) * 190 + (trailing - 0x41)];
    uint32_t i = WENC__EUC_KR_SPLIT + (leading - split_lead) * 94 + (trailing - 0xA1);
    if (trailing < 0xA1 || i >= sizeof wenc__euc_kr_decode / sizeof wenc__euc_kr_decode[0])
        return WENC__NONE16;
    return wenc__euc_kr_decode[i];
}

/* The index code point for POINTER, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__euc_kr_code_point(uint32_t pointer)
{
    if (pointer >= WENC__EUC_KR_POINTERS)
        return WENC__NONE16;
    return wenc__euc_kr_bytes_code_point(pointer / 190 + 0x81, pointer % 190 + 0x41);
}

/* The index pointer (the first one) for CP, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__euc_kr_pointer(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__rank_lookup(wenc__euc_kr_rank_top, wenc__euc_kr_rank_blocks,
                             wenc__euc_kr_rank_other, WENC__EUC_KR_RANK_LIMIT, cp);
#else
    return wenc__page_lookup(wenc__euc_kr_enc_top, wenc__euc_kr_enc_blocks, WENC__EUC_KR_ENC_BITS,
                             WENC__EUC_KR_ENC_LIMIT, cp);
#endif
}

#endif
