/* kernel_for.h -- simdutf's kernel for wenc's kernel set WENC_SIMD (issue
** 43), for both benchmark programs (bench.c, latin1_bench.c): the one of
** the same instruction set, so that a ratio compares the code, not the
** instructions.  simdutf has no SSE2 kernel: sse2 gets westmere (SSE4.2),
** which the headers say.  NULL: no such set, or unset (wenc then runs the
** CPU's best set, and simdutf chooses its own best). */
#ifndef WENC_BENCH_SIMDUTF_KERNEL_FOR_H
#define WENC_BENCH_SIMDUTF_KERNEL_FOR_H

#include <string.h>

static const char *simdutf_kernel_for(const char *set)
{
    static const char *const map[][2] = {{"avx512", "icelake"},  {"avx2", "haswell"},
                                         {"sse41", "westmere"},  {"sse2", "westmere"},
                                         {"scalar", "fallback"}, {"neon", "arm64"}};
    for (size_t i = 0; set != NULL && i < sizeof map / sizeof map[0]; i++)
        if (strcmp(set, map[i][0]) == 0)
            return map[i][1];
    return NULL;
}

#endif
