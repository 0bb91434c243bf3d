/* kernels.c -- which kernels each instruction set runs, every family's
** table in one place and one style (simd.h; issue 30).  The dispatch
** (dispatch.c) chooses the set once per process; a family's
** wenc__<family>_kernels_get() indexes its table with it.
**
** A set with no kernels of its own for a family runs the nearest lower
** set's, and so does a set this build lacks on its architecture (the
** small table profile's SSE4.1, AVX2 and AVX-512 run SSE2's: isa.h); a
** set of another architecture runs the scalar ones:
** wenc__simd_supported() never lets the dispatch choose such a set, but
** the tests index every row.  NULL (the single-byte and ISO-2022-JP
** families) means the handler's own portable loop, which is those
** families' scalar path.  The CJK bulk loops are generic over their
** handlers' item functions, so they are copies rather than kernels: which
** copy a set runs is said in src/simd/cjk/cjk_copies.h. */
#include "iso2022jp/iso2022jp_kernels.h"
#include "latin1/latin1_kernels.h"
#include "sb/sb_kernels.h"
#include "search/search_kernels.h"
#include "utf16/utf16_kernels.h"
#include "utf8/utf8_kernels.h"

/* KERNEL where this build has the architecture's kernels, else OTHER; the
** name of a kernel another architecture has is never compiled. */
#if defined(WENC__SIMD_X86)
#define ON_X86(kernel, other) (kernel)
#else
#define ON_X86(kernel, other) (other)
#endif
/* KERNEL where this build has the x86-64 sets past SSE2, else SSE2's
** (the small table profile: isa.h), the nearest lower set it has. */
#if defined(WENC__SIMD_X86_WIDE)
#define ON_WIDE(kernel, sse2) (kernel)
#else
#define ON_WIDE(kernel, sse2) (sse2)
#endif
#if defined(WENC__SIMD_NEON)
#define ON_NEON(kernel, other) (kernel)
#else
#define ON_NEON(kernel, other) (other)
#endif

const wenc__utf8_kernels *const wenc__utf8_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf8_scalar,
    [WENC__ISA_SSE2] = ON_X86(&wenc__utf8_sse2, &wenc__utf8_scalar),
    [WENC__ISA_SSE41] = ON_X86(ON_WIDE(&wenc__utf8_sse41, &wenc__utf8_sse2), &wenc__utf8_scalar),
    [WENC__ISA_AVX2] = ON_X86(ON_WIDE(&wenc__utf8_avx2, &wenc__utf8_sse2), &wenc__utf8_scalar),
    [WENC__ISA_AVX512] = ON_X86(ON_WIDE(&wenc__utf8_avx512, &wenc__utf8_sse2), &wenc__utf8_scalar),
    [WENC__ISA_NEON] = ON_NEON(&wenc__utf8_neon, &wenc__utf8_scalar),
};

/* AVX-512's UTF-16 -> UTF-8 kernels need VBMI2 as well, and call AVX2's
** without it (utf16_avx512.c). */
const wenc__utf16_kernels *const wenc__utf16_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__utf16_scalar,
    [WENC__ISA_SSE2] = ON_X86(&wenc__utf16_sse2, &wenc__utf16_scalar),
    [WENC__ISA_SSE41] = ON_X86(ON_WIDE(&wenc__utf16_sse41, &wenc__utf16_sse2), &wenc__utf16_scalar),
    [WENC__ISA_AVX2] = ON_X86(ON_WIDE(&wenc__utf16_avx2, &wenc__utf16_sse2), &wenc__utf16_scalar),
    [WENC__ISA_AVX512] =
        ON_X86(ON_WIDE(&wenc__utf16_avx512, &wenc__utf16_sse2), &wenc__utf16_scalar),
    [WENC__ISA_NEON] = ON_NEON(&wenc__utf16_neon, &wenc__utf16_scalar),
};

/* SSE4.1 runs SSE2's (its 128-bit lookup lost to SSE2's runs, sb_avx2.c).
** A build without the single-byte family (-Dencodings) has no kernels:
** they read its tables (sb/sb_*.c compile to nothing then). */
#define SB(kernel) WENC__IF_BUILT(SINGLE_BYTE, kernel)
const wenc__sb_kernels *const wenc__sb_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = NULL,
    [WENC__ISA_SSE2] = SB(ON_X86(&wenc__sb_sse2, NULL)),
    [WENC__ISA_SSE41] = SB(ON_X86(&wenc__sb_sse2, NULL)),
    [WENC__ISA_AVX2] = SB(ON_X86(ON_WIDE(&wenc__sb_avx2, &wenc__sb_sse2), NULL)),
    [WENC__ISA_AVX512] = SB(ON_X86(ON_WIDE(&wenc__sb_avx512, &wenc__sb_sse2), NULL)),
    [WENC__ISA_NEON] = SB(ON_NEON(&wenc__sb_neon, NULL)),
};
#undef SB

/* From tools/short-counts.py: text with upper-half bytes (French in
** windows-1252, Russian in windows-1251) runs the portable loop for less
** up to 63 bytes in SSE2 and AVX2, to UTF-16 (its table of all 256 units
** costs a load and a store a byte: SSE2's vector step and AVX2's paths
** ran up to 14 % more instructions at 31-56 bytes) and to UTF-8; AVX-512's
** masks take any length to UTF-16, and it shares AVX2's path to UTF-8
** (valgrind, which runs AVX2 in its place, cannot count it). */
const size_t wenc__sb_decode_from[WENC__ISA_COUNT][2] = {
    [WENC__ISA_SCALAR] = {SIZE_MAX, SIZE_MAX},
    [WENC__ISA_SSE2] = {ON_X86(64, SIZE_MAX), ON_X86(64, SIZE_MAX)},
    [WENC__ISA_SSE41] = {ON_X86(64, SIZE_MAX), ON_X86(64, SIZE_MAX)},
    [WENC__ISA_AVX2] = {ON_X86(64, SIZE_MAX), ON_X86(64, SIZE_MAX)},
    [WENC__ISA_AVX512] = {ON_X86(ON_WIDE(0, 64), SIZE_MAX), ON_X86(64, SIZE_MAX)},
    [WENC__ISA_NEON] = {ON_NEON(0, SIZE_MAX), ON_NEON(0, SIZE_MAX)},
};

/* SSE4.1 adds nothing the copy needs: it runs SSE2's. */
const wenc__iso2022jp_kernels *const wenc__iso2022jp_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = NULL,
    [WENC__ISA_SSE2] = ON_X86(&wenc__iso2022jp_sse2, NULL),
    [WENC__ISA_SSE41] = ON_X86(&wenc__iso2022jp_sse2, NULL),
    [WENC__ISA_AVX2] = ON_X86(ON_WIDE(&wenc__iso2022jp_avx2, &wenc__iso2022jp_sse2), NULL),
    [WENC__ISA_AVX512] = ON_X86(ON_WIDE(&wenc__iso2022jp_avx512, &wenc__iso2022jp_sse2), NULL),
    [WENC__ISA_NEON] = NULL,
};

/* The small profile's Big5 and jis0208 encoders' search (issue 29; built
** in that profile only): SSE4.1 adds nothing to 16-bit compares, and runs
** SSE2's. */
#if WENC__TABLES_SMALL
const wenc__search_kernels *const wenc__search_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__search_scalar,
    [WENC__ISA_SSE2] = ON_X86(&wenc__search_sse2, &wenc__search_scalar),
    [WENC__ISA_SSE41] = ON_X86(&wenc__search_sse2, &wenc__search_scalar),
    [WENC__ISA_AVX2] =
        ON_X86(ON_WIDE(&wenc__search_avx2, &wenc__search_sse2), &wenc__search_scalar),
    [WENC__ISA_AVX512] =
        ON_X86(ON_WIDE(&wenc__search_avx512, &wenc__search_sse2), &wenc__search_scalar),
    [WENC__ISA_NEON] = ON_NEON(&wenc__search_neon, &wenc__search_scalar),
};
#endif

/* wenc/latin1.h's kernels (issue 41): SSE4.1 runs SSE2's steps with its own to_utf8
** (latin1_sse2.c has its table). */
const wenc__latin1_kernels *const wenc__latin1_kernels_by_isa[WENC__ISA_COUNT] = {
    [WENC__ISA_SCALAR] = &wenc__latin1_scalar,
    [WENC__ISA_SSE2] = ON_X86(&wenc__latin1_sse2, &wenc__latin1_scalar),
    [WENC__ISA_SSE41] =
        ON_X86(ON_WIDE(&wenc__latin1_sse41, &wenc__latin1_sse2), &wenc__latin1_scalar),
    [WENC__ISA_AVX2] =
        ON_X86(ON_WIDE(&wenc__latin1_avx2, &wenc__latin1_sse2), &wenc__latin1_scalar),
    [WENC__ISA_AVX512] =
        ON_X86(ON_WIDE(&wenc__latin1_avx512, &wenc__latin1_sse2), &wenc__latin1_scalar),
    [WENC__ISA_NEON] = ON_NEON(&wenc__latin1_neon, &wenc__latin1_scalar),
};
