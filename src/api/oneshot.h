/* oneshot.h -- the machinery behind every *_alloc function (wenc/alloc.h)
** (hooks.c, text.c): run a streaming call over the whole input on a copy
** of the object to measure the output, allocate exactly that, and run it
** again for real (or, if the output fitted in the scratch buffer the first
** time, keep the copy's state and the scratch output). */
#ifndef WENC_ONESHOT_H
#define WENC_ONESHOT_H

#include "engine/internal.h"

/* A streaming call: the shape of wenc_decoder_decode_to_utf8() and its
** kin, with the object and the buffers untyped. */
typedef wenc_status (*wenc__stream_fn)(void *obj, const void *src, size_t *src_len,
                                       void *dst, size_t *dst_len, bool last);

typedef struct wenc__oneshot {
    void *obj;             /* the caller's object (decoder, encoder, ...) */
    void *copy;            /* room for a copy of it, used to measure */
    size_t obj_size;
    wenc__stream_fn count; /* runs on the copy: must not write memory the
                           ** object points to (it is shared with the copy) */
    wenc__stream_fn run;   /* runs on the object */
    size_t src_unit;       /* bytes per input unit */
    size_t dst_unit;       /* bytes per output unit (1, 2) */
    bool last;
    /* An error status (WENC_MALFORMED, WENC_UNMAPPABLE) gives no output;
    ** unless TEMPORARY, the object is then run to the same point. */
    bool error_discards;
    /* OBJ is the function's own: its state after the call does not matter. */
    bool temporary;
} wenc__oneshot;

/* Runs O over the *SRC_LEN units at SRC; on success (and on an error status
** unless error_discards) stores a new allocation of the exact output plus a
** zero unit in *OUT and its length in units in *OUT_LEN, and the units
** consumed in *SRC_LEN.  WENC_NO_MEMORY and WENC_TOO_LARGE leave the object
** unchanged and *SRC_LEN 0.  Argument checks are the caller's, except that
** OUT and OUT_LEN are cleared first. */
wenc_status wenc__oneshot_run(const wenc__oneshot *o, const void *src, size_t *src_len,
                              const wenc_allocator *allocator, void **out, size_t *out_len);

/* The decode engine's entry points, for hooks.c and text.c: the public
** wenc_decoder_reset() and wenc_decoder_decode_to_*() without the trip
** through the PLT that a call to an exported function takes inside a shared
** library (it counts on short inputs, issue 11).  FORM is WENC__UTF8,
** WENC__UTF16 or WENC__UTF32 (decode_loop.h); D must have been initialised. */
wenc_status wenc__decoder_decode(wenc_decoder *d, const uint8_t *src, size_t *src_len, void *dst,
                                 size_t *dst_len, bool last, int form);
void wenc__decoder_reset(wenc_decoder *d);

/* Allocation with ALLOCATOR (NULL: malloc/free). */
void *wenc__alloc(const wenc_allocator *allocator, size_t size);
void wenc__free(const wenc_allocator *allocator, void *ptr);

/* The size in bytes of COUNT units of UNIT bytes plus one terminating unit:
** false if it does not fit in size_t. */
bool wenc__alloc_size(size_t count, size_t unit, size_t *bytes);

#endif /* WENC_ONESHOT_H */
