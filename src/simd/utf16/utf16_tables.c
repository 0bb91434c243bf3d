/* utf16_tables.c -- the shuffle tables the vector UTF-16 -> UTF-8 kernels
** pack their UTF-8 sequences with (utf16_impl.h), computed by the compiler
** from the rules below rather than typed. */
#include "utf16_impl.h"

#if defined(WENC__SIMD_NEON)
/* Lane J of index I holds 1 + (bit J) + (bit J + 4) bytes. */
#define L(i, j) (1 + (((i) >> (j)) & 1) + (((i) >> ((j) + 4)) & 1))
#define P1(i) L(i, 0)
#define P2(i) (P1(i) + L(i, 1))
#define P3(i) (P2(i) + L(i, 2))
#define P4(i) (P3(i) + L(i, 3))
/* Output byte K comes from the lane whose bytes cover it. */
#define SH(i, k)                                                                          \
    (uint8_t)((k) < P1(i)   ? (k)                                                         \
              : (k) < P2(i) ? 4 + (k) - P1(i)                                             \
              : (k) < P3(i) ? 8 + (k) - P2(i)                                             \
              : (k) < P4(i) ? 12 + (k) - P3(i)                                            \
                            : 0x80)
#define ROW(i)                                                                            \
    {SH(i, 0),  SH(i, 1),  SH(i, 2),  SH(i, 3),  SH(i, 4),  SH(i, 5),  SH(i, 6),  SH(i, 7), \
     SH(i, 8),  SH(i, 9),  SH(i, 10), SH(i, 11), SH(i, 12), SH(i, 13), SH(i, 14), SH(i, 15)}
#define ROW4(i) ROW(i), ROW((i) + 1), ROW((i) + 2), ROW((i) + 3)
#define ROW16(i) ROW4(i), ROW4((i) + 4), ROW4((i) + 8), ROW4((i) + 12)
#define ROW64(i) ROW16(i), ROW16((i) + 16), ROW16((i) + 32), ROW16((i) + 48)
#define LEN4(i) P4(i), P4((i) + 1), P4((i) + 2), P4((i) + 3)
#define LEN16(i) LEN4(i), LEN4((i) + 4), LEN4((i) + 8), LEN4((i) + 12)
#define LEN64(i) LEN16(i), LEN16((i) + 16), LEN16((i) + 32), LEN16((i) + 48)

const uint8_t wenc__utf16_pack[256][16] = {ROW64(0), ROW64(64), ROW64(128), ROW64(192)};
const uint8_t wenc__utf16_pack_len[256] = {LEN64(0), LEN64(64), LEN64(128), LEN64(192)};
#endif

#if defined(WENC__SIMD_X86)
/* Code C of lane J is bits 2J and 2J + 1 of index I: 3 for ASCII (1
** byte), 2 below U+0800 (2 bytes), 0 from there (3 bytes; 1 never
** occurs).  The lane's bytes are the ASCII unit, the last byte, the lead
** of 3 and the lead of 2 or the middle of 3: a 1-byte sequence is lane
** byte 0, a 2-byte one bytes 3 then 1, a 3-byte one bytes 2, 3, 1. */
#define C3(i, j) (((i) >> (2 * (j))) & 3)
#define N3(i, j) ((C3(i, j) & 1) ? 1 : 3 - (C3(i, j) >> 1))
#define R1(i) N3(i, 0)
#define R2(i) (R1(i) + N3(i, 1))
#define R3(i) (R2(i) + N3(i, 2))
#define R4(i) (R3(i) + N3(i, 3))
/* Byte K of a sequence of N bytes in its lane. */
#define AT3(n, k) ((n) == 1 ? 0 : (k) == (n) - 1 ? 1 : (n) == 2 || (k) == 1 ? 3 : 2)
#define SH3(i, k)                                                                         \
    (uint8_t)((k) < R1(i)   ? AT3(N3(i, 0), (k))                                          \
              : (k) < R2(i) ? 4 + AT3(N3(i, 1), (k) - R1(i))                              \
              : (k) < R3(i) ? 8 + AT3(N3(i, 2), (k) - R2(i))                              \
              : (k) < R4(i) ? 12 + AT3(N3(i, 3), (k) - R3(i))                             \
                            : 0x80)
#define ROW3(i)                                                                           \
    {SH3(i, 0),  SH3(i, 1),  SH3(i, 2),  SH3(i, 3),  SH3(i, 4),  SH3(i, 5),                \
     SH3(i, 6),  SH3(i, 7),  SH3(i, 8),  SH3(i, 9),  SH3(i, 10), SH3(i, 11),               \
     SH3(i, 12), SH3(i, 13), SH3(i, 14), SH3(i, 15)}
#define ROW3_4(i) ROW3(i), ROW3((i) + 1), ROW3((i) + 2), ROW3((i) + 3)
#define ROW3_16(i) ROW3_4(i), ROW3_4((i) + 4), ROW3_4((i) + 8), ROW3_4((i) + 12)
#define ROW3_64(i) ROW3_16(i), ROW3_16((i) + 16), ROW3_16((i) + 32), ROW3_16((i) + 48)
#define LEN3_4(i) R4(i), R4((i) + 1), R4((i) + 2), R4((i) + 3)
#define LEN3_16(i) LEN3_4(i), LEN3_4((i) + 4), LEN3_4((i) + 8), LEN3_4((i) + 12)
#define LEN3_64(i) LEN3_16(i), LEN3_16((i) + 16), LEN3_16((i) + 32), LEN3_16((i) + 48)

const uint8_t wenc__utf16_pack3[256][16] = {ROW3_64(0), ROW3_64(64), ROW3_64(128), ROW3_64(192)};
const uint8_t wenc__utf16_pack3_len[256] = {LEN3_64(0), LEN3_64(64), LEN3_64(128), LEN3_64(192)};
#endif

/* Eight 16-bit lanes of 1- or 2-byte sequences: lane J of index I holds
** 1 + (bit J) bytes, and starts at output byte Q(I, J). */
#define B(i, j) (((i) >> (j)) & 1)
#define Q1(i) (1 + B(i, 0))
#define Q2(i) (Q1(i) + 1 + B(i, 1))
#define Q3(i) (Q2(i) + 1 + B(i, 2))
#define Q4(i) (Q3(i) + 1 + B(i, 3))
#define Q5(i) (Q4(i) + 1 + B(i, 4))
#define Q6(i) (Q5(i) + 1 + B(i, 5))
#define Q7(i) (Q6(i) + 1 + B(i, 6))
#define Q8(i) (Q7(i) + 1 + B(i, 7))
#define SH2(i, k)                                                                         \
    (uint8_t)((k) < Q1(i)   ? (k)                                                         \
              : (k) < Q2(i) ? 2 + (k) - Q1(i)                                             \
              : (k) < Q3(i) ? 4 + (k) - Q2(i)                                             \
              : (k) < Q4(i) ? 6 + (k) - Q3(i)                                             \
              : (k) < Q5(i) ? 8 + (k) - Q4(i)                                             \
              : (k) < Q6(i) ? 10 + (k) - Q5(i)                                            \
              : (k) < Q7(i) ? 12 + (k) - Q6(i)                                            \
              : (k) < Q8(i) ? 14 + (k) - Q7(i)                                            \
                            : 0x80)
#define ROW2(i)                                                                           \
    {SH2(i, 0),  SH2(i, 1),  SH2(i, 2),  SH2(i, 3),  SH2(i, 4),  SH2(i, 5),                \
     SH2(i, 6),  SH2(i, 7),  SH2(i, 8),  SH2(i, 9),  SH2(i, 10), SH2(i, 11),               \
     SH2(i, 12), SH2(i, 13), SH2(i, 14), SH2(i, 15)}
#define ROW2_4(i) ROW2(i), ROW2((i) + 1), ROW2((i) + 2), ROW2((i) + 3)
#define ROW2_16(i) ROW2_4(i), ROW2_4((i) + 4), ROW2_4((i) + 8), ROW2_4((i) + 12)
#define ROW2_64(i) ROW2_16(i), ROW2_16((i) + 16), ROW2_16((i) + 32), ROW2_16((i) + 48)
#define LEN2_4(i) Q8(i), Q8((i) + 1), Q8((i) + 2), Q8((i) + 3)
#define LEN2_16(i) LEN2_4(i), LEN2_4((i) + 4), LEN2_4((i) + 8), LEN2_4((i) + 12)
#define LEN2_64(i) LEN2_16(i), LEN2_16((i) + 16), LEN2_16((i) + 32), LEN2_16((i) + 48)

const uint8_t wenc__utf16_pack2[256][16] = {ROW2_64(0), ROW2_64(64), ROW2_64(128), ROW2_64(192)};
const uint8_t wenc__utf16_pack2_len[256] = {LEN2_64(0), LEN2_64(64), LEN2_64(128), LEN2_64(192)};
