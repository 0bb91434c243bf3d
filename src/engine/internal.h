/* internal.h -- what the library's own files share and users never see: the
** encoding record behind the public handles, the handler families, and small
** helpers.  Non-static internals are named wenc__*. */
#ifndef WENC_INTERNAL_H
#define WENC_INTERNAL_H

#include <string.h>

#include "wenc/wenc.h"
#include "tables.h"

/* Which encodings this build has (-Dencodings; docs/guide.md, "Building
** only some encodings").  Meson writes wenc_config.h; a build without it
** (tests/fuzz/oss-fuzz/build.sh compiles the files directly) has every
** encoding.  WENC__HAVE_FAMILY_<F> is 1 when family F's handler file and
** tables are compiled, else 0; WENC__ENCODINGS_MASK has bit N set when the
** encoding with id N (the standard's order) is built. */
#ifdef WENC__HAVE_CONFIG_H
#include "wenc_config.h"
#else
#define WENC__ENCODINGS_MASK 0xFFFFFFFFFF
#endif
/* The kernel families built (WENC__SIMD_X86, WENC__SIMD_NEON). */
#include "simd/isa.h"
/* The handler families, generated from the one list of them
** (tools/gen-tables.py, HANDLERS), with the defaults of a build without
** wenc_config.h. */
#include "families.h"

/* WENC__IF_BUILT(F, X): X when family F is compiled in, else NULL, for
** the engines' tables, which must not name a handler left out. */
#define WENC__IF_BUILT(f, x) WENC__IF_BUILT_(WENC__HAVE_FAMILY_##f, x)
#define WENC__IF_BUILT_(have, x) WENC__IF_BUILT__(have, x)
#define WENC__IF_BUILT__(have, x) WENC__IF_BUILT_##have(x)
#define WENC__IF_BUILT_0(x) NULL
#define WENC__IF_BUILT_1(x) (x)

/* Compiler hints, each empty where the compiler has no spelling for it:
** a vendored copy builds with any C11 compiler (.ci/msvc-syntax.sh fails
** on an __attribute__ outside this block).  WENC__NOINLINE keeps a slow
** or rare path out of its caller; WENC__COLD also says it is rare;
** WENC__UNUSED, a static function some builds do not call. */
#if defined(__GNUC__) || defined(__clang__)
#define WENC__INLINE static inline __attribute__((always_inline))
#define WENC__NOINLINE __attribute__((noinline))
#define WENC__COLD __attribute__((noinline, cold))
#define WENC__UNUSED __attribute__((unused))
#define WENC__LIKELY(x) __builtin_expect(!!(x), 1)
#define WENC__UNLIKELY(x) __builtin_expect(!!(x), 0)
#elif defined(_MSC_VER)
#define WENC__INLINE static inline
#define WENC__NOINLINE __declspec(noinline)
#define WENC__COLD __declspec(noinline)
#define WENC__UNUSED
#define WENC__LIKELY(x) (x)
#define WENC__UNLIKELY(x) (x)
#else
#define WENC__INLINE static inline
#define WENC__NOINLINE
#define WENC__COLD
#define WENC__UNUSED
#define WENC__LIKELY(x) (x)
#define WENC__UNLIKELY(x) (x)
#endif

/* Handler families: encodings that share a decoder and encoder algorithm
** (all single-byte encodings; gb18030 and GBK, which differ only in the
** encoder's "is GBK"; UTF-16BE and UTF-16LE). */
typedef enum wenc__family {
#define WENC__X(f) WENC__FAMILY_##f,
    WENC__FAMILIES(WENC__X)
#undef WENC__X
    WENC__FAMILY_COUNT
} wenc__family;

/* The record behind each public handle (indexes/registry.c). */
struct wenc_encoding {
    const char *name;            /* as the standard spells it */
    const char *lowercase_name;  /* TextDecoder's `encoding` */
    uint8_t id;                  /* position in the standard's order */
    uint8_t family;              /* wenc__family */
    int8_t single_byte;          /* row in wenc__sb_decode, or -1 */
    const uint8_t *labels;       /* indexes into wenc__labels */
    uint8_t label_count;
};

/* wenc_encoding_is_built_in() for the library's own calls (the inits):
** inline, where a call to the exported function would go through the PLT.
** -Dencodings: bit N of WENC__ENCODINGS_MASK (wenc_config.h) is the
** encoding with id N. */
WENC__INLINE bool wenc__built_in(const wenc_encoding *e)
{
    return e != NULL && e->id < WENC__ENCODING_COUNT &&
           ((uint64_t)WENC__ENCODINGS_MASK >> e->id & 1) != 0;
}

typedef struct wenc__label {
    const char *label;
    uint8_t length;
    uint8_t encoding;  /* id */
} wenc__label;

extern const wenc__label wenc__labels[WENC__LABEL_COUNT];
extern const uint16_t wenc__label_disp[WENC__LABEL_BUCKETS];
extern const uint8_t wenc__label_slots[WENC__LABEL_SLOTS];
extern const wenc_encoding *const wenc__encodings[WENC__ENCODING_COUNT];

/* Code points the handlers name. */
#define WENC__REPLACEMENT_CHARACTER 0xFFFDu
#define WENC__BOM 0xFEFFu

/* Two-level code point -> pointer lookup over a generated page table
** (tools/gen-tables.py, page_table()): WENC__NONE16 when unmapped. */
WENC__INLINE uint32_t wenc__page_lookup(const uint16_t *top, const uint16_t *blocks,
                                        unsigned bits, uint32_t limit, uint32_t cp)
{
    if (cp >= limit)
        return WENC__NONE16;
    return blocks[((uint32_t)top[cp >> bits] << bits) | (cp & ((1u << bits) - 1))];
}

/* Number of UTF-8 bytes for scalar value CP. */
WENC__INLINE unsigned wenc__utf8_length(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* Writes scalar value CP as UTF-8 at P (room for wenc__utf8_length(cp)). */
WENC__INLINE unsigned wenc__utf8_put(uint8_t *p, uint32_t cp)
{
    if (cp < 0x80) {
        p[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        p[0] = (uint8_t)(0xC0 | (cp >> 6));
        p[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        p[0] = (uint8_t)(0xE0 | (cp >> 12));
        p[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        p[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    p[0] = (uint8_t)(0xF0 | (cp >> 18));
    p[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    p[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    p[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* The fast-path predicate of handlers whose state never stands in the
** way (single-byte decoders; encoders whose ASCII is always itself). */
WENC__INLINE bool wenc__always(const void *unused)
{
    (void)unused;
    return true;
}

/* Saturating size arithmetic for the max-length functions. */
WENC__INLINE size_t wenc__add_sat(size_t a, size_t b)
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

WENC__INLINE size_t wenc__mul_sat(size_t a, size_t b)
{
    return b != 0 && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

#endif /* WENC_INTERNAL_H */
