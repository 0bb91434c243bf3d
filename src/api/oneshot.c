/* oneshot.c -- what every *_alloc function (wenc/alloc.h) shares
** (oneshot.h): the caller's allocator or malloc(), and the run that
** measures the output on a copy of the object, allocates exactly that, and
** runs again for real. */
#include <stdlib.h>
#include <string.h>

#include "oneshot.h"

/* ------------------------------------------------------------------------
** Allocation. */

/* A caller's allocator is used only if it is complete; otherwise malloc()
** and free() are, for both halves, so allocation and release always
** match. */
static bool is_custom(const wenc_allocator *a)
{
    return a != NULL && a->alloc != NULL && a->free != NULL;
}

void *wenc__alloc(const wenc_allocator *a, size_t size)
{
    return is_custom(a) ? a->alloc(a->ctx, size) : malloc(size);
}

void wenc__free(const wenc_allocator *a, void *ptr)
{
    if (ptr == NULL)
        return;
    if (is_custom(a))
        a->free(a->ctx, ptr);
    else
        free(ptr);
}

void wenc_free(const wenc_allocator *allocator, void *ptr)
{
    wenc__free(allocator, ptr);
}

bool wenc__alloc_size(size_t count, size_t unit, size_t *bytes)
{
    if (count > SIZE_MAX / unit - 1)
        return false;
    *bytes = (count + 1) * unit;
    return true;
}

/* Output of up to this many bytes is produced in one pass. */
#define SCRATCH_BYTES 4096

wenc_status wenc__oneshot_run(const wenc__oneshot *o, const void *src, size_t *src_len,
                              const wenc_allocator *allocator, void **out, size_t *out_len)
{
    union {
        uint8_t b[SCRATCH_BYTES];
        uint16_t u[SCRATCH_BYTES / 2];
    } scratch;
    const uint8_t *s = src;
    const size_t len = *src_len;
    const size_t room = SCRATCH_BYTES / o->dst_unit;
    size_t off = 0, total = 0;
    bool single = true;
    wenc_status st;

    *out = NULL;
    *out_len = 0;

    /* Measure, on a copy. */
    memcpy(o->copy, o->obj, o->obj_size);
    for (;;) {
        size_t n = len - off, m = room;
        st = o->count(o->copy, s != NULL ? s + off * o->src_unit : NULL, &n, scratch.b, &m,
                      o->last);
        off += n;
        if (m > SIZE_MAX - total) {
            *src_len = 0;
            return WENC_TOO_LARGE;
        }
        total += m;
        if (st != WENC_OUTPUT_FULL)
            break;
        single = false;
    }

    bool error = st == WENC_MALFORMED || st == WENC_UNMAPPABLE;
    if (!error && st != WENC_INPUT_EMPTY) {
        *src_len = 0;
        return st;
    }
    if (error && o->error_discards) {
        if (!o->temporary) {
            /* Bring the object where the copy is, without output. */
            size_t at = 0, n, m;
            do {
                n = len - at;
                m = room;
                st = o->run(o->obj, s != NULL ? s + at * o->src_unit : NULL, &n, scratch.b, &m,
                            o->last);
                at += n;
            } while (st == WENC_OUTPUT_FULL && (n != 0 || m != 0));
        }
        *src_len = off;
        return st;
    }

    size_t bytes;
    if (!wenc__alloc_size(total, o->dst_unit, &bytes)) {
        *src_len = 0;
        return WENC_TOO_LARGE;
    }
    uint8_t *buf = wenc__alloc(allocator, bytes);
    if (buf == NULL) {
        *src_len = 0;
        return WENC_NO_MEMORY;
    }

    if (single) {
        /* Everything is in the scratch buffer and the copy is where the
        ** object must end up. */
        memcpy(buf, scratch.b, total * o->dst_unit);
        memcpy(o->obj, o->copy, o->obj_size);
    } else {
        size_t at = 0, done = 0, n, m;
        do {
            n = len - at;
            m = total - done;
            st = o->run(o->obj, s != NULL ? s + at * o->src_unit : NULL, &n,
                        buf + done * o->dst_unit, &m, o->last);
            at += n;
            done += m;
        } while (st == WENC_OUTPUT_FULL && (n != 0 || m != 0));
        total = done;
        off = at;
    }
    memset(buf + total * o->dst_unit, 0, o->dst_unit);
    *out = buf;
    *out_len = total;
    *src_len = off;
    return st;
}
