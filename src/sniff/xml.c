/* xml.c -- encoding detection and fatal decoding for XML processors
** (wenc/sniff.h): a BOM, a UTF-16 '<?x' without one, the XML declaration
** read by the HTML Standard's "get an XML encoding" (prescan.c), else UTF-8;
** then the decoder in fatal mode, with errors located by line and column. */
#include <string.h>

#include "wenc/wenc.h"

const wenc_encoding *wenc_xml_detect_encoding(const uint8_t *src, size_t len,
                                              wenc_sniff_source *source, size_t *bom_length)
{
    static const uint8_t utf16le[6] = {0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00};
    static const uint8_t utf16be[6] = {0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78};
    wenc_sniff_source how = WENC_SNIFF_DEFAULT;
    size_t bom = 0;
    const wenc_encoding *e = NULL;
    if (src != NULL) {
        /* 1. A BOM. */
        e = wenc_bom_sniff(src, len, &bom);
        if (e != NULL) {
            how = WENC_SNIFF_BOM;
        } else if (len >= 6 && memcmp(src, utf16le, 6) == 0) {
            /* 2. '<?x' in UTF-16, as the HTML prescan's step 2. */
            e = WENC_UTF_16LE;
            how = WENC_SNIFF_UTF16_XML;
        } else if (len >= 6 && memcmp(src, utf16be, 6) == 0) {
            e = WENC_UTF_16BE;
            how = WENC_SNIFF_UTF16_XML;
        } else if ((e = wenc_html_xml_declaration_encoding(src, len)) != NULL) {
            /* 3. The declaration's encoding. */
            how = WENC_SNIFF_XML_DECLARATION;
        }
    }
    if (e == NULL)
        e = WENC_UTF_8; /* 4. The default. */
    if (source != NULL)
        *source = how;
    if (bom_length != NULL)
        *bom_length = bom;
    return e;
}

/* Lines and columns over UTF-8 text: LF, CR and CR LF each end a line
** (XML 1.0, 2.11); columns count code points, a byte that does not start
** one (a continuation byte) adds nothing, so ill-formed input counts each
** stray lead byte once. */
void wenc_text_line_column(const uint8_t *text, size_t len, uint64_t *line, uint64_t *column)
{
    uint64_t l = 1, c = 1;
    if (text != NULL) {
        for (size_t i = 0; i < len; i++) {
            uint8_t b = text[i];
            if (b == 0x0A) {
                /* The LF of a CR LF ends no second line. */
                if (!(i > 0 && text[i - 1] == 0x0D)) {
                    l++;
                }
                c = 1;
            } else if (b == 0x0D) {
                l++;
                c = 1;
            } else if ((b & 0xC0) != 0x80) {
                c++;
            }
        }
    }
    if (line != NULL)
        *line = l;
    if (column != NULL)
        *column = c;
}

wenc_status wenc_xml_decode_to_utf8_alloc(const uint8_t *src, size_t len,
                                          const wenc_allocator *allocator, uint8_t **out,
                                          size_t *out_len, const wenc_encoding **used,
                                          wenc_xml_error *error)
{
    if (out != NULL)
        *out = NULL;
    if (out_len != NULL)
        *out_len = 0;
    if (used != NULL)
        *used = NULL;
    if (out == NULL || out_len == NULL || (src == NULL && len != 0))
        return WENC_INVALID_ARGUMENT;
    size_t bom = 0;
    const wenc_encoding *e = wenc_xml_detect_encoding(src, len, NULL, &bom);
    if (used != NULL)
        *used = e;
    /* The BOM is skipped here, so the decoder needs no BOM handling and
    ** its offsets are shifted by the BOM's length. */
    wenc_decoder d;
    wenc_status init = wenc_decoder_init(&d, e, WENC_DECODER_FATAL);
    if (init != WENC_OK)
        return init; /* WENC_NOT_BUILT_IN: E was left out by -Dencodings */
    size_t n = len - bom;
    uint8_t *text = NULL;
    size_t text_len = 0;
    wenc_status st =
        wenc_decoder_decode_to_utf8_alloc(&d, bom ? src + bom : src, &n, true, allocator,
                                          &text, &text_len);
    if (st == WENC_MALFORMED) {
        /* TEXT is what came before the error: where it starts. */
        if (error != NULL) {
            error->offset = bom + wenc_decoder_error_offset(&d);
            error->length = wenc_decoder_error_length(&d);
            wenc_text_line_column(text, text_len, &error->line, &error->column);
        }
        wenc_free(allocator, text);
        return WENC_MALFORMED;
    }
    if (st != WENC_OK)
        return st;
    *out = text;
    *out_len = text_len;
    return WENC_OK;
}
