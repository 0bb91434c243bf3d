/* isa.h -- which kernel families this target builds (src/simd): the x86
** ones on x86-64 with GCC or Clang (their files need the compilers' target
** regions, target.h), the NEON ones on aarch64.  WENC_NO_SIMD, which
** Meson's -Dsimd=none defines, leaves the scalar kernels and the portable
** paths only: it is the one build-time switch, here and in the
** amalgamation.  (WENC_SIMD in the environment chooses at run time among
** the sets built; dispatch.c.)  A file that tests WENC__SIMD_* includes
** this header first, directly or through engine/internal.h. */
#ifndef WENC_SIMD_ISA_H
#define WENC_SIMD_ISA_H

#if !defined(WENC_NO_SIMD) && (defined(__GNUC__) || defined(__clang__)) &&                         \
    (defined(__x86_64__) || defined(_M_X64))
#define WENC__SIMD_X86 1
#elif !defined(WENC_NO_SIMD) && defined(__aarch64__)
#define WENC__SIMD_NEON 1
#endif

#endif /* WENC_SIMD_ISA_H */
