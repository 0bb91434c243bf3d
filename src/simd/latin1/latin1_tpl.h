/* latin1_tpl.h -- the vector kernels of latin1_kernels.h, written once
** over the steps each instruction set's file defines (the pattern of
** sb_decode_tpl.h): whole steps of TPL_N bytes or units while they need
** nothing else, then the scalar loops of latin1_kernels.h from where the
** steps stopped, so every stop is the scalar loop's.  An input of at
** least one step that does not end on a step ends with one more, over its
** last TPL_N (overlapping the one before: it writes what that wrote, and a
** test that passes there passes for the units left), so that only inputs
** shorter than a step run the scalar loop whole.  The includer defines:
**   TPL_N                 bytes or units per step;
**   TPL_WIDEN(s, d)       widens the TPL_N bytes at S to units at D;
**   TPL_HIGH(s)           the number of bytes 80..FF of the TPL_N at S, or
**   TPL_HIGH_RUN(s, k)    the same over the K (1..255) steps at S, counted
**                         in byte lanes (a lane's count fits in its byte)
**                         and summed once;
**   TPL_NARROW(s, d)      whether the TPL_N units at S are all at most
**                         0x00FF, and if so stores them as bytes at D;
**   TPL_ANY(s, mask)      whether a unit of the TPL_N at S has a bit of
**                         MASK (a uint16_t) set;
**   TPL_SURROGATE(s)      whether a unit of the TPL_N at S is a surrogate;
**   TPL_TAIL              (optional) the set has masked steps for the last
**                         K (0 < K < TPL_N) bytes or units, which then
**                         replace the overlapping step and the scalar
**                         loop there: TPL_WIDEN_TAIL(s, d, k),
**                         TPL_HIGH_TAIL(s, k), TPL_NARROW_TAIL(s, d, k) and
**                         TPL_BELOW_TAIL(s, k, mask) (the prefix's length),
**                         TPL_SURROGATE_TAIL(s, k), TPL_COPY_TAIL(s, d, k)
**                         (copies K units).
** and optionally
**   TPL_ALIGN             the set's vector in bytes (32 or 64): the loops
**                         align their loads or stores to it (see
**                         TPL_ALIGN_FROM);
**   TPL_SURROGATE2(s)     TPL_SURROGATE over the 2 * TPL_N units at S.
** The functions' names are fixed (widen, high_count, narrow, below,
** well_formed, well_formed_copy): one instance per file, whose table names
** them. */

/* An input shorter than a step goes to the scalar set's kernel, which
** takes 8 bytes or units a step in a 64-bit word (latin1_scalar.c), where
** the scalar loops here would go unit by unit: in wenc-bench-latin1's
** short rows AVX2 narrowed 8 and 16 units in 7.8 and 10.5 ns, the scalar
** set in 5.2 and 6.4 (and well_formed 16 units in 13.1 and 5.3 ns once
** the scalar set tested words).  Not for the sets with masked tails
** (TPL_TAIL), nor for the scalar set itself. */
#if defined(TPL_TAIL) || TPL_N <= 8
#define TPL_SHORT 0
#else
#define TPL_SHORT 1
#endif

/* With TPL_ALIGN, an input of at least 4 steps takes its first step
** where it is, then the steps from the last TPL_ALIGN-byte boundary of P (the
** pointer to align, P + I) inside the first step, which this is (an even
** address for a uint16_t, as C aligns it), so that no load or store of P
** crosses a cache line: where the set's vectors are 64 bytes, one that
** does costs about two (wenc-bench-latin1 at avx512).  The steps read or
** write again what the first one did. */
#ifdef TPL_ALIGN
_Static_assert(TPL_N >= TPL_ALIGN, "TPL_ALIGN: a step of at least one vector");
#define TPL_ALIGN_FROM(p) (TPL_N - ((uintptr_t)((p) + TPL_N) & (TPL_ALIGN - 1)) / sizeof *(p))
#define TPL_ALIGNS(len)   ((len) >= 4 * TPL_N)
#else
#define TPL_ALIGN_FROM(p) ((size_t)0)
#define TPL_ALIGNS(len)   0
#endif

static void widen(const uint8_t *src, size_t len, uint16_t *dst)
{
#if TPL_SHORT
    if (len < TPL_N) {
        wenc__latin1_scalar.widen(src, len, dst);
        return;
    }
#endif
    size_t i = 0;
    if (TPL_ALIGNS(len)) {
        TPL_WIDEN(src, dst);
        i = TPL_ALIGN_FROM(dst); /* the stores: twice the loads' bytes */
    }
    for (; len - i >= TPL_N; i += TPL_N)
        TPL_WIDEN(src + i, dst + i);
#ifdef TPL_TAIL
    if (i < len)
        TPL_WIDEN_TAIL(src + i, dst + i, len - i);
#else
    if (i < len && len >= TPL_N)
        TPL_WIDEN(src + len - TPL_N, dst + len - TPL_N);
    else
        wenc__latin1_widen_from(src, i, len, dst);
#endif
}

static size_t high_count(const uint8_t *src, size_t len)
{
#if TPL_SHORT
    if (len < TPL_N)
        return wenc__latin1_scalar.high_count(src, len);
#endif
    size_t i = 0, c = 0;
#ifdef TPL_TAIL
    /* A count must not see a byte twice: the bytes before the boundary
    ** by the masked step. */
    if (TPL_ALIGNS(len) && (i = TPL_ALIGN_FROM(src)) < TPL_N)
        c = TPL_HIGH_TAIL(src, i);
    else
        i = 0;
#endif
#ifdef TPL_HIGH_RUN
    while (len - i >= TPL_N) {
        size_t k = (len - i) / TPL_N < 255 ? (len - i) / TPL_N : 255;
        c += TPL_HIGH_RUN(src + i, k);
        i += k * TPL_N;
    }
#else
    for (; len - i >= TPL_N; i += TPL_N)
        c += TPL_HIGH(src + i);
#endif
#ifdef TPL_TAIL
    return i < len ? c + TPL_HIGH_TAIL(src + i, len - i) : c;
#else
    return c + wenc__latin1_high_from(src, i, len);
#endif
}

static size_t narrow(const uint16_t *src, size_t len, uint8_t *dst)
{
#if TPL_SHORT
    if (len < TPL_N)
        return wenc__latin1_scalar.narrow(src, len, dst);
#endif
    size_t i = 0;
    if (TPL_ALIGNS(len)) {
        if (!TPL_NARROW(src, dst))
            return wenc__latin1_narrow_from(src, 0, len, dst);
        i = TPL_ALIGN_FROM(dst);
    }
    for (; len - i >= TPL_N; i += TPL_N)
        if (!TPL_NARROW(src + i, dst + i))
            return wenc__latin1_narrow_from(src, i, len, dst);
#ifdef TPL_TAIL
    return i < len ? i + TPL_NARROW_TAIL(src + i, dst + i, len - i) : i;
#else
    if (i < len && len >= TPL_N && TPL_NARROW(src + len - TPL_N, dst + len - TPL_N))
        return len;
    return wenc__latin1_narrow_from(src, i, len, dst);
#endif
}

static size_t below(const uint16_t *src, size_t len, uint16_t mask)
{
#if TPL_SHORT
    if (len < TPL_N)
        return wenc__latin1_scalar.below(src, len, mask);
#endif
    size_t i = 0;
    if (TPL_ALIGNS(len)) {
        if (TPL_ANY(src, mask))
            return wenc__latin1_below_from(src, 0, len, mask);
        i = TPL_ALIGN_FROM(src);
    }
    for (; len - i >= TPL_N; i += TPL_N)
        if (TPL_ANY(src + i, mask))
            return wenc__latin1_below_from(src, i, len, mask);
#ifdef TPL_TAIL
    return i < len ? i + TPL_BELOW_TAIL(src + i, len - i, mask) : i;
#else
    if (i < len && len >= TPL_N && !TPL_ANY(src + len - TPL_N, mask))
        return len;
    return wenc__latin1_below_from(src, i, len, mask);
#endif
}

/* The index of the first lone surrogate of SRC[0..LEN), or LEN; with DST
** (not NULL), SRC's units before it are copied to DST too, each step's
** after its test, and nothing past them.  A step with a surrogate goes
** through the scalar loop, which may end one unit past it (a pair across
** the steps' edge).  Inlined in its two callers, so that the copies are
** compiled only into well_formed_copy. */
WENC__INLINE size_t well_formed_to(const uint16_t *src, size_t len, uint16_t *dst)
{
#define TPL_COPY(from, n)                                                                          \
    do {                                                                                           \
        if (dst != NULL)                                                                           \
            memcpy(dst + (from), src + (from), (n) * sizeof *src);                                 \
    } while (0)
    size_t i = 0;
    /* Aligned to the copy's stores where there is one (a store across a
    ** line costs more than a load: u16-towf at avx512), else to the loads.
    ** I is then not inside a pair: the step had no surrogate. */
    if (TPL_ALIGNS(len) && !TPL_SURROGATE(src)) {
        TPL_COPY(0, TPL_N);
        i = dst != NULL ? TPL_ALIGN_FROM(dst) : TPL_ALIGN_FROM(src);
    }
#ifdef TPL_SURROGATE2
    for (; len - i >= 2 * TPL_N && !TPL_SURROGATE2(src + i); i += 2 * TPL_N)
        TPL_COPY(i, 2 * TPL_N);
#endif
    while (len - i >= TPL_N) {
        if (!TPL_SURROGATE(src + i)) {
            TPL_COPY(i, TPL_N);
            i += TPL_N;
            continue;
        }
        size_t j = wenc__latin1_well_formed_from(src, i, i + TPL_N, len, dst);
        if (j < i + TPL_N)
            return j;
        i = j;
    }
    /* I is not inside a pair (a step or the scalar loop ended there). */
#ifdef TPL_TAIL
    if (i < len && !TPL_SURROGATE_TAIL(src + i, len - i)) {
        if (dst != NULL)
            TPL_COPY_TAIL(src + i, dst + i, len - i);
        return len;
    }
#else
    if (i < len && len >= TPL_N && !TPL_SURROGATE(src + len - TPL_N)) {
        /* The last step again, units before I included: the same values. */
        TPL_COPY(len - TPL_N, TPL_N);
        return len;
    }
#endif
    return wenc__latin1_well_formed_from(src, i, len, len, dst);
#undef TPL_COPY
}

static size_t well_formed(const uint16_t *src, size_t len)
{
#if TPL_SHORT
    if (len < TPL_N)
        return wenc__latin1_scalar.well_formed(src, len);
#endif
    return well_formed_to(src, len, NULL);
}

static size_t well_formed_copy(const uint16_t *src, size_t len, uint16_t *dst)
{
#if TPL_SHORT
    if (len < TPL_N)
        return wenc__latin1_scalar.well_formed_copy(src, len, dst);
#endif
    return well_formed_to(src, len, dst);
}

#undef TPL_N
#undef TPL_WIDEN
#undef TPL_HIGH
#undef TPL_HIGH_RUN
#undef TPL_NARROW
#undef TPL_ANY
#undef TPL_SURROGATE
#undef TPL_TAIL
#undef TPL_WIDEN_TAIL
#undef TPL_HIGH_TAIL
#undef TPL_NARROW_TAIL
#undef TPL_BELOW_TAIL
#undef TPL_SURROGATE_TAIL
#undef TPL_COPY_TAIL
#undef TPL_SURROGATE2
#undef TPL_ALIGN
#undef TPL_SHORT
#undef TPL_ALIGN_FROM
#undef TPL_ALIGNS
