/* boundary.c -- boundaries and iteration (include/wenc/utf8.h,
** "Boundaries and iteration").  A boundary is the start of a span of the
** standard's UTF-8 decoder.  Spans resynchronise quickly, which is what lets
** these functions look only near the offset: every byte that is not a
** continuation byte starts a span (in the ready state it is read as a lead;
** after a lead it is rejected and restored, so it starts the next span),
** and a span holds at most 3 continuation bytes. */
#include "utf8/utf8_internal.h"

size_t wenc_utf8_char_start(const uint8_t *src, size_t len, size_t offset)
{
    if (src == NULL || offset >= len)
        return len;
    if (!wenc__utf8_is_continuation(src[offset]))
        return offset;
    /* The last byte before OFFSET that is not a continuation byte, within
    ** reach of a sequence that could hold OFFSET. */
    size_t p = offset;
    while (p > 0 && offset - p < 3) {
        p--;
        if (!wenc__utf8_is_continuation(src[p])) {
            int32_t cp;
            wenc_utf8_error_kind kind;
            size_t n = wenc__utf8_span(src + p, len - p, &cp, &kind);
            /* The span from P either holds OFFSET or ends before it; then
            ** the continuation bytes up to OFFSET are each a span. */
            return p + n > offset ? p : offset;
        }
    }
    return offset;
}

size_t wenc_utf8_next_boundary(const uint8_t *src, size_t len, size_t offset)
{
    if (src == NULL || offset >= len)
        return len;
    size_t start = wenc_utf8_char_start(src, len, offset);
    int32_t cp;
    wenc_utf8_error_kind kind;
    return start + wenc__utf8_span(src + start, len - start, &cp, &kind);
}

size_t wenc_utf8_prev_boundary(const uint8_t *src, size_t len, size_t offset)
{
    if (src == NULL || offset == 0)
        return 0;
    if (offset > len)
        offset = len;
    return wenc_utf8_char_start(src, len, offset - 1);
}

size_t wenc_utf8_truncate(const uint8_t *src, size_t len, size_t max)
{
    if (src == NULL || max >= len)
        return len;
    return wenc_utf8_char_start(src, len, max);
}

int32_t wenc_utf8_decode_next(const uint8_t *src, size_t len, size_t *offset)
{
    if (src == NULL || offset == NULL || *offset >= len)
        return WENC_UTF8_DONE;
    size_t start = wenc_utf8_char_start(src, len, *offset);
    int32_t cp;
    wenc_utf8_error_kind kind;
    *offset = start + wenc__utf8_span(src + start, len - start, &cp, &kind);
    return cp < 0 ? WENC_UTF8_MALFORMED : cp;
}

int32_t wenc_utf8_decode_prev(const uint8_t *src, size_t len, size_t *offset)
{
    if (src == NULL || offset == NULL || *offset == 0)
        return WENC_UTF8_DONE;
    size_t end = *offset > len ? len : *offset;
    if (end == 0)
        return WENC_UTF8_DONE;
    if (end < len && wenc_utf8_char_start(src, len, end) != end)
        end = wenc_utf8_next_boundary(src, len, end);
    size_t start = wenc_utf8_char_start(src, len, end - 1);
    int32_t cp;
    wenc_utf8_error_kind kind;
    wenc__utf8_span(src + start, len - start, &cp, &kind);
    *offset = start;
    return cp < 0 ? WENC_UTF8_MALFORMED : cp;
}
