/* utf8_copy_tpl.h -- the ASCII copy kernel (ascii_to_utf8 of
** utf8_kernels.h), written once over the vector vocabulary
** (src/simd/vec_x86.h, vec_neon.h; the pattern of utf8_check_tpl.h):
** four vectors at a time while they are ASCII, then 16 bytes at a time,
** then a byte at a time.  With TPL_ASCII_LEN the block that ends the run,
** or else the 16 bytes that end the input, is copied whole (DST has room
** for LEN bytes) and its ASCII prefix counted, so that only inputs under
** 16 bytes take the byte loop (issue 29: in a short input it cost more
** than the vectors saved).  The includer defines:
**   TPL_V, TPL_FN(op)  (if the set has the four-vector loop) the vector
**                      type and vocabulary of that loop;
**   TPL_V16            the 128-bit vector type (v128_);
**   TPL_ASCII_LEN      (optional) the ASCII bytes before the first that
**                      is not, in a 16-byte vector (v128_ascii_len);
**   TPL_NAME_COPY      the instance's name, a static function; or
**   TPL_EXTERN_COPY    the name of an extern instance (which another
**                      set's table shares; not TPL_NAME_, which
**                      tools/amalgamate renames per file). */

#ifdef TPL_EXTERN_COPY
size_t TPL_EXTERN_COPY(const uint8_t *src, size_t len, uint8_t *dst)
#else
static size_t TPL_NAME_COPY(const uint8_t *src, size_t len, uint8_t *dst)
#endif
{
    size_t i = 0;
#ifdef TPL_V
    for (; len - i >= 4 * sizeof(TPL_V); i += 4 * sizeof(TPL_V)) {
        TPL_V a = TPL_FN(loadu)(src + i), b = TPL_FN(loadu)(src + i + sizeof(TPL_V));
        TPL_V c = TPL_FN(loadu)(src + i + 2 * sizeof(TPL_V));
        TPL_V d = TPL_FN(loadu)(src + i + 3 * sizeof(TPL_V));
        if (!TPL_FN(is_ascii)(TPL_FN(or)(TPL_FN(or)(a, b), TPL_FN(or)(c, d))))
            break;
        TPL_FN(storeu)(dst + i, a);
        TPL_FN(storeu)(dst + i + sizeof(TPL_V), b);
        TPL_FN(storeu)(dst + i + 2 * sizeof(TPL_V), c);
        TPL_FN(storeu)(dst + i + 3 * sizeof(TPL_V), d);
    }
#endif
    for (; len - i >= 16; i += 16) {
        TPL_V16 a = v128_loadu(src + i);
#ifdef TPL_ASCII_LEN
        v128_storeu(dst + i, a);
        if (!v128_is_ascii(a))
            return i + TPL_ASCII_LEN(a);
#else
        if (!v128_is_ascii(a))
            break;
        v128_storeu(dst + i, a);
#endif
    }
#ifdef TPL_ASCII_LEN
    /* Fewer than 16 bytes left, after 16 or more checked: the 16 that end
    ** the input (the first of them ASCII already). */
    if (i < len && len >= 16) {
        TPL_V16 a = v128_loadu(src + len - 16);
        v128_storeu(dst + len - 16, a);
        return len - 16 + TPL_ASCII_LEN(a);
    }
#endif
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

#undef TPL_V
#undef TPL_FN
#undef TPL_V16
#undef TPL_ASCII_LEN
#undef TPL_NAME_COPY
#undef TPL_EXTERN_COPY
