/* euc_kr.h -- lookups in index EUC-KR (Encoding Standard, "EUC-KR").
** Tables: indexes/euc_kr.c. */
#ifndef WENC_HANDLERS_EUC_KR_H
#define WENC_HANDLERS_EUC_KR_H

#include "sparse_lookup.h" /* and rank_table.h */
#include "search_table.h" /* wenc__find_u16, the small profile's scan */

#if WENC__TABLES_SMALL
/* The small profile (issue 29; tools/gen-tables.py, euc_kr_small_decode):
** no encode table, and the decode tables searched the other way.
** - Hangul syllables U+AC00 + i, i < 11172: every one has a pointer, in
**   code point order in each of its two areas.  Bit i of
**   wenc__euc_kr_hangul_bits is set for KS X 1001's 2350 (leads B0..C8,
**   trails A1..FE), clear for the extension's 8822 (leads 81..C6, trails
**   41..5A, 61..7A and 81..FE, only those below A1 from lead A1 on).  A
**   syllable's pointer is the number of set bits below it (KS X 1001) or
**   of clear ones (the extension); per word, wenc__euc_kr_hangul_ks has
**   the bytes of the KS X 1001 syllable whose number is the count of set
**   bits before the word, so that encoding one adds to a trailing byte.
**   Decoding an extension pair finds the clear bit of that number
**   (wenc__euc_kr_hangul_zeros: the word of every 64th); decoding KS X
**   1001's, the common case, reads wenc__euc_kr_ks_hangul_base[k / 16] +
**   wenc__euc_kr_ks_hangul_delta[k].
** - The other rows, symbols (A1..AC) and hanja (CA..FD), are flat in
**   wenc__euc_kr_other, 94 entries a row.  The encoder finds a symbol by a
**   binary search through wenc__euc_kr_symbol_order (their entries by code
**   point) and a hanja by scanning the hanja rows (wenc__find_u16; hanja are
**   ordered by reading, and rare in Korean text). */
#define WENC__EUC_KR_HANGUL_FIRST 0xAC00u
#define WENC__EUC_KR_HANGUL 11172u
/* The extension's pointer space: leads 81..A0 take 178 trailing bytes,
** leads A1..C6 the 84 below A1 (C6 only 18: WENC__EUC_KR_EXTENSION). */
#define WENC__EUC_KR_EXT_WIDE (32u * 178u)

/* The number of set bits of the Hangul bit set before word W. */
WENC__INLINE uint32_t euc_kr_ks_before(uint32_t w)
{
    uint32_t bytes = wenc__euc_kr_hangul_ks[w];
    return ((bytes & 0xFF) - 0xB0) * 94 + (bytes >> 8) - 0xA1;
}

/* The code point of KS X 1001 syllable number K (< 2350). */
WENC__INLINE uint32_t euc_kr_ks_hangul(uint32_t k)
{
    return wenc__euc_kr_ks_hangul_base[k >> 4] + wenc__euc_kr_ks_hangul_delta[k];
}

/* The offset from U+AC00 of the extension syllable number E (the clear
** bit number E of the Hangul bit set). */
static inline uint32_t euc_kr_extension_syllable(uint32_t e)
{
    const uint32_t words = sizeof wenc__euc_kr_hangul_ks / sizeof wenc__euc_kr_hangul_ks[0];
    uint32_t w = wenc__euc_kr_hangul_zeros[e / WENC__EUC_KR_ZERO_SAMPLE];
    while (w + 1 < words && 64 * (w + 1) - euc_kr_ks_before(w + 1) <= e)
        w++;
    uint32_t r = e - (64 * w - euc_kr_ks_before(w)), at = 64 * w, n;
    uint64_t x = ~wenc__euc_kr_hangul_bits[w];
    /* The clear bit number R of the word: halve the span three times,
    ** then bit by bit. */
    n = wenc__popcount32((uint32_t)x);
    if (r >= n) {
        r -= n;
        x >>= 32;
        at += 32;
    }
    n = wenc__popcount32((uint32_t)x & 0xFFFF);
    if (r >= n) {
        r -= n;
        x >>= 16;
        at += 16;
    }
    n = wenc__popcount32((uint32_t)x & 0xFF);
    if (r >= n) {
        r -= n;
        x >>= 8;
        at += 8;
    }
    for (;; at++, x >>= 1) {
        if (x & 1) {
            if (r == 0)
                return at;
            r--;
        }
    }
}

/* The code point of an extension pair (a trailing byte below A1, or a
** leading byte below A1), or WENC__NONE16. */
static inline uint32_t euc_kr_extension_code_point(uint32_t leading, uint32_t trailing)
{
    uint32_t t, e;
    if (trailing - 0x41 < 26)
        t = trailing - 0x41;
    else if (trailing - 0x61 < 26)
        t = trailing - 0x61 + 26;
    else if (trailing - 0x81 < 126)
        t = trailing - 0x81 + 52;
    else
        return WENC__NONE16;
    if (leading - 0x81 < 32)
        e = (leading - 0x81) * 178 + t;
    else if (leading - 0xA1 < 38 && t < 84)
        e = WENC__EUC_KR_EXT_WIDE + (leading - 0xA1) * 84 + t;
    else
        return WENC__NONE16;
    if (e >= WENC__EUC_KR_EXTENSION)
        return WENC__NONE16;
    return WENC__EUC_KR_HANGUL_FIRST + euc_kr_extension_syllable(e);
}

/* The index code point for leading byte LEADING (0x81..0xFE) and trailing
** byte TRAILING (0x41..0xFE), i.e. for pointer (LEADING - 0x81) * 190 +
** TRAILING - 0x41, or WENC__NONE16 for null; also WENC__NONE16 for a
** leading byte 0x80 or 0xFF and for any other trailing byte (the
** decoder's fast path passes them). */
WENC__INLINE uint32_t wenc__euc_kr_bytes_code_point(uint32_t leading, uint32_t trailing)
{
    uint32_t cell = trailing - 0xA1, row = leading - 0xA1;
    if (row < 94 && cell < 94) {
        if (row - 15 < 25)
            return euc_kr_ks_hangul((row - 15) * 94 + cell);
        if (row < 12)
            return wenc__euc_kr_other[row * 94 + cell];
        if (row - 41 < 52)
            return wenc__euc_kr_other[WENC__EUC_KR_HANJA_FIRST + (row - 41) * 94 + cell];
        return WENC__NONE16;
    }
    return euc_kr_extension_code_point(leading, trailing);
}

/* The index code point for POINTER, or WENC__NONE16 for null. */
WENC__INLINE uint32_t wenc__euc_kr_code_point(uint32_t pointer)
{
    if (pointer >= WENC__EUC_KR_POINTERS)
        return WENC__NONE16;
    return wenc__euc_kr_bytes_code_point(pointer / 190 + 0x81, pointer % 190 + 0x41);
}

/* The bytes of Hangul syllable U+AC00 + I (I < 11172): its pointer is the
** rank of its bit (see above). */
WENC__INLINE uint32_t euc_kr_hangul_bytes(uint32_t i)
{
    uint64_t word = wenc__euc_kr_hangul_bits[i >> 6];
    uint32_t below = wenc__popcount64(word & ((UINT64_C(1) << (i & 63)) - 1));
    if (word >> (i & 63) & 1) {
        /* Fewer than 64 past a trailing byte <= FE: at most one row on. */
        uint32_t bytes = wenc__euc_kr_hangul_ks[i >> 6] + (below << 8);
        return bytes >> 8 > 0xFE ? bytes + 1 - (94 << 8) : bytes;
    }
    uint32_t e = i - euc_kr_ks_before(i >> 6) - below, leading, t;
    if (e < WENC__EUC_KR_EXT_WIDE) {
        leading = 0x81 + e / 178;
        t = e % 178;
    } else {
        e -= WENC__EUC_KR_EXT_WIDE;
        leading = 0xA1 + e / 84;
        t = e % 84;
    }
    return leading | (t + 0x41 + (t >= 26 ? 6 : 0) + (t >= 52 ? 6 : 0)) << 8;
}

/* The bytes of entry I of wenc__euc_kr_other. */
WENC__INLINE uint32_t euc_kr_other_bytes(uint32_t i)
{
    uint32_t leading =
        i < WENC__EUC_KR_HANJA_FIRST ? 0xA1 + i / 94 : 0xCA + (i - WENC__EUC_KR_HANJA_FIRST) / 94;
    return leading | (0xA1 + i % 94) << 8;
}

/* The CJK blocks that hold EUC-KR's hanja, and none of its symbols
** (tools/gen-tables.py checks both). */
WENC__INLINE bool euc_kr_hanja_block(uint32_t cp)
{
    return cp - 0x4E00 < 0xA000 - 0x4E00 || cp - 0xF900 < 0xFB00 - 0xF900;
}

/* The bytes of symbol CP (not a Hangul syllable), or WENC__NONE16: a
** binary search through the symbols' entries in code point order. */
static inline uint32_t euc_kr_symbol_bytes(uint32_t cp)
{
    const uint16_t *order = wenc__euc_kr_symbol_order, *other = wenc__euc_kr_other;
    size_t at = 0, n = WENC__EUC_KR_SYMBOLS;
    while (n > 1) {
        size_t half = n / 2;
        at = other[order[at + half]] <= cp ? at + half : at;
        n -= half;
    }
    return other[order[at]] == cp ? euc_kr_other_bytes(order[at]) : WENC__NONE16;
}

/* wenc__euc_kr_bytes_bulk (below): Hangul and symbols, WENC__NONE16 for
** the rest, hanja included. */
WENC__INLINE uint32_t euc_kr_small_bytes_bulk(uint32_t cp)
{
    if (cp - WENC__EUC_KR_HANGUL_FIRST < WENC__EUC_KR_HANGUL)
        return euc_kr_hangul_bytes(cp - WENC__EUC_KR_HANGUL_FIRST);
    if (cp > 0xFFFF || euc_kr_hanja_block(cp))
        return WENC__NONE16;
    return euc_kr_symbol_bytes(cp);
}
#endif

#if !WENC__TABLES_SMALL
/* Entry POINTER (< WENC__EUC_KR_POINTERS) of the default profile's flat
** decode table. */
WENC__INLINE uint32_t wenc__euc_kr_decode_at(uint32_t pointer)
{
    return wenc__euc_kr_decode[pointer];
}

/* The index code point for leading byte LEADING (0x81..0xFE) and trailing
** byte TRAILING (0x41..0xFE), i.e. for pointer (LEADING - 0x81) * 190 +
** TRAILING - 0x41, or WENC__NONE16 for null.  The table is flat: leaving
** out the empty trails 0x41..0xA0 of leads 0xC7 and up would save 10 KiB
** but cost the decoder about a tenth of its speed on HTML (measured,
** bench history issue-12-tables.md). */
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
#endif

/* The two bytes the EUC-KR encoder writes for CP (steps 3 and 5-7: the
** index pointer, then pointer / 190 + 0x81 and pointer % 190 + 0x41), the
** leading byte in the low 8 bits, or WENC__NONE16 when CP has no pointer.
** The default profile's tables hold the bytes themselves: no division
** (tools/gen-tables.py, euc_kr_bytes()); the small profile's are
** computed from the decode tables (above). */
WENC__INLINE uint32_t wenc__euc_kr_bytes(uint32_t cp)
{
#if WENC__TABLES_SMALL
    uint32_t bytes = euc_kr_small_bytes_bulk(cp);
    if (bytes != WENC__NONE16 || !euc_kr_hanja_block(cp))
        return bytes;
    size_t i = wenc__find_u16(wenc__euc_kr_other + WENC__EUC_KR_HANJA_FIRST, WENC__EUC_KR_HANJA,
                              (uint16_t)cp);
    return i == WENC__EUC_KR_HANJA ? WENC__NONE16
                                   : euc_kr_other_bytes(WENC__EUC_KR_HANJA_FIRST + (uint32_t)i);
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
** without its sparse blocks, and the small profile's Hangul and symbols,
** without the hanja scan (EUC-KR's hanja are rare in Korean text), so
** that each code point costs one lookup there. */
WENC__INLINE uint32_t wenc__euc_kr_bytes_bulk(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return euc_kr_small_bytes_bulk(cp);
#else
    return wenc__page_lookup(wenc__euc_kr_enc_top, wenc__euc_kr_enc_blocks,
                             WENC__EUC_KR_ENC_BITS, WENC__EUC_KR_ENC_LIMIT, cp);
#endif
}

#endif
