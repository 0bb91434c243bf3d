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

/* Whether a unit of the word at S is a surrogate (0xD800..0xDFFF): the
** lanes of U ^ 0xD800 with their low 11 bits cleared, one of which is then
** zero exactly for a surrogate; a zero lane is the one whose top bit the
** subtraction of 0x0800 sets, or the first of them (a borrow only comes
** from a zero lane below).  Units are 16-bit lanes in either byte order. */
WENC__INLINE uint64_t surrogate_lanes(const uint16_t *s)
{
    uint64_t x = (word_at(s) ^ (0xD800 * ONES16)) & (0xF800 * ONES16);
    return (x - 0x0800 * ONES16) & ~x & (0x8000 * ONES16);
}

WENC__INLINE bool surrogate8(const uint16_t *s)
{
    return (surrogate_lanes(s) | surrogate_lanes(s + 4)) != 0;
}

WENC__INLINE bool surrogate16(const uint16_t *s)
{
    return (surrogate_lanes(s) | surrogate_lanes(s + 4) | surrogate_lanes(s + 8) |
            surrogate_lanes(s + 12)) != 0;
}

#define TPL_N            8
#define TPL_WIDEN(s, d)  widen8((s), (d))
#define TPL_HIGH(s)      high8(s)
#define TPL_NARROW(s, d) narrow8((s), (d))
#define TPL_ANY(s, mask) any8((s), (mask))
#define TPL_SURROGATE(s) surrogate8(s)
#define TPL_SURROGATE2(s) surrogate16(s)
#include "latin1_tpl.h"
#undef WORDS_LE

const wenc__latin1_kernels wenc__latin1_scalar = {
    .widen = widen,
    .high_count = high_count,
    .narrow = narrow,
    .below = below,
    .well_formed = well_formed,
    .well_formed_copy = well_formed_copy,
    .to_utf8 = NULL,
    .from_utf8 = NULL,
};
