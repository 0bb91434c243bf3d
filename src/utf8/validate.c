/* validate.c -- UTF-8 validation with a diagnosis (include/wenc/utf8.h,
** "Validation" and "Sniffing"): the scanner, one-shot and streaming
** validation, the lists of errors, and the sniffer.  The standard's UTF-8
** decoder (Encoding Standard, "UTF-8 decoder") decides, through the DFA of
** dfa.h. */
#include "utf8/utf8_internal.h"
#include "simd/utf8/utf8_kernels.h"

/* ------------------------------------------------------------------------
** Names. */

static const char *const kind_names[] = {
    "NONE",      "INVALID_BYTE",            "OVERLONG",  "SURROGATE",
    "TOO_LARGE", "UNEXPECTED_CONTINUATION", "TRUNCATED", "INCOMPLETE_AT_END",
};

static const char *const kind_messages[] = {
    "no error",
    "invalid byte",
    "overlong encoding",
    "surrogate",
    "code point above U+10FFFF",
    "unexpected continuation byte",
    "sequence cut short",
    "sequence cut short by the end of input",
};

const char *wenc_utf8_error_name(wenc_utf8_error_kind kind)
{
    unsigned k = (unsigned)kind;
    return k < sizeof kind_names / sizeof kind_names[0] ? kind_names[k] : "UNKNOWN";
}

const char *wenc_utf8_error_message(wenc_utf8_error_kind kind)
{
    unsigned k = (unsigned)kind;
    return k < sizeof kind_messages / sizeof kind_messages[0] ? kind_messages[k]
                                                              : "unknown error kind";
}

/* ------------------------------------------------------------------------
** The scanner. */

#define OK WENC__U8_ACCEPT
#define C1 WENC__U8_CONT1
#define C2 WENC__U8_CONT2
#define C3 WENC__U8_CONT3
#define E0 WENC__U8_E0
#define ED WENC__U8_ED
#define F0 WENC__U8_F0
#define F4 WENC__U8_F4
#define R WENC__U8_REJECT
#define ROW(ok, c1, c2, e0, ed, c3, f0, f4)                                               \
    ((uint64_t)(6 * (ok)) << (6 * OK) | (uint64_t)(6 * (c1)) << (6 * C1) |                 \
     (uint64_t)(6 * (c2)) << (6 * C2) | (uint64_t)(6 * (e0)) << (6 * E0) |                 \
     (uint64_t)(6 * (ed)) << (6 * ED) | (uint64_t)(6 * (c3)) << (6 * C3) |                 \
     (uint64_t)(6 * (f0)) << (6 * F0) | (uint64_t)(6 * (f4)) << (6 * F4) |                 \
     (uint64_t)(6 * R) << (6 * R))

/* The state after a byte of each class, from:
**                        ACCEPT CONT1 CONT2 E0 ED CONT3 F0 F4 */
const uint64_t wenc__utf8_shift_rows[WENC__U8_CLASSES] = {
    [WENC__U8C_ASCII] = ROW(OK, R, R, R, R, R, R, R),
    [WENC__U8C_80_8F] = ROW(R, OK, C1, R, C1, C2, R, C2),
    [WENC__U8C_90_9F] = ROW(R, OK, C1, R, C1, C2, C2, R),
    [WENC__U8C_A0_BF] = ROW(R, OK, C1, C1, R, C2, C2, R),
    [WENC__U8C_INVALID] = ROW(R, R, R, R, R, R, R, R),
    [WENC__U8C_C2_DF] = ROW(C1, R, R, R, R, R, R, R),
    [WENC__U8C_E0] = ROW(E0, R, R, R, R, R, R, R),
    [WENC__U8C_E1_EF] = ROW(C2, R, R, R, R, R, R, R),
    [WENC__U8C_ED] = ROW(ED, R, R, R, R, R, R, R),
    [WENC__U8C_F0] = ROW(F0, R, R, R, R, R, R, R),
    [WENC__U8C_F1_F3] = ROW(C3, R, R, R, R, R, R, R),
    [WENC__U8C_F4] = ROW(F4, R, R, R, R, R, R, R),
};

#undef OK
#undef C1
#undef C2
#undef C3
#undef E0
#undef ED
#undef F0
#undef F4
#undef R
#undef ROW

/* Fills *ERROR with the span of LENGTH bytes at OFFSET. */
WENC__INLINE void set_error(wenc_utf8_error *error, uint64_t offset, unsigned length,
                            wenc_utf8_error_kind kind)
{
    error->offset = offset;
    error->length = length;
    error->kind = kind;
}

bool wenc__utf8_scan_run(const uint8_t *s, size_t n, wenc__utf8_scan *sc, uint64_t base,
                         wenc_utf8_error *error, size_t *consumed)
{
    size_t i = 0;
    unsigned state = sc->state;

    /* A sequence the previous chunk left open: finish it a byte at a time.
    ** Its first SEEN bytes lie before S. */
    if (state != WENC__U8_ACCEPT) {
        unsigned seen = sc->seen;
        while (i < n) {
            unsigned next = wenc__utf8_step(state, s[i]);
            if (next == WENC__U8_REJECT) {
                /* Step 4 of the handler: the byte is restored, so the span
                ** ends before it. */
                set_error(error, base - seen, seen + (unsigned)i,
                          wenc__utf8_kind(state, s[i]));
                *sc = (wenc__utf8_scan){WENC__U8_ACCEPT, 0};
                *consumed = i;
                return true;
            }
            i++;
            state = next;
            if (state == WENC__U8_ACCEPT)
                break;
        }
        if (state != WENC__U8_ACCEPT) {
            sc->state = (uint8_t)state;
            sc->seen = (uint8_t)(seen + i);
            *consumed = n;
            return false;
        }
    }

    /* From here on every sequence starts within S.  The kernel finds where
    ** the valid text ends (src/simd); the DFA names what is there. */
    const wenc__utf8_kernels *kernels = wenc__utf8_kernels_for(n - i, WENC__UTF8_SHORT_SCALAR);
    while (i < n) {
        i += kernels->valid_prefix(s + i, n - i);
        if (i == n)
            break;
        size_t start = i;
        state = wenc__utf8_step(WENC__U8_ACCEPT, s[i]);
        if (state == WENC__U8_REJECT) {
            /* Step 3, "otherwise": the byte is an error of its own. */
            set_error(error, base + i, 1, wenc__utf8_kind(WENC__U8_ACCEPT, s[i]));
            *sc = (wenc__utf8_scan){WENC__U8_ACCEPT, 0};
            *consumed = i + 1;
            return true;
        }
        i++;
        while (i < n) {
            unsigned next = wenc__utf8_step(state, s[i]);
            if (next == WENC__U8_REJECT) {
                set_error(error, base + start, (unsigned)(i - start),
                          wenc__utf8_kind(state, s[i]));
                *sc = (wenc__utf8_scan){WENC__U8_ACCEPT, 0};
                *consumed = i;
                return true;
            }
            i++;
            state = next;
            if (state == WENC__U8_ACCEPT)
                break;
        }
        if (state != WENC__U8_ACCEPT) {
            sc->state = (uint8_t)state;
            sc->seen = (uint8_t)(i - start);
            *consumed = n;
            return false;
        }
    }
    *sc = (wenc__utf8_scan){WENC__U8_ACCEPT, 0};
    *consumed = n;
    return false;
}

/* The first malformed span of S[0..N), if any, into *ERROR. */
static bool first_error(const uint8_t *s, size_t n, wenc_utf8_error *error)
{
    wenc__utf8_scan sc = {WENC__U8_ACCEPT, 0};
    size_t consumed;
    if (wenc__utf8_scan_run(s, n, &sc, 0, error, &consumed))
        return true;
    return wenc__utf8_scan_end(&sc, n, error);
}

/* ------------------------------------------------------------------------
** One-shot validation. */

/* Short-input early path (issue 11): whether the LEN <= SHORT_ASCII bytes
** at S are all ASCII, read as 8-byte words (the last one overlapping).
** For a short string this costs less than entering the scanner. */
#define SHORT_ASCII 64
_Static_assert(SHORT_ASCII <= WENC__UTF8_SHORT_VALID, "short_valid takes every short input");

static bool short_ascii(const uint8_t *s, size_t len)
{
    const uint64_t high = UINT64_C(0x8080808080808080);
    uint64_t acc = 0, w;
    if (len < 8) {
        for (size_t i = 0; i < len; i++)
            acc |= s[i];
        return acc < 0x80;
    }
    for (size_t i = 0; i + 8 < len; i += 8) {
        memcpy(&w, s + i, 8);
        acc |= w;
    }
    memcpy(&w, s + len - 8, 8);
    return ((acc | w) & high) == 0;
}

/* Whether the LEN <= SHORT_ASCII bytes at S are valid, where that is
** quick to tell: all ASCII, or a short_valid kernel's yes (issue 29);
** false leaves it to the general path. */
static bool short_valid(const uint8_t *s, size_t len)
{
    if (short_ascii(s, len))
        return true;
    const wenc__utf8_kernels *k = wenc__utf8_kernels_get();
    return (k->valid_lengths >> (len - 1) & 1) && k->short_valid(s, len);
}

bool wenc_utf8_is_valid(const uint8_t *src, size_t len)
{
    if (src == NULL)
        return len == 0;
    if (len <= SHORT_ASCII && short_valid(src, len))
        return true;
    wenc_utf8_error error;
    return !first_error(src, len, &error);
}

wenc_status wenc_utf8_validate(const uint8_t *src, size_t len, wenc_utf8_error *error)
{
    if (src == NULL && len != 0)
        return WENC_INVALID_ARGUMENT;
    if (len <= SHORT_ASCII && short_valid(src, len)) {
        if (error != NULL)
            set_error(error, len, 0, WENC_UTF8_ERROR_NONE);
        return WENC_OK;
    }
    wenc_utf8_error e;
    if (first_error(src, len, &e)) {
        if (error != NULL)
            *error = e;
        return WENC_MALFORMED;
    }
    if (error != NULL)
        set_error(error, len, 0, WENC_UTF8_ERROR_NONE);
    return WENC_OK;
}

size_t wenc_utf8_find_errors_callback(const uint8_t *src, size_t len,
                                      wenc_utf8_error_callback callback, void *context)
{
    if (src == NULL)
        return 0;
    wenc__utf8_scan sc = {WENC__U8_ACCEPT, 0};
    size_t pos = 0, count = 0;
    for (;;) {
        wenc_utf8_error e;
        size_t consumed;
        bool found = wenc__utf8_scan_run(src + pos, len - pos, &sc, pos, &e, &consumed);
        pos += consumed;
        if (!found && !wenc__utf8_scan_end(&sc, len, &e))
            return count;
        count++;
        if (callback != NULL && !callback(context, &e))
            return count;
        if (!found)
            return count;
    }
}

struct to_array {
    wenc_utf8_error *errors;
    size_t capacity;
    size_t count;
};

static bool store_error(void *context, const wenc_utf8_error *error)
{
    struct to_array *a = context;
    if (a->count < a->capacity)
        a->errors[a->count] = *error;
    a->count++;
    return true;
}

size_t wenc_utf8_find_errors(const uint8_t *src, size_t len, wenc_utf8_error *errors,
                             size_t capacity)
{
    struct to_array a = {errors, errors == NULL ? 0 : capacity, 0};
    return wenc_utf8_find_errors_callback(src, len, store_error, &a);
}

/* ------------------------------------------------------------------------
** Streaming validation. */

void wenc_utf8_validator_init(wenc_utf8_validator *v)
{
    if (v != NULL)
        memset(v, 0, sizeof *v);
}

wenc_status wenc_utf8_validator_validate(wenc_utf8_validator *v, const uint8_t *src,
                                         size_t *src_len, bool last, wenc_utf8_error *error)
{
    /* Refused calls consume nothing: *SRC_LEN is set to 0, as the decoders
    ** and encoders do. */
    if (v == NULL || src_len == NULL || (src == NULL && *src_len != 0)) {
        if (src_len != NULL)
            *src_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    if (v->priv_done) {
        if (*src_len == 0)
            return WENC_INPUT_EMPTY;
        *src_len = 0;
        return WENC_INVALID_ARGUMENT;
    }
    wenc__utf8_scan sc = {v->priv_state, v->priv_seen};
    wenc_utf8_error e;
    size_t consumed;
    bool found = wenc__utf8_scan_run(src, *src_len, &sc, v->priv_position, &e, &consumed);
    v->priv_position += consumed;
    if (!found && last) {
        found = wenc__utf8_scan_end(&sc, v->priv_position, &e);
        v->priv_done = 1;
    }
    v->priv_state = sc.state;
    v->priv_seen = sc.seen;
    if (!found)
        return WENC_INPUT_EMPTY;
    v->priv_errors++;
    *src_len = consumed;
    if (error != NULL)
        *error = e;
    return WENC_MALFORMED;
}

uint64_t wenc_utf8_validator_position(const wenc_utf8_validator *v)
{
    return v == NULL ? 0 : v->priv_position;
}

uint64_t wenc_utf8_validator_error_count(const wenc_utf8_validator *v)
{
    return v == NULL ? 0 : v->priv_errors;
}

/* ------------------------------------------------------------------------
** Sniffing. */

wenc_utf8_sniff_result wenc_utf8_sniff(const uint8_t *src, size_t len)
{
    if (src == NULL)
        return len == 0 ? WENC_UTF8_SNIFF_ASCII : WENC_UTF8_SNIFF_NOT_UTF8;
    size_t i = wenc_ascii_prefix(src, len); /* wenc/latin1.h */
    if (i == len)
        return WENC_UTF8_SNIFF_ASCII;
    wenc__utf8_scan sc = {WENC__U8_ACCEPT, 0};
    wenc_utf8_error e;
    size_t consumed;
    /* A sequence still open at the end is what a prefix cut from a longer
    ** text may end with: allowed. */
    if (wenc__utf8_scan_run(src + i, len - i, &sc, i, &e, &consumed))
        return WENC_UTF8_SNIFF_NOT_UTF8;
    return WENC_UTF8_SNIFF_UTF8;
}
