/* utf16_tables.c -- the shuffle table the vector UTF-16 -> UTF-8 kernels
** pack their 1- to 3-byte sequences with (utf16_impl.h), computed by the
** compiler from the rule below rather than typed. */
#include "utf16_impl.h"

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
