/* iso2022jp_copy_tpl.h -- the copy driver of the ISO-2022-JP kernels
** (iso2022jp_kernels.h), written once over the vector vocabulary
** (src/simd/vec_x86.h; the pattern of src/simd/utf8/utf8_check_tpl.h) for
** vectors of TPL_N units: the first 4 * TPL_N one vector at a time, then
** 4 * TPL_N at once while none of them stops, then one vector at a time to
** find where.  The includer defines:
**   TPL_V, TPL_FN(op)  the vector type and its vocabulary;
**   TPL_N              the units (bytes) a vector holds;
**   TPL_LOAD(src, i, form)       the TPL_N units at unit I of SRC as bytes,
**                                a unit from 0x80 as 0x80;
**   TPL_STORE(dst, i, v, form)   the TPL_N bytes V at unit I of DST, in
**                                the copy's output form;
**   TPL_STOPS(v)       V with the top bit set in the bytes that stop the
**                      copy (80 and up, 0E, 0F, 1B);
**   TPL_NAME_STEP, TPL_NAME_COPY  the instances' names (the copy is the
**                      COPY of WENC__ISO2022JP_KERNELS). */

/* One vector at unit *I, or the input's last TPL_N units when fewer are
** left (those before *I were found plain already, so its first stop is the
** first from *I).  All TPL_N are stored, those past a stop as scratch.
** Advances *I past the units copied; false at a stop or the input's end. */
WENC__INLINE bool TPL_NAME_STEP(const void *src, size_t *i, size_t len, void *dst, const int form)
{
    size_t at = len - *i < TPL_N ? len - TPL_N : *i;
    TPL_V v = TPL_LOAD(src, at, form);
    unsigned stops = (unsigned)TPL_FN(movemask)(TPL_STOPS(v));
    TPL_STORE(dst, at, v, form);
    *i = at + (stops != 0 ? (unsigned)__builtin_ctz(stops) : TPL_N);
    return stops == 0 && *i < len;
}

WENC__INLINE size_t TPL_NAME_COPY(const void *src, size_t len, void *dst, const int form)
{
    size_t i = 0;
    if (len < TPL_N) {
        for (; i < len; i++) {
            uint32_t u = form == WENC__JP_FROM_UTF16 ? ((const uint16_t *)src)[i]
                                                     : ((const uint8_t *)src)[i];
            if (!wenc__iso2022jp_plain(u))
                break;
            if (form == WENC__JP_TO_UTF16)
                ((uint16_t *)dst)[i] = (uint16_t)u;
            else if (form == WENC__JP_TO_UTF32)
                ((uint32_t *)dst)[i] = u;
            else
                ((uint8_t *)dst)[i] = (uint8_t)u;
        }
        return i;
    }
    /* The first four vectors one at a time: most runs of markup in a
    ** Japanese page are shorter. */
    for (int k = 0; k < 4; k++)
        if (!TPL_NAME_STEP(src, &i, len, dst, form))
            return i;
    /* Then four at once; the position advances by a constant until a stop,
    ** so the next loads need not wait for this step's test (advancing by
    ** each load's count ran at 2-3 GB/s with SSE2). */
    for (; len - i >= 4 * TPL_N; i += 4 * TPL_N) {
        TPL_V a = TPL_LOAD(src, i, form), b = TPL_LOAD(src, i + TPL_N, form);
        TPL_V c = TPL_LOAD(src, i + 2 * TPL_N, form), d = TPL_LOAD(src, i + 3 * TPL_N, form);
        TPL_V any = TPL_FN(or)(TPL_FN(or)(TPL_STOPS(a), TPL_STOPS(b)),
                               TPL_FN(or)(TPL_STOPS(c), TPL_STOPS(d)));
        if (TPL_FN(movemask)(any) != 0)
            break;
        TPL_STORE(dst, i, a, form);
        TPL_STORE(dst, i + TPL_N, b, form);
        TPL_STORE(dst, i + 2 * TPL_N, c, form);
        TPL_STORE(dst, i + 3 * TPL_N, d, form);
    }
    /* Then one vector at a time to find where. */
    while (i < len && TPL_NAME_STEP(src, &i, len, dst, form))
        ;
    return i;
}

#undef TPL_V
#undef TPL_FN
#undef TPL_N
#undef TPL_LOAD
#undef TPL_STORE
#undef TPL_STOPS
#undef TPL_NAME_STEP
#undef TPL_NAME_COPY
