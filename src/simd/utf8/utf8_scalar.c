/* utf8_scalar.c -- the portable UTF-8 kernels (utf8_kernels.h), always
** built: the reference the vector kernels are tested against, and the
** kernels of a build or a CPU without vectors. */
#include "utf8_scalar.h"

/* ASCII a word at a time; text that is mostly not ASCII through the shift
** DFA, 16 bytes at a time; the rest a sequence at a time. */
static size_t valid_prefix(const uint8_t *src, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (src[i] < 0x80) {
            i = wenc__utf8_skip_ascii(src, i + 1, len);
            continue;
        }
        if (len - i >= 32 && wenc__utf8_dense(src + i)) {
            size_t j = wenc__utf8_shift_run(src, i, len);
            if (j != i) {
                i = j;
                continue;
            }
        }
        uint32_t cp;
        unsigned n = wenc__utf8_decode_valid(src, i, len, &cp);
        if (n == 0)
            break;
        i += n;
    }
    return i;
}

static size_t ascii_to_utf8(const uint8_t *src, size_t len, uint8_t *dst)
{
    size_t i = 0;
    for (; len - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, src + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
        memcpy(dst + i, &w, 8);
    }
    for (; i < len && src[i] < 0x80; i++)
        dst[i] = src[i];
    return i;
}

/* A word at a time, widened by a loop the compiler may vectorise; one body
** for both widths (FORM 16 or 32). */
WENC__INLINE size_t ascii_widen(const uint8_t *src, size_t len, void *dst, int form)
{
    size_t i = 0;
    for (; len - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, src + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
        for (unsigned k = 0; k < 8; k++) {
            if (form == 16)
                ((uint16_t *)dst)[i + k] = src[i + k];
            else
                ((uint32_t *)dst)[i + k] = src[i + k];
        }
    }
    for (; i < len && src[i] < 0x80; i++) {
        if (form == 16)
            ((uint16_t *)dst)[i] = src[i];
        else
            ((uint32_t *)dst)[i] = src[i];
    }
    return i;
}

static size_t ascii_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)
{
    return ascii_widen(src, len, dst, 16);
}

static size_t ascii_to_utf32(const uint8_t *src, size_t len, uint32_t *dst)
{
    return ascii_widen(src, len, dst, 32);
}

/* Stores CP (a scalar value) as FORM (16 or 32) at unit *OUT of DST. */
WENC__INLINE void utf8_put_unit(void *dst, size_t *out, uint32_t cp, int form)
{
    if (form == 32) {
        ((uint32_t *)dst)[(*out)++] = cp;
    } else if (cp < 0x10000) {
        ((uint16_t *)dst)[(*out)++] = (uint16_t)cp;
    } else {
        ((uint16_t *)dst)[*out] = (uint16_t)(0xD7C0 + (cp >> 10));
        ((uint16_t *)dst)[*out + 1] = (uint16_t)(0xDC00 | (cp & 0x3FF));
        *out += 2;
    }
}

/* The scalar to_utf16/to_utf32 loop without a bound test per sequence,
** from *POS while sequences start before STOP: the caller made sure that
** three bytes past STOP are inside the input (a sequence that starts
** before STOP ends inside it) and that the room from *OUT holds a unit per
** byte up to there (no sequence writes more units than it has bytes).
** Stops at STOP or just past it, or before an invalid sequence (the checks
** of wenc__utf8_decode_valid), which the caller then takes to the careful
** loop (wenc__utf8_transcode_from).  After an ASCII byte, eight ASCII
** bytes in a row go eight at a time: text in other scripts pays one test
** per space. */
WENC__INLINE void transcode_run(const uint8_t *src, size_t *pos_, size_t stop, void *dst,
                                size_t *out_, int form)
{
    size_t pos = *pos_, out = *out_;
    while (pos < stop) {
        uint32_t b0 = src[pos], b1 = src[pos + 1], cp;
        if (b0 < 0x80) {
            utf8_put_unit(dst, &out, b0, form);
            pos++;
            uint64_t w;
            while (stop - pos >= 8 && (memcpy(&w, src + pos, 8), true) &&
                   (w & UINT64_C(0x8080808080808080)) == 0) {
                for (unsigned k = 0; k < 8; k++)
                    utf8_put_unit(dst, &out, src[pos + k], form);
                pos += 8;
            }
            continue;
        }
        if (b0 < 0xE0) {
            if (b0 < 0xC2 || (b1 & 0xC0) != 0x80)
                break;
            cp = (b0 & 0x1F) << 6 | (b1 & 0x3F);
            pos += 2;
        } else if (b0 < 0xF0) {
            uint32_t b2 = src[pos + 2];
            if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80)
                break;
            cp = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
            /* Overlong, or a surrogate. */
            if (cp < 0x800 || cp - 0xD800 < 0x800)
                break;
            pos += 3;
        } else {
            uint32_t b2 = src[pos + 2], b3 = src[pos + 3];
            if (b0 > 0xF4 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || (b3 & 0xC0) != 0x80)
                break;
            cp = (b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F);
            if (cp - 0x10000 > 0x10FFFF - 0x10000)
                break;
            pos += 4;
        }
        utf8_put_unit(dst, &out, cp, form);
    }
    *pos_ = pos;
    *out_ = out;
}

/* Runs without a bound test per sequence while the input and the room
** allow one of a few bytes, then the careful loop of utf8_scalar.h, which
** also decides at a sequence a run refused. */
WENC__INLINE size_t transcode(const uint8_t *src, size_t len, void *dst, size_t cap,
                              size_t *written, int form)
{
    size_t pos = 0, out = 0;
    for (;;) {
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        if (n < 8)
            break;
        size_t stop = pos + n - 3;
        transcode_run(src, &pos, stop, dst, &out, form);
        if (pos < stop)
            break;
    }
    wenc__utf8_transcode_from(src, &pos, len, dst, &out, cap, form);
    *written = out;
    return pos;
}

static size_t to_utf16(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                       size_t *written)
{
    return transcode(src, len, dst, cap, written, 16);
}

static size_t to_utf32(const uint8_t *src, size_t len, uint32_t *dst, size_t cap,
                       size_t *written)
{
    return transcode(src, len, dst, cap, written, 32);
}

const wenc__utf8_kernels wenc__utf8_scalar = {
    .valid_prefix = valid_prefix,
    .ascii_to_utf8 = ascii_to_utf8,
    .ascii_to_utf16 = ascii_to_utf16,
    .ascii_to_utf32 = ascii_to_utf32,
    .to_utf16 = to_utf16,
    .to_utf32 = to_utf32,
    .short_rest = &wenc__utf8_scalar,
};
