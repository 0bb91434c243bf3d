/* simd_dispatch.c -- the kernels' dispatch (src/simd/simd.h): names, the
** CPU's choice, and WENC_SIMD forcing a lower instruction set. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simd/simd.h"

int main(void)
{
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
        CHECK(chosen == want, "WENC_SIMD=%s is obeyed (chose %s)", forced,
              wenc__simd_name(chosen));
    } else {
        /* The order of wenc__isa is the order of preference. */
        for (int i = chosen + 1; i < WENC__ISA_COUNT; i++)
            CHECK(!wenc__simd_supported((wenc__isa)i), "%s is the best supported, not %s",
                  wenc__simd_name(chosen), wenc__simd_name((wenc__isa)i));
    }
    return check_done();
}
