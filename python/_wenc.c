/* _wenc.c -- the CPython extension module wenc._wenc: the wenc library's
** streaming decoders and encoders, TextDecoder, labels and sniffing, for the
** Python modules of python/wenc/ (the codecs, the webencodings drop-in).
**
** It uses only the public API (wenc.h, which tools/amalgamate writes from
** include/wenc at build time) and, where Python allows, the stable ABI
** (Py_LIMITED_API, set by python/meson.build).  Encodings cross into Python as
** their index in the standard's order (wenc_encoding_at()).
**
** Python's error handlers: in error mode "replace" a decoder runs in the
** standard's replacement mode, and an encoder given "xmlcharrefreplace" in
** its html mode.  Any other handler runs the C object in fatal mode; each
** stop becomes a UnicodeDecodeError / UnicodeEncodeError whose start and end
** are the standard's error offsets, raised for "strict" and otherwise given
** to the handler (PEP 293), whose replacement is appended and whose position
** says where to go on.
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wenc.h"

/* Conversions of at least this many input units run without the GIL, so
** that other threads go on meanwhile; below it, releasing costs more than
** the conversion. */
#define NOGIL_MIN ((size_t)1 << 16)

/* Bytes of earlier input a fatal incremental decoder keeps for its
** exceptions: an error may start in an earlier chunk (bytes the decoder
** holds), and the exception's object must hold them.  The longest
** malformed sequence of the standard is 4 bytes (gb18030); 16 leaves room. */
#define HISTORY 16

#define N_ENCODINGS WENC_ENCODING_COUNT

/* TypeError "WHAT must be EXPECTED, not 'TYPE'" (tp_name is not in the
** limited API: the type's name comes from PyType_GetName). */
static PyObject *type_error(const char *what, const char *expected, PyObject *obj)
{
#if !defined(Py_LIMITED_API) && PY_VERSION_HEX < 0x030B0000
    /* Before 3.11 (no PyType_GetName): a version-specific build. */
    PyObject *name = PyUnicode_FromString(Py_TYPE(obj)->tp_name);
#else
    PyObject *name = PyType_GetName(Py_TYPE(obj));
#endif
    if (!name)
        return NULL;
    PyErr_Format(PyExc_TypeError, "%s must be %s, not '%U'", what, expected, name);
    Py_DECREF(name);
    return NULL;
}

static int encoding_index(const wenc_encoding *e)
{
    for (int i = 0; i < N_ENCODINGS; i++)
        if (wenc_encoding_at((size_t)i) == e)
            return i;
    return -1;
}

static const wenc_encoding *encoding_arg(int index)
{
    if (index < 0 || index >= N_ENCODINGS) {
        PyErr_Format(PyExc_ValueError, "wenc: no encoding number %d", index);
        return NULL;
    }
    return wenc_encoding_at((size_t)index);
}

/* The name exceptions carry: the codec's, "whatwg-" and the lowercase name. */
static PyObject *codec_name(const wenc_encoding *e)
{
    return PyUnicode_FromFormat("whatwg-%s", wenc_encoding_lowercase_name(e));
}

/* Arguments of the per-call methods (METH_FASTCALL | METH_KEYWORDS: the
** codecs' functions are called once per string, and PyArg_Parse* costs as
** much as decoding 16 bytes): the NAMES[N] parameters, the first MIN of
** them required, into OUT (NULL for those not given). */
static int fast_args(const char *fn, PyObject *const *args, Py_ssize_t nargs,
                     PyObject *kwnames, const char *const *names, int n, int min,
                     PyObject **out)
{
    for (int i = 0; i < n; i++)
        out[i] = NULL;
    if (nargs > n) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", fn, n,
                     nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        out[i] = args[i];
    Py_ssize_t nk = kwnames ? PyTuple_Size(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nk; k++) {
        PyObject *key = PyTuple_GetItem(kwnames, k);
        int i = 0;
        while (i < n && PyUnicode_CompareWithASCIIString(key, names[i]) != 0)
            i++;
        if (i == n) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument %R", fn,
                         key);
            return -1;
        }
        if (out[i]) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn,
                         names[i]);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    for (int i = 0; i < min; i++)
        if (!out[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn, names[i]);
            return -1;
        }
    return 0;
}

/* An object whose call is running (perhaps without the GIL, in another
** thread) refuses a second one rather than share its state: -1 with the
** exception set, else 0.  WHAT names the object in the message. */
static int refuse_if_busy(int busy, const char *what)
{
    if (!busy)
        return 0;
    PyErr_Format(PyExc_RuntimeError, "wenc: this %s is in use by another thread", what);
    return -1;
}

/* A flag argument: absent is DEFAULT. */
static int flag_arg(PyObject *o, int def)
{
    return o ? PyObject_IsTrue(o) : def;
}

/* ---------------------------------------------------------------------------
** Input and output buffers.
*/

/* Gets a contiguous buffer of OBJ for reading; a clear TypeError for what
** is not bytes-like (a str above all: decoding needs bytes). */
static int get_bytes(PyObject *obj, Py_buffer *view, const char *what)
{
    if (PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "%s must be a bytes-like object (bytes, bytearray, memoryview), "
                     "not 'str' (encode text, decode bytes)",
                     what);
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        type_error(what, "a bytes-like object (bytes, bytearray, memoryview)", obj);
        return -1;
    }
    return PyObject_GetBuffer(obj, view, PyBUF_SIMPLE);
}

/* A growing output buffer; the first 512 bytes are on the stack. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
    uint8_t small[512];
} outbuf;

static void out_init(outbuf *o)
{
    o->p = o->small;
    o->len = 0;
    o->cap = sizeof o->small;
}

static void out_free(outbuf *o)
{
    if (o->p != o->small)
        free(o->p);
    o->p = o->small;
}

/* Room for MORE bytes after what is there. */
static int out_reserve(outbuf *o, size_t more)
{
    if (o->cap - o->len >= more)
        return 0;
    if (more > SIZE_MAX - o->len || more == SIZE_MAX) {
        PyErr_NoMemory();
        return -1;
    }
    size_t want = o->len + more;
    size_t cap = o->cap * 2 > want ? o->cap * 2 : want;
    uint8_t *p;
    if (o->p == o->small) {
        p = malloc(cap);
        if (p)
            memcpy(p, o->small, o->len);
    } else {
        p = realloc(o->p, cap);
    }
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    o->p = p;
    o->cap = cap;
    return 0;
}

static int out_append(outbuf *o, const void *src, size_t n)
{
    if (out_reserve(o, n) < 0)
        return -1;
    memcpy(o->p + o->len, src, n);
    o->len += n;
    return 0;
}

/* ---------------------------------------------------------------------------
** Error handlers (PEP 293).
*/

typedef enum { ERR_STRICT, ERR_REPLACE, ERR_XMLCHARREF, ERR_OTHER } err_kind;

static int errors_kind(PyObject *errors, err_kind *kind)
{
    if (errors == NULL || errors == Py_None) {
        *kind = ERR_STRICT;
        return 0;
    }
    if (!PyUnicode_Check(errors)) {
        type_error("errors", "a str", errors);
        return -1;
    }
    if (PyUnicode_CompareWithASCIIString(errors, "strict") == 0)
        *kind = ERR_STRICT;
    else if (PyUnicode_CompareWithASCIIString(errors, "replace") == 0)
        *kind = ERR_REPLACE;
    else if (PyUnicode_CompareWithASCIIString(errors, "xmlcharrefreplace") == 0)
        *kind = ERR_XMLCHARREF;
    else
        *kind = ERR_OTHER;
    return 0;
}

/* Calls the handler named ERRORS with EXC; returns its replacement (a new
** reference: str, or bytes when ALLOW_BYTES) and stores its position,
** made absolute against LENGTH and checked, in *NEWPOS. */
static PyObject *call_handler(PyObject *errors, PyObject *exc, Py_ssize_t length,
                              int allow_bytes, Py_ssize_t *newpos)
{
    const char *name = PyUnicode_AsUTF8AndSize(errors, NULL);
    if (!name)
        return NULL;
    PyObject *handler = PyCodec_LookupError(name);
    if (!handler)
        return NULL;
    PyObject *res = PyObject_CallFunctionObjArgs(handler, exc, NULL);
    Py_DECREF(handler);
    if (!res)
        return NULL;
    PyObject *rep, *pos;
    if (!PyTuple_Check(res) || PyTuple_Size(res) != 2 ||
        (rep = PyTuple_GetItem(res, 0), pos = PyTuple_GetItem(res, 1),
         !(PyUnicode_Check(rep) || (allow_bytes && PyBytes_Check(rep))) ||
             !PyLong_Check(pos))) {
        Py_DECREF(res);
        PyErr_Format(PyExc_TypeError,
                     "error handler '%s' must return a (%s, int) tuple", name,
                     allow_bytes ? "str/bytes" : "str");
        return NULL;
    }
    Py_ssize_t p = PyLong_AsSsize_t(pos);
    if (p == -1 && PyErr_Occurred()) {
        Py_DECREF(res);
        return NULL;
    }
    if (p < 0)
        p += length;
    if (p < 0 || p > length) {
        Py_DECREF(res);
        PyErr_Format(PyExc_IndexError, "position %zd from error handler out of bounds",
                     p);
        return NULL;
    }
    *newpos = p;
    Py_INCREF(rep);
    Py_DECREF(res);
    return rep;
}

/* ---------------------------------------------------------------------------
** Decoding.  The C decoder writes UTF-16 in host order.
*/

#define NATIVE_UTF16 (native_order() < 0 ? "utf-16-le" : "utf-16-be")

/* PyUnicode_DecodeUTF16's byte order for host order: -1 little, 1 big. */
static int native_order(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one ? -1 : 1;
}

typedef struct {
    wenc_decoder *d;
    err_kind kind;
    PyObject *errors;
    /* Incremental decoders: the last bytes of the earlier input (HISTORY). */
    uint8_t *hist;
    size_t *hist_len;
    /* Streaming decoders run the C decoder in fatal mode whatever the
    ** errors (so that .errors can change between calls and getstate() can
    ** find the bytes pending); "replace" then writes U+FFFD here and counts
    ** as the C replacement mode would (wenc/decoder.h: the count is the
    ** fatal decoder's WENC_MALFORMED stops, the offset its error offset). */
    uint64_t *count, *first;
} dec_ctx;

/* Decodes the LEN bytes at SRC (INPUT is their object, for exceptions)
** with C's decoder; FINAL ends the stream.  Returns the text, or NULL with
** an exception. */
static PyObject *decode_core(dec_ctx *c, PyObject *input, const uint8_t *src, size_t len,
                             int final)
{
    wenc_decoder *d = c->d;
    outbuf o;
    out_init(&o);
    PyObject *work_obj = NULL;  /* bytes that the exceptions hold          */
    PyObject *result = NULL;
    const uint8_t *work = src;  /* what is decoded: SRC, or history + SRC */
    size_t wlen = len, pos = 0;
    /* Stream offset of work[0]: error offsets minus this are indexes of
    ** work.  int64: after a handler moves back, work[0] can be "before" the
    ** stream's start. */
    int64_t base = (int64_t)wenc_decoder_position(d);
    int surrogates = 0; /* a handler's replacement went in */

    for (;;) {
        size_t need = wenc_decoder_max_utf16_length(d, wlen - pos);
        if (need > SIZE_MAX / 2 - 32 || out_reserve(&o, need < 32 ? 64 : 2 * need) < 0) {
            if (!PyErr_Occurred())
                PyErr_NoMemory();
            goto done;
        }
        size_t n = wlen - pos, m = (o.cap - o.len) / 2;
        uint16_t *dst = (uint16_t *)(void *)(o.p + o.len);
        wenc_status st;
        if (n >= NOGIL_MIN) {
            Py_BEGIN_ALLOW_THREADS
            st = wenc_decoder_decode_to_utf16(d, work + pos, &n, dst, &m, final);
            Py_END_ALLOW_THREADS
        } else {
            st = wenc_decoder_decode_to_utf16(d, work + pos, &n, dst, &m, final);
        }
        pos += n;
        o.len += 2 * m;
        if (st == WENC_INPUT_EMPTY)
            break;
        if (st == WENC_OUTPUT_FULL)
            continue;
        if (st != WENC_MALFORMED) {
            PyErr_Format(PyExc_SystemError, "wenc decoder: %s", wenc_status_message(st));
            goto done;
        }
        if (c->kind == ERR_REPLACE && c->count) {
            if ((*c->count)++ == 0)
                *c->first = wenc_decoder_error_offset(d);
            const uint16_t fffd = 0xFFFD;
            if (out_append(&o, &fffd, 2) < 0)
                goto done;
            continue;
        }
        int64_t start = (int64_t)wenc_decoder_error_offset(d) - base;
        int64_t end = start + (int64_t)wenc_decoder_error_length(d);
        if (start < 0 && work == src && c->hist) {
            /* The error began in an earlier chunk: the exception's object
            ** is the history's bytes from there, then this chunk. */
            size_t k = (size_t)-start;
            if (k > *c->hist_len)
                k = *c->hist_len;
            work_obj = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(k + len));
            if (!work_obj)
                goto done;
            uint8_t *w = (uint8_t *)PyBytes_AsString(work_obj);
            memcpy(w, c->hist + *c->hist_len - k, k);
            if (len)
                memcpy(w + k, src, len);
            work = w;
            wlen += k;
            pos += k;
            base -= (int64_t)k;
            start += (int64_t)k;
            end += (int64_t)k;
        }
        if (start < 0)
            start = 0;
        if (!work_obj) {
            if (input && PyBytes_CheckExact(input)) {
                work_obj = input;
                Py_INCREF(work_obj);
            } else {
                work_obj = PyBytes_FromStringAndSize((const char *)work, (Py_ssize_t)wlen);
                if (!work_obj)
                    goto done;
            }
        }
        const wenc_encoding *enc = wenc_decoder_encoding(d);
        PyObject *name = codec_name(enc);
        if (!name)
            goto done;
        PyObject *exc = PyObject_CallFunction(
            PyExc_UnicodeDecodeError, "OOnns", name, work_obj, (Py_ssize_t)start,
            (Py_ssize_t)end, "malformed input for the Encoding Standard's decoder");
        Py_DECREF(name);
        if (!exc)
            goto done;
        if (c->kind == ERR_STRICT) {
            PyErr_SetObject(PyExc_UnicodeDecodeError, exc);
            Py_DECREF(exc);
            goto done;
        }
        Py_ssize_t newpos;
        PyObject *rep = call_handler(c->errors, exc, (Py_ssize_t)wlen, 0, &newpos);
        Py_DECREF(exc);
        if (!rep)
            goto done;
        /* The replacement in UTF-16 too; lone surrogates (surrogateescape)
        ** pass, and are read back so. */
        PyObject *tmp = PyUnicode_AsEncodedString(rep, NATIVE_UTF16, "surrogatepass");
        Py_DECREF(rep);
        if (!tmp)
            goto done;
        int bad = out_append(&o, PyBytes_AsString(tmp), (size_t)PyBytes_Size(tmp));
        Py_DECREF(tmp);
        surrogates = 1;
        if (bad)
            goto done;
        if ((int64_t)newpos != end) {
            /* The handler moves elsewhere: a new decoder from there. */
            wenc_decoder_reset(d);
            base = -(int64_t)newpos;
            pos = (size_t)newpos;
        }
    }
    /* UTF-16 rather than UTF-8 between the two: CPython builds a str from
    ** UTF-16 several times faster (python/bench.py). */
    int order = native_order();
    result = PyUnicode_DecodeUTF16((const char *)o.p, (Py_ssize_t)o.len,
                                   surrogates ? "surrogatepass" : NULL, &order);
    if (result && c->hist) {
        /* Keep the last bytes for the next call's exceptions. */
        size_t keep = wlen < HISTORY ? wlen : HISTORY;
        size_t old = *c->hist_len;
        if (keep < HISTORY && old) {
            size_t from_old = HISTORY - keep < old ? HISTORY - keep : old;
            memmove(c->hist, c->hist + old - from_old, from_old);
            memcpy(c->hist + from_old, work + wlen - keep, keep);
            *c->hist_len = from_old + keep;
        } else {
            if (keep)
                memcpy(c->hist, work + wlen - keep, keep);
            *c->hist_len = keep;
        }
    }
done:
    Py_XDECREF(work_obj);
    out_free(&o);
    return result;
}

static int decoder_setup(wenc_decoder *d, const wenc_encoding *enc, err_kind kind,
                         unsigned bom)
{
    unsigned flags = (kind == ERR_REPLACE ? WENC_DECODER_REPLACEMENT : WENC_DECODER_FATAL) | bom;
    wenc_status st = wenc_decoder_init(d, enc, flags);
    if (st != WENC_OK) {
        PyErr_Format(st == WENC_NOT_BUILT_IN ? PyExc_LookupError : PyExc_ValueError,
                     "wenc: %s: %s", wenc_encoding_name(enc), wenc_status_message(st));
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------
** Encoding.
*/

/* Number of code points in the N bytes of UTF-8 at P. */
static size_t utf8_count(const uint8_t *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += (p[i] & 0xC0) != 0x80;
    return c;
}

/* Encodes the text S with E; FINAL ends the stream.  Returns bytes, or NULL
** with an exception. */
static PyObject *encode_core(wenc_encoder *e, err_kind kind, PyObject *errors, PyObject *s,
                             int final)
{
    if (!PyUnicode_Check(s)) {
        return type_error("wenc encode(): the input", "a str (encode text, decode bytes)", s);
    }
    Py_ssize_t nchars = PyUnicode_GetLength(s);
    if (nchars < 0)
        return NULL;
    Py_ssize_t blen = 0;
    const uint8_t *u8 = (const uint8_t *)PyUnicode_AsUTF8AndSize(s, &blen);
    Py_UCS4 *u32 = NULL;
    if (!u8) {
        /* Lone surrogates have no UTF-8 form: take the code points. */
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
            return NULL;
        PyErr_Clear();
        u32 = PyUnicode_AsUCS4Copy(s);
        if (!u32)
            return NULL;
    }
    /* The standard's UTF-8 encoder writes a string of scalar values as
    ** UTF-8: exactly the form Python keeps (and caches) of a str without
    ** lone surrogates.  No state carries over: whole code points come in. */
    if (u8 && wenc_encoder_encoding(e) == WENC_UTF_8)
        return PyBytes_FromStringAndSize((const char *)u8, blen);
    /* Units are UTF-8 bytes or (u32) code points. */
    size_t nunits = u32 ? (size_t)nchars : (size_t)blen;
    outbuf o;
    out_init(&o);
    PyObject *result = NULL;
    size_t pos = 0;           /* unit index of the next input          */
    size_t known_u = 0, known_c = 0; /* a unit index and its char index */

    for (;;) {
        /* With code points, a lone surrogate is an error, as in Python's
        ** own codecs: the standard's encoders take scalar values. */
        size_t seg = nunits;
        if (u32)
            for (seg = pos; seg < nunits && (u32[seg] & 0xFFFFF800u) != 0xD800u; seg++)
                ;
        int last = final && seg == nunits;
        size_t n = seg - pos;
        size_t need = u32 ? wenc_encoder_max_length_from_utf32(e, n)
                          : wenc_encoder_max_length_from_utf8(e, n);
        if (out_reserve(&o, need < 64 ? 64 : need) < 0)
            goto done;
        uint64_t base = wenc_encoder_position(e) - pos;
        size_t m = o.cap - o.len;
        wenc_status st;
        if (n >= NOGIL_MIN) {
            Py_BEGIN_ALLOW_THREADS
            st = u32 ? wenc_encoder_encode_from_utf32(e, u32 + pos, &n, o.p + o.len, &m, last)
                     : wenc_encoder_encode_from_utf8(e, u8 + pos, &n, o.p + o.len, &m, last);
            Py_END_ALLOW_THREADS
        } else {
            st = u32 ? wenc_encoder_encode_from_utf32(e, u32 + pos, &n, o.p + o.len, &m, last)
                     : wenc_encoder_encode_from_utf8(e, u8 + pos, &n, o.p + o.len, &m, last);
        }
        pos += n;
        o.len += m;
        if (st == WENC_OUTPUT_FULL)
            continue;
        size_t err_u;
        if (st == WENC_INPUT_EMPTY) {
            if (seg == nunits)
                break;
            err_u = pos; /* the surrogate */
        } else if (st == WENC_UNMAPPABLE) {
            err_u = (size_t)(wenc_encoder_error_offset(e) - base);
        } else {
            PyErr_Format(PyExc_SystemError, "wenc encoder: %s", wenc_status_message(st));
            goto done;
        }
        /* The error's character index. */
        size_t err_c;
        if (u32) {
            err_c = err_u;
        } else {
            if (err_u < known_u)
                known_u = known_c = 0;
            err_c = known_c + utf8_count(u8 + known_u, err_u - known_u);
            known_u = err_u;
            known_c = err_c;
        }
        PyObject *name = codec_name(wenc_encoder_encoding(e));
        if (!name)
            goto done;
        PyObject *exc = PyObject_CallFunction(
            PyExc_UnicodeEncodeError, "OOnns", name, s, (Py_ssize_t)err_c,
            (Py_ssize_t)err_c + 1,
            st == WENC_UNMAPPABLE ? "the Encoding Standard's encoder cannot encode it"
                                  : "surrogates not allowed");
        Py_DECREF(name);
        if (!exc)
            goto done;
        if (kind == ERR_STRICT) {
            PyErr_SetObject(PyExc_UnicodeEncodeError, exc);
            Py_DECREF(exc);
            goto done;
        }
        Py_ssize_t newpos;
        PyObject *rep = call_handler(errors, exc, nchars, 1, &newpos);
        if (!rep) {
            Py_DECREF(exc);
            goto done;
        }
        if (PyBytes_Check(rep)) {
            int bad = out_append(&o, PyBytes_AsString(rep), (size_t)PyBytes_Size(rep));
            Py_DECREF(rep);
            if (bad) {
                Py_DECREF(exc);
                goto done;
            }
        } else {
            /* A str replacement is encoded by the same encoder; what it
            ** cannot encode fails as the original error. */
            Py_ssize_t rn;
            const uint8_t *r = (const uint8_t *)PyUnicode_AsUTF8AndSize(rep, &rn);
            int bad = 0;
            if (!r) {
                PyErr_Clear();
                bad = 1;
            }
            while (!bad && rn > 0) {
                size_t rsz = (size_t)rn, rm;
                if (out_reserve(&o, wenc_encoder_max_length_from_utf8(e, rsz)) < 0) {
                    Py_DECREF(rep);
                    Py_DECREF(exc);
                    goto done;
                }
                rm = o.cap - o.len;
                wenc_status rs =
                    wenc_encoder_encode_from_utf8(e, r, &rsz, o.p + o.len, &rm, false);
                o.len += rm;
                r += rsz;
                rn -= (Py_ssize_t)rsz;
                if (rs == WENC_UNMAPPABLE || rs == WENC_INVALID_ARGUMENT)
                    bad = 1;
            }
            Py_DECREF(rep);
            if (bad) {
                PyErr_SetObject(PyExc_UnicodeEncodeError, exc);
                Py_DECREF(exc);
                goto done;
            }
        }
        Py_DECREF(exc);
        /* Go on at the handler's position. */
        if (u32) {
            pos = (size_t)newpos;
        } else {
            if ((size_t)newpos < known_c)
                known_u = known_c = 0;
            while (known_c < (size_t)newpos) {
                known_u++;
                while (known_u < nunits && (u8[known_u] & 0xC0) == 0x80)
                    known_u++;
                known_c++;
            }
            pos = known_u;
        }
        if (pos == nunits && !final)
            break;
    }
    result = PyBytes_FromStringAndSize((const char *)o.p, (Py_ssize_t)o.len);
done:
    out_free(&o);
    if (u32)
        PyMem_Free(u32);
    return result;
}

static int encoder_setup(wenc_encoder *e, const wenc_encoding *enc, err_kind kind)
{
    wenc_status st =
        wenc_encoder_init(e, enc, kind == ERR_XMLCHARREF ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL);
    if (st != WENC_OK) {
        PyErr_Format(st == WENC_NOT_BUILT_IN ? PyExc_LookupError : PyExc_ValueError,
                     "wenc: %s: %s", wenc_encoding_name(enc), wenc_status_message(st));
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------
** Codec: the stateless functions of one encoding's CodecInfo, as bound
** methods of a small object (a C call per use, nothing in Python between).
*/

typedef struct {
    PyObject_HEAD
    const wenc_encoding *enc;
    const wenc_encoding *enc_out; /* what encode() uses (see codec_new) */
} CodecObject;

static PyObject *codec_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    int index;
    static char *kwlist[] = {"index", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i", kwlist, &index))
        return NULL;
    const wenc_encoding *enc = encoding_arg(index);
    if (!enc)
        return NULL;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    CodecObject *self = (CodecObject *)alloc(type, 0);
    if (!self)
        return NULL;
    self->enc = enc;
    /* Replacement has no encoder: its output encoding, UTF-8.  (UTF-16BE
    ** and UTF-16LE have none either; python/wenc/__init__.py encodes them
    ** as UTF-16, which is what the names say.) */
    self->enc_out = wenc_encoding_has_encoder(enc) ? enc : wenc_encoding_output_encoding(enc);
    return (PyObject *)self;
}

static void generic_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    f(self);
    Py_DECREF(tp);
}

static PyObject *codec_decode(CodecObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"input", "errors"};
    PyObject *a[2];
    if (fast_args("decode", args, nargs, kwnames, names, 2, 1, a) < 0)
        return NULL;
    PyObject *input = a[0], *errors = a[1];
    err_kind kind;
    if (errors_kind(errors, &kind) < 0)
        return NULL;
    Py_buffer view;
    if (get_bytes(input, &view, "wenc decode(): the input") < 0)
        return NULL;
    wenc_decoder d;
    PyObject *text = NULL;
    if (self->enc == WENC_UTF_8 && wenc_utf8_is_valid(view.buf, (size_t)view.len)) {
        /* Valid UTF-8 decodes the same by the standard and by CPython
        ** (which then reads the bytes once). */
        text = PyUnicode_DecodeUTF8(view.buf, view.len, NULL);
    } else if (decoder_setup(&d, self->enc, kind, WENC_DECODER_BOM_NONE) == 0) {
        dec_ctx c = {&d, kind, errors, NULL, NULL, NULL, NULL};
        text = decode_core(&c, input, view.buf, (size_t)view.len, 1);
    }
    Py_ssize_t n = view.len;
    PyBuffer_Release(&view);
    if (!text)
        return NULL;
    return Py_BuildValue("(Nn)", text, n);
}

static PyObject *codec_encode(CodecObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"input", "errors"};
    PyObject *a[2];
    if (fast_args("encode", args, nargs, kwnames, names, 2, 1, a) < 0)
        return NULL;
    PyObject *input = a[0], *errors = a[1];
    err_kind kind;
    if (errors_kind(errors, &kind) < 0)
        return NULL;
    wenc_encoder e;
    if (encoder_setup(&e, self->enc_out, kind) < 0)
        return NULL;
    PyObject *b = encode_core(&e, kind, errors, input, 1);
    if (!b)
        return NULL;
    return Py_BuildValue("(Nn)", b, PyUnicode_GetLength(input));
}

static PyMethodDef codec_methods[] = {
    {"decode", (PyCFunction)(void (*)(void))codec_decode, METH_FASTCALL | METH_KEYWORDS,
     "decode(input, errors='strict') -> (str, consumed): the whole input."},
    {"encode", (PyCFunction)(void (*)(void))codec_encode, METH_FASTCALL | METH_KEYWORDS,
     "encode(input, errors='strict') -> (bytes, consumed): the whole input."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot codec_slots[] = {
    {Py_tp_new, codec_new},
    {Py_tp_dealloc, generic_dealloc},
    {Py_tp_methods, codec_methods},
    {Py_tp_doc, "Codec(index): the stateless codec functions of one encoding."},
    {0, NULL}};

static PyType_Spec codec_spec = {"wenc._wenc.Codec", sizeof(CodecObject), 0,
                                 Py_TPFLAGS_DEFAULT, codec_slots};

/* ---------------------------------------------------------------------------
** Decoder: a streaming decoder (the incremental decoder and stream reader).
*/

typedef struct {
    PyObject_HEAD
    wenc_decoder d;
    err_kind kind;
    PyObject *errors;
    int busy; /* a call runs (perhaps without the GIL): refuse another */
    int bom;
    uint64_t count, first; /* errors replaced ("replace"), the first's offset */
    size_t hist_len;
    uint8_t hist[HISTORY];
} DecoderObject;

static PyObject *decoder_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"index", "errors", "bom", NULL};
    int index, bom = 0;
    PyObject *errors = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|Oi", kwlist, &index, &errors, &bom))
        return NULL;
    const wenc_encoding *enc = encoding_arg(index);
    if (!enc)
        return NULL;
    err_kind kind;
    if (errors_kind(errors, &kind) < 0)
        return NULL;
    if (bom != 0 && bom != WENC_DECODER_BOM_SNIFF && bom != WENC_DECODER_BOM_STRIP) {
        PyErr_SetString(PyExc_ValueError, "bom must be 0, BOM_SNIFF or BOM_STRIP");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    DecoderObject *self = (DecoderObject *)alloc(type, 0);
    if (!self)
        return NULL;
    if (decoder_setup(&self->d, enc, ERR_STRICT, (unsigned)bom) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->bom = bom;
    self->kind = kind;
    self->errors = errors ? errors : PyUnicode_FromString("strict");
    if (errors)
        Py_INCREF(errors);
    return (PyObject *)self;
}

static void decoder_dealloc(DecoderObject *self)
{
    Py_XDECREF(self->errors);
    generic_dealloc((PyObject *)self);
}

static PyObject *decoder_decode(DecoderObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"input", "final"};
    PyObject *a[2];
    if (fast_args("decode", args, nargs, kwnames, names, 2, 1, a) < 0)
        return NULL;
    PyObject *input = a[0];
    int final = flag_arg(a[1], 0);
    if (final < 0)
        return NULL;
    if (refuse_if_busy(self->busy, "decoder") < 0)
        return NULL;
    Py_buffer view;
    if (get_bytes(input, &view, "wenc decode(): the input") < 0)
        return NULL;
    self->busy = 1;
    dec_ctx c = {&self->d, self->kind, self->errors, self->hist, &self->hist_len,
                 &self->count, &self->first};
    PyObject *text = decode_core(&c, input, view.buf, (size_t)view.len, final);
    if (final)
        self->hist_len = 0;
    self->busy = 0;
    PyBuffer_Release(&view);
    return text;
}

static PyObject *decoder_reset(DecoderObject *self, PyObject *unused)
{
    (void)unused;
    if (refuse_if_busy(self->busy, "decoder") < 0)
        return NULL;
    wenc_decoder_reset(&self->d);
    self->hist_len = 0;
    self->count = self->first = 0;
    Py_RETURN_NONE;
}

static PyObject *decoder_get_encoding(DecoderObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromLong(encoding_index(wenc_decoder_encoding(&self->d)));
}

static PyObject *decoder_get_position(DecoderObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(wenc_decoder_position(&self->d));
}

static PyObject *decoder_get_count(DecoderObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(self->count);
}

static PyObject *decoder_get_first(DecoderObject *self, void *unused)
{
    (void)unused;
    if (self->count == 0)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(self->first);
}

static PyObject *decoder_get_errors(DecoderObject *self, void *unused)
{
    (void)unused;
    Py_INCREF(self->errors);
    return self->errors;
}

/* Setting errors takes effect from the next call, as with CPython's
** incremental codecs: the C decoder is in fatal mode whatever it is. */
static int decoder_set_errors(DecoderObject *self, PyObject *value, void *unused)
{
    (void)unused;
    err_kind kind;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "errors cannot be deleted");
        return -1;
    }
    if (value == Py_None || errors_kind(value, &kind) < 0) {
        if (value == Py_None)
            type_error("errors", "a str", value);
        return -1;
    }
    if (refuse_if_busy(self->busy, "decoder") < 0)
        return -1;
    PyObject *old = self->errors;
    Py_INCREF(value);
    self->errors = value;
    Py_XDECREF(old);
    self->kind = kind;
    return 0;
}

/* getstate() -> (pending bytes, flag), for io.TextIOWrapper's tell() and
** seek(): setstate() of it on a new decoder, then the same input, gives the
** same output.  The pending bytes are found with the public API: a copy of
** the decoder (wenc/decoder.h: a decoder may be copied with memcpy) is
** flushed; in fatal mode an incomplete sequence at the end is an error
** whose offset is where it began.  The flag is 0 but for the two decoders
** whose state is more than bytes pending (the standard's 14.2.1
** replacement decoder: "replacement error returned"; 12.2.1 ISO-2022-JP:
** the decoder state and output flag), found by decoding probes on copies:
**   replacement: 1 once the error is returned;
**   ISO-2022-JP: 1 + (mode: 0 ASCII, 1 Roman, 2 katakana, 3 jis0208 lead)
**                + 4 * output flag, the mode before the bytes pending
**                (0 for ASCII without the flag, the initial state);
**   STATE_LOST: inside an escape sequence, whose state before is not
**                found so; setstate() refuses it (ValueError) rather than
**                resume wrongly. */
#define STATE_LOST 0x100

/* Decodes LEN bytes of SRC with D (not last), output discarded; returns
** the WENC_MALFORMED stops, the code points written in *OUT (up to 4). */
static int probe(wenc_decoder *d, const char *src, size_t len, uint16_t out[4], size_t *out_n)
{
    int errors = 0;
    uint16_t buf[16];
    *out_n = 0;
    while (len) {
        size_t n = len, m = 16;
        wenc_status st = wenc_decoder_decode_to_utf16(d, (const uint8_t *)src, &n, buf, &m, 0);
        for (size_t i = 0; i < m && *out_n < 4; i++)
            out[(*out_n)++] = buf[i];
        src += n;
        len -= n;
        if (st == WENC_MALFORMED)
            errors++;
        else if (st != WENC_OUTPUT_FULL && st != WENC_INPUT_EMPTY)
            return -1;
    }
    return errors;
}

static PyObject *decoder_getstate(DecoderObject *self, PyObject *unused)
{
    (void)unused;
    if (refuse_if_busy(self->busy, "decoder") < 0)
        return NULL;
    if (self->bom) {
        PyErr_SetString(PyExc_ValueError, "getstate(): not for a decoder that handles a BOM");
        return NULL;
    }
    const wenc_encoding *enc = wenc_decoder_encoding(&self->d);
    wenc_decoder c;
    memcpy(&c, &self->d, sizeof c);
    uint16_t buf[16];
    size_t n = 0, m = 16;
    wenc_status st = wenc_decoder_decode_to_utf16(&c, NULL, &n, buf, &m, 1);
    uint64_t pending = 0;
    if (st == WENC_MALFORMED)
        pending = wenc_decoder_position(&self->d) - wenc_decoder_error_offset(&c);
    else if (st != WENC_INPUT_EMPTY || m != 0)
        return PyErr_Format(PyExc_SystemError, "wenc getstate(): flush gave %s",
                            wenc_status_message(st));
    if (pending > self->hist_len)
        return PyErr_Format(PyExc_SystemError, "wenc getstate(): %llu bytes pending",
                            (unsigned long long)pending);
    long flag = 0;
    if (enc == WENC_REPLACEMENT) {
        flag = wenc_decoder_position(&self->d) > 0;
    } else if (enc == WENC_ISO_2022_JP) {
        const uint8_t *p = self->hist + self->hist_len - pending;
        uint16_t out[4];
        size_t k;
        int mode = -1, outflag = -1;
        if (pending == 0) {
            memcpy(&c, &self->d, sizeof c);
            if (probe(&c, "\x5c", 1, out, &k) == 0)
                mode = k == 0 ? 3 : out[0] == 0x5C ? 0 : out[0] == 0xA5 ? 1 : 2;
            memcpy(&c, &self->d, sizeof c);
            outflag = probe(&c, "\x1b(B", 3, out, &k);
        } else if (pending == 1 && p[0] != 0x1B) {
            /* A lead byte: the trailing ESC is an error, then ESC ( B one
            ** more if the output flag is set. */
            mode = 3;
            memcpy(&c, &self->d, sizeof c);
            outflag = probe(&c, "\x1b(B", 3, out, &k) - 1;
        }
        if (mode < 0 || outflag < 0 || outflag > 1)
            flag = STATE_LOST;
        else if (mode || outflag) /* ASCII, flag unset: the initial state, 0 */
            flag = 1 + mode + 4 * outflag;
    }
    return Py_BuildValue("(y#l)", (const char *)self->hist + self->hist_len - pending,
                         (Py_ssize_t)pending, flag);
}

static PyObject *decoder_setstate(DecoderObject *self, PyObject *state)
{
    const char *bytes;
    Py_ssize_t len;
    long flag;
    if (!PyTuple_Check(state) || !PyArg_ParseTuple(state, "y#l", &bytes, &len, &flag)) {
        PyErr_Clear();
        return type_error("setstate()", "a (bytes, int) tuple from getstate()", state);
    }
    if (refuse_if_busy(self->busy, "decoder") < 0)
        return NULL;
    if (self->bom) {
        PyErr_SetString(PyExc_ValueError, "setstate(): not for a decoder that handles a BOM");
        return NULL;
    }
    const wenc_encoding *enc = wenc_decoder_encoding(&self->d);
    if (flag == STATE_LOST) {
        PyErr_SetString(PyExc_ValueError,
                        "setstate(): the state inside an ISO-2022-JP escape sequence "
                        "cannot be restored (seek to a point between characters)");
        return NULL;
    }
    static const char *const iso[] = {"\x1b(B", "\x1b(J", "\x1b(I", "\x1b$B"};
    static const char *const iso_char[] = {"A", "A", "!", "!!"};
    int ok = flag == 0 || (enc == WENC_REPLACEMENT && flag == 1) ||
             (enc == WENC_ISO_2022_JP && flag >= 1 && flag <= 8);
    if (!ok || len > 4) {
        PyErr_SetString(PyExc_ValueError, "setstate(): not a state of this decoder's getstate()");
        return NULL;
    }
    wenc_decoder_reset(&self->d);
    self->hist_len = 0;
    self->count = self->first = 0;
    uint16_t out[4];
    size_t k;
    int bad = 0;
    if (enc == WENC_REPLACEMENT && flag == 1) {
        bad = probe(&self->d, "", 1, out, &k) != 1;
    } else if (enc == WENC_ISO_2022_JP && flag) {
        int mode = (int)(flag - 1) & 3, outflag = (int)(flag - 1) >> 2;
        bad = probe(&self->d, iso[mode], 3, out, &k) != 0;
        if (!bad && !outflag)
            bad = probe(&self->d, iso_char[mode], mode == 3 ? 2 : 1, out, &k) != 0;
    }
    if (!bad && len)
        bad = probe(&self->d, bytes, (size_t)len, out, &k) != 0 || k != 0;
    if (bad) {
        wenc_decoder_reset(&self->d);
        PyErr_SetString(PyExc_ValueError, "setstate(): not a state of this decoder's getstate()");
        return NULL;
    }
    memcpy(self->hist, bytes, (size_t)len);
    self->hist_len = (size_t)len;
    Py_RETURN_NONE;
}

static PyMethodDef decoder_methods[] = {
    {"decode", (PyCFunction)(void (*)(void))decoder_decode, METH_FASTCALL | METH_KEYWORDS,
     "decode(input, final=False) -> str"},
    {"reset", (PyCFunction)decoder_reset, METH_NOARGS, "Back to the start of a stream."},
    {"getstate", (PyCFunction)decoder_getstate, METH_NOARGS,
     "getstate() -> (bytes pending, flag), for io.TextIOWrapper.tell()"},
    {"setstate", (PyCFunction)decoder_setstate, METH_O,
     "setstate(state): a state from getstate(), as at the start of a stream"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef decoder_getset[] = {
    {"errors", (getter)decoder_get_errors, (setter)decoder_set_errors,
     "the error handler; a new one takes effect from the next call", NULL},
    {"encoding", (getter)decoder_get_encoding, NULL,
     "index of the encoding in use (after BOM sniffing, the BOM's)", NULL},
    {"position", (getter)decoder_get_position, NULL, "bytes consumed so far", NULL},
    {"replacement_count", (getter)decoder_get_count, NULL,
     "errors replaced by U+FFFD so far (errors='replace')", NULL},
    {"first_replacement_offset", (getter)decoder_get_first, NULL,
     "stream offset of the first error replaced, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot decoder_slots[] = {
    {Py_tp_new, decoder_new},
    {Py_tp_dealloc, decoder_dealloc},
    {Py_tp_methods, decoder_methods},
    {Py_tp_getset, decoder_getset},
    {Py_tp_doc, "Decoder(index, errors='strict', bom=0): a streaming decoder."},
    {0, NULL}};

static PyType_Spec decoder_spec = {"wenc._wenc.Decoder", sizeof(DecoderObject), 0,
                                   Py_TPFLAGS_DEFAULT, decoder_slots};

/* ---------------------------------------------------------------------------
** Encoder: a streaming encoder (the incremental encoder and stream writer).
*/

typedef struct {
    PyObject_HEAD
    wenc_encoder e;
    err_kind kind;
    PyObject *errors;
    int busy;
    PyObject *prefix; /* bytes for the next call's output (errors changed) */
} EncoderObject;

static PyObject *encoder_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"index", "errors", NULL};
    int index;
    PyObject *errors = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|O", kwlist, &index, &errors))
        return NULL;
    const wenc_encoding *enc = encoding_arg(index);
    if (!enc)
        return NULL;
    err_kind kind;
    if (errors_kind(errors, &kind) < 0)
        return NULL;
    if (!wenc_encoding_has_encoder(enc))
        enc = wenc_encoding_output_encoding(enc);
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    EncoderObject *self = (EncoderObject *)alloc(type, 0);
    if (!self)
        return NULL;
    if (encoder_setup(&self->e, enc, kind) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->kind = kind;
    self->errors = errors ? errors : PyUnicode_FromString("strict");
    if (errors)
        Py_INCREF(errors);
    return (PyObject *)self;
}

static void encoder_dealloc(EncoderObject *self)
{
    Py_XDECREF(self->errors);
    Py_XDECREF(self->prefix);
    generic_dealloc((PyObject *)self);
}

static PyObject *encoder_encode(EncoderObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"input", "final"};
    PyObject *a[2];
    if (fast_args("encode", args, nargs, kwnames, names, 2, 1, a) < 0)
        return NULL;
    PyObject *input = a[0];
    int final = flag_arg(a[1], 0);
    if (final < 0)
        return NULL;
    if (refuse_if_busy(self->busy, "encoder") < 0)
        return NULL;
    self->busy = 1;
    PyObject *b = encode_core(&self->e, self->kind, self->errors, input, final);
    self->busy = 0;
    if (b && self->prefix) {
        PyObject *p = self->prefix;
        self->prefix = NULL;
        PyBytes_ConcatAndDel(&p, b);
        b = p;
    }
    return b;
}

static PyObject *encoder_get_errors(EncoderObject *self, void *unused)
{
    (void)unused;
    Py_INCREF(self->errors);
    return self->errors;
}

/* Setting errors takes effect from the next call, as with CPython's
** incremental codecs.  The C encoder's mode ("html" for
** xmlcharrefreplace, else fatal) is fixed at init: when it must change,
** the encoder is flushed (ISO-2022-JP back to ASCII: the text so far stays
** whole) and set up anew; the flush's bytes come first in the next call's
** output. */
static int encoder_set_errors(EncoderObject *self, PyObject *value, void *unused)
{
    (void)unused;
    err_kind kind;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "errors cannot be deleted");
        return -1;
    }
    if (value == Py_None || errors_kind(value, &kind) < 0) {
        if (value == Py_None)
            type_error("errors", "a str", value);
        return -1;
    }
    if (refuse_if_busy(self->busy, "encoder") < 0)
        return -1;
    if ((kind == ERR_XMLCHARREF) != (self->kind == ERR_XMLCHARREF)) {
        const wenc_encoding *enc = wenc_encoder_encoding(&self->e);
        uint8_t tail[16];
        size_t n = 0, m = sizeof tail;
        wenc_status st = wenc_encoder_encode_from_utf32(&self->e, NULL, &n, tail, &m, 1);
        if (st != WENC_INPUT_EMPTY) {
            PyErr_Format(PyExc_SystemError, "wenc encoder flush: %s", wenc_status_message(st));
            return -1;
        }
        if (m) {
            PyObject *t = PyBytes_FromStringAndSize((const char *)tail, (Py_ssize_t)m);
            if (!t)
                return -1;
            if (self->prefix)
                PyBytes_ConcatAndDel(&self->prefix, t);
            else
                self->prefix = t;
            if (!self->prefix)
                return -1;
        }
        if (encoder_setup(&self->e, enc, kind) < 0)
            return -1;
    }
    PyObject *old = self->errors;
    Py_INCREF(value);
    self->errors = value;
    Py_XDECREF(old);
    self->kind = kind;
    return 0;
}

static PyObject *encoder_reset(EncoderObject *self, PyObject *unused)
{
    (void)unused;
    wenc_encoder_reset(&self->e);
    Py_CLEAR(self->prefix);
    Py_RETURN_NONE;
}

static PyObject *encoder_get_unmappable(EncoderObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(wenc_encoder_unmappable_count(&self->e));
}

static PyMethodDef encoder_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encoder_encode, METH_FASTCALL | METH_KEYWORDS,
     "encode(input, final=False) -> bytes"},
    {"reset", (PyCFunction)encoder_reset, METH_NOARGS, "Back to the start of a stream."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef encoder_getset[] = {
    {"errors", (getter)encoder_get_errors, (setter)encoder_set_errors,
     "the error handler; a new one takes effect from the next call", NULL},
    {"unmappable_count", (getter)encoder_get_unmappable, NULL,
     "code points written as &#N; so far (errors='xmlcharrefreplace')", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot encoder_slots[] = {
    {Py_tp_new, encoder_new},
    {Py_tp_dealloc, encoder_dealloc},
    {Py_tp_methods, encoder_methods},
    {Py_tp_getset, encoder_getset},
    {Py_tp_doc, "Encoder(index, errors='strict'): a streaming encoder."},
    {0, NULL}};

static PyType_Spec encoder_spec = {"wenc._wenc.Encoder", sizeof(EncoderObject), 0,
                                   Py_TPFLAGS_DEFAULT, encoder_slots};

/* ---------------------------------------------------------------------------
** TextDecoder: wenc_text_decoder, the standard's interface.
*/

typedef struct {
    PyObject_HEAD
    wenc_text_decoder td;
    int ready;
    int busy;
    int fresh;      /* the last call had no stream: the next starts afresh */
    uint64_t given; /* bytes given since the decoder was last created */
} TextDecoderObject;

static PyObject *textdecoder_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"label", "fatal", "ignore_bom", NULL};
    PyObject *label = NULL;
    int fatal = 0, ignore_bom = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Opp", kwlist, &label, &fatal, &ignore_bom))
        return NULL;
    const char *l = NULL;
    Py_ssize_t ln = 0;
    if (label && label != Py_None) {
        if (!PyUnicode_Check(label)) {
            return type_error("TextDecoder: label", "a str", label);
        }
        l = PyUnicode_AsUTF8AndSize(label, &ln);
        if (!l)
            return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    TextDecoderObject *self = (TextDecoderObject *)alloc(type, 0);
    if (!self)
        return NULL;
    unsigned opt = (fatal ? WENC_TEXT_DECODER_FATAL : 0) |
                   (ignore_bom ? WENC_TEXT_DECODER_IGNORE_BOM : 0);
    wenc_status st = wenc_text_decoder_init(&self->td, l, (size_t)ln, opt, NULL);
    if (st != WENC_OK) {
        Py_DECREF(self);
        /* The standard's RangeError. */
        if (st == WENC_UNKNOWN_LABEL || st == WENC_REPLACEMENT_LABEL)
            PyErr_Format(PyExc_LookupError, "TextDecoder: %s: %R",
                         wenc_status_message(st), label);
        else
            PyErr_Format(PyExc_ValueError, "TextDecoder: %s", wenc_status_message(st));
        return NULL;
    }
    self->ready = 1;
    self->fresh = 1;
    return (PyObject *)self;
}

static void textdecoder_dealloc(TextDecoderObject *self)
{
    if (self->ready)
        wenc_text_decoder_destroy(&self->td);
    generic_dealloc((PyObject *)self);
}

static PyObject *textdecoder_decode(TextDecoderObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"input", "stream", NULL};
    PyObject *input = NULL;
    int stream = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Op", kwlist, &input, &stream))
        return NULL;
    if (refuse_if_busy(self->busy, "TextDecoder") < 0)
        return NULL;
    Py_buffer view = {0};
    int have = input && input != Py_None;
    if (have && get_bytes(input, &view, "TextDecoder.decode(): the input") < 0)
        return NULL;
    /* A call after one without stream starts afresh: offsets count from it. */
    if (self->fresh)
        self->given = 0;
    self->fresh = !stream;
    uint64_t before = self->given;
    self->given += (uint64_t)(have ? view.len : 0);
    uint8_t *out = NULL;
    size_t out_len = 0;
    self->busy = 1;
    wenc_status st;
    const uint8_t *src = have ? view.buf : NULL;
    size_t len = have ? (size_t)view.len : 0;
    if (len >= NOGIL_MIN) {
        Py_BEGIN_ALLOW_THREADS
        st = wenc_text_decoder_decode_to_utf8_alloc(&self->td, src, len, stream, NULL, &out,
                                                    &out_len);
        Py_END_ALLOW_THREADS
    } else {
        st = wenc_text_decoder_decode_to_utf8_alloc(&self->td, src, len, stream, NULL, &out,
                                                    &out_len);
    }
    self->busy = 0;
    PyObject *res = NULL;
    if (st == WENC_OK) {
        res = PyUnicode_DecodeUTF8((const char *)out, (Py_ssize_t)out_len, NULL);
    } else if (st == WENC_MALFORMED || st == WENC_NO_MEMORY) {
        /* The standard's TypeError, as a UnicodeDecodeError (a ValueError)
        ** over this call's input. */
        int64_t start = (int64_t)wenc_text_decoder_error_offset(&self->td) - (int64_t)before;
        int64_t end = start + (int64_t)wenc_text_decoder_error_length(&self->td);
        if (start < 0)
            start = 0;
        if (end < start)
            end = start;
        if (end > (int64_t)len)
            end = (int64_t)len;
        PyObject *b = have ? PyBytes_FromStringAndSize((const char *)src, (Py_ssize_t)len)
                           : PyBytes_FromStringAndSize(NULL, 0);
        if (b) {
            PyObject *exc = PyObject_CallFunction(
                PyExc_UnicodeDecodeError, "sOnns",
                wenc_text_decoder_encoding_name(&self->td), b, (Py_ssize_t)start,
                (Py_ssize_t)end, "malformed input (TextDecoder with fatal)");
            Py_DECREF(b);
            if (exc) {
                PyErr_SetObject(PyExc_UnicodeDecodeError, exc);
                Py_DECREF(exc);
            }
        }
    } else {
        PyErr_Format(st == WENC_NO_MEMORY || st == WENC_TOO_LARGE ? PyExc_MemoryError
                                                                  : PyExc_ValueError,
                     "TextDecoder.decode: %s", wenc_status_message(st));
    }
    wenc_free(NULL, out);
    if (have)
        PyBuffer_Release(&view);
    return res;
}

static PyObject *textdecoder_get_encoding(TextDecoderObject *self, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(wenc_text_decoder_encoding_name(&self->td));
}

static PyObject *textdecoder_get_fatal(TextDecoderObject *self, void *unused)
{
    (void)unused;
    return PyBool_FromLong(wenc_text_decoder_fatal(&self->td));
}

static PyObject *textdecoder_get_ignore_bom(TextDecoderObject *self, void *unused)
{
    (void)unused;
    return PyBool_FromLong(wenc_text_decoder_ignore_bom(&self->td));
}

static PyObject *textdecoder_get_count(TextDecoderObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(wenc_text_decoder_replacement_count(&self->td));
}

static PyObject *textdecoder_get_first(TextDecoderObject *self, void *unused)
{
    (void)unused;
    if (wenc_text_decoder_replacement_count(&self->td) == 0)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(wenc_text_decoder_first_replacement_offset(&self->td));
}

static PyMethodDef textdecoder_methods[] = {
    {"decode", (PyCFunction)(void (*)(void))textdecoder_decode, METH_VARARGS | METH_KEYWORDS,
     "decode(input=b'', stream=False) -> str, as TextDecoder.decode()"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef textdecoder_getset[] = {
    {"encoding", (getter)textdecoder_get_encoding, NULL, "the encoding's lowercase name", NULL},
    {"fatal", (getter)textdecoder_get_fatal, NULL, "the option fatal", NULL},
    {"ignore_bom", (getter)textdecoder_get_ignore_bom, NULL, "the option ignoreBOM", NULL},
    {"replacement_count", (getter)textdecoder_get_count, NULL,
     "errors replaced since the decoder was last created", NULL},
    {"first_replacement_offset", (getter)textdecoder_get_first, NULL,
     "offset of the first error replaced, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot textdecoder_slots[] = {
    {Py_tp_new, textdecoder_new},
    {Py_tp_dealloc, textdecoder_dealloc},
    {Py_tp_methods, textdecoder_methods},
    {Py_tp_getset, textdecoder_getset},
    {Py_tp_doc, "TextDecoder(label='utf-8', fatal=False, ignore_bom=False)"},
    {0, NULL}};

static PyType_Spec textdecoder_spec = {"wenc.TextDecoder", sizeof(TextDecoderObject), 0,
                                       Py_TPFLAGS_DEFAULT, textdecoder_slots};

/* ---------------------------------------------------------------------------
** Functions.
*/

/* lookup(label) -> index or None: "get an encoding". */
static PyObject *mod_lookup(PyObject *m, PyObject *label)
{
    (void)m;
    const char *s;
    Py_ssize_t n;
    if (PyUnicode_Check(label)) {
        s = PyUnicode_AsUTF8AndSize(label, &n);
        if (!s) {
            PyErr_Clear(); /* lone surrogates: no label */
            Py_RETURN_NONE;
        }
    } else if (PyBytes_Check(label)) {
        s = PyBytes_AsString(label);
        n = PyBytes_Size(label);
    } else {
        return type_error("label", "a str", label);
    }
    const wenc_encoding *e = wenc_encoding_for_label(s, (size_t)n);
    if (!e)
        Py_RETURN_NONE;
    return PyLong_FromLong(encoding_index(e));
}

/* encoding_info(index) -> (name, lowercase name, labels, has encoder,
** output encoding's index, ASCII-compatible, built in). */
static PyObject *mod_encoding_info(PyObject *m, PyObject *arg)
{
    (void)m;
    int i = (int)PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    const wenc_encoding *e = encoding_arg(i);
    if (!e)
        return NULL;
    PyObject *labels = PyList_New(0);
    if (!labels)
        return NULL;
    const char *l;
    for (size_t k = 0; (l = wenc_encoding_label(e, k)) != NULL; k++) {
        PyObject *s = PyUnicode_FromString(l);
        if (!s || PyList_Append(labels, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(labels);
            return NULL;
        }
        Py_DECREF(s);
    }
    return Py_BuildValue("(ssNOiOO)", wenc_encoding_name(e), wenc_encoding_lowercase_name(e),
                         labels, wenc_encoding_has_encoder(e) ? Py_True : Py_False,
                         encoding_index(wenc_encoding_output_encoding(e)),
                         wenc_encoding_is_ascii_compatible(e) ? Py_True : Py_False,
                         wenc_encoding_is_built_in(e) ? Py_True : Py_False);
}

static int opt_encoding(PyObject *o, const wenc_encoding **e)
{
    if (o == NULL || o == Py_None) {
        *e = NULL;
        return 0;
    }
    int i = (int)PyLong_AsLong(o);
    if (i == -1 && PyErr_Occurred())
        return -1;
    *e = encoding_arg(i);
    return *e ? 0 : -1;
}

/* sniff_html(data, override, transport_label, transport, prescan_limit,
** no_prescan, detect_utf8, parent, likely, fallback, locale) -> (index,
** confidence, source, final, bom_length); encodings as indexes or None. */
static PyObject *mod_sniff_html(PyObject *m, PyObject *args, PyObject *kw)
{
    (void)m;
    static char *kwlist[] = {"data",   "override",    "transport_label", "transport",
                             "prescan_limit", "no_prescan", "detect_utf8", "parent",
                             "likely", "fallback",    "locale",          NULL};
    PyObject *data, *override = NULL, *tlabel = NULL, *transport = NULL, *parent = NULL,
                    *likely = NULL, *fallback = NULL, *locale = NULL;
    Py_ssize_t limit = 0;
    int no_prescan = 0, detect = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOnppOOOO", kwlist, &data, &override,
                                     &tlabel, &transport, &limit, &no_prescan, &detect,
                                     &parent, &likely, &fallback, &locale))
        return NULL;
    wenc_html_sniff_options opt;
    memset(&opt, 0, sizeof opt);
    if (opt_encoding(override, &opt.override) < 0 || opt_encoding(transport, &opt.transport) < 0 ||
        opt_encoding(parent, &opt.parent) < 0 || opt_encoding(likely, &opt.likely) < 0 ||
        opt_encoding(fallback, &opt.fallback) < 0)
        return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "prescan_limit must not be negative");
        return NULL;
    }
    opt.prescan_limit = (size_t)limit;
    opt.no_prescan = no_prescan;
    opt.detect_utf8 = detect;
    Py_ssize_t n;
    if (tlabel && tlabel != Py_None) {
        if (!PyUnicode_Check(tlabel)) {
            PyErr_SetString(PyExc_TypeError, "transport_label must be a str");
            return NULL;
        }
        opt.transport_label = PyUnicode_AsUTF8AndSize(tlabel, &n);
        if (!opt.transport_label)
            return NULL;
        opt.transport_label_len = (size_t)n;
    }
    if (locale && locale != Py_None) {
        if (!PyUnicode_Check(locale)) {
            PyErr_SetString(PyExc_TypeError, "locale must be a str");
            return NULL;
        }
        opt.locale = PyUnicode_AsUTF8AndSize(locale, &n);
        if (!opt.locale)
            return NULL;
        opt.locale_len = (size_t)n;
    }
    Py_buffer view;
    if (get_bytes(data, &view, "sniff_html(): data") < 0)
        return NULL;
    wenc_html_sniff_result r;
    wenc_status st = wenc_html_sniff(view.buf, (size_t)view.len, &opt, &r);
    PyBuffer_Release(&view);
    if (st != WENC_OK) {
        PyErr_Format(PyExc_ValueError, "sniff_html: %s", wenc_status_message(st));
        return NULL;
    }
    return Py_BuildValue("(isOn)", encoding_index(r.encoding), wenc_sniff_source_name(r.source),
                         r.confidence == WENC_CONFIDENCE_CERTAIN ? Py_True : Py_False,
                         (Py_ssize_t)r.bom_length);
}

/* sniff_xml(data) -> (index, source, bom_length). */
static PyObject *mod_sniff_xml(PyObject *m, PyObject *data)
{
    (void)m;
    Py_buffer view;
    if (get_bytes(data, &view, "sniff_xml(): data") < 0)
        return NULL;
    wenc_sniff_source src;
    size_t bom = 0;
    const wenc_encoding *e = wenc_xml_detect_encoding(view.buf, (size_t)view.len, &src, &bom);
    PyBuffer_Release(&view);
    return Py_BuildValue("(isn)", encoding_index(e), wenc_sniff_source_name(src),
                         (Py_ssize_t)bom);
}

/* content_type_encoding(value) -> index or None. */
static PyObject *mod_content_type(PyObject *m, PyObject *value)
{
    (void)m;
    if (!PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "the Content-Type value must be a str");
        return NULL;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(value, &n);
    if (!s)
        return NULL;
    const wenc_encoding *e = wenc_content_type_encoding(s, (size_t)n);
    if (!e)
        Py_RETURN_NONE;
    return PyLong_FromLong(encoding_index(e));
}

/* text_encode(str) -> bytes: TextEncoder.encode().  Its input is a
** USVString (WebIDL 3.2.13): every surrogate becomes U+FFFD before the
** encoder sees it.  A Python str is code points, not UTF-16 units, so each
** surrogate code point in it is lone ("\ud83d\ude00" is two, as
** str.encode("utf-8", "replace") counts them) and becomes its own U+FFFD;
** the str that is left is scalar values, whose UTF-8 (the standard's UTF-8
** encoder's output) Python keeps. */
static PyObject *mod_text_encode(PyObject *m, PyObject *s)
{
    (void)m;
    if (!PyUnicode_Check(s)) {
        return type_error("TextEncoder.encode(): the input", "a str", s);
    }
    Py_ssize_t n;
    const char *u8 = PyUnicode_AsUTF8AndSize(s, &n);
    if (u8)
        return PyBytes_FromStringAndSize(u8, n);
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return NULL;
    PyErr_Clear();
    Py_ssize_t len = PyUnicode_GetLength(s);
    Py_UCS4 *u32 = PyUnicode_AsUCS4Copy(s);
    if (!u32)
        return NULL;
    for (Py_ssize_t i = 0; i < len; i++)
        if ((u32[i] & 0xFFFFF800u) == 0xD800u)
            u32[i] = 0xFFFD;
    int order = native_order();
    PyObject *usv = PyUnicode_DecodeUTF32((const char *)u32, len * 4, NULL, &order);
    PyMem_Free(u32);
    if (!usv)
        return NULL;
    u8 = PyUnicode_AsUTF8AndSize(usv, &n);
    PyObject *r = u8 ? PyBytes_FromStringAndSize(u8, n) : NULL;
    Py_DECREF(usv);
    return r;
}

static PyMethodDef module_methods[] = {
    {"lookup", (PyCFunction)mod_lookup, METH_O, "lookup(label) -> index or None"},
    {"encoding_info", (PyCFunction)mod_encoding_info, METH_O,
     "encoding_info(index) -> (name, lowercase, labels, has_encoder, output, "
     "ascii_compatible, built_in)"},
    {"sniff_html", (PyCFunction)(void (*)(void))mod_sniff_html, METH_VARARGS | METH_KEYWORDS,
     "sniff_html(data, ...) -> (index, source, certain, bom_length)"},
    {"sniff_xml", (PyCFunction)mod_sniff_xml, METH_O,
     "sniff_xml(data) -> (index, source, bom_length)"},
    {"content_type_encoding", (PyCFunction)mod_content_type, METH_O,
     "content_type_encoding(value) -> index or None"},
    {"text_encode", (PyCFunction)mod_text_encode, METH_O, "TextEncoder.encode()"},
    {NULL, NULL, 0, NULL}};

static int add_type(PyObject *m, PyType_Spec *spec, const char *name)
{
    PyObject *t = PyType_FromSpec(spec);
    if (!t)
        return -1;
    if (PyModule_AddObject(m, name, t) < 0) {
        Py_DECREF(t);
        return -1;
    }
    return 0;
}

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_wenc",
    "The wenc C library (the WHATWG Encoding Standard) for Python; use the package wenc.",
    -1, module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__wenc(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (add_type(m, &codec_spec, "Codec") < 0 || add_type(m, &decoder_spec, "Decoder") < 0 ||
        add_type(m, &encoder_spec, "Encoder") < 0 ||
        add_type(m, &textdecoder_spec, "TextDecoder") < 0 ||
        PyModule_AddIntConstant(m, "BOM_SNIFF", WENC_DECODER_BOM_SNIFF) < 0 ||
        PyModule_AddIntConstant(m, "BOM_STRIP", WENC_DECODER_BOM_STRIP) < 0 ||
        PyModule_AddIntConstant(m, "ENCODING_COUNT", N_ENCODINGS) < 0 ||
        PyModule_AddStringConstant(m, "C_VERSION", wenc_version()) < 0 ||
        PyModule_AddIntConstant(m, "NOGIL_MIN", (long)NOGIL_MIN) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
