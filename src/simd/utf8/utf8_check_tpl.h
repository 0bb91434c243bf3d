/* utf8_check_tpl.h -- the block check of utf8_lookup.h, written once over
** the vector vocabulary (src/simd/vec_x86.h, vec_neon.h) and included once
** per vector width, with no include guard (the pattern of zlib-ng's
** *_tpl.h).  The includer defines:
**   TPL_V             the vector type;
**   TPL_FN(op)        the vocabulary of that width (v128_##op, ...);
**   TPL_NAME_WITH     the name of the check given the bytes one, two and
**                     three before each byte (NAME_WITH(in, p1, p2, p3));
**   TPL_NAME_AT       the check that reads them again, unaligned, before
**                     the address of IN (NAME_AT(in, p));
**   TPL_NAME_PREV     (if the width has TPL_FN(before)) the check given
**                     the vector before IN (NAME_PREV(in, prev)).
** Each returns the errors of the bytes IN: zero if every byte agrees with
** the three before it.  The parameters are #undef'd at the end; the
** TPL_NAME_ macros are how tools/amalgamate knows the instances' names. */

WENC__INLINE TPL_V TPL_NAME_WITH(TPL_V in, TPL_V p1, TPL_V p2, TPL_V p3)
{
    const TPL_V prev_high = TPL_FN(table)(wenc__u8v_prev_high);
    const TPL_V prev_low = TPL_FN(table)(wenc__u8v_prev_low);
    const TPL_V byte_high = TPL_FN(table)(wenc__u8v_byte_high);
    TPL_V e = TPL_FN(and)(TPL_FN(and)(TPL_FN(lookup)(prev_high, TPL_FN(high_nibble)(p1)),
                                      TPL_FN(lookup)(prev_low, TPL_FN(low_nibble)(p1))),
                          TPL_FN(lookup)(byte_high, TPL_FN(high_nibble)(in)));
    TPL_V must = TPL_FN(or)(TPL_FN(subs_u8)(p2, TPL_FN(set1_u8)(WENC__U8V_THIRD)),
                            TPL_FN(subs_u8)(p3, TPL_FN(set1_u8)(WENC__U8V_FOURTH)));
    return TPL_FN(xor)(e, TPL_FN(and)(must, TPL_FN(set1_u8)(0x80)));
}

WENC__INLINE TPL_V TPL_NAME_AT(TPL_V in, const uint8_t *p)
{
    return TPL_NAME_WITH(in, TPL_FN(loadu)(p - 1), TPL_FN(loadu)(p - 2), TPL_FN(loadu)(p - 3));
}

#ifdef TPL_NAME_PREV
WENC__INLINE TPL_V TPL_NAME_PREV(TPL_V in, TPL_V prev)
{
    return TPL_NAME_WITH(in, TPL_FN(before)(in, prev, 1), TPL_FN(before)(in, prev, 2),
                         TPL_FN(before)(in, prev, 3));
}
#endif

#undef TPL_V
#undef TPL_FN
#undef TPL_NAME_WITH
#undef TPL_NAME_AT
#undef TPL_NAME_PREV
