/* expat.c -- the streaming front end of wenc/expat.h. */
#include <wenc/expat.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The standard suggests 1024 bytes for the prescan; an XML declaration is
** read from as many (wenc_xml_detect_encoding()). */
enum { SNIFF_MAX = 1024 };

/* Where the one-to-one relation between UTF-8 offsets (what Expat counts)
** and input offsets starts again: from U8, input offset SRC + (u - U8). */
typedef struct mark {
    uint64_t u8, src;
} mark;

struct wenc_expat {
    XML_Parser parser;
    const wenc_encoding *protocol, *enc;
    wenc_sniff_source source;
    bool sniffed, done;
    uint8_t sniff[SNIFF_MAX];
    size_t sniff_len;
    uint64_t bom;          /* the BOM's length, skipped before the decoder */
    wenc_decoder d;
    uint64_t u8_total;     /* UTF-8 bytes produced so far               */
    uint64_t src_boundary; /* input offset after the last code point    */
    mark *marks;
    size_t nmarks, capmarks;
    uint8_t *out;          /* UTF-8 of the current chunk, for XML_Parse */
    size_t out_len, out_cap;
    wenc_expat_error err;
};

wenc_expat *wenc_expat_create(const wenc_encoding *protocol, XML_Char namespace_separator)
{
    wenc_expat *x = calloc(1, sizeof *x);
    if (x == NULL)
        return NULL;
    /* "UTF-8" as the protocol encoding: Expat then ignores the
    ** declaration's encoding (XML_ParserCreate's documented override). */
    x->parser = namespace_separator ? XML_ParserCreateNS("UTF-8", namespace_separator)
                                    : XML_ParserCreate("UTF-8");
    if (x->parser == NULL) {
        free(x);
        return NULL;
    }
    x->protocol = protocol;
    return x;
}

XML_Parser wenc_expat_parser(const wenc_expat *x)
{
    return x != NULL ? x->parser : NULL;
}

void wenc_expat_free(wenc_expat *x)
{
    if (x == NULL)
        return;
    XML_ParserFree(x->parser);
    free(x->marks);
    free(x->out);
    free(x);
}

static bool add_mark(wenc_expat *x, uint64_t u8, uint64_t src)
{
    if (x->nmarks == x->capmarks) {
        size_t cap = x->capmarks ? x->capmarks * 2 : 16;
        mark *m = realloc(x->marks, cap * sizeof *m);
        if (m == NULL)
            return false;
        x->marks = m;
        x->capmarks = cap;
    }
    x->marks[x->nmarks].u8 = u8;
    x->marks[x->nmarks].src = src;
    x->nmarks++;
    return true;
}

uint64_t wenc_expat_input_offset(const wenc_expat *x, XML_Index utf8_index)
{
    if (x == NULL || utf8_index < 0 || x->nmarks == 0)
        return x != NULL ? x->bom + (utf8_index > 0 ? (uint64_t)utf8_index : 0) : 0;
    uint64_t u = (uint64_t)utf8_index;
    size_t lo = 0, hi = x->nmarks; /* the last mark with u8 <= u */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->marks[mid].u8 <= u)
            lo = mid;
        else
            hi = mid;
    }
    const mark *m = &x->marks[lo];
    return u >= m->u8 ? m->src + (u - m->u8) : m->src;
}

/* Forgets the marks before Expat's position: later positions are after it. */
static void prune(wenc_expat *x)
{
    XML_Index at = XML_GetCurrentByteIndex(x->parser);
    if (at < 0 || x->nmarks < 2)
        return;
    size_t keep = 0;
    while (keep + 1 < x->nmarks && x->marks[keep + 1].u8 <= (uint64_t)at)
        keep++;
    if (keep > 0) {
        memmove(x->marks, x->marks + keep, (x->nmarks - keep) * sizeof *x->marks);
        x->nmarks -= keep;
    }
}

static bool room(wenc_expat *x, size_t need)
{
    if (x->out_cap - x->out_len >= need)
        return true;
    size_t cap = (x->out_len + need) * 2;
    uint8_t *p = realloc(x->out, cap);
    if (p == NULL)
        return false;
    x->out = p;
    x->out_cap = cap;
    return true;
}

static enum XML_Status fail(wenc_expat *x, wenc_expat_error_kind kind)
{
    x->done = true;
    x->err.kind = kind;
    return XML_STATUS_ERROR;
}

/* What the XML declaration names, read by an Expat parser of its own. */
typedef struct decl_probe {
    XML_Parser parser;
    bool unknown;     /* an encoding the Encoding Standard has no label for */
    XML_Index offset; /* where the declaration is, in the probe's input */
    int length;
} decl_probe;

static void on_decl(void *ud, const XML_Char *version, const XML_Char *encoding,
                    int standalone)
{
    (void)version;
    (void)standalone;
    decl_probe *p = ud;
    p->unknown = encoding != NULL && wenc_encoding_for_label(encoding, strlen(encoding)) == NULL;
    p->offset = XML_GetCurrentByteIndex(p->parser);
    p->length = XML_GetCurrentByteCount(p->parser);
}

/* XML 1.0, section 4.3.3: an entity in an encoding the processor cannot
** read is a fatal error.  wenc_xml_detect_encoding() gives UTF-8 by default
** both when the declaration names no encoding and when it names a label the
** Encoding Standard does not know; the main parser cannot tell them apart
** (its protocol encoding overrides the declaration), so a second parser
** reads the N sniffed bytes at S (then read as UTF-8 anyway), and its
** XmlDeclHandler gets the declared name as Expat reads it.  Returns whether
** the name is unknown, with the declaration's place in *P (false when out
** of memory too: the main parser then fails the same way). */
static bool unknown_label(const uint8_t *s, size_t n, decl_probe *p)
{
    memset(p, 0, sizeof *p);
    if (n < 5 || memcmp(s, "<?xml", 5) != 0)
        return false;
    p->parser = XML_ParserCreate("UTF-8");
    if (p->parser == NULL)
        return false;
    XML_SetUserData(p->parser, p);
    XML_SetXmlDeclHandler(p->parser, on_decl);
    (void)XML_Parse(p->parser, (const char *)s, (int)n, 0);
    XML_ParserFree(p->parser);
    p->parser = NULL;
    return p->unknown && p->offset >= 0 && p->length >= 0;
}

/* Hands the chunk's UTF-8 to Expat; on Expat's error, records it with the
** position mapped back. */
static enum XML_Status give(wenc_expat *x, bool final)
{
    enum XML_Status st = XML_Parse(x->parser, (const char *)x->out, (int)x->out_len, final);
    x->out_len = 0;
    if (st != XML_STATUS_OK) {
        x->err.code = XML_GetErrorCode(x->parser);
        x->err.line = XML_GetCurrentLineNumber(x->parser);
        x->err.offset = wenc_expat_input_offset(x, XML_GetCurrentByteIndex(x->parser));
        x->err.length = 0;
        return fail(x, WENC_EXPAT_PARSE_ERROR);
    }
    prune(x);
    return XML_STATUS_OK;
}

/* Decodes N bytes (all, or the flush when LAST with N == 0) one byte per
** call, so that each code point's input offset is known.  Returns false on
** malformed input (x->err set), or on no memory. */
static bool decode(wenc_expat *x, const uint8_t *src, size_t n, bool last, bool *nomem)
{
    size_t i = 0;
    do {
        size_t one = n > 0 ? 1 : 0;
        bool flush = last && i + one == n;
        uint64_t u8_start = x->u8_total, src_start = x->src_boundary;
        wenc_status st;
        do {
            if (!room(x, 64)) {
                *nomem = true;
                return false;
            }
            size_t take = one, m = x->out_cap - x->out_len;
            /* SRC is NULL for the final call's flush: no arithmetic on it. */
            st = wenc_decoder_decode_to_utf8(&x->d, n > 0 ? src + i : src, &take,
                                             x->out + x->out_len, &m, flush);
            x->out_len += m;
            x->u8_total += m;
            i += take;
            one -= take;
        } while (st == WENC_OUTPUT_FULL);
        if (x->u8_total != u8_start) {
            /* A code point (or more) starting where the last one ended:
            ** mark it unless the one-to-one run so far predicts it. */
            const mark *l = x->nmarks ? &x->marks[x->nmarks - 1] : NULL;
            if ((l == NULL || l->src + (u8_start - l->u8) != src_start) &&
                !add_mark(x, u8_start, src_start)) {
                *nomem = true;
                return false;
            }
            x->src_boundary = x->bom + wenc_decoder_position(&x->d);
        }
        if (st == WENC_MALFORMED) {
            x->err.offset = x->bom + wenc_decoder_error_offset(&x->d);
            x->err.length = wenc_decoder_error_length(&x->d);
            /* The bytes after the error are not part of the document. */
            x->src_boundary = x->bom + wenc_decoder_position(&x->d);
            return false;
        }
    } while (i < n);
    /* A mark for the end too, so that an error at the end of the text maps
    ** to the input's end. */
    const mark *l = x->nmarks ? &x->marks[x->nmarks - 1] : NULL;
    if (l != NULL && l->src + (x->u8_total - l->u8) != x->src_boundary &&
        !add_mark(x, x->u8_total, x->src_boundary)) {
        *nomem = true;
        return false;
    }
    return true;
}

/* Decodes the bytes and gives them to Expat. */
static enum XML_Status feed(wenc_expat *x, const uint8_t *src, size_t n, bool final)
{
    bool nomem = false;
    if (!decode(x, src, n, final, &nomem)) {
        if (nomem)
            return fail(x, WENC_EXPAT_NO_MEMORY);
        wenc_expat_error e = x->err;
        /* Expat parses what came before the error, as the end of the
        ** document (so that it finishes the tokens it held back, whatever
        ** the chunks were): an error of its own there is earlier in the
        ** document and wins, unless it only says that the document stops
        ** (which it does, at the malformed bytes). */
        if (give(x, true) != XML_STATUS_OK) {
            switch (x->err.code) {
            case XML_ERROR_NO_ELEMENTS:
            case XML_ERROR_UNCLOSED_TOKEN:
            case XML_ERROR_PARTIAL_CHAR:
            case XML_ERROR_UNCLOSED_CDATA_SECTION:
                break;
            default:
                return XML_STATUS_ERROR;
            }
        }
        x->err = e;
        x->err.code = XML_ERROR_NONE;
        x->err.line = 0;
        return fail(x, WENC_EXPAT_DECODE_ERROR);
    }
    return give(x, final);
}

enum XML_Status wenc_expat_parse(wenc_expat *x, const void *data, size_t len, int is_final)
{
    const uint8_t *src = data;
    if (x == NULL)
        return XML_STATUS_ERROR;
    if (x->done || (src == NULL && len > 0))
        return fail(x, x->err.kind ? x->err.kind : WENC_EXPAT_NO_MEMORY);
    if (len > (size_t)INT_MAX / 8)
        return fail(x, WENC_EXPAT_NO_MEMORY);
    if (!x->sniffed) {
        size_t take = len < SNIFF_MAX - x->sniff_len ? len : SNIFF_MAX - x->sniff_len;
        if (take > 0)
            memcpy(x->sniff + x->sniff_len, src, take);
        x->sniff_len += take;
        src += take;
        len -= take;
        /* Enough once the declaration's '>' is in (a '>' also ends any
        ** BOM, none of whose bytes it is), the buffer is full, or the end. */
        if (!is_final && x->sniff_len < SNIFF_MAX && !memchr(x->sniff, '>', x->sniff_len))
            return XML_STATUS_OK;
        size_t bom = 0;
        wenc_sniff_source source;
        const wenc_encoding *enc = wenc_xml_detect_encoding(x->sniff, x->sniff_len, &source, &bom);
        /* RFC 7303, section 3.2: the BOM, then the protocol's charset,
        ** then the document's own answer. */
        if (source != WENC_SNIFF_BOM && x->protocol != NULL) {
            enc = x->protocol;
            source = WENC_SNIFF_TRANSPORT;
        }
        x->enc = enc;
        x->source = source;
        x->sniffed = true;
        x->bom = bom;
        x->src_boundary = bom;
        decl_probe probe;
        if (source == WENC_SNIFF_DEFAULT && unknown_label(x->sniff, x->sniff_len, &probe)) {
            x->enc = NULL;
            x->err.offset = (uint64_t)probe.offset;
            x->err.length = (size_t)probe.length;
            return fail(x, WENC_EXPAT_UNSUPPORTED_ENCODING);
        }
        if (enc == WENC_REPLACEMENT ||
            wenc_decoder_init(&x->d, enc, WENC_DECODER_FATAL) != WENC_OK)
            return fail(x, WENC_EXPAT_UNSUPPORTED_ENCODING);
        bool last = is_final && len == 0;
        if (feed(x, x->sniff + bom, x->sniff_len - bom, last) != XML_STATUS_OK)
            return XML_STATUS_ERROR;
        if (last) {
            x->done = true;
            return XML_STATUS_OK;
        }
    }
    if (feed(x, src, len, is_final != 0) != XML_STATUS_OK)
        return XML_STATUS_ERROR;
    if (is_final)
        x->done = true;
    return XML_STATUS_OK;
}

void wenc_expat_get_error(const wenc_expat *x, wenc_expat_error *error)
{
    if (error == NULL)
        return;
    if (x == NULL) {
        memset(error, 0, sizeof *error);
        error->kind = WENC_EXPAT_NO_MEMORY;
        return;
    }
    *error = x->err;
}

const wenc_encoding *wenc_expat_encoding(const wenc_expat *x, wenc_sniff_source *source)
{
    if (source != NULL)
        *source = x != NULL && x->sniffed ? x->source : WENC_SNIFF_NONE;
    return x != NULL && x->sniffed ? x->enc : NULL;
}
