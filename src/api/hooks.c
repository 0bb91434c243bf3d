/* hooks.c -- the Encoding Standard's hooks for other standards ("Hooks for
** standards" and "Legacy hooks for standards") in their streaming and
** one-shot forms, and the one-shot calls on a decoder or encoder (their
** allocation machinery is oneshot.c's). */
#include "oneshot.h"

/* ------------------------------------------------------------------------
** One-shot calls on a decoder or an encoder. */

static wenc_status dec_utf8(void *obj, const void *src, size_t *src_len, void *dst,
                            size_t *dst_len, bool last)
{
    return wenc_decoder_decode_to_utf8(obj, src, src_len, dst, dst_len, last);
}

static wenc_status dec_utf16(void *obj, const void *src, size_t *src_len, void *dst,
                             size_t *dst_len, bool last)
{
    return wenc_decoder_decode_to_utf16(obj, src, src_len, dst, dst_len, last);
}

static wenc_status enc_utf8(void *obj, const void *src, size_t *src_len, void *dst,
                            size_t *dst_len, bool last)
{
    return wenc_encoder_encode_from_utf8(obj, src, src_len, dst, dst_len, last);
}

static wenc_status enc_utf16(void *obj, const void *src, size_t *src_len, void *dst,
                             size_t *dst_len, bool last)
{
    return wenc_encoder_encode_from_utf16(obj, src, src_len, dst, dst_len, last);
}

/* Output forms of the one-shot helpers. */
enum { FORM_UTF8, FORM_UTF16 };

/* Checks what every one-shot call checks and clears the outputs.  The
** public functions take typed output pointers (uint8_t **, uint16_t **);
** the helpers below fill a void * that they then store. */
static bool args_ok(const void *src, size_t src_len, void **out, size_t *out_len)
{
    if (out != NULL)
        *out = NULL;
    if (out_len != NULL)
        *out_len = 0;
    return out != NULL && out_len != NULL && (src != NULL || src_len == 0);
}

static wenc_status decode_alloc(wenc_decoder *d, const uint8_t *src, size_t *src_len,
                                bool last, int form, bool error_discards, bool temporary,
                                const wenc_allocator *allocator, void **out, size_t *out_len)
{
    wenc_decoder copy;
    const wenc__oneshot o = {
        .obj = d, .copy = &copy, .obj_size = sizeof copy,
        .count = form == FORM_UTF8 ? dec_utf8 : dec_utf16,
        .run = form == FORM_UTF8 ? dec_utf8 : dec_utf16,
        .src_unit = 1, .dst_unit = form == FORM_UTF8 ? 1 : 2,
        .last = last, .error_discards = error_discards, .temporary = temporary,
    };
    return wenc__oneshot_run(&o, src, src_len, allocator, out, out_len);
}

static wenc_status encode_alloc(wenc_encoder *e, const void *src, size_t *src_len,
                                bool last, int form, const wenc_allocator *allocator,
                                void **out, size_t *out_len)
{
    wenc_encoder copy;
    const wenc__oneshot o = {
        .obj = e, .copy = &copy, .obj_size = sizeof copy,
        .count = form == FORM_UTF8 ? enc_utf8 : enc_utf16,
        .run = form == FORM_UTF8 ? enc_utf8 : enc_utf16,
        .src_unit = form == FORM_UTF8 ? 1 : 2, .dst_unit = 1,
        .last = last,
    };
    return wenc__oneshot_run(&o, src, src_len, allocator, out, out_len);
}

wenc_status wenc_decoder_decode_to_utf8_alloc(wenc_decoder *d, const uint8_t *src,
                                              size_t *src_len, bool last,
                                              const wenc_allocator *allocator, uint8_t **out,
                                              size_t *out_len)
{
    void *p = NULL;
    if (!args_ok(src, src_len ? *src_len : 0, out ? &p : NULL, out_len) || d == NULL ||
        src_len == NULL) {
        if (out != NULL)
            *out = NULL;
        return WENC_INVALID_ARGUMENT;
    }
    wenc_status st = decode_alloc(d, src, src_len, last, FORM_UTF8, false, false, allocator,
                                  &p, out_len);
    *out = p;
    return st;
}

wenc_status wenc_decoder_decode_to_utf16_alloc(wenc_decoder *d, const uint8_t *src,
                                               size_t *src_len, bool last,
                                               const wenc_allocator *allocator,
                                               uint16_t **out, size_t *out_len)
{
    void *p = NULL;
    if (!args_ok(src, src_len ? *src_len : 0, out ? &p : NULL, out_len) || d == NULL ||
        src_len == NULL) {
        if (out != NULL)
            *out = NULL;
        return WENC_INVALID_ARGUMENT;
    }
    wenc_status st = decode_alloc(d, src, src_len, last, FORM_UTF16, false, false, allocator,
                                  &p, out_len);
    *out = p;
    return st;
}

wenc_status wenc_encoder_encode_from_utf8_alloc(wenc_encoder *e, const uint8_t *src,
                                                size_t *src_len, bool last,
                                                const wenc_allocator *allocator,
                                                uint8_t **out, size_t *out_len)
{
    void *p = NULL;
    if (!args_ok(src, src_len ? *src_len : 0, out ? &p : NULL, out_len) || e == NULL ||
        src_len == NULL) {
        if (out != NULL)
            *out = NULL;
        return WENC_INVALID_ARGUMENT;
    }
    wenc_status st = encode_alloc(e, src, src_len, last, FORM_UTF8, allocator, &p, out_len);
    *out = p;
    return st;
}

wenc_status wenc_encoder_encode_from_utf16_alloc(wenc_encoder *e, const uint16_t *src,
                                                 size_t *src_len, bool last,
                                                 const wenc_allocator *allocator,
                                                 uint8_t **out, size_t *out_len)
{
    void *p = NULL;
    if (!args_ok(src, src_len ? *src_len : 0, out ? &p : NULL, out_len) || e == NULL ||
        src_len == NULL) {
        if (out != NULL)
            *out = NULL;
        return WENC_INVALID_ARGUMENT;
    }
    wenc_status st = encode_alloc(e, src, src_len, last, FORM_UTF16, allocator, &p, out_len);
    *out = p;
    return st;
}

/* ------------------------------------------------------------------------
** Hooks for standards. */

/* "UTF-8 decode": 1-2. if the first three bytes are EF BB BF, read them;
** 3. process the rest with UTF-8's decoder, mode replacement.  The first
** code point is U+FEFF exactly when the first three bytes are EF BB BF, so
** the decoder's BOM strip does steps 1-2, however the input is split. */
wenc_status wenc_utf8_decode_init(wenc_decoder *d)
{
    return wenc_decoder_init(d, WENC_UTF_8, WENC_DECODER_REPLACEMENT | WENC_DECODER_BOM_STRIP);
}

/* "UTF-8 decode without BOM": 1. process with UTF-8's decoder, mode
** replacement. */
wenc_status wenc_utf8_decode_without_bom_init(wenc_decoder *d)
{
    return wenc_decoder_init(d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
}

/* "UTF-8 decode without BOM or fail": 1. process with UTF-8's decoder, mode
** fatal; 2. an error is failure. */
wenc_status wenc_utf8_decode_without_bom_or_fail_init(wenc_decoder *d)
{
    return wenc_decoder_init(d, WENC_UTF_8, WENC_DECODER_FATAL);
}

/* "UTF-8 encode": encode with UTF-8 (whose encoder never errors). */
wenc_status wenc_utf8_encode_init(wenc_encoder *e)
{
    return wenc_encoder_init(e, WENC_UTF_8, WENC_ENCODER_FATAL);
}

/* Runs a fresh decoder D (set up by the caller) over the whole input. */
static wenc_status oneshot_decode(wenc_decoder *d, const uint8_t *src, size_t src_len,
                                  int form, bool or_fail, const wenc_allocator *allocator,
                                  void **out, size_t *out_len)
{
    if (!args_ok(src, src_len, out, out_len))
        return WENC_INVALID_ARGUMENT;
    return decode_alloc(d, src, &src_len, true, form, or_fail, true, allocator, out, out_len);
}

wenc_status wenc_utf8_decode_to_utf8_alloc(const uint8_t *src, size_t src_len,
                                           const wenc_allocator *allocator, uint8_t **out,
                                           size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF8, false, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_decode_to_utf16_alloc(const uint8_t *src, size_t src_len,
                                            const wenc_allocator *allocator, uint16_t **out,
                                            size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF16, false, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_decode_without_bom_to_utf8_alloc(const uint8_t *src, size_t src_len,
                                                       const wenc_allocator *allocator,
                                                       uint8_t **out, size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_without_bom_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF8, false, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_decode_without_bom_to_utf16_alloc(const uint8_t *src, size_t src_len,
                                                        const wenc_allocator *allocator,
                                                        uint16_t **out, size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_without_bom_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF16, false, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_decode_without_bom_or_fail_to_utf8_alloc(const uint8_t *src,
                                                               size_t src_len,
                                                               const wenc_allocator *allocator,
                                                               uint8_t **out, size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_without_bom_or_fail_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF8, true, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_decode_without_bom_or_fail_to_utf16_alloc(
    const uint8_t *src, size_t src_len, const wenc_allocator *allocator, uint16_t **out,
    size_t *out_len)
{
    wenc_decoder d;
    wenc_utf8_decode_without_bom_or_fail_init(&d);
    void *p = NULL;
    wenc_status st = oneshot_decode(&d, src, src_len, FORM_UTF16, true, allocator, out ? &p : NULL,
                                    out_len);
    if (out != NULL)
        *out = p;
    return st;
}

/* Runs a fresh encoder E (set up by the caller, STATUS the result of that)
** over the whole input. */
static wenc_status oneshot_encode(wenc_encoder *e, wenc_status status, const void *src,
                                  size_t src_len, int form, const wenc_allocator *allocator,
                                  void **out, size_t *out_len)
{
    if (!args_ok(src, src_len, out, out_len))
        return WENC_INVALID_ARGUMENT;
    if (status != WENC_OK)
        return status;
    return encode_alloc(e, src, &src_len, true, form, allocator, out, out_len);
}

wenc_status wenc_utf8_encode_from_utf8_alloc(const uint8_t *src, size_t src_len,
                                             const wenc_allocator *allocator, uint8_t **out,
                                             size_t *out_len)
{
    wenc_encoder e;
    wenc_status st = wenc_utf8_encode_init(&e);
    void *p = NULL;
    st = oneshot_encode(&e, st, src, src_len, FORM_UTF8, allocator, out ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_utf8_encode_from_utf16_alloc(const uint16_t *src, size_t src_len,
                                              const wenc_allocator *allocator, uint8_t **out,
                                              size_t *out_len)
{
    wenc_encoder e;
    wenc_status st = wenc_utf8_encode_init(&e);
    void *p = NULL;
    st = oneshot_encode(&e, st, src, src_len, FORM_UTF16, allocator, out ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

/* ------------------------------------------------------------------------
** Legacy hooks. */

/* "BOM sniff": 1. peek three bytes; 2. the first row of the table whose
** bytes start them gives the encoding, else null. */
const wenc_encoding *wenc_bom_sniff(const uint8_t *src, size_t src_len, size_t *bom_len)
{
    const wenc_encoding *found = NULL;
    size_t n = 0;
    if (src != NULL) {
        if (src_len >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF) {
            found = WENC_UTF_8;
            n = 3;
        } else if (src_len >= 2 && src[0] == 0xFE && src[1] == 0xFF) {
            found = WENC_UTF_16BE;
            n = 2;
        } else if (src_len >= 2 && src[0] == 0xFF && src[1] == 0xFE) {
            found = WENC_UTF_16LE;
            n = 2;
        }
    }
    if (bom_len != NULL)
        *bom_len = n;
    return found;
}

/* "decode": 1. BOM sniff; 2. if that found an encoding, use it and read the
** BOM; 3. process with the encoding's decoder, mode replacement.  The
** decoder's BOM sniffing does steps 1-2 across chunks. */
wenc_status wenc_decode_init(wenc_decoder *d, const wenc_encoding *fallback)
{
    return wenc_decoder_init(d, fallback, WENC_DECODER_REPLACEMENT | WENC_DECODER_BOM_SNIFF);
}

static wenc_status decode_oneshot(const uint8_t *src, size_t src_len,
                                  const wenc_encoding *fallback, int form,
                                  const wenc_allocator *allocator, void **out,
                                  size_t *out_len, const wenc_encoding **used)
{
    if (used != NULL)
        *used = NULL;
    if (!args_ok(src, src_len, out, out_len))
        return WENC_INVALID_ARGUMENT;
    wenc_decoder d;
    wenc_status st = wenc_decode_init(&d, fallback);
    if (st != WENC_OK)
        return st;
    st = oneshot_decode(&d, src, src_len, form, false, allocator, out, out_len);
    if (st == WENC_OK && used != NULL)
        *used = wenc_decoder_encoding(&d);
    return st;
}

wenc_status wenc_decode_to_utf8_alloc(const uint8_t *src, size_t src_len,
                                      const wenc_encoding *fallback,
                                      const wenc_allocator *allocator, uint8_t **out,
                                      size_t *out_len, const wenc_encoding **used)
{
    void *p = NULL;
    wenc_status st = decode_oneshot(src, src_len, fallback, FORM_UTF8, allocator,
                                    out ? &p : NULL, out_len, used);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_decode_to_utf16_alloc(const uint8_t *src, size_t src_len,
                                       const wenc_encoding *fallback,
                                       const wenc_allocator *allocator, uint16_t **out,
                                       size_t *out_len, const wenc_encoding **used)
{
    void *p = NULL;
    wenc_status st = decode_oneshot(src, src_len, fallback, FORM_UTF16, allocator,
                                    out ? &p : NULL, out_len, used);
    if (out != NULL)
        *out = p;
    return st;
}

/* "encode": 1. get an encoder; 2. process with it, mode html. */
wenc_status wenc_encode_init(wenc_encoder *e, const wenc_encoding *encoding)
{
    return wenc_encoder_init(e, encoding, WENC_ENCODER_HTML);
}

wenc_status wenc_encode_from_utf8_alloc(const uint8_t *src, size_t src_len,
                                        const wenc_encoding *encoding,
                                        const wenc_allocator *allocator, uint8_t **out,
                                        size_t *out_len)
{
    wenc_encoder e;
    wenc_status st = wenc_encode_init(&e, encoding);
    void *p = NULL;
    st = oneshot_encode(&e, st, src, src_len, FORM_UTF8, allocator, out ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

wenc_status wenc_encode_from_utf16_alloc(const uint16_t *src, size_t src_len,
                                         const wenc_encoding *encoding,
                                         const wenc_allocator *allocator, uint8_t **out,
                                         size_t *out_len)
{
    wenc_encoder e;
    wenc_status st = wenc_encode_init(&e, encoding);
    void *p = NULL;
    st = oneshot_encode(&e, st, src, src_len, FORM_UTF16, allocator, out ? &p : NULL, out_len);
    if (out != NULL)
        *out = p;
    return st;
}

/* "get an encoder": 1. assert the encoding has one (here: an error
** status); 2. a new instance.  The caller's error mode for "encode or fail"
** is fatal. */
wenc_status wenc_get_encoder(wenc_encoder *e, const wenc_encoding *encoding)
{
    return wenc_encoder_init(e, encoding, WENC_ENCODER_FATAL);
}

wenc_status wenc_get_decoder(wenc_decoder *d, const wenc_encoding *encoding,
                             unsigned error_mode)
{
    if (error_mode != WENC_DECODER_REPLACEMENT && error_mode != WENC_DECODER_FATAL)
        return WENC_INVALID_ARGUMENT;
    return wenc_decoder_init(d, encoding, error_mode);
}

/* "encode or fail": 1. process the queue (which ends with end-of-queue)
** with the encoder, mode fatal; 2. push end-of-queue to the output; 3. an
** error gives its code point; 4. else null.  LAST is the queue's
** end-of-queue; after an error it has not been processed, and the caller
** goes on with the same encoder. */
static void set_code_point(const wenc_encoder *e, wenc_status st, uint32_t *code_point)
{
    if (code_point != NULL)
        *code_point = st == WENC_UNMAPPABLE ? wenc_encoder_error_code_point(e) : 0;
}

wenc_status wenc_encode_or_fail_from_utf8(wenc_encoder *e, const uint8_t *src, size_t *src_len,
                                          uint8_t *dst, size_t *dst_len, uint32_t *code_point)
{
    wenc_status st = wenc_encoder_encode_from_utf8(e, src, src_len, dst, dst_len, true);
    set_code_point(e, st, code_point);
    return st;
}

wenc_status wenc_encode_or_fail_from_utf16(wenc_encoder *e, const uint16_t *src,
                                           size_t *src_len, uint8_t *dst, size_t *dst_len,
                                           uint32_t *code_point)
{
    wenc_status st = wenc_encoder_encode_from_utf16(e, src, src_len, dst, dst_len, true);
    set_code_point(e, st, code_point);
    return st;
}

wenc_status wenc_encode_or_fail_from_utf8_alloc(wenc_encoder *e, const uint8_t *src,
                                                size_t *src_len,
                                                const wenc_allocator *allocator,
                                                uint8_t **out, size_t *out_len,
                                                uint32_t *code_point)
{
    wenc_status st = wenc_encoder_encode_from_utf8_alloc(e, src, src_len, true, allocator, out,
                                                         out_len);
    set_code_point(e, st, code_point);
    return st;
}

wenc_status wenc_encode_or_fail_from_utf16_alloc(wenc_encoder *e, const uint16_t *src,
                                                 size_t *src_len,
                                                 const wenc_allocator *allocator,
                                                 uint8_t **out, size_t *out_len,
                                                 uint32_t *code_point)
{
    wenc_status st = wenc_encoder_encode_from_utf16_alloc(e, src, src_len, true, allocator,
                                                          out, out_len);
    set_code_point(e, st, code_point);
    return st;
}

/* "get an output encoding": 1. replacement and UTF-16BE/LE give UTF-8;
** 2. else the encoding itself. */
const wenc_encoding *wenc_get_output_encoding(const wenc_encoding *encoding)
{
    return wenc_encoding_output_encoding(encoding);
}
