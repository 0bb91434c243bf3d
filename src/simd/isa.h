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

/* The x86-64 sets past the baseline (SSE4.1, AVX2, AVX-512): every build
** with the x86 kernels but the small table profile (-Dtables=small, or
** WENC_TABLES_SMALL in the amalgamation), which keeps one vector set per
** architecture, the one every CPU of it runs (SSE2; NEON on aarch64), as
** encoding_rs does: the newer sets' kernels are about 90 KiB of code,
** which kept the profile above its 400 KiB (issue 42; docs/engine.md,
** "Table profiles").  Their rows in the kernel tables (src/simd/kernels.c)
** then run SSE2's, and the dispatch never chooses them. */
#if defined(WENC__SIMD_X86) && !defined(WENC_TABLES_SMALL) &&                                      \
    !(defined(WENC__TABLES_SMALL) && WENC__TABLES_SMALL)
#define WENC__SIMD_X86_WIDE 1
#endif

#endif /* WENC_SIMD_ISA_H */
