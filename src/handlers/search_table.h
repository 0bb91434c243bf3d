/* search_table.h -- what the small profile's Big5, jis0208, EUC-KR and gb18030 encoders
** share (-Dtables=small; src/handlers/big5.h, jis0208.h, issue 29): they
** find a code point's pointer in the decode table instead of carrying an
** encode table.  The common entries' places are sorted by code point and
** searched by halves; the rest is scanned with the search kernel
** (src/simd/search/search_kernels.h). */
#ifndef WENC_HANDLERS_SEARCH_TABLE_H
#define WENC_HANDLERS_SEARCH_TABLE_H

#include "engine/internal.h"

#ifndef WENC__TABLES_SMALL
#define WENC__TABLES_SMALL 0
#endif

#if WENC__TABLES_SMALL
#include "simd/search/search_kernels.h"

/* The scans, kept out of the encoders' loops: rare, and long. */
#if defined(__GNUC__) || defined(__clang__)
#define WENC__SEARCH_SLOW static __attribute__((noinline, cold, unused))
#else
#define WENC__SEARCH_SLOW static
#endif

/* Whether CP's block of 256 code points has its bit in WORDS (8 words): a
** scan can find it. */
#define WENC__SEARCH_BLOCK(words, cp) ((words)[(cp) >> 13] >> ((cp) >> 8 & 31) & 1)
#endif

#endif
