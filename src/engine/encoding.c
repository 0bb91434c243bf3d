/* encoding.c -- the encoding registry and label lookup (Encoding Standard,
** "Names and labels" and "Output encodings").  The data comes from
** indexes/registry.c, generated from encodings.json. */
#include "internal.h"

static uint32_t fnv1a(const uint8_t *p, size_t n, uint32_t seed)
{
    /* Must match fnv1a() in tools/gen-tables.py. */
    uint32_t h = 2166136261u ^ seed;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

static bool is_ascii_whitespace(uint8_t c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

/* "get an encoding": 1. strip leading and trailing ASCII whitespace; 2. if
** the result is an ASCII case-insensitive match for a label, return its
** encoding.  Labels are lowercase ASCII, so lowercasing the ASCII letters of
** the input and comparing bytes is exactly an ASCII case-insensitive match;
** non-ASCII bytes never match (no Unicode case folding: U+212A KELVIN SIGN
** is not "k"). */
const wenc_encoding *wenc_encoding_for_label(const char *label, size_t len)
{
    if (label == NULL)
        return NULL;
    const uint8_t *p = (const uint8_t *)label;
    while (len > 0 && is_ascii_whitespace(p[0])) {
        p++;
        len--;
    }
    while (len > 0 && is_ascii_whitespace(p[len - 1]))
        len--;
    if (len == 0 || len > WENC__LABEL_MAX_LENGTH)
        return NULL;

    uint8_t key[WENC__LABEL_MAX_LENGTH];
    for (size_t i = 0; i < len; i++)
        key[i] = (uint8_t)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + ('a' - 'A') : p[i]);

    uint32_t bucket = fnv1a(key, len, 0) % WENC__LABEL_BUCKETS;
    uint32_t slot = fnv1a(key, len, wenc__label_disp[bucket]) % WENC__LABEL_SLOTS;
    unsigned n = wenc__label_slots[slot];
    if (n == 0)
        return NULL;
    const wenc__label *l = &wenc__labels[n - 1];
    if (l->length != len || memcmp(l->label, key, len) != 0)
        return NULL;
    return wenc__encodings[l->encoding];
}

const wenc_encoding *wenc_encoding_for_label_cstr(const char *label)
{
    return label != NULL ? wenc_encoding_for_label(label, strlen(label)) : NULL;
}

const wenc_encoding *wenc_encoding_for_label_no_replacement(const char *label, size_t len)
{
    const wenc_encoding *e = wenc_encoding_for_label(label, len);
    return e == WENC_REPLACEMENT ? NULL : e;
}

const char *wenc_encoding_name(const wenc_encoding *encoding)
{
    return encoding ? encoding->name : NULL;
}

const char *wenc_encoding_lowercase_name(const wenc_encoding *encoding)
{
    return encoding ? encoding->lowercase_name : NULL;
}

const wenc_encoding *wenc_encoding_at(size_t index)
{
    return index < WENC__ENCODING_COUNT ? wenc__encodings[index] : NULL;
}

const char *wenc_encoding_label(const wenc_encoding *encoding, size_t index)
{
    if (encoding == NULL || index >= encoding->label_count)
        return NULL;
    return wenc__labels[encoding->labels[index]].label;
}

/* "get an output encoding": 1. if encoding is replacement or UTF-16BE/LE,
** return UTF-8; 2. return encoding. */
const wenc_encoding *wenc_encoding_output_encoding(const wenc_encoding *encoding)
{
    if (encoding == NULL)
        return NULL;
    return wenc_encoding_has_encoder(encoding) ? encoding : WENC_UTF_8;
}

bool wenc_encoding_has_encoder(const wenc_encoding *encoding)
{
    return encoding != NULL && encoding->family != WENC__FAMILY_REPLACEMENT &&
           encoding->family != WENC__FAMILY_UTF16BE && encoding->family != WENC__FAMILY_UTF16LE;
}

bool wenc_encoding_is_built_in(const wenc_encoding *encoding)
{
    return wenc__built_in(encoding);
}

bool wenc_encoding_is_ascii_compatible(const wenc_encoding *encoding)
{
    return wenc_encoding_has_encoder(encoding) && encoding->family != WENC__FAMILY_ISO_2022_JP;
}

bool wenc_encoding_is_single_byte(const wenc_encoding *encoding)
{
    return encoding != NULL && encoding->family == WENC__FAMILY_SINGLE_BYTE;
}

const char *wenc_version(void)
{
    return WENC_VERSION_STRING;
}

static const struct {
    const char *name, *message;
} statuses[] = {
    [WENC_INPUT_EMPTY] = {"INPUT_EMPTY", "input empty"},
    [WENC_OUTPUT_FULL] = {"OUTPUT_FULL", "output buffer full"},
    [WENC_MALFORMED] = {"MALFORMED", "malformed input"},
    [WENC_UNMAPPABLE] = {"UNMAPPABLE", "code point not representable in the encoding"},
    [WENC_INVALID_ARGUMENT] = {"INVALID_ARGUMENT", "invalid argument"},
    [WENC_UNKNOWN_LABEL] = {"UNKNOWN_LABEL", "unknown encoding label"},
    [WENC_REPLACEMENT_LABEL] = {"REPLACEMENT_LABEL", "label of the replacement encoding"},
    [WENC_NO_ENCODER] = {"NO_ENCODER", "encoding has no encoder"},
    [WENC_NO_MEMORY] = {"NO_MEMORY", "out of memory"},
    [WENC_TOO_LARGE] = {"TOO_LARGE", "size too large"},
    [WENC_NOT_BUILT_IN] = {"NOT_BUILT_IN", "encoding not built into this library"},
};

const char *wenc_status_name(wenc_status status)
{
    /* Compare as unsigned: a value from outside the enum must not index. */
    unsigned s = (unsigned)status;
    return s < sizeof statuses / sizeof statuses[0] ? statuses[s].name : "UNKNOWN";
}

const char *wenc_status_message(wenc_status status)
{
    unsigned s = (unsigned)status;
    return s < sizeof statuses / sizeof statuses[0] ? statuses[s].message : "unknown status";
}

/* 0 is every call's success (WENC_OK) before it is a streaming call's
** "input empty" (WENC_INPUT_EMPTY): the same value, named for the outcome. */
const char *wenc_status_result_name(wenc_status status)
{
    return status == WENC_OK ? "OK" : wenc_status_name(status);
}

const char *wenc_status_result_message(wenc_status status)
{
    return status == WENC_OK ? "success" : wenc_status_message(status);
}
