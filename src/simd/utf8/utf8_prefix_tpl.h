/* utf8_prefix_tpl.h -- valid_prefix (utf8_kernels.h) with 16-byte vectors,
** written once over the vector vocabulary (src/simd/vec_x86.h,
** vec_neon.h; see utf8_check_tpl.h for the pattern): the block check of
** utf8_lookup.h four vectors at a time, with a skip for blocks of ASCII,
** then one at a time; the scalar loop finishes from the last block that
** passed.  The includer defines:
**   TPL_V, TPL_FN(op)   the vector type and its vocabulary (128 bits);
**   TPL_CHECK           the block check, TPL_CHECK(in, prev);
**   TPL_OPEN            non-zero where the last three bytes of a vector
**                       start a sequence it does not hold whole;
**   TPL_NAME_PREFIX     the instance's name;
**   TPL_ASCII_RUNS      (optional) defined: runs of ASCII past a block of
**                       it in a loop of their own, 128 bytes and one test
**                       a step (issue 43: SSE4.1's validation of ASCII ran
**                       at 0.73 of simdutf's westmere kernel). */

static size_t TPL_NAME_PREFIX(const uint8_t *src, size_t len)
{
    const TPL_V zero = TPL_FN(zero)();
    TPL_V prev = zero, open = zero;
    size_t i = 0;
    while (len - i >= 64) {
        TPL_V a = TPL_FN(loadu)(src + i), b = TPL_FN(loadu)(src + i + 16);
        TPL_V c = TPL_FN(loadu)(src + i + 32), d = TPL_FN(loadu)(src + i + 48);
        TPL_V err;
        if (TPL_FN(is_ascii)(TPL_FN(or)(TPL_FN(or)(a, b), TPL_FN(or)(c, d)))) {
            /* ASCII: only a sequence left open before it can be wrong. */
#ifdef TPL_ASCII_RUNS
            if (TPL_FN(any)(open))
                return wenc__utf8_valid_finish(src, i, len);
            open = zero;
            i += 64;
            while (len - i >= 128) {
                const uint8_t *p = src + i;
                TPL_V x = TPL_FN(or)(TPL_FN(or)(TPL_FN(loadu)(p), TPL_FN(loadu)(p + 16)),
                                     TPL_FN(or)(TPL_FN(loadu)(p + 32), TPL_FN(loadu)(p + 48)));
                TPL_V y = TPL_FN(or)(TPL_FN(or)(TPL_FN(loadu)(p + 64), TPL_FN(loadu)(p + 80)),
                                     TPL_FN(or)(TPL_FN(loadu)(p + 96), TPL_FN(loadu)(p + 112)));
                if (!TPL_FN(is_ascii)(TPL_FN(or)(x, y)))
                    break;
                i += 128;
            }
            prev = TPL_FN(loadu)(src + i - 16);
            continue;
#else
            err = open;
            open = zero;
#endif
        } else {
            err = TPL_FN(or)(TPL_FN(or)(TPL_CHECK(a, prev), TPL_CHECK(b, a)),
                             TPL_FN(or)(TPL_CHECK(c, b), TPL_CHECK(d, c)));
            open = TPL_OPEN(d);
        }
        if (TPL_FN(any)(err))
            return wenc__utf8_valid_finish(src, i, len);
        prev = d;
        i += 64;
    }
    while (len - i >= 16) {
        TPL_V a = TPL_FN(loadu)(src + i), err;
        if (TPL_FN(is_ascii)(a)) {
            err = open;
            open = zero;
        } else {
            err = TPL_CHECK(a, prev);
            open = TPL_OPEN(a);
        }
        if (TPL_FN(any)(err))
            break;
        prev = a;
        i += 16;
    }
    return wenc__utf8_valid_finish(src, i, len);
}

#undef TPL_V
#undef TPL_FN
#undef TPL_CHECK
#undef TPL_OPEN
#undef TPL_NAME_PREFIX
#undef TPL_ASCII_RUNS
