/* itest.h -- what the integration tests share: TAP output, hex vectors,
** documents wrapped around a vector in its encoding, and wenc's own decode
** of the same bytes (the one definition the parsers must agree with). */
#ifndef WENC_ITEST_H
#define WENC_ITEST_H

#include <wenc/wenc.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ITEST_NO_VECTORS
#include "vectors.h"
#endif

#ifndef ITEST_NO_VECTORS
static int t_count, t_failed;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void t_ok(int ok, const char *fmt, ...)
{
    va_list ap;
    t_count++;
    if (!ok)
        t_failed++;
    printf("%s %d - ", ok ? "ok" : "not ok", t_count);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#endif

/* A growable byte string. */
typedef struct bstr {
    unsigned char *p;
    size_t len, cap;
} bstr;

static inline void b_add(bstr *b, const void *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (b->p == NULL)
            abort();
    }
    if (n > 0)
        memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = 0;
}

/* ASCII text in ENC's byte form: UTF-16 spreads it over two bytes each. */
static inline void b_ascii(bstr *b, const wenc_encoding *enc, const char *s)
{
    for (; *s; s++) {
        unsigned char u[2] = {0, (unsigned char)*s};
        if (enc == WENC_UTF_16LE) {
            u[0] = u[1];
            u[1] = 0;
        }
        if (enc == WENC_UTF_16BE || enc == WENC_UTF_16LE)
            b_add(b, u, 2);
        else
            b_add(b, u + 1, 1);
    }
}

static inline size_t hex_bytes(const char *hex, unsigned char *out)
{
    size_t n = 0;
    while (*hex) {
        if (*hex == ' ') {
            hex++;
            continue;
        }
        char *end;
        out[n++] = (unsigned char)strtoul(hex, &end, 16);
        hex = end;
    }
    return n;
}

static inline void utf8_cp(bstr *b, unsigned long c)
{
    unsigned char u[4];
    size_t n;
    if (c < 0x80) {
        u[0] = (unsigned char)c;
        n = 1;
    } else if (c < 0x800) {
        u[0] = (unsigned char)(0xC0 | c >> 6);
        u[1] = (unsigned char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        u[0] = (unsigned char)(0xE0 | c >> 12);
        u[1] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
        u[2] = (unsigned char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | c >> 18);
        u[1] = (unsigned char)(0x80 | (c >> 12 & 0x3F));
        u[2] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
        u[3] = (unsigned char)(0x80 | (c & 0x3F));
        n = 4;
    }
    b_add(b, u, n);
}

/* The typed code points of a vector, as UTF-8. */
static inline void hex_cps_utf8(const char *hex, bstr *b)
{
    b->len = 0;
    b_add(b, "", 0);
    while (*hex) {
        if (*hex == ' ') {
            hex++;
            continue;
        }
        char *end;
        utf8_cp(b, strtoul(hex, &end, 16));
        hex = end;
    }
}

/* wenc's decode of the LEN bytes at SRC into *OUT (UTF-8): the whole input
** in replacement mode, or in fatal mode up to the first error, whose
** offset goes to *ERR_OFF (-1 for none). */
static inline void wenc_decode(const wenc_encoding *enc, const unsigned char *src, size_t len,
                        bool fatal, bstr *out, long *err_off, size_t *err_len)
{
    wenc_decoder d;
    wenc_decoder_init(&d, enc, fatal ? WENC_DECODER_FATAL : WENC_DECODER_REPLACEMENT);
    out->len = 0;
    b_add(out, "", 0);
    *err_off = -1;
    *err_len = 0;
    for (;;) {
        unsigned char buf[256];
        size_t n = len, m = sizeof buf;
        wenc_status st = wenc_decoder_decode_to_utf8(&d, src, &n, buf, &m, true);
        b_add(out, buf, m);
        src += n;
        len -= n;
        if (st == WENC_MALFORMED) {
            *err_off = (long)wenc_decoder_error_offset(&d);
            *err_len = wenc_decoder_error_length(&d);
            return;
        }
        if (st != WENC_OUTPUT_FULL)
            return;
    }
}

/* wenc's decode of INNER as the parser sees it: followed by the markup
** SUFFIX (ASCII, in ENC's byte form), which may end a sequence INNER left
** open (gb18030's 81 30 then '<' is an error of one byte and a '0').  The
** decoded suffix is removed again; false if the decode does not end with
** it (the vector swallowed the markup: no case).  In fatal mode the text
** stops at the first error, whose offset in INNER goes to *ERR_OFF. */
static inline bool wenc_decode_before(const wenc_encoding *enc, const bstr *inner, const char *suffix,
                               bool fatal, bstr *out, long *err_off, size_t *err_len)
{
    bstr all = {0};
    b_add(&all, inner->p, inner->len);
    b_ascii(&all, enc, suffix);
    wenc_decode(enc, all.p, all.len, fatal, out, err_off, err_len);
    free(all.p);
    if (*err_off >= 0 && (size_t)*err_off >= inner->len)
        return false;
    if (*err_off >= 0)
        return true;
    size_t n = strlen(suffix);
    if (out->len < n || memcmp(out->p + out->len - n, suffix, n) != 0)
        return false;
    out->len -= n;
    out->p[out->len] = 0;
    return true;
}

/* Whether the UTF-8 text can stand as character data in the wrappers as
** it is: XML 1.0's Char production (no C0 controls but tab and LF, no CR,
** which end-of-line handling changes, no U+FFFE/U+FFFF), and no markup
** ('<', '&', '>'). */
static inline bool text_is_plain(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if ((c < 0x20 && c != 0x09 && c != 0x0A) || c == '<' || c == '&' || c == '>' ||
            c == 0x7F)
            return false;
        if (c == 0xEF && i + 2 < n && s[i + 1] == 0xBF && (s[i + 2] == 0xBE || s[i + 2] == 0xBF))
            return false;
        /* C1 controls (U+0080..U+009F): legal XML, but the HTML parser's
        ** character references rules do not touch raw text, so keep them. */
    }
    return true;
}

#ifndef ITEST_NO_VECTORS
/* The bytes between the tags for vector V: the vector, and for ISO-2022-JP
** ESC ( B so that the markup after it is read in the ASCII state. */
static inline void vector_inner(const ivec *v, bstr *inner)
{
    unsigned char tmp[256];
    size_t n = hex_bytes(v->in, tmp);
    inner->len = 0;
    b_add(inner, tmp, n);
    if (v->enc == WENC_ISO_2022_JP)
        b_add(inner, "\x1B(B", 3);
}

/* What both parsers are run on: each decoder vector of the standard
** (vectors.h) with its typed code points (none for ISO-2022-JP, whose inner
** bytes gain ESC ( B), then for each single-byte encoding one document of
** every high byte it maps to plain text. RUN gets the encoding, the bytes
** between the tags, the expected UTF-8 or NULL, and a label. */
typedef void itest_case_fn(const wenc_encoding *enc, const bstr *inner, const bstr *typed,
                           const char *what);

static inline void itest_run_vectors(itest_case_fn *run)
{
    bstr inner = {0}, typed = {0};
    for (size_t i = 0; i < sizeof ivectors / sizeof ivectors[0]; i++) {
        const ivec *v = &ivectors[i];
        if (!wenc_encoding_is_built_in(v->enc))
            continue;
        char what[64];
        snprintf(what, sizeof what, "[%s]", v->in);
        vector_inner(v, &inner);
        hex_cps_utf8(v->out, &typed);
        run(v->enc, &inner, v->enc == WENC_ISO_2022_JP ? NULL : &typed, what);
    }
    for (size_t i = 0; wenc_encoding_at(i) != NULL; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (!wenc_encoding_is_single_byte(enc) || !wenc_encoding_is_built_in(enc))
            continue;
        inner.len = 0;
        b_add(&inner, "", 0);
        for (int b = 0x80; b <= 0xFF; b++) {
            unsigned char c = (unsigned char)b;
            bstr one = {0};
            long off;
            size_t len;
            wenc_decode(enc, &c, 1, true, &one, &off, &len);
            if (off < 0 && text_is_plain(one.p, one.len))
                b_add(&inner, &c, 1);
            free(one.p);
        }
        run(enc, &inner, NULL, "[80..FF mapped]");
    }
    free(inner.p);
    free(typed.p);
}

#endif

static inline void hexdump(const char *what, const unsigned char *p, size_t n)
{
    printf("#   %s:", what);
    for (size_t i = 0; i < n && i < 64; i++)
        printf(" %02X", p[i]);
    printf("\n");
}

#endif
