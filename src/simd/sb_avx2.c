/* sb_avx2.c -- the single-byte decode kernel for AVX2 (sb_x86.h). */
#include "sb_x86.h"

const wenc__sb_kernels wenc__sb_avx2 = {
    .to_utf16 = to_utf16,
};
