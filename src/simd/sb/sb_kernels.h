/* sb_kernels.h -- kernels for the legacy single-byte decoders and
** encoders (Encoding Standard, "Legacy single-byte encodings"): the
** 128-entry upper half of an index held in vector registers and looked up
** for a whole block of bytes at once, ASCII and upper half alike, so
** that text which alternates between the halves at every space never
** leaves the vector loop.  One table per instruction set (simd.h).
**
** The handler (src/handlers/single_byte.c) keeps its own portable loops
** as the scalar path, which also finish what a kernel leaves (a last
** block shorter than a vector, the byte or unit it stops at): the scalar
** set has NULL here, and an entry a set has no kernel for is NULL. */
#ifndef WENC_SB_KERNELS_H
#define WENC_SB_KERNELS_H

#include "simd/simd.h"

/* 1 in a -Dtables=small build (meson.build); builds that compile the
** sources themselves (tests/fuzz/oss-fuzz/build.sh) get the default. */
#ifndef WENC__TABLES_SMALL
#define WENC__TABLES_SMALL 0
#endif

typedef struct wenc__sb_kernels {
    /* Decodes SRC[0..LEN) through INDEX (the code points of bytes 0x80 to
    ** 0xFF, WENC__NONE16 where the index has none) into DST[0..LEN), one
    ** UTF-16 unit per byte, as the step function does: a byte below 0x80
    ** is itself.  RUNS: the index's two runs of bytes mapped to
    ** consecutive code points (wenc__sb_decode_runs: first byte | length
    ** << 8 | (first code point - first byte) mod 2^16 << 16; 0: none),
    ** which a kernel may use instead of INDEX for their bytes.  Stops
    ** before an unmapped byte, and may stop earlier (at the start of the
    ** vector block that holds one, or before a last block shorter than a
    ** vector); returns the bytes read, which is the units written.  Writes
    ** only DST[0 .. the result).  SRC and DST may be NULL when LEN is 0. */
    size_t (*to_utf16)(const uint16_t *index, const uint32_t *runs, const uint8_t *src, size_t len,
                       uint16_t *dst);

    /* Decodes SRC[0..LEN) as to_utf16 does but to UTF-8, each upper-half
    ** byte through INDEX8 (wenc__sb_decode_utf8: its sequence packed as
    ** wenc__sb_store4 reads it, 0xFFFFFFFF where INDEX has none); stops
    ** as to_utf16 does.  DST has room for 3 * LEN + 1 bytes, and the
    ** kernel may write past its output within them (scratch, overwritten
    ** by what comes next).  Returns the bytes read; *WRITTEN: the bytes of
    ** output.  NULL where the set decodes to UTF-8 through to_utf16 and
    ** the UTF-16 kernels instead.  The small profile has no
    ** wenc__sb_decode_utf8: its decoder makes INDEX8 per call
    ** (wenc__sb_utf8_of below). */
    size_t (*to_utf8)(const uint16_t *index, const uint32_t *index8, const uint8_t *src, size_t len,
                      uint8_t *dst, size_t *written);

    /* Encodes UTF-16 units SRC[0..LEN) into DST[0..LEN), one byte per unit,
    ** while they are ASCII other than U+0000 (the byte itself) or code
    ** points of the 128-code-point block MAIN (code point >> 7) whose byte
    ** in BLOCK (the encoder's table for that block, 0: none) is not 0;
    ** stops before any other unit (which the caller takes to the encoder's
    ** table or step function) and may stop earlier, as to_utf16 does.
    ** Returns the units read, which is the bytes written; writes only
    ** DST[0 .. the result).  NULL where the set has no such kernel. */
    size_t (*from_utf16)(const uint8_t *block, uint32_t main, const uint16_t *src, size_t len,
                         uint8_t *dst);

    /* The encoder's bulk path from UTF-16 and from UTF-8 for every
    ** encoding, through its table (TOP, LAST: wenc__sb_encode_byte
    ** below, the profile's) and its runs (RUNS, as to_utf16's: their code
    ** points' bytes without the table).  From UTF-16: SRC[0..LEN) into DST[0..LEN), one byte per
    ** unit, ASCII (U+0000 included) as itself; stops before a unit without
    ** a byte (a surrogate, an unmapped code point) and may stop earlier,
    ** before a last block shorter than a vector or at U+0000.  From UTF-8:
    ** the well-formed one- to three-byte sequences that start in
    ** SRC[0..LEN) (SRC holds 2 bytes more, so that the last may end
    ** there) into DST (room for LEN bytes), ASCII as itself; stops
    ** before a code point without a byte and anything else, which the step
    ** function decides, and may stop at U+0000.  Both return the units
    ** (bytes) read; from UTF-8 *WRITTEN the bytes of output.  Both may
    ** write DST past their output within its room (scratch). */
    size_t (*from_utf16_table)(const uint8_t *top, uint32_t last, const uint32_t *runs,
                               const uint16_t *src, size_t len, uint8_t *dst);
    size_t (*from_utf8_table)(const uint8_t *top, uint32_t last, const uint32_t *runs,
                              const uint8_t *src, size_t len, uint8_t *dst, size_t *written);
} wenc__sb_kernels;

/* Indexed by wenc__isa: the kernels of the best instruction set at or below
** each that has them, or NULL (the handler's own loop).
** The tables are in src/simd/kernels.c. */
extern const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT];

/* Indexed by wenc__isa: the shortest input (the bytes left where the
** handler's bulk path starts) that the decoders give each set's kernels,
** to UTF-16 ([0]: to_utf16) and to UTF-8 ([1]: to_utf8, or the stretches
** through to_utf16 and the UTF-16 kernels); SIZE_MAX where the set has no
** kernels.  Shorter inputs run the handler's portable loop, the scalar
** set's path, which costs less there than a kernel's call, setup and last
** short block (issue 29, tools/short-counts.py).  The decoders test the
** length before they read the table of kernels, the same instructions
** under every set, so that no set runs more than the scalar set there.
** In src/simd/kernels.c. */
extern const size_t wenc__sb_decode_from[WENC__ISA_COUNT][2];

#if defined(WENC__SIMD_X86)
extern const wenc__sb_kernels wenc__sb_sse2, wenc__sb_avx2, wenc__sb_avx512;
/* The SSE2 encode kernels, which the AVX2 and AVX-512 sets share. */
size_t wenc__sb_sse2_from_utf16_table(const uint8_t *top, uint32_t last, const uint32_t *runs,
                                      const uint16_t *src, size_t len, uint8_t *dst);
size_t wenc__sb_sse2_from_utf8_table(const uint8_t *top, uint32_t last, const uint32_t *runs,
                                     const uint8_t *src, size_t len, uint8_t *dst,
                                     size_t *written);
#endif
#if defined(WENC__SIMD_NEON)
extern const wenc__sb_kernels wenc__sb_neon;
#endif

/* B itself if it is ASCII, else MAPPED, without a branch: the halves
** alternate too often for a predictor (and compilers turn ?: into one). */
WENC__INLINE uint32_t wenc__sb_pick(uint32_t b, uint32_t mapped)
{
    uint32_t upper = 0u - (b >> 7);
    return ((mapped ^ b) & upper) ^ b;
}

/* ALL[b] = the unit of byte B: ASCII itself, the rest from INDEX. */
WENC__INLINE void wenc__sb_all16(const uint16_t *index, uint16_t *all)
{
    for (unsigned b = 0; b < 128; b++)
        all[b] = (uint16_t)b;
    memcpy(all + 128, index, 128 * sizeof *all);
}

#if WENC__TABLES_SMALL
/* The packed UTF-8 sequence of code point CP (ASCII: itself; 0xFFFF, no
** mapping: 0xFFFFFFFF) as wenc__sb_decode_utf8 holds it in the default
** profile, for the small one, which has no such table (issue 29); without
** a branch (the halves alternate at every space). */
WENC__INLINE uint32_t wenc__sb_utf8_of(uint32_t cp)
{
    uint32_t two = (0xC0 | cp >> 6) | (0x80 | (cp & 0x3F)) << 8 | 1u << 24;
    uint32_t three = (0xE0 | cp >> 12) | (0x80 | (cp >> 6 & 0x3F)) << 8 |
                     (0x80 | (cp & 0x3F)) << 16 | 2u << 24;
    uint32_t long3 = 0u - (uint32_t)(cp >= 0x800), ascii = 0u - (uint32_t)(cp < 0x80);
    uint32_t v = (two & ~long3) | (three & long3);
    v = (cp & ascii) | (v & ~ascii);
    return v | (0u - (uint32_t)(cp == WENC__NONE16));
}
#endif

/* Stores the packed UTF-8 sequence V (tools/gen-tables.py) at O and
** returns its length; the bytes stored after it are scratch, overwritten by
** what comes next. */
WENC__INLINE unsigned wenc__sb_store4(uint8_t *o, uint32_t v)
{
    uint32_t w = v;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap32(w);
#endif
    memcpy(o, &w, 4);
    return 1 + (v >> 24);
}

#if !WENC__TABLES_SMALL
/* The encoder's byte for BMP code point CP through the two levels (code
** point >> 7 in the index's TOP, then the low 7 bits in a block of
** wenc__sb_enc_blocks); ASCII gives itself (tools/gen-tables.py), 0 means
** no mapping (or U+0000).  The top ends after the index's largest code
** point with an empty entry, LAST, which every code point beyond it reads
** (a clamp, not a branch). */
WENC__INLINE uint32_t wenc__sb_encode_byte(const uint8_t *top, uint32_t last, uint32_t cp)
{
    uint32_t i = cp >> 7;
    i = i < last ? i : last;
    return wenc__sb_enc_blocks[(unsigned)top[i] << 7 | (cp & 0x7F)];
}

/* The encoder's table of index row SB: TOP and LAST above. */
#define WENC__SB_ENC_TOP(sb) (wenc__sb_enc_top + wenc__sb_enc_top_at[sb])
#define WENC__SB_ENC_LAST(sb) ((uint32_t)wenc__sb_enc_top_last[sb])
#else
/* The small profile has no encode table (issue 29: the single-byte tables
** are 10.3 KiB in it, 36.9 in the default).  TOP is a table of 128 bytes
** that the encoder makes per call (wenc__sb_enc_make) for one block of
** code points, MAIN (code point >> 7; the index's block with the most code
** points: Latin-1's, Cyrillic, Greek, Thai...), and LAST holds the index
** row | MAIN << 8.  The same contract as the default's: ASCII gives
** itself, 0 no mapping (or U+0000).  ASCII and MAIN's code points
** without a branch on which they are (text alternates between them at
** every space), the others through wenc__sb_encode_rest. */

/* The byte of CP (not ASCII, below 0x10000) in index row ROW, 0 if none:
** the index's runs of consecutive code points (wenc__sb_decode_runs, as
** encoding_rs's encoder does with its one run), then a search by halves
** through the row's pointers in code point order (wenc__sb_enc_order),
** seven steps without a branch.  The index maps no code point twice
** (the generator checks), so the byte found is the first pointer's.  Out
** of line: the engine inlines the encoder once per form and step, and the
** code points it finds are the few outside ASCII and MAIN. */
static WENC__NOINLINE uint32_t wenc__sb_encode_rest(uint32_t row, uint32_t cp)
{
    const uint32_t *runs = wenc__sb_decode_runs + 2 * row;
    for (int k = 0; k < 2; k++) {
        /* A run's byte for CP is CP - (first code point - first byte), mod
        ** 2^16, and CP is in it if that byte - the first is below the
        ** length (0: no run). */
        uint32_t r = runs[k], byte = (cp - (r >> 16)) & 0xFFFF;
        if (byte - (r & 0xFF) < (r >> 8 & 0xFF))
            return byte;
    }
    const uint16_t *index = wenc__sb_decode + 128 * row;
    const uint8_t *order = wenc__sb_enc_order + 128 * row;
    uint32_t at = 0;
    for (uint32_t half = 64; half != 0; half >>= 1)
        at += index[order[at + half - 1]] < cp ? half : 0;
    uint32_t p = order[at];
    /* The unmapped pointers' 0xFFFF sort last: U+FFFF is not theirs. */
    return index[p] == cp && cp != WENC__NONE16 ? p + 0x80 : 0;
}

WENC__INLINE uint32_t wenc__sb_encode_byte(const uint8_t *top, uint32_t last, uint32_t cp)
{
    uint32_t block = cp >> 7, byte = top[cp & 0x7F];
    /* Neither ASCII nor MAIN's: one test (as two, compilers branch on
    ** each, and the first is the one that alternates). */
    if (block * (block ^ last >> 8) != 0)
        return wenc__sb_encode_rest(last & 0xFF, cp);
    uint32_t ascii = 0u - (uint32_t)(block == 0);
    return (cp & ascii) | (byte & ~ascii);
}

/* Makes TOP (128 bytes) for index row SB and block MAIN (>= 1; the bytes
** of its code points, 0 where none) and returns LAST. */
WENC__INLINE uint32_t wenc__sb_enc_make(unsigned sb, uint32_t main, uint8_t *top)
{
    const uint16_t *index = wenc__sb_decode + 128 * sb;
    memset(top, 0, 128);
    for (unsigned j = 0; j < 128; j++)
        if (index[j] >> 7 == main && index[j] != WENC__NONE16)
            top[index[j] & 0x7F] = (uint8_t)(j + 0x80);
    return sb | main << 8;
}

/* TOP and LAST without a made table (MAIN 0: ASCII alone; TOP is read, but
** only for ASCII, whose byte is not taken from it). */
#define WENC__SB_ENC_TOP(sb) (wenc__sb_enc_order + 128 * (sb))
#define WENC__SB_ENC_LAST(sb) ((uint32_t)(sb))
#endif

/* The kernels this process uses, or NULL. */
WENC__INLINE const wenc__sb_kernels *wenc__sb_kernels_get(void)
{
    return wenc__sb_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_SB_KERNELS_H */
