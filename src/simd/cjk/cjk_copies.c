/* cjk_copies.c -- which copy of the double-byte encoders' bulk loops this
** process runs (cjk_copies.h), worked out once from the kernels' choice,
** so that the encoders' wrappers test one number per run. */
#include "cjk_copies.h"

_Atomic int wenc__cjk_encode_copy = -1;

/* The copy for the kernel set and pext answer in use. */
static int copy_for(void)
{
    int copy = WENC__CJK_PORTABLE;
#if defined(WENC__SIMD_X86)
    wenc__isa isa = wenc__simd_isa();
#if WENC__TABLES_SMALL
    /* The small profile's two copies (WENC__CJK_ENCODE_COPIES): POPCNT
    ** where the CPU has it, with any set but the scalar one (that profile
    ** has SSE2 alone: isa.h). */
    if (isa != WENC__ISA_SCALAR && wenc__simd_popcnt())
        copy = WENC__CJK_POPCNT;
#else
    /* Nothing counts bits in the default profile's loops: no POPCNT copy
    ** there. */
    if (wenc__simd_fast_pext())
        copy = WENC__CJK_BMI2;
    else if (isa != WENC__ISA_SCALAR)
        copy = WENC__CJK_SSE2;
#endif
#endif
    return copy;
}

/* The first answer only, as wenc__simd_pext_choose(): one that
** wenc__cjk_encode_copy_rechoose() stored meanwhile stands. */
WENC__COLD int wenc__cjk_encode_copy_choose(void)
{
    int unset = -1, copy = copy_for();
    if (!atomic_compare_exchange_strong_explicit(&wenc__cjk_encode_copy, &unset, copy,
                                                 memory_order_relaxed, memory_order_relaxed))
        copy = unset;
    return copy;
}

void wenc__cjk_encode_copy_rechoose(void)
{
    atomic_store_explicit(&wenc__cjk_encode_copy, copy_for(), memory_order_relaxed);
}
