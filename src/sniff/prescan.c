/* prescan.c -- the HTML Standard's "prescan a byte stream to determine its
** encoding" (13.2.3.2) with "get an attribute", "get an XML encoding" and
** "extracting a character encoding from a meta element" (wenc/sniff.h).
** Comments number the steps as ../shared/html-sniffing/HTML-SNIFFING.md
** does.
**
** No allocation: the attribute names and values the standard builds as
** strings are contiguous runs of the input (only ASCII upper case is folded,
** which every comparison below does on the fly), so they are kept as
** offsets. */
#include <string.h>

#include "wenc/wenc.h"

/* The input and the position pointer.  Reading the byte at POS when POS is
** past the end is "running out of bytes": every step that reads checks
** with more() first and aborts the whole prescan (OUT) when it fails. */
typedef struct scan {
    const uint8_t *p;
    size_t n;
    size_t pos;
} scan;

static bool more(const scan *s)
{
    return s->pos < s->n;
}

static uint8_t byte_at(const scan *s)
{
    return s->p[s->pos];
}

/* 0x09, 0x0A, 0x0C, 0x0D, 0x20: the standard's list for these algorithms
** (and ASCII whitespace). */
static bool is_space(uint8_t c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

static bool is_alpha(uint8_t c)
{
    return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A);
}

static uint8_t lower(uint8_t c)
{
    return c >= 0x41 && c <= 0x5A ? (uint8_t)(c + 0x20) : c;
}

/* Whether the LEN bytes at P, ASCII-lowercased, are the lowercase WORD. */
static bool lower_equals(const uint8_t *p, size_t len, const char *word)
{
    size_t i = 0;
    for (; i < len; i++)
        if (word[i] == '\0' || lower(p[i]) != (uint8_t)word[i])
            return false;
    return word[i] == '\0';
}

/* ---------------------------------------------------------------------------
** Extracting a character encoding from a meta element. */

const wenc_encoding *wenc_html_meta_content_encoding(const uint8_t *s, size_t len)
{
    if (s == NULL)
        return NULL;
    /* 1. Let position be a pointer into s, at the start. */
    size_t pos = 0;
    for (;;) {
        /* 2. Loop: find the first seven characters after position that are an
        ** ASCII case-insensitive match for "charset"; none: nothing. */
        size_t at = pos;
        while (at + 7 <= len && !lower_equals(s + at, 7, "charset"))
            at++;
        if (at + 7 > len)
            return NULL;
        pos = at + 7;
        /* 3. Skip ASCII whitespace after "charset". */
        while (pos < len && is_space(s[pos]))
            pos++;
        /* 4. If the next character is not '=', move position to point just
        ** before it and loop (the search starts at that character). */
        if (pos >= len || s[pos] != 0x3D) {
            if (pos >= len)
                return NULL; /* no next character: the search finds nothing */
            continue;
        }
        pos++;
        /* 5. Skip ASCII whitespace after '='. */
        while (pos < len && is_space(s[pos]))
            pos++;
        /* 6. Process the next character. */
        if (pos >= len)
            return NULL; /* no next character: nothing */
        uint8_t c = s[pos];
        if (c == 0x22 || c == 0x27) {
            /* A quote with a later match: the substring between them; an
            ** unmatched quote: nothing. */
            for (size_t end = pos + 1; end < len; end++)
                if (s[end] == c)
                    return wenc_encoding_for_label((const char *)s + pos + 1, end - pos - 1);
            return NULL;
        }
        /* Otherwise: up to ASCII whitespace, ';' or the end. */
        size_t end = pos;
        while (end < len && !is_space(s[end]) && s[end] != 0x3B)
            end++;
        return wenc_encoding_for_label((const char *)s + pos, end - pos);
    }
}

/* ---------------------------------------------------------------------------
** Get an XML encoding. */

const wenc_encoding *wenc_html_xml_declaration_encoding(const uint8_t *p, size_t n)
{
    static const uint8_t xml[5] = {0x3C, 0x3F, 0x78, 0x6D, 0x6C};
    static const uint8_t word[8] = {0x65, 0x6E, 0x63, 0x6F, 0x64, 0x69, 0x6E, 0x67};
    if (p == NULL)
        return NULL;
    /* 1. encodingPosition at the start of the stream. */
    size_t pos = 0;
    /* 2. It must point at "<?xml". */
    if (n < 5 || memcmp(p, xml, 5) != 0)
        return NULL;
    /* 3. xmlDeclarationEnd: the next '>'; none: failure.  (The text uses
    ** it for nothing else: the searches below are not bounded by it.) */
    if (memchr(p, 0x3E, n) == NULL)
        return NULL;
    /* 4. The first "encoding" at or after encodingPosition; none: failure. */
    while (pos + 8 <= n && memcmp(p + pos, word, 8) != 0)
        pos++;
    if (pos + 8 > n)
        return NULL;
    /* 5. Past the 'g'. */
    pos += 8;
    /* 6. Skip bytes <= 0x20. */
    while (pos < n && p[pos] <= 0x20)
        pos++;
    /* 7. Must be '=' (the end of the bytes is no '='). */
    if (pos >= n || p[pos] != 0x3D)
        return NULL;
    /* 8. Past it. */
    pos++;
    /* 9. Skip bytes <= 0x20. */
    while (pos < n && p[pos] <= 0x20)
        pos++;
    /* 10-11. quoteMark must be '"' or '\''. */
    if (pos >= n || (p[pos] != 0x22 && p[pos] != 0x27))
        return NULL;
    uint8_t quote = p[pos];
    /* 12. Past it. */
    pos++;
    /* 13. encodingEndPosition: the next quoteMark; none: failure. */
    const uint8_t *end = pos < n ? memchr(p + pos, quote, n - pos) : NULL;
    if (end == NULL)
        return NULL;
    /* 14. potentialEncoding: the bytes between. */
    size_t label_len = (size_t)(end - (p + pos));
    /* 15. A byte 0x00-0x20 inside: failure. */
    for (size_t i = 0; i < label_len; i++)
        if (p[pos + i] <= 0x20)
            return NULL;
    /* 16. Get an encoding (isomorphic decode changes no byte's value, and
    ** a non-ASCII byte matches no label either way). */
    const wenc_encoding *e = wenc_encoding_for_label((const char *)p + pos, label_len);
    /* 17. UTF-16BE/LE become UTF-8. */
    if (e == WENC_UTF_16BE || e == WENC_UTF_16LE)
        e = WENC_UTF_8;
    /* 18. */
    return e;
}

/* ---------------------------------------------------------------------------
** Get an attribute. */

/* An attribute: its name and value as runs of the input (ASCII upper case
** is folded when compared). */
typedef struct attribute {
    size_t name, name_len;
    size_t value, value_len;
} attribute;

typedef enum attr_result {
    ATTR_FOUND,
    ATTR_NONE, /* "there isn't one" */
    ATTR_OUT   /* ran out of bytes: abort the prescan */
} attr_result;

static attr_result get_attribute(scan *s, attribute *a)
{
    /* 1. Skip 0x09, 0x0A, 0x0C, 0x0D, 0x20 and 0x2F. */
    while (more(s) && (is_space(byte_at(s)) || byte_at(s) == 0x2F))
        s->pos++;
    if (!more(s))
        return ATTR_OUT;
    /* 2. '>': there isn't one. */
    if (byte_at(s) == 0x3E)
        return ATTR_NONE;
    /* 3. The start of the name; name and value empty. */
    a->name = s->pos;
    a->name_len = 0;
    a->value = s->pos;
    a->value_len = 0;
    /* 4-5. The name. */
    for (;;) {
        if (!more(s))
            return ATTR_OUT;
        uint8_t c = byte_at(s);
        if (c == 0x3D && a->name_len > 0) {
            /* '=' after a non-empty name: advance, go to "value". */
            s->pos++;
            goto value;
        }
        if (is_space(c))
            break; /* go to "spaces" */
        if (c == 0x2F || c == 0x3E)
            return ATTR_FOUND; /* the value is empty */
        /* A-Z (lowercased), anything else (as it is), '=' as the first
        ** byte included: one more byte of the name. */
        a->name_len++;
        s->pos++;
    }
    /* 6. Spaces: skip them. */
    while (more(s) && is_space(byte_at(s)))
        s->pos++;
    if (!more(s))
        return ATTR_OUT;
    /* 7. Not '=': the value is empty. */
    if (byte_at(s) != 0x3D)
        return ATTR_FOUND;
    /* 8. Past the '='. */
    s->pos++;
value:
    /* 9. Value: skip spaces. */
    while (more(s) && is_space(byte_at(s)))
        s->pos++;
    if (!more(s))
        return ATTR_OUT;
    /* 10. The first byte of the value. */
    uint8_t c = byte_at(s);
    if (c == 0x22 || c == 0x27) {
        /* 10.1-10.6: a quoted value, up to the same quote. */
        a->value = s->pos + 1;
        for (;;) {
            s->pos++; /* 10.2 Quote loop: advance. */
            if (!more(s))
                return ATTR_OUT;
            if (byte_at(s) == c) {
                /* 10.3 The closing quote: advance past it, done. */
                s->pos++;
                return ATTR_FOUND;
            }
            /* 10.4-10.5: a byte of the value. */
            a->value_len++;
        }
    }
    if (c == 0x3E)
        return ATTR_FOUND; /* '>': the value is empty */
    /* A-Z or anything else: the first byte of the value; advance. */
    a->value = s->pos;
    a->value_len = 1;
    s->pos++;
    /* 11-12. The rest of an unquoted value. */
    for (;;) {
        if (!more(s))
            return ATTR_OUT;
        c = byte_at(s);
        if (is_space(c) || c == 0x3E)
            return ATTR_FOUND;
        a->value_len++;
        s->pos++;
    }
}

/* ---------------------------------------------------------------------------
** Prescan a byte stream to determine its encoding. */

/* The states of step 3's meta branch for "charset" (5): null is distinct
** from failure. */
typedef enum charset_state {
    CHARSET_NULL,
    CHARSET_FAILURE,
    CHARSET_ENCODING
} charset_state;

typedef enum meta_result {
    META_NEXT_BYTE, /* no answer: go to "next byte" */
    META_FOUND,
    META_OUT
} meta_result;

/* Step 3's '<meta' branch from its substep 1, with S at the space or slash
** after "<meta".  On META_FOUND, *FOUND is the answer. */
static meta_result meta(scan *s, const wenc_encoding **found)
{
    /* 1. (Done by the caller: position is at the space or slash.) */
    /* 2. The attribute list: only the three names step 9 acts on matter,
    ** so it is kept as one flag each (a duplicate of any other name would
    ** change nothing). */
    bool seen_http_equiv = false, seen_content = false, seen_charset = false;
    /* 3. got pragma; 4. need pragma (null, true, false); 5. charset. */
    bool got_pragma = false;
    int need_pragma = -1; /* -1: null */
    charset_state charset = CHARSET_NULL;
    const wenc_encoding *charset_encoding = NULL;
    for (;;) {
        /* 6. Attributes: get an attribute; none: go to processing. */
        attribute a;
        attr_result r = get_attribute(s, &a);
        if (r == ATTR_OUT)
            return META_OUT;
        if (r == ATTR_NONE)
            break;
        const uint8_t *name = s->p + a.name;
        const uint8_t *value = s->p + a.value;
        /* 7-9. Names already in the list are skipped; the list is extended;
        ** then the step for the name. */
        if (lower_equals(name, a.name_len, "http-equiv")) {
            if (seen_http_equiv)
                continue;
            seen_http_equiv = true;
            if (lower_equals(value, a.value_len, "content-type"))
                got_pragma = true;
        } else if (lower_equals(name, a.name_len, "content")) {
            if (seen_content)
                continue;
            seen_content = true;
            const wenc_encoding *e = wenc_html_meta_content_encoding(value, a.value_len);
            if (e != NULL && charset == CHARSET_NULL) {
                charset = CHARSET_ENCODING;
                charset_encoding = e;
                need_pragma = 1;
            }
        } else if (lower_equals(name, a.name_len, "charset")) {
            if (seen_charset)
                continue;
            seen_charset = true;
            /* Get an encoding from the value (case folding does not matter
            ** to it). */
            charset_encoding = wenc_encoding_for_label((const char *)value, a.value_len);
            charset = charset_encoding != NULL ? CHARSET_ENCODING : CHARSET_FAILURE;
            need_pragma = 0;
        }
        /* 10. Back to "attributes". */
    }
    /* 11. Processing: need pragma null: next byte. */
    if (need_pragma == -1)
        return META_NEXT_BYTE;
    /* 12. need pragma true but got pragma false: next byte. */
    if (need_pragma == 1 && !got_pragma)
        return META_NEXT_BYTE;
    /* 13. charset failure: next byte.  (charset cannot be null here: need
    ** pragma is set only with it.) */
    if (charset != CHARSET_ENCODING)
        return META_NEXT_BYTE;
    /* 14. UTF-16BE/LE become UTF-8. */
    if (charset_encoding == WENC_UTF_16BE || charset_encoding == WENC_UTF_16LE)
        charset_encoding = WENC_UTF_8;
    /* 15. x-user-defined becomes windows-1252. */
    if (charset_encoding == WENC_X_USER_DEFINED)
        charset_encoding = WENC_WINDOWS_1252;
    /* 16. Return charset. */
    *found = charset_encoding;
    return META_FOUND;
}

/* Whether the bytes at S's position start with the N bytes at WANT. */
static bool starts_with(const scan *s, const uint8_t *want, size_t n)
{
    return s->n - s->pos >= n && memcmp(s->p + s->pos, want, n) == 0;
}

/* Advances S to the first '>' at or after FROM; false if there is none. */
static bool advance_to_gt(scan *s, size_t from)
{
    const uint8_t *gt = from < s->n ? memchr(s->p + from, 0x3E, s->n - from) : NULL;
    if (gt == NULL)
        return false;
    s->pos = (size_t)(gt - s->p);
    return true;
}

/* The prescan proper: the answer, or NULL when it ran out of bytes. */
static const wenc_encoding *prescan(const uint8_t *p, size_t n, wenc_sniff_source *source)
{
    static const uint8_t utf16le[6] = {0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00};
    static const uint8_t utf16be[6] = {0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78};
    static const uint8_t comment[4] = {0x3C, 0x21, 0x2D, 0x2D};
    /* 1. position at the first byte. */
    scan s = {p, n, 0};
    /* 2. UTF-16 XML declarations ('<?x' in either byte order). */
    if (starts_with(&s, utf16le, 6)) {
        *source = WENC_SNIFF_UTF16_XML;
        return WENC_UTF_16LE;
    }
    if (starts_with(&s, utf16be, 6)) {
        *source = WENC_SNIFF_UTF16_XML;
        return WENC_UTF_16BE;
    }
    /* 3. Loop (4. "next byte" is the increment at the bottom). */
    for (; more(&s); s.pos++) {
        size_t start = s.pos;
        size_t left = n - start;
        if (byte_at(&s) != 0x3C)
            continue; /* any other byte: nothing */
        if (starts_with(&s, comment, 4)) {
            /* "<!--": to the first '>' preceded by two '-' after the '<'
            ** (those '-' may be the comment opener's, so "<!-->" ends). */
            size_t i = start + 4;
            while (i < n && !(p[i] == 0x3E && p[i - 1] == 0x2D && p[i - 2] == 0x2D))
                i++;
            if (i >= n)
                return NULL;
            s.pos = i;
            continue;
        }
        if (left >= 6 && lower(p[start + 1]) == 0x6D && lower(p[start + 2]) == 0x65 &&
            lower(p[start + 3]) == 0x74 && lower(p[start + 4]) == 0x61 &&
            (is_space(p[start + 5]) || p[start + 5] == 0x2F)) {
            /* "<meta" and a space or slash: 1. position at that byte. */
            s.pos = start + 5;
            const wenc_encoding *found = NULL;
            meta_result r = meta(&s, &found);
            if (r == META_OUT)
                return NULL;
            if (r == META_FOUND) {
                *source = WENC_SNIFF_META;
                return found;
            }
            continue; /* next byte */
        }
        size_t letter = start + 1;
        if (left >= 2 && p[letter] == 0x2F)
            letter++;
        if (letter < n && is_alpha(p[letter])) {
            /* '<', maybe '/', a letter: 1. to the next space or '>'. */
            s.pos = letter;
            while (more(&s) && !is_space(byte_at(&s)) && byte_at(&s) != 0x3E)
                s.pos++;
            /* 2. Get attributes until there are none, then next byte. */
            attribute a;
            attr_result r;
            while ((r = get_attribute(&s, &a)) == ATTR_FOUND)
                ;
            if (r == ATTR_OUT)
                return NULL;
            continue;
        }
        if (left >= 2 && (p[start + 1] == 0x21 || p[start + 1] == 0x2F || p[start + 1] == 0x3F)) {
            /* "<!", "</", "<?": to the first '>' after the '<'. */
            if (!advance_to_gt(&s, start + 1))
                return NULL;
            continue;
        }
        /* '<' followed by anything else: nothing. */
    }
    return NULL;
}

const wenc_encoding *wenc_html_prescan(const uint8_t *src, size_t len,
                                       wenc_sniff_source *source, bool *final)
{
    wenc_sniff_source how = WENC_SNIFF_NONE;
    const wenc_encoding *e = NULL;
    if (src != NULL && len > 0) {
        e = prescan(src, len, &how);
        if (e == NULL) {
            /* The prescan ran out of bytes (or reached the end condition):
            ** "get an XML encoding" on the same bytes. */
            e = wenc_html_xml_declaration_encoding(src, len);
            if (e != NULL)
                how = WENC_SNIFF_XML_DECLARATION;
        }
    }
    if (source != NULL)
        *source = how;
    if (final != NULL)
        *final = how == WENC_SNIFF_META || how == WENC_SNIFF_UTF16_XML;
    return e;
}
