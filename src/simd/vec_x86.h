/* vec_x86.h -- the x86 vector vocabulary of the kernel templates (the
** <name>_tpl.h files of src/simd/<family>): one set of macros per vector
** width, named by width (v128_, v256_, v512_), each a single intrinsic or
** the fixed sequence the kernels always wrote for it, so that an algorithm
** written once over the vocabulary compiles to what the per-width copies
** compiled to (tools/fingerprint.py; issue 30).  A template takes the
** width through VEC (the type) and VEC_FN(name) (the vocabulary of that
** width).
**
** Macros, not functions: each width is defined only in files compiled for
** a set that has it (the includer's WENC__KERNEL_* macros say which,
** target.h), so tools/amalgamate expands this header once per includer and
** would rename functions per file, which a template's pasted names
** (TPL_FN(op)) could not follow; macros it #undefs at each file's end. */
#ifndef WENC_VEC_X86_H
#define WENC_VEC_X86_H

#include <stdint.h>

/* 128 bits: SSE2, the x86-64 baseline (every x86 kernel file). */
#define v128_zero() _mm_setzero_si128()
#define v128_and(a, b) _mm_and_si128((a), (b))
#define v128_or(a, b) _mm_or_si128((a), (b))
#define v128_xor(a, b) _mm_xor_si128((a), (b))
#define v128_set1_u8(x) _mm_set1_epi8((char)(x))
#define v128_subs_u8(a, b) _mm_subs_epu8((a), (b))
#define v128_loadu(p) _mm_loadu_si128((const __m128i *)(p))
#define v128_storeu(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
/* The top bit of each byte of V, byte I as bit I. */
#define v128_movemask(v) _mm_movemask_epi8(v)
/* Whether no byte of V has its high bit set (is ASCII). */
#define v128_is_ascii(v) (_mm_movemask_epi8(v) == 0)
/* How many bytes of V are ASCII before the first that is not (16 if none
** is). */
#define v128_ascii_len(v) ((unsigned)__builtin_ctz((unsigned)_mm_movemask_epi8(v) | 0x10000u))
/* 16-bit lanes (UTF-16 units). */
#define v128_set1_u16(x) _mm_set1_epi16((short)(x))
#define v128_eq_u16(a, b) _mm_cmpeq_epi16((a), (b))
#define v128_sub_u16(a, b) _mm_sub_epi16((a), (b))
/* Whether any lane of M, a comparison's result (each lane all ones or
** zero), is set. */
#define v128_any_lane(m) (_mm_movemask_epi8(m) != 0)

#if defined(WENC__KERNEL_SSE41) || defined(WENC__KERNEL_AVX2)
/* 128 bits, SSSE3 and SSE4.1 (the table lookup, the byte shift, ptest). */
/* The 16-byte table at P (aligned), in every 128-bit lane. */
#define v128_table(p) _mm_load_si128((const __m128i *)(p))
/* Each byte's high and low nibble (the shift is of 16-bit lanes: x86 has
** no byte shift, and the mask drops the bits it brings in). */
#define v128_high_nibble(v) _mm_and_si128(_mm_srli_epi16((v), 4), _mm_set1_epi8(0x0F))
#define v128_low_nibble(v) _mm_and_si128((v), _mm_set1_epi8(0x0F))
/* Each byte of IDX (0..15) replaced by that byte of T's lane. */
#define v128_lookup(t, idx) _mm_shuffle_epi8((t), (idx))
/* Whether any bit of V is set. */
#define v128_any(v) (!_mm_testz_si128((v), (v)))
/* Whether V has no bit of M set. */
#define v128_none(v, m) _mm_testz_si128((v), (m))
/* The bytes K (1..3) before each byte of IN, PREV being the 16 before. */
#define v128_before(in, prev, k) _mm_alignr_epi8((in), (prev), 16 - (k))
#endif

#ifdef WENC__KERNEL_AVX2
/* 256 bits. */
#define v256_and(a, b) _mm256_and_si256((a), (b))
#define v256_or(a, b) _mm256_or_si256((a), (b))
#define v256_xor(a, b) _mm256_xor_si256((a), (b))
#define v256_set1_u8(x) _mm256_set1_epi8((char)(x))
#define v256_subs_u8(a, b) _mm256_subs_epu8((a), (b))
#define v256_loadu(p) _mm256_loadu_si256((const __m256i *)(p))
#define v256_storeu(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define v256_movemask(v) _mm256_movemask_epi8(v)
#define v256_is_ascii(v) (_mm256_movemask_epi8(v) == 0)
#define v256_zero() _mm256_setzero_si256()
#define v256_set1_u16(x) _mm256_set1_epi16((short)(x))
#define v256_eq_u16(a, b) _mm256_cmpeq_epi16((a), (b))
#define v256_sub_u16(a, b) _mm256_sub_epi16((a), (b))
#define v256_any_lane(m) (!_mm256_testz_si256((m), (m)))
#define v256_any(v) (!_mm256_testz_si256((v), (v)))
#define v256_none(v, m) _mm256_testz_si256((v), (m))
/* The 128 bits V in the low lane, zeros above. */
#define v256_zext128(v) _mm256_zextsi128_si256(v)
#define v256_table(p) _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(p)))
#define v256_high_nibble(v) _mm256_and_si256(_mm256_srli_epi16((v), 4), _mm256_set1_epi8(0x0F))
#define v256_low_nibble(v) _mm256_and_si256((v), _mm256_set1_epi8(0x0F))
#define v256_lookup(t, idx) _mm256_shuffle_epi8((t), (idx))
/* Each 128-bit lane's bytes before it come from the lane below (or PREV's
** upper lane). */
#define v256_before(in, prev, k)                                                                   \
    _mm256_alignr_epi8((in), _mm256_permute2x128_si256((prev), (in), 0x21), 16 - (k))
#endif

#ifdef WENC__KERNEL_AVX512
/* 512 bits (AVX-512 F and BW). */
#define v512_and(a, b) _mm512_and_si512((a), (b))
#define v512_or(a, b) _mm512_or_si512((a), (b))
#define v512_xor(a, b) _mm512_xor_si512((a), (b))
#define v512_set1_u8(x) _mm512_set1_epi8((char)(x))
#define v512_subs_u8(a, b) _mm512_subs_epu8((a), (b))
#define v512_zero() _mm512_setzero_si512()
#define v512_loadu(p) _mm512_loadu_si512((p))
#define v512_storeu(p, v) _mm512_storeu_si512((p), (v))
#define v512_is_ascii(v) (_mm512_test_epi8_mask((v), _mm512_set1_epi8((char)0x80)) == 0)
#define v512_any(v) (_mm512_test_epi64_mask((v), (v)) != 0)
#define v512_zext128(v) _mm512_zextsi128_si512(v)
#define v512_table(p) _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)(p)))
#define v512_high_nibble(v) _mm512_and_si512(_mm512_srli_epi16((v), 4), _mm512_set1_epi8(0x0F))
#define v512_low_nibble(v) _mm512_and_si512((v), _mm512_set1_epi8(0x0F))
#define v512_lookup(t, idx) _mm512_shuffle_epi8((t), (idx))
/* Each 128-bit lane's bytes before it come from the lane below (or PREV's
** upper lane). */
#define v512_before(in, prev, k) _mm512_alignr_epi8((in), _mm512_alignr_epi64((in), (prev), 6), 16 - (k))
#endif

#endif /* WENC_VEC_X86_H */
