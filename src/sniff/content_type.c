/* content_type.c -- the charset of an HTTP Content-Type header value, for
** the transport-layer step of the HTML encoding sniffing algorithm
** (wenc/sniff.h, wenc_content_type_encoding()).  It follows Fetch's
** "extract a MIME type" (with "get, decode, and split" and "collect an HTTP
** quoted string") and MIME Sniffing's "parse a MIME type", reduced to what
** decides the charset: no allocation, strings are runs of the input except
** the unescaped charset value, which goes to a small buffer. */
#include <string.h>

#include "wenc/wenc.h"

/* A run of the input. */
typedef struct run {
    size_t start, end;
} run;

static bool is_http_whitespace(uint8_t c)
{
    return c == 0x09 || c == 0x0A || c == 0x0D || c == 0x20;
}

static bool is_token(uint8_t c)
{
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return true;
    return c != 0 && memchr("!#$%&'*+-.^_`|~", c, 15) != NULL;
}

/* HTTP quoted-string token code points: TAB, 0x20-0x7E, 0x80-0xFF. */
static bool is_quoted_token(uint8_t c)
{
    return c == 0x09 || (c >= 0x20 && c != 0x7F);
}

static uint8_t lower(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + 0x20) : c;
}

static bool all_tokens(const uint8_t *p, run r)
{
    if (r.start == r.end)
        return false;
    for (size_t i = r.start; i < r.end; i++)
        if (!is_token(p[i]))
            return false;
    return true;
}

/* The charset value, unescaped.  Labels are short: leading ASCII whitespace
** is dropped, and once the buffer is full a whitespace byte is dropped too
** (it can only be trailing, or inner, which no label has) while any other
** byte marks it as naming no encoding. */
typedef struct value_buf {
    char b[128];
    size_t len;
    bool overflow;
} value_buf;

static void value_put(value_buf *v, uint8_t c)
{
    bool ws = c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
    if (v->len == 0 && ws)
        return;
    if (v->len == sizeof v->b) {
        if (!ws)
            v->overflow = true;
        return;
    }
    v->b[v->len++] = (char)c;
}

/* Fetch's "collect an HTTP quoted string" from *POS (at a '"') within
** [.., END): advances *POS past it and, when V is not NULL, appends the
** unescaped value to it (extract-value).  Returns whether every byte of
** the value is an HTTP quoted-string token code point. */
static bool quoted_string(const uint8_t *p, size_t *pos, size_t end, value_buf *v)
{
    bool ok = true;
    /* 1-3. Past the opening '"'. */
    size_t i = *pos + 1;
    for (;;) {
        /* 4.1 Bytes other than '"' and '\'. */
        while (i < end && p[i] != 0x22 && p[i] != 0x5C) {
            ok = ok && is_quoted_token(p[i]);
            if (v != NULL)
                value_put(v, p[i]);
            i++;
        }
        /* 4.2 Past the end: break. */
        if (i >= end)
            break;
        /* 4.3-4.4 The quote or backslash; advance. */
        uint8_t q = p[i++];
        if (q == 0x5C) {
            /* 4.5 A backslash: at the end, it is itself; else the next
            ** byte as it is. */
            if (i >= end) {
                if (v != NULL)
                    value_put(v, 0x5C);
                break;
            }
            ok = ok && is_quoted_token(p[i]);
            if (v != NULL)
                value_put(v, p[i]);
            i++;
        } else {
            break; /* 4.6 The closing '"'. */
        }
    }
    *pos = i;
    return ok;
}

/* One parsed MIME type: whether it is valid, its essence, and its charset
** parameter (HAS_CHARSET, then CHARSET). */
typedef struct mime {
    run type, subtype;
    bool has_charset;
    value_buf charset;
} mime;

/* MIME Sniffing's "parse a MIME type" over [START, END), keeping only the
** essence and the charset parameter.  False for failure. */
static bool parse_mime(const uint8_t *p, size_t start, size_t end, mime *m)
{
    memset(m, 0, sizeof *m);
    /* 1. Strip leading and trailing HTTP whitespace. */
    while (start < end && is_http_whitespace(p[start]))
        start++;
    while (end > start && is_http_whitespace(p[end - 1]))
        end--;
    /* 2. position. */
    size_t pos = start;
    /* 3. type: up to '/'. */
    m->type.start = pos;
    while (pos < end && p[pos] != 0x2F)
        pos++;
    m->type.end = pos;
    /* 4. Empty or not all token code points: failure. */
    if (!all_tokens(p, m->type))
        return false;
    /* 5. Past the end: failure. */
    if (pos >= end)
        return false;
    /* 6. Past the '/'. */
    pos++;
    /* 7. subtype: up to ';'. */
    m->subtype.start = pos;
    while (pos < end && p[pos] != 0x3B)
        pos++;
    m->subtype.end = pos;
    /* 8. Without trailing HTTP whitespace. */
    while (m->subtype.end > m->subtype.start && is_http_whitespace(p[m->subtype.end - 1]))
        m->subtype.end--;
    /* 9. Empty or not all token code points: failure. */
    if (!all_tokens(p, m->subtype))
        return false;
    /* 10. (The essence is compared case-insensitively instead of being
    ** lowercased.) */
    /* 11. Parameters. */
    while (pos < end) {
        /* 11.1 Past the ';'.  11.2 Skip HTTP whitespace. */
        pos++;
        while (pos < end && is_http_whitespace(p[pos]))
            pos++;
        /* 11.3 The name: up to ';' or '='.  (11.4: lowercased when
        ** compared.) */
        run name = {pos, pos};
        while (pos < end && p[pos] != 0x3B && p[pos] != 0x3D)
            pos++;
        name.end = pos;
        /* 11.5 A ';' next: the next parameter; else past the '='. */
        if (pos < end) {
            if (p[pos] == 0x3B)
                continue;
            pos++;
        }
        /* 11.6 Past the end: done. */
        if (pos >= end)
            break;
        /* 11.7-11.9 The value. */
        value_buf v;
        memset(&v, 0, sizeof v);
        bool valid;
        if (p[pos] == 0x22) {
            /* 11.8 A quoted string, then up to the next ';' (dropped). */
            valid = quoted_string(p, &pos, end, &v);
            while (pos < end && p[pos] != 0x3B)
                pos++;
        } else {
            /* 11.9 Up to ';', without trailing HTTP whitespace; empty: the
            ** next parameter. */
            size_t vs = pos;
            while (pos < end && p[pos] != 0x3B)
                pos++;
            size_t ve = pos;
            while (ve > vs && is_http_whitespace(p[ve - 1]))
                ve--;
            if (ve == vs)
                continue;
            valid = true;
            for (size_t i = vs; i < ve; i++) {
                valid = valid && is_quoted_token(p[i]);
                value_put(&v, p[i]);
            }
        }
        /* 11.10 Kept if the name is a token, the value quoted-string token
        ** code points, and the name is new: the first charset wins. */
        bool is_charset = name.end - name.start == 7;
        for (size_t i = 0; is_charset && i < 7; i++)
            is_charset = lower(p[name.start + i]) == (uint8_t)"charset"[i];
        if (is_charset && valid && !m->has_charset) {
            m->has_charset = true;
            m->charset = v;
        }
    }
    return true;
}

static bool same_run(const uint8_t *p, run a, run b)
{
    if (a.end - a.start != b.end - b.start)
        return false;
    for (size_t i = 0; i < a.end - a.start; i++)
        if (lower(p[a.start + i]) != lower(p[b.start + i]))
            return false;
    return true;
}

static bool is_star(const uint8_t *p, run r)
{
    return r.end - r.start == 1 && p[r.start] == 0x2A;
}

const wenc_encoding *wenc_content_type_encoding(const char *value, size_t len)
{
    if (value == NULL)
        return NULL;
    const uint8_t *p = (const uint8_t *)value;
    /* Extract a MIME type: 1. charset null; 2. essence null; 3. mimeType
    ** null. */
    static const value_buf no_value;
    bool have_charset = false, have_essence = false, have_mime = false;
    value_buf charset = no_value;
    run essence_type = {0, 0}, essence_subtype = {0, 0};
    bool result_has = false;
    value_buf result = no_value;
    /* 4. The values: "get, decode, and split" the header value at commas
    ** outside quoted strings (each trimmed of HTTP tab or space, which
    ** parsing does anyway). */
    size_t pos = 0;
    for (;;) {
        size_t start = pos;
        for (;;) {
            while (pos < len && p[pos] != 0x22 && p[pos] != 0x2C)
                pos++;
            if (pos < len && p[pos] == 0x22) {
                quoted_string(p, &pos, len, NULL);
                if (pos < len)
                    continue;
            }
            break;
        }
        /* 6. Each value. */
        mime m;
        /* 6.1-6.2 Parse it; skip a failure and "*" "/" "*". */
        if (parse_mime(p, start, pos, &m) && !(is_star(p, m.type) && is_star(p, m.subtype))) {
            /* 6.3 mimeType. */
            have_mime = true;
            if (!have_essence || !same_run(p, m.type, essence_type) ||
                !same_run(p, m.subtype, essence_subtype)) {
                /* 6.4 A new essence: charset is its charset, or null. */
                have_charset = m.has_charset;
                charset = m.has_charset ? m.charset : no_value;
                have_essence = true;
                essence_type = m.type;
                essence_subtype = m.subtype;
                result_has = m.has_charset;
                result = m.charset;
            } else if (!m.has_charset && have_charset) {
                /* 6.5 The same essence without a charset: the earlier one. */
                result_has = true;
                result = charset;
            } else {
                result_has = m.has_charset;
                result = m.charset;
            }
        }
        if (pos >= len)
            break;
        pos++; /* past the ',' */
    }
    /* 7. No MIME type: failure. */
    if (!have_mime || !result_has || result.overflow)
        return NULL;
    return wenc_encoding_for_label(result.b, result.len);
}
