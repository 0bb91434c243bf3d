/* utf16_sse2.c -- the UTF-16 kernels (utf16_kernels.h) with SSE2, the
** x86-64 baseline: eight units per vector.  UTF-16 -> UTF-8 packs ASCII
** with packus and the rest of the BMP through 32-bit lanes stored one unit
** at a time (pack8; the shuffles of utf16_sse41.c need SSSE3); the
** UTF-16LE/BE byte swap, its surrogate checks, the UTF-8 length count and
** x-user-defined's add are vector throughout.  Anything a vector test
** rejects goes to the scalar loops of utf16_impl.h, a block at a time.
** The encode engine's narrowing (utf16_to_ascii, utf32_to_ascii,
** utf32_to_bmp) is here alone: the newer x86 sets share it. */
#include <emmintrin.h>

#include "simd/vec_x86.h"
#include "utf16_impl.h"

/* The UTF-8 bytes of the 8 units of V, none a surrogate, at D (issue 29):
** each unit's bytes are formed in a 32-bit lane, zero past its length
** (1 to 3 bytes), and stored four at a time, each store starting where
** the previous unit's bytes end.  Without pshufb that is the cheapest way
** to pack them, and it takes no branch per unit, so that text mixing
** scripts and spaces costs no mispredictions.  The stores write up to
** three bytes past the block's bytes: what D held there is returned in
** *KEPT (four bytes, read before the stores) for the caller to put back
** when it stops (the next block overwrites them otherwise), so that
** nothing past the bytes written is changed.  D has room for 28 bytes.
** Returns the bytes of the block. */
WENC__INLINE size_t pack8(__m128i v, uint8_t *d, uint32_t *kept)
{
    const __m128i zero = _mm_setzero_si128(), x3f = _mm_set1_epi16(0x3F);
    const __m128i x80 = _mm_set1_epi16(0x80);
    __m128i ascii = _mm_cmpeq_epi16(_mm_subs_epu16(v, _mm_set1_epi16(0x7F)), zero);
    __m128i small = _mm_cmpeq_epi16(_mm_subs_epu16(v, _mm_set1_epi16(0x7FF)), zero);
    /* The continuation bytes of bits 0-5 and 6-11, and the two leads. */
    __m128i last = _mm_or_si128(_mm_and_si128(v, x3f), x80);
    __m128i mid = _mm_or_si128(_mm_and_si128(_mm_srli_epi16(v, 6), x3f), x80);
    __m128i two = _mm_or_si128(_mm_or_si128(_mm_srli_epi16(v, 6), _mm_set1_epi16(0xC0)),
                               _mm_slli_epi16(last, 8));
    __m128i three = _mm_or_si128(_mm_or_si128(_mm_srli_epi16(v, 12), _mm_set1_epi16(0xE0)),
                                 _mm_slli_epi16(mid, 8));
    /* Bytes 0-1 of each unit's form, and byte 2 (a third byte only). */
    __m128i lo = _mm_or_si128(_mm_and_si128(ascii, v),
                              _mm_andnot_si128(ascii, _mm_or_si128(_mm_and_si128(small, two),
                                                                  _mm_andnot_si128(small, three))));
    __m128i hi = _mm_andnot_si128(small, last);
    /* The lengths, 3 less one per mask that holds, and their sum. */
    __m128i n = _mm_packus_epi16(_mm_add_epi16(_mm_add_epi16(ascii, small), _mm_set1_epi16(3)),
                                 zero);
    size_t total = (size_t)_mm_cvtsi128_si32(_mm_sad_epu8(n, zero));
    uint32_t w[8];
    uint8_t len[16];
    _mm_storeu_si128((__m128i *)(void *)w, _mm_unpacklo_epi16(lo, hi));
    _mm_storeu_si128((__m128i *)(void *)(w + 4), _mm_unpackhi_epi16(lo, hi));
    _mm_storeu_si128((__m128i *)(void *)len, n);
    memcpy(kept, d + total, 4);
    size_t o = 0;
    for (unsigned k = 0; k < 8; k++) {
        /* The bytes in memory order (the lanes are little-endian, as x86 is). */
        memcpy(d + o, &w[k], 4);
        o += len[k];
    }
    return total;
}

/* The 8 units at the bytes P, read as FROM says (utf16_impl.h). */
static inline __m128i load_units(const uint8_t *p, int from)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return from == WENC__U16_BE ? _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8)) : v;
}

/* The LEN units at the bytes SRC, read as FROM says, to UTF-8 (to_utf8's
** contract, utf16_kernels.h): returns the units read.  UTF-16LE/BE bytes
** take this loop too, swapped as they are loaded (issue 43), rather than
** a pass to native units and then one to UTF-8. */
WENC__INLINE size_t encode_units(const uint8_t *src, size_t len, int from, uint8_t *dst,
                                 size_t cap, size_t *written)
{
    const __m128i high = _mm_set1_epi16((short)0xFF80);
    const __m128i f800 = _mm_set1_epi16((short)0xF800), d800 = _mm_set1_epi16((short)0xD800);
    size_t pos = 0, out = 0;
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        /* Sixteen ASCII units at a time. */
        while (len - pos >= 16 && cap - out >= 16) {
            __m128i a = load_units(src + 2 * pos, from);
            __m128i b = load_units(src + 2 * pos + 16, from);
            __m128i any = _mm_and_si128(_mm_or_si128(a, b), high);
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(any, _mm_setzero_si128())) != 0xFFFF)
                break;
            _mm_storeu_si128((__m128i *)(dst + out), _mm_packus_epi16(a, b));
            pos += 16;
            out += 16;
        }
        /* Then blocks of 8 units of the BMP without surrogates, whatever
        ** their lengths, until a block of ASCII (back to the loop above)
        ** or one with a surrogate (to the scalar loop). */
        if (len - pos >= 8 && cap - out >= 28) {
            uint32_t kept;
            bool packed = false, ascii = false;
            do {
                __m128i v = load_units(src + 2 * pos, from);
                if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, f800), d800)) != 0)
                    break;
                size_t n = pack8(v, dst + out, &kept);
                packed = true;
                pos += 8;
                out += n;
                ascii = n == 8;
            } while (!ascii && len - pos >= 8 && cap - out >= 28);
            if (packed)
                memcpy(dst + out, &kept, 4);
            if (ascii)
                continue;
        }
        /* The rest of the input, or the next 16 units (and the trailing
        ** surrogate of a pair that ends them) in scalar.  A stop before
        ** the window's end that reads nothing is the kernel's stop. */
        bool tail = len - pos < 8 || cap - out < 28;
        size_t w, n = tail || len - pos < 17 ? len - pos : 17;
        n = wenc__u16_to_utf8_step(src, from, pos, n, dst, out, cap, &w);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

static size_t to_utf8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return encode_units((const uint8_t *)(const void *)src, len, WENC__U16_NATIVE, dst, cap,
                        written);
}

/* The sum of the eight 16-bit lanes of V. */
static size_t sum16(__m128i v)
{
    __m128i s = _mm_madd_epi16(v, _mm_set1_epi16(1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (size_t)(uint32_t)_mm_cvtsi128_si32(s);
}

#define TPL_V __m128i
#define TPL_FN(op) v128_##op
#define TPL_SUM16 sum16
#define TPL_EXTERN_LENGTH wenc__utf16_sse2_utf8_length
#include "utf16_length_tpl.h"

/* The units of V (LE bytes as loaded) in native order for BE input. */
static __m128i swap16(__m128i v)
{
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}

/* Whether the units of V are scalar values or pairs complete in V: the
** leading surrogates, moved up one unit, are exactly the trailing ones,
** and the last unit is not a leading surrogate. */
static bool whole(__m128i v)
{
    const __m128i f800 = _mm_set1_epi16((short)0xF800), fc00 = _mm_set1_epi16((short)0xFC00);
    if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, f800), _mm_set1_epi16((short)0xD800))) ==
        0)
        return true;
    __m128i top = _mm_and_si128(v, fc00);
    unsigned lead =
        (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(top, _mm_set1_epi16((short)0xD800)));
    unsigned trail =
        (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(top, _mm_set1_epi16((short)0xDC00)));
    return ((lead << 2) & 0xFFFF) == trail && (lead & 0xC000) == 0;
}

WENC__INLINE size_t bytes_to(const uint8_t *src, size_t len, bool be, void *dst, size_t cap,
                             size_t *written, int form)
{
    const __m128i f800 = _mm_set1_epi16((short)0xF800), d800 = _mm_set1_epi16((short)0xD800);
    size_t pos = 0, out = 0;
    for (;;) {
        /* Text without surrogates: 16 units at a time, one test for both
        ** vectors. */
        while (form == WENC__K16 && len - pos >= 32 && cap - out >= 16) {
            __m128i a = _mm_loadu_si128((const __m128i *)(src + pos));
            __m128i b = _mm_loadu_si128((const __m128i *)(src + pos + 16));
            if (be) {
                a = swap16(a);
                b = swap16(b);
            }
            __m128i sur = _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(a, f800), d800),
                                       _mm_cmpeq_epi16(_mm_and_si128(b, f800), d800));
            if (_mm_movemask_epi8(sur) != 0)
                break;
            _mm_storeu_si128((__m128i *)((uint16_t *)dst + out), a);
            _mm_storeu_si128((__m128i *)((uint16_t *)dst + out + 8), b);
            pos += 32;
            out += 16;
        }
        while (len - pos >= 16 && cap - out >= 8) {
            __m128i v = _mm_loadu_si128((const __m128i *)(src + pos));
            if (be)
                v = swap16(v);
            if (form == WENC__K16) {
                if (!whole(v))
                    break;
                _mm_storeu_si128((__m128i *)((uint16_t *)dst + out), v);
            } else {
                /* UTF-32: pairs are left to the scalar loop. */
                __m128i sur = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xF800)),
                                              _mm_set1_epi16((short)0xD800));
                if (_mm_movemask_epi8(sur) != 0)
                    break;
                uint32_t *d = (uint32_t *)dst + out;
                _mm_storeu_si128((__m128i *)d, _mm_unpacklo_epi16(v, _mm_setzero_si128()));
                _mm_storeu_si128((__m128i *)(d + 4), _mm_unpackhi_epi16(v, _mm_setzero_si128()));
            }
            pos += 16;
            out += 8;
        }
        /* The tail, or this block (and the trailing surrogate of a pair
        ** that ends it) in scalar. */
        bool tail = len - pos < 16 || cap - out < 8;
        size_t w, n = wenc__u16_bytes_scalar(src + pos, tail || len - pos < 18 ? len - pos : 18, be,
                                             form == WENC__K16 ? (void *)((uint16_t *)dst + out)
                                                               : (void *)((uint32_t *)dst + out),
                                             cap - out, &w, form);
        pos += n;
        out += w;
        if (tail || n == 0)
            break;
    }
    *written = out;
    return pos;
}

size_t wenc__utf16_sse2_bytes_to_utf16(const uint8_t *src, size_t len, bool be, uint16_t *dst,
                                       size_t cap, size_t *written)
{
    if (cap == 0 || len < 2) { /* DST or SRC may be NULL */
        *written = 0;
        return 0;
    }
    /* The byte order a constant in each copy of the loop. */
    return be ? bytes_to(src, len, true, dst, cap, written, WENC__K16)
              : bytes_to(src, len, false, dst, cap, written, WENC__K16);
}

size_t wenc__utf16_sse2_bytes_to_utf32(const uint8_t *src, size_t len, bool be, uint32_t *dst,
                                       size_t cap, size_t *written)
{
    if (cap == 0 || len < 2) {
        *written = 0;
        return 0;
    }
    return be ? bytes_to(src, len, true, dst, cap, written, WENC__K32)
              : bytes_to(src, len, false, dst, cap, written, WENC__K32);
}

/* x86 is little-endian: UTF-16LE bytes are native units, and an odd last
** byte is never part of one. */
static size_t bytes_to_utf8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                            size_t *written)
{
    return 2 * (be ? encode_units(src, len / 2, WENC__U16_BE, dst, cap, written)
                   : encode_units(src, len / 2, WENC__U16_LE, dst, cap, written));
}

size_t wenc__utf16_sse2_xud_to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                     size_t *written)
{
    /* 0x80..0xFF become U+F780..U+F7FF: add 0xF700 to them. */
    const __m128i x7f = _mm_set1_epi16(0x7F), f700 = _mm_set1_epi16((short)0xF700);
    size_t pos = 0;
    while (len - pos >= 16 && cap - pos >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(src + pos));
        __m128i lo = _mm_unpacklo_epi8(v, _mm_setzero_si128());
        __m128i hi = _mm_unpackhi_epi8(v, _mm_setzero_si128());
        lo = _mm_add_epi16(lo, _mm_and_si128(_mm_cmpgt_epi16(lo, x7f), f700));
        hi = _mm_add_epi16(hi, _mm_and_si128(_mm_cmpgt_epi16(hi, x7f), f700));
        _mm_storeu_si128((__m128i *)(dst + pos), lo);
        _mm_storeu_si128((__m128i *)(dst + pos + 8), hi);
        pos += 16;
    }
    size_t w = 0;
    if (pos < len && pos < cap)
        pos += wenc__xud_scalar(src + pos, len - pos, dst + pos, cap - pos, &w, WENC__K16);
    *written = pos;
    return pos;
}

static size_t xud_to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    return wenc__xud_to_utf8_via(src, len, dst, cap, written, wenc__utf16_sse2_xud_to_utf16,
                                 to_utf8);
}

/* ASCII units narrowed to bytes.  32 units a step first: half the loop
** overhead of the 16-unit step (whose speed moved between 27 and 46 GB/s
** with the code's placement alone).  packus would saturate units >= 0x8000
** to 0, so the units' top bits are tested first. */
size_t wenc__utf16_sse2_utf16_to_ascii(const uint16_t *src, size_t len, uint8_t *dst)
{
    const __m128i high = _mm_set1_epi16((short)0xFF80);
    size_t i = 0;
    for (; i + 32 <= len; i += 32) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 8));
        __m128i d = _mm_loadu_si128((const __m128i *)(src + i + 16));
        __m128i e = _mm_loadu_si128((const __m128i *)(src + i + 24));
        __m128i any = _mm_and_si128(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(d, e)), high);
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(any, _mm_setzero_si128())) != 0xFFFF)
            break;
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(a, b));
        _mm_storeu_si128((__m128i *)(dst + i + 16), _mm_packus_epi16(d, e));
    }
    for (; i + 16 <= len; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 8));
        __m128i any = _mm_and_si128(_mm_or_si128(a, b), high);
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(any, _mm_setzero_si128())) != 0xFFFF)
            break;
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(a, b));
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = (uint8_t)src[i];
    return i;
}

size_t wenc__utf16_sse2_utf32_to_ascii(const uint32_t *src, size_t len, uint8_t *dst)
{
    const __m128i high = _mm_set1_epi32(~0x7F);
    size_t i = 0;
    for (; i + 16 <= len; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 4));
        __m128i d = _mm_loadu_si128((const __m128i *)(src + i + 8));
        __m128i e = _mm_loadu_si128((const __m128i *)(src + i + 12));
        __m128i any = _mm_and_si128(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(d, e)), high);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(any, _mm_setzero_si128())) != 0xFFFF)
            break;
        _mm_storeu_si128((__m128i *)(dst + i),
                         _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(d, e)));
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = (uint8_t)src[i];
    return i;
}

size_t wenc__utf16_sse2_utf32_to_bmp(const uint32_t *src, size_t len, uint16_t *dst)
{
    const __m128i bias = _mm_set1_epi32(0x8000), flip = _mm_set1_epi16((short)0x8000);
    const __m128i surrogate = _mm_set1_epi16((short)0xD800), mask = _mm_set1_epi16((short)0xF800);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 4));
        /* Units below 0x10000, biased into the signed range that packs
        ** keeps as it is, and back (SSE2 has no unsigned 32-to-16 pack);
        ** others come out wrong, but then the block is not stored. */
        __m128i w =
            _mm_xor_si128(_mm_packs_epi32(_mm_sub_epi32(a, bias), _mm_sub_epi32(b, bias)), flip);
        __m128i below =
            _mm_cmpeq_epi32(_mm_srli_epi32(_mm_or_si128(a, b), 16), _mm_setzero_si128());
        __m128i surrogates = _mm_cmpeq_epi16(_mm_and_si128(w, mask), surrogate);
        if (_mm_movemask_epi8(_mm_andnot_si128(surrogates, below)) != 0xFFFF)
            break;
        _mm_storeu_si128((__m128i *)(dst + i), w);
    }
    for (; i < len && src[i] <= 0xFFFF && (src[i] & 0xF800) != 0xD800; i++)
        dst[i] = (uint16_t)src[i];
    return i;
}

const wenc__utf16_kernels wenc__utf16_sse2 = {
    .to_utf8 = to_utf8,
    .utf8_length = wenc__utf16_sse2_utf8_length,
    .bytes_to_utf16 = wenc__utf16_sse2_bytes_to_utf16,
    .bytes_to_utf8 = bytes_to_utf8,
    .bytes_to_utf32 = wenc__utf16_sse2_bytes_to_utf32,
    .xud_to_utf16 = wenc__utf16_sse2_xud_to_utf16,
    .xud_to_utf8 = xud_to_utf8,
    .utf16_to_ascii = wenc__utf16_sse2_utf16_to_ascii,
    .utf32_to_ascii = wenc__utf16_sse2_utf32_to_ascii,
    .utf32_to_bmp = wenc__utf16_sse2_utf32_to_bmp,
};
