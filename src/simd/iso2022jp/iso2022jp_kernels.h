/* iso2022jp_kernels.h -- kernels for the ASCII state of ISO-2022-JP
** (Encoding Standard, "ISO-2022-JP decoder" and "encoder"): copies of the
** text that state takes as itself, which is all of an ASCII page and the
** markup of a Japanese one.  The state takes units below 0x80 except 0E
** and 0F (errors) and 1B (an escape), so the UTF-8 kernels' ASCII copies
** cannot serve: every vector also looks for those three.  One table per
** instruction set (simd.h).
**
** The handler (src/handlers/iso_2022_jp.c) keeps its own loop as the
** scalar path, a unit at a time: the scalar set and NEON have NULL here,
** and the handler uses that loop. */
#ifndef WENC_ISO2022JP_KERNELS_H
#define WENC_ISO2022JP_KERNELS_H

#include "simd/simd.h"

/* Whether the ASCII state takes unit U as itself: the kernels' contract,
** and the scalar loops' test. */
WENC__INLINE bool wenc__iso2022jp_plain(uint32_t u)
{
    return u < 0x80 && u != 0x0E && u != 0x0F && u != 0x1B;
}

typedef struct wenc__iso2022jp_kernels {
    /* Each copies the longest prefix of SRC[0..LEN) whose units the ASCII
    ** state takes as themselves (wenc__iso2022jp_plain) to DST, as bytes
    ** (the decoder to UTF-8, and the encoder from UTF-8: the same bytes),
    ** UTF-16 or UTF-32 units, or from UTF-16 units to bytes (the encoder);
    ** returns its length.  DST has room for LEN units, and a kernel may
    ** also write DST past the prefix within them (scratch, which the
    ** caller's next output overwrites).  LEN is at least 1. */
    size_t (*to_utf8)(const uint8_t *src, size_t len, uint8_t *dst);
    size_t (*to_utf16)(const uint8_t *src, size_t len, uint16_t *dst);
    size_t (*to_utf32)(const uint8_t *src, size_t len, uint32_t *dst);
    size_t (*from_utf16)(const uint16_t *src, size_t len, uint8_t *dst);
} wenc__iso2022jp_kernels;

/* Indexed by wenc__isa: the kernels of the best instruction set at or below
** each that has them, or NULL (the handler's own loops).
** The tables are in src/simd/kernels.c. */
extern const wenc__iso2022jp_kernels *const wenc__iso2022jp_kernels_by_isa[WENC__ISA_COUNT];

#if defined(WENC__SIMD_X86)
extern const wenc__iso2022jp_kernels wenc__iso2022jp_sse2, wenc__iso2022jp_avx2,
    wenc__iso2022jp_avx512;
#endif

/* The kernels this process uses, or NULL. */
WENC__INLINE const wenc__iso2022jp_kernels *wenc__iso2022jp_kernels_get(void)
{
    return wenc__iso2022jp_kernels_by_isa[wenc__simd_isa()];
}

#endif /* WENC_ISO2022JP_KERNELS_H */
