/* kernels_search.c -- the search kernel (find_u16) of every instruction
** set this build has and this CPU runs (src/simd/search/search_kernels.h;
** -Dtables=small builds only), called directly, against a plain loop:
** every length up to a few AVX-512 steps, the value at every position and
** twice, absent, at unaligned starts, and lanes whose low or high byte
** alone equals the value's.  The encoders that call it are tested against
** the reference model in tests/conformance (indexes, encode). */
#include <stdbool.h>
#include <string.h>

#include "check.h"
#include "simd/search/search_kernels.h"
#include "testutil.h"

#if WENC__TABLES_SMALL
#define MAXN 300 /* past two 128-lane AVX-512 steps */

static size_t model(const uint16_t *t, size_t n, uint16_t v)
{
    for (size_t i = 0; i < n; i++)
        if (t[i] == v)
            return i;
    return n;
}

int main(void)
{
    const wenc__search_kernels *kern[WENC__ISA_COUNT];
    const char *kname[WENC__ISA_COUNT];
    int nkern = 0;
    for (int i = 0; i < WENC__ISA_COUNT; i++) {
        if (!wenc__simd_supported((wenc__isa)i)) {
            printf("# skipped %s: this CPU lacks it\n", wenc__simd_name((wenc__isa)i));
            continue;
        }
        kern[nkern] = wenc__search_kernels_by_isa[i];
        kname[nkern++] = wenc__simd_name((wenc__isa)i);
    }
    printf("# testing the search kernels of:");
    for (int k = 0; k < nkern; k++)
        printf(" %s", kname[k]);
    printf("\n");
    tu_rng rng;
    tu_rng_seed(&rng, 0x5EA4C);
    static uint16_t buf[MAXN + 8];
    /* Values whose bytes alone match lanes of the filler (0x4E4E..). */
    static const uint16_t values[] = {0x4E00, 0x004E, 0x4E4E, 0xFFFF, 0x0000, 0x9FA5, 0x8000};
    for (int k = 0; k < nkern; k++) {
        unsigned long checked = 0, failed = 0;
        for (size_t off = 0; off < 4; off++)
            for (size_t n = 0; n <= MAXN; n++)
                for (size_t vi = 0; vi < sizeof values / sizeof values[0]; vi++) {
                    uint16_t v = values[vi];
                    uint16_t *t = buf + off;
                    for (size_t i = 0; i < MAXN + 8 - off; i++)
                        t[i] = (uint16_t)(0x4E4E ^ (tu_rng_below(&rng, 4) == 0 ? 0x4E00 : 0) ^
                                          (tu_rng_below(&rng, 4) == 0 ? 0x004E : 0));
                    for (size_t i = 0; i < MAXN + 8 - off; i++)
                        if (t[i] == v)
                            t[i] ^= 1;
                    /* Absent; then past the end only; then at each place
                    ** (and again later). */
                    size_t got = kern[k]->find_u16(t, n, v);
                    checked++;
                    failed += got != n;
                    t[n] = v;
                    got = kern[k]->find_u16(t, n, v);
                    checked++;
                    failed += got != n;
                    for (size_t at = 0; at < n; at++) {
                        uint16_t keep = t[at];
                        t[at] = v;
                        size_t later = at + 1 + tu_rng_below(&rng, (uint32_t)(n - at));
                        uint16_t keep2 = later < n ? t[later] : 0;
                        if (later < n)
                            t[later] = v;
                        got = kern[k]->find_u16(t, n, v);
                        checked++;
                        if (got != model(t, n, v) || got != at) {
                            if (failed++ == 0)
                                printf("# %s: n %zu at %zu value %04X: %zu\n", kname[k], n, at, v,
                                       got);
                        }
                        if (later < n)
                            t[later] = keep2;
                        t[at] = keep;
                    }
                    t[n] = 0x4E4E;
                }
        CHECK(failed == 0, "%s find_u16: every length 0..%d, every place, 4 alignments: %lu "
                           "checked, %lu failed",
              kname[k], MAXN, checked, failed);
    }
    return check_done();
}
#else
int main(void)
{
    check_skip("the search kernels are built with -Dtables=small only");
    return check_done();
}
#endif
