/* utf8_scalar.h -- the scalar loops the UTF-8 kernels (utf8_kernels.h)
** share: the portable kernels are made of them, and every vector kernel ends
** with them (short tails, and the exact end of a block that failed its
** vector check). */
#ifndef WENC_UTF8_SCALAR_H
#define WENC_UTF8_SCALAR_H

#include "utf8/utf8_internal.h"
#include "utf8_kernels.h"

/* ------------------------------------------------------------------------
** Sequence at a time. */

/* The scalar valid_prefix, from POS. */
WENC__INLINE size_t wenc__utf8_valid_from(const uint8_t *src, size_t pos, size_t len)
{
    while (pos < len) {
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, pos, len, &cp);
        if (n == 0)
            break;
        pos += n;
    }
    return pos;
}

/* For a vector kernel that has checked SRC[0..POS) and found no error in
** it (every sequence in it is valid, but the last one may go on past POS):
** the start of the sequence that holds byte POS - 1, from which the scalar
** loop takes over.  Valid text has at most three continuation bytes in a
** row; the bound only keeps a wrong caller within the buffer. */
WENC__INLINE size_t wenc__utf8_back_to_start(const uint8_t *src, size_t pos)
{
    size_t q = pos;
    while (q > 0 && pos - q < 4) {
        q--;
        if (!wenc__utf8_is_continuation(src[q]))
            break;
    }
    return q;
}

/* The end of a valid_prefix whose vector loop checked SRC[0..POS) without
** error and stopped there (at the end, or before a block that failed). */
WENC__INLINE size_t wenc__utf8_valid_finish(const uint8_t *src, size_t pos, size_t len)
{
    return wenc__utf8_valid_from(src, wenc__utf8_back_to_start(src, pos), len);
}

/* wenc__utf8_valid_finish for copy_valid: with DST (not NULL), the bytes
** of SRC[0..POS) are already at DST, and those the scalar loop adds after
** them are copied too. */
WENC__INLINE size_t wenc__utf8_valid_finish_copy(const uint8_t *src, size_t pos, size_t len,
                                                 uint8_t *dst)
{
    size_t end = wenc__utf8_valid_finish(src, pos, len);
    if (dst && end > pos)
        memcpy(dst + pos, src + pos, end - pos);
    return end;
}

/* The scalar to_utf16/to_utf32 loop from *POS and *OUT (FORM 16 or 32):
** one sequence at a time, stopping as the kernels' contract says. */
WENC__INLINE void wenc__utf8_transcode_from(const uint8_t *src, size_t *pos_, size_t len,
                                            void *dst, size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        /* Eight ASCII bytes at a time. */
        uint64_t w;
        if (len - pos >= 8 && cap - out >= 8 && (memcpy(&w, src + pos, 8), true) &&
            (w & UINT64_C(0x8080808080808080)) == 0) {
            for (unsigned k = 0; k < 8; k++) {
                if (form == 16)
                    ((uint16_t *)dst)[out + k] = src[pos + k];
                else
                    ((uint32_t *)dst)[out + k] = src[pos + k];
            }
            pos += 8;
            out += 8;
            continue;
        }
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, pos, len, &cp);
        if (n == 0)
            break;
        if (form == 16) {
            uint16_t *d = dst;
            if (cp >= 0x10000) {
                if (cap - out < 2)
                    break;
                d[out] = (uint16_t)(0xD7C0 + (cp >> 10));
                d[out + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                out += 2;
            } else {
                if (cap - out < 1)
                    break;
                d[out++] = (uint16_t)cp;
            }
        } else {
            if (cap - out < 1)
                break;
            ((uint32_t *)dst)[out++] = cp;
        }
        pos += n;
    }
    *pos_ = pos;
    *out_ = out;
}

/* Decodes the sequences of SRC that start in [*POS, STOP), known to be
** complete and valid, to FORM (16 or 32) at DST from unit OUT, which has
** room for them; returns the units written, and *POS is past the last
** one.  No check is left to make: the kernels' way with 4-byte forms once
** their block check has passed (issue 29: the checked loop cost emoji
** text 60 % more than the scalar set's). */
WENC__INLINE size_t wenc__utf8_valid_decode(const uint8_t *src, size_t *pos_, size_t stop,
                                            void *dst, size_t out, int form)
{
    size_t pos = *pos_, start = out;
    while (pos < stop) {
        uint32_t b0 = src[pos], cp;
        if (b0 < 0x80) {
            cp = b0;
            pos++;
        } else if (b0 < 0xE0) {
            cp = (b0 & 0x1F) << 6 | (src[pos + 1] & 0x3Fu);
            pos += 2;
        } else if (b0 < 0xF0) {
            cp = (b0 & 0x0F) << 12 | (src[pos + 1] & 0x3Fu) << 6 | (src[pos + 2] & 0x3Fu);
            pos += 3;
        } else {
            cp = (b0 & 0x07) << 18 | (src[pos + 1] & 0x3Fu) << 12 | (src[pos + 2] & 0x3Fu) << 6 |
                 (src[pos + 3] & 0x3Fu);
            pos += 4;
            if (form == 16) {
                uint16_t *d = dst;
                d[out] = (uint16_t)(0xD7C0 + (cp >> 10));
                d[out + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
                out += 2;
                continue;
            }
        }
        if (form == 16)
            ((uint16_t *)dst)[out++] = (uint16_t)cp;
        else
            ((uint32_t *)dst)[out++] = cp;
    }
    *pos_ = pos;
    return out - start;
}

/* Decodes SRC[0..LEN), known to be complete, valid sequences, to UTF-16
** at DST, which has room for all of it; returns the units written. */
WENC__INLINE size_t wenc__utf8_valid_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    size_t pos = 0;
    return wenc__utf8_valid_decode(src, &pos, len, dst, 0, 16);
}

/* The most bytes of valid UTF-8 a kernel validates ahead of decoding it,
** so that the second pass reads from the first level of cache. */
#define WENC__UTF8_WINDOW 4096

/* to_utf16/to_utf32 of a vector kernel from VALID_PREFIX
** (which finds where the text stops being valid, a window at a time) and
** DECODE_VALID (which decodes text known to be valid and stops only for
** room, or before a sequence cut by the end of what it was given). */
WENC__INLINE size_t wenc__utf8_transcode_windows(
    const uint8_t *src, size_t len, void *dst, size_t cap, size_t *written,
    size_t (*valid_prefix)(const uint8_t *, size_t),
    void (*decode_valid)(const uint8_t *, size_t *, size_t, void *, size_t *, size_t))
{
    size_t pos = 0, out = 0;
    while (pos < len && out < cap) {
        size_t window = len - pos < WENC__UTF8_WINDOW ? len - pos : WENC__UTF8_WINDOW;
        /* Each unit holds at most four bytes: validate no more than fits. */
        size_t room = cap - out;
        if (room < WENC__UTF8_WINDOW / 4 && window > 4 * room + 4)
            window = 4 * room + 4;
        size_t valid = valid_prefix(src + pos, window);
        if (valid == 0)
            break;
        size_t end = pos + valid;
        decode_valid(src, &pos, end, dst, &out, cap);
        if (pos != end)
            break;
    }
    *written = out;
    return pos;
}

/* Defines a vector kernel file's static to_utf16 and to_utf32: the two
** passes of wenc__utf8_transcode_windows() with the file's static
** valid_prefix and DECODE_VALID, its always-inline decoder of valid text
** (src, pos, end, dst, out, cap, form 16 or 32), instantiated per form.  One
** body for every vector set; used at file scope, without a semicolon. */
#define WENC__UTF8_TRANSCODERS(decode_valid)                                                \
    static void decode_valid16(const uint8_t *src, size_t *pos, size_t end, void *dst,      \
                               size_t *out, size_t cap)                                     \
    {                                                                                       \
        decode_valid(src, pos, end, dst, out, cap, 16);                                     \
    }                                                                                       \
    static void decode_valid32(const uint8_t *src, size_t *pos, size_t end, void *dst,      \
                               size_t *out, size_t cap)                                     \
    {                                                                                       \
        decode_valid(src, pos, end, dst, out, cap, 32);                                     \
    }                                                                                       \
    static size_t to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,       \
                           size_t *written)                                                 \
    {                                                                                       \
        return wenc__utf8_transcode_windows(src, len, dst, cap, written, valid_prefix,      \
                                            decode_valid16);                                \
    }                                                                                       \
    static size_t to_utf32(const uint8_t *src, size_t len, uint32_t *dst, size_t cap,       \
                           size_t *written)                                                 \
    {                                                                                       \
        return wenc__utf8_transcode_windows(src, len, dst, cap, written, valid_prefix,      \
                                            decode_valid32);                                \
    }


/* Eight steps of the shift DFA (utf8/utf8_internal.h) over the bytes of W,
** in memory order. */
WENC__INLINE uint64_t wenc__utf8_shift_word(uint64_t st, uint64_t w)
{
    for (int k = 0; k < 8; k++) {
        uint8_t b;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        b = (uint8_t)(w >> (56 - 8 * k));
#else
        b = (uint8_t)(w >> (8 * k));
#endif
        st = wenc__utf8_shift_rows[wenc__utf8_class[b]] >> (st & 63);
    }
    return st;
}

/* Whether the 16 bytes at P are mostly not ASCII (then the shift DFA is
** faster than the sequence at a time loop, whose branches follow each
** sequence). */
WENC__INLINE bool wenc__utf8_dense(const uint8_t *p)
{
    uint64_t w0, w1;
    memcpy(&w0, p, 8);
    memcpy(&w1, p + 8, 8);
    const uint64_t high = UINT64_C(0x8080808080808080);
    /* Count the high bits: at least 6 of 16. */
    uint64_t m = ((w0 & high) >> 7) + ((w1 & high) >> 7);
    return (m * UINT64_C(0x0101010101010101)) >> 56 >= 6;
}

/* The shift DFA over S[I..N), the state being ACCEPT at I, 16 bytes at a
** time and without branches within a block, for as long as the text is not
** ASCII (the state is not ACCEPT at the end of a block, or the next byte is
** not ASCII).  Returns where the valid text the blocks read is known to end:
** the last block end where the state was ACCEPT, or, if a later block end
** that was not REJECT left a sequence open, that sequence's lead, which is
** one of its last three bytes (I itself if the first block holds a
** malformed span).  Issue 29: text of 3-byte sequences is ACCEPT at a
** block end one time in three, so that taking only ACCEPT ends left 33 to
** 47 bytes of Japanese, whose two blocks both end open, to the sequence
** at a time loop from the start, after the blocks' work. */
WENC__INLINE size_t wenc__utf8_shift_run(const uint8_t *s, size_t i, size_t n)
{
    size_t ok = i;
    uint64_t st = WENC__U8_SHIFT_ACCEPT;
    while (n - i >= 16) {
        uint64_t w0, w1;
        memcpy(&w0, s + i, 8);
        memcpy(&w1, s + i + 8, 8);
        st = wenc__utf8_shift_word(wenc__utf8_shift_word(st, w0), w1);
        i += 16;
        if ((st & 63) == WENC__U8_SHIFT_ACCEPT) {
            ok = i;
            if (i < n && s[i] < 0x80)
                break;
        } else if ((st & 63) == WENC__U8_SHIFT_REJECT) {
            i -= 16;
            break;
        }
    }
    /* I is the last block end that was not REJECT: past OK, a sequence is
    ** open there, its lead at OK or after, and everything before the lead
    ** is valid. */
    if (i > ok)
        while ((s[--i] & 0xC0) == 0x80)
            ;
    return i;
}

#endif /* WENC_UTF8_SCALAR_H */
