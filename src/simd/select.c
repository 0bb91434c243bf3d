/* select.c -- the kernel set as a public call (include/wenc/simd.h):
** which set runs, and choosing another that this build has and the CPU
** runs.  dispatch.c makes the choice; this file only names it. */
#include "cjk/cjk_copies.h"
#include "simd.h"

const char *wenc_simd_active(void)
{
    return wenc__simd_name(wenc__simd_isa());
}

wenc_status wenc_simd_select(const char *name)
{
    /* The first choice first: it initialises the CPU's feature bits that
    ** wenc__simd_supported() reads, and a later first choice would not
    ** undo this one anyway (dispatch.c). */
    (void)wenc__simd_isa();
    wenc__isa isa = wenc__simd_from_name(name);
    if (isa == WENC__ISA_COUNT || !wenc__simd_supported(isa))
        return WENC_INVALID_ARGUMENT;
    /* The set, then what depends on it: pext (in wenc__simd_set) and the
    ** double-byte encoders' copy. */
    wenc__simd_set(isa);
    wenc__cjk_encode_copy_rechoose();
    return WENC_OK;
}
