/* sb_avx2.c -- the single-byte kernels for AVX2, 32 bytes a step
** (sb_kernels.h): decoding, and encoding from UTF-16 (at the end).
** Each decoded block of 32 bytes takes the cheapest of three paths, chosen
** by what it holds:
**
** - all ASCII: widened;
** - at most FEW upper-half bytes outside the index's two runs of
**   consecutive code points (the Latin text's accented letters, or none
**   at all in Cyrillic windows-1251/ISO-8859-5, Greek, Hebrew text whose
**   letters are runs): widened, the run bytes moved by their run's delta,
**   and the others patched in from the index one by one;
** - more of them (KOI8-R's and windows-1256's letters, whose code points
**   are not in byte order): every byte looked up at once.  The index's 128
**   code points are split into 8 slices of 16, each as a table of low
**   bytes and one of high bytes; pshufb looks the block up in each slice.
**   A byte's index for slice K is (byte - 0x80 - 16K) + 0x70 with unsigned
**   saturation: 0x70..0x7F (the low 4 bits kept) for the bytes of the
**   slice, 0x80 or more (pshufb's zero) for every other byte, ASCII
**   included; so or-ing the 8 lookups gives each byte its code point, and
**   ASCII bytes are blended back in.
**
** The lookup alone (16 pshufb a block whatever it holds) decoded Latin and
** Cyrillic text to UTF-16 at 0.63-0.88 of the handler's SSE2 loop, which
** takes the runs and patches the rest; the mix keeps both strengths
** (bench history issue-12-single-byte-text.md, "AVX2 decode: three
** paths").  The same lookup in 128 bits (SSSE3/SSE4.1) lost more and was
** removed. */
#include <immintrin.h>
#include <string.h>

#include "engine/internal.h"
#include "simd/target.h"

/* Only with the single-byte family: the kernels read its tables
** (indexes/single_byte.c), which -Dencodings may leave out.  Outside
** the target region, which clang wants to hold a function. */
#if WENC__HAVE_FAMILY_SINGLE_BYTE

WENC__TARGET_BEGIN(WENC__TARGET_AVX2)

#include "sb_kernels.h"

#define W 32
typedef __m256i vec;
#define SET1(x) _mm256_set1_epi8((char)(x))
#define SUB(a, b) _mm256_sub_epi8(a, b)
#define ADDS(a, b) _mm256_adds_epu8(a, b)
#define SHUF(t, i) _mm256_shuffle_epi8(t, i)
#define OR(a, b) _mm256_or_si256(a, b)
#define AND(a, b) _mm256_and_si256(a, b)
#define BLENDV(a, b, m) _mm256_blendv_epi8(a, b, m)
#define CMPEQ(a, b) _mm256_cmpeq_epi8(a, b)
#define MOVEMASK(a) (uint32_t) _mm256_movemask_epi8(a)
#define UNPACKLO(a, b) _mm256_unpacklo_epi8(a, b)
#define UNPACKHI(a, b) _mm256_unpackhi_epi8(a, b)
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), v)
/* The unpacks work within 128-bit lanes: quadwords 0 2 1 3 make their
** outputs come out in order. */
#define ORDER(v) _mm256_permute4x64_epi64(v, 0xD8)
#define LOW(v) _mm256_castsi256_si128(v)
#define HIGH(v) _mm256_extracti128_si256(v, 1)
/* A slice's 16 bytes in both lanes. */
#define TABLE(x) _mm256_broadcastsi128_si256(x)

/* The most upper-half bytes outside the runs a block may hold for the
** patching path (results note: 4 against 8 timed on the html and text
** rows of 9 encodings, 0 to 8 counted with callgrind). */
#define FEW 4

/* The lookup tables of the third path, built at its first use in a call. */
typedef struct slices {
    vec lo[8], hi[8];
} slices;

static void slices_init(slices *t, const uint16_t *index)
{
    for (int k = 0; k < 8; k++) {
        const __m128i mask = _mm_set1_epi16(0xFF);
        __m128i a = _mm_loadu_si128((const __m128i *)(index + 16 * k));
        __m128i b = _mm_loadu_si128((const __m128i *)(index + 16 * k + 8));
        t->lo[k] = TABLE(_mm_packus_epi16(_mm_and_si128(a, mask), _mm_and_si128(b, mask)));
        t->hi[k] = TABLE(_mm_packus_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8)));
    }
}

/* The lookup path for the block RAW into O; false (nothing written) if a
** byte is unmapped. */
WENC__INLINE bool lookup32(const slices *t, vec raw, uint16_t *o)
{
    const vec base = SET1(0x80), sixteen = SET1(16), bias = SET1(0x70), ones = SET1(0xFF);
    vec v = ORDER(raw);
    vec x = SUB(v, base), lo = SET1(0), hi = SET1(0);
    for (int k = 0; k < 8; k++) {
        vec at = ADDS(x, bias);
        lo = OR(lo, SHUF(t->lo[k], at));
        hi = OR(hi, SHUF(t->hi[k], at));
        x = SUB(x, sixteen);
    }
    lo = BLENDV(v, lo, v); /* ASCII: the byte itself (its high byte is 0) */
    /* Unmapped (0xFFFF): left, with the rest of the block, to the
    ** caller's loop, which stops exactly at it. */
    if (MOVEMASK(CMPEQ(AND(lo, hi), ones)) != 0)
        return false;
    STOREU(o, UNPACKLO(lo, hi));
    STOREU(o + W / 2, UNPACKHI(lo, hi));
    return true;
}

/* The blocks of SRC[0..LEN) (LEN >= W) into DST.  WITH_RUNS: whether
** the index has runs worth testing for; TOTAL: whether it maps every byte
** (then the patched bytes need no check).  A loop for each. */
WENC__INLINE size_t blocks(const uint16_t *index, const uint32_t *runs, const uint8_t *src,
                           size_t len, uint16_t *dst, const bool with_runs, const bool total)
{
    /* The runs (tools/gen-tables.py, wenc__sb_decode_runs): byte B is in
    ** run K if (B - first) < length, compared as signed bytes after
    ** flipping the top bit (length 0 admits nothing); its code point is
    ** B + delta, as 16-bit units. */
    vec first[2], limit[2];
    __m256i delta[2];
    for (int k = 0; k < 2; k++) {
        first[k] = SET1(runs[k] & 0xFF);
        limit[k] = SET1((uint8_t)(((runs[k] >> 8) & 0xFF) ^ 0x80));
        delta[k] = _mm256_set1_epi16((short)(runs[k] >> 16));
    }
    const vec top = SET1(0x80);
    slices t;
    bool built = false;
    size_t i = 0;
    for (; len - i >= W; i += W) {
        vec raw = LOADU(src + i);
        uint32_t upper = MOVEMASK(raw);
        if (upper == 0) { /* ASCII (most of a page's markup) */
            STOREU(dst + i, _mm256_cvtepu8_epi16(LOW(raw)));
            STOREU(dst + i + W / 2, _mm256_cvtepu8_epi16(HIGH(raw)));
            continue;
        }
        vec in0 = _mm256_setzero_si256(), in1 = in0;
        uint32_t rest = upper;
        if (with_runs) {
            in0 = _mm256_cmpgt_epi8(limit[0], _mm256_xor_si256(SUB(raw, first[0]), top));
            in1 = _mm256_cmpgt_epi8(limit[1], _mm256_xor_si256(SUB(raw, first[1]), top));
            rest &= ~MOVEMASK(OR(in0, in1));
        }
        if (__builtin_popcount(rest) > FEW) {
            if (!built) {
                slices_init(&t, index);
                built = true;
            }
            if (!lookup32(&t, raw, dst + i))
                break;
            continue;
        }
        /* Few bytes outside the runs: an unmapped one among them leaves
        ** the block to the caller's loop, which stops exactly at it. */
        if (!total) {
            bool bad = false;
            for (uint32_t m = rest; m != 0; m &= m - 1)
                bad |= index[src[i + (unsigned)__builtin_ctz(m)] & 0x7F] == WENC__NONE16;
            if (bad)
                break;
        }
        __m256i a = _mm256_cvtepu8_epi16(LOW(raw)), b = _mm256_cvtepu8_epi16(HIGH(raw));
        if (with_runs) {
            /* The run bytes' masks widened to units (0xFF -> 0xFFFF) pick
            ** the deltas. */
            a = _mm256_add_epi16(a, AND(_mm256_cvtepi8_epi16(LOW(in0)), delta[0]));
            a = _mm256_add_epi16(a, AND(_mm256_cvtepi8_epi16(LOW(in1)), delta[1]));
            b = _mm256_add_epi16(b, AND(_mm256_cvtepi8_epi16(HIGH(in0)), delta[0]));
            b = _mm256_add_epi16(b, AND(_mm256_cvtepi8_epi16(HIGH(in1)), delta[1]));
        }
        STOREU(dst + i, a);
        STOREU(dst + i + W / 2, b);
        for (; rest != 0; rest &= rest - 1) {
            unsigned k = (unsigned)__builtin_ctz(rest);
            dst[i + k] = index[src[i + k] & 0x7F];
        }
    }
    return i;
}

static size_t to_utf16(const uint16_t *index, const uint32_t *runs, const uint8_t *src, size_t len,
                       uint16_t *dst)
{
    if (len < W)
        return 0;
    /* Runs shorter than 16 bytes (KOI8-R's box drawing, Latin letters
    ** of ISO-8859-3/16) rarely spare a lookup: not worth the test. */
    bool with_runs = ((runs[0] >> 8) & 0xFF) >= 16;
    /* Whether any of the 128 is unmapped (0xFFFF). */
    __m256i none = _mm256_setzero_si256();
    for (int k = 0; k < 8; k++)
        none = OR(none, _mm256_cmpeq_epi16(LOADU(index + 16 * k), _mm256_set1_epi16(-1)));
    bool total = _mm256_testz_si256(none, none) != 0;
    if (with_runs)
        return total ? blocks(index, runs, src, len, dst, true, true)
                     : blocks(index, runs, src, len, dst, true, false);
    return total ? blocks(index, runs, src, len, dst, false, true)
                 : blocks(index, runs, src, len, dst, false, false);
}

/* Encoding from UTF-16 (sb_kernels.h, from_utf16): the decode lookup's
** slices the other way round.  The encoder's table for block MAIN is 128
** bytes, 8 slices of 16; a unit's low 7 bits (packed to a byte) look it
** up in each slice with the same saturating bias, so every unit gets the
** byte its low bits name, and the unit's block says whether that is its
** byte (MAIN), itself (ASCII) or neither (the caller's table).  Until
** this the AVX2 set encoded Cyrillic, Greek, Hebrew, Arabic and Thai one
** unit at a time through the table (issue 29: windows-1253 from Greek
** text at 0.91 of encoding_rs). */

/* The 32 units at S, of which the first N (1..32) are live, into O: how
** many, from the first, are ASCII other than U+0000 or have a byte in
** block MAIN; writes those bytes, and no others. */
WENC__INLINE unsigned encode32(const vec t[8], __m256i main, const uint16_t *s, uint8_t *o,
                               unsigned n)
{
    const __m256i zero = _mm256_setzero_si256(), low7 = _mm256_set1_epi16(0x7F);
    const vec sixteen = SET1(16), bias = SET1(0x70);
    __m256i a = LOADU(s), b = LOADU(s + W / 2);
    __m256i ha = _mm256_srli_epi16(a, 7), hb = _mm256_srli_epi16(b, 7);
    /* Per unit, all ones or zeros; packed with signed saturation to one
    ** byte each, in order. */
    vec ascii = ORDER(_mm256_packs_epi16(
        _mm256_andnot_si256(_mm256_cmpeq_epi16(a, zero), _mm256_cmpeq_epi16(ha, zero)),
        _mm256_andnot_si256(_mm256_cmpeq_epi16(b, zero), _mm256_cmpeq_epi16(hb, zero))));
    vec in_main =
        ORDER(_mm256_packs_epi16(_mm256_cmpeq_epi16(ha, main), _mm256_cmpeq_epi16(hb, main)));
    vec x = ORDER(_mm256_packus_epi16(AND(a, low7), AND(b, low7)));
    vec low = x, byte = zero;
    for (int k = 0; k < 8; k++) {
        byte = OR(byte, SHUF(t[k], ADDS(x, bias)));
        x = SUB(x, sixteen);
    }
    vec ok = OR(ascii, _mm256_andnot_si256(CMPEQ(byte, zero), in_main));
    uint32_t good = ~MOVEMASK(ok);
    unsigned live = good == 0 ? W : (unsigned)__builtin_ctz(good);
    vec out = BLENDV(byte, low, ascii); /* ASCII: its low 7 bits are itself */
    if (live >= n && n == W) {
        STOREU(o, out);
        return W;
    }
    if (live > n)
        live = n;
    uint8_t tmp[W];
    STOREU(tmp, out);
    memcpy(o, tmp, live);
    return live;
}

static size_t from_utf16(const uint8_t *block, uint32_t main, const uint16_t *src, size_t len,
                         uint8_t *dst)
{
    if (len == 0)
        return 0;
    vec t[8];
    for (int k = 0; k < 8; k++)
        t[k] = TABLE(_mm_loadu_si128((const __m128i *)(block + 16 * k)));
    const __m256i m = _mm256_set1_epi16((short)main);
    size_t i = 0;
    for (; len - i >= W; i += W) {
        unsigned n = encode32(t, m, src + i, dst + i, W);
        if (n < W)
            return i + n;
    }
    if (i < len) {
        /* The last units, padded with U+0000, which stops it. */
        uint16_t last[W] = {0};
        memcpy(last, src + i, (len - i) * sizeof *last);
        i += encode32(t, m, last, dst + i, (unsigned)(len - i));
    }
    return i;
}

const wenc__sb_kernels wenc__sb_avx2 = {
    .to_utf16 = to_utf16,
    .from_utf16 = from_utf16,
    .from_utf16_table = wenc__sb_sse2_from_utf16_table,
    .from_utf8_table = wenc__sb_sse2_from_utf8_table,
};

WENC__TARGET_END

#endif /* WENC__HAVE_FAMILY_SINGLE_BYTE */
