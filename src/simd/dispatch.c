/* dispatch.c -- chooses the kernels' instruction set once per process
** (simd.h). */
#include <stdlib.h>
#include <string.h>

#include "simd.h"

#if defined(WENC__SIMD_X86)
#include <cpuid.h>
#endif

_Atomic int wenc__simd_chosen = -1;

static const char *const names[WENC__ISA_COUNT] = {
    "scalar", "sse2", "sse41", "avx2", "avx512", "neon",
};

const char *wenc__simd_name(wenc__isa isa)
{
    return (unsigned)isa < WENC__ISA_COUNT ? names[isa] : NULL;
}

wenc__isa wenc__simd_from_name(const char *name)
{
    for (int i = 0; i < WENC__ISA_COUNT; i++)
        if (name != NULL && strcmp(name, names[i]) == 0)
            return (wenc__isa)i;
    return WENC__ISA_COUNT;
}

bool wenc__simd_supported(wenc__isa isa)
{
    switch (isa) {
    case WENC__ISA_SCALAR:
        return true;
#if defined(WENC__SIMD_X86)
    case WENC__ISA_SSE2:
        return true;
#endif
#if defined(WENC__SIMD_X86_WIDE)
    /* Not in the small table profile, which keeps SSE2 alone (isa.h).
    ** __builtin_cpu_supports reads cpuid and, for AVX and AVX-512, whether
    ** the OS saves the wide registers (xgetbv). */
    case WENC__ISA_SSE41:
        return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
    case WENC__ISA_AVX2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
               __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    case WENC__ISA_AVX512:
        return wenc__simd_supported(WENC__ISA_AVX2) && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
#endif
#if defined(WENC__SIMD_NEON)
    case WENC__ISA_NEON:
        return true;
#endif
    default:
        return false;
    }
}

/* AVX-512 VBMI2 and VBMI (byte compress and byte permutes): not part of
** the AVX-512 set, which runs without them, but kernels that have them use
** them (utf16_avx512.c).  WENC_SIMD_VBMI2=0 turns them off so that the
** tests can run those kernels' other path on a CPU that has them. */
#if defined(WENC__SIMD_X86)
/* Whether the environment variable NAME is "0": the tests' switch that
** turns one CPU feature's kernels off. */
static bool switched_off(const char *name)
{
    const char *v = getenv(name);
    return v != NULL && strcmp(v, "0") == 0;
}
#endif

_Atomic int wenc__simd_has_vbmi2 = -1;

WENC__COLD bool wenc__simd_vbmi2_choose(void)
{
    int h = 0;
#if defined(WENC__SIMD_X86_WIDE)
    __builtin_cpu_init();
    h = __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vbmi") &&
        !switched_off("WENC_SIMD_VBMI2");
#endif
    atomic_store_explicit(&wenc__simd_has_vbmi2, h, memory_order_relaxed);
    return h != 0;
}

#if defined(WENC__SIMD_X86)
/* AMD's and Hygon's CPUs before family 0x19 (Zen 3) microcode pext.  The
** family is cpuid leaf 1's base family plus, when that is 0xF, its
** extended family. */
static bool slow_pext(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return false;
    /* The vendor string's first four letters, in EBX: "Auth" (AuthenticAMD)
    ** and "Hygo" (HygonGenuine). */
    if (b != 0x68747541u && b != 0x6F677948u)
        return false;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return false;
    unsigned family = a >> 8 & 0xF;
    if (family == 0xF)
        family += a >> 20 & 0xFF;
    return family < 0x19;
}
#endif

_Atomic int wenc__simd_pext = -1;

/* Whether to use pext under ISA (simd.h). */
static int pext_for(wenc__isa isa)
{
    int f = 0;
#if defined(WENC__SIMD_X86)
    f = (isa == WENC__ISA_AVX2 || isa == WENC__ISA_AVX512) && !slow_pext() &&
        !switched_off("WENC_SIMD_PEXT");
#else
    (void)isa;
#endif
    return f;
}

/* The first answer only: one that wenc__simd_set() stored meanwhile, for
** a set chosen after this call read the old one, stands. */
WENC__COLD bool wenc__simd_pext_choose(void)
{
    int unset = -1, f = pext_for(wenc__simd_isa());
    if (!atomic_compare_exchange_strong_explicit(&wenc__simd_pext, &unset, f,
                                                 memory_order_relaxed, memory_order_relaxed))
        f = unset;
    return f != 0;
}

void wenc__simd_set(wenc__isa isa)
{
    atomic_store_explicit(&wenc__simd_chosen, (int)isa, memory_order_relaxed);
    atomic_store_explicit(&wenc__simd_pext, pext_for(isa), memory_order_relaxed);
}

#if defined(WENC__SIMD_X86)
/* cpuid, not __builtin_cpu_supports: in the small table profile nothing
** else asks the CPU (SSE2 is every x86-64 CPU's), and the compiler's CPU
** model (libgcc's cpuinfo.o) would add 5 KiB to it (issue 42). */
bool wenc__simd_popcnt(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c >> 23 & 1) != 0;
}
#endif

WENC__COLD wenc__isa wenc__simd_choose(void)
{
#if defined(WENC__SIMD_X86_WIDE)
    __builtin_cpu_init();
#endif
    wenc__isa best = WENC__ISA_SCALAR;
    for (int i = WENC__ISA_COUNT - 1; i > WENC__ISA_SCALAR; i--) {
        if (wenc__simd_supported((wenc__isa)i)) {
            best = (wenc__isa)i;
            break;
        }
    }
    /* WENC_SIMD forces a lower instruction set, never one the CPU lacks. */
    wenc__isa forced = wenc__simd_from_name(getenv("WENC_SIMD"));
    if (forced != WENC__ISA_COUNT && forced <= best && wenc__simd_supported(forced))
        best = forced;
    /* As in wenc__simd_pext_choose(): wenc_simd_select() may have chosen
    ** meanwhile, and its choice stands. */
    int unset = -1;
    if (!atomic_compare_exchange_strong_explicit(&wenc__simd_chosen, &unset, (int)best,
                                                 memory_order_relaxed, memory_order_relaxed))
        return (wenc__isa)unset;
    return best;
}
