/* utf8_tables.c -- the shuffle table the x86 UTF-8 decoders (utf8_x86.h)
** gather the 16-bit lanes that start a sequence with, computed by the
** compiler from the rule below rather than typed. */
#include "utf8_lookup.h"

/* Bit P of I, and how many of the bits below P are set. */
#define B(i, p) (((i) >> (p)) & 1)
#define C1(i) B(i, 0)
#define C2(i) (C1(i) + B(i, 1))
#define C3(i) (C2(i) + B(i, 2))
#define C4(i) (C3(i) + B(i, 3))
#define C5(i) (C4(i) + B(i, 4))
#define C6(i) (C5(i) + B(i, 5))
#define C7(i) (C6(i) + B(i, 6))
#define C8(i) (C7(i) + B(i, 7))
/* The lane of the K-th set bit of I (0 when I has K bits or fewer). */
#define SEL(i, k)                                                                         \
    ((B(i, 1) && C1(i) == (k)) * 1 + (B(i, 2) && C2(i) == (k)) * 2 +                      \
     (B(i, 3) && C3(i) == (k)) * 3 + (B(i, 4) && C4(i) == (k)) * 4 +                      \
     (B(i, 5) && C5(i) == (k)) * 5 + (B(i, 6) && C6(i) == (k)) * 6 +                      \
     (B(i, 7) && C7(i) == (k)) * 7)
/* Output lane K: the two bytes of that lane, or zeros past the last. */
#define LO(i, k) (uint8_t)((k) < C8(i) ? 2 * SEL(i, k) : 0x80)
#define HI(i, k) (uint8_t)((k) < C8(i) ? 2 * SEL(i, k) + 1 : 0x80)
#define LANE(i, k) LO(i, k), HI(i, k)
#define ROW(i)                                                                            \
    {LANE(i, 0), LANE(i, 1), LANE(i, 2), LANE(i, 3),                                      \
     LANE(i, 4), LANE(i, 5), LANE(i, 6), LANE(i, 7)}
#define ROW4(i) ROW(i), ROW((i) + 1), ROW((i) + 2), ROW((i) + 3)
#define ROW16(i) ROW4(i), ROW4((i) + 4), ROW4((i) + 8), ROW4((i) + 12)
#define ROW64(i) ROW16(i), ROW16((i) + 16), ROW16((i) + 32), ROW16((i) + 48)
#define LEN4(i) C8(i), C8((i) + 1), C8((i) + 2), C8((i) + 3)
#define LEN16(i) LEN4(i), LEN4((i) + 4), LEN4((i) + 8), LEN4((i) + 12)
#define LEN64(i) LEN16(i), LEN16((i) + 16), LEN16((i) + 32), LEN16((i) + 48)

_Alignas(16) const uint8_t wenc__u8v_pack8x16[256][16] = {
    ROW64(0), ROW64(64), ROW64(128), ROW64(192)};
const uint8_t wenc__u8v_pop8[256] = {LEN64(0), LEN64(64), LEN64(128), LEN64(192)};
