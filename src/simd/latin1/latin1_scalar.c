/* latin1_scalar.c -- the portable kernels of latin1_kernels.h, always
** built: latin1_tpl.h over 64-bit words (8 bytes, or 8 units in two
** words), the steps a word's bits can take without a branch per unit. */
#include <string.h>

#include "latin1_kernels.h"

#define ONES8  UINT64_C(0x0101010101010101)
#define ONES16 UINT64_C(0x0001000100010001)

WENC__INLINE uint64_t word_at(const void *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Whether a word's bytes are in memory order from its low end (its
** units then are too): narrow8 joins two words' gathered bytes into one
** word, the first in its low half. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WORDS_LE 1
#else
#define WORDS_LE 0
#endif

/* A loop the compiler turns into vector code where it can (the
** baseline's SSE2 on x86-64): word steps measured 4 times slower. */
WENC__INLINE void widen8(const uint8_t *s, uint16_t *d)
{
    for (int k = 0; k < 8; k++)
        d[k] = s[k];
}

/* The top bits of the 8 bytes, summed by a multiply into the top byte. */
WENC__INLINE size_t high8(const uint8_t *s)
{
    return (size_t)((((word_at(s) >> 7) & ONES8) * ONES8) >> 56);
}

WENC__INLINE bool any8(const uint16_t *s, uint16_t mask)
{
    return ((word_at(s) | word_at(s + 4)) & (mask * ONES16)) != 0;
}

WENC__INLINE bool narrow8(const uint16_t *s, uint8_t *d)
{
    if (any8(s, 0xFF00))
        return false;
#if WORDS_LE
    uint64_t w = wenc__latin1_gather4(word_at(s)) | (uint64_t)wenc__latin1_gather4(word_at(s + 4)) << 32;
    memcpy(d, &w, 8);
#else
    for (int k = 0; k < 8; k++)
        d[k] = (uint8_t)s[k];
#endif
    return true;
}

WENC__INLINE bool surrogate8(const uint16_t *s)
{
    unsigned any = 0;
    for (int k = 0; k < 8; k++)
        any |= (s[k] & 0xF800u) == 0xD800u;
    return any != 0;
}

#define TPL_N            8
#define TPL_WIDEN(s, d)  widen8((s), (d))
#define TPL_HIGH(s)      high8(s)
#define TPL_NARROW(s, d) narrow8((s), (d))
#define TPL_ANY(s, mask) any8((s), (mask))
#define TPL_SURROGATE(s) surrogate8(s)
#include "latin1_tpl.h"
#undef WORDS_LE

const wenc__latin1_kernels wenc__latin1_scalar = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .to_utf8 = NULL,
    .from_utf8 = NULL,
};
