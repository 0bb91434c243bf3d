/* expat_stream.c -- docs/guide.md, "Using wenc with Expat": a document in
** any encoding of the standard parsed by Expat as it arrives, with decoding
** errors reported at their byte in the input.  Compiled and run as a test
** when the Expat integration is built (integrations/expat). */
#include <stdio.h>
#include <string.h>

#include <wenc/expat.h>

typedef struct text {
    char buf[256];
    size_t len;
} text;

/* [guide:expat] */
/* Expat calls this with UTF-8, whatever the document's encoding. */
static void on_text(void *user, const XML_Char *s, int len)
{
    text *t = user;
    if ((size_t)len < sizeof t->buf - t->len) {
        memcpy(t->buf + t->len, s, (size_t)len);
        t->len += (size_t)len;
    }
}

/* Parses a document that arrives in N chunks; CHARSET is the transport's
** charset parameter, or NULL.  Returns 0 if it is well-formed, else 1 with
** the error's byte offset in the input in *WHERE. */
static int parse_chunks(const char *const *chunks, size_t n, const char *charset,
                        text *t, unsigned long long *where)
{
    const wenc_encoding *protocol = charset ? wenc_encoding_for_label_cstr(charset) : NULL;
    wenc_expat *x = wenc_expat_create(protocol, 0);
    if (x == NULL)
        return 1;
    XML_SetUserData(wenc_expat_parser(x), t);
    XML_SetCharacterDataHandler(wenc_expat_parser(x), on_text);
    enum XML_Status st = XML_STATUS_OK;
    for (size_t i = 0; i < n && st == XML_STATUS_OK; i++)
        st = wenc_expat_parse(x, chunks[i], strlen(chunks[i]), i + 1 == n);
    if (st != XML_STATUS_OK) {
        wenc_expat_error e;
        wenc_expat_get_error(x, &e);
        *where = (unsigned long long)e.offset;
        if (e.kind == WENC_EXPAT_DECODE_ERROR)
            fprintf(stderr, "not well-formed: malformed %s at byte %llu\n",
                    wenc_encoding_name(wenc_expat_encoding(x, NULL)), *where);
        else
            fprintf(stderr, "not well-formed: %s at byte %llu\n",
                    e.kind == WENC_EXPAT_PARSE_ERROR ? XML_ErrorString(e.code)
                                                     : "unsupported encoding", *where);
    }
    wenc_expat_free(x);
    return st == XML_STATUS_OK ? 0 : 1;
}
/* [/guide:expat] */

int main(void)
{
    /* Shift_JIS, which Expat does not know, split inside a character:
    ** 82 A0 is U+3042 (index-jis0208.txt pointer 283). */
    static const char *const sjis[] = {
        "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><r>\x82", "\xA0</r>"};
    text t = {{0}, 0};
    unsigned long long where = 0;
    if (parse_chunks(sjis, 2, NULL, &t, &where) != 0 || t.len != 3 ||
        memcmp(t.buf, "\xE3\x81\x82", 3) != 0)
        return 1;
    /* gb18030 from the transport, a four-byte sequence (81 30 81 30 =
    ** U+0080), then a byte that no sequence starts with (FF) at byte 7. */
    static const char *const gb[] = {"<r>\x81\x30", "\x81\x30\xFF</r>"};
    t.len = 0;
    if (parse_chunks(gb, 2, "gb18030", &t, &where) != 1 || where != 7)
        return 1;
    puts("expat_stream: ok");
    return 0;
}
