/* fuzz_expat.c -- fuzz target for the Expat front end (issue 40).
**
** Input: byte 0 an encoding (fuzz_encoding()), byte 1 the chunk size (0:
** one call), then the body.  The document is
**     <?xml version="1.0" encoding="NAME"?><r>BODY</r>
** in that encoding (the markup spread over two bytes for UTF-16).
** Invariants, beyond no crash and no read past the input:
** - if wenc's fatal decode of the document succeeds and the body decodes to
**   text without markup or characters XML forbids, the parse succeeds and
**   Expat's character data is exactly wenc's decode of the body;
** - if wenc's fatal decode stops in the body, after text without markup,
**   the parse fails with a decoding error at the same offset and length;
** - the answer (the text, or the error's kind, code and offset) does not
**   depend on the chunk size (checked against one call). */
#include "fuzz.h"

#include <wenc/expat.h>

#include <stdlib.h>
#include <string.h>

#define ITEST_NO_VECTORS
#include "itest.h"

static void on_text(void *ud, const XML_Char *s, int len)
{
    b_add(ud, s, (size_t)len);
}

static bool parse(const bstr *doc, size_t chunk, bstr *text, wenc_expat_error *err)
{
    wenc_expat *x = wenc_expat_create(NULL, 0);
    if (x == NULL)
        abort();
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
            uint8_t *copy = fuzz_exact_copy(doc->p + i, n);
            ok = wenc_expat_parse(x, copy, n, 0) == XML_STATUS_OK;
            free(copy);
        }
        ok = ok && wenc_expat_parse(x, NULL, 0, 1) == XML_STATUS_OK;
    }
    wenc_expat_get_error(x, err);
    wenc_expat_free(x);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const wenc_encoding *enc = fuzz_encoding(data[0]);
    size_t chunk = data[1];
    if (enc == WENC_REPLACEMENT || fuzz_left_out(enc))
        return 0;
    bstr inner = {0}, doc = {0}, want = {0}, got = {0}, one = {0};
    b_add(&inner, data + 2, size - 2);
    char head[160];
    snprintf(head, sizeof head, "<?xml version=\"1.0\" encoding=\"%s\"?><r>",
             wenc_encoding_name(enc));
    b_ascii(&doc, enc, head);
    size_t prefix = doc.len;
    b_add(&doc, inner.p, inner.len);
    b_ascii(&doc, enc, "</r>");
    long off;
    size_t len;
    bool in_body = wenc_decode_before(enc, &inner, "</r>", true, &want, &off, &len);
    wenc_expat_error e, e1;
    bool ok = parse(&doc, chunk, &got, &e);
    bool ok1 = parse(&doc, 0, &one, &e1);
    /* After an error the text Expat had reported is not defined (it holds
    ** back a token it cannot yet finish): only the error is compared. */
    if (ok != ok1 || e.kind != e1.kind || e.offset != e1.offset || e.code != e1.code ||
        (ok && (got.len != one.len || memcmp(got.p, one.p, got.len) != 0))) {
        fprintf(stderr, "%s: chunk size %zu changes the answer (%d/%d, kind %d/%d)\n",
                fuzz_input_name ? fuzz_input_name : "input", chunk, ok, ok1, e.kind, e1.kind);
        abort();
    }
    if (in_body && text_is_plain(want.p, want.len)) {
        if (off < 0 && !(ok && got.len == want.len && memcmp(got.p, want.p, got.len) == 0)) {
            fprintf(stderr, "%s: %s text differs from wenc's decode (kind %d code %d)\n",
                    fuzz_input_name ? fuzz_input_name : "input", wenc_encoding_name(enc),
                    e.kind, e.code);
            abort();
        }
        if (off >= 0 && !(!ok && e.kind == WENC_EXPAT_DECODE_ERROR &&
                          e.offset == prefix + (uint64_t)off && e.length == len)) {
            fprintf(stderr, "%s: %s decoding error at %llu+%zu, wenc says %llu+%zu\n",
                    fuzz_input_name ? fuzz_input_name : "input", wenc_encoding_name(enc),
                    (unsigned long long)e.offset, e.length,
                    (unsigned long long)(prefix + (uint64_t)off), len);
            abort();
        }
    }
    free(inner.p);
    free(doc.p);
    free(want.p);
    free(got.p);
    free(one.p);
    return 0;
}
