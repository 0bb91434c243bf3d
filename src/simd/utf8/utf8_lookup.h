/* utf8_lookup.h -- the tables of the vector UTF-8 check (after Keiser and
** Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte", 2021),
** shared by the SSE4.1, AVX2 and NEON kernels.  Each byte is checked with
** the byte before it: three 16-entry tables, indexed by the previous
** byte's high nibble, its low nibble and the byte's own high nibble, give
** each a set of the errors it could take part in; the AND of the three is
** the errors the pair makes.  One bit needs the bytes two and three back:
** two continuation bytes in a row are right only as the third or fourth
** byte of a sequence.  Over a whole text this finds every sequence the
** Encoding Standard's UTF-8 decoder rejects (tests/unit/kernels_utf8.c
** compares the kernels with the decoder on every pair, triple and
** quadruple of byte classes); a sequence cut by the end of the checked text
** is left to the scalar loop. */
#ifndef WENC_UTF8_LOOKUP_H
#define WENC_UTF8_LOOKUP_H

#include <stdint.h>

#include "simd/isa.h"

/* The previous byte P, the byte B. */
#define U8V_SHORT 0x01 /* P is a lead byte (C0..FF), B is not a continuation */
#define U8V_LONG 0x02  /* P is ASCII, B is a continuation (80..BF) */
#define U8V_OVER3 0x04 /* E0 then 80..9F: an overlong 3-byte form */
#define U8V_BIG 0x08   /* F4..FF then 90..BF: above U+10FFFF */
#define U8V_SURR 0x10  /* ED then A0..BF: a surrogate */
#define U8V_OVER2 0x20 /* C0 or C1 then a continuation: overlong 2-byte */
#define U8V_OVER4 0x40 /* F0 then 80..8F (overlong 4-byte), or F5..FF then 80..8F */
#define U8V_CONT2 0x80 /* two continuation bytes (an error unless must-be) */
/* The bits the low nibble of P does not decide. */
#define U8V_ANY (U8V_SHORT | U8V_LONG | U8V_CONT2)

/* By P >> 4. */
#define WENC__U8V_PREV_HIGH                                                               \
    U8V_LONG, U8V_LONG, U8V_LONG, U8V_LONG, U8V_LONG, U8V_LONG, U8V_LONG, U8V_LONG,       \
    U8V_CONT2, U8V_CONT2, U8V_CONT2, U8V_CONT2,                                           \
    U8V_SHORT | U8V_OVER2,                   /* C0..CF */                                \
    U8V_SHORT,                               /* D0..DF */                                \
    U8V_SHORT | U8V_OVER3 | U8V_SURR,        /* E0..EF */                                \
    U8V_SHORT | U8V_BIG | U8V_OVER4          /* F0..FF */

/* By P & 15. */
#define WENC__U8V_PREV_LOW                                                                \
    U8V_ANY | U8V_OVER3 | U8V_OVER2 | U8V_OVER4, /* C0, E0, F0 */                       \
    U8V_ANY | U8V_OVER2,                         /* C1 */                                \
    U8V_ANY, U8V_ANY,                                                                     \
    U8V_ANY | U8V_BIG,                           /* F4 */                                \
    U8V_ANY | U8V_BIG | U8V_OVER4, U8V_ANY | U8V_BIG | U8V_OVER4,                         \
    U8V_ANY | U8V_BIG | U8V_OVER4, U8V_ANY | U8V_BIG | U8V_OVER4,                         \
    U8V_ANY | U8V_BIG | U8V_OVER4, U8V_ANY | U8V_BIG | U8V_OVER4,                         \
    U8V_ANY | U8V_BIG | U8V_OVER4, U8V_ANY | U8V_BIG | U8V_OVER4,                         \
    U8V_ANY | U8V_BIG | U8V_OVER4 | U8V_SURR,    /* ED */                                \
    U8V_ANY | U8V_BIG | U8V_OVER4, U8V_ANY | U8V_BIG | U8V_OVER4

/* By B >> 4. */
#define U8V_CONT (U8V_LONG | U8V_OVER2 | U8V_CONT2)
#define WENC__U8V_BYTE_HIGH                                                               \
    U8V_SHORT, U8V_SHORT, U8V_SHORT, U8V_SHORT, U8V_SHORT, U8V_SHORT, U8V_SHORT,          \
    U8V_SHORT,                                                                            \
    U8V_CONT | U8V_OVER3 | U8V_OVER4,        /* 80..8F */                                \
    U8V_CONT | U8V_OVER3 | U8V_BIG,          /* 90..9F */                                \
    U8V_CONT | U8V_SURR | U8V_BIG,           /* A0..AF */                                \
    U8V_CONT | U8V_SURR | U8V_BIG,           /* B0..BF */                                \
    U8V_SHORT, U8V_SHORT, U8V_SHORT, U8V_SHORT

static _Alignas(16) const uint8_t wenc__u8v_prev_high[16] = {
    WENC__U8V_PREV_HIGH};
static _Alignas(16) const uint8_t wenc__u8v_prev_low[16] = {WENC__U8V_PREV_LOW};
static _Alignas(16) const uint8_t wenc__u8v_byte_high[16] = {
    WENC__U8V_BYTE_HIGH};

/* Saturating subtraction of these from the bytes two and three back sets
** the high bit exactly where they are E0..FF and F0..FF: the leads whose
** third or fourth byte B is, which must then be a continuation. */
#define WENC__U8V_THIRD (0xE0 - 0x80)
#define WENC__U8V_FOURTH (0xF0 - 0x80)

/* Byte shuffles (pshufb, vqtbl1q) that move the 16-bit (or 32-bit) lanes
** chosen by a 4-bit mask of 4 lanes to the front, in order; and how many
** lanes each mask keeps.  The decoders write the code units of a block's
** sequences this way, 4 lanes at a time. */
#define L16(l) (uint8_t)(2 * (l)), (uint8_t)(2 * (l) + 1)
#define L32(l) (uint8_t)(4 * (l)), (uint8_t)(4 * (l) + 1), (uint8_t)(4 * (l) + 2), (uint8_t)(4 * (l) + 3)
#define PACK4(L)                                                                          \
    {L(0), L(0), L(0), L(0)}, {L(0), L(0), L(0), L(0)}, {L(1), L(0), L(0), L(0)},         \
    {L(0), L(1), L(0), L(0)}, {L(2), L(0), L(0), L(0)}, {L(0), L(2), L(0), L(0)},         \
    {L(1), L(2), L(0), L(0)}, {L(0), L(1), L(2), L(0)}, {L(3), L(0), L(0), L(0)},         \
    {L(0), L(3), L(0), L(0)}, {L(1), L(3), L(0), L(0)}, {L(0), L(1), L(3), L(0)},         \
    {L(2), L(3), L(0), L(0)}, {L(0), L(2), L(3), L(0)}, {L(1), L(2), L(3), L(0)},         \
    {L(0), L(1), L(2), L(3)}
#if defined(WENC__SIMD_NEON) /* the only user (utf8_neon.c); unused elsewhere */
static _Alignas(16) const uint8_t wenc__u8v_pack16[16][16] = {PACK4(L16)};
static _Alignas(16) const uint8_t wenc__u8v_pack32[16][16] = {PACK4(L32)};
static const uint8_t wenc__u8v_pop4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
#endif
/* utf8_tables.c: the shuffle that moves the 16-bit lanes chosen by an
** 8-bit mask of 8 lanes to the front, in order (zeros after them), and
** how many lanes each mask keeps. */
extern const uint8_t wenc__u8v_pack8x16[256][16];
extern const uint8_t wenc__u8v_pop8[256];
#undef L16
#undef L32
#undef PACK4

#endif /* WENC_UTF8_LOOKUP_H */
