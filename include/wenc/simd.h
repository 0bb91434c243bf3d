/* wenc/simd.h -- which set of kernels (the vector code behind the fast
** paths) this process runs, and choosing one (included by wenc/wenc.h).
**
** The library picks the best set the CPU has the first time it needs one:
** on x86-64 "avx512" (AVX-512 F, BW and VL with the AVX2 set), "avx2"
** (AVX2, BMI1, BMI2, POPCNT), "sse41" (SSSE3 and SSE4.1) or "sse2" (the
** baseline; the small table profile, -Dtables=small or WENC_TABLES_SMALL,
** builds this one alone); on aarch64 "neon"; elsewhere, in builds with -Dsimd=none (or
** WENC_NO_SIMD in the amalgamation) and with compilers the kernels need
** but lack, "scalar" (plain C).  The environment variable WENC_SIMD, read
** at that first choice, names another set the CPU has; an unknown or
** unsupported value is ignored without a word (the library never prints:
** the command-line tool reports it).
**
** Every set gives exactly the same output, errors and offsets: choosing
** one changes only speed.  Use these calls to report the set in a log or
** a benchmark, or to run a lower set (to compare, or to avoid wide vector
** units on a CPU whose clock drops with them).
*/
#ifndef WENC_SIMD_PUBLIC_H
#define WENC_SIMD_PUBLIC_H

/* The set in use: "scalar", "sse2", "sse41", "avx2", "avx512" or "neon"
** (a static string: never free).  Makes the first choice if none was made
** yet.  Never NULL.  Any thread, any time. */
WENC_API const char *wenc_simd_active(void);

/* Runs the set called NAME (one of the names above, lowercase, as a C
** string) from now on, in the whole process: WENC_OK, or
** WENC_INVALID_ARGUMENT, with the set in use unchanged, for NULL, a name
** that is none of the six, or a set this build has no kernels for or this
** CPU cannot run (wenc_simd_active() then still names the one in use).
** NAME may name the set already in use (nothing changes), a lower one or,
** after an earlier call chose a lower one, a higher one the CPU has.  It
** overrides WENC_SIMD.
**
** Threads: the choice is one atomic store, so a call is safe at any time
** from any thread, and decoders and encoders may switch sets in the
** middle of a stream (their state holds nothing of the set).  A call
** already running on another thread may finish on the previous set, and
** until the calls of other threads have returned they may use a mix of
** the two; both run on this CPU and give the same output, so this changes
** nothing but speed.  Make the call once, at start-up, before other
** threads use the library, to have the chosen set everywhere at once. */
WENC_API wenc_status wenc_simd_select(const char *name);

#endif /* WENC_SIMD_PUBLIC_H */
