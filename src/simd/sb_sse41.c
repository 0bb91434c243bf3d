/* sb_sse41.c -- the single-byte decode kernel for SSSE3/SSE4.1 (sb_x86.h). */
#include "sb_x86.h"

const wenc__sb_kernels wenc__sb_sse41 = {
    .to_utf16 = to_utf16,
};
