/* utf16_length_tpl.h -- the utf8_length kernel (utf16_kernels.h) written
** once over the x86 vector vocabulary (src/simd/vec_x86.h; the pattern of
** src/simd/utf8/utf8_check_tpl.h) for SSE2 and AVX2: per vector of units
** without surrogates, 3 bytes a unit, less one per unit below U+0800 and
** one more per unit below U+0080, counted in the 16-bit lanes; a vector
** with a surrogate goes to the scalar count.  The includer defines:
**   TPL_V, TPL_FN(op)   the vector type and its vocabulary;
**   TPL_SUM16           the sum of a vector's 16-bit lanes, as a size_t;
**   TPL_EXTERN_LENGTH   the instance's name (extern: other sets' tables
**                       share it; not TPL_NAME_, which tools/amalgamate
**                       renames per file). */

size_t TPL_EXTERN_LENGTH(const uint16_t *src, size_t len)
{
    enum { UNITS = sizeof(TPL_V) / 2 };
    const TPL_V f800 = TPL_FN(set1_u16)(0xF800), d800 = TPL_FN(set1_u16)(0xD800);
    const TPL_V ff80 = TPL_FN(set1_u16)(0xFF80), zero = TPL_FN(zero)();
    size_t pos = 0, total = 0;
    while (pos < len) {
        /* Blocks of at most 512 vectors: the lane counters (2 per vector)
        ** stay below 16 bits, and the total saturates. */
        size_t end = len - pos > 512 * UNITS ? pos + 512 * UNITS : len, n = 0;
        TPL_V small = zero; /* per lane: units below U+0080, plus below U+0800 */
        while (end - pos >= UNITS) {
            TPL_V v = TPL_FN(loadu)(src + pos);
            TPL_V top = TPL_FN(and)(v, f800);
            TPL_V sur = TPL_FN(eq_u16)(top, d800);
            if (TPL_FN(any_lane)(sur)) {
                /* Surrogates: this block in scalar (a pair may take one
                ** unit past it, even past END: the loop tests for that). */
                n += wenc__u16_utf8_length_scalar(src, &pos, pos + UNITS, len);
                if (pos > end)
                    break;
                continue;
            }
            small = TPL_FN(sub_u16)(small, TPL_FN(eq_u16)(top, zero));
            small = TPL_FN(sub_u16)(small, TPL_FN(eq_u16)(TPL_FN(and)(v, ff80), zero));
            n += 3 * UNITS;
            pos += UNITS;
        }
        n -= TPL_SUM16(small);
        if (pos < end)
            n += wenc__u16_utf8_length_scalar(src, &pos, end, len);
        total = wenc__add_sat(total, n);
    }
    return total;
}

#undef TPL_V
#undef TPL_FN
#undef TPL_SUM16
#undef TPL_EXTERN_LENGTH
