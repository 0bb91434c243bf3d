/* sb_neon.c -- the single-byte decode kernels for aarch64 Advanced SIMD
** (sb_kernels.h): blocks of 16 ASCII bytes copied or widened in a vector,
** every other block through the index a byte at a time (sb_decode_tpl.h).
** Encoding has no NEON kernel: the handler's loops do it. */
#include <arm_neon.h>

#include "sb_kernels.h"

/* Only with the single-byte family: the kernels read its tables
** (indexes/single_byte.c), which -Dencodings may leave out. */
#if WENC__HAVE_FAMILY_SINGLE_BYTE

/* Whether the 16 bytes at S are all ASCII; if so copies them to O (UTF-8,
** WIDE false) or widens them to 16 units at O (UTF-16, WIDE true). */
WENC__INLINE bool ascii16(const uint8_t *s, void *o, const bool wide)
{
    uint8x16_t v = vld1q_u8(s);
    if (vmaxvq_u8(v) >= 0x80)
        return false;
    if (wide) {
        vst1q_u16((uint16_t *)o, vmovl_u8(vget_low_u8(v)));
        vst1q_u16((uint16_t *)o + 8, vmovl_u8(vget_high_u8(v)));
    } else {
        vst1q_u8((uint8_t *)o, v);
    }
    return true;
}

/* Whether INDEX maps every byte (none of its 128 is 0xFFFF). */
WENC__INLINE bool total16(const uint16_t *index)
{
    uint16x8_t none = vdupq_n_u16(0);
    for (int k = 0; k < 16; k++)
        none = vorrq_u16(none, vceqq_u16(vld1q_u16(index + 8 * k), vdupq_n_u16(0xFFFF)));
    return vmaxvq_u16(none) == 0;
}

#define TPL_ASCII16 ascii16
#define TPL_TOTAL total16
#define TPL_NAME_UTF16 utf16_blocks
#define TPL_NAME_UTF8 utf8_blocks
#define TPL_NAME_TO_UTF16 to_utf16
#define TPL_NAME_TO_UTF8 to_utf8
#include "sb_decode_tpl.h"

const wenc__sb_kernels wenc__sb_neon = {
    .to_utf16 = to_utf16,
    .to_utf8 = to_utf8,
};

#endif /* WENC__HAVE_FAMILY_SINGLE_BYTE */
