/* search_find_tpl.h -- find_u16 (search_kernels.h) on vectors of TPL_LANES
** 16-bit lanes, four vectors a step (no include guard: included once per
** width, docs/engine.md "Adding a kernel").  Parameters:
**   TPL_V          the vector type
**   TPL_FN(op)     the vocabulary's operation for that width (loadu, or,
**                  set1_u16, eq_u16, movemask: two bits per lane)
**   TPL_LANES      16-bit lanes per vector
**   TPL_NAME_FIND  the function's name */
static size_t TPL_NAME_FIND(const uint16_t *table, size_t n, uint16_t value)
{
    const TPL_V v = TPL_FN(set1_u16)(value);
    size_t i = 0;
    for (; n - i >= 4 * TPL_LANES; i += 4 * TPL_LANES) {
        TPL_V a = TPL_FN(eq_u16)(TPL_FN(loadu)(table + i), v);
        TPL_V b = TPL_FN(eq_u16)(TPL_FN(loadu)(table + i + TPL_LANES), v);
        TPL_V c = TPL_FN(eq_u16)(TPL_FN(loadu)(table + i + 2 * TPL_LANES), v);
        TPL_V d = TPL_FN(eq_u16)(TPL_FN(loadu)(table + i + 3 * TPL_LANES), v);
        if (TPL_FN(movemask)(TPL_FN(or)(TPL_FN(or)(a, b), TPL_FN(or)(c, d))) != 0)
            break;
    }
    for (; n - i >= TPL_LANES; i += TPL_LANES) {
        unsigned m = (unsigned)TPL_FN(movemask)(TPL_FN(eq_u16)(TPL_FN(loadu)(table + i), v));
        if (m != 0)
            return i + (size_t)__builtin_ctz(m) / 2;
    }
    for (; i < n; i++) {
        if (table[i] == value)
            return i;
    }
    return n;
}

#undef TPL_V
#undef TPL_FN
#undef TPL_LANES
#undef TPL_NAME_FIND
