/* gb18030.h -- lookups in index gb18030 (Encoding Standard, "gb18030" and
** "GBK").  Tables: indexes/gb18030.c. */
#ifndef WENC_HANDLERS_GB18030_H
#define WENC_HANDLERS_GB18030_H

#include "sparse_lookup.h" /* and rank_table.h */
#include "search_table.h" /* wenc__find_u16, the small profile's scan */

#if WENC__TABLES_SMALL
/* The small profile (tools/gen-tables.py, gb18030_small(); docs/engine.md,
** "Table profiles").  A pointer is a leading byte's row (0..125) times 190
** plus t (0..189); each row splits at t = 96 (trailing byte 0xA1).  Per row
** half, wenc__gb18030_rows says where its code points are: bits 16..17 the
** kind, bits 0..15 what to add to t.  The kinds: */
#define WENC__GB18030_ROW_PUA 0x10000u  /* add + t, a PUA run */
#define WENC__GB18030_ROW_SLOT 0x20000u /* the ideograph slot add + t */
/* and below both, wenc__gb18030_table[add + t] (GB2312's rows and GBK/5).
** Slot k < WENC__GB18030_IDEOGRAPHS is the k-th ideograph of U+4E00..U+9FA5
** not in GB2312 (GBK/3 and GBK/4 hold them in code point order): the k-th
** clear bit of the GB2312 bit set; the last 101 slots are in
** wenc__gb18030_bottom. */

/* The code point of ideograph slot K (< WENC__GB18030_IDEOGRAPHS + 101).
** Not inlined: in the decoders' loops its code cost the common case (a
** GB2312 pair) about a fifth of the portable copy's speed on HTML. */
#if defined(__GNUC__) || defined(__clang__)
static WENC__NOINLINE WENC__UNUSED uint32_t wenc__gb18030_slot_code_point(uint32_t k)
#else
static uint32_t wenc__gb18030_slot_code_point(uint32_t k)
#endif
{
    if (k >= WENC__GB18030_IDEOGRAPHS)
        return wenc__gb18030_bottom[k - WENC__GB18030_IDEOGRAPHS];
    /* The word holding the k-th clear bit: from the directory's word (the
    ** one of the last multiple of 256), forward while the next word starts
    ** at or before it.  Word W starts at clear bit 64 W - rank[W]. */
    uint32_t w = wenc__gb18030_select[k >> 8];
    while ((w + 1) * 64 - wenc__gb18030_gb2312_rank[w + 1] <= k)
        w++;
    uint32_t r = k - (w * 64 - wenc__gb18030_gb2312_rank[w]);
    uint64_t clear = ~wenc__gb18030_gb2312[w];
    uint32_t half = (uint32_t)clear, at = w * 64;
    uint32_t low = wenc__popcount32(half);
    if (r >= low) {
        r -= low;
        half = (uint32_t)(clear >> 32);
        at += 32;
    }
    /* The r-th set bit of HALF: clear r lowest, count the bits below. */
    for (; r > 0; r--)
        half &= half - 1;
    return WENC__GB18030_URO_FIRST + at + wenc__popcount32((half & (0u - half)) - 1);
}

/* The index code point for row ROW (0..125) and T (0..189). */
WENC__INLINE uint32_t wenc__gb18030_code_point_at(uint32_t row, uint32_t t)
{
    uint32_t d = wenc__gb18030_rows[2 * row + (t >= 96)];
    uint32_t v = (d & 0xFFFF) + t;
    if (WENC__LIKELY(d < WENC__GB18030_ROW_PUA))
        return wenc__gb18030_table[v];
    if (d < WENC__GB18030_ROW_SLOT)
        /* A3A0: U+3000 since GB18030-2022, where the run has U+E5E5. */
        return v == 0xE5E5 ? 0x3000 : v;
    return wenc__gb18030_slot_code_point(v);
}
#endif

/* The index code point for POINTER (< WENC__GB18030_POINTERS: every
** two-byte pointer is in the index).  The table is flat, or the small
** profile's above. */
WENC__INLINE uint32_t wenc__gb18030_code_point(uint32_t pointer)
{
#if WENC__TABLES_SMALL
    uint32_t row = pointer / 190;
    return wenc__gb18030_code_point_at(row, pointer - row * 190);
#else
    return wenc__gb18030_decode[pointer];
#endif
}

#if WENC__TABLES_SMALL
/* The bytes of the pointer ROW * 190 + T (encoder steps 7-8), packed as
** below. */
WENC__INLINE uint32_t wenc__gb18030_pointer_bytes(uint32_t row, uint32_t t)
{
    return (row + 0x81) | (t + (t < 0x3F ? 0x40 : 0x41)) << 8;
}

/* The bytes of GB2312 hanzi CP, the R-th of them in code point order, from
** its offset O in GB2312's hanzi rows (0xB0.., 94 a row): a level-1 one
** (rows 0xB0..0xD7, ordered by pinyin; its bit set in
** wenc__gb18030_level1_set, over that order) is the next in
** wenc__gb18030_level1 (their offsets, sorted by code point) after those
** of the bits below; a level-2 one (3008, ordered by radical, rare in text)
** is found by a scan of its rows. */
WENC__INLINE uint32_t wenc__gb18030_hanzi_bytes(uint32_t cp, uint32_t r)
{
    uint64_t word = wenc__gb18030_level1_set[r >> 6], bit = (uint64_t)1 << (r & 63);
    uint32_t o;
    if (WENC__LIKELY(word & bit))
        o = wenc__gb18030_level1[wenc__gb18030_level1_rank[r >> 6] +
                                 wenc__popcount64(word & (bit - 1))];
    else
        o = 94 * 40 + (uint32_t)wenc__find_u16(wenc__gb18030_table + WENC__GB18030_HANZI_AT + 94 * 40,
                                               94 * 32, (uint16_t)cp);
    return (o / 94 + 0xB0) | (o % 94 + 0xA1) << 8;
}

/* The bytes of CP outside U+4E00..U+9FA5 and the PUA runs, or
** WENC__NONE16: a binary search of the sorted code points of its block of
** 256 (wenc__gb18030_other_block; none in most blocks, Hangul's included). */
WENC__INLINE uint32_t wenc__gb18030_other_bytes(uint32_t cp)
{
    if (cp > 0xFFFF)
        return WENC__NONE16;
    uint32_t lo = wenc__gb18030_other_block[cp >> 8], end = wenc__gb18030_other_block[(cp >> 8) + 1];
    if (lo == end)
        return WENC__NONE16;
    uint32_t n = end - lo;
    while (n > 1) {
        uint32_t half = n / 2;
        if (wenc__gb18030_other_cp[lo + half] <= cp)
            lo += half;
        n -= half;
    }
    if (wenc__gb18030_other_cp[lo] != cp)
        return WENC__NONE16;
    uint32_t p = wenc__gb18030_other_pointer[lo], row = p / 190;
    return wenc__gb18030_pointer_bytes(row, p - row * 190);
}
#endif

/* The two bytes the gb18030 and GBK encoders write for CP (steps 6-8: the
** index pointer, then leading and trailing byte), the leading byte in the
** low 8 bits, or WENC__NONE16 when CP has no pointer.  The default
** profile's page tables hold the bytes themselves: no division by 190
** (tools/gen-tables.py, gb18030_bytes()).  The small profile finds the
** pointer from the decode tables: an ideograph by the rank of its bit in the
** GB2312 bit set (its slot if clear, its place among GB2312's hanzi if
** set), a PUA one by arithmetic and the rest by a search of a sorted
** list. */
WENC__INLINE uint32_t wenc__gb18030_bytes(uint32_t cp)
{
#if WENC__TABLES_SMALL
    uint32_t i = cp - WENC__GB18030_URO_FIRST;
    if (i < WENC__GB18030_URO_COUNT) {
        uint64_t word = wenc__gb18030_gb2312[i >> 6], bit = (uint64_t)1 << (i & 63);
        uint32_t r = wenc__gb18030_gb2312_rank[i >> 6] + wenc__popcount64(word & (bit - 1));
        if (word & bit)
            return wenc__gb18030_hanzi_bytes(cp, r);
        /* Slot k: rows 0x81..0xA0 (190 each), then the lower halves of
        ** 0xAA.. (96 each). */
        uint32_t k = i - r;
        if (k < 32 * 190)
            return wenc__gb18030_pointer_bytes(k / 190, k % 190);
        k -= 32 * 190;
        return wenc__gb18030_pointer_bytes(0xAA - 0x81 + k / 96, k % 96);
    }
    uint32_t o = cp - 0xE000;
    if (o < 0xE766 - 0xE000) {
        /* The PUA runs: the upper halves of 0xAA..0xAF and 0xF8..0xFE (94
        ** each), the lower halves of 0xA1..0xA7 (96 each; U+E5E5 has no
        ** pointer: A3A0 is U+3000's). */
        if (o < 0x234)
            return (0xAA + o / 94) | (0xA1 + o % 94) << 8;
        if (o < 0x4C6)
            return (0xF8 + (o - 0x234) / 94) | (0xA1 + (o - 0x234) % 94) << 8;
        if (cp == 0xE5E5)
            return WENC__NONE16;
        o -= 0x4C6;
        return wenc__gb18030_pointer_bytes(0xA1 - 0x81 + o / 96, o % 96);
    }
    return wenc__gb18030_other_bytes(cp);
#else
    uint32_t bytes = wenc__page_lookup(wenc__gb18030_enc_top, wenc__gb18030_enc_blocks,
                                       WENC__GB18030_ENC_BITS, WENC__GB18030_ENC_LIMIT, cp);
    if (bytes != WENC__NONE16)
        return bytes;
    return wenc__sparse_lookup(wenc__gb18030_enc_ranked, wenc__gb18030_enc_ranked_before,
                               wenc__gb18030_enc_rank_bits, wenc__gb18030_enc_rank_base,
                               wenc__gb18030_enc_rank_values, WENC__GB18030_ENC_LIMIT, cp);
#endif
}

/* The same for the encoders' bulk paths, which leave what this does not
** give to the step functions: in the default profile the page table
** without its sparse blocks (CJK Extension A and the compatibility
** ideographs, rare in text: tools/gen-tables.py, SPARSE_RANK), so that a
** code point costs one lookup there. */
WENC__INLINE uint32_t wenc__gb18030_bytes_bulk(uint32_t cp)
{
#if WENC__TABLES_SMALL
    return wenc__gb18030_bytes(cp);
#else
    return wenc__page_lookup(wenc__gb18030_enc_top, wenc__gb18030_enc_blocks,
                             WENC__GB18030_ENC_BITS, WENC__GB18030_ENC_LIMIT, cp);
#endif
}

#endif
