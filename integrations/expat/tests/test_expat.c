/* test_expat.c -- the Expat front end (issue 40).  Each decoder vector of
** the standard (vectors.h), and every high byte each single-byte encoding
** maps, wrapped in an XML document in its encoding and parsed through
** wenc_expat_parse() whole and at chunk sizes 1, 2, 3, 7 and 4096: the
** character data Expat reports equals wenc's fatal decode of the same bytes;
** malformed input ends the parse with a decoding error at the malformed
** bytes' offset in the original input; an Expat error after the vector
** (a mismatched end tag) is reported at its offset in the original input.
** TAP output. */
#include <wenc/expat.h>

#include "itest.h"

static const size_t chunk_sizes[] = {0, 1, 2, 3, 7, 4096}; /* 0: one call */

static void on_text(void *ud, const XML_Char *s, int len)
{
    b_add(ud, s, (size_t)len);
}

/* Parses DOC with PROTOCOL at the chunk size; the character data to *TEXT. */
static bool parse(const bstr *doc, const wenc_encoding *protocol, size_t chunk, bstr *text,
                  wenc_expat_error *err, const wenc_encoding **enc)
{
    wenc_expat *x = wenc_expat_create(protocol, 0);
    text->len = 0;
    b_add(text, "", 0);
    XML_SetUserData(wenc_expat_parser(x), text);
    XML_SetCharacterDataHandler(wenc_expat_parser(x), on_text);
    bool ok = true;
    if (chunk == 0)
        ok = wenc_expat_parse(x, doc->p, doc->len, 1) == XML_STATUS_OK;
    else {
        for (size_t i = 0; ok && i < doc->len; i += chunk) {
            size_t n = doc->len - i < chunk ? doc->len - i : chunk;
            ok = wenc_expat_parse(x, doc->p + i, n, 0) == XML_STATUS_OK;
        }
        ok = ok && wenc_expat_parse(x, NULL, 0, 1) == XML_STATUS_OK;
    }
    wenc_expat_get_error(x, err);
    *enc = wenc_expat_encoding(x, NULL);
    wenc_expat_free(x);
    return ok;
}

static void run_case(const wenc_encoding *enc, const bstr *inner, const bstr *typed,
                     const char *what)
{
    const char *name = wenc_encoding_name(enc);
    bstr fat = {0}, got = {0}, doc = {0}, bad = {0};
    long fat_off;
    size_t fat_len;
    if (typed != NULL) {
        wenc_decode(enc, inner->p, inner->len, false, &fat, &fat_off, &fat_len);
        t_ok(fat.len == typed->len && memcmp(fat.p, typed->p, fat.len) == 0,
             "%s %s: wenc's decode is the typed vector", name, what);
    }
    if (!wenc_decode_before(enc, inner, "</r>", true, &fat, &fat_off, &fat_len) ||
        !text_is_plain(fat.p, fat.len))
        goto done;
    char head[160];
    snprintf(head, sizeof head, "<?xml version=\"1.0\" encoding=\"%s\"?><r>", name);
    b_ascii(&doc, enc, head);
    size_t prefix = doc.len;
    b_add(&doc, inner->p, inner->len);
    b_add(&bad, doc.p, doc.len);
    b_ascii(&doc, enc, "</r>");
    b_ascii(&bad, enc, "</s>");
    size_t unit = enc == WENC_UTF_16BE || enc == WENC_UTF_16LE ? 2 : 1;
    for (size_t k = 0; k < sizeof chunk_sizes / sizeof chunk_sizes[0]; k++) {
        wenc_expat_error e;
        const wenc_encoding *used;
        bool ok = parse(&doc, NULL, chunk_sizes[k], &got, &e, &used);
        if (fat_off < 0) {
            bool good = ok && used == enc && got.len == fat.len &&
                        memcmp(got.p, fat.p, got.len) == 0;
            t_ok(good, "%s %s chunk %zu: text equals wenc's decode", name, what,
                 chunk_sizes[k]);
            if (!good) {
                hexdump("got", got.p, got.len);
                hexdump("want", fat.p, fat.len);
                printf("#   kind %d code %d at %llu\n", e.kind, e.code,
                       (unsigned long long)e.offset);
            }
            /* Expat's own error, mapped back: the name in "</s>". */
            ok = parse(&bad, NULL, chunk_sizes[k], &got, &e, &used);
            uint64_t want = prefix + inner->len + 2 * unit;
            t_ok(!ok && e.kind == WENC_EXPAT_PARSE_ERROR && e.code == XML_ERROR_TAG_MISMATCH &&
                     e.offset == want,
                 "%s %s chunk %zu: Expat's error at input byte %llu (%llu)", name, what,
                 chunk_sizes[k], (unsigned long long)want, (unsigned long long)e.offset);
        } else {
            t_ok(!ok && e.kind == WENC_EXPAT_DECODE_ERROR &&
                     e.offset == prefix + (uint64_t)fat_off && e.length == fat_len,
                 "%s %s chunk %zu: decoding error at %llu+%zu (%llu+%zu, kind %d)", name, what,
                 chunk_sizes[k], (unsigned long long)(prefix + (uint64_t)fat_off), fat_len,
                 (unsigned long long)e.offset, e.length, e.kind);
        }
    }
done:
    free(fat.p);
    free(got.p);
    free(doc.p);
    free(bad.p);
}

/* Documents by hand: declarations Expat cannot read, BOM and protocol. */
static void test_documents(void)
{
    static const struct {
        const char *hex, *protocol, *want_hex, *enc;
    } docs[] = {
        /* <?xml version="1.0" encoding="Shift_JIS"?><r>82 A0</r>: U+3042 (jis0208 283) */
        {"3C3F786D6C2076657273696F6E3D22312E302220656E636F64696E673D2253686966745F4A4953223F3E"
         "3C723E82A03C2F723E", NULL, "E38182", "Shift_JIS"},
        /* gb18030 declaration, 81 30 81 30 = U+0080 (ranges line 7) */
        {"3C3F786D6C2076657273696F6E3D22312E302220656E636F64696E673D226762313830333022"
         "3F3E3C723E813081303C2F723E", NULL, "C280", "gb18030"},
        /* ISO-2022-JP: ESC $ B 24 22 ESC ( B = U+3042 (jis0208 pointer 283) */
        {"3C3F786D6C2076657273696F6E3D22312E302220656E636F64696E673D2249534F2D323032322D4A50"
         "223F3E3C723E1B244224221B28423C2F723E", NULL, "E38182", "ISO-2022-JP"},
        /* UTF-16LE with BOM: <r>é</r> */
        {"FFFE3C0072003E00E9003C002F0072003E00", NULL, "C3A9", "UTF-16LE"},
        /* UTF-16BE without BOM, declaration: <?xml version="1.0"?><r>A</r> */
        {"003C003F0078006D006C002000760065007200730069006F006E003D00220031002E00300022003F003E"
         "003C0072003E0041003C002F0072003E", NULL, "41", "UTF-16BE"},
        /* The protocol's windows-1251 wins over the declaration's KOI8-R:
        ** C1 = U+0411 in windows-1251 */
        {"3C3F786D6C2076657273696F6E3D22312E302220656E636F64696E673D224B4F49382D52223F3E"
         "3C723EC13C2F723E", "windows-1251", "D091", "windows-1251"},
        /* A UTF-8 BOM wins over the protocol's windows-1251: C3 A9 = U+00E9 */
        {"EFBBBF3C723EC3A93C2F723E", "windows-1251", "C3A9", "UTF-8"},
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        if (!wenc_encoding_is_built_in(wenc_encoding_for_label_cstr(docs[i].enc)) ||
            (docs[i].protocol != NULL &&
             !wenc_encoding_is_built_in(wenc_encoding_for_label_cstr(docs[i].protocol)))) {
            t_ok(1, "document %zu (%s) # SKIP not built in (-Dencodings)", i, docs[i].enc);
            continue;
        }
        unsigned char buf[512], w[16];
        bstr doc = {0}, got = {0};
        size_t n = 0;
        for (const char *h = docs[i].hex; h[0] && h[1]; h += 2) {
            char t[3] = {h[0], h[1], 0};
            buf[n++] = (unsigned char)strtoul(t, NULL, 16);
        }
        b_add(&doc, buf, n);
        size_t wn = 0;
        for (const char *h = docs[i].want_hex; h[0] && h[1]; h += 2) {
            char t[3] = {h[0], h[1], 0};
            w[wn++] = (unsigned char)strtoul(t, NULL, 16);
        }
        for (size_t k = 0; k < sizeof chunk_sizes / sizeof chunk_sizes[0]; k++) {
            wenc_expat_error e;
            const wenc_encoding *used;
            bool ok = parse(&doc,
                            docs[i].protocol ? wenc_encoding_for_label_cstr(docs[i].protocol)
                                             : NULL,
                            chunk_sizes[k], &got, &e, &used);
            t_ok(ok && used == wenc_encoding_for_label_cstr(docs[i].enc) && got.len == wn &&
                     memcmp(got.p, w, wn) == 0,
                 "document %zu (%s) chunk %zu parses", i, docs[i].enc, chunk_sizes[k]);
        }
        free(doc.p);
        free(got.p);
    }
    /* A replacement label is refused, and so is an unknown one (XML 1.0,
    ** section 4.3.3), unless a BOM or the transport decides. */
    const char *kr = "<?xml version=\"1.0\" encoding=\"iso-2022-kr\"?><r/>";
    bstr doc = {0}, got = {0};
    wenc_expat_error e;
    const wenc_encoding *used;
    b_add(&doc, kr, strlen(kr));
    t_ok(!parse(&doc, NULL, 0, &got, &e, &used) && e.kind == WENC_EXPAT_UNSUPPORTED_ENCODING,
         "replacement label refused");
    doc.len = 0;
    const char *unk = "<?xml version=\"1.0\" encoding=\"x-none\"?><r>a</r>";
    b_add(&doc, unk, strlen(unk));
    for (size_t c = 0; c < sizeof chunk_sizes / sizeof chunk_sizes[0]; c++)
        t_ok(!parse(&doc, NULL, chunk_sizes[c], &got, &e, &used) &&
                 e.kind == WENC_EXPAT_UNSUPPORTED_ENCODING && e.offset == 0 &&
                 e.length == 39 && used == NULL,
             "unknown label, chunk %zu: unsupported encoding, the declaration at 0+39",
             chunk_sizes[c]);
    if (!wenc_encoding_is_built_in(WENC_WINDOWS_1252))
        t_ok(1, "unknown label with a transport charset # SKIP windows-1252 not built in");
    else
        t_ok(parse(&doc, WENC_WINDOWS_1252, 0, &got, &e, &used) &&
                 used == WENC_WINDOWS_1252 && got.len == 1 && got.p[0] == 'a',
             "unknown label with a transport charset: the charset decides");
    doc.len = 0;
    b_add(&doc, "\xEF\xBB\xBF", 3);
    b_add(&doc, unk, strlen(unk));
    t_ok(parse(&doc, NULL, 1, &got, &e, &used) && used == WENC_UTF_8 && got.len == 1,
         "unknown label after a UTF-8 BOM: the BOM decides");
    /* Expat's own name check comes first: a name XML forbids is its error. */
    doc.len = 0;
    const char *bad = "<?xml version=\"1.0\" encoding=\"1x\"?><r/>";
    b_add(&doc, bad, strlen(bad));
    bool bad_ok = parse(&doc, NULL, 0, &got, &e, &used);
    t_ok(!bad_ok && e.kind == WENC_EXPAT_PARSE_ERROR && e.code == XML_ERROR_XML_DECL,
         "an encoding name XML forbids: Expat's error, %s", XML_ErrorString(XML_ERROR_XML_DECL));
    /* A known label, or none: no second opinion. */
    doc.len = 0;
    const char *none = "<?xml version=\"1.0\"?><r>a</r>";
    b_add(&doc, none, strlen(none));
    t_ok(parse(&doc, NULL, 1, &got, &e, &used) && used == WENC_UTF_8 && got.len == 1,
         "a declaration without an encoding: UTF-8");
    /* Truncated at the end: the decoder's flush reports it. */
    doc.len = 0;
    b_add(&doc, "<r>\xE3\x81", 5);
    t_ok(!parse(&doc, NULL, 1, &got, &e, &used) && e.kind == WENC_EXPAT_DECODE_ERROR &&
             e.offset == 3 && e.length == 2,
         "truncated UTF-8 at the end: decoding error at 3+2");
    /* An empty document: Expat's "no element found" at offset 0. */
    doc.len = 0;
    t_ok(!parse(&doc, NULL, 0, &got, &e, &used) && e.kind == WENC_EXPAT_PARSE_ERROR &&
             e.code == XML_ERROR_NO_ELEMENTS && e.offset == 0,
         "empty document: no element found at 0");
    free(doc.p);
    free(got.p);
}

int main(void)
{
    printf("# %s\n", XML_ExpatVersion());
    test_documents();
    itest_run_vectors(run_case);
    printf("1..%d\n", t_count);
    return t_failed != 0;
}
