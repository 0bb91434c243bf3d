/* test_alloc.h -- allocators for the tests of wenc/alloc.h: one that counts
** what it is asked for (to check exact allocation and that everything is
** released), and one that fails after a given number of allocations. */
#ifndef WENC_TEST_ALLOC_H
#define WENC_TEST_ALLOC_H

#include <stdlib.h>

#include "wenc/wenc.h"

typedef struct test_alloc {
    size_t allocs;     /* successful allocations */
    size_t frees;
    size_t last_size;  /* size of the last allocation asked for */
    size_t fail_after; /* allocations that succeed before all fail; SIZE_MAX: never */
} test_alloc;

static void *test_alloc_alloc(void *ctx, size_t size)
{
    test_alloc *t = ctx;
    t->last_size = size;
    if (size == 0 || t->allocs >= t->fail_after)
        return NULL;
    t->allocs++;
    return malloc(size);
}

static void test_alloc_free(void *ctx, void *ptr)
{
    test_alloc *t = ctx;
    t->frees++;
    free(ptr);
}

/* An allocator over T that never fails, or fails from the (FAIL_AFTER+1)th
** allocation on. */
static wenc_allocator test_allocator(test_alloc *t, size_t fail_after)
{
    t->allocs = t->frees = t->last_size = 0;
    t->fail_after = fail_after;
    wenc_allocator a = {test_alloc_alloc, test_alloc_free, t};
    return a;
}

#endif
