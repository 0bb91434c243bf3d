/* render.c -- UTF-8 errors shown to people (include/wenc/utf8.h, "Showing
** errors to people"): the error's bytes in context, as characters and as
** hex, underlined with carets. */
#include "utf8/utf8_internal.h"

/* Where the rendering goes: a caller buffer (snprintf's contract) or a
** FILE.  LEN counts everything rendered, whether it fitted or not. */
struct out {
    char *buf;
    size_t size;
    FILE *file;
    size_t len;
    size_t spaces; /* padding not yet written: dropped at the end of a line */
    bool failed;
};

static void raw(struct out *o, const char *s, size_t n)
{
    if (o->file != NULL) {
        if (!o->failed && fwrite(s, 1, n, o->file) != n)
            o->failed = true;
    } else if (o->size > 0 && o->len < o->size - 1) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void put(struct out *o, const char *s, size_t n)
{
    for (; o->spaces > 0; o->spaces--)
        raw(o, " ", 1);
    raw(o, s, n);
}

static void put_str(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

static void put_hex(struct out *o, uint8_t b)
{
    static const char digits[] = "0123456789ABCDEF";
    char h[2] = {digits[b >> 4], digits[b & 15]};
    put(o, h, 2);
}

static void put_decimal(struct out *o, uint64_t v)
{
    char d[20];
    size_t n = 0;
    do {
        d[sizeof d - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    put(o, d + sizeof d - n, n);
}

static void end_line(struct out *o)
{
    o->spaces = 0;
    put(o, "\n", 1);
}

/* Code points shown as U+XXXX rather than as themselves: controls, format
** characters, combining marks (they would join the column before), private
** use, tags and noncharacters. */
static bool invisible(uint32_t c)
{
    return (c >= 0x80 && c <= 0x9F) || c == 0xAD || (c >= 0x300 && c <= 0x36F) ||
           c == 0x61C || (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
           (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xFDD0 && c <= 0xFDEF) ||
           (c & 0xFFFE) == 0xFFFE || (c >= 0xE0000 && c <= 0xE007F) || c >= 0xF0000;
}

/* East Asian wide characters, which terminals show in 2 columns. */
static bool wide(uint32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* Writes the span of N bytes at S (code point CP, or -1 if malformed) in
** a cell of 3 columns per byte. */
static void put_cell(struct out *o, const uint8_t *s, size_t n, int32_t cp)
{
    static const char c0_escapes[] = "0......abtnvfr.............e....";
    size_t width;
    if (cp < 0) {
        put_str(o, "\xEF\xBF\xBD"); /* U+FFFD */
        width = 1;
    } else if (cp < 0x20 && c0_escapes[cp] != '.') {
        char e[2] = {'\\', c0_escapes[cp]};
        put(o, e, 2);
        width = 2;
    } else if (cp < 0x20 || cp == 0x7F) {
        char e[2] = {'^', (char)(cp ^ 0x40)};
        put(o, e, 2);
        width = 2;
    } else if (cp == '\\') {
        put_str(o, "\\\\");
        width = 2;
    } else if (cp < 0x80) {
        char c = (char)cp;
        put(o, &c, 1);
        width = 1;
    } else if (invisible((uint32_t)cp)) {
        static const char digits[] = "0123456789ABCDEF";
        char u[8] = "U+";
        size_t k = 2;
        for (int shift = cp > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4)
            u[k++] = digits[(cp >> shift) & 15];
        put(o, u, k);
        width = k;
    } else {
        put(o, (const char *)s, n);
        width = wide((uint32_t)cp) ? 2 : 1;
    }
    if (width < 3 * n)
        o->spaces += 3 * n - width;
}

static size_t render(struct out *o, const uint8_t *src, size_t len, uint64_t src_offset,
                     const wenc_utf8_error *error, size_t context)
{
    /* The error's bytes within SRC: [start, end). */
    uint64_t first = error->offset, last = error->offset + error->length;
    size_t start = first <= src_offset ? 0
                 : first - src_offset >= len ? len : (size_t)(first - src_offset);
    size_t end = last <= src_offset ? 0
               : last - src_offset >= len ? len : (size_t)(last - src_offset);

    /* Line 1. */
    put_str(o, "byte ");
    put_decimal(o, error->offset);
    put_str(o, ": ");
    put_str(o, wenc_utf8_error_message(error->kind));
    put_str(o, " (");
    put_decimal(o, error->length);
    put_str(o, error->length == 1 ? " byte" : " bytes");
    for (size_t i = start; i < end; i++) {
        put_str(o, i == start ? ": " : " ");
        put_hex(o, src[i]);
    }
    put_str(o, ")");
    end_line(o);

    /* The context: whole spans within CONTEXT bytes of the error. */
    size_t from = start > context ? start - context : 0;
    if (wenc_utf8_char_start(src, len, from) != from)
        from = wenc_utf8_next_boundary(src, len, from);
    if (from > start)
        from = start;
    size_t to = len - end > context ? end + context : len;
    to = wenc_utf8_truncate(src, len, to);
    if (to < end)
        to = end;

    /* Line 2: the characters. */
    o->spaces = 2;
    for (size_t pos = from; pos < to;) {
        if (pos == start && end > start) {
            put_cell(o, src + pos, end - pos, -1);
            pos = end;
            continue;
        }
        /* Spans before the error stop at it. */
        size_t limit = pos < start ? start : to;
        int32_t cp;
        wenc_utf8_error_kind kind;
        size_t n = wenc__utf8_span(src + pos, limit - pos, &cp, &kind);
        put_cell(o, src + pos, n, cp);
        pos += n;
    }
    end_line(o);

    /* Line 3: the bytes in hex. */
    o->spaces = 2;
    for (size_t pos = from; pos < to; pos++) {
        o->spaces += pos > from;
        put_hex(o, src[pos]);
    }
    end_line(o);

    /* Line 4: the carets. */
    o->spaces = 2 + 3 * (start - from);
    if (end == start) {
        put_str(o, "^");
    } else {
        for (size_t k = 0; k < 3 * (end - start) - 1; k++)
            put_str(o, "^");
    }
    end_line(o);
    return o->len;
}

size_t wenc_utf8_render_error(char *buf, size_t size, const uint8_t *src, size_t len,
                              uint64_t src_offset, const wenc_utf8_error *error,
                              size_t context)
{
    if (buf == NULL && size != 0)
        return 0;
    if (size != 0)
        buf[0] = '\0';
    if (error == NULL || (src == NULL && len != 0))
        return 0;
    struct out o = {buf, size, NULL, 0, 0, false};
    size_t n = render(&o, src, len, src_offset, error, context);
    if (size != 0)
        buf[n < size - 1 ? n : size - 1] = '\0';
    return n;
}

size_t wenc_utf8_render_error_to_file(FILE *file, const uint8_t *src, size_t len,
                                      uint64_t src_offset, const wenc_utf8_error *error,
                                      size_t context)
{
    if (file == NULL || error == NULL || (src == NULL && len != 0))
        return 0;
    struct out o = {NULL, 0, file, 0, 0, false};
    size_t n = render(&o, src, len, src_offset, error, context);
    return o.failed ? 0 : n;
}
