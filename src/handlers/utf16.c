/* utf16.c -- the shared UTF-16 decoder behind UTF-16BE and UTF-16LE
** (Encoding Standard, "Common infrastructure for UTF-16BE/LE").  They have
** no encoder. */
#include "engine/decode_loop.h"
#include "simd/utf16/utf16_kernels.h"

struct utf16_state {
    uint16_t leading_surrogate; /* 0 is null: surrogates are never 0 */
    uint8_t leading_byte;
    uint8_t has_leading_byte;
};

WENC__INLINE int utf16_step(struct utf16_state *s, int byte, wenc__step *r, bool be)
{
    r->error_gap = 0;
    r->restore_count = 0;
    if (byte == WENC__EOQ) {
        /* 1. End-of-queue with a leading byte or surrogate: error (its
        ** bytes are what was held); 2. else finished. */
        if (!s->has_leading_byte && s->leading_surrogate == 0)
            return WENC__FINISHED;
        r->error_length = (uint8_t)(s->has_leading_byte + (s->leading_surrogate ? 2 : 0));
        *s = (struct utf16_state){0, 0, 0};
        return WENC__ERROR;
    }
    /* 3. No leading byte: keep this one. */
    if (!s->has_leading_byte) {
        s->leading_byte = (uint8_t)byte;
        s->has_leading_byte = 1;
        return WENC__CONTINUE;
    }
    /* 4-5. The code unit, in the decoder's byte order. */
    uint8_t first = s->leading_byte;
    uint32_t unit = be ? (uint32_t)first << 8 | (uint32_t)byte : (uint32_t)byte << 8 | first;
    s->has_leading_byte = 0;
    /* 6. After a leading surrogate: a trailing one completes the pair;
    ** anything else makes the surrogate an error and is restored (its two
    ** bytes, in stream order). */
    if (s->leading_surrogate != 0) {
        uint32_t lead = s->leading_surrogate;
        s->leading_surrogate = 0;
        if (unit >= 0xDC00 && unit <= 0xDFFF) {
            r->cp[0] = 0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00);
            return WENC__CODE_POINT;
        }
        r->restore[0] = first;
        r->restore[1] = (uint8_t)byte;
        r->restore_count = 2;
        r->error_length = 2;
        return WENC__ERROR;
    }
    /* 7. A leading surrogate waits for its pair. */
    if (unit >= 0xD800 && unit <= 0xDBFF) {
        s->leading_surrogate = (uint16_t)unit;
        return WENC__CONTINUE;
    }
    /* 8. A lone trailing surrogate is an error. */
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
        r->error_length = 2;
        return WENC__ERROR;
    }
    /* 9. Anything else is the code point. */
    r->cp[0] = unit;
    return WENC__CODE_POINT;
}

WENC__INLINE int utf16be_step(void *sv, int byte, wenc__step *r)
{
    return utf16_step(sv, byte, r, true);
}

WENC__INLINE int utf16le_step(void *sv, int byte, wenc__step *r)
{
    return utf16_step(sv, byte, r, false);
}

WENC__INLINE bool utf16_idle(const void *sv)
{
    const struct utf16_state *s = sv;
    return !s->has_leading_byte && s->leading_surrogate == 0;
}

/* The bulk path, through the kernels of src/simd (chosen once per
** process): whole code units that are not surrogates, and complete
** surrogate pairs; a lone surrogate, or a unit or pair cut by the end of
** the input, is left to utf16_step, as is a code point that does not fit.
** The kernels are tested against the step function's rules
** (tests/unit/kernels_utf16.c). */
WENC__INLINE void utf16_bulk(const uint8_t *src, size_t *pos_, size_t len, void *dst,
                             size_t *out_, size_t cap, int form, bool be)
{
    size_t pos = *pos_, out = *out_, w;
    if (len - pos < 2 || out == cap)
        return;
    const wenc__utf16_kernels *k = wenc__utf16_kernels_get();
    if (form == WENC__UTF16)
        pos += k->bytes_to_utf16(src + pos, len - pos, be, (uint16_t *)dst + out, cap - out, &w);
    else if (form == WENC__UTF8)
        pos += k->bytes_to_utf8(src + pos, len - pos, be, (uint8_t *)dst + out, cap - out, &w);
    else
        pos += k->bytes_to_utf32(src + pos, len - pos, be, (uint32_t *)dst + out, cap - out, &w);
    *pos_ = pos;
    *out_ = out + w;
}

WENC__INLINE void utf16be_bulk(void *unused, const uint8_t *src, size_t *pos, size_t len,
                               void *dst, size_t *out, size_t cap, int form)
{
    (void)unused;
    utf16_bulk(src, pos, len, dst, out, cap, form, true);
}

WENC__INLINE void utf16le_bulk(void *unused, const uint8_t *src, size_t *pos, size_t len,
                               void *dst, size_t *out, size_t cap, int form)
{
    (void)unused;
    utf16_bulk(src, pos, len, dst, out, cap, form, false);
}

WENC__INLINE wenc_status utf16_decode(wenc__dcall *c, const int form, bool be)
{
    struct utf16_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = wenc__decode_loop(c, form, &s, be ? utf16be_step : utf16le_step,
                                       utf16_idle, false, be ? utf16be_bulk : utf16le_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__INLINE wenc_status utf16be_decode(wenc__dcall *c, const int form)
{
    return utf16_decode(c, form, true);
}

WENC__INLINE wenc_status utf16le_decode(wenc__dcall *c, const int form)
{
    return utf16_decode(c, form, false);
}

WENC__DECODER_IMPL(utf16be, utf16be_decode);
WENC__DECODER_IMPL(utf16le, utf16le_decode);
