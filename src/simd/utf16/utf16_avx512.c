/* utf16_avx512.c -- the UTF-16 kernels (utf16_kernels.h) with AVX-512
** F/BW/VL and, where the CPU has it, VBMI2 (vpcompressb): UTF-16 -> UTF-8
** in one kind of block for every unit outside the surrogates, 32 units a
** step.  Each unit's 1 to 3 bytes are built in three bytes, and two byte
** compresses (of 64 and 32 bytes) move them together; there is no branch
** and no table lookup on the mix of lengths, so text whose blocks mix 1-,
** 2- and 3-byte units (Korean: Hangul between spaces; Vietnamese) runs
** nearly as fast as any.  UTF-16LE/BE bytes -> UTF-8 and x-user-defined ->
** UTF-8 go through the same packer.  The other kernels are AVX2's, and
** without VBMI2 every kernel is AVX2's: the check is one load per call,
** never per unit. */
#include <immintrin.h>

#include "simd/target.h"

WENC__TARGET_BEGIN(WENC__TARGET_AVX512)

#include "utf16_impl.h"

/* Functions that use vpcompressb; only called after wenc__simd_vbmi2()
** (dispatch.c, once per process) said yes.  The rest
** of the file keeps the AVX-512 set's flags (F/BW/VL); the set is named
** again because in Clang a function's own target replaces its region's. */
#define VBMI2 __attribute__((target(WENC__TARGET_AVX512 ",avx512vbmi2,avx512vbmi")))

/* vpermt2b indexes for blocks of 32 units of 3 bytes: output byte K is
** byte K % 3 of unit K / 3, the first two from A (bytes 2i, 2i + 1: index
** 0..63), the third from B (byte 2i: index 64..127).  Bytes 64..95 are the
** second vector's first 32. */
#define I3(k)    (((k) % 3 == 2 ? 64 : 0) + 2 * ((k) / 3) + ((k) % 3 == 1))
#define I3_4(k)  I3(k), I3((k) + 1), I3((k) + 2), I3((k) + 3)
#define I3_16(k) I3_4(k), I3_4((k) + 4), I3_4((k) + 8), I3_4((k) + 12)
static _Alignas(64) const uint8_t three_index[128] = {
    I3_16(0), I3_16(16), I3_16(32), I3_16(48), I3_16(64), I3_16(80),
};

/* The vector constants of the loops, made before each block loop and
** hidden from the optimiser: otherwise it remakes each one inside the loop
** (a move and a broadcast per constant per block, a third of the vector
** work). */
typedef struct consts {
    __m512i ff80, f800, d800, x3f, x80, f700;
    /* vpmultishiftqb controls: per 16-bit unit U at bit O of its qword,
    ** bytes U >> 12 and U >> 6 (SHIFT12_6), or U >> 6 and U (SHIFT6_0),
    ** 8 bits each (the caller masks what it needs). */
    __m512i shift12_6, shift6_0;
    __m512i x3f0f, x80e0, x3f00, xc000, x3fff, x80c0;
    __m512i idx3_lo, idx3_hi;
} consts;

#define HIDE(x) __asm__("" : "+v"(x))

static inline void consts_init(consts *c)
{
    c->ff80 = _mm512_set1_epi16((short)0xFF80);
    c->f800 = _mm512_set1_epi16((short)0xF800);
    c->d800 = _mm512_set1_epi16((short)0xD800);
    c->x3f = _mm512_set1_epi16(0x3F);
    c->x80 = _mm512_set1_epi16(0x80);
    c->f700 = _mm512_set1_epi16((short)0xF700);
    c->shift12_6 = _mm512_set1_epi64(0x363C262C161C060C);
    c->shift6_0 = _mm512_set1_epi64(0x3036202610160006);
    c->x3f0f = _mm512_set1_epi16(0x3F0F);
    c->x80e0 = _mm512_set1_epi16((short)0x80E0);
    c->x3f00 = _mm512_set1_epi16(0x3F00);
    c->xc000 = _mm512_set1_epi16((short)0xC000);
    c->x3fff = _mm512_set1_epi16(0x3FFF);
    c->x80c0 = _mm512_set1_epi16((short)0x80C0);
    c->idx3_lo = _mm512_load_si512((const void *)three_index);
    c->idx3_hi = _mm512_load_si512((const void *)(three_index + 64));
    HIDE(c->ff80);
    HIDE(c->f800);
    HIDE(c->d800);
    HIDE(c->x3f);
    HIDE(c->x80);
    HIDE(c->f700);
    HIDE(c->shift12_6);
    HIDE(c->shift6_0);
    HIDE(c->x3f0f);
    HIDE(c->x80e0);
    HIDE(c->x3f00);
    HIDE(c->xc000);
    HIDE(c->x3fff);
    HIDE(c->x80c0);
}

/* Encodes the first N (1..32) units of V, none a surrogate (units past N
** are ignored), at D, and returns the bytes written: exactly those, with
** masked stores, so nothing past them is touched.
**
** Encoding Standard, "UTF-8 encoder": a unit below U+0080 is itself; below
** U+0800 it is 0xC0 | u >> 6, 0x80 | (u & 0x3F); else 0xE0 | u >> 12,
** 0x80 | (u >> 6 & 0x3F), 0x80 | (u & 0x3F).  Each unit gets three bytes
** X Y Z whose last one, two or three are its sequence: X (0xE0 | u >> 12,
** else 0) and Y (0x80 | (u >> 6 & 0x3F), 0xC0 | u >> 6 for 2 bytes, else
** 0) in a 16-bit lane of A, Z (0x80 | (u & 0x3F), or the ASCII unit
** itself) in the same lane of B.  The two byte permutations of
** pack32_three put the 96 bytes in order, and the non-zero bytes and every
** Z are the sequences, which one byte compress of the first 64 and one of
** the last 32 move together.  (A 32-bit lane per unit, X Y Z 0, needs a
** compress per 16 units: Korean text, whose blocks mix spaces and Hangul,
** took 1.12 times as long.) */
VBMI2 static inline size_t pack32(const consts *c, __m512i v, size_t n, uint8_t *d)
{
    __mmask32 big = _mm512_test_epi16_mask(v, c->f800);  /* 3 bytes */
    __mmask32 wide = _mm512_test_epi16_mask(v, c->ff80); /* 2 or 3 bytes */
    __m512i xy = _mm512_multishift_epi64_epi8(c->shift12_6, v);
    /* 0xEA: (a & b) | c. */
    __m512i three = _mm512_ternarylogic_epi32(xy, c->x3f0f, c->x80e0, 0xEA);
    __m512i two = _mm512_ternarylogic_epi32(xy, c->x3f00, c->xc000, 0xEA);
    __m512i a = _mm512_maskz_mov_epi16(wide, _mm512_mask_mov_epi16(two, big, three));
    __m512i b = _mm512_mask_mov_epi16(v, wide, _mm512_ternarylogic_epi32(v, c->x3f, c->x80, 0xEA));
    __m512i lo = _mm512_permutex2var_epi8(a, c->idx3_lo, b);
    __m256i hi = _mm512_castsi512_si256(_mm512_permutex2var_epi8(a, c->idx3_hi, b));
    /* Three mask bits per unit, Z's always (output byte K is Z when K % 3
    ** is 2); units past N keep none.  The or is done in mask registers: in
    ** general registers it cost a move there and back before each
    ** compress. */
    __mmask64 klo = _kor_mask64(_mm512_test_epi8_mask(lo, lo), 0x4924924924924924u);
    __mmask32 khi = _kor_mask32(_mm256_test_epi8_mask(hi, hi), 0x92492492u);
    if (n < 32) {
        klo = _bzhi_u64(klo, (unsigned)(3 * n < 64 ? 3 * n : 64));
        khi = _bzhi_u32(khi, (unsigned)(3 * n > 64 ? 3 * n - 64 : 0));
    }
    size_t nlo = (size_t)_mm_popcnt_u64(klo), nhi = (size_t)_mm_popcnt_u32(khi);
    _mm512_mask_storeu_epi8(d, _bzhi_u64(~(uint64_t)0, (unsigned)nlo),
                            _mm512_maskz_compress_epi8(klo, lo));
    _mm256_mask_storeu_epi8(d + nlo, _bzhi_u32(~0u, (unsigned)nhi),
                            _mm256_maskz_compress_epi8(khi, hi));
    return nlo + nhi;
}

/* Encodes the first N (1..32) units of V, all below U+0800 (most Cyrillic,
** Greek, Hebrew, Arabic and accented Latin text), at D as pack32 does:
** each unit's 1 or 2 bytes in its own 16-bit lane, 0xC0 | u >> 6 then 0x80
** | (u & 0x3F) (Encoding Standard, "UTF-8 encoder" steps 3-5; u >> 6 has
** 5 bits here), the second left out for ASCII (it is 0), one compress for
** all 32. */
VBMI2 static inline size_t pack32_below_800(const consts *c, __m512i v, size_t n, uint8_t *d)
{
    const __mmask64 first = 0x5555555555555555u; /* byte 0 of every 16-bit lane */
    __mmask32 wide = _mm512_test_epi16_mask(v, c->ff80);
    __m512i two = _mm512_ternarylogic_epi32(_mm512_multishift_epi64_epi8(c->shift6_0, v), c->x3fff,
                                            c->x80c0, 0xEA);
    __m512i seq = _mm512_mask_mov_epi16(v, wide, two);
    __mmask64 k = _kor_mask64(_mm512_test_epi8_mask(seq, seq), first);
    if (n < 32)
        k = _bzhi_u64(k, (unsigned)(2 * n));
    size_t len = (size_t)_mm_popcnt_u64(k);
    _mm512_mask_storeu_epi8(d, _bzhi_u64(~(uint64_t)0, (unsigned)len),
                            _mm512_maskz_compress_epi8(k, seq));
    return len;
}

/* Encodes the 32 units of V, all from U+0800 and none a surrogate (most
** Chinese, Japanese and Thai text), at D: 96 bytes.  The first two bytes
** of each unit in a 16-bit lane of A, the third in the same lane of B (as
** pack32), and two byte permutations of both (three_index) put them in
** order. */
VBMI2 static inline size_t pack32_three(const consts *c, __m512i v, uint8_t *d)
{
    __m512i a = _mm512_ternarylogic_epi32(_mm512_multishift_epi64_epi8(c->shift12_6, v), c->x3f0f,
                                          c->x80e0, 0xEA);
    __m512i b = _mm512_ternarylogic_epi32(v, c->x3f, c->x80, 0xEA);
    _mm512_storeu_si512((void *)d, _mm512_permutex2var_epi8(a, c->idx3_lo, b));
    _mm256_storeu_si256((__m256i *)(d + 64),
                        _mm512_castsi512_si256(_mm512_permutex2var_epi8(a, c->idx3_hi, b)));
    return 96;
}

/* Whether a unit of V is a surrogate. */
static inline bool has_surrogate(const consts *c, __m512i v)
{
    return _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, c->f800), c->d800) != 0;
}

/* Where the units come from: native memory (UTF-16 -> UTF-8), or UTF-16LE
** or UTF-16BE bytes (bytes_to_utf8), which are units once swapped. */
enum { NATIVE, LE, BE };

/* The scalar loops, out of line: inlined, they took the registers the
** vector loop keeps its constants and positions in.  Return units read. */
__attribute__((noinline)) static size_t scalar_units(const uint8_t *src, size_t len, int from,
                                                     uint8_t *dst, size_t cap, size_t *written)
{
    if (from == NATIVE)
        return wenc__u16_to_utf8_scalar((const uint16_t *)(const void *)src, len, dst, cap,
                                        written);
    return wenc__u16_bytes_scalar(src, 2 * len, from == BE, dst, cap, written, WENC__K8) / 2;
}

/* UTF-16 -> UTF-8 (contract: utf16_kernels.h, to_utf8) over the LEN units
** at SRC, read as FROM says; returns the units read. */
VBMI2 WENC__INLINE size_t encode_units(const uint8_t *src, size_t len, int from, uint8_t *dst,
                                       size_t cap, size_t *written)
{
#define LOAD(p) (from == BE ? _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(p)), swap) \
                            : _mm512_loadu_si512((const void *)(p)))
    const uint8_t *s = src, *end = src + 2 * len;
    uint8_t *d = dst, *dend = dst + cap;
    for (;;) {
        /* Made here rather than once per call: a call clobbers every vector
        ** register (System V ABI), so constants live across the call to
        ** scalar_units below only in memory, and the block loop loaded
        ** them from the stack, 16 loads a block (encode from UTF-16 took
        ** 1.07-1.46 times as long). */
        consts c;
        consts_init(&c);
        const __m512i ff80 = c.ff80, f800 = c.f800;
        __m512i order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
        __m512i swap = _mm512_broadcast_i32x4(
            _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
        HIDE(order);
        HIDE(swap);
        /* 32 units write at most 96 bytes. */
        while (end - s >= 64 && dend - d >= 96) {
            __m512i v = LOAD(s);
            if (!_mm512_test_epi16_mask(v, ff80)) {
                /* ASCII: 32 units, then 64 at a time while it lasts. */
                _mm256_storeu_si256((__m256i *)d, _mm512_cvtepi16_epi8(v));
                s += 64;
                d += 32;
                while (end - s >= 128 && dend - d >= 64) {
                    __m512i x = LOAD(s);
                    __m512i y = LOAD(s + 64);
                    if (_mm512_test_epi16_mask(_mm512_or_si512(x, y), ff80))
                        break;
                    _mm512_storeu_si512((void *)d,
                                        _mm512_permutexvar_epi64(order, _mm512_packus_epi16(x, y)));
                    s += 128;
                    d += 64;
                }
                continue;
            }
            /* One kind of block per branch, so that a run of one kind
            ** predicts well: units from U+0800 (mask bits) or not. */
            __mmask32 big = _mm512_test_epi16_mask(v, f800);
            if (big == 0)
                d += pack32_below_800(&c, v, 32, d);
            else if (has_surrogate(&c, v))
                break;
            else if (big == 0xFFFFFFFFu)
                d += pack32_three(&c, v, d);
            else
                d += pack32(&c, v, 32, d);
            s += 64;
        }
        size_t rest = (size_t)(end - s) / 2, room = (size_t)(dend - d);
        if (rest < 32 && rest <= room / 3) {
            /* The last 0 to 31 units, read with a masked load (zeros past
            ** the end, which pack32 leaves out), when they fit whatever
            ** their lengths. */
            if (rest == 0)
                break;
            __m512i v = _mm512_maskz_loadu_epi16(_bzhi_u32(~0u, (unsigned)rest), s);
            if (from == BE)
                v = _mm512_shuffle_epi8(v, swap);
            if (!has_surrogate(&c, v)) {
                d += pack32(&c, v, rest, d);
                s += 2 * rest;
                break;
            }
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = rest < 32 || room < 96;
        size_t w, n = scalar_units(s, tail || rest < 33 ? rest : 33, from, d, room, &w);
        s += 2 * n;
        d += w;
        if (tail || n == 0)
            break;
    }
#undef LOAD
    *written = (size_t)(d - dst);
    return (size_t)(s - src) / 2;
}

VBMI2 static size_t to_utf8_vbmi2(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                                  size_t *written)
{
    return encode_units((const uint8_t *)(const void *)src, len, NATIVE, dst, cap, written);
}

/* UTF-16LE/BE bytes -> UTF-8 in one pass: the same loop on swapped units
** (x86 is little-endian: UTF-16LE bytes are native units).  An odd last
** byte is never part of a unit. */
VBMI2 static size_t bytes_to_utf8_vbmi2(const uint8_t *src, size_t len, bool be, uint8_t *dst,
                                        size_t cap, size_t *written)
{
    return 2 * (be ? encode_units(src, len / 2, BE, dst, cap, written)
                   : encode_units(src, len / 2, LE, dst, cap, written));
}

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    if (!wenc__simd_vbmi2())
        return wenc__utf16_avx2_to_utf8(src, len, dst, cap, written);
    return to_utf8_vbmi2(src, len, dst, cap, written);
}

static size_t bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written)
{
    if (len < 2 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    if (!wenc__simd_vbmi2())
        return wenc__utf16_avx2_bytes_to_utf8(src, len, be, dst, cap, written);
    return bytes_to_utf8_vbmi2(src, len, be, dst, cap, written);
}

/* x-user-defined -> UTF-8: 32 bytes at a time, copied when ASCII, else
** made into their units (3. a byte 0x80..0xFF is U+F780 + byte - 0x80,
** Encoding Standard, "x-user-defined decoder") and packed as UTF-16 is. */
VBMI2 static size_t xud_to_utf8_vbmi2(const uint8_t *src, size_t len, uint8_t *dst, size_t cap,
                                      size_t *written)
{
    consts c;
    consts_init(&c);
    size_t pos = 0, out = 0;
    while (len - pos >= 32 && cap - out >= 96) {
        __m256i raw = _mm256_loadu_si256((const __m256i *)(src + pos));
        __mmask32 high = (__mmask32)_mm256_movemask_epi8(raw);
        if (high == 0) {
            _mm256_storeu_si256((__m256i *)(dst + out), raw);
            out += 32;
        } else {
            __m512i u = _mm512_cvtepu8_epi16(raw);
            out += pack32(&c, _mm512_mask_add_epi16(u, high, u, c.f700), 32, dst + out);
        }
        pos += 32;
    }
    size_t w;
    pos += wenc__xud_scalar(src + pos, len - pos, dst + out, cap - out, &w, WENC__K8);
    *written = out + w;
    return pos;
}

static size_t xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    if (!wenc__simd_vbmi2())
        return wenc__utf16_avx2_xud_to_utf8(src, len, dst, cap, written);
    return xud_to_utf8_vbmi2(src, len, dst, cap, written);
}

/* ASCII units narrowed to bytes, 64 a step with one test (issue 43: with
** SSE2's 32-unit step, the encoder's ASCII ran at 0.82 of simdutf's
** icelake kernel from UTF-16); then 32 at a time with masked loads and
** stores, which find where the ASCII ends and write no byte past it. */
static size_t utf16_to_ascii(const uint16_t *src, size_t len, uint8_t *dst)
{
    const __m512i high = _mm512_set1_epi16((short)0xFF80);
    size_t i = 0;
    for (; len - i >= 64; i += 64) {
        __m512i a = _mm512_loadu_si512((const void *)(src + i));
        __m512i b = _mm512_loadu_si512((const void *)(src + i + 32));
        if (_mm512_test_epi16_mask(_mm512_or_si512(a, b), high) != 0)
            break;
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), _mm512_cvtepi16_epi8(a));
        _mm256_storeu_si256((__m256i *)(void *)(dst + i + 32), _mm512_cvtepi16_epi8(b));
    }
    while (i < len) {
        unsigned r = len - i < 32 ? (unsigned)(len - i) : 32;
        __m512i v = _mm512_maskz_loadu_epi16(_bzhi_u32(~0u, r), src + i);
        uint32_t bad = _mm512_test_epi16_mask(v, high);
        unsigned k = bad != 0 ? (unsigned)__builtin_ctz(bad) : r;
        _mm256_mask_storeu_epi8(dst + i, _bzhi_u32(~0u, k), _mm512_cvtepi16_epi8(v));
        i += k;
        if (k < r)
            break;
    }
    return i;
}

const wenc__utf16_kernels wenc__utf16_avx512 = {
    .to_utf8 = to_utf8,
    .utf8_length = wenc__utf16_avx2_utf8_length,
    .bytes_to_utf16 = wenc__utf16_avx2_bytes_to_utf16,
    .bytes_to_utf8 = bytes_to_utf8,
    .bytes_to_utf32 = wenc__utf16_avx2_bytes_to_utf32,
    .xud_to_utf16 = wenc__utf16_sse2_xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
    .utf16_to_ascii = utf16_to_ascii,
    .utf32_to_ascii = wenc__utf16_sse2_utf32_to_ascii,
    .utf32_to_bmp = wenc__utf16_sse2_utf32_to_bmp,
};

WENC__TARGET_END
