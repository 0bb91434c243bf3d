/* sniff.c -- the HTML Standard's encoding sniffing algorithm (13.2.3.2),
** its locale table, "changing the encoding while parsing" (13.2.3.4) and
** UTF-8 detection (wenc/sniff.h).  The prescan is in prescan.c, the
** Content-Type parsing in content_type.c.  Comments number the steps as
** ../shared/html-sniffing/HTML-SNIFFING.md does. */
#include <string.h>

#include "wenc/wenc.h"

const char *wenc_sniff_source_name(wenc_sniff_source source)
{
    static const char *const names[] = {
        "NONE",       "BOM",    "OVERRIDE", "TRANSPORT",  "UTF16_XML", "META",
        "XML_DECLARATION", "PARENT", "LIKELY", "AUTODETECT", "DEFAULT",
    };
    if ((unsigned)source >= sizeof names / sizeof names[0])
        return "UNKNOWN";
    return names[source];
}

const char *wenc_confidence_name(wenc_confidence confidence)
{
    switch (confidence) {
    case WENC_CONFIDENCE_TENTATIVE:
        return "tentative";
    case WENC_CONFIDENCE_CERTAIN:
        return "certain";
    }
    return "unknown";
}

const char *wenc_html_change_name(wenc_html_change change)
{
    switch (change) {
    case WENC_HTML_CHANGE_IGNORE:
        return "IGNORE";
    case WENC_HTML_CHANGE_SAME:
        return "SAME";
    case WENC_HTML_CHANGE_SWITCH:
        return "SWITCH";
    case WENC_HTML_CHANGE_RESTART:
        return "RESTART";
    }
    return "UNKNOWN";
}

/* ---------------------------------------------------------------------------
** UTF-8 detection (step 8). */

bool wenc_utf8_detect(const uint8_t *src, size_t len)
{
    if (src == NULL)
        return false;
    size_t i = 0;
    while (i < len && src[i] < 0x80)
        i++;
    /* All ASCII says nothing; otherwise the rest must be valid (the ASCII
    ** before it is). */
    return i < len && wenc_utf8_is_valid(src + i, len - i);
}

/* ---------------------------------------------------------------------------
** The locale table (step 9). */

static uint8_t lower(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + 0x20) : c;
}

static bool subtag_is(const char *p, size_t n, const char *want)
{
    size_t i = 0;
    for (; i < n; i++)
        if (want[i] == '\0' || lower((uint8_t)p[i]) != (uint8_t)want[i])
            return false;
    return want[i] == '\0';
}

const wenc_encoding *wenc_encoding_for_locale(const char *tag, size_t len)
{
    /* The table's rows other than Chinese, by primary language subtag. */
    static const struct {
        const char *language;
        const wenc_encoding *encoding;
    } rows[] = {
        {"ar", WENC_WINDOWS_1256},  {"az", WENC_WINDOWS_1254}, {"ba", WENC_WINDOWS_1251},
        {"be", WENC_WINDOWS_1251},  {"bg", WENC_WINDOWS_1251}, {"cs", WENC_WINDOWS_1250},
        {"el", WENC_ISO_8859_7},    {"et", WENC_WINDOWS_1257}, {"fa", WENC_WINDOWS_1256},
        {"he", WENC_WINDOWS_1255},  {"hr", WENC_WINDOWS_1250}, {"hu", WENC_ISO_8859_2},
        {"ja", WENC_SHIFT_JIS},     {"kk", WENC_WINDOWS_1251}, {"ko", WENC_EUC_KR},
        {"ku", WENC_WINDOWS_1254},  {"ky", WENC_WINDOWS_1251}, {"lt", WENC_WINDOWS_1257},
        {"lv", WENC_WINDOWS_1257},  {"mk", WENC_WINDOWS_1251}, {"pl", WENC_ISO_8859_2},
        {"ru", WENC_WINDOWS_1251},  {"sah", WENC_WINDOWS_1251}, {"sk", WENC_WINDOWS_1250},
        {"sl", WENC_ISO_8859_2},    {"sr", WENC_WINDOWS_1251}, {"tg", WENC_WINDOWS_1251},
        {"th", WENC_WINDOWS_874},   {"tr", WENC_WINDOWS_1254}, {"tt", WENC_WINDOWS_1251},
        {"uk", WENC_WINDOWS_1251},  {"vi", WENC_WINDOWS_1258},
    };
    if (tag == NULL)
        return WENC_WINDOWS_1252;
    /* The primary language subtag: up to '-' or '_'. */
    size_t end = 0;
    while (end < len && tag[end] != '-' && tag[end] != '_')
        end++;
    if (!subtag_is(tag, end, "zh")) {
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
            if (subtag_is(tag, end, rows[i].language))
                return rows[i].encoding;
        return WENC_WINDOWS_1252;
    }
    /* Chinese: zh-Hans, zh-CN, zh-SG -> GBK; zh-Hant, zh-HK, zh-MO, zh-TW
    ** -> Big5.  The script subtag (four letters) decides when there is one,
    ** else the region (two letters); a singleton ("x", "u", ...) ends the
    ** subtags that can be either. */
    const wenc_encoding *by_region = NULL;
    size_t pos = end;
    while (pos < len) {
        size_t start = pos + 1;
        size_t stop = start;
        while (stop < len && tag[stop] != '-' && tag[stop] != '_')
            stop++;
        const char *sub = tag + start;
        size_t n = stop - start;
        if (n == 1)
            break;
        if (subtag_is(sub, n, "hans"))
            return WENC_GBK;
        if (subtag_is(sub, n, "hant"))
            return WENC_BIG5;
        if (by_region == NULL && n == 2) {
            if (subtag_is(sub, n, "cn") || subtag_is(sub, n, "sg"))
                by_region = WENC_GBK;
            else if (subtag_is(sub, n, "hk") || subtag_is(sub, n, "mo") ||
                     subtag_is(sub, n, "tw"))
                by_region = WENC_BIG5;
        }
        pos = stop;
    }
    return by_region != NULL ? by_region : WENC_WINDOWS_1252;
}

/* ---------------------------------------------------------------------------
** The encoding sniffing algorithm. */

/* Whether the LEN bytes at P are a proper prefix of a BOM (the empty input
** included). */
static bool could_become_bom(const uint8_t *p, size_t len)
{
    static const uint8_t boms[3][3] = {{0xEF, 0xBB, 0xBF}, {0xFE, 0xFF, 0}, {0xFF, 0xFE, 0}};
    static const size_t lens[3] = {3, 2, 2};
    for (int i = 0; i < 3; i++)
        if (len < lens[i] && (len == 0 || memcmp(p, boms[i], len) == 0))
            return true;
    return false;
}

wenc_status wenc_html_sniff(const uint8_t *src, size_t len, const wenc_html_sniff_options *options,
                            wenc_html_sniff_result *result)
{
    static const wenc_html_sniff_options defaults;
    if (result == NULL)
        return WENC_INVALID_ARGUMENT;
    memset(result, 0, sizeof *result);
    if (src == NULL && len != 0)
        return WENC_INVALID_ARGUMENT;
    const wenc_html_sniff_options *o = options != NULL ? options : &defaults;
    /* A BOM could still come while the bytes so far are a proper prefix of
    ** one (EF, EF BB, FE, FF; EF BB may become EF BB BF). */
    bool bom_settled = !could_become_bom(src, len);

    /* 1. BOM sniffing: certain. */
    size_t bom_len = 0;
    const wenc_encoding *e = wenc_bom_sniff(src, len, &bom_len);
    if (e != NULL) {
        result->encoding = e;
        result->confidence = WENC_CONFIDENCE_CERTAIN;
        result->source = WENC_SNIFF_BOM;
        result->final = true;
        result->bom_length = bom_len;
        return WENC_OK;
    }
    result->confidence = WENC_CONFIDENCE_CERTAIN;
    result->final = bom_settled;
    /* 2. The user's override: certain. */
    if (o->override != NULL) {
        result->encoding = o->override;
        result->source = WENC_SNIFF_OVERRIDE;
        return WENC_OK;
    }
    /* 3. Waiting for bytes is the caller's (see wenc/sniff.h). */
    /* 4. The transport layer's encoding, if supported: certain. */
    e = o->transport;
    if (e == NULL && o->transport_label != NULL)
        e = wenc_encoding_for_label(o->transport_label, o->transport_label_len);
    if (e != NULL) {
        result->encoding = e;
        result->source = WENC_SNIFF_TRANSPORT;
        return WENC_OK;
    }
    /* The rest is tentative. */
    result->confidence = WENC_CONFIDENCE_TENTATIVE;
    /* 5. The prescan, with the end condition at PRESCAN_LIMIT bytes. */
    if (!o->no_prescan) {
        size_t limit = o->prescan_limit != 0 ? o->prescan_limit : 1024;
        size_t n = len < limit ? len : limit;
        bool final = false;
        wenc_sniff_source how;
        e = wenc_html_prescan(src, n, &how, &final);
        /* Running out of bytes before the end condition leaves the answer
        ** open; reaching the end condition settles it. */
        if (!final && len < limit)
            result->final = false;
        if (e != NULL) {
            result->encoding = e;
            result->source = how;
            return WENC_OK;
        }
    }
    /* 6. The parent document's encoding, unless UTF-16BE/LE. */
    if (o->parent != NULL && o->parent != WENC_UTF_16BE && o->parent != WENC_UTF_16LE) {
        result->encoding = o->parent;
        result->source = WENC_SNIFF_PARENT;
        return WENC_OK;
    }
    /* 7. The likely encoding. */
    if (o->likely != NULL) {
        result->encoding = o->likely;
        result->source = WENC_SNIFF_LIKELY;
        return WENC_OK;
    }
    /* 8. Autodetection: UTF-8, over the whole file (so any byte more
    ** could change the answer). */
    if (o->detect_utf8)
        result->final = false;
    if (o->detect_utf8 && wenc_utf8_detect(src, len)) {
        result->encoding = WENC_UTF_8;
        result->source = WENC_SNIFF_AUTODETECT;
        return WENC_OK;
    }
    /* 9. The default: the caller's, else by locale. */
    result->encoding =
        o->fallback != NULL ? o->fallback : wenc_encoding_for_locale(o->locale, o->locale_len);
    result->source = WENC_SNIFF_DEFAULT;
    return WENC_OK;
}

/* ---------------------------------------------------------------------------
** Changing the encoding while parsing. */

/* Whether decoding the N bytes at P with A and with B (replacement mode, no
** BOM handling) gives the same code points, with neither decoder holding
** an unfinished sequence at the end.  The two outputs are compared as they
** come, in small buffers: what one decoder is ahead by is kept. */
static bool same_interpretation(const wenc_encoding *a, const wenc_encoding *b,
                                const uint8_t *p, size_t n)
{
    enum { CHUNK = 64, ROOM = 6 * CHUNK };
    if (n == 0)
        return true;
    wenc_decoder da, db;
    /* An encoding left out by -Dencodings cannot be compared: no switch
    ** (the caller restarts, and its decoder says WENC_NOT_BUILT_IN). */
    if (wenc_decoder_init(&da, a, WENC_DECODER_REPLACEMENT) != WENC_OK ||
        wenc_decoder_init(&db, b, WENC_DECODER_REPLACEMENT) != WENC_OK)
        return false;
    uint32_t ba[ROOM], bb[ROOM];
    size_t na = 0, nb = 0;
    for (size_t done = 0;;) {
        size_t chunk = n - done < CHUNK ? n - done : CHUNK;
        bool end = done + chunk == n;
        /* Decode the chunk with each; at the end, also check what a flush
        ** would write (an unfinished sequence) on a copy. */
        wenc_decoder *ds[2] = {&da, &db};
        uint32_t *bufs[2] = {ba, bb};
        size_t *lens[2] = {&na, &nb};
        for (int k = 0; k < 2; k++) {
            size_t in = chunk, out = ROOM - *lens[k];
            /* The leftover is at most CHUNK code points (below), so this
            ** holds for every decoder of the standard; if not, no switch. */
            if (wenc_decoder_max_utf32_length(ds[k], chunk) > out)
                return false;
            wenc_status st = wenc_decoder_decode_to_utf32(ds[k], p + done, &in,
                                                          bufs[k] + *lens[k], &out, false);
            if (st != WENC_INPUT_EMPTY)
                return false; /* cannot happen with this room */
            *lens[k] += out;
            if (end) {
                wenc_decoder copy = *ds[k];
                uint32_t sink[8];
                size_t zero = 0, room = sizeof sink / sizeof sink[0];
                if (wenc_decoder_decode_to_utf32(&copy, NULL, &zero, sink, &room, true) !=
                        WENC_INPUT_EMPTY ||
                    room != 0)
                    return false;
            }
        }
        size_t common = na < nb ? na : nb;
        if (common > 0 && memcmp(ba, bb, common * sizeof ba[0]) != 0)
            return false;
        memmove(ba, ba + common, (na - common) * sizeof ba[0]);
        memmove(bb, bb + common, (nb - common) * sizeof bb[0]);
        na -= common;
        nb -= common;
        /* One decoder far ahead of the other: they cannot agree. */
        if (na > CHUNK || nb > CHUNK)
            return false;
        done += chunk;
        if (end)
            return na == 0 && nb == 0;
    }
}

wenc_html_change wenc_html_change_encoding(const wenc_encoding *current,
                                           const wenc_encoding *requested,
                                           const uint8_t *consumed, size_t consumed_len,
                                           const wenc_encoding **new_encoding)
{
    if (new_encoding != NULL)
        *new_encoding = NULL;
    if (current == NULL || requested == NULL || (consumed == NULL && consumed_len != 0))
        return (wenc_html_change)0;
    /* 1. The current encoding is UTF-16BE/LE: certain, ignore the new. */
    if (current == WENC_UTF_16BE || current == WENC_UTF_16LE) {
        if (new_encoding != NULL)
            *new_encoding = current;
        return WENC_HTML_CHANGE_IGNORE;
    }
    /* 2. A new UTF-16BE/LE becomes UTF-8. */
    const wenc_encoding *e = requested;
    if (e == WENC_UTF_16BE || e == WENC_UTF_16LE)
        e = WENC_UTF_8;
    /* 3. A new x-user-defined becomes windows-1252. */
    if (e == WENC_X_USER_DEFINED)
        e = WENC_WINDOWS_1252;
    /* 4. The same encoding: certain.  (Encodings are singletons, so
    ** "identical or equivalent" is pointer equality.) */
    if (e == current) {
        if (new_encoding != NULL)
            *new_encoding = current;
        return WENC_HTML_CHANGE_SAME;
    }
    if (new_encoding != NULL)
        *new_encoding = e;
    /* 5. Same interpretation of the bytes converted so far: switch on the
    ** fly.  A BOM the current decoder skipped is skipped here too (only
    ** UTF-8's can precede a <meta> the parser acts on: UTF-16 returned at
    ** step 1). */
    size_t bom_len = 0;
    if (wenc_bom_sniff(consumed, consumed_len, &bom_len) != current)
        bom_len = 0;
    if (consumed_len == 0 || same_interpretation(current, e, consumed + bom_len,
                                                 consumed_len - bom_len))
        return WENC_HTML_CHANGE_SWITCH;
    /* 6. Otherwise restart with the new encoding, certain. */
    return WENC_HTML_CHANGE_RESTART;
}
