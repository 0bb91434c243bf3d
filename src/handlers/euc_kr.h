/* euc_kr.h -- lookups in index EUC-KR (Encoding Standard, "EUC-KR").
** Tables: indexes/euc_kr.c. */
#ifndef WENC_HANDLERS_EUC_KR_H
#define WENC_HANDLERS_EUC_KR_H

#include "delta_table.h"
#include "rank_table.h"

/* Entry POINTER (< WENC__EUC_KR_POINTERS) of the decode table of the build's
** profile: flat, or a delta table (delta_table.h) with -Dtables=small. */
WENC__INLINE uint32_t wenc__euc_kr_decode_at(uint32_t pointer)
{
#if WENC__TABLES_SMALL
    return wenc__delta_lookup(wenc__euc_kr_decode_blocks, wenc__euc_kr_decode_narrow,
                              wenc__euc_kr_decode_wide, pointer);
#else
    return wenc__euc_kr_decode[pointer];
#endif
}

/* The index code point for leading byte LEADING (0x81..0xFE) and trailing
** byte TRAILING (0x41..0xFE), i.e. for pointer (LEADING - 0x81) * 190 +
** TRAILING - 0x41, or WENC__NONE16 for null.  The table is flat: leaving
** out the empty trails 0x41..0xA0 of leads 0xC7 and up would save 10 KiB
** but cost the decoder about a tenth of its speed on HTML (measured,
** bench history issue-12-tables.md).  The small profile's is a
** delta table. */
WENC__INLINE uint32_t wenc__euc_kr_bytes_code_point(uint32_t leading, uint32_t trailing)
{
    uint32_t pointer = (leading - 0x81) * 190 + (trailing - 0x41);
    return pointer < WENC__EUC_KR_POINTERS ? wenc__euc_kr_decode_at(pointer) : WENC__NONE16;
}

/* The index code point for POINTER, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__euc_kr_code_point(uint32_t pointer)
{
    return pointer < WENC__EUC_KR_POINTERS ? wenc__euc_kr_decode_at(pointer) : WENC__NONE16;
}

/* The two bytes the EUC-KR encoder writes for CP (steps 3 and 5-7: the
** index pointer, then pointer / 190 + 0x81 and pointer % 190 + 0x41), the
** leading byte in the low 8 bits, or WENC__NONE16 when CP has no pointer.
** Both profiles' tables hold the bytes themselves: no division
** (tools/gen-tables.py, euc_kr_bytes()). */
WENC__INLINE uint32_t wenc__euc_kr_bytes(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__rank_lookup(wenc__euc_kr_rank_top, wenc__euc_kr_rank_blocks,
                             wenc__euc_kr_rank_other, WENC__EUC_KR_RANK_LIMIT, cp);
#else
    uint32_t bytes = wenc__page_lookup(wenc__euc_kr_enc_top, wenc__euc_kr_enc_blocks,
                                       WENC__EUC_KR_ENC_BITS, WENC__EUC_KR_ENC_LIMIT, cp);
    if (bytes != WENC__NONE16)
        return bytes;
    return wenc__sparse_lookup(wenc__euc_kr_enc_ranked, wenc__euc_kr_enc_ranked_before,
                               wenc__euc_kr_enc_rank_bits, wenc__euc_kr_enc_rank_base,
                               wenc__euc_kr_enc_rank_values, WENC__EUC_KR_ENC_LIMIT, cp);
#endif
}

/* The same for the encoder's bulk path, which leaves what this does not
** give to the step function: the default profile's page table alone,
** without its sparse blocks (EUC-KR's hanja, rare in Korean text), so that
** each code point costs one lookup there. */
WENC__INLINE uint32_t wenc__euc_kr_bytes_bulk(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__euc_kr_bytes(cp);
#else
    return wenc__page_lookup(wenc__euc_kr_enc_top, wenc__euc_kr_enc_blocks,
                             WENC__EUC_KR_ENC_BITS, WENC__EUC_KR_ENC_LIMIT, cp);
#endif
}

#endif
