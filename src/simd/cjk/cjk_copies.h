/* cjk_copies.h -- the copies of the double-byte handlers' bulk loops
** (src/handlers/cjk_bulk.h: Big5, EUC-KR, gb18030/GBK, Shift_JIS, EUC-JP;
** and ISO-2022-JP's), which of them a process runs, and the vector code
** they use (issue 30).
**
** Those loops are generic over each handler's small inline functions (the
** index lookups), so they cannot be kernels compiled apart from the
** handler as the other families are (simd.h): each handler builds its loop
** once per copy, with the copy a constant the loop tests, and the macros
** below define the copies and the function that picks one per run.  What
** differs between copies lives here, so that src/handlers/ holds no
** intrinsic and no test of the instruction set:
** - PORTABLE: plain C, the WENC_SIMD=scalar set, NEON and -Dsimd=none;
** - SSE2: ASCII 16 units a step (wenc__cjk_ascii16), the SSE2 and SSE4.1
**   sets, and the decoders under AVX2 and AVX-512 too;
** - POPCNT, BMI2: the encoders under AVX2 and AVX-512, built for those
**   instructions (see WENC__CJK_ENCODE_COPIES). */
#ifndef WENC_CJK_COPIES_H
#define WENC_CJK_COPIES_H

#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "simd/simd.h"

#if defined(WENC__SIMD_X86)
#include <emmintrin.h>
#endif

/* -Dtables (meson.build); the small profile's encoders count bits. */
#ifndef WENC__TABLES_SMALL
#define WENC__TABLES_SMALL 0
#endif

enum {
    WENC__CJK_PORTABLE,
    WENC__CJK_SSE2,
    WENC__CJK_POPCNT, /* SSE2 and POPCNT */
    WENC__CJK_BMI2    /* SSE2, POPCNT, and BMI2's pext */
};

/* -1 until chosen; then the encoders' copy (cjk_copies.c). */
extern _Atomic int wenc__cjk_encode_copy;

/* cjk_copies.c: chooses it (once; a race only repeats the same choice). */
WENC__COLD int wenc__cjk_encode_copy_choose(void);

/* cjk_copies.c: chooses it again, after wenc__simd_set(). */
void wenc__cjk_encode_copy_rechoose(void);

/* The copy this process runs: of the decoders (BITS false), which have no
** POPCNT or BMI2 copy, PORTABLE in the scalar set and SSE2 in the others;
** of the encoders (BITS true), the same but BMI2 where pext is fast, and
** in the small profile POPCNT in the AVX2 and AVX-512 sets and PORTABLE in
** the others (cjk_copies.c).
** Inline: the encoders ask once per run, and one load answers. */
WENC__INLINE int wenc__cjk_copy(const bool bits)
{
#if defined(WENC__SIMD_X86)
    if (bits) {
        int copy = atomic_load_explicit(&wenc__cjk_encode_copy, memory_order_relaxed);
        return copy >= 0 ? copy : wenc__cjk_encode_copy_choose();
    }
    return wenc__simd_isa() == WENC__ISA_SCALAR ? WENC__CJK_PORTABLE : WENC__CJK_SSE2;
#else
    (void)bits;
    return WENC__CJK_PORTABLE;
#endif
}

/* 16 units as bytes, the vector of the ASCII step. */
#if defined(WENC__SIMD_X86)
typedef __m128i wenc__cjk_v16;
#else
typedef struct {
    uint8_t b[16];
} wenc__cjk_v16;
#endif

/* The 16-byte ASCII step of the bulk loops, for the copies other than
** PORTABLE: the 16 units at unit POS of SRC in FROM (WENC__FROM_UTF8:
** bytes, as the decoders' input is; or WENC__FROM_UTF16 or _UTF32), as
** bytes in *V (a unit >= 0x80 gives some byte: only the ASCII prefix is
** kept), and the length of their ASCII prefix, 16 if all are ASCII.  The
** caller stores *V (wenc__cjk_store16) and keeps that prefix.  Without
** SSE2 in the build (no copy but PORTABLE runs), plain C that says the
** same. */
WENC__INLINE unsigned wenc__cjk_ascii16(const void *src, size_t pos, const int from,
                                        wenc__cjk_v16 *v)
{
#if defined(WENC__SIMD_X86)
    unsigned ascii;
    if (from == WENC__FROM_UTF8) {
        *v = _mm_loadu_si128((const __m128i *)((const uint8_t *)src + pos));
        ascii = ~(unsigned)_mm_movemask_epi8(*v) & 0xFFFFu;
    } else if (from == WENC__FROM_UTF16) {
        /* Units >= 0x8000 are negative to the signed packs: the ASCII
        ** test is on the units, the bytes come from packus (right for the
        ** ASCII lanes, the only ones kept). */
        const uint16_t *s = (const uint16_t *)src + pos;
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 8));
        __m128i hi = _mm_set1_epi16((short)0xFF80), z = _mm_setzero_si128();
        __m128i ma = _mm_cmpeq_epi16(_mm_and_si128(a, hi), z);
        __m128i mb = _mm_cmpeq_epi16(_mm_and_si128(b, hi), z);
        ascii = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(ma, mb));
        *v = _mm_packus_epi16(a, b);
    } else {
        /* The same from four vectors of UTF-32: the masks and the units
        ** packed twice (saturated where not ASCII, never kept). */
        const uint32_t *s = (const uint32_t *)src + pos;
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 4));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 8));
        __m128i d = _mm_loadu_si128((const __m128i *)(s + 12));
        __m128i hi = _mm_set1_epi32(~0x7F), z = _mm_setzero_si128();
        __m128i mab = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_and_si128(a, hi), z),
                                      _mm_cmpeq_epi32(_mm_and_si128(b, hi), z));
        __m128i mcd = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_and_si128(c, hi), z),
                                      _mm_cmpeq_epi32(_mm_and_si128(d, hi), z));
        ascii = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(mab, mcd));
        *v = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
    }
    /* Bit 16 bounds the count: a block of 16 ASCII units. */
    return (unsigned)__builtin_ctz(~ascii);
#else
    unsigned n = 16;
    for (unsigned i = 0; i < 16; i++) {
        uint32_t u = wenc__encode_unit(src, pos + i, from);
        v->b[i] = (uint8_t)u;
        if (u >= 0x80 && n == 16)
            n = i;
    }
    return n;
#endif
}

/* Writes the 16 bytes V, of which the caller keeps a prefix of ASCII, at
** unit OUT of DST in FORM (WENC__UTF8 for an encoder's bytes; room for 16
** units checked by the caller).  The units past that prefix are scratch,
** overwritten by the next output and never counted (as in the single-byte
** bulk paths). */
WENC__INLINE void wenc__cjk_store16(void *dst, size_t out, wenc__cjk_v16 v, const int form)
{
#if defined(WENC__SIMD_X86)
    if (form == WENC__UTF8) {
        _mm_storeu_si128((__m128i *)((uint8_t *)dst + out), v);
    } else if (form == WENC__UTF16) {
        __m128i z = _mm_setzero_si128();
        uint16_t *p = (uint16_t *)dst + out;
        _mm_storeu_si128((__m128i *)p, _mm_unpacklo_epi8(v, z));
        _mm_storeu_si128((__m128i *)(p + 8), _mm_unpackhi_epi8(v, z));
    } else {
        __m128i z = _mm_setzero_si128();
        __m128i lo = _mm_unpacklo_epi8(v, z), hi = _mm_unpackhi_epi8(v, z);
        uint32_t *p = (uint32_t *)dst + out;
        _mm_storeu_si128((__m128i *)p, _mm_unpacklo_epi16(lo, z));
        _mm_storeu_si128((__m128i *)(p + 4), _mm_unpackhi_epi16(lo, z));
        _mm_storeu_si128((__m128i *)(p + 8), _mm_unpacklo_epi16(hi, z));
        _mm_storeu_si128((__m128i *)(p + 12), _mm_unpackhi_epi16(hi, z));
    }
#else
    for (unsigned i = 0; i < 16; i++)
        wenc__put(dst, out + i, v.b[i], form);
#endif
}

/* ISO-2022-JP's stops among the 16 bytes V (units narrowed by
** wenc__cjk_ascii16 included), byte I as bit I: where the ASCII state does
** not take a unit as itself (wenc__iso2022jp_plain: 80 and up, and 0E, 0F
** and 1B). */
WENC__INLINE unsigned wenc__cjk_iso2022jp_stops16(wenc__cjk_v16 v)
{
#if defined(WENC__SIMD_X86)
    __m128i special =
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x1B)),
                     _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x0F)));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(v, special));
#else
    unsigned stops = 0;
    for (unsigned i = 0; i < 16; i++) {
        uint32_t b = v.b[i];
        if (b >= 0x80 || b == 0x0E || b == 0x0F || b == 0x1B)
            stops |= 1u << i;
    }
    return stops;
#endif
}

/* The position of the lowest bit set in STOPS (a mask of
** wenc__cjk_iso2022jp_stops16), or 16 if none is. */
WENC__INLINE unsigned wenc__cjk_first_stop16(unsigned stops)
{
#if defined(WENC__SIMD_X86)
    return (unsigned)__builtin_ctz(stops | 0x10000u);
#else
    unsigned i = 0;
    while (i < 16 && !(stops >> i & 1))
        i++;
    return i;
#endif
}

/* The scalar value of the UTF-8 three-byte sequence in the low 24 bits of
** W (first byte lowest), whose bit pattern was checked.  In the BMI2 copy
** (COPY) the bytes reversed (first byte highest) give it in one bit
** extraction, the bits of the three fields in the order of the code point:
** two instructions instead of eight (bench history issue-12-cjk-utf8.md). */
#if defined(WENC__SIMD_X86)
/* Not always inline: only a caller built for BMI2 may inline it, and the
** other copies never call it. */
static inline __attribute__((target("bmi2"))) uint32_t wenc__cjk_pext(uint32_t v, uint32_t mask)
{
    return __builtin_ia32_pext_si(v, mask);
}
#endif
WENC__INLINE uint32_t wenc__cjk_utf8_3(uint32_t w, const int copy)
{
#if defined(WENC__SIMD_X86)
    if (copy == WENC__CJK_BMI2) {
        uint32_t cp = wenc__cjk_pext(__builtin_bswap32(w), 0x0F3F3F00u);
        /* Sixteen bits: the lookups' range test goes. */
        if (cp > 0xFFFF)
            __builtin_unreachable();
        return cp;
    }
#else
    (void)copy;
#endif
    return (w & 0x0F) << 12 | (w & 0x3F00) >> 2 | (w >> 16 & 0x3F);
}

/* Defines a decoder's bulk paths (decode_loop.h, wenc__bulk_fn) from
** NAME_copy, the same with the copy as a last, constant argument: the
** PORTABLE and SSE2 copies, NAME_portable and NAME_sse2, each a function of
** its own (not inlined into the engine's loop: cjk_bulk.h, WENC__CJK_BULK).
** WENC__CJK_DECODE_LOOP runs the engine's loop with one of them. */
#if defined(__GNUC__) || defined(__clang__)
#define WENC__CJK_NOINLINE_ATTR __attribute__((noinline))
#else
#define WENC__CJK_NOINLINE_ATTR
#endif
#define WENC__CJK_NOINLINE static WENC__CJK_NOINLINE_ATTR
#define WENC__CJK_DECODE_COPY(name, suffix, copy)                                                  \
    WENC__CJK_NOINLINE void name##suffix(void *state, const uint8_t *src, size_t *pos, size_t len, \
                                         void *dst, size_t *out, size_t cap, int form)             \
    {                                                                                              \
        name##_copy(state, src, pos, len, dst, out, cap, form, copy);                              \
    }

/* wenc__decode_loop(C, FORM, STATE, STEP, IDLE, LEAD, BULK) with BULK the
** copy of NAME (above) this process runs, chosen once per call: the
** engine's loop is built once per copy, so that a run costs no test of the
** copy (a test per run, inlined into the loop, put 0.8 % on the
** instructions of Shift_JIS's HTML rows). */
#if defined(WENC__SIMD_X86) && WENC__TABLES_SMALL
/* The small profile builds the engine's loop once, with NAME_any, which
** tests the copy per run, out of line (issue 42: the loop is a few KiB per
** form). */
#define WENC__CJK_DECODE_COPIES(name)                                                              \
    WENC__CJK_DECODE_COPY(name, _portable, WENC__CJK_PORTABLE)                                     \
    WENC__CJK_DECODE_COPY(name, _sse2, WENC__CJK_SSE2)                                             \
    WENC__CJK_NOINLINE void name##_any(void *state, const uint8_t *src, size_t *pos, size_t len,   \
                                       void *dst, size_t *out, size_t cap, int form)               \
    {                                                                                              \
        if (wenc__cjk_copy(false) == WENC__CJK_PORTABLE)                                           \
            name##_portable(state, src, pos, len, dst, out, cap, form);                            \
        else                                                                                       \
            name##_sse2(state, src, pos, len, dst, out, cap, form);                                \
    }
#define WENC__CJK_DECODE_LOOP(c, form, state, step, idle, lead, name)                              \
    wenc__decode_loop(c, form, state, step, idle, lead, name##_any)
#elif defined(WENC__SIMD_X86)
#define WENC__CJK_DECODE_COPIES(name)                                                              \
    WENC__CJK_DECODE_COPY(name, _portable, WENC__CJK_PORTABLE)                                     \
    WENC__CJK_DECODE_COPY(name, _sse2, WENC__CJK_SSE2)
#define WENC__CJK_DECODE_LOOP(c, form, state, step, idle, lead, name)                              \
    (wenc__cjk_copy(false) == WENC__CJK_PORTABLE                                                   \
         ? wenc__decode_loop(c, form, state, step, idle, lead, name##_portable)                    \
         : wenc__decode_loop(c, form, state, step, idle, lead, name##_sse2))
#else
#define WENC__CJK_DECODE_COPIES(name) WENC__CJK_DECODE_COPY(name, _portable, WENC__CJK_PORTABLE)
#define WENC__CJK_DECODE_LOOP(c, form, state, step, idle, lead, name)                              \
    wenc__decode_loop(c, form, state, step, idle, lead, name##_portable)
#endif

/* The small profile's lookups (rank and select over bit sets, searches of
** the decode tables: search_table.h) are long; inlined into every copy of
** every encoder's loop, and into each of its input forms, they made that
** profile's code larger than the default profile's (issue 42).  There,
** WENC__CJK_LOOKUP_COPIES(NAME, FN) defines FN out of line once per copy
** that counts bits differently (NAME_portable, and NAME_popcnt built for
** popcnt on x86-64), and WENC__CJK_LOOKUP(NAME, COPY) names the one of
** COPY (a constant): a call per code point instead of six copies of the
** lookup. */
#if WENC__TABLES_SMALL
#define WENC__CJK_LOOKUP_COPY(name, suffix, attr, fn)                                              \
    static attr uint32_t name##suffix(uint32_t cp)                                                 \
    {                                                                                              \
        return fn(cp);                                                                             \
    }
#if defined(WENC__SIMD_X86)
#define WENC__CJK_LOOKUP_COPIES(name, fn)                                                          \
    WENC__CJK_LOOKUP_COPY(name, _portable, WENC__CJK_NOINLINE_ATTR, fn)                            \
    WENC__CJK_LOOKUP_COPY(name, _popcnt, __attribute__((noinline, target("popcnt"))), fn)
#define WENC__CJK_LOOKUP(name, copy) ((copy) == WENC__CJK_POPCNT ? name##_popcnt : name##_portable)
#else
#define WENC__CJK_LOOKUP_COPIES(name, fn)                                                          \
    WENC__CJK_LOOKUP_COPY(name, _portable, WENC__CJK_NOINLINE_ATTR, fn)
#define WENC__CJK_LOOKUP(name, copy) ((void)(copy), name##_portable)
#endif
#endif

/* Defines NAME(src, pos, len, dst, out, cap, form), an encoder's bulk path
** (encode_loop.h, wenc__encode_bulk_fn), from NAME_copy, the same with the
** copy as a last, constant argument.
**
** On x86-64, the AVX2 and AVX-512 sets imply BMI2 and POPCNT (simd.h) and
** run the copy built for them, with pext where pext is fast
** (wenc__simd_fast_pext): BMI2 decodes UTF-8 with one bit extraction
** (wenc__cjk_utf8_3), but AMD's CPUs before Zen 3 run pext in microcode.
** The small profile's lookups count bits (rank and select over EUC-KR's and
** gb18030's bit sets, wenc__popcount64 in rank_table.h), and baseline
** x86-64 has no popcnt instruction: the bit-parallel sum put about 30 % on
** each CJK code point, so that profile has a copy for POPCNT without pext
** and the portable one, and no other (below; in the default profile
** nothing counts bits, and POPCNT runs the SSE2 copy).  WENC_SIMD=sse41 (or sse2) runs
** the SSE2 copy (the small profile's: the portable one), WENC_SIMD=scalar
** the portable one and WENC_SIMD_PEXT=0 the one without pext, so that
** every copy passes the suites.  What NAME adds is one predictable branch
** or two per run. */
#define WENC__CJK_ENCODE_COPY(name, suffix, copy, attr)                                            \
    static attr void name##suffix(const void *src, size_t *pos, size_t len, uint8_t *dst,          \
                                  size_t *out, size_t cap, int form)                               \
    {                                                                                              \
        name##_copy(src, pos, len, dst, out, cap, form, copy);                                     \
    }
#if defined(WENC__SIMD_X86) && WENC__TABLES_SMALL
/* The small profile builds two copies, not four (issue 42: its lookups,
** inlined into each copy and each input form, made its code larger than
** the default profile's by more than its tables saved): POPCNT for its
** one vector set, SSE2 (isa.h), on a CPU with popcnt (which counts bits,
** and takes vectors for ASCII), PORTABLE for the others (the scalar set,
** CPUs without popcnt), as WENC_SIMD=scalar runs in CI.  No BMI2 copy:
** pext saves two instructions per UTF-8 sequence, a few percent beside
** the rank and select of the lookups; no SSE2 copy.  The wrappers, which
** test the copy once per run, are out of line: inlined into each form's
** loop they were 3 KiB. */
#define WENC__CJK_ENCODE_COPIES(name)                                                              \
    WENC__CJK_ENCODE_COPY(name, _popcnt, WENC__CJK_POPCNT,                                         \
                          __attribute__((noinline, target("popcnt"))))                             \
    WENC__CJK_ENCODE_COPY(name, _portable, WENC__CJK_PORTABLE, __attribute__((noinline)))          \
    WENC__CJK_NOINLINE void name(const void *src, size_t *pos, size_t len, uint8_t *dst,           \
                                 size_t *out, size_t cap, int form)                                \
    {                                                                                              \
        if (wenc__cjk_copy(true) == WENC__CJK_POPCNT)                                              \
            name##_popcnt(src, pos, len, dst, out, cap, form);                                     \
        else                                                                                       \
            name##_portable(src, pos, len, dst, out, cap, form);                                   \
    }
#elif defined(WENC__SIMD_X86)
#define WENC__CJK_ENCODE_COPIES(name)                                                              \
    WENC__CJK_ENCODE_COPY(name, _bmi2, WENC__CJK_BMI2,                                             \
                          __attribute__((noinline, target("popcnt,bmi,bmi2"))))                    \
    WENC__CJK_ENCODE_COPY(name, _sse2, WENC__CJK_SSE2, __attribute__((noinline)))                  \
    WENC__CJK_ENCODE_COPY(name, _portable, WENC__CJK_PORTABLE, __attribute__((noinline)))          \
    static void name(const void *src, size_t *pos, size_t len, uint8_t *dst, size_t *out,          \
                     size_t cap, int form)                                                         \
    {                                                                                              \
        int copy = wenc__cjk_copy(true);                                                           \
        if (copy == WENC__CJK_BMI2)                                                                \
            name##_bmi2(src, pos, len, dst, out, cap, form);                                       \
        else if (copy == WENC__CJK_SSE2)                                                           \
            name##_sse2(src, pos, len, dst, out, cap, form);                                       \
        else                                                                                       \
            name##_portable(src, pos, len, dst, out, cap, form);                                   \
    }
#else
#define WENC__CJK_ENCODE_COPIES(name)                                                              \
    WENC__CJK_ENCODE_COPY(name, , WENC__CJK_PORTABLE, WENC__CJK_NOINLINE_ATTR)
#endif

#endif /* WENC_CJK_COPIES_H */
