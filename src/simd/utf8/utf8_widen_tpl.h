/* utf8_widen_tpl.h -- the ASCII widening kernels (ascii_to_utf16,
** ascii_to_utf32 of utf8_kernels.h) with 16-byte vectors, written once over
** the vector vocabulary (src/simd/vec_x86.h, vec_neon.h; the pattern of
** utf8_check_tpl.h) for the SSE2, SSE4.1 and NEON kernels: 16 bytes at a
** time while they are ASCII, then a byte at a time; with TPL_ASCII_LEN the
** block that ends the run, or else the 16 bytes that end the input, is
** widened whole (DST has room for LEN units) and its ASCII prefix counted,
** as in utf8_copy_tpl.h.  The includer defines:
**   TPL_V, TPL_FN(op)  the vector type and its vocabulary (128 bits);
**   TPL_WIDEN(v, d, form)  writes the 16 bytes V as 16 units of FORM (16
**                      or 32) at D;
**   TPL_ASCII_LEN      (optional) as in utf8_copy_tpl.h.
** The functions' names are fixed (ascii_widen, ascii_to_utf16,
** ascii_to_utf32): one instance per file. */

WENC__INLINE size_t ascii_widen(const uint8_t *src, size_t len, void *dst, int form)
{
    size_t i = 0, unit = form == 16 ? 2 : 4;
    for (; len - i >= 16; i += 16) {
        TPL_V a = TPL_FN(loadu)(src + i);
#ifdef TPL_ASCII_LEN
        TPL_WIDEN(a, (char *)dst + i * unit, form);
        if (!TPL_FN(is_ascii)(a))
            return i + TPL_ASCII_LEN(a);
#else
        if (!TPL_FN(is_ascii)(a))
            break;
        TPL_WIDEN(a, (char *)dst + i * unit, form);
#endif
    }
#ifdef TPL_ASCII_LEN
    if (i < len && len >= 16) {
        TPL_V a = TPL_FN(loadu)(src + len - 16);
        TPL_WIDEN(a, (char *)dst + (len - 16) * unit, form);
        return len - 16 + TPL_ASCII_LEN(a);
    }
#endif
    for (; i < len && src[i] < 0x80; i++) {
        if (form == 16)
            ((uint16_t *)dst)[i] = src[i];
        else
            ((uint32_t *)dst)[i] = src[i];
    }
    return i;
}

static size_t ascii_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    return ascii_widen(src, len, dst, 16);
}

static size_t ascii_to_utf32(const uint8_t *src, size_t len, uint32_t *dst)
{
    return ascii_widen(src, len, dst, 32);
}

#undef TPL_V
#undef TPL_FN
#undef TPL_WIDEN
#undef TPL_ASCII_LEN
