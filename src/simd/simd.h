/* simd.h -- the instruction sets wenc has kernels for, and the one place
** that chooses among them: once per process, from the CPU (cpuid on x86-64;
** Advanced SIMD is part of every aarch64 CPU), unless the environment
** variable WENC_SIMD names a lower one the CPU supports (for tests and
** benchmarks; an unknown or unsupported name is ignored), or
** wenc_simd_select() (include/wenc/simd.h, select.c) chooses another.
**
** Each kernel family (UTF-8 input: utf8_kernels.h; UTF-16: utf16_kernels.h;
** the legacy single-byte encodings: sb_kernels.h; ISO-2022-JP's ASCII
** state: iso2022jp_kernels.h) keeps a table of its kernels per
** instruction set, so that the hot paths make one indirect call per run of
** input, never per byte.  The double-byte handlers' loops, generic over
** their lookups, are built once per copy instead, and
** cjk/cjk_copies.h's wenc__cjk_copy says which copy runs.  The scalar kernels are always built; -Dsimd=none
** builds nothing else.  Every kernel does what the handlers' step
** functions would do on the input it accepts, and stops at anything else
** (docs/engine.md, "Kernels"). */
#ifndef WENC_SIMD_H
#define WENC_SIMD_H

#include <stdatomic.h>
#include <stdbool.h>

#include "engine/internal.h"

/* In order of preference on their architecture. */
typedef enum wenc__isa {
    WENC__ISA_SCALAR,
    WENC__ISA_SSE2,   /* x86-64 baseline */
    WENC__ISA_SSE41,  /* SSSE3 and SSE4.1 */
    WENC__ISA_AVX2,   /* AVX2, BMI1, BMI2, POPCNT */
    WENC__ISA_AVX512, /* AVX-512 F, BW, VL (with the AVX2 set) */
    WENC__ISA_NEON,   /* aarch64 Advanced SIMD */
    WENC__ISA_COUNT
} wenc__isa;

/* -1 until chosen; then the wenc__isa in use. */
extern _Atomic int wenc__simd_chosen;

/* dispatch.c: chooses (once; a race only repeats the same choice, and
** never undoes wenc__simd_set()'s). */
WENC__COLD wenc__isa wenc__simd_choose(void);

/* The instruction set this process uses. */
WENC__INLINE wenc__isa wenc__simd_isa(void)
{
#if defined(WENC__SIMD_X86) || defined(WENC__SIMD_NEON)
    int isa = atomic_load_explicit(&wenc__simd_chosen, memory_order_relaxed);
    return isa >= 0 ? (wenc__isa)isa : wenc__simd_choose();
#else
    /* The one set of a build without kernels (-Dsimd=none): each family's
    ** table has one row that runs, called directly, and no choice is
    ** made (issue 42: clang -Os inlined the choice at every call, 15 KiB
    ** of the smallest build). */
    return WENC__ISA_SCALAR;
#endif
}

/* -1 until worked out; then 1 if the CPU has AVX-512 VBMI2 and VBMI and
** WENC_SIMD_VBMI2 is not "0", else 0. */
extern _Atomic int wenc__simd_has_vbmi2;

/* dispatch.c: works it out (once; a race only repeats the same answer). */
WENC__COLD bool wenc__simd_vbmi2_choose(void);

/* Whether the AVX-512 kernels may use VBMI2 and VBMI.  Inline, as
** wenc__simd_isa: the kernels ask once per call, and a call cost a short
** one-byte string to UTF-8 1 ns of its 9 (wenc-bench-latin1, short 16). */
WENC__INLINE bool wenc__simd_vbmi2(void)
{
    int h = atomic_load_explicit(&wenc__simd_has_vbmi2, memory_order_relaxed);
    return h >= 0 ? h != 0 : wenc__simd_vbmi2_choose();
}

#if defined(WENC__SIMD_X86)
/* Whether the CPU has popcnt (dispatch.c; cpuid on each call). */
bool wenc__simd_popcnt(void);
#endif

/* -1 until worked out; then 1 if pext is fast, else 0. */
extern _Atomic int wenc__simd_pext;

/* dispatch.c: works it out (once; a race only repeats the same answer). */
WENC__COLD bool wenc__simd_pext_choose(void);

/* Whether to use BMI2's pext: the instruction set in use is AVX2 or
** AVX-512 (which have BMI2), pext is fast on this CPU (AMD's CPUs before
** Zen 3, family 0x19, and Hygon's run it in microcode, tens to hundreds of
** cycles per instruction), and WENC_SIMD_PEXT is not "0".  Inline, as
** wenc__simd_isa: the double-byte encoders ask once per run, and a call
** cost their HTML rows 4-8 %. */
WENC__INLINE bool wenc__simd_fast_pext(void)
{
    int fast = atomic_load_explicit(&wenc__simd_pext, memory_order_relaxed);
    return fast >= 0 ? fast != 0 : wenc__simd_pext_choose();
}

/* dispatch.c: runs ISA, supported, from now on (wenc_simd_select(),
** select.c), with the pext answer that goes with it. */
void wenc__simd_set(wenc__isa isa);

/* Whether this build has kernels for ISA and the CPU runs them: the tests
** call every such ISA's kernels directly. */
bool wenc__simd_supported(wenc__isa isa);

/* "scalar", "sse2", "sse41", "avx2", "avx512", "neon"; NULL out of range. */
const char *wenc__simd_name(wenc__isa isa);

/* The ISA called NAME (as above), or WENC__ISA_COUNT. */
wenc__isa wenc__simd_from_name(const char *name);

#endif /* WENC_SIMD_H */
