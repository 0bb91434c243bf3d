/* search_scalar.c -- the portable search kernel (search_kernels.h): the
** scalar set's, and every set's where the build has no vectors. */
#include "search_kernels.h"

#if WENC__TABLES_SMALL

static size_t scalar_find_u16(const uint16_t *table, size_t n, uint16_t value)
{
    size_t i = 0;
    /* Four a step: one test of the four for the common miss. */
    for (; n - i >= 4; i += 4) {
        if ((table[i] == value) | (table[i + 1] == value) | (table[i + 2] == value) |
            (table[i + 3] == value))
            break;
    }
    for (; i < n; i++) {
        if (table[i] == value)
            return i;
    }
    return n;
}

const wenc__search_kernels wenc__search_scalar = {scalar_find_u16};

#endif
