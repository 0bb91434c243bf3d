/* simd_select.c -- the kernel set as a public call (include/wenc/simd.h):
** wenc_simd_active() and wenc_simd_select() under every set this build
** and CPU run, the refusals, and that after a choice the kernels the
** library calls (each family's table, pext, the double-byte encoders'
** copy) are that set's. */
#include <string.h>

#include "check.h"
#include "simd/cjk/cjk_copies.h"
#include "simd/iso2022jp/iso2022jp_kernels.h"
#include "simd/sb/sb_kernels.h"
#include "simd/simd.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"
#include "wenc/wenc.h"

/* Whether the CPU has popcnt (x86-64's vector sets only ask). */
static bool has_popcnt(void)
{
#if defined(WENC__SIMD_X86)
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

/* The set the public call names, and every family's kernels, are ISA's. */
static void check_in_use(wenc__isa isa)
{
    const char *name = wenc__simd_name(isa);
    CHECK(strcmp(wenc_simd_active(), name) == 0, "active: %s (want %s)", wenc_simd_active(),
          name);
    CHECK(wenc__simd_isa() == isa, "%s: the dispatch's set", name);
    CHECK(wenc__utf8_kernels_get() == wenc__utf8_kernels_by_isa[isa], "%s: UTF-8 kernels", name);
    CHECK(wenc__utf16_kernels_get() == wenc__utf16_kernels_by_isa[isa], "%s: UTF-16 kernels",
          name);
    CHECK(wenc__sb_kernels_get() == wenc__sb_kernels_by_isa[isa], "%s: single-byte kernels", name);
    CHECK(wenc__iso2022jp_kernels_get() == wenc__iso2022jp_kernels_by_isa[isa],
          "%s: ISO-2022-JP kernels", name);
    bool wide = isa == WENC__ISA_AVX2 || isa == WENC__ISA_AVX512;
    if (!wide)
        CHECK(!wenc__simd_fast_pext(), "%s: no pext", name);
    int copy = wenc__cjk_copy(true);
    if (isa == WENC__ISA_SCALAR || isa == WENC__ISA_NEON)
        CHECK_EQ(copy, WENC__CJK_PORTABLE, "encoders' copy: portable");
    else if (WENC__TABLES_SMALL)
        /* The small profile has two encoder copies: POPCNT where the CPU
        ** has it, the portable one elsewhere (cjk_copies.c). */
        CHECK_EQ(copy, has_popcnt() ? WENC__CJK_POPCNT : WENC__CJK_PORTABLE,
                 "encoders' copy of the small profile");
    else if (!wide)
        CHECK_EQ(copy, WENC__CJK_SSE2, "encoders' copy: SSE2");
    else
        CHECK(copy != WENC__CJK_PORTABLE, "%s: encoders' copy %d is a vector one", name, copy);
    CHECK_EQ(wenc__cjk_copy(false), isa == WENC__ISA_SCALAR || isa == WENC__ISA_NEON
                                         ? WENC__CJK_PORTABLE
                                         : WENC__CJK_SSE2,
             "decoders' copy");
    /* The set does its work: "caf\xC3\xA9 " x 20 is valid UTF-8 of 100
    ** code points (typed: 20 times c, a, f, U+00E9, space), long enough for
    ** every vector path; a lone 0xC3 at its end is not. */
    uint8_t text[121];
    for (int i = 0; i < 20; i++)
        memcpy(text + 6 * i, "caf\xC3\xA9 ", 6);
    CHECK(wenc_utf8_is_valid(text, 120), "%s: valid text", name);
    text[120] = 0xC3;
    CHECK(!wenc_utf8_is_valid(text, 121), "%s: truncated text", name);
}

int main(void)
{
    /* The first choice, as the CPU (and WENC_SIMD) make it. */
    wenc__isa first = wenc__simd_isa();
    check_in_use(first);

    /* Refusals: the set in use stays. */
    const char *bad[] = {"", "AVX2", "avx3", "avx2 ", "sse4.1", "none", "auto"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(wenc_simd_select(bad[i]), WENC_INVALID_ARGUMENT, "unknown name refused");
        CHECK(wenc__simd_isa() == first, "'%s' changes nothing", bad[i]);
    }
    CHECK_EQ(wenc_simd_select(NULL), WENC_INVALID_ARGUMENT, "NULL refused");
    CHECK(wenc__simd_isa() == first, "NULL changes nothing");

    /* Every set, downwards and then upwards again: each one the CPU runs
    ** is taken, each other is refused (NEON on x86-64, AVX-512 on a CPU
    ** without it, every vector set with -Dsimd=none). */
    int taken = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < WENC__ISA_COUNT; k++) {
            wenc__isa isa = (wenc__isa)(pass == 0 ? WENC__ISA_COUNT - 1 - k : k);
            const char *name = wenc__simd_name(isa);
            wenc__isa before = wenc__simd_isa();
            wenc_status s = wenc_simd_select(name);
            if (wenc__simd_supported(isa)) {
                CHECK_EQ(s, WENC_OK, "a set the CPU runs is taken");
                check_in_use(isa);
                taken++;
            } else {
                CHECK_EQ(s, WENC_INVALID_ARGUMENT, "a set the CPU or build lacks is refused");
                CHECK(wenc__simd_isa() == before, "refusing %s changes nothing", name);
            }
        }
    }
    CHECK(taken >= 2, "scalar and at least the set first chosen were taken (%d)", taken);
    CHECK(wenc__simd_supported(first), "the first choice is a supported set");

    /* Back to the first choice, and the same set twice is no change. */
    CHECK_EQ(wenc_simd_select(wenc__simd_name(first)), WENC_OK, "back to the first set");
    CHECK_EQ(wenc_simd_select(wenc__simd_name(first)), WENC_OK, "the set in use again");
    check_in_use(first);
    return check_done();
}
