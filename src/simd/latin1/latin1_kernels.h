/* latin1_kernels.h -- the kernels of wenc/latin1.h (one-byte strings and
** well-formed UTF-16, for JavaScript engines): one table per instruction
** set (simd.h).  They are the loops of their own: src/api/latin1.c
** composes them with the UTF-8 family's (ASCII copy, to_utf16) and the
** UTF-16 family's (to_utf8) kernels for the conversions to and from UTF-8,
** so that no algorithm is written twice.
**
** SRC and DST may be NULL when LEN is 0; they may be unaligned (UTF-16 to
** its unit, as C requires).  Nothing is read at or past SRC + LEN. */
#ifndef WENC_LATIN1_KERNELS_H
#define WENC_LATIN1_KERNELS_H

#include <string.h>

#include "simd/simd.h"

typedef struct wenc__latin1_kernels {
    /* Widens the LEN bytes at SRC to LEN units at DST. */
    void (*widen)(const uint8_t *src, size_t len, uint16_t *dst);
    /* The number of bytes 80..FF in SRC[0..LEN). */
    size_t (*high_count)(const uint8_t *src, size_t len);
    /* The longest prefix of SRC[0..LEN) whose units are at most 0x00FF,
    ** written to DST (room for LEN bytes) as bytes: returns its length.
    ** Nothing past it is written (a step stores only once it passed). */
    size_t (*narrow)(const uint16_t *src, size_t len, uint8_t *dst);
    /* The length of the longest prefix of SRC[0..LEN) whose units have no
    ** bit of MASK set (0xFF00: at most 0x00FF; 0xFF80: ASCII). */
    size_t (*below)(const uint16_t *src, size_t len, uint16_t mask);
    /* The index of the first lone surrogate of SRC[0..LEN), or LEN. */
    size_t (*well_formed)(const uint16_t *src, size_t len);
    /* The same, and copies SRC's units before the index returned to DST
    ** (room for LEN units, not overlapping SRC); nothing past them. */
    size_t (*well_formed_copy)(const uint16_t *src, size_t len, uint16_t *dst);
    /* NULL, or SRC[0..LEN) as UTF-8 into DST[0..CAP) from the start, as far
    ** as the set's blocks go while they need nothing else (they may stop
    ** early: src/api/latin1.c goes on with the other kernels from where
    ** they stopped): returns the characters read, *WRITTEN the bytes
    ** written.  Bytes past *WRITTEN may be written only where what follows
    ** in the input then writes them (at least 16 more characters and 16
    ** more bytes of room); else nothing past them is touched. */
    size_t (*to_utf8)(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written);
    /* NULL, or the UTF-8 at SRC[0..LEN) as one-byte characters into
    ** DST[0..CAP) from the start, while its sequences are whole and their
    ** code points at most U+00FF (bytes 00..7F, or C2 or C3 then a
    ** continuation byte 80..BF: Encoding Standard, "UTF-8 decoder"), as
    ** far as the set's blocks go (they may stop early, even at once:
    ** src/api/latin1.c goes on from where they stopped and decides why
    ** they did): returns the bytes read, *WRITTEN the bytes written.
    ** Bytes of DST[0..CAP) past *WRITTEN may be written. */
    size_t (*from_utf8)(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written);
} wenc__latin1_kernels;

/* Indexed by wenc__isa: the best kernels this build has at or below each
** instruction set (the tables are in src/simd/kernels.c). */
extern const wenc__latin1_kernels *const wenc__latin1_kernels_by_isa[WENC__ISA_COUNT];

extern const wenc__latin1_kernels wenc__latin1_scalar;
#if defined(WENC__SIMD_X86)
extern const wenc__latin1_kernels wenc__latin1_sse2, wenc__latin1_sse41, wenc__latin1_avx2,
    wenc__latin1_avx512;
/* latin1_sse41.c's to_utf8 and from_utf8, for the SSE4.1 table (in
** latin1_sse2.c). */
size_t wenc__latin1_sse41_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                  size_t *written);
size_t wenc__latin1_sse41_from_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                    size_t *written);
/* For each set of lanes of 8 bytes (bit J: lane J), the pshufb indexes that
** gather the other lanes in order (latin1_sse41.c; latin1_utf8_tpl.h). */
extern const uint8_t wenc__latin1_drop8[256][8];
#endif
#if defined(WENC__SIMD_NEON)
extern const wenc__latin1_kernels wenc__latin1_neon;
#endif

/* The kernels this process uses. */
WENC__INLINE const wenc__latin1_kernels *wenc__latin1_kernels_get(void)
{
    return wenc__latin1_kernels_by_isa[wenc__simd_isa()];
}

/* The scalar loops, from index I to N: the scalar kernels' ends and every
** vector kernel's tail (and, for well_formed, its blocks that hold a
** surrogate).  They are the definitions the vector steps skip ahead of. */
WENC__INLINE void wenc__latin1_widen_from(const uint8_t *s, size_t i, size_t n, uint16_t *d)
{
    for (; i < n; i++)
        d[i] = s[i];
}

/* SRC[I..N) as UTF-8 into DST from *O while whole characters fit in
** DST[0..CAP) (Encoding Standard, "UTF-8 encoder": 80..FF are 0xC0 | b >>
** 6, then 0x80 | (b & 0x3F)): returns where it stopped, *O where its
** output ended.  The short inputs' loop and the vector kernels' tail. */
WENC__INLINE size_t wenc__latin1_utf8_from(const uint8_t *s, size_t i, size_t n, uint8_t *d,
                                           size_t cap, size_t *o_)
{
    size_t o = *o_;
    for (; i < n; i++) {
        uint8_t b = s[i];
        if (b < 0x80) {
            if (o == cap)
                break;
            d[o++] = b;
        } else {
            if (cap - o < 2)
                break;
            d[o++] = (uint8_t)(0xC0 | b >> 6);
            d[o++] = (uint8_t)(0x80 | (b & 0x3F));
        }
    }
    *o_ = o;
    return i;
}

/* The UTF-8 at SRC[I..N) as one-byte characters into DST from *O while
** each sequence is whole and its code point at most U+00FF (00..7F, or C2
** or C3 then 80..BF: Encoding Standard, "UTF-8 decoder") and has its byte
** in DST[0..CAP): returns where it stopped, *O where its output ended.
** The vector kernels' from_utf8 tail, and where their blocks stop. */
WENC__INLINE size_t wenc__latin1_from_utf8_from(const uint8_t *s, size_t i, size_t n, uint8_t *d,
                                                size_t cap, size_t *o_)
{
    size_t o = *o_;
    while (i < n && o < cap) {
        uint8_t b = s[i];
        if (b < 0x80) {
            d[o++] = b;
            i++;
        } else if ((b & 0xFE) == 0xC2 && n - i >= 2 && (s[i + 1] & 0xC0) == 0x80) {
            d[o++] = (uint8_t)(s[i + 1] + ((b & 1) << 6)); /* C3: 80..BF -> C0..FF */
            i += 2;
        } else {
            break;
        }
    }
    *o_ = o;
    return i;
}

WENC__INLINE size_t wenc__latin1_high_from(const uint8_t *s, size_t i, size_t n)
{
    size_t c = 0;
    for (; i < n; i++)
        c += s[i] >> 7;
    return c;
}

/* The low bytes of the 4 units of W (a 64-bit word loaded by memcpy, each
** unit a 16-bit lane; the high bytes 0) as a 32-bit word, in memory order
** in either byte order: lane k's byte goes to byte k of the word as the
** host counts them.  Also x-user-defined's encoder (x_user_defined.c). */
WENC__INLINE uint32_t wenc__latin1_gather4(uint64_t w)
{
    w = (w | w >> 8) & UINT64_C(0x0000FFFF0000FFFF);
    return (uint32_t)(w | w >> 16);
}

WENC__INLINE size_t wenc__latin1_narrow_from(const uint16_t *s, size_t i, size_t n, uint8_t *d)
{
    for (; i < n && s[i] <= 0xFF; i++)
        d[i] = (uint8_t)s[i];
    return i;
}

WENC__INLINE size_t wenc__latin1_below_from(const uint16_t *s, size_t i, size_t n, uint16_t mask)
{
    while (i < n && (s[i] & mask) == 0)
        i++;
    return i;
}

/* From I, while I < END, over the units of S[0..N) (a pair that starts
** before END may end at END + 1): stops at a lone surrogate, whose index
** it returns (< END), else returns where it ended (END or END + 1); with
** D (not NULL), copies the units it passes to D.  A leading surrogate
** 0xD800..0xDBFF is whole with a trailing one 0xDC00..0xDFFF after it; any
** other surrogate is lone. */
WENC__INLINE size_t wenc__latin1_well_formed_from(const uint16_t *s, size_t i, size_t end, size_t n,
                                                  uint16_t *d)
{
    while (i < end) {
        uint32_t u = s[i];
        if (u - 0xD800u >= 0x800) {
            if (d != NULL)
                d[i] = (uint16_t)u;
            i++;
            continue;
        }
        if (u >= 0xDC00 || n - i < 2 || s[i + 1] - 0xDC00u >= 0x400)
            return i;
        if (d != NULL) {
            d[i] = (uint16_t)u;
            d[i + 1] = s[i + 1];
        }
        i += 2;
    }
    return i;
}

#endif /* WENC_LATIN1_KERNELS_H */
