/* target.h -- how a kernel file compiles for its instruction set with no
** flag on the command line: its code sits between WENC__TARGET_BEGIN(SET)
** and WENC__TARGET_END, which give every function defined between them
** the target SET (a compiler-specific block: GCC's `#pragma GCC target`
** region, Clang's `#pragma clang attribute` region; both are how
** single-header SIMD libraries carry their instruction sets).  So
** tools/amalgamate's wenc.c, or any build that compiles the files with no
** per-file flag, gets every kernel set; the CPU decides at run time which
** kernels run (dispatch.c).
**
** The Meson build (and OSS-Fuzz's build.sh) still gives each set's files
** that set's flags too, which keeps their code what it was: with the
** regions alone GCC's is the same, but Clang 14 passes 256-bit vector
** arguments of the functions it does not inline by the command line's ABI,
** not the function's, and three kernels' register allocation changed
** (tools/fingerprint.py; issue 26).
**
** Rules for a kernel file (the amalgamation puts every file in one
** translation unit, where a header is expanded where it is first
** included):
** - system headers (<immintrin.h>) come before the region: Clang would
**   give the intrinsics declared in the region the region's target too;
** - a header whose code depends on the set tests the file's WENC__KERNEL_*
**   macros, not the compiler's __AVX2__ (which Clang's region does not
**   define), and tools/amalgamate expands it once per file that includes
**   it (utf8_x86.h). */
#ifndef WENC_TARGET_H
#define WENC_TARGET_H

/* The sets (simd.h's wenc__isa), as the compilers' target strings. */
#define WENC__TARGET_SSE41 "ssse3,sse4.1"
#define WENC__TARGET_AVX2 "avx2,bmi,bmi2,popcnt"
#define WENC__TARGET_AVX512 "avx2,bmi,bmi2,popcnt,avx512f,avx512bw,avx512vl"

#define WENC__PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define WENC__TARGET_BEGIN(set)                                                                    \
    WENC__PRAGMA(clang attribute push(__attribute__((target(set))), apply_to = function))
#define WENC__TARGET_END WENC__PRAGMA(clang attribute pop)
#elif defined(__GNUC__)
#define WENC__TARGET_BEGIN(set) WENC__PRAGMA(GCC push_options) WENC__PRAGMA(GCC target(set))
#define WENC__TARGET_END WENC__PRAGMA(GCC pop_options)
#else
#error "src/simd/target.h: the x86 kernels need GCC's or Clang's target regions"
#endif

#endif /* WENC_TARGET_H */
