/* simd_dispatch.c -- the kernels' dispatch (src/simd/simd.h): names, the
** CPU's choice, and WENC_SIMD forcing a lower instruction set.  With
** --list it prints instead, one line per instruction set, whether the test
** suites can run its kernels here ("run NAME") or why not ("skip NAME:
** reason"), for tools/run-kernel-suites. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simd/simd.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"

static int list(void)
{
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        wenc__isa isa = (wenc__isa)i;
        const char *name = wenc__simd_name(isa);
#if defined(__x86_64__)
        bool here = isa != WENC__ISA_NEON;
#elif defined(__aarch64__)
        bool here = isa == WENC__ISA_SCALAR || isa == WENC__ISA_NEON;
#else
        bool here = isa == WENC__ISA_SCALAR;
#endif
        /* Kernels of its own: a table entry that differs from the set
        ** below it (which is what it would run otherwise). */
        bool own = i == 0 || wenc__utf16_kernels_by_isa[i] != wenc__utf16_kernels_by_isa[i - 1] ||
                   wenc__utf8_kernels_by_isa[i] != wenc__utf8_kernels_by_isa[i - 1];
        if (!here)
            printf("skip %s: not this architecture\n", name);
        else if (!own)
            printf("skip %s: no kernels of its own in this build\n", name);
        else if (!wenc__simd_supported(isa))
            printf("skip %s: this CPU lacks it\n", name);
        else
            printf("run %s\n", name);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list") == 0)
        return list();
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        const char *name = wenc__simd_name((wenc__isa)i);
        CHECK(name != NULL, "isa %d has a name", i);
        CHECK_EQ(wenc__simd_from_name(name), i, "a name gives its isa back");
    }
    CHECK(wenc__simd_name(WENC__ISA_COUNT) == NULL, "no name past the last isa");
    CHECK_EQ(wenc__simd_from_name("avx3"), WENC__ISA_COUNT, "an unknown name");
    CHECK_EQ(wenc__simd_from_name(NULL), WENC__ISA_COUNT, "NULL");
    CHECK(wenc__simd_supported(WENC__ISA_SCALAR), "scalar is always supported");
    CHECK(!wenc__simd_supported(WENC__ISA_COUNT), "out of range is not supported");
#if defined(WENC__SIMD_X86) && !defined(WENC__SIMD_X86_WIDE)
    /* The small table profile keeps SSE2 alone (src/simd/isa.h): the newer
    ** sets are never chosen, whatever the CPU has, and run SSE2's kernels
    ** (their rows in the tables, which tools/run-kernel-suites skips). */
    CHECK(wenc__simd_supported(WENC__ISA_SSE2), "SSE2 in the small profile");
    for (int i = WENC__ISA_SSE41; i <= WENC__ISA_AVX512; i++) {
        CHECK(!wenc__simd_supported((wenc__isa)i), "no %s in the small profile",
              wenc__simd_name((wenc__isa)i));
        CHECK(wenc__utf8_kernels_by_isa[i] == wenc__utf8_kernels_by_isa[WENC__ISA_SSE2] &&
                  wenc__utf16_kernels_by_isa[i] == wenc__utf16_kernels_by_isa[WENC__ISA_SSE2],
              "%s runs SSE2's kernels", wenc__simd_name((wenc__isa)i));
    }
#endif
#if defined(__x86_64__)
    CHECK(!wenc__simd_supported(WENC__ISA_NEON), "no NEON on x86-64");
#elif defined(__aarch64__)
    CHECK(!wenc__simd_supported(WENC__ISA_AVX2), "no AVX2 on aarch64");
#endif

    wenc__isa chosen = wenc__simd_isa();
    CHECK(wenc__simd_supported(chosen), "the chosen isa (%s) is supported",
          wenc__simd_name(chosen));
    CHECK_EQ(wenc__simd_isa(), chosen, "the choice is made once");
    const char *forced = getenv("WENC_SIMD");
    wenc__isa want = wenc__simd_from_name(forced);
    if (want != WENC__ISA_COUNT && wenc__simd_supported(want)) {
        CHECK(chosen == want, "WENC_SIMD=%s is obeyed (chose %s)", forced, wenc__simd_name(chosen));
    } else {
        /* The order of wenc__isa is the order of preference. */
        for (int i = chosen + 1; i < WENC__ISA_COUNT; i++)
            CHECK(!wenc__simd_supported((wenc__isa)i), "%s is the best supported, not %s",
                  wenc__simd_name(chosen), wenc__simd_name((wenc__isa)i));
    }

    /* pext: worked out once, only with the AVX2 or AVX-512 set (so not
    ** with WENC_SIMD=scalar, which this test runs with too), and off with
    ** WENC_SIMD_PEXT=0 (as is simd-dispatch-nopext). */
    bool fast = wenc__simd_fast_pext();
    CHECK(wenc__simd_fast_pext() == fast, "the pext answer is made once");
    if (chosen != WENC__ISA_AVX2 && chosen != WENC__ISA_AVX512)
        CHECK(!fast, "no pext with %s", wenc__simd_name(chosen));
    const char *pext = getenv("WENC_SIMD_PEXT");
    if (pext != NULL && strcmp(pext, "0") == 0)
        CHECK(!fast, "WENC_SIMD_PEXT=0 is obeyed");
    return check_done();
}
