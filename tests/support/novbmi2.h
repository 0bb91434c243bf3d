/* novbmi2.h -- for the tests registered a second time with
** WENC_SIMD_VBMI2=0 (tests/unit/meson.build: kernels-utf8-novbmi2,
** kernels-utf16-novbmi2, latin1-novbmi2).  That variable only moves the
** AVX-512 kernels off their VBMI2 paths, so where the AVX-512 set does not
** run (a CPU without it, valgrind's CPU, qemu, another architecture) the
** second run would repeat the first one exactly: it skips, saying so.
** Needs the library's internal headers (wenc_internal_dep). */
#ifndef WENC_TEST_NOVBMI2_H
#define WENC_TEST_NOVBMI2_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simd/simd.h"

/* Call first thing in main() of a TAP test. */
static inline void novbmi2_skip_if_same(void)
{
    const char *v = getenv("WENC_SIMD_VBMI2");
    if (v == NULL || strcmp(v, "0") != 0 || wenc__simd_supported(WENC__ISA_AVX512))
        return;
    printf("1..0 # SKIP WENC_SIMD_VBMI2=0 changes no path where the AVX-512 set does not "
           "run (not here): the run without it is the same\n");
    exit(0);
}

#endif
