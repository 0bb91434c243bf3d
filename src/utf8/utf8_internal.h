/* utf8_internal.h -- what the UTF-8 toolkit's files (src/utf8/) share: the
** ASCII skipper, the scanner that finds malformed spans with the DFA of
** dfa.h, and the decoding of one span. */
#ifndef WENC_UTF8_INTERNAL_H
#define WENC_UTF8_INTERNAL_H

#include "engine/internal.h"
#include "dfa.h"

/* The index of the first byte of S[I..N) that is not ASCII, or N: a word
** at a time; the bytes are only read.  The scalar set's skip (the scalar
** kernels', and the toolkit's where the set has no ascii_prefix kernel,
** src/simd/utf8/utf8_kernels.h; issue 30). */
WENC__INLINE size_t wenc__utf8_skip_ascii(const uint8_t *s, size_t i, size_t n)
{
    while (n - i >= 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if ((w & UINT64_C(0x8080808080808080)) != 0)
            break;
        i += 8;
    }
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

/* The DFA of dfa.h in "shift" form, for the fast path: a row per byte
** class holding, at bit 6 x STATE, 6 x the state that follows STATE (REJECT
** stays REJECT).  A step is `row >> (state & 63)`: the row's loads do not
** depend on the state, so a run of bytes is a chain of one shift per byte,
** without a branch.  The rows are the columns of wenc__utf8_next;
** tests/unit/utf8_dfa.c checks every entry. */
extern const uint64_t wenc__utf8_shift_rows[WENC__U8_CLASSES];
#define WENC__U8_SHIFT_ACCEPT (6 * WENC__U8_ACCEPT)
#define WENC__U8_SHIFT_REJECT (6 * WENC__U8_REJECT)

/* The DFA's progress through a stream: the state and the number of bytes
** of the open sequence (0 when the state is ACCEPT). */
typedef struct wenc__utf8_scan {
    uint8_t state;
    uint8_t seen;
} wenc__utf8_scan;

/* Runs the DFA over S[0..N) from SC, S[0] being at stream offset BASE.
** Stops after the first malformed span that ends within S: fills *ERROR,
** resets SC to ACCEPT, sets *CONSUMED to the bytes consumed (up to the end
** of the span; the byte that ended it is not consumed, so this may be 0
** when the span began before S) and returns true.  Otherwise sets
** *CONSUMED to N, leaves in SC the state at the end (a sequence may be
** open) and returns false.  Never reports INCOMPLETE_AT_END: see
** wenc__utf8_scan_end(). */
bool wenc__utf8_scan_run(const uint8_t *s, size_t n, wenc__utf8_scan *sc, uint64_t base,
                         wenc_utf8_error *error, size_t *consumed);

/* At the end of the stream (END bytes in all): if a sequence is open in
** SC, fills *ERROR with it (INCOMPLETE_AT_END), resets SC and returns
** true. */
WENC__INLINE bool wenc__utf8_scan_end(wenc__utf8_scan *sc, uint64_t end, wenc_utf8_error *error)
{
    if (sc->state == WENC__U8_ACCEPT)
        return false;
    error->offset = end - sc->seen;
    error->length = sc->seen;
    error->kind = WENC_UTF8_ERROR_INCOMPLETE_AT_END;
    sc->state = WENC__U8_ACCEPT;
    sc->seen = 0;
    return true;
}

/* The kind of a malformed span that BYTE ended: STATE is the DFA's state
** before BYTE (ACCEPT when BYTE is the span itself).  The rule of
** include/wenc/utf8.h. */
WENC__INLINE wenc_utf8_error_kind wenc__utf8_kind(unsigned state, uint8_t byte)
{
    switch (state) {
    case WENC__U8_ACCEPT:
        return wenc__utf8_is_continuation(byte) ? WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION
                                                : WENC_UTF8_ERROR_INVALID_BYTE;
    /* After E0, F0, ED or F4 a continuation byte can only have been
    ** rejected for the boundary the lead byte set. */
    case WENC__U8_E0:
    case WENC__U8_F0:
        if (wenc__utf8_is_continuation(byte))
            return WENC_UTF8_ERROR_OVERLONG;
        break;
    case WENC__U8_ED:
        if (wenc__utf8_is_continuation(byte))
            return WENC_UTF8_ERROR_SURROGATE;
        break;
    case WENC__U8_F4:
        if (wenc__utf8_is_continuation(byte))
            return WENC_UTF8_ERROR_TOO_LARGE;
        break;
    default:
        break;
    }
    return WENC_UTF8_ERROR_TRUNCATED;
}

/* The span that starts at S[0] (N >= 1): returns its length and sets *CP
** to its code point, or to -1 if it is malformed (then *KIND says why;
** *KIND is WENC_UTF8_ERROR_NONE otherwise). */
WENC__INLINE size_t wenc__utf8_span(const uint8_t *s, size_t n, int32_t *cp,
                                    wenc_utf8_error_kind *kind)
{
    unsigned state = wenc__utf8_step(WENC__U8_ACCEPT, s[0]);
    if (state == WENC__U8_ACCEPT) {
        *cp = s[0];
        *kind = WENC_UTF8_ERROR_NONE;
        return 1;
    }
    if (state == WENC__U8_REJECT) {
        *cp = -1;
        *kind = wenc__utf8_kind(WENC__U8_ACCEPT, s[0]);
        return 1;
    }
    uint32_t v = s[0] & wenc__utf8_lead_mask[wenc__utf8_class[s[0]]];
    for (size_t i = 1; i < n; i++) {
        unsigned next = wenc__utf8_step(state, s[i]);
        if (next == WENC__U8_REJECT) {
            *cp = -1;
            *kind = wenc__utf8_kind(state, s[i]);
            return i;
        }
        v = (v << 6) | (s[i] & 0x3Fu);
        if (next == WENC__U8_ACCEPT) {
            *cp = (int32_t)v;
            *kind = WENC_UTF8_ERROR_NONE;
            return i + 1;
        }
        state = next;
    }
    *cp = -1;
    *kind = WENC_UTF8_ERROR_INCOMPLETE_AT_END;
    return n;
}

#endif /* WENC_UTF8_INTERNAL_H */
