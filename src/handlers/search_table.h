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
#define WENC__SEARCH_SLOW static WENC__COLD WENC__UNUSED
#else
#define WENC__SEARCH_SLOW static
#endif

/* Whether CP's block of 256 code points has its bit in WORDS (8 words): a
** scan can find it. */
#define WENC__SEARCH_BLOCK(words, cp) ((words)[(cp) >> 13] >> ((cp) >> 8 & 31) & 1)

/* The sorted part's search (Big5's and jis0208's, one definition: issue
** 29): SORTED holds places in the decode table sorted by their code point
** DECODE_AT(place), and DIR[b] .. DIR[b + 1] - 1 those of code points b <<
** SHIFT .. (b + 1) << SHIFT - 1.  Whether CP is among them, by branch-free
** halves (the last place whose code point is at most CP); its place into
** *PLACE if so.  DECODE_AT is a WENC__INLINE function, inlined here. */
WENC__INLINE bool wenc__search_sorted(const uint16_t *sorted, const uint16_t *dir, unsigned shift,
                                      uint32_t (*decode_at)(uint32_t), uint32_t cp,
                                      uint32_t *place)
{
    uint32_t b = cp >> shift;
    const uint16_t *at = sorted + dir[b];
    uint32_t n = (uint32_t)dir[b + 1] - dir[b];
    if (n != 0) {
        while (n > 1) {
            uint32_t half = n / 2;
            at = decode_at(at[half]) <= cp ? at + half : at;
            n -= half;
        }
        if (decode_at(*at) == cp) {
            *place = *at;
            return true;
        }
    }
    return false;
}
#endif

#endif
