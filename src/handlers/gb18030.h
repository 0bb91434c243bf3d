/* gb18030.h -- lookups in index gb18030 (Encoding Standard, "gb18030" and
** "GBK").  Tables: indexes/gb18030.c. */
#ifndef WENC_HANDLERS_GB18030_H
#define WENC_HANDLERS_GB18030_H

#include "rank_table.h"

/* The index pointer (the first one) for CP, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__gb18030_pointer(uint32_t cp)
{
    return wenc__rank_lookup(wenc__gb18030_enc_top, wenc__gb18030_enc_blocks,
                             wenc__gb18030_enc_other, WENC__GB18030_ENC_LIMIT, cp);
}

#endif
