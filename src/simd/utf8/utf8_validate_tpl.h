/* utf8_validate_tpl.h -- valid_prefix and copy_valid (utf8_kernels.h) on
** 32- and 64-byte vectors, written once over the x86 vector vocabulary
** (src/simd/vec_x86.h; the pattern of utf8_check_tpl.h) for AVX2 and
** AVX-512: each block is stored once it has passed its check, so that the
** text is read once.  The first 16 bytes, which have nothing before them,
** are checked alone (AVX-512, from 512 bytes on: then one vector, after
** which the blocks start on a multiple of 64); every later block reads
** the three bytes before each of its bytes again (TPL_CHECK_AT), two
** vectors at a time (AVX-512: the second takes them from the first,
** TPL_CHECK_PREV), then one; then 16 bytes at a time (AVX-512: the last 1 to 15 bytes too, with
** masked loads; AVX2: one vector, in the tail's code under the set's
** macro, which stays in this function: as a function of its own, clang
** laid out the main loop differently, tools/fingerprint.py).
** What the vector loop checked, SRC[0..I), may end inside a sequence; the
** scalar loop finishes from that sequence's start (and copies what it
** adds).  The includer defines:
**   TPL_V, TPL_FN(op)  the vector type and its vocabulary;
**   TPL_CHECK_AT       the block check that reads the bytes before
**                      again, TPL_CHECK_AT(in, p);
**   TPL_CHECK_PREV     (optional) the block check given the vector
**                      before, for the second of two vectors: AVX-512,
**                      whose blocks start on a multiple of 64 where a
**                      read of the bytes before crosses a cache line;
**   TPL_OPEN           non-zero where the last three bytes of a vector
**                      start a sequence it does not hold whole.
** The functions' names are fixed (validate_one, validate, valid_prefix,
** copy_valid): one instance per file. */

/* One vector at SRC + I: false at an error in it, or where it is ASCII and
** *OPEN says a sequence was left open before it; else *OPEN becomes what
** it leaves open, and it is copied to DST + I when DST is not NULL. */
WENC__INLINE bool validate_one(const uint8_t *src, size_t i, uint8_t *dst, TPL_V *open)
{
    TPL_V a = TPL_FN(loadu)(src + i), err;
    if (TPL_FN(is_ascii)(a)) {
        err = *open;
        *open = TPL_FN(zero)();
    } else {
        err = TPL_CHECK_AT(a, src + i);
        *open = TPL_OPEN(a);
    }
    if (TPL_FN(any)(err))
        return false;
    if (dst)
        TPL_FN(storeu)(dst + i, a);
    return true;
}

WENC__INLINE size_t validate(const uint8_t *src, size_t len, uint8_t *dst)
{
    const TPL_V zero = TPL_FN(zero)();
    TPL_V open = zero;
    size_t i = 0;
    if (len >= 16) {
        __m128i open16;
        if (!x86_first16(src, dst, &open16))
            return wenc__utf8_valid_finish_copy(src, 0, len, dst);
        open = TPL_FN(zext128)(open16);
        i = 16;
    }
#ifdef WENC__KERNEL_AVX512
    /* A 64-byte load that crosses a cache line costs two (issue 43: on an
    ** Intel Xeon, simdutf's icelake kernel, which aligns its loads,
    ** validated ASCII at 1.26x this loop's speed from malloc's buffers).
    ** So one vector is checked where it is, and the blocks go on from the
    ** first multiple of 64 inside it.  They read the bytes before them
    ** again, so the bytes checked twice are all the overlap costs; OPEN
    ** still says what it says: a sequence the vector left open ends in
    ** the bytes the next block starts with or after. */
    if (len - i >= 512 && ((uintptr_t)(src + i) & 63) != 0) {
        if (!validate_one(src, i, dst, &open))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        i += 64 - ((uintptr_t)(src + i) & 63);
    }
#endif
    while (len - i >= 2 * sizeof(TPL_V)) {
        TPL_V a = TPL_FN(loadu)(src + i), b = TPL_FN(loadu)(src + i + sizeof(TPL_V)), err;
        if (TPL_FN(is_ascii)(TPL_FN(or)(a, b))) {
            /* ASCII: only a sequence left open before it can be wrong.
            ** The next vectors are read again (the blocks read the bytes
            ** before them again, so nothing else carries over); with
            ** AVX2, a run of ASCII past these two goes 128 bytes a step
            ** with one test (issue 43: AVX2's validation of ASCII ran at
            ** 0.86 of simdutf's haswell kernel; AVX-512's two vectors
            ** are that step already, and four cost copies of HTML). */
            if (TPL_FN(any)(open))
                return wenc__utf8_valid_finish_copy(src, i, len, dst);
            open = zero;
            if (dst) {
                TPL_FN(storeu)(dst + i, a);
                TPL_FN(storeu)(dst + i + sizeof(TPL_V), b);
            }
            i += 2 * sizeof(TPL_V);
            while (sizeof(TPL_V) == 32 && len - i >= 128) {
                const uint8_t *p = src + i;
                TPL_V w = TPL_FN(loadu)(p), x = TPL_FN(loadu)(p + 32);
                TPL_V y = TPL_FN(loadu)(p + 64), z = TPL_FN(loadu)(p + 96);
                if (!TPL_FN(is_ascii)(TPL_FN(or)(TPL_FN(or)(w, x), TPL_FN(or)(y, z))))
                    break;
                if (dst) {
                    TPL_FN(storeu)(dst + i, w);
                    TPL_FN(storeu)(dst + i + 32, x);
                    TPL_FN(storeu)(dst + i + 64, y);
                    TPL_FN(storeu)(dst + i + 96, z);
                }
                i += 128;
            }
            continue;
        } else {
#ifdef TPL_CHECK_PREV
            err = TPL_FN(or)(TPL_CHECK_AT(a, src + i), TPL_CHECK_PREV(b, a));
#else
            err = TPL_FN(or)(TPL_CHECK_AT(a, src + i), TPL_CHECK_AT(b, src + i + sizeof(TPL_V)));
#endif
            open = TPL_OPEN(b);
        }
        if (TPL_FN(any)(err))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        if (dst) {
            TPL_FN(storeu)(dst + i, a);
            TPL_FN(storeu)(dst + i + sizeof(TPL_V), b);
        }
        i += 2 * sizeof(TPL_V);
    }
    if (len - i >= sizeof(TPL_V)) {
        if (!validate_one(src, i, dst, &open))
            return wenc__utf8_valid_finish_copy(src, i, len, dst);
        i += sizeof(TPL_V);
    }
#ifdef WENC__KERNEL_AVX512
    /* The tail, 16 bytes at a time. */
    while (len - i >= 16) {
        __m128i a = LOADU(src + i);
        if (_mm_movemask_epi8(a) == 0) {
            if (v512_any(open))
                break;
            open = v512_zero();
        } else {
            __m128i err = x86_check16_at(a, src + i);
            if (!_mm_testz_si128(err, err))
                break;
            open = _mm512_zextsi128_si512(x86_open16(a));
        }
        if (dst)
            STOREU(dst + i, a);
        i += 16;
    }
    if (i < len && len - i < 16) {
        /* The last 1 to 15 bytes (all of a short input) in one step.  ASCII
        ** is valid unless a sequence was left open before it; other bytes
        ** get one check of them and of the three bytes before each, read
        ** with masked loads (zeros elsewhere, which fail any sequence those
        ** bytes leave open, as an ASCII byte after a lead byte does).  The
        ** scalar loop runs only when this fails, to find where. */
        unsigned r = (unsigned)(len - i);
        __m128i a = _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r), src + i), err;
        bool ok;
        if (_mm_movemask_epi8(a) == 0) {
            ok = !v512_any(open);
        } else {
            if (i == 0)
                err = x86_check16(a, _mm_setzero_si128());
            else
                err = x86_check16_with(a, _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 1), src + i - 1),
                                       _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 2), src + i - 2),
                                       _mm_maskz_loadu_epi8(_bzhi_u32(~0u, r + 3), src + i - 3));
            ok = _mm_testz_si128(err, err);
        }
        if (ok) {
            if (dst)
                _mm_mask_storeu_epi8(dst + i, _bzhi_u32(~0u, r), a);
            return len;
        }
    }
#else
    /* One more vector for the tail: what is cut by the end is left to the
    ** scalar loop. */
    if (len - i >= 16) {
        __m128i a = LOADU(src + i);
        __m128i err = _mm_movemask_epi8(a) == 0 ? _mm_or_si128(_mm256_castsi256_si128(open),
                                                               _mm256_extracti128_si256(open, 1))
                                                : x86_check16_at(a, src + i);
        if (_mm_testz_si128(err, err)) {
            if (dst)
                STOREU(dst + i, a);
            i += 16;
        }
    }
#endif
    return wenc__utf8_valid_finish_copy(src, i, len, dst);
}

static size_t valid_prefix(const uint8_t *src, size_t len)
{
    return validate(src, len, NULL);
}

static size_t copy_valid(const uint8_t *src, size_t len, uint8_t *dst)
{
    return validate(src, len, dst);
}

#undef TPL_V
#undef TPL_FN
#undef TPL_CHECK_AT
#undef TPL_CHECK_PREV
#undef TPL_OPEN
