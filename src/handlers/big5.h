/* big5.h -- lookups in index Big5 (Encoding Standard, "Big5").
** Tables: indexes/big5.c. */
#ifndef WENC_HANDLERS_BIG5_H
#define WENC_HANDLERS_BIG5_H

#include "rank_table.h"

/* "index Big5 pointer" for CP (pointers below (0xA1 - 0x81) * 157 ignored,
** the last one for six code points; the generator decided), or WENC__NONE16.
** The plane 2 code points are few and rare in text: binary search. */
WENC__INLINE uint32_t wenc__big5_pointer(uint32_t cp)
{
    if (cp <= 0xFFFF)
        return wenc__rank_lookup(wenc__big5_enc_top, wenc__big5_enc_blocks, wenc__big5_enc_other,
                                 WENC__BIG5_ENC_LIMIT, cp);
    if (cp >> 16 != 2)
        return WENC__NONE16;
    unsigned lo = 0, hi = WENC__BIG5_ENC_ASTRAL;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (wenc__big5_enc_astral_cp[mid] < (cp & 0xFFFF))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < WENC__BIG5_ENC_ASTRAL && wenc__big5_enc_astral_cp[lo] == (cp & 0xFFFF))
        return wenc__big5_enc_astral_pointer[lo];
    return WENC__NONE16;
}

#endif
