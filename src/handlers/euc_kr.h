/* euc_kr.h -- lookups in index EUC-KR (Encoding Standard, "EUC-KR").
** Tables: indexes/euc_kr.c. */
#ifndef WENC_HANDLERS_EUC_KR_H
#define WENC_HANDLERS_EUC_KR_H

#include "rank_table.h"

/* The index pointer (the first one) for CP, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__euc_kr_pointer(uint32_t cp)
{
    return wenc__rank_lookup(wenc__euc_kr_enc_top, wenc__euc_kr_enc_blocks,
                             wenc__euc_kr_enc_other, WENC__EUC_KR_ENC_LIMIT, cp);
}

#endif
