/* sniff.c -- unit tests of wenc/sniff.h: the HTML prescan and its helpers,
** the encoding sniffing algorithm, the locale table, the Content-Type
** charset, changing the encoding while parsing, UTF-8 detection and the XML
** helpers.  Every expectation is worked out by hand from the text of
** ../shared/html-sniffing/HTML-SNIFFING.md (the step is cited), Fetch and
** MIME Sniffing, never from running the code. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "built.h"
#include "wenc/wenc.h"

static const char *name_of(const wenc_encoding *e)
{
    return e != NULL ? wenc_encoding_name(e) : "(failure)";
}

/* Runs the prescan over an exact-size copy of the LEN bytes at S (so a read
** past them is caught under ASan) and checks the encoding (by name, NULL
** for failure), the source and whether the answer is final. */
static void prescan_case(const char *desc, const char *s, size_t len, const char *want,
                         wenc_sniff_source want_source, int want_final, int line)
{
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, s, len);
    wenc_sniff_source source = (wenc_sniff_source)99;
    bool final = true;
    const wenc_encoding *got = wenc_html_prescan(copy, len, &source, &final);
    const char *got_name = name_of(got);
    const char *want_name = want != NULL ? want : "(failure)";
    int ok = strcmp(got_name, want_name) == 0 && source == want_source &&
             (want_final < 0 || final == (want_final != 0));
    check_report(ok, __FILE__, line, "prescan %s: %s (%s, %s)", desc, got_name,
                 wenc_sniff_source_name(source), final ? "final" : "open");
    if (!ok)
        printf("#   expected %s (%s, %s)\n", want_name, wenc_sniff_source_name(want_source),
               want_final ? "final" : "open");
    free(copy);
}

#define META(desc, s, want) \
    prescan_case(desc, s, sizeof s - 1, want, want ? WENC_SNIFF_META : WENC_SNIFF_NONE, -1, __LINE__)
#define NO_META(desc, s) prescan_case(desc, s, sizeof s - 1, NULL, WENC_SNIFF_NONE, 0, __LINE__)
#define XMLDECL(desc, s, want) \
    prescan_case(desc, s, sizeof s - 1, want, want ? WENC_SNIFF_XML_DECLARATION : WENC_SNIFF_NONE, 0, __LINE__)

static void test_prescan_meta(void)
{
    /* Step 3, "<meta" and a space or slash; substeps 9 and 11-16. */
    META("charset", "<meta charset=utf-8>", "UTF-8");
    META("charset quoted \"", "<meta charset=\"koi8-r\">", "KOI8-R");
    META("charset quoted '", "<meta charset='koi8-r'>", "KOI8-R");
    META("upper-case names and values", "<META CHARSET=KOI8-R>", "KOI8-R");
    META("mixed case <MeTa", "<MeTa ChArSeT=Shift_JIS>", "Shift_JIS");
    META("slash after meta", "<meta/charset=gbk>", "GBK");
    META("tab after meta", "<meta\tcharset=gbk>", "GBK");
    META("label with spaces inside quotes", "<meta charset=\" big5 \">", "Big5");
    META("label label 'latin1'", "<meta charset=latin1>", "windows-1252");
    /* Not followed by a space or slash: "<metax" is a tag (its attributes
    ** are skipped), "<meta>" too. */
    NO_META("<metacharset", "<metacharset=utf-8>");
    NO_META("<meta> then text", "<meta>charset=utf-8 ");
    /* 14-15: UTF-16 labels give UTF-8, x-user-defined windows-1252. */
    META("utf-16 -> UTF-8", "<meta charset=utf-16>", "UTF-8");
    META("utf-16be -> UTF-8", "<meta charset=utf-16be>", "UTF-8");
    META("unicodefffe -> UTF-8", "<meta charset=unicodefffe>", "UTF-8");
    META("x-user-defined -> windows-1252", "<meta charset=x-user-defined>", "windows-1252");
    META("replacement label stays", "<meta charset=iso-2022-kr>", "replacement");
    /* 13: an unknown label is failure: next byte; a later meta counts. */
    META("unknown label then a good one",
         "<meta charset=foo><meta charset=euc-kr>", "EUC-KR");
    NO_META("unknown label alone", "<meta charset=foo>  ");
    NO_META("empty charset", "<meta charset=''>  ");
    /* http-equiv and content (9, 11-12). */
    META("http-equiv then content",
         "<meta http-equiv=content-type content='text/html; charset=euc-jp'>", "EUC-JP");
    META("content before http-equiv",
         "<meta content='text/html; charset=euc-jp' http-equiv=content-type>", "EUC-JP");
    META("http-equiv value upper case",
         "<meta http-equiv=\"Content-Type\" content=\"text/html; CHARSET=ISO-8859-2\">",
         "ISO-8859-2");
    NO_META("content without http-equiv",
            "<meta content='text/html; charset=euc-jp'> ");
    NO_META("http-equiv without content", "<meta http-equiv=content-type> ");
    NO_META("http-equiv other value",
            "<meta http-equiv=refresh content='text/html; charset=euc-jp'> ");
    /* "charset" wins over "content", in either order. */
    META("charset after content",
         "<meta http-equiv=content-type content='charset=euc-jp' charset=big5>", "Big5");
    META("charset before content",
         "<meta charset=big5 content='charset=euc-jp' http-equiv=content-type>", "Big5");
    META("charset wins without pragma", "<meta content='charset=euc-jp' charset=big5>",
         "Big5");
    /* A content that names no encoding leaves charset null: http-equiv
    ** alone gives nothing. */
    NO_META("content with unknown charset",
            "<meta http-equiv=content-type content='charset=bogus'> ");
    /* 7: duplicate attributes: the first wins. */
    META("duplicate charset", "<meta charset=big5 charset=utf-8>", "Big5");
    META("duplicate charset, first unknown", "<meta charset=bogus charset=utf-8><p>",
         NULL);
    NO_META("duplicate http-equiv: the second is ignored",
            "<meta http-equiv=x http-equiv=content-type content='charset=gbk'> ");
    META("duplicate content: the second is ignored",
         "<meta http-equiv=content-type content='charset=gbk' content='charset=big5'>",
         "GBK");
    /* The charset of a meta that failed does not carry to the next. */
    NO_META("pragma in another meta",
            "<meta content='charset=gbk'><meta http-equiv=content-type> ");
    /* Attributes with and without values ("get an attribute"). */
    META("valueless attributes first", "<meta a b=c charset=sjis>", "Shift_JIS");
    META("spaces around =", "<meta charset = utf-8 >", "UTF-8");
    META("slashes between attributes", "<meta//charset=utf-8 //>", "UTF-8");
    /* 11: an unquoted value runs to a space or '>': "utf-8//". */
    META("slashes after an unquoted value", "<meta//charset=utf-8//>", NULL);
    /* An unquoted value runs to a space or '>', '/' included. */
    META("unquoted value with slash", "<meta charset=utf-8/>", NULL);
    META("value ends at >", "<meta charset=gbk>x", "GBK");
    /* "charset" with an empty value, then '>'. */
    NO_META("charset= then >", "<meta charset=> ");
    /* Bytes >= 0x80 in names: not "charset". */
    NO_META("byte >= 0x80 in name", "<meta \xC3\xA7harset=utf-8> ");
    META("byte >= 0x80 in another name", "<meta \xC3\xA7=1 charset=utf-8>", "UTF-8");
    /* A name starting with '=' (4: '=' with an empty name is a name byte). */
    META("name starting with =", "<meta =charset=gbk charset=big5>", "Big5");
    /* Unmatched quote: the value runs on to the end of the bytes. */
    prescan_case("unmatched quote", "<meta charset=\"utf-8>", 21, NULL, WENC_SNIFF_NONE, 0,
                 __LINE__);
    /* The quote of the other kind is part of the value. */
    META("other quote inside", "<meta charset=\"utf-8'\">", NULL);
}

static void test_prescan_skipping(void)
{
    /* Comments: to the first '>' after "--", which may be the opener's. */
    META("meta after comment", "<!-- x --><meta charset=gbk>", "GBK");
    NO_META("meta inside comment", "<!-- <meta charset=gbk> --> ");
    META("<!--> is a whole comment", "<!--><meta charset=gbk>", "GBK");
    META("<!---> is a whole comment", "<!---><meta charset=gbk>", "GBK");
    NO_META("<!-- -> does not end it", "<!-- -><meta charset=gbk> ");
    META("<!-- a -- b --> ends at -->", "<!-- a -- > --><meta charset=gbk>", "GBK");
    /* "<!", "</", "<?": to the next '>'. */
    META("doctype", "<!DOCTYPE html><meta charset=gbk>", "GBK");
    NO_META("<! hides up to >", "<!x <meta charset=gbk> ");
    META("processing instruction", "<?php x ?><meta charset=gbk>", "GBK");
    META("</ followed by a non-letter", "</ x><meta charset=gbk>", "GBK");
    NO_META("</ then > inside", "</1 <meta charset=gbk> ");
    /* '<' + letter or '</' + letter: a tag whose attributes are skipped,
    ** so a "<meta" inside an attribute value is not seen. */
    META("end tag", "</head><meta charset=gbk>", "GBK");
    NO_META("meta in a quoted attribute",
            "<a title='<meta charset=gbk>'> ");
    META("meta after a tag with attributes", "<a b=c d='e>'><meta charset=gbk>", "GBK");
    META("<head>", "<html><head><meta charset=gbk>", "GBK");
    /* '<' and a non-letter: nothing, the next byte is looked at. */
    META("< then a digit", "<1<meta charset=gbk>", "GBK");
    META("< then a space", "< <meta charset=gbk>", "GBK");
    META("<< then meta", "<<meta charset=gbk>", "GBK");
    /* Text before. */
    META("text before", "hello <meta charset=gbk>", "GBK");
}

static void test_prescan_running_out(void)
{
    /* Running out of bytes ends the prescan; then "get an XML encoding". */
    NO_META("empty", "");
    NO_META("plain text", "hello");
    NO_META("inside a comment", "<!-- <meta charset=gbk>");
    NO_META("inside a tag", "<meta charset=gbk");
    NO_META("inside an attribute value", "<meta charset='gbk");
    NO_META("inside an unquoted value", "<meta charset=gbk");
    NO_META("inside <!", "<!DOCTYPE");
    NO_META("lone <", "<");
    NO_META("<!-", "<!-");
    NO_META("<met", "<met");
    NO_META("<meta at the end", "<meta");
    NO_META("</ at the end", "</");
    /* ... and the XML declaration decides. */
    XMLDECL("xml decl, meta cut", "<?xml version='1.0' encoding='koi8-r'?><meta charset=",
            "KOI8-R");
    XMLDECL("xml decl alone", "<?xml encoding=\"euc-kr\"?>", "EUC-KR");
    /* A meta that completes wins over the XML declaration. */
    META("meta beats xml decl", "<?xml encoding='koi8-r'?><meta charset=gbk>", "GBK");
    XMLDECL("xml decl, comment cut", "<?xml encoding='big5'?><!-- ", "Big5");
    XMLDECL("xml decl, tag cut", "<?xml encoding='big5'?><p class", "Big5");
    XMLDECL("xml decl, <! cut", "<?xml encoding='big5'?><!DOCTYPE", "Big5");
    /* Streaming: every proper prefix of a meta is open and answers
    ** failure; the whole of it is final. */
    const char *doc = "<!-- c --><meta charset=gbk>";
    size_t len = strlen(doc);
    int open_prefixes = 0;
    for (size_t k = 0; k < len; k++) {
        bool final = true;
        wenc_sniff_source src;
        if (wenc_html_prescan((const uint8_t *)doc, k, &src, &final) == NULL && !final)
            open_prefixes++;
    }
    CHECK_EQ(open_prefixes, len, "every proper prefix is open");
    prescan_case("the whole meta", doc, len, "GBK", WENC_SNIFF_META, 1, __LINE__);
}

static void test_prescan_utf16(void)
{
    /* Step 2: '<?x' in UTF-16, either byte order; the name is not checked. */
    prescan_case("UTF-16LE <?x", "<\0?\0x\0", 6, "UTF-16LE", WENC_SNIFF_UTF16_XML, 1,
                 __LINE__);
    prescan_case("UTF-16BE <?x", "\0<\0?\0x", 6, "UTF-16BE", WENC_SNIFF_UTF16_XML, 1,
                 __LINE__);
    prescan_case("UTF-16LE <?xml", "<\0?\0x\0m\0l\0", 10, "UTF-16LE", WENC_SNIFF_UTF16_XML, 1,
                 __LINE__);
    prescan_case("UTF-16LE <?X (case-sensitive)", "<\0?\0X\0", 6, NULL, WENC_SNIFF_NONE, 0,
                 __LINE__);
    prescan_case("UTF-16LE cut", "<\0?\0x", 5, NULL, WENC_SNIFF_NONE, 0, __LINE__);
    prescan_case("UTF-16BE cut", "\0<\0?\0", 5, NULL, WENC_SNIFF_NONE, 0, __LINE__);
    /* Only at the start. */
    prescan_case("UTF-16LE not at start", " <\0?\0x\0", 7, NULL, WENC_SNIFF_NONE, 0, __LINE__);
}

static void xml_case(const char *desc, const char *s, size_t len, const char *want, int line)
{
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, s, len);
    const wenc_encoding *got = wenc_html_xml_declaration_encoding(copy, len);
    const char *want_name = want != NULL ? want : "(failure)";
    check_report(strcmp(name_of(got), want_name) == 0, __FILE__, line,
                 "get an XML encoding %s: %s (expected %s)", desc, name_of(got), want_name);
    free(copy);
}
#define XML(desc, s, want) xml_case(desc, s, sizeof s - 1, want, __LINE__)

static void test_xml_encoding(void)
{
    XML("plain", "<?xml version=\"1.0\" encoding=\"koi8-r\"?>", "KOI8-R");
    XML("single quotes", "<?xml encoding='koi8-r'?>", "KOI8-R");
    XML("spaces around =", "<?xml encoding = 'koi8-r'?>", "KOI8-R");
    XML("control bytes around =", "<?xml encoding\x01=\x1f'koi8-r'?>", "KOI8-R");
    XML("newline around =", "<?xml encoding\n=\n'koi8-r'?>", "KOI8-R");
    XML("no quotes", "<?xml encoding=koi8-r ?>", NULL);
    XML("unmatched quote", "<?xml encoding='koi8-r?>", NULL);
    XML("mixed quotes", "<?xml encoding='koi8-r\"?>", NULL);
    XML("space in name", "<?xml encoding=' koi8-r'?>", NULL);
    XML("control byte in name", "<?xml encoding='koi8\x01r'?>", NULL);
    XML("tab in name", "<?xml encoding='koi8-r\t'?>", NULL);
    XML("0x7F is not a control here", "<?xml encoding='koi8-r\x7f'?>", NULL); /* unknown */
    XML("upper-case label", "<?xml encoding='KOI8-R'?>", "KOI8-R");
    XML("ENCODING upper case is not found", "<?xml ENCODING='koi8-r'?>", NULL);
    XML("<?XML upper case", "<?XML encoding='koi8-r'?>", NULL);
    XML("not at start", " <?xml encoding='koi8-r'?>", NULL);
    XML("no >", "<?xml encoding='koi8-r'?", NULL);
    XML("no encoding", "<?xml version='1.0'?>", NULL);
    XML("no =", "<?xml encoding 'koi8-r'?>", NULL);
    XML("= at the end", "<?xml> encoding=", NULL);
    XML("utf-16 -> UTF-8", "<?xml encoding='utf-16'?>", "UTF-8");
    XML("utf-16le -> UTF-8", "<?xml encoding='utf-16le'?>", "UTF-8");
    XML("x-user-defined stays", "<?xml encoding='x-user-defined'?>", "x-user-defined");
    XML("unknown label", "<?xml encoding='bogus'?>", NULL);
    XML("empty label", "<?xml encoding=''?>", NULL);
    /* The text does not bound the searches by the first '>'. */
    XML("encoding after >", "<?xml?><p encoding='gbk'>", "GBK");
    XML("encodingx: the = must follow", "<?xml encodings='gbk'?>", NULL);
    XML("empty", "", NULL);
    xml_case("NUL in name", "<?xml encoding='gb\0k'?>", 23, NULL, __LINE__);
}

static void test_meta_content(void)
{
    struct {
        const char *s;
        const char *want;
    } v[] = {
        {"text/html; charset=koi8-r", "KOI8-R"},
        {"text/html;charset=koi8-r", "KOI8-R"},
        {"charset=koi8-r", "KOI8-R"},
        {"CHARSET=KOI8-R", "KOI8-R"},
        {"charset = koi8-r", "KOI8-R"},
        {"charset=\"koi8-r\"", "KOI8-R"},
        {"charset='koi8-r'", "KOI8-R"},
        {"charset='koi8-r", NULL},          /* unmatched: nothing */
        {"charset=\"koi8-r", NULL},
        {"charset=", NULL},                 /* no next character */
        {"charset=  ", NULL},
        {"charset=koi8-r;x", "KOI8-R"},
        {"charset=koi8-r x", "KOI8-R"},
        {"charset=bogus", NULL},
        {"charsetx charset=gbk", "GBK"},    /* 4: not '=': loop */
        {"charset charset=gbk", "GBK"},
        {"charset", NULL},
        {"", NULL},
        {"xcharset=gbk", "GBK"},            /* no word boundary needed */
        {"charset=\\\"gbk\\\"", NULL},      /* no backslash escapes */
        {"charset='gbk' charset=big5", "GBK"},
        {"charset=gbk,big5", NULL},         /* "gbk,big5" is no label */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        const wenc_encoding *got =
            wenc_html_meta_content_encoding((const uint8_t *)v[i].s, strlen(v[i].s));
        const char *want = v[i].want ? v[i].want : "(failure)";
        CHECK(strcmp(name_of(got), want) == 0, "meta content \"%s\": %s (expected %s)", v[i].s,
              name_of(got), want);
    }
}

static void test_locale(void)
{
    struct {
        const char *tag;
        const char *want;
    } v[] = {
        {"ar", "windows-1256"}, {"az", "windows-1254"}, {"ba", "windows-1251"},
        {"be", "windows-1251"}, {"bg", "windows-1251"}, {"cs", "windows-1250"},
        {"el", "ISO-8859-7"}, {"et", "windows-1257"}, {"fa", "windows-1256"},
        {"he", "windows-1255"}, {"hr", "windows-1250"}, {"hu", "ISO-8859-2"},
        {"ja", "Shift_JIS"}, {"kk", "windows-1251"}, {"ko", "EUC-KR"},
        {"ku", "windows-1254"}, {"ky", "windows-1251"}, {"lt", "windows-1257"},
        {"lv", "windows-1257"}, {"mk", "windows-1251"}, {"pl", "ISO-8859-2"},
        {"ru", "windows-1251"}, {"sah", "windows-1251"}, {"sk", "windows-1250"},
        {"sl", "ISO-8859-2"}, {"sr", "windows-1251"}, {"tg", "windows-1251"},
        {"th", "windows-874"}, {"tr", "windows-1254"}, {"tt", "windows-1251"},
        {"uk", "windows-1251"}, {"vi", "windows-1258"},
        {"zh-Hans", "GBK"}, {"zh-CN", "GBK"}, {"zh-SG", "GBK"},
        {"zh-Hant", "Big5"}, {"zh-HK", "Big5"}, {"zh-MO", "Big5"}, {"zh-TW", "Big5"},
        {"zh-hans", "GBK"}, {"ZH-TW", "Big5"}, {"zh_TW", "Big5"},
        {"zh-Hant-CN", "Big5"},  /* the script decides */
        {"zh-Hans-TW", "GBK"},
        {"zh-CN-x-hant", "GBK"}, /* private use ignored */
        {"zh", "windows-1252"}, {"zh-US", "windows-1252"},
        {"en", "windows-1252"}, {"en-US", "windows-1252"}, {"de", "windows-1252"},
        {"ja-JP", "Shift_JIS"}, {"RU", "windows-1251"}, {"ru_RU", "windows-1251"},
        {"sr-Latn", "windows-1251"}, {"sa", "windows-1252"}, {"sah-RU", "windows-1251"},
        {"r", "windows-1252"}, {"rus", "windows-1252"}, {"", "windows-1252"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        const wenc_encoding *got = wenc_encoding_for_locale(v[i].tag, strlen(v[i].tag));
        CHECK(strcmp(name_of(got), v[i].want) == 0, "locale \"%s\": %s (expected %s)", v[i].tag,
              name_of(got), v[i].want);
    }
    CHECK(wenc_encoding_for_locale(NULL, 5) == WENC_WINDOWS_1252, "locale NULL");
}

static void test_content_type(void)
{
    struct {
        const char *s;
        const char *want;
    } v[] = {
        {"text/html; charset=koi8-r", "KOI8-R"},
        {"text/html;charset=koi8-r", "KOI8-R"},
        {"TEXT/HTML; CHARSET=KOI8-R", "KOI8-R"},
        {"text/html; charset=\"koi8-r\"", "KOI8-R"},
        {"text/html; charset=\"koi\\8-r\"", "KOI8-R"},     /* backslash escape */
        {"text/html; charset=\"koi8-r", "KOI8-R"},         /* unterminated quote */
        {"text/html; charset='koi8-r'", NULL},             /* ' is a token byte */
        {"text/html; foo=bar; charset=gbk", "GBK"},        /* any order */
        {"text/html; charset=gbk; foo=bar", "GBK"},
        {"text/html; charset=gbk; charset=big5", "GBK"},   /* the first wins */
        {"text/html; charset=; charset=big5", "Big5"},     /* empty: skipped */
        {"text/html; charset=bogus; charset=big5", NULL},  /* first kept, no label */
        {"text/html; charset = gbk", NULL},                /* name "charset " */
        {"text/html; charset=gbk ", "GBK"},
        {"text/html; charset=\"gbk\" x", "GBK"},           /* after the quote: dropped */
        {"text/html; foo=\"a;charset=big5\"; charset=gbk", "GBK"},
        {"text/html", NULL},
        {"charset=gbk", NULL},                             /* no type/subtype */
        {"text/; charset=gbk", NULL},
        {"te xt/html; charset=gbk", NULL},
        {"", NULL},
        /* Fetch: commas split values; the last valid MIME type counts. */
        {"text/html; charset=gbk, text/plain", NULL},
        {"text/plain, text/html; charset=gbk", "GBK"},
        {"text/html; charset=gbk, text/html", "GBK"},       /* same essence: carried */
        {"text/html; charset=gbk, TEXT/HTML", "GBK"},
        {"text/html; charset=gbk, text/html; charset=big5", "Big5"},
        {"text/html; charset=gbk, */*", "GBK"},             /* any/any is skipped */
        {"text/html; charset=gbk, invalid", "GBK"},         /* failures are skipped */
        {"text/html; charset=\"gbk,big5\"", NULL},          /* comma in quotes */
        {"text/html; charset=\"big5\", text/html", "Big5"},
        {"text/html; charset=gbk, text/plain, text/html", NULL}, /* essence changed */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        size_t n = strlen(v[i].s);
        char *copy = malloc(n ? n : 1);
        memcpy(copy, v[i].s, n);
        const wenc_encoding *got = wenc_content_type_encoding(copy, n);
        free(copy);
        const char *want = v[i].want ? v[i].want : "(failure)";
        CHECK(strcmp(name_of(got), want) == 0, "Content-Type \"%s\": %s (expected %s)", v[i].s,
              name_of(got), want);
    }
    /* A long padded quoted label still matches after whitespace. */
    char big[400];
    strcpy(big, "text/html; charset=\"gbk");
    size_t n = strlen(big);
    memset(big + n, ' ', 300);
    big[n + 300] = '"';
    CHECK(wenc_content_type_encoding(big, n + 301) == WENC_GBK, "padded quoted label");
    CHECK(wenc_content_type_encoding(NULL, 0) == NULL, "NULL value");
}

static void sniff_case(const char *desc, const char *s, size_t len,
                       const wenc_html_sniff_options *o, const wenc_encoding *want,
                       wenc_confidence conf, wenc_sniff_source src, int final, int line)
{
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, s, len);
    wenc_html_sniff_result r;
    wenc_status st = wenc_html_sniff(len ? copy : NULL, len, o, &r);
    int ok = st == WENC_OK && r.encoding == want && r.confidence == conf && r.source == src &&
             (final < 0 || r.final == (final != 0));
    check_report(ok, __FILE__, line, "sniff %s: %s %s %s%s", desc, name_of(r.encoding),
                 wenc_confidence_name(r.confidence), wenc_sniff_source_name(r.source),
                 r.final ? " final" : "");
    if (!ok)
        printf("#   expected %s %s %s\n", name_of(want), wenc_confidence_name(conf),
               wenc_sniff_source_name(src));
    free(copy);
}
#define SNIFF(desc, s, o, want, conf, src, final) \
    sniff_case(desc, s, sizeof s - 1, o, want, conf, src, final, __LINE__)

static void test_sniff(void)
{
    const wenc_confidence T = WENC_CONFIDENCE_TENTATIVE, C = WENC_CONFIDENCE_CERTAIN;
    wenc_html_sniff_options o;
    const char *meta = "<meta charset=gbk>";
    /* 1. BOM: certain, beats everything. */
    memset(&o, 0, sizeof o);
    o.override = WENC_BIG5;
    o.transport = WENC_EUC_KR;
    SNIFF("UTF-8 BOM", "\xEF\xBB\xBF<meta charset=gbk>", &o, WENC_UTF_8, C, WENC_SNIFF_BOM, 1);
    SNIFF("UTF-16BE BOM", "\xFE\xFFx", &o, WENC_UTF_16BE, C, WENC_SNIFF_BOM, 1);
    SNIFF("UTF-16LE BOM", "\xFF\xFE", &o, WENC_UTF_16LE, C, WENC_SNIFF_BOM, 1);
    {
        wenc_html_sniff_result r;
        wenc_html_sniff((const uint8_t *)"\xEF\xBB\xBF", 3, NULL, &r);
        CHECK_EQ(r.bom_length, 3, "UTF-8 BOM length");
    }
    /* 2. Override: certain. */
    SNIFF("override", "<meta charset=gbk>", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 1);
    /* A partial BOM: the answer is open. */
    SNIFF("EF BB then override", "\xEF\xBB", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 0);
    SNIFF("FE then override", "\xFE", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 0);
    SNIFF("FE 00 then override", "\xFE\x00", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 1);
    SNIFF("EF 00 then override", "\xEF\x00", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 1);
    SNIFF("a then override", "a", &o, WENC_BIG5, C, WENC_SNIFF_OVERRIDE, 1);
    /* 4. Transport: certain. */
    o.override = NULL;
    SNIFF("transport", "<meta charset=gbk>", &o, WENC_EUC_KR, C, WENC_SNIFF_TRANSPORT, 1);
    o.transport = NULL;
    o.transport_label = " Shift_JIS ";
    o.transport_label_len = strlen(o.transport_label);
    SNIFF("transport label", "<meta charset=gbk>", &o, WENC_SHIFT_JIS, C, WENC_SNIFF_TRANSPORT,
          1);
    o.transport_label = "bogus";
    o.transport_label_len = 5;
    SNIFF("unsupported transport label", "<meta charset=gbk>", &o, WENC_GBK, T,
          WENC_SNIFF_META, 1);
    /* 5. Prescan: tentative. */
    memset(&o, 0, sizeof o);
    SNIFF("meta", "<meta charset=gbk>", NULL, WENC_GBK, T, WENC_SNIFF_META, 1);
    SNIFF("xml declaration", "<?xml encoding='big5'?>", NULL, WENC_BIG5, T,
          WENC_SNIFF_XML_DECLARATION, 0);
    SNIFF("utf-16 <?x", "<\0?\0x\0", NULL, WENC_UTF_16LE, T, WENC_SNIFF_UTF16_XML, 1);
    /* The prescan limit: a meta past it is not seen, and the answer is
    ** then settled. */
    {
        char buf[1100];
        memset(buf, ' ', sizeof buf);
        memcpy(buf + 1024 - strlen(meta) + 1, meta, strlen(meta));
        sniff_case("meta across byte 1024", buf, sizeof buf, NULL, WENC_WINDOWS_1252, T,
                   WENC_SNIFF_DEFAULT, 1, __LINE__);
        memcpy(buf + 1024 - strlen(meta), meta, strlen(meta));
        sniff_case("meta ending at byte 1024", buf, sizeof buf, NULL, WENC_GBK, T,
                   WENC_SNIFF_META, 1, __LINE__);
        o.prescan_limit = 100;
        sniff_case("prescan_limit 100", buf, sizeof buf, &o, WENC_WINDOWS_1252, T,
                   WENC_SNIFF_DEFAULT, 1, __LINE__);
        o.prescan_limit = 0;
    }
    o.no_prescan = true;
    SNIFF("no prescan", "<meta charset=gbk>", &o, WENC_WINDOWS_1252, T, WENC_SNIFF_DEFAULT, 1);
    o.no_prescan = false;
    /* 6. Parent, unless UTF-16. */
    o.parent = WENC_KOI8_R;
    o.likely = WENC_EUC_JP;
    SNIFF("parent", "hello", &o, WENC_KOI8_R, T, WENC_SNIFF_PARENT, 0);
    o.parent = WENC_UTF_16LE;
    SNIFF("UTF-16 parent: likely", "hello", &o, WENC_EUC_JP, T, WENC_SNIFF_LIKELY, 0);
    /* 7-8. Likely, then UTF-8 detection. */
    o.parent = NULL;
    o.likely = NULL;
    o.detect_utf8 = true;
    SNIFF("detect UTF-8", "caf\xC3\xA9", &o, WENC_UTF_8, T, WENC_SNIFF_AUTODETECT, 0);
    SNIFF("detect: ASCII says nothing", "cafe", &o, WENC_WINDOWS_1252, T, WENC_SNIFF_DEFAULT, 0);
    SNIFF("detect: invalid", "caf\xE9", &o, WENC_WINDOWS_1252, T, WENC_SNIFF_DEFAULT, 0);
    /* 9. Default: fallback, locale, windows-1252. */
    o.detect_utf8 = false;
    o.locale = "ja-JP";
    o.locale_len = 5;
    SNIFF("locale", "hello", &o, WENC_SHIFT_JIS, T, WENC_SNIFF_DEFAULT, 0);
    o.fallback = WENC_UTF_8;
    SNIFF("fallback beats locale", "hello", &o, WENC_UTF_8, T, WENC_SNIFF_DEFAULT, 0);
    SNIFF("empty input", "", NULL, WENC_WINDOWS_1252, T, WENC_SNIFF_DEFAULT, 0);
    /* Arguments. */
    wenc_html_sniff_result r;
    CHECK(wenc_html_sniff(NULL, 1, NULL, &r) == WENC_INVALID_ARGUMENT && r.encoding == NULL,
          "NULL with a length");
    CHECK(wenc_html_sniff(NULL, 0, NULL, NULL) == WENC_INVALID_ARGUMENT, "NULL result");
}

static void test_change(void)
{
    const wenc_encoding *n;
    if (!built_or_skip(WENC_WINDOWS_1252, "changing the encoding"))
        return;
    const uint8_t *ascii = (const uint8_t *)"<html><head><meta charset=";
    size_t alen = strlen((const char *)ascii);
    /* 1. Current UTF-16: ignore. */
    CHECK(wenc_html_change_encoding(WENC_UTF_16LE, WENC_GBK, ascii, alen, &n) ==
              WENC_HTML_CHANGE_IGNORE && n == WENC_UTF_16LE, "current UTF-16LE: ignore");
    CHECK(wenc_html_change_encoding(WENC_UTF_16BE, WENC_UTF_16BE, NULL, 0, &n) ==
              WENC_HTML_CHANGE_IGNORE && n == WENC_UTF_16BE, "current UTF-16BE: ignore");
    /* 2 + 4: UTF-16 means UTF-8: same as UTF-8. */
    CHECK(wenc_html_change_encoding(WENC_UTF_8, WENC_UTF_16LE, ascii, alen, &n) ==
              WENC_HTML_CHANGE_SAME && n == WENC_UTF_8, "UTF-16LE -> UTF-8: same");
    /* 3 + 4: x-user-defined means windows-1252. */
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_X_USER_DEFINED, ascii, alen, &n) ==
              WENC_HTML_CHANGE_SAME && n == WENC_WINDOWS_1252, "x-user-defined: same");
    CHECK(wenc_html_change_encoding(WENC_GBK, WENC_GBK, ascii, alen, &n) ==
              WENC_HTML_CHANGE_SAME, "same encoding");
    /* 5: ASCII so far reads the same: switch. */
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_UTF_8, ascii, alen, &n) ==
              WENC_HTML_CHANGE_SWITCH && n == WENC_UTF_8, "ASCII so far: switch");
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_UTF_16BE, ascii, alen, &n) ==
              WENC_HTML_CHANGE_SWITCH && n == WENC_UTF_8, "UTF-16BE -> UTF-8: switch");
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_GBK, NULL, 0, &n) ==
              WENC_HTML_CHANGE_SWITCH && n == WENC_GBK, "nothing consumed: switch");
    /* 6: "é" in windows-1252 (E9) is not UTF-8: restart. */
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_UTF_8,
                                    (const uint8_t *)"caf\xE9 <meta", 9, &n) ==
              WENC_HTML_CHANGE_RESTART && n == WENC_UTF_8, "E9: restart");
    /* Non-ASCII that both read the same: windows-1252 and ISO-8859-15 agree
    ** on E9 (U+00E9) but not on A4 (U+00A4 vs U+20AC). */
    /* (A switch compares the two decodings: both must be built in.) */
    if (built_or_skip(WENC_ISO_8859_15, "E9 in 1252 and 8859-15: switch"))
        CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_ISO_8859_15,
                                        (const uint8_t *)"caf\xE9", 4, &n) ==
                  WENC_HTML_CHANGE_SWITCH, "E9 in 1252 and 8859-15: switch");
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_ISO_8859_15,
                                    (const uint8_t *)"\xA4", 1, &n) ==
              WENC_HTML_CHANGE_RESTART, "A4 in 1252 and 8859-15: restart");
    /* A UTF-8 BOM the current decoder skipped is not compared. */
    CHECK(wenc_html_change_encoding(WENC_UTF_8, WENC_WINDOWS_1252,
                                    (const uint8_t *)"\xEF\xBB\xBF<p>", 6, &n) ==
              WENC_HTML_CHANGE_SWITCH, "UTF-8 BOM skipped: switch");
    /* An unfinished sequence at the end: restart. */
    CHECK(wenc_html_change_encoding(WENC_GBK, WENC_BIG5, (const uint8_t *)"ab\x81", 3, &n) ==
              WENC_HTML_CHANGE_RESTART, "GBK lead byte at the end: restart");
    /* Replacement reads nothing the same. */
    CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_REPLACEMENT, ascii, alen, &n) ==
              WENC_HTML_CHANGE_RESTART, "replacement: restart");
    /* Long ASCII (several internal chunks). */
    if (built_or_skip(WENC_SHIFT_JIS, "1000 ASCII: switch")) {
        uint8_t big[1000];
        memset(big, 'a', sizeof big);
        CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_SHIFT_JIS, big, sizeof big,
                                        &n) == WENC_HTML_CHANGE_SWITCH, "1000 ASCII: switch");
        big[999] = 0x80; /* U+20AC in windows-1252; U+0080 in Shift_JIS */
        CHECK(wenc_html_change_encoding(WENC_WINDOWS_1252, WENC_SHIFT_JIS, big, sizeof big,
                                        &n) == WENC_HTML_CHANGE_RESTART, "0x80 at the end");
    }
    CHECK(wenc_html_change_encoding(NULL, WENC_GBK, NULL, 0, &n) == 0 && n == NULL, "NULL");
    CHECK(wenc_html_change_encoding(WENC_GBK, WENC_GBK, NULL, 3, NULL) == 0, "NULL bytes");
    CHECK(strcmp(wenc_html_change_name(WENC_HTML_CHANGE_RESTART), "RESTART") == 0, "name");
    CHECK(strcmp(wenc_html_change_name((wenc_html_change)0), "UNKNOWN") == 0, "name 0");
}

static void test_utf8_detect(void)
{
    CHECK(wenc_utf8_detect((const uint8_t *)"caf\xC3\xA9", 5), "valid non-ASCII");
    CHECK(!wenc_utf8_detect((const uint8_t *)"cafe", 4), "ASCII only");
    CHECK(!wenc_utf8_detect(NULL, 0), "empty");
    CHECK(!wenc_utf8_detect((const uint8_t *)"caf\xC3", 4), "truncated");
    CHECK(!wenc_utf8_detect((const uint8_t *)"\xED\xA0\x80", 3), "surrogate");
    CHECK(wenc_utf8_detect((const uint8_t *)"\xEF\xBB\xBF", 3), "BOM alone");
    CHECK(!wenc_utf8_detect((const uint8_t *)"\xC3\xA9\xFF", 3), "valid then invalid");
}

static void test_xml_detect(void)
{
    struct {
        const char *s;
        size_t len;
        const wenc_encoding *want;
        wenc_sniff_source source;
        size_t bom;
    } v[] = {
        {"\xEF\xBB\xBF<?xml encoding='gbk'?>", 25, NULL, WENC_SNIFF_BOM, 3},
        {"\xFF\xFE<\0", 4, NULL, WENC_SNIFF_BOM, 2},
        {"\xFE\xFF\0<", 4, NULL, WENC_SNIFF_BOM, 2},
        {"<\0?\0x\0m\0l\0", 10, NULL, WENC_SNIFF_UTF16_XML, 0},
        {"\0<\0?\0x\0m\0l", 10, NULL, WENC_SNIFF_UTF16_XML, 0},
        {"<?xml version='1.0' encoding='Shift_JIS'?>", 42, NULL, WENC_SNIFF_XML_DECLARATION, 0},
        {"<?xml version='1.0' encoding='utf-16'?>", 39, NULL, WENC_SNIFF_XML_DECLARATION, 0},
        {"<?xml version='1.0'?>", 21, NULL, WENC_SNIFF_DEFAULT, 0},
        {"<?xml encoding='bogus'?>", 24, NULL, WENC_SNIFF_DEFAULT, 0},
        {"<doc/>", 6, NULL, WENC_SNIFF_DEFAULT, 0},
        {"", 0, NULL, WENC_SNIFF_DEFAULT, 0},
    };
    const wenc_encoding *want[] = {WENC_UTF_8, WENC_UTF_16LE, WENC_UTF_16BE, WENC_UTF_16LE,
                                   WENC_UTF_16BE, WENC_SHIFT_JIS, WENC_UTF_8, WENC_UTF_8,
                                   WENC_UTF_8, WENC_UTF_8, WENC_UTF_8};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        wenc_sniff_source s;
        size_t bom = 99;
        const wenc_encoding *e =
            wenc_xml_detect_encoding((const uint8_t *)v[i].s, v[i].len, &s, &bom);
        CHECK(e == want[i] && s == v[i].source && bom == v[i].bom,
              "xml detect %zu: %s %s %zu", i, name_of(e), wenc_sniff_source_name(s), bom);
    }
}

static void test_xml_decode(void)
{
    uint8_t *out;
    size_t out_len;
    const wenc_encoding *used;
    wenc_xml_error err;
    wenc_status st;
    /* Shift_JIS declared; 82 A0 is U+3042 (E3 81 82). */
    if (built_or_skip(WENC_SHIFT_JIS, "XML in Shift_JIS")) {
        const char *doc = "<?xml version='1.0' encoding='shift_jis'?><a>\x82\xA0</a>";
        st = wenc_xml_decode_to_utf8_alloc((const uint8_t *)doc, strlen(doc), NULL, &out,
                                           &out_len, &used, &err);
        CHECK(st == WENC_OK && used == WENC_SHIFT_JIS, "Shift_JIS document");
        const char *want = "<?xml version='1.0' encoding='shift_jis'?><a>\xE3\x81\x82</a>";
        CHECK_BYTES(out, out_len, want, strlen(want), "Shift_JIS text");
        wenc_free(NULL, out);
    }
    /* UTF-8 with a BOM (skipped) and an error on line 3, column 4: the BOM
    ** is 3 bytes, "<a>\r\n" 5, "b\r" 2, "\xC3\xA9\xC3\xA9\xC3\xA9" 6 is
    ** three code points, then C3 followed by '<'. */
    const char *bad = "\xEF\xBB\xBF<a>\r\nb\r\xC3\xA9\xC3\xA9\xC3\xA9\xC3</a>";
    st = wenc_xml_decode_to_utf8_alloc((const uint8_t *)bad, strlen(bad), NULL, &out, &out_len,
                                       &used, &err);
    CHECK(st == WENC_MALFORMED && out == NULL && out_len == 0 && used == WENC_UTF_8,
          "malformed UTF-8");
    CHECK_EQ(err.offset, 3 + 5 + 2 + 6, "error offset");
    CHECK_EQ(err.length, 1, "error length");
    CHECK_EQ(err.line, 3, "error line (CR LF once, CR once)");
    CHECK_EQ(err.column, 4, "error column");
    /* UTF-16LE without a BOM, declared by '<?x'; an unpaired surrogate
    ** DC00 at byte 14 (line 2, column 2). */
    const char u16[] = "<\0?\0x\0?\0>\0\n\0a\0\x00\xDC";
    st = wenc_xml_decode_to_utf8_alloc((const uint8_t *)u16, sizeof u16 - 1, NULL, &out,
                                       &out_len, &used, &err);
    CHECK(st == WENC_MALFORMED && used == WENC_UTF_16LE, "UTF-16LE malformed");
    CHECK_EQ(err.offset, 14, "UTF-16 error offset");
    CHECK_EQ(err.line, 2, "UTF-16 error line");
    CHECK_EQ(err.column, 2, "UTF-16 error column");
    /* Empty, and arguments. */
    st = wenc_xml_decode_to_utf8_alloc(NULL, 0, NULL, &out, &out_len, &used, NULL);
    CHECK(st == WENC_OK && out != NULL && out_len == 0 && used == WENC_UTF_8, "empty document");
    wenc_free(NULL, out);
    CHECK(wenc_xml_decode_to_utf8_alloc(NULL, 1, NULL, &out, &out_len, NULL, NULL) ==
              WENC_INVALID_ARGUMENT, "NULL with a length");
    CHECK(wenc_xml_decode_to_utf8_alloc(NULL, 0, NULL, NULL, &out_len, NULL, NULL) ==
              WENC_INVALID_ARGUMENT, "NULL out");
    uint64_t line, col;
    wenc_text_line_column((const uint8_t *)"a\nb\r\nc\rd\xE2\x82\xAC", 11, &line, &col);
    CHECK(line == 4 && col == 3, "line/column: %llu:%llu", (unsigned long long)line,
          (unsigned long long)col);
}

/* NULL pointers with non-zero lengths: the documented "nothing" values. */
static void test_null(void)
{
    wenc_sniff_source src = WENC_SNIFF_META;
    bool final = true;
    CHECK(wenc_html_prescan(NULL, 5, &src, &final) == NULL && src == WENC_SNIFF_NONE && !final,
          "prescan NULL");
    CHECK(wenc_html_prescan(NULL, 0, NULL, NULL) == NULL, "prescan NULL, no outputs");
    CHECK(wenc_html_meta_content_encoding(NULL, 5) == NULL, "meta content NULL");
    CHECK(wenc_html_xml_declaration_encoding(NULL, 5) == NULL, "XML encoding NULL");
    CHECK(wenc_content_type_encoding(NULL, 5) == NULL, "Content-Type NULL");
    CHECK(!wenc_utf8_detect(NULL, 5), "detect NULL");
    size_t bom = 9;
    CHECK(wenc_xml_detect_encoding(NULL, 5, &src, &bom) == WENC_UTF_8 &&
              src == WENC_SNIFF_DEFAULT && bom == 0, "XML detect NULL");
    uint64_t line = 0, col = 0;
    wenc_text_line_column(NULL, 5, &line, &col);
    CHECK(line == 1 && col == 1, "line/column NULL");
    wenc_text_line_column(NULL, 0, NULL, NULL);
    wenc_html_sniff_options o;
    memset(&o, 0, sizeof o);
    o.transport_label = NULL;
    o.transport_label_len = 7; /* ignored without a label */
    o.locale = NULL;
    o.locale_len = 3;
    wenc_html_sniff_result r;
    CHECK(wenc_html_sniff((const uint8_t *)"x", 1, &o, &r) == WENC_OK &&
              r.encoding == WENC_WINDOWS_1252, "NULL label and locale with lengths");
}

static void test_names(void)
{
    CHECK(strcmp(wenc_sniff_source_name(WENC_SNIFF_META), "META") == 0, "META");
    CHECK(strcmp(wenc_sniff_source_name(WENC_SNIFF_DEFAULT), "DEFAULT") == 0, "DEFAULT");
    CHECK(strcmp(wenc_sniff_source_name((wenc_sniff_source)11), "UNKNOWN") == 0, "UNKNOWN");
    CHECK(strcmp(wenc_confidence_name(WENC_CONFIDENCE_CERTAIN), "certain") == 0, "certain");
    CHECK(strcmp(wenc_confidence_name((wenc_confidence)0), "unknown") == 0, "unknown");
}

int main(void)
{
    test_prescan_meta();
    test_prescan_skipping();
    test_prescan_running_out();
    test_prescan_utf16();
    test_xml_encoding();
    test_meta_content();
    test_locale();
    test_content_type();
    test_sniff();
    test_change();
    test_utf8_detect();
    test_xml_detect();
    test_xml_decode();
    test_null();
    test_names();
    return check_done();
}
