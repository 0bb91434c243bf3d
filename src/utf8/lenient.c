/* lenient.c -- lenient UTF-8 decoding and encoding (include/wenc/utf8.h,
** "Lenient decoding"): the standard's UTF-8 decoder with wider boundaries
** for the forms that modified UTF-8, CESU-8, WTF-8 and RFC 2279 allow, and
** an encoder that writes them.  With no flag both are exactly the
** standard's (tests/unit/utf8_exhaustive.c checks the decoder against it). */
#include "utf8/utf8_internal.h"

#define DECODE_FLAGS                                                                      \
    (WENC_UTF8_LENIENT_FATAL | WENC_UTF8_ALLOW_SURROGATES | WENC_UTF8_COMBINE_CESU8 |     \
     WENC_UTF8_ALLOW_OVERLONG | WENC_UTF8_ALLOW_LARGE)
#define ENCODE_FLAGS                                                                      \
    (WENC_UTF8_WRITE_SURROGATES | WENC_UTF8_WRITE_CESU8 | WENC_UTF8_WRITE_NUL_AS_C0_80 |  \
     WENC_UTF8_WRITE_LARGE)

/* The smallest value of a sequence of each length (shorter forms of smaller
** values are overlong). */
static const uint32_t min_value[7] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};

/* What a lead byte starts, as in step 3 of the standard's UTF-8 decoder:
** bytes needed and the boundaries of the next byte, widened by FLAGS. */
struct lead {
    unsigned need;
    uint8_t lower, upper, mask;
};

static bool lead_of(uint8_t b, unsigned flags, struct lead *l)
{
    const bool overlong = flags & WENC_UTF8_ALLOW_OVERLONG;
    const bool large = flags & WENC_UTF8_ALLOW_LARGE;
    l->lower = 0x80;
    l->upper = 0xBF;
    if (b >= 0xC0 && b <= 0xDF) {
        l->need = 1;
        l->mask = 0x1F;
        return b >= 0xC2 || overlong;
    }
    if (b >= 0xE0 && b <= 0xEF) {
        l->need = 2;
        l->mask = 0x0F;
        if (b == 0xE0 && !overlong)
            l->lower = 0xA0;
        if (b == 0xED &&
            !(flags & (WENC_UTF8_ALLOW_SURROGATES | WENC_UTF8_COMBINE_CESU8)))
            l->upper = 0x9F;
        return true;
    }
    if (b >= 0xF0 && b <= 0xF7) {
        l->need = 3;
        l->mask = 0x07;
        if (b == 0xF0 && !overlong)
            l->lower = 0x90;
        if (b == 0xF4 && !large)
            l->upper = 0x8F;
        return b <= 0xF4 || large;
    }
    if (b >= 0xF8 && b <= 0xFB) {
        l->need = 4;
        l->mask = 0x03;
        if (b == 0xF8 && !overlong)
            l->lower = 0x88;
        return large;
    }
    if (b >= 0xFC && b <= 0xFD) {
        l->need = 5;
        l->mask = 0x01;
        if (b == 0xFC && !overlong)
            l->lower = 0x84;
        return large;
    }
    return false; /* 80..BF, FE, FF */
}

/* One sequence at S[0..N) (S[0] >= 0x80): returns its length; *V is its
** value, or *KIND says why it is malformed (then the length is the span's). */
static size_t sequence(const uint8_t *s, size_t n, unsigned flags, uint32_t *v,
                       wenc_utf8_error_kind *kind)
{
    struct lead l;
    *kind = WENC_UTF8_ERROR_NONE;
    if (!lead_of(s[0], flags, &l)) {
        *kind = wenc__utf8_is_continuation(s[0]) ? WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION
                                                 : WENC_UTF8_ERROR_INVALID_BYTE;
        return 1;
    }
    uint32_t value = s[0] & l.mask;
    for (size_t i = 1; i <= l.need; i++) {
        if (i == n) {
            *kind = WENC_UTF8_ERROR_INCOMPLETE_AT_END;
            return i;
        }
        uint8_t b = s[i];
        uint8_t lower = i == 1 ? l.lower : 0x80, upper = i == 1 ? l.upper : 0xBF;
        if (b < lower || b > upper) {
            /* The same rule as wenc__utf8_kind(), for the wider lead bytes. */
            if (!wenc__utf8_is_continuation(b))
                *kind = WENC_UTF8_ERROR_TRUNCATED;
            else if (b < lower)
                *kind = WENC_UTF8_ERROR_OVERLONG;
            else
                *kind = s[0] == 0xED ? WENC_UTF8_ERROR_SURROGATE : WENC_UTF8_ERROR_TOO_LARGE;
            return i;
        }
        value = (value << 6) | (b & 0x3Fu);
    }
    *v = value;
    return l.need + 1;
}

/* What one span decodes to. */
struct item {
    size_t length;              /* bytes                                */
    uint32_t value;             /* the code point (U+FFFD if malformed) */
    wenc_utf8_error_kind kind;  /* WENC_UTF8_ERROR_NONE unless malformed */
    wenc_utf8_lenient_counts counts;
};

static void item_at(const uint8_t *s, size_t n, unsigned flags, struct item *it)
{
    memset(it, 0, sizeof *it);
    if (s[0] < 0x80) {
        it->length = 1;
        it->value = s[0];
        return;
    }
    uint32_t v = 0;
    size_t len = sequence(s, n, flags, &v, &it->kind);
    it->length = len;
    if (it->kind != WENC_UTF8_ERROR_NONE) {
        it->value = WENC__REPLACEMENT_CHARACTER;
        it->counts.malformed = 1;
        return;
    }
    size_t overlong = v < min_value[len];
    if (v >= 0xD800 && v <= 0xDFFF) {
        /* A high surrogate may be the first half of a CESU-8 pair. */
        if ((flags & WENC_UTF8_COMBINE_CESU8) && v <= 0xDBFF && len < n && s[len] >= 0x80) {
            uint32_t low = 0;
            wenc_utf8_error_kind low_kind;
            size_t low_len = sequence(s + len, n - len, flags, &low, &low_kind);
            if (low_kind == WENC_UTF8_ERROR_NONE && low >= 0xDC00 && low <= 0xDFFF) {
                it->length = len + low_len;
                it->value = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
                it->counts.cesu8_pairs = 1;
                it->counts.overlong = overlong + (low < min_value[low_len]);
                return;
            }
        }
        if (!(flags & WENC_UTF8_ALLOW_SURROGATES)) {
            it->value = WENC__REPLACEMENT_CHARACTER;
            it->kind = WENC_UTF8_ERROR_SURROGATE;
            it->counts.malformed = 1;
            return;
        }
        it->counts.surrogates = 1;
    }
    it->value = v;
    it->counts.overlong = overlong;
    it->counts.large = v > 0x10FFFF;
}

static void add_counts(wenc_utf8_lenient_counts *to, const wenc_utf8_lenient_counts *c)
{
    to->surrogates += c->surrogates;
    to->cesu8_pairs += c->cesu8_pairs;
    to->overlong += c->overlong;
    to->large += c->large;
    to->malformed += c->malformed;
    to->unrepresentable += c->unrepresentable;
}

WENC__INLINE wenc_status decode_lenient(const uint8_t *src, size_t *src_len, void *dst,
                                        size_t *dst_len, unsigned flags,
                                        wenc_utf8_lenient_counts *counts,
                                        wenc_utf8_error *error, const bool utf16)
{
    if (src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0) || (flags & ~(unsigned)DECODE_FLAGS) != 0)
        return WENC_INVALID_ARGUMENT;
    const size_t n = *src_len, room = *dst_len;
    size_t i = 0, o = 0;
    wenc_utf8_lenient_counts total = {0};
    wenc_status status = WENC_INPUT_EMPTY;
    while (i < n) {
        struct item it;
        item_at(src + i, n - i, flags, &it);
        if (it.kind != WENC_UTF8_ERROR_NONE && (flags & WENC_UTF8_LENIENT_FATAL)) {
            total.malformed++;
            if (error != NULL) {
                error->offset = i;
                error->length = (uint32_t)it.length;
                error->kind = it.kind;
            }
            status = WENC_MALFORMED;
            break;
        }
        uint32_t v = it.value;
        if (utf16 && v > 0x10FFFF) {
            v = WENC__REPLACEMENT_CHARACTER;
            it.counts.unrepresentable = 1;
        }
        size_t units = utf16 && v >= 0x10000 ? 2 : 1;
        if (room - o < units) {
            status = WENC_OUTPUT_FULL;
            break;
        }
        if (utf16) {
            uint16_t *p = (uint16_t *)dst + o;
            if (units == 2) {
                p[0] = (uint16_t)(0xD7C0 + (v >> 10));
                p[1] = (uint16_t)(0xDC00 | (v & 0x3FF));
            } else {
                p[0] = (uint16_t)v;
            }
        } else {
            ((uint32_t *)dst)[o] = v;
        }
        o += units;
        i += it.length;
        add_counts(&total, &it.counts);
    }
    *src_len = i;
    *dst_len = o;
    if (counts != NULL)
        add_counts(counts, &total);
    return status;
}

wenc_status wenc_utf8_decode_lenient_to_utf32(const uint8_t *src, size_t *src_len,
                                              uint32_t *dst, size_t *dst_len, unsigned flags,
                                              wenc_utf8_lenient_counts *counts,
                                              wenc_utf8_error *error)
{
    return decode_lenient(src, src_len, dst, dst_len, flags, counts, error, false);
}

wenc_status wenc_utf8_decode_lenient_to_utf16(const uint8_t *src, size_t *src_len,
                                              uint16_t *dst, size_t *dst_len, unsigned flags,
                                              wenc_utf8_lenient_counts *counts,
                                              wenc_utf8_error *error)
{
    return decode_lenient(src, src_len, dst, dst_len, flags, counts, error, true);
}

/* ------------------------------------------------------------------------
** Encoder. */

/* Bytes of V in the generalised (RFC 2279) form. */
static unsigned long_length(uint32_t v)
{
    return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : v < 0x200000 ? 4
         : v < 0x4000000 ? 5 : 6;
}

static void put_long(uint8_t *p, uint32_t v, unsigned len)
{
    static const uint8_t lead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
    if (len == 1) {
        p[0] = (uint8_t)v;
        return;
    }
    for (unsigned k = len - 1; k > 0; k--) {
        p[k] = (uint8_t)(0x80 | (v & 0x3F));
        v >>= 6;
    }
    p[0] = (uint8_t)(lead[len] | v);
}

/* Writes the bytes for V into OUT (room for 6); returns their number, or 0
** if FLAGS and MAX_LENGTH forbid V. */
static unsigned encode_one(uint32_t v, unsigned flags, unsigned max_length, uint8_t *out)
{
    if (v == 0 && (flags & WENC_UTF8_WRITE_NUL_AS_C0_80)) {
        if (max_length < 2)
            return 0;
        out[0] = 0xC0;
        out[1] = 0x80;
        return 2;
    }
    if (v >= 0xD800 && v <= 0xDFFF && !(flags & WENC_UTF8_WRITE_SURROGATES))
        return 0;
    if (v > 0x10FFFF && (!(flags & WENC_UTF8_WRITE_LARGE) || v > 0x7FFFFFFF))
        return 0;
    if (v >= 0x10000 && v <= 0x10FFFF && (flags & WENC_UTF8_WRITE_CESU8)) {
        if (max_length < 3)
            return 0;
        put_long(out, 0xD7C0 + (v >> 10), 3);
        put_long(out + 3, 0xDC00 | (v & 0x3FF), 3);
        return 6;
    }
    unsigned len = long_length(v);
    if (len > max_length)
        return 0;
    put_long(out, v, len);
    return len;
}

WENC__INLINE wenc_status encode_lenient(const void *src, size_t *src_len, uint8_t *dst,
                                        size_t *dst_len, unsigned flags, unsigned max_length,
                                        const bool utf16)
{
    if (src_len == NULL || dst_len == NULL || (src == NULL && *src_len != 0) ||
        (dst == NULL && *dst_len != 0) || (flags & ~(unsigned)ENCODE_FLAGS) != 0 ||
        max_length < 1 || max_length > 6)
        return WENC_INVALID_ARGUMENT;
    const size_t n = *src_len, room = *dst_len;
    size_t i = 0, o = 0;
    wenc_status status = WENC_INPUT_EMPTY;
    while (i < n) {
        uint32_t v;
        size_t used = 1;
        if (utf16) {
            const uint16_t *s = src;
            v = s[i];
            if (v >= 0xD800 && v <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 &&
                s[i + 1] <= 0xDFFF) {
                v = 0x10000 + ((v - 0xD800) << 10) + (s[i + 1] - 0xDC00u);
                used = 2;
            }
        } else {
            v = ((const uint32_t *)src)[i];
        }
        uint8_t bytes[6];
        unsigned len = encode_one(v, flags, max_length, bytes);
        if (len == 0) {
            status = WENC_UNMAPPABLE;
            break;
        }
        if (room - o < len) {
            status = WENC_OUTPUT_FULL;
            break;
        }
        memcpy(dst + o, bytes, len);
        o += len;
        i += used;
    }
    *src_len = i;
    *dst_len = o;
    return status;
}

wenc_status wenc_utf8_encode_lenient_from_utf32(const uint32_t *src, size_t *src_len,
                                                uint8_t *dst, size_t *dst_len, unsigned flags,
                                                unsigned max_length)
{
    return encode_lenient(src, src_len, dst, dst_len, flags, max_length, false);
}

wenc_status wenc_utf8_encode_lenient_from_utf16(const uint16_t *src, size_t *src_len,
                                                uint8_t *dst, size_t *dst_len, unsigned flags,
                                                unsigned max_length)
{
    return encode_lenient(src, src_len, dst, dst_len, flags, max_length, true);
}
