/* labels.c -- conformance of the encoding registry (Encoding Standard,
** "Names and labels", "get an encoding", "get an output encoding"):
** every label maps to its encoding, whitespace and case variants still do,
** near misses do not, and each encoding's properties are as typed here.
**
** Runs without the index directory on the committed list below; with it
** (argv[1]) it also checks every label of encodings.json, read through the
** reference model, and cross-checks the lookups with ref_get_encoding(). */

#include "conf.h"

/* The 228 labels of encodings.json with their encodings, in file order.
** Generated once from encodings.json (spec snapshot a985b62) by a throwaway
** script and committed as an expectation: with the index directory the test
** checks that this list still equals the file. */
static const struct {
    const char *label, *encoding;
} committed_labels[] = {
    {"unicode-1-1-utf-8", "UTF-8"},
    {"unicode11utf8", "UTF-8"},
    {"unicode20utf8", "UTF-8"},
    {"utf-8", "UTF-8"},
    {"utf8", "UTF-8"},
    {"x-unicode20utf8", "UTF-8"},
    {"866", "IBM866"},
    {"cp866", "IBM866"},
    {"csibm866", "IBM866"},
    {"ibm866", "IBM866"},
    {"csisolatin2", "ISO-8859-2"},
    {"iso-8859-2", "ISO-8859-2"},
    {"iso-ir-101", "ISO-8859-2"},
    {"iso8859-2", "ISO-8859-2"},
    {"iso88592", "ISO-8859-2"},
    {"iso_8859-2", "ISO-8859-2"},
    {"iso_8859-2:1987", "ISO-8859-2"},
    {"l2", "ISO-8859-2"},
    {"latin2", "ISO-8859-2"},
    {"csisolatin3", "ISO-8859-3"},
    {"iso-8859-3", "ISO-8859-3"},
    {"iso-ir-109", "ISO-8859-3"},
    {"iso8859-3", "ISO-8859-3"},
    {"iso88593", "ISO-8859-3"},
    {"iso_8859-3", "ISO-8859-3"},
    {"iso_8859-3:1988", "ISO-8859-3"},
    {"l3", "ISO-8859-3"},
    {"latin3", "ISO-8859-3"},
    {"csisolatin4", "ISO-8859-4"},
    {"iso-8859-4", "ISO-8859-4"},
    {"iso-ir-110", "ISO-8859-4"},
    {"iso8859-4", "ISO-8859-4"},
    {"iso88594", "ISO-8859-4"},
    {"iso_8859-4", "ISO-8859-4"},
    {"iso_8859-4:1988", "ISO-8859-4"},
    {"l4", "ISO-8859-4"},
    {"latin4", "ISO-8859-4"},
    {"csisolatincyrillic", "ISO-8859-5"},
    {"cyrillic", "ISO-8859-5"},
    {"iso-8859-5", "ISO-8859-5"},
    {"iso-ir-144", "ISO-8859-5"},
    {"iso8859-5", "ISO-8859-5"},
    {"iso88595", "ISO-8859-5"},
    {"iso_8859-5", "ISO-8859-5"},
    {"iso_8859-5:1988", "ISO-8859-5"},
    {"arabic", "ISO-8859-6"},
    {"asmo-708", "ISO-8859-6"},
    {"csiso88596e", "ISO-8859-6"},
    {"csiso88596i", "ISO-8859-6"},
    {"csisolatinarabic", "ISO-8859-6"},
    {"ecma-114", "ISO-8859-6"},
    {"iso-8859-6", "ISO-8859-6"},
    {"iso-8859-6-e", "ISO-8859-6"},
    {"iso-8859-6-i", "ISO-8859-6"},
    {"iso-ir-127", "ISO-8859-6"},
    {"iso8859-6", "ISO-8859-6"},
    {"iso88596", "ISO-8859-6"},
    {"iso_8859-6", "ISO-8859-6"},
    {"iso_8859-6:1987", "ISO-8859-6"},
    {"csisolatingreek", "ISO-8859-7"},
    {"ecma-118", "ISO-8859-7"},
    {"elot_928", "ISO-8859-7"},
    {"greek", "ISO-8859-7"},
    {"greek8", "ISO-8859-7"},
    {"iso-8859-7", "ISO-8859-7"},
    {"iso-ir-126", "ISO-8859-7"},
    {"iso8859-7", "ISO-8859-7"},
    {"iso88597", "ISO-8859-7"},
    {"iso_8859-7", "ISO-8859-7"},
    {"iso_8859-7:1987", "ISO-8859-7"},
    {"sun_eu_greek", "ISO-8859-7"},
    {"csiso88598e", "ISO-8859-8"},
    {"csisolatinhebrew", "ISO-8859-8"},
    {"hebrew", "ISO-8859-8"},
    {"iso-8859-8", "ISO-8859-8"},
    {"iso-8859-8-e", "ISO-8859-8"},
    {"iso-ir-138", "ISO-8859-8"},
    {"iso8859-8", "ISO-8859-8"},
    {"iso88598", "ISO-8859-8"},
    {"iso_8859-8", "ISO-8859-8"},
    {"iso_8859-8:1988", "ISO-8859-8"},
    {"visual", "ISO-8859-8"},
    {"csiso88598i", "ISO-8859-8-I"},
    {"iso-8859-8-i", "ISO-8859-8-I"},
    {"logical", "ISO-8859-8-I"},
    {"csisolatin6", "ISO-8859-10"},
    {"iso-8859-10", "ISO-8859-10"},
    {"iso-ir-157", "ISO-8859-10"},
    {"iso8859-10", "ISO-8859-10"},
    {"iso885910", "ISO-8859-10"},
    {"l6", "ISO-8859-10"},
    {"latin6", "ISO-8859-10"},
    {"iso-8859-13", "ISO-8859-13"},
    {"iso8859-13", "ISO-8859-13"},
    {"iso885913", "ISO-8859-13"},
    {"iso-8859-14", "ISO-8859-14"},
    {"iso8859-14", "ISO-8859-14"},
    {"iso885914", "ISO-8859-14"},
    {"csisolatin9", "ISO-8859-15"},
    {"iso-8859-15", "ISO-8859-15"},
    {"iso8859-15", "ISO-8859-15"},
    {"iso885915", "ISO-8859-15"},
    {"iso_8859-15", "ISO-8859-15"},
    {"l9", "ISO-8859-15"},
    {"iso-8859-16", "ISO-8859-16"},
    {"cskoi8r", "KOI8-R"},
    {"koi", "KOI8-R"},
    {"koi8", "KOI8-R"},
    {"koi8-r", "KOI8-R"},
    {"koi8_r", "KOI8-R"},
    {"koi8-ru", "KOI8-U"},
    {"koi8-u", "KOI8-U"},
    {"csmacintosh", "macintosh"},
    {"mac", "macintosh"},
    {"macintosh", "macintosh"},
    {"x-mac-roman", "macintosh"},
    {"dos-874", "windows-874"},
    {"iso-8859-11", "windows-874"},
    {"iso8859-11", "windows-874"},
    {"iso885911", "windows-874"},
    {"tis-620", "windows-874"},
    {"windows-874", "windows-874"},
    {"cp1250", "windows-1250"},
    {"windows-1250", "windows-1250"},
    {"x-cp1250", "windows-1250"},
    {"cp1251", "windows-1251"},
    {"windows-1251", "windows-1251"},
    {"x-cp1251", "windows-1251"},
    {"ansi_x3.4-1968", "windows-1252"},
    {"ascii", "windows-1252"},
    {"cp1252", "windows-1252"},
    {"cp819", "windows-1252"},
    {"csisolatin1", "windows-1252"},
    {"ibm819", "windows-1252"},
    {"iso-8859-1", "windows-1252"},
    {"iso-ir-100", "windows-1252"},
    {"iso8859-1", "windows-1252"},
    {"iso88591", "windows-1252"},
    {"iso_8859-1", "windows-1252"},
    {"iso_8859-1:1987", "windows-1252"},
    {"l1", "windows-1252"},
    {"latin1", "windows-1252"},
    {"us-ascii", "windows-1252"},
    {"windows-1252", "windows-1252"},
    {"x-cp1252", "windows-1252"},
    {"cp1253", "windows-1253"},
    {"windows-1253", "windows-1253"},
    {"x-cp1253", "windows-1253"},
    {"cp1254", "windows-1254"},
    {"csisolatin5", "windows-1254"},
    {"iso-8859-9", "windows-1254"},
    {"iso-ir-148", "windows-1254"},
    {"iso8859-9", "windows-1254"},
    {"iso88599", "windows-1254"},
    {"iso_8859-9", "windows-1254"},
    {"iso_8859-9:1989", "windows-1254"},
    {"l5", "windows-1254"},
    {"latin5", "windows-1254"},
    {"windows-1254", "windows-1254"},
    {"x-cp1254", "windows-1254"},
    {"cp1255", "windows-1255"},
    {"windows-1255", "windows-1255"},
    {"x-cp1255", "windows-1255"},
    {"cp1256", "windows-1256"},
    {"windows-1256", "windows-1256"},
    {"x-cp1256", "windows-1256"},
    {"cp1257", "windows-1257"},
    {"windows-1257", "windows-1257"},
    {"x-cp1257", "windows-1257"},
    {"cp1258", "windows-1258"},
    {"windows-1258", "windows-1258"},
    {"x-cp1258", "windows-1258"},
    {"x-mac-cyrillic", "x-mac-cyrillic"},
    {"x-mac-ukrainian", "x-mac-cyrillic"},
    {"chinese", "GBK"},
    {"csgb2312", "GBK"},
    {"csiso58gb231280", "GBK"},
    {"gb2312", "GBK"},
    {"gb_2312", "GBK"},
    {"gb_2312-80", "GBK"},
    {"gbk", "GBK"},
    {"iso-ir-58", "GBK"},
    {"x-gbk", "GBK"},
    {"gb18030", "gb18030"},
    {"big5", "Big5"},
    {"big5-hkscs", "Big5"},
    {"cn-big5", "Big5"},
    {"csbig5", "Big5"},
    {"x-x-big5", "Big5"},
    {"cseucpkdfmtjapanese", "EUC-JP"},
    {"euc-jp", "EUC-JP"},
    {"x-euc-jp", "EUC-JP"},
    {"csiso2022jp", "ISO-2022-JP"},
    {"iso-2022-jp", "ISO-2022-JP"},
    {"csshiftjis", "Shift_JIS"},
    {"ms932", "Shift_JIS"},
    {"ms_kanji", "Shift_JIS"},
    {"shift-jis", "Shift_JIS"},
    {"shift_jis", "Shift_JIS"},
    {"sjis", "Shift_JIS"},
    {"windows-31j", "Shift_JIS"},
    {"x-sjis", "Shift_JIS"},
    {"cseuckr", "EUC-KR"},
    {"csksc56011987", "EUC-KR"},
    {"euc-kr", "EUC-KR"},
    {"iso-ir-149", "EUC-KR"},
    {"korean", "EUC-KR"},
    {"ks_c_5601-1987", "EUC-KR"},
    {"ks_c_5601-1989", "EUC-KR"},
    {"ksc5601", "EUC-KR"},
    {"ksc_5601", "EUC-KR"},
    {"windows-949", "EUC-KR"},
    {"csiso2022kr", "replacement"},
    {"hz-gb-2312", "replacement"},
    {"iso-2022-cn", "replacement"},
    {"iso-2022-cn-ext", "replacement"},
    {"iso-2022-kr", "replacement"},
    {"replacement", "replacement"},
    {"unicodefffe", "UTF-16BE"},
    {"utf-16be", "UTF-16BE"},
    {"csunicode", "UTF-16LE"},
    {"iso-10646-ucs-2", "UTF-16LE"},
    {"ucs-2", "UTF-16LE"},
    {"unicode", "UTF-16LE"},
    {"unicodefeff", "UTF-16LE"},
    {"utf-16", "UTF-16LE"},
    {"utf-16le", "UTF-16LE"},
    {"x-user-defined", "x-user-defined"},
};
#define LABEL_COUNT (sizeof committed_labels / sizeof committed_labels[0])

/* Typed properties of every encoding, in the standard's order. */
static const struct {
    const wenc_encoding *handle;
    const char *name, *lowercase;
    bool has_encoder, single_byte, ascii_compatible;
    const char *output; /* "get an output encoding" */
} props[] = {
    {WENC_UTF_8, "UTF-8", "utf-8", true, false, true, "UTF-8"},
    {WENC_IBM866, "IBM866", "ibm866", true, true, true, "IBM866"},
    {WENC_ISO_8859_2, "ISO-8859-2", "iso-8859-2", true, true, true, "ISO-8859-2"},
    {WENC_ISO_8859_3, "ISO-8859-3", "iso-8859-3", true, true, true, "ISO-8859-3"},
    {WENC_ISO_8859_4, "ISO-8859-4", "iso-8859-4", true, true, true, "ISO-8859-4"},
    {WENC_ISO_8859_5, "ISO-8859-5", "iso-8859-5", true, true, true, "ISO-8859-5"},
    {WENC_ISO_8859_6, "ISO-8859-6", "iso-8859-6", true, true, true, "ISO-8859-6"},
    {WENC_ISO_8859_7, "ISO-8859-7", "iso-8859-7", true, true, true, "ISO-8859-7"},
    {WENC_ISO_8859_8, "ISO-8859-8", "iso-8859-8", true, true, true, "ISO-8859-8"},
    {WENC_ISO_8859_8_I, "ISO-8859-8-I", "iso-8859-8-i", true, true, true, "ISO-8859-8-I"},
    {WENC_ISO_8859_10, "ISO-8859-10", "iso-8859-10", true, true, true, "ISO-8859-10"},
    {WENC_ISO_8859_13, "ISO-8859-13", "iso-8859-13", true, true, true, "ISO-8859-13"},
    {WENC_ISO_8859_14, "ISO-8859-14", "iso-8859-14", true, true, true, "ISO-8859-14"},
    {WENC_ISO_8859_15, "ISO-8859-15", "iso-8859-15", true, true, true, "ISO-8859-15"},
    {WENC_ISO_8859_16, "ISO-8859-16", "iso-8859-16", true, true, true, "ISO-8859-16"},
    {WENC_KOI8_R, "KOI8-R", "koi8-r", true, true, true, "KOI8-R"},
    {WENC_KOI8_U, "KOI8-U", "koi8-u", true, true, true, "KOI8-U"},
    {WENC_MACINTOSH, "macintosh", "macintosh", true, true, true, "macintosh"},
    {WENC_WINDOWS_874, "windows-874", "windows-874", true, true, true, "windows-874"},
    {WENC_WINDOWS_1250, "windows-1250", "windows-1250", true, true, true, "windows-1250"},
    {WENC_WINDOWS_1251, "windows-1251", "windows-1251", true, true, true, "windows-1251"},
    {WENC_WINDOWS_1252, "windows-1252", "windows-1252", true, true, true, "windows-1252"},
    {WENC_WINDOWS_1253, "windows-1253", "windows-1253", true, true, true, "windows-1253"},
    {WENC_WINDOWS_1254, "windows-1254", "windows-1254", true, true, true, "windows-1254"},
    {WENC_WINDOWS_1255, "windows-1255", "windows-1255", true, true, true, "windows-1255"},
    {WENC_WINDOWS_1256, "windows-1256", "windows-1256", true, true, true, "windows-1256"},
    {WENC_WINDOWS_1257, "windows-1257", "windows-1257", true, true, true, "windows-1257"},
    {WENC_WINDOWS_1258, "windows-1258", "windows-1258", true, true, true, "windows-1258"},
    {WENC_X_MAC_CYRILLIC, "x-mac-cyrillic", "x-mac-cyrillic", true, true, true, "x-mac-cyrillic"},
    {WENC_GBK, "GBK", "gbk", true, false, true, "GBK"},
    {WENC_GB18030, "gb18030", "gb18030", true, false, true, "gb18030"},
    {WENC_BIG5, "Big5", "big5", true, false, true, "Big5"},
    {WENC_EUC_JP, "EUC-JP", "euc-jp", true, false, true, "EUC-JP"},
    {WENC_ISO_2022_JP, "ISO-2022-JP", "iso-2022-jp", true, false, false, "ISO-2022-JP"},
    {WENC_SHIFT_JIS, "Shift_JIS", "shift_jis", true, false, true, "Shift_JIS"},
    {WENC_EUC_KR, "EUC-KR", "euc-kr", true, false, true, "EUC-KR"},
    {WENC_REPLACEMENT, "replacement", "replacement", false, false, false, "UTF-8"},
    {WENC_UTF_16BE, "UTF-16BE", "utf-16be", false, false, false, "UTF-8"},
    {WENC_UTF_16LE, "UTF-16LE", "utf-16le", false, false, false, "UTF-8"},
    {WENC_X_USER_DEFINED, "x-user-defined", "x-user-defined", true, false, true, "x-user-defined"},
};
#define PROP_COUNT (sizeof props / sizeof props[0])

/* The test's own "get an encoding" over the committed list (a linear scan,
** literal to the standard): strip ASCII whitespace, then compare ASCII
** case-insensitively.  Returns the encoding's name or NULL. */
static bool is_ws(unsigned char c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

static unsigned char lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 0x20) : c;
}

static const char *model_lookup(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    while (n > 0 && is_ws(p[0])) {
        p++;
        n--;
    }
    while (n > 0 && is_ws(p[n - 1]))
        n--;
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        if (strlen(l) != n)
            continue;
        size_t k = 0;
        while (k < n && lower(p[k]) == lower((unsigned char)l[k]))
            k++;
        if (k == n)
            return committed_labels[i].encoding;
    }
    return NULL;
}

static const char *name_of(const wenc_encoding *e)
{
    return e ? wenc_encoding_name(e) : "(none)";
}

static bool same(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Looks S[0..N) up and compares with EXPECTED (an encoding name or NULL).
** With the reference loaded and no NUL in S, ref_get_encoding() must agree
** with the expectation too. */
static bool ref_loaded;

static void expect(tally *t, const char *s, size_t n, const char *expected, const char *what)
{
    t->checked++;
    const wenc_encoding *e = wenc_encoding_for_label(s, n);
    const char *got = e ? wenc_encoding_name(e) : NULL;
    if (!same(got, expected)) {
        char hex[160];
        tally_fail(t, "%s: [%s] (%zu bytes) gave %s, expected %s", what,
                   conf_hex(hex, sizeof hex, (const uint8_t *)s, n), n, got ? got : "(none)",
                   expected ? expected : "(none)");
        return;
    }
    if (ref_loaded && n < 256 && memchr(s, '\0', n) == NULL) {
        char z[256];
        memcpy(z, s, n);
        z[n] = '\0';
        const char *r = ref_get_encoding(z);
        if (!same(r, expected)) {
            char hex[160];
            tally_fail(t, "%s: [%s] reference model says %s, test says %s", what,
                       conf_hex(hex, sizeof hex, (const uint8_t *)s, n), r ? r : "(none)",
                       expected ? expected : "(none)");
        }
    }
}

/* Copies PRE + LABEL + POST into BUF; returns the length. */
static size_t build(char *buf, const char *pre, size_t npre, const char *label, size_t nlabel,
                    const char *post, size_t npost)
{
    memcpy(buf, pre, npre);
    memcpy(buf + npre, label, nlabel);
    memcpy(buf + npre + nlabel, post, npost);
    return npre + nlabel + npost;
}

static void test_committed(void)
{
    tally t = {0, 0};
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        expect(&t, l, strlen(l), committed_labels[i].encoding, "committed label");
        /* Pointer identity with the public handle. */
        t.checked++;
        const wenc_encoding *e = wenc_encoding_for_label(l, strlen(l));
        if (e != conf_encoding(committed_labels[i].encoding))
            tally_fail(&t, "label %s: not the singleton of %s", l, committed_labels[i].encoding);
    }
    tally_report(&t, "every committed label (%zu) maps to its encoding", LABEL_COUNT);
    CHECK_EQ(LABEL_COUNT, 228, "the committed list has the standard's 228 labels");
}

static void test_json(void)
{
    tally t = {0, 0}, order = {0, 0};
    size_t k = 0, total = 0;
    for (size_t i = 0; i < ref_encoding_count(); i++) {
        const char *name = ref_encoding_name(i);
        for (size_t j = 0; j < ref_label_count(i); j++, k++, total++) {
            const char *l = ref_label(i, j);
            expect(&t, l, strlen(l), name, "encodings.json label");
            order.checked++;
            if (k >= LABEL_COUNT || strcmp(committed_labels[k].label, l) != 0 ||
                strcmp(committed_labels[k].encoding, name) != 0)
                tally_fail(&order, "encodings.json label %zu is %s (%s), committed list has %s", k,
                           l, name, k < LABEL_COUNT ? committed_labels[k].label : "nothing");
        }
    }
    tally_report(&t, "every label of encodings.json (%zu) maps to its encoding", total);
    CHECK_EQ(total, LABEL_COUNT, "encodings.json has as many labels as the committed list");
    tally_report(&order, "the committed list equals encodings.json, in order");
    CHECK_EQ(ref_encoding_count(), WENC_ENCODING_COUNT,
             "encodings.json has WENC_ENCODING_COUNT encodings");
    tally names = {0, 0};
    for (size_t i = 0; i < ref_encoding_count() && i < WENC_ENCODING_COUNT; i++) {
        names.checked++;
        if (strcmp(ref_encoding_name(i), wenc_encoding_name(wenc_encoding_at(i))) != 0)
            tally_fail(&names, "encoding %zu: encodings.json %s, wenc_encoding_at %s", i,
                       ref_encoding_name(i), wenc_encoding_name(wenc_encoding_at(i)));
    }
    tally_report(&names, "wenc_encoding_at() follows encodings.json's order and names");
}

static const char WS[5] = {'\t', '\n', '\f', '\r', ' '};

static void test_whitespace(void)
{
    /* Every prefix and suffix of up to two ASCII whitespace bytes (1 + 5 +
    ** 25 = 31 each, so 961 combinations per label). */
    char affix[31][2];
    size_t affix_len[31], na = 0;
    affix_len[na++] = 0;
    for (int a = 0; a < 5; a++) {
        affix[na][0] = WS[a];
        affix_len[na++] = 1;
    }
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++) {
            affix[na][0] = WS[a];
            affix[na][1] = WS[b];
            affix_len[na++] = 2;
        }
    tally t = {0, 0};
    char buf[64];
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        for (size_t p = 0; p < na; p++)
            for (size_t s = 0; s < na; s++) {
                size_t m = build(buf, affix[p], affix_len[p], l, n, affix[s], affix_len[s]);
                expect(&t, buf, m, committed_labels[i].encoding, "whitespace variant");
            }
        /* All five at once on both sides. */
        size_t m = build(buf, WS, 5, l, n, WS, 5);
        expect(&t, buf, m, committed_labels[i].encoding, "whitespace variant");
    }
    tally_report(&t, "labels with leading/trailing TAB LF FF CR SPACE (every pair) match");

    /* Whitespace inside a label is not stripped. */
    tally in = {0, 0};
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        for (size_t k = 1; k < n; k++)
            for (int w = 0; w < 5; w++) {
                memcpy(buf, l, k);
                buf[k] = WS[w];
                memcpy(buf + k + 1, l + k, n - k);
                expect(&in, buf, n + 1, NULL, "whitespace inside");
            }
    }
    tally_report(&in, "whitespace inside a label never matches");
}

static void test_case(void)
{
    tally t = {0, 0};
    char buf[64];
    conf_rng rng = {20240918};
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        const char *enc = committed_labels[i].encoding;
        size_t n = strlen(l);
        /* All upper. */
        for (size_t k = 0; k < n; k++)
            buf[k] = (char)(l[k] >= 'a' && l[k] <= 'z' ? l[k] - 0x20 : l[k]);
        expect(&t, buf, n, enc, "upper case");
        /* Alternating, both phases. */
        for (int phase = 0; phase < 2; phase++) {
            for (size_t k = 0; k < n; k++)
                buf[k] = (char)(l[k] >= 'a' && l[k] <= 'z' && (k % 2) == (size_t)phase ? l[k] - 0x20
                                                                                       : l[k]);
            expect(&t, buf, n, enc, "mixed case");
        }
        /* Each letter alone in upper case. */
        for (size_t k = 0; k < n; k++) {
            if (l[k] < 'a' || l[k] > 'z')
                continue;
            memcpy(buf, l, n);
            buf[k] = (char)(l[k] - 0x20);
            expect(&t, buf, n, enc, "one letter upper");
        }
        /* Random case, with whitespace around. */
        for (int r = 0; r < 8; r++) {
            size_t m = 0;
            buf[m++] = WS[rng_below(&rng, 5)];
            for (size_t k = 0; k < n; k++)
                buf[m++] =
                    (char)(l[k] >= 'a' && l[k] <= 'z' && rng_below(&rng, 2) ? l[k] - 0x20 : l[k]);
            buf[m++] = WS[rng_below(&rng, 5)];
            expect(&t, buf, m, enc, "random case");
        }
    }
    tally_report(&t, "upper, mixed and random case variants of every label match");
}

/* Replaces every occurrence (one at a time) of FROM in each label with the
** bytes TO; every result must fail (no Unicode case folding or
** compatibility mapping).  Returns how many strings were tried. */
static size_t replace_each(tally *t, const char *from, const char *to, const char *what)
{
    char buf[64];
    size_t tried = 0, nf = strlen(from), nt = strlen(to);
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        for (size_t k = 0; k + nf <= n; k++) {
            if (strncmp(l + k, from, nf) != 0)
                continue;
            for (int upper = 0; upper < 2; upper++) {
                memcpy(buf, l, k);
                memcpy(buf + k, to, nt);
                memcpy(buf + k + nt, l + k + nf, n - k - nf);
                if (upper)
                    for (size_t j = 0; j < n - nf + nt; j++)
                        if (buf[j] >= 'a' && buf[j] <= 'z')
                            buf[j] = (char)(buf[j] - 0x20);
                expect(t, buf, n - nf + nt, NULL, what);
                tried++;
            }
        }
    }
    return tried;
}

static void test_near_misses(void)
{
    char buf[64];
    tally t = {0, 0};

    /* Unicode look-alikes and foldings: U+212A KELVIN SIGN for 'k', U+017F
    ** LATIN SMALL LETTER LONG S for 's', U+0130/U+0131 for 'i', ligatures
    ** U+FB00 ff, U+FB01 fi, U+FB05 long s t, U+FB06 st, fullwidth letters. */
    size_t n = replace_each(&t, "k", "\xE2\x84\xAA", "KELVIN SIGN");
    tally_report(&t, "U+212A KELVIN SIGN for 'k' never matches (%zu strings)", n);
    n = replace_each(&t, "s", "\xC5\xBF", "LONG S");
    tally_report(&t, "U+017F LONG S for 's' never matches (%zu strings)", n);
    n = replace_each(&t, "i", "\xC4\xB1", "dotless i");
    n += replace_each(&t, "i", "\xC4\xB0", "dotted capital I");
    tally_report(&t, "U+0131 and U+0130 for 'i' never match (%zu strings)", n);
    n = replace_each(&t, "ff", "\xEF\xAC\x80", "ligature ff");
    n += replace_each(&t, "fi", "\xEF\xAC\x81", "ligature fi");
    n += replace_each(&t, "ft", "\xEF\xAC\x85", "ligature long s t");
    n += replace_each(&t, "st", "\xEF\xAC\x86", "ligature st");
    n += replace_each(&t, "a", "\xEF\xBD\x81", "fullwidth a");
    n += replace_each(&t, "-", "\xE2\x80\x90", "hyphen U+2010");
    tally_report(&t, "ligatures, fullwidth letters, U+2010 never match (%zu strings)", n);
    {
        const char kelvin[] = "\xE2\x84\xAAoi8-r";
        expect(&t, kelvin, sizeof kelvin - 1, NULL, "\\u212Aoi8-r");
        const char ks[] = "\xE2\x84\xAAOI8-R";
        expect(&t, ks, sizeof ks - 1, NULL, "\\u212AOI8-R");
        const char ls[] = "\xC5\xBFhift_jis";
        expect(&t, ls, sizeof ls - 1, NULL, "\\u017Fhift_jis");
        tally_report(&t, "\"\\u212Aoi8-r\", \"\\u212AOI8-R\" and \"\\u017Fhift_jis\" fail");
    }

    /* Embedded NUL anywhere, and NUL or non-ASCII bytes around a label. */
    static const unsigned char extra[] = {0x00, 0x0B, 0x80, 0x85, 0xA0, 0xC0, 0xFF};
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t m = strlen(l);
        for (size_t k = 0; k <= m; k++)
            for (size_t x = 0; x < sizeof extra; x++) {
                memcpy(buf, l, k);
                buf[k] = (char)extra[x];
                memcpy(buf + k + 1, l + k, m - k);
                expect(&t, buf, m + 1, NULL, "NUL/VT/non-ASCII byte inserted");
            }
        /* The label, then NUL, then whitespace: the NUL is data, not an end. */
        size_t k = build(buf, "", 0, l, m, "\0 ", 2);
        expect(&t, buf, k, NULL, "label NUL SPACE");
        /* NBSP (C2 A0) and a vertical tab on both sides. */
        k = build(buf, "\xC2\xA0", 2, l, m, "\xC2\xA0", 2);
        expect(&t, buf, k, NULL, "NBSP around");
        k = build(buf, "\v", 1, l, m, "", 0);
        expect(&t, buf, k, NULL, "leading VT");
        k = build(buf, "", 0, l, m, "\v", 1);
        expect(&t, buf, k, NULL, "trailing VT");
        k = build(buf, " ", 1, l, m, " \v", 2);
        expect(&t, buf, k, NULL, "trailing SPACE VT");
    }
    tally_report(&t, "NUL, 0x0B, 0x80, 0x85, 0xA0, 0xC0, 0xFF inserted anywhere, NBSP or VT "
                     "around, never match");

    /* Empty and all-whitespace labels. */
    expect(&t, "", 0, NULL, "empty");
    expect(&t, "x", 0, NULL, "zero length");
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int c = 0; c < 6; c++) {
                size_t m = 0;
                if (a < 5)
                    buf[m++] = WS[a];
                if (b < 5)
                    buf[m++] = WS[b];
                if (c < 5)
                    buf[m++] = WS[c];
                expect(&t, buf, m, NULL, "all whitespace");
            }
    tally_report(&t, "empty and all-whitespace labels (up to 3 bytes) fail");

    /* NULL. */
    CHECK(wenc_encoding_for_label(NULL, 0) == NULL, "NULL label, length 0: no encoding");
    CHECK(wenc_encoding_for_label(NULL, 5) == NULL, "NULL label, length 5: no encoding");
    CHECK(wenc_encoding_for_label_no_replacement(NULL, 5) == NULL,
          "NULL label (no replacement): no encoding");
}

/* Shorter, longer and one-byte-changed labels: each either fails or matches
** exactly what the test's own lookup (a linear scan) says. */
static void test_mutations(void)
{
    char buf[64];
    tally t = {0, 0};
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        expect(&t, l, n - 1, model_lookup(l, n - 1), "one shorter (end)");
        expect(&t, l + 1, n - 1, model_lookup(l + 1, n - 1), "one shorter (start)");
        for (int c = 0; c < 256; c++) {
            size_t m = build(buf, l, n, (const char *)&(char){(char)c}, 1, "", 0);
            expect(&t, buf, m, model_lookup(buf, m), "one longer (end)");
            m = build(buf, (const char *)&(char){(char)c}, 1, l, n, "", 0);
            expect(&t, buf, m, model_lookup(buf, m), "one longer (start)");
        }
    }
    tally_report(&t, "every label one byte shorter or longer (any byte) fails or matches its "
                     "equal");

    unsigned long long flips = 0;
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        for (size_t k = 0; k < n; k++)
            for (int c = 0; c < 256; c++) {
                if (c == (unsigned char)l[k])
                    continue;
                memcpy(buf, l, n);
                buf[k] = (char)c;
                expect(&t, buf, n, model_lookup(buf, n), "one byte changed");
                flips++;
            }
    }
    tally_report(&t,
                 "every label with any one byte changed (%llu strings) fails or matches "
                 "the label it equals",
                 flips);
}

static void test_overlong(void)
{
    size_t big = 1000000;
    char *buf = malloc(2 * big + 64);
    if (buf == NULL) {
        printf("Bail out! out of memory\n");
        exit(1);
    }
    memset(buf, ' ', big);
    memcpy(buf + big, "Shift_JIS", 9);
    memset(buf + big + 9, ' ', big);
    CHECK(wenc_encoding_for_label(buf, 2 * big + 9) == WENC_SHIFT_JIS,
          "10^6 spaces + \"Shift_JIS\" + 10^6 spaces: Shift_JIS");
    memset(buf, '\t', big);
    memcpy(buf + big, "utf-8", 5);
    CHECK(wenc_encoding_for_label(buf, big + 5) == WENC_UTF_8, "10^6 tabs + \"utf-8\": UTF-8");
    memset(buf, 'a', big);
    CHECK(wenc_encoding_for_label(buf, big) == NULL, "10^6 letters: no encoding");
    memcpy(buf, "utf-8", 5);
    CHECK(wenc_encoding_for_label(buf, big) == NULL, "\"utf-8\" + 10^6 - 5 letters: no encoding");
    memset(buf, ' ', big);
    CHECK(wenc_encoding_for_label(buf, big) == NULL, "10^6 spaces: no encoding");
    free(buf);
}

static void test_no_replacement(void)
{
    tally t = {0, 0};
    size_t refused = 0;
    for (size_t i = 0; i < LABEL_COUNT; i++) {
        const char *l = committed_labels[i].label;
        size_t n = strlen(l);
        const wenc_encoding *e = wenc_encoding_for_label_no_replacement(l, n);
        bool repl = strcmp(committed_labels[i].encoding, "replacement") == 0;
        t.checked++;
        if (repl) {
            refused++;
            if (e != NULL)
                tally_fail(&t, "%s: not refused", l);
        } else if (e != conf_encoding(committed_labels[i].encoding)) {
            tally_fail(&t, "%s: gave %s", l, name_of(e));
        }
        /* Whitespace and case do not get around the refusal. */
        char buf[64];
        size_t m = build(buf, " ", 1, l, n, "\n", 1);
        buf[1] = (char)(buf[1] >= 'a' && buf[1] <= 'z' ? buf[1] - 0x20 : buf[1]);
        e = wenc_encoding_for_label_no_replacement(buf, m);
        t.checked++;
        if (repl ? e != NULL : e != conf_encoding(committed_labels[i].encoding))
            tally_fail(&t, "\" %s\\n\" (first letter upper): gave %s", l, name_of(e));
    }
    tally_report(&t, "wenc_encoding_for_label_no_replacement refuses exactly replacement");
    CHECK_EQ(refused, 6, "six replacement labels are refused");
    CHECK(wenc_encoding_for_label_no_replacement("iso-2022-kr", 11) == NULL,
          "no_replacement(\"iso-2022-kr\"): no encoding");
    CHECK(wenc_encoding_for_label("iso-2022-kr", 11) == WENC_REPLACEMENT,
          "for_label(\"iso-2022-kr\"): replacement");
    CHECK(wenc_encoding_for_label_no_replacement("nonsense", 8) == NULL,
          "no_replacement(\"nonsense\"): no encoding");
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void test_label_iteration(void)
{
    tally t = {0, 0};
    size_t total = 0;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        const char *name = wenc_encoding_name(e);
        /* Expected: the committed labels of this encoding, sorted. */
        const char *want[32];
        size_t nwant = 0;
        for (size_t k = 0; k < LABEL_COUNT; k++)
            if (strcmp(committed_labels[k].encoding, name) == 0 && nwant < 32)
                want[nwant++] = committed_labels[k].label;
        qsort(want, nwant, sizeof want[0], cmp_str);
        size_t got = 0;
        const char *l;
        for (; (l = wenc_encoding_label(e, got)) != NULL && got < 64; got++) {
            t.checked++;
            if (got >= nwant || strcmp(l, want[got]) != 0)
                tally_fail(&t, "%s: label %zu is %s, expected %s", name, got, l,
                           got < nwant ? want[got] : "(end)");
            else if (wenc_encoding_for_label(l, strlen(l)) != e)
                tally_fail(&t, "%s: its label %s does not map back", name, l);
        }
        t.checked++;
        if (got != nwant)
            tally_fail(&t, "%s: %zu labels, expected %zu", name, got, nwant);
        total += got;
    }
    tally_report(&t, "wenc_encoding_label() lists exactly each encoding's labels, in ASCII order");
    CHECK_EQ(total, 228, "the encodings' label lists hold 228 labels in all");
    CHECK(wenc_encoding_label(NULL, 0) == NULL, "wenc_encoding_label(NULL, 0) is NULL");
    CHECK(wenc_encoding_label(WENC_UTF_8, 6) == NULL &&
              wenc_encoding_label(WENC_UTF_8, (size_t)-1) == NULL,
          "wenc_encoding_label past the end is NULL");
}

static void test_properties(void)
{
    CHECK_EQ(PROP_COUNT, WENC_ENCODING_COUNT, "a typed row for each of the 40 encodings");
    tally t = {0, 0};
    for (size_t i = 0; i < PROP_COUNT; i++) {
        const wenc_encoding *e = props[i].handle;
        t.checked++;
        if (wenc_encoding_at(i) != e)
            tally_fail(&t, "wenc_encoding_at(%zu) is %s, expected %s", i,
                       name_of(wenc_encoding_at(i)), props[i].name);
        if (!same(wenc_encoding_name(e), props[i].name))
            tally_fail(&t, "%s: name %s", props[i].name, name_of(e));
        if (!same(wenc_encoding_lowercase_name(e), props[i].lowercase))
            tally_fail(&t, "%s: lowercase name %s", props[i].name, wenc_encoding_lowercase_name(e));
        if (wenc_encoding_has_encoder(e) != props[i].has_encoder)
            tally_fail(&t, "%s: has_encoder %d", props[i].name, wenc_encoding_has_encoder(e));
        if (wenc_encoding_is_single_byte(e) != props[i].single_byte)
            tally_fail(&t, "%s: is_single_byte %d", props[i].name, wenc_encoding_is_single_byte(e));
        if (wenc_encoding_is_ascii_compatible(e) != props[i].ascii_compatible)
            tally_fail(&t, "%s: is_ascii_compatible %d", props[i].name,
                       wenc_encoding_is_ascii_compatible(e));
        if (wenc_encoding_output_encoding(e) != conf_encoding(props[i].output))
            tally_fail(&t, "%s: output encoding %s, expected %s", props[i].name,
                       name_of(wenc_encoding_output_encoding(e)), props[i].output);
        /* The lowercase name is itself a label of the encoding (true of
        ** every encoding of the standard, "replacement" included). */
        const wenc_encoding *back =
            wenc_encoding_for_label(props[i].lowercase, strlen(props[i].lowercase));
        if (back != e)
            tally_fail(&t, "%s: its lowercase name looks up %s", props[i].name, name_of(back));
        /* An encoder can be made exactly when the standard has one. */
        wenc_encoder enc;
        wenc_status st = wenc_encoder_init(&enc, e, WENC_ENCODER_FATAL);
        wenc_status want = !props[i].has_encoder        ? WENC_NO_ENCODER
                           : wenc_encoding_is_built_in(e) ? WENC_OK
                                                          : WENC_NOT_BUILT_IN;
        if (st != want)
            tally_fail(&t, "%s: wenc_encoder_init gave %s", props[i].name, wenc_status_name(st));
    }
    tally_report(&t, "names, lowercase names, order, has_encoder, is_single_byte, "
                     "is_ascii_compatible, output encoding of every encoding");
    size_t counts[3] = {0, 0, 0};
    for (size_t i = 0; i < PROP_COUNT; i++) {
        counts[0] += wenc_encoding_has_encoder(props[i].handle);
        counts[1] += wenc_encoding_is_single_byte(props[i].handle);
        counts[2] += wenc_encoding_is_ascii_compatible(props[i].handle);
    }
    CHECK_EQ(counts[0], 37, "37 encodings have an encoder");
    CHECK_EQ(counts[1], 28, "28 legacy single-byte encodings");
    CHECK_EQ(counts[2], 36, "36 ASCII-compatible encodings");
    CHECK(wenc_encoding_at(WENC_ENCODING_COUNT) == NULL, "wenc_encoding_at(40) is NULL");
    CHECK(wenc_encoding_name(NULL) == NULL && wenc_encoding_lowercase_name(NULL) == NULL &&
              wenc_encoding_output_encoding(NULL) == NULL && !wenc_encoding_has_encoder(NULL) &&
              !wenc_encoding_is_single_byte(NULL) && !wenc_encoding_is_ascii_compatible(NULL),
          "NULL encoding: NULL name, no output encoding, all properties false");
}

int main(int argc, char **argv)
{
    double t0 = conf_seconds();
    printf("# labels: committed list of %zu labels%s\n", LABEL_COUNT,
           argc > 1 && argv[1][0] ? ", plus encodings.json" : " (no index directory)");
    if (argc > 1 && argv[1][0]) {
        if (ref_load(argv[1]) != 0) {
            printf("Bail out! cannot load %s\n", argv[1]);
            return 1;
        }
        ref_loaded = true;
    }
    test_committed();
    if (ref_loaded)
        test_json();
    test_whitespace();
    test_case();
    test_near_misses();
    test_mutations();
    test_overlong();
    test_no_replacement();
    test_label_iteration();
    test_properties();
    {
        const char a[] = "latin1";
        CHECK_BYTES(wenc_encoding_name(wenc_encoding_for_label(a, 6)), 12, "windows-1252", 12,
                    "\"latin1\" is windows-1252");
    }
    printf("# %.2f s\n", conf_seconds() - t0);
    if (ref_loaded)
        ref_unload();
    return check_done();
}
