/* sniff.c -- fuzz target for wenc/sniff.h: the HTML prescan, the encoding
** sniffing algorithm, the Content-Type charset, the locale table, changing
** the encoding while parsing and the XML helpers.
**
** Input layout (docs/fuzzing.md):
**   byte 0  sniffing options: bit 0 detect UTF-8, bit 1 no prescan, bit 2 an
**           override, bit 3 a transport encoding, bit 4 a parent, bit 5 a
**           likely encoding, bits 6-7 the prescan limit (1024, 16, 64, 300)
**   byte 1  an encoding (fuzz_encoding()) for those options and for
**           wenc_html_change_encoding()'s current encoding
**   byte 2  the same, for the requested encoding
**   then    the document's bytes.
**
** Invariants checked, beyond "no crash, no read past the bytes given"
** (every call gets an exact-size copy, so ASan sees an overread):
** - the prescan agrees with a literal transcription of the standard's text
**   below, which builds the strings and the attribute list the text
**   describes (allocating, slow, independent of prescan.c's shortcuts);
** - the answer never depends on bytes past the end condition: the sniffing
**   call gives the same answer when the bytes past the prescan limit change
**   (unless UTF-8 detection reads them all);
** - a prefix whose answer is final (prescan or sniffing call) gives the same
**   answer with every longer prefix, the whole input included;
** - the sniffing call follows the standard's step order and confidence;
** - wenc_html_change_encoding() is consistent with the decoders: SWITCH
**   only if both decode the bytes to the same code points. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
** A literal transcription of the prescan (HTML-SNIFFING.md). */

typedef struct str {
    uint8_t *p;
    size_t n, cap;
} str;

static void str_push(str *s, uint8_t c)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        uint8_t *q = realloc(s->p, s->cap);
        if (q == NULL)
            abort();
        s->p = q;
    }
    s->p[s->n++] = c;
}

static bool str_is(const str *s, const char *w)
{
    return s->n == strlen(w) && memcmp(s->p, w, s->n) == 0;
}

/* Running out of bytes: a longjmp would be closer to the text's "abort at
** any point"; a flag checked after each read does the same. */
typedef struct ref {
    const uint8_t *p;
    size_t n, pos;
    bool out;
} ref;

static int at(ref *r)
{
    if (r->pos >= r->n) {
        r->out = true;
        return -1;
    }
    return r->p[r->pos];
}

static bool ws(int c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

static uint8_t low(int c)
{
    return (uint8_t)(c >= 0x41 && c <= 0x5A ? c + 0x20 : c);
}

/* Get an attribute: true with NAME and VALUE, false for none (or out). */
static bool ref_attribute(ref *r, str *name, str *value)
{
    name->n = value->n = 0;
    int c;
    for (;;) { /* 1 */
        c = at(r);
        if (r->out)
            return false;
        if (!(ws(c) || c == 0x2F))
            break;
        r->pos++;
    }
    if (c == 0x3E) /* 2 */
        return false;
    for (;;) { /* 4 */
        c = at(r);
        if (r->out)
            return false;
        if (c == 0x3D && name->n > 0) {
            r->pos++;
            goto value;
        }
        if (ws(c))
            break;
        if (c == 0x2F || c == 0x3E)
            return true;
        str_push(name, low(c));
        r->pos++; /* 5 */
    }
    for (;;) { /* 6 */
        c = at(r);
        if (r->out)
            return false;
        if (!ws(c))
            break;
        r->pos++;
    }
    if (c != 0x3D) /* 7 */
        return true;
    r->pos++; /* 8 */
value:
    for (;;) { /* 9 */
        c = at(r);
        if (r->out)
            return false;
        if (!ws(c))
            break;
        r->pos++;
    }
    if (c == 0x22 || c == 0x27) { /* 10 */
        int b = c;
        for (;;) {
            r->pos++;
            c = at(r);
            if (r->out)
                return false;
            if (c == b) {
                r->pos++;
                return true;
            }
            str_push(value, low(c));
        }
    }
    if (c == 0x3E)
        return true;
    str_push(value, low(c));
    r->pos++;
    for (;;) { /* 11 */
        c = at(r);
        if (r->out)
            return false;
        if (ws(c) || c == 0x3E)
            return true;
        str_push(value, low(c));
        r->pos++; /* 12 */
    }
}

static const wenc_encoding *get_encoding(const uint8_t *p, size_t n)
{
    return wenc_encoding_for_label((const char *)p, n);
}

/* Extracting a character encoding from a meta element, on a string. */
static const wenc_encoding *ref_meta_content(const str *s)
{
    size_t pos = 0;
    for (;;) {
        size_t i = pos;
        for (; i + 7 <= s->n; i++) {
            size_t k = 0;
            while (k < 7 && low(s->p[i + k]) == (uint8_t)"charset"[k])
                k++;
            if (k == 7)
                break;
        }
        if (i + 7 > s->n)
            return NULL;
        pos = i + 7;
        while (pos < s->n && ws(s->p[pos]))
            pos++;
        if (pos < s->n && s->p[pos] != 0x3D)
            continue;
        if (pos >= s->n)
            return NULL;
        pos++;
        while (pos < s->n && ws(s->p[pos]))
            pos++;
        if (pos >= s->n)
            return NULL;
        uint8_t q = s->p[pos];
        if (q == 0x22 || q == 0x27) {
            for (size_t e = pos + 1; e < s->n; e++)
                if (s->p[e] == q)
                    return get_encoding(s->p + pos + 1, e - pos - 1);
            return NULL;
        }
        size_t e = pos;
        while (e < s->n && !ws(s->p[e]) && s->p[e] != 0x3B)
            e++;
        return get_encoding(s->p + pos, e - pos);
    }
}

/* Get an XML encoding. */
static const wenc_encoding *ref_xml(const uint8_t *p, size_t n)
{
    if (n < 5 || memcmp(p, "<?xml", 5) != 0)
        return NULL;
    if (memchr(p, '>', n) == NULL)
        return NULL;
    size_t pos = 0;
    while (pos + 8 <= n && memcmp(p + pos, "encoding", 8) != 0)
        pos++;
    if (pos + 8 > n)
        return NULL;
    pos += 8;
    while (pos < n && p[pos] <= 0x20)
        pos++;
    if (pos >= n || p[pos] != '=')
        return NULL;
    pos++;
    while (pos < n && p[pos] <= 0x20)
        pos++;
    if (pos >= n || (p[pos] != '"' && p[pos] != '\''))
        return NULL;
    uint8_t q = p[pos++];
    size_t e = pos;
    while (e < n && p[e] != q)
        e++;
    if (e >= n)
        return NULL;
    for (size_t i = pos; i < e; i++)
        if (p[i] <= 0x20)
            return NULL;
    const wenc_encoding *enc = get_encoding(p + pos, e - pos);
    return enc == WENC_UTF_16BE || enc == WENC_UTF_16LE ? WENC_UTF_8 : enc;
}

/* The loop; NULL when it ran out (then get an XML encoding). */
static const wenc_encoding *ref_loop(ref *r, bool *answered)
{
    *answered = false;
    if (r->n >= 6 && memcmp(r->p, "<\0?\0x\0", 6) == 0) {
        *answered = true;
        return WENC_UTF_16LE;
    }
    if (r->n >= 6 && memcmp(r->p, "\0<\0?\0x", 6) == 0) {
        *answered = true;
        return WENC_UTF_16BE;
    }
    str name = {0}, value = {0};
    const wenc_encoding *result = NULL;
    for (; r->pos < r->n && !r->out; r->pos++) {
        const uint8_t *p = r->p + r->pos;
        size_t left = r->n - r->pos;
        if (left >= 4 && memcmp(p, "<!--", 4) == 0) {
            size_t i = r->pos + 4;
            while (i < r->n && !(r->p[i] == '>' && r->p[i - 1] == '-' && r->p[i - 2] == '-'))
                i++;
            if (i >= r->n)
                r->out = true;
            r->pos = i;
        } else if (left >= 6 && p[0] == '<' && low(p[1]) == 'm' && low(p[2]) == 'e' &&
                   low(p[3]) == 't' && low(p[4]) == 'a' && (ws(p[5]) || p[5] == '/')) {
            r->pos += 5;
            /* The attribute list: every name, each as its length (8 bytes)
            ** then its bytes (names may hold any byte, NUL included). */
            str others = {0};
            bool got_pragma = false;
            int need_pragma = -1;
            int charset_state = 0; /* 0 null, 1 failure, 2 encoding */
            const wenc_encoding *charset = NULL;
            while (ref_attribute(r, &name, &value)) {
                /* 7-8. The attribute list, as one string of names. */
                bool dup = false;
                for (size_t i = 0; i < others.n && !dup;) {
                    uint64_t len;
                    memcpy(&len, others.p + i, sizeof len);
                    i += sizeof len;
                    dup = len == name.n && (len == 0 || memcmp(others.p + i, name.p, len) == 0);
                    i += (size_t)len;
                }
                if (dup)
                    continue;
                uint64_t len = name.n;
                for (size_t i = 0; i < sizeof len; i++)
                    str_push(&others, ((const uint8_t *)&len)[i]);
                for (size_t i = 0; i < name.n; i++)
                    str_push(&others, name.p[i]);
                if (str_is(&name, "http-equiv")) {
                    if (str_is(&value, "content-type"))
                        got_pragma = true;
                } else if (str_is(&name, "content")) {
                    const wenc_encoding *e = ref_meta_content(&value);
                    if (e != NULL && charset_state == 0) {
                        charset = e;
                        charset_state = 2;
                        need_pragma = 1;
                    }
                } else if (str_is(&name, "charset")) {
                    charset = get_encoding(value.p, value.n);
                    charset_state = charset ? 2 : 1;
                    need_pragma = 0;
                }
            }
            free(others.p);
            if (r->out)
                break;
            if (need_pragma == -1 || (need_pragma == 1 && !got_pragma) || charset_state != 2)
                continue;
            if (charset == WENC_UTF_16BE || charset == WENC_UTF_16LE)
                charset = WENC_UTF_8;
            if (charset == WENC_X_USER_DEFINED)
                charset = WENC_WINDOWS_1252;
            result = charset;
            *answered = true;
            break;
        } else if (p[0] == '<' && ((left >= 2 && ((p[1] | 0x20) >= 'a' && (p[1] | 0x20) <= 'z')) ||
                                   (left >= 3 && p[1] == '/' &&
                                    (p[2] | 0x20) >= 'a' && (p[2] | 0x20) <= 'z'))) {
            r->pos++;
            while (r->pos < r->n && !ws(r->p[r->pos]) && r->p[r->pos] != '>')
                r->pos++;
            if (r->pos >= r->n) {
                r->out = true;
                break;
            }
            while (ref_attribute(r, &name, &value))
                ;
        } else if (left >= 2 && p[0] == '<' && (p[1] == '!' || p[1] == '/' || p[1] == '?')) {
            const uint8_t *gt = memchr(p + 1, '>', left - 1);
            if (gt == NULL) {
                r->out = true;
                break;
            }
            r->pos = (size_t)(gt - r->p);
        }
    }
    free(name.p);
    free(value.p);
    return result;
}

static const wenc_encoding *ref_prescan(const uint8_t *p, size_t n, bool *final)
{
    ref r = {p, n, 0, false};
    bool answered;
    const wenc_encoding *e = ref_loop(&r, &answered);
    *final = answered;
    return answered ? e : ref_xml(p, n);
}

/* ---------------------------------------------------------------------------
** The checks. */

static const char *nm(const wenc_encoding *e)
{
    return e ? wenc_encoding_name(e) : "failure";
}

static const wenc_encoding *prescan_copy(const uint8_t *p, size_t n, wenc_sniff_source *src,
                                         bool *final)
{
    uint8_t *c = fuzz_exact_copy(p, n);
    const wenc_encoding *e = wenc_html_prescan(c, n, src, final);
    free(c);
    return e;
}

static void sniff_copy(const uint8_t *p, size_t n, const wenc_html_sniff_options *o,
                       wenc_html_sniff_result *r)
{
    uint8_t *c = fuzz_exact_copy(p, n);
    FUZZ_ASSERT(wenc_html_sniff(c, n, o, r) == WENC_OK, "wenc_html_sniff failed");
    free(c);
}

static bool same_result(const wenc_html_sniff_result *a, const wenc_html_sniff_result *b)
{
    return a->encoding == b->encoding && a->confidence == b->confidence &&
           a->source == b->source && a->bom_length == b->bom_length;
}

static void check_prescan(const uint8_t *d, size_t n)
{
    wenc_sniff_source src;
    bool final;
    const wenc_encoding *got = prescan_copy(d, n, &src, &final);
    bool ref_final;
    const wenc_encoding *want = ref_prescan(d, n, &ref_final);
    FUZZ_ASSERT(got == want && final == ref_final,
                "prescan of %zu bytes: %s (%s), the text's: %s (%s)", n, nm(got),
                final ? "final" : "open", nm(want), ref_final ? "final" : "open");
    FUZZ_ASSERT((got == NULL) == (src == WENC_SNIFF_NONE), "source %s with %s",
                wenc_sniff_source_name(src), nm(got));
    /* Prefixes: a final answer stays (every prefix up to 128 bytes, then a
    ** few). */
    for (size_t k = 0; k < n; k += k < 128 ? 1 : 1 + k / 4) {
        bool kf;
        wenc_sniff_source ks;
        const wenc_encoding *ke = prescan_copy(d, k, &ks, &kf);
        if (kf)
            FUZZ_ASSERT(ke == got && ks == src && final,
                        "prefix of %zu bytes answered %s (%s), all %zu bytes %s (%s)", k,
                        nm(ke), wenc_sniff_source_name(ks), n, nm(got),
                        wenc_sniff_source_name(src));
    }
}

static void check_sniff(const uint8_t *d, size_t n, uint8_t flags, const wenc_encoding *e)
{
    static const size_t limits[4] = {1024, 16, 64, 300};
    wenc_html_sniff_options o;
    memset(&o, 0, sizeof o);
    o.detect_utf8 = flags & 1;
    o.no_prescan = flags & 2;
    if (flags & 4)
        o.override = e;
    if (flags & 8)
        o.transport = e;
    if (flags & 16)
        o.parent = e;
    if (flags & 32)
        o.likely = e;
    o.prescan_limit = limits[flags >> 6];
    wenc_html_sniff_result r;
    sniff_copy(d, n, &o, &r);
    FUZZ_ASSERT(r.encoding != NULL, "no encoding");
    /* The step order and the confidence. */
    size_t bom;
    const wenc_encoding *b = wenc_bom_sniff(d, n, &bom);
    wenc_sniff_source want_src;
    if (b != NULL)
        want_src = WENC_SNIFF_BOM;
    else if (o.override)
        want_src = WENC_SNIFF_OVERRIDE;
    else if (o.transport)
        want_src = WENC_SNIFF_TRANSPORT;
    else
        want_src = r.source; /* tentative steps: checked below */
    FUZZ_ASSERT(r.source == want_src, "source %s, expected %s", wenc_sniff_source_name(r.source),
                wenc_sniff_source_name(want_src));
    bool certain = r.source == WENC_SNIFF_BOM || r.source == WENC_SNIFF_OVERRIDE ||
                   r.source == WENC_SNIFF_TRANSPORT;
    FUZZ_ASSERT(r.confidence == (certain ? WENC_CONFIDENCE_CERTAIN : WENC_CONFIDENCE_TENTATIVE),
                "confidence");
    if (!certain && !o.no_prescan) {
        size_t m = n < o.prescan_limit ? n : o.prescan_limit;
        bool f;
        const wenc_encoding *pe = ref_prescan(d, m, &f);
        FUZZ_ASSERT(pe != NULL ? r.encoding == pe : r.source > WENC_SNIFF_XML_DECLARATION,
                    "sniff %s (%s), prescan %s", nm(r.encoding),
                    wenc_sniff_source_name(r.source), nm(pe));
    }
    if (r.source == WENC_SNIFF_DEFAULT)
        FUZZ_ASSERT(r.encoding == WENC_WINDOWS_1252, "default %s", nm(r.encoding));
    /* Bytes past the end condition do not matter (UTF-8 detection reads
    ** everything). */
    if (!o.detect_utf8 && n > o.prescan_limit && n > 3) {
        uint8_t *c = fuzz_exact_copy(d, n);
        size_t from = o.prescan_limit > 3 ? o.prescan_limit : 3;
        for (size_t i = from; i < n; i++)
            c[i] ^= 0xA5;
        wenc_html_sniff_result r2;
        sniff_copy(c, n, &o, &r2);
        FUZZ_ASSERT(same_result(&r, &r2), "bytes past the limit changed the answer");
        /* And cutting them off entirely. */
        sniff_copy(d, o.prescan_limit, &o, &r2);
        FUZZ_ASSERT(same_result(&r, &r2), "bytes past the limit: cut off");
        free(c);
    }
    /* A final answer on a prefix stays. */
    for (size_t k = 0; k < n && k < 80; k++) {
        wenc_html_sniff_result rk;
        sniff_copy(d, k, &o, &rk);
        if (rk.final)
            FUZZ_ASSERT(same_result(&rk, &r), "prefix of %zu bytes: %s %s, all: %s %s", k,
                        nm(rk.encoding), wenc_sniff_source_name(rk.source), nm(r.encoding),
                        wenc_sniff_source_name(r.source));
    }
}

/* Whether decoding D with A and with B gives the same code points. */
static bool decodes_same(const wenc_encoding *a, const wenc_encoding *b, const uint8_t *d,
                         size_t n)
{
    fuzz_buf ba, bb;
    fuzz_buf_init(&ba, 4);
    fuzz_buf_init(&bb, 4);
    const wenc_encoding *e[2] = {a, b};
    fuzz_buf *out[2] = {&ba, &bb};
    for (int k = 0; k < 2; k++) {
        wenc_decoder dec;
        wenc_decoder_init(&dec, e[k], WENC_DECODER_REPLACEMENT);
        uint32_t tmp[64];
        size_t left = n;
        const uint8_t *p = d;
        wenc_status st;
        do {
            size_t in = left, room = 64;
            st = wenc_decoder_decode_to_utf32(&dec, p, &in, tmp, &room, true);
            fuzz_buf_append(out[k], tmp, room);
            p += in;
            left -= in;
        } while (st == WENC_OUTPUT_FULL);
    }
    bool same = ba.len == bb.len && (ba.len == 0 || memcmp(ba.p, bb.p, ba.len * 4) == 0);
    fuzz_buf_free(&ba);
    fuzz_buf_free(&bb);
    return same;
}

static void check_change(const uint8_t *d, size_t n, const wenc_encoding *cur,
                         const wenc_encoding *req)
{
    const wenc_encoding *ne;
    uint8_t *c = fuzz_exact_copy(d, n);
    wenc_html_change ch = wenc_html_change_encoding(cur, req, c, n, &ne);
    free(c);
    const wenc_encoding *mapped = req == WENC_UTF_16BE || req == WENC_UTF_16LE ? WENC_UTF_8
                                  : req == WENC_X_USER_DEFINED ? WENC_WINDOWS_1252
                                                               : req;
    if (cur == WENC_UTF_16BE || cur == WENC_UTF_16LE) {
        FUZZ_ASSERT(ch == WENC_HTML_CHANGE_IGNORE && ne == cur, "UTF-16: ignore");
        return;
    }
    if (mapped == cur) {
        FUZZ_ASSERT(ch == WENC_HTML_CHANGE_SAME && ne == cur, "same");
        return;
    }
    FUZZ_ASSERT(ne == mapped, "new encoding %s for %s", nm(ne), nm(req));
    FUZZ_ASSERT(ch == WENC_HTML_CHANGE_SWITCH || ch == WENC_HTML_CHANGE_RESTART, "change %d",
                (int)ch);
    size_t bom = 0;
    if (wenc_bom_sniff(d, n, &bom) != cur)
        bom = 0;
    /* A restart when the texts agree can be an unfinished sequence at the
    ** end, so only a switch is checked. */
    if (ch == WENC_HTML_CHANGE_SWITCH)
        FUZZ_ASSERT(decodes_same(cur, mapped, d + bom, n - bom),
                    "switch from %s to %s, but the bytes read differently", nm(cur), nm(mapped));
}

static void check_misc(const uint8_t *d, size_t n)
{
    uint8_t *c = fuzz_exact_copy(d, n);
    const wenc_encoding *e = wenc_html_meta_content_encoding(c, n);
    str s = {c, n, n};
    FUZZ_ASSERT(e == ref_meta_content(&s), "meta content: %s", nm(e));
    FUZZ_ASSERT(wenc_html_xml_declaration_encoding(c, n) == ref_xml(d, n), "XML encoding");
    (void)wenc_content_type_encoding((const char *)c, n);
    FUZZ_ASSERT(wenc_encoding_for_locale((const char *)c, n) != NULL, "locale");
    wenc_sniff_source src;
    size_t bom;
    const wenc_encoding *xe = wenc_xml_detect_encoding(c, n, &src, &bom);
    FUZZ_ASSERT(xe != NULL && bom <= n, "XML detect");
    uint8_t *out;
    size_t out_len;
    const wenc_encoding *used;
    wenc_xml_error err;
    wenc_status st = wenc_xml_decode_to_utf8_alloc(c, n, NULL, &out, &out_len, &used, &err);
    FUZZ_ASSERT(used == xe, "XML decode used %s, detect %s", nm(used), nm(xe));
    if (st == WENC_OK)
        FUZZ_ASSERT(wenc_utf8_is_valid(out, out_len), "XML text not UTF-8");
    else if (!wenc_encoding_is_built_in(xe))
        FUZZ_ASSERT(st == WENC_NOT_BUILT_IN && out == NULL, "XML in %s, not built in: %s",
                    nm(xe), wenc_status_name(st));
    else
        FUZZ_ASSERT(st == WENC_MALFORMED && err.offset >= bom && err.offset < n &&
                        err.line >= 1 && err.column >= 1 && out == NULL,
                    "XML error");
    wenc_free(NULL, out);
    bool det = wenc_utf8_detect(c, n);
    bool non_ascii = false;
    for (size_t i = 0; i < n; i++)
        non_ascii = non_ascii || d[i] >= 0x80;
    FUZZ_ASSERT(det == (non_ascii && wenc_utf8_is_valid(d, n)), "UTF-8 detection");
    free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    fuzz_input in = {data, size};
    uint8_t flags = fuzz_byte(&in);
    const wenc_encoding *e1 = fuzz_encoding(fuzz_byte(&in));
    const wenc_encoding *e2 = fuzz_encoding(fuzz_byte(&in));
    const uint8_t *d = in.p;
    size_t n = in.n;
    if (n > 4096)
        n = 4096; /* the prefix checks are quadratic */
    fuzz_set_context("sniff: flags %02X, %s, %s, %zu bytes", flags, nm(e1), nm(e2), n);
    check_prescan(d, n);
    check_sniff(d, n, flags, e1);
    if (wenc_encoding_is_built_in(e1) && wenc_encoding_is_built_in(e2))
        check_change(d, n, e1, e2); /* compares the two decodings */
    check_misc(d, n);
    return 0;
}
