/* short_path.h -- the short path of UTF-8 decoding (issues 11 and 29), the
** one definition shared by the decoder's calls (decoder.c) and
** TextDecoder's (text.c).
**
** The cost of a short decode is the setup of the handler's loop, not its
** bytes.  A UTF-8 decoder holding no bytes decodes complete, valid
** sequences to their code points without touching its state, so the valid
** prefix of a short input is decoded here by the kernels the handler's
** ASCII and bulk paths call (utf8_kernels.h), which stop exactly where the
** step function would have to take over (an error, a sequence cut by the
** end of the input, or output that does not fit). */
#ifndef WENC_SHORT_PATH_H
#define WENC_SHORT_PATH_H

#include <string.h>

#include "decode_loop.h"
#include "simd/utf8/utf8_kernels.h"
#include "utf8/dfa.h"

/* The set's short kernel, where it takes N bytes (N >= 1; its lengths
** mask, utf8_kernels.h) to FORM (UTF-8 or UTF-16): if SRC[0..N) is all
** complete, valid sequences whose units fit in DST[0..ROOM), it writes
** them and returns the units written.  Returns -1 if the kernel looked and
** declined (the input is not valid, or does not fit), having written
** nothing, and -2 if it did not look: the set has no kernel for N bytes,
** or a BOM is still to strip (STRIP) and the input starts with EF, whose
** first code point may be U+FEFF.  The callers then take
** wenc__utf8_short_scalar() or their general paths. */
WENC__INLINE ptrdiff_t wenc__utf8_short_kernel(const uint8_t *src, size_t n, void *dst,
                                               size_t room, const int form, const bool strip)
{
    const wenc__utf8_kernels *k = wenc__utf8_kernels_get();
    if (n > WENC__UTF8_SHORT || !(k->short_lengths[form == WENC__UTF16] >> (n - 1) & 1) ||
        (strip && src[0] == 0xEF))
        return -2;
    return form == WENC__UTF16 ? k->short_to_utf16(src, n, (uint16_t *)dst, room)
                               : k->short_to_utf8(src, n, (uint8_t *)dst, room);
}

/* Decodes to FORM the longest prefix of SRC[0..N) (N >= 1) that is
** complete, valid sequences whose units fit in DST[0..ROOM) (DST not
** NULL), and returns its length in bytes; *WRITTEN is the units written.
** With a BOM still to strip (STRIP), nothing is decoded unless the first
** sequence is complete, valid and not U+FEFF: the callers' general paths
** handle that code point.  The ASCII prefix by a copy that reads words,
** then the scalar set's checks (to UTF-8) or transcoder, which cost every
** set less on these lengths than a vector kernel's setup and its two
** passes (to UTF-16 and UTF-32 past WENC__UTF8_SHORT_REST bytes, the set's
** short_rest), and past WENC__UTF8_SHORT_SCALAR bytes the set's kernels
** (issue 29: tools/short-counts.py). */
WENC__INLINE size_t wenc__utf8_short_scalar(const uint8_t *src, size_t n, void *dst, size_t room,
                                            const int form, const bool strip, size_t *written)
{
    size_t i = 0;
    if (src[0] < 0x80) {
        /* ASCII ends BOM stripping: its first code point is not U+FEFF. */
        const wenc__utf8_kernels *a = wenc__utf8_kernels_for(n, WENC__UTF8_SHORT_ASCII);
        size_t m = n < room ? n : room;
        if (form == WENC__UTF8)
            i = a->ascii_to_utf8(src, m, (uint8_t *)dst);
        else if (form == WENC__UTF16)
            i = a->ascii_to_utf16(src, m, (uint16_t *)dst);
        else
            i = a->ascii_to_utf32(src, m, (uint32_t *)dst);
        if (i == n) {
            *written = n;
            return n;
        }
    } else if (strip) {
        uint32_t cp;
        if (wenc__utf8_decode_valid(src, 0, n, &cp) == 0 || cp == WENC__BOM) {
            *written = 0;
            return 0;
        }
    }
    /* The rest; after an ASCII prefix the next byte is not ASCII. */
    size_t used, w;
    if (form == WENC__UTF8) {
        /* A sequence cut by the room is not valid: never copied in part. */
        const wenc__utf8_kernels *s = wenc__utf8_kernels_for(n - i, WENC__UTF8_SHORT_SCALAR);
        used = w = s->valid_prefix(src + i, n - i < room - i ? n - i : room - i);
        memcpy((uint8_t *)dst + i, src + i, used);
    } else {
        const wenc__utf8_kernels *s = wenc__utf8_kernels_for(n - i, WENC__UTF8_SHORT_SCALAR);
#if defined(WENC__SIMD_X86)
        /* Elsewhere every set's short_rest is the scalar set's. */
        if (n - i > WENC__UTF8_SHORT_REST && s == &wenc__utf8_scalar)
            s = wenc__utf8_kernels_get()->short_rest;
#endif
        if (form == WENC__UTF16)
            used = s->to_utf16(src + i, n - i, (uint16_t *)dst + i, room - i, &w);
        else
            used = s->to_utf32(src + i, n - i, (uint32_t *)dst + i, room - i, &w);
    }
    *written = i + w;
    return i + used;
}

#endif /* WENC_SHORT_PATH_H */
