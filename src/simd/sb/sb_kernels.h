/* sb_kernels.h -- kernels for the legacy single-byte decoders (Encoding
** Standard, "Legacy single-byte encodings"): the 128-entry upper half of
** an index held in vector registers and looked up for a whole block of
** bytes at once, ASCII and upper half alike, so that text which alternates
** between the halves at every space never leaves the vector loop.  One
** table per instruction set (simd.h).
**
** The handler (src/handlers/single_byte.c) keeps its own loop as the
** scalar path (SSE2 runs of ASCII and of consecutive code points where the
** baseline has SSE2): an instruction set without a kernel here has NULL,
** and the handler uses that loop. */
#ifndef WENC_SB_KERNELS_H
#define WENC_SB_KERNELS_H

#include "simd/simd.h"

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
} wenc__sb_kernels;

/* Indexed by wenc__isa: the kernels of the best instruction set at or below
** each that has them, or NULL (the handler's own loop).
** The tables are in src/simd/kernels.c. */
extern const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT];

#if defined(WENC__SIMD_X86)
extern const wenc__sb_kernels wenc__sb_avx2, wenc__sb_avx512;
#endif

/* The kernels this process uses, or NULL. */
WENC__INLINE const wenc__sb_kernels *wenc__sb_kernels_get(void)
{
    return wenc__sb_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_SB_KERNELS_H */
