/* stream.c -- streaming equivalence and size bounds for every decoder and
** encoder (issues 3 and 4, "Tests that must exist").  The property under test
** is that the library's own one-call output is reproduced exactly, with the
** same fatal errors, whatever way the input is split into calls and whatever
** the size of the output buffers; and that no call ever writes more than the
** wenc_*_max_*_length() bound computed just before it.  The expected values
** of the individual steps are in tests/unit/{decode,encode}_vectors.c.
**
** Inputs are random (seeded: the seed is printed and `stream --seed N`
** reproduces a run), biased toward each encoding's leading, trailing and
** escape bytes, plus valid text built from typed-in samples, and truncations
** and mutations of it.  Each input is decoded/encoded in one call (the
** reference), at every two-chunk split point (short inputs), byte (unit) by
** byte, and in random multi-chunk splits with empty chunks, each with output
** buffers of 1 unit and up.  Checked at each call: consumed/written within
** range, progress, position, the bound; at the end: the same output, the
** same errors, every output code point whole unless the buffer was smaller
** than it, the whole-stream bound, and (decoders) valid UTF-8/16/32 output.
**
** Then: bounds give enough room for a last call (never WENC_OUTPUT_FULL),
** saturate to SIZE_MAX, NULL and zero-length arguments, 1-unit output buffers
** on 3- and 4-byte output, and a decoder is back in its initial handler state
** after a `last` call returned WENC_INPUT_EMPTY.
**
** `stream` runs in about a second or two; `stream --long` (suite 'slow') runs
** twenty times as many inputs. */
#include <wenc/wenc.h>

#include <inttypes.h>
#include <time.h>

#include "check.h"
#include "built.h"
#include "testutil.h"

enum { U8, U16, U32 };
static const char *const form_name[3] = {"UTF-8", "UTF-16", "UTF-32"};
static size_t usize(int form) { return form == U8 ? 1 : form == U16 ? 2 : 4; }

static tu_rng rng;
static unsigned scale = 1;
static uint64_t stream_checks;

/* Details of the first failures (the TAP line of the family fails too). */
static unsigned failures_reported;

static void fail(const char *what, const char *detail, const uint8_t *in, size_t n, size_t us)
{
    if (failures_reported++ >= 20)
        return;
    char hex[400];
    if (us == 1) {
        tu_fmt_bytes(hex, sizeof hex, in, n);
    } else {
        uint32_t tmp[96];
        size_t k = n < 96 ? n : 96;
        for (size_t i = 0; i < k; i++) {
            if (us == 2) {
                uint16_t u;
                memcpy(&u, in + 2 * i, 2);
                tmp[i] = u;
            } else {
                memcpy(&tmp[i], in + 4 * i, 4);
            }
        }
        tu_fmt_u32(hex, sizeof hex, tmp, k);
    }
    printf("# FAIL %s: %s\n#   input [%s]\n", what, detail, hex);
}

/* ======================================================================== */
/* Decoders.                                                                 */

typedef struct {
    uint64_t off, len;
} derr;

typedef struct {
    tu_bytes out;
    derr errs[256];
    size_t nerr;
} dres;

/* What one call did, for the after-the-fact checks. */
typedef struct {
    size_t out_before, written, cap, bound_total;
} callrec;

static callrec calls[1 << 16];
static size_t ncalls;

static wenc_status dcall(wenc_decoder *d, int form, const uint8_t *src, size_t *n, void *dst,
                         size_t *m, bool last)
{
    switch (form) {
    case U8:
        return wenc_decoder_decode_to_utf8(d, src, n, (uint8_t *)dst, m, last);
    case U16:
        return wenc_decoder_decode_to_utf16(d, src, n, (uint16_t *)dst, m, last);
    default:
        return wenc_decoder_decode_to_utf32(d, src, n, (uint32_t *)dst, m, last);
    }
}

static size_t dbound(const wenc_decoder *d, int form, size_t n)
{
    return form == U8 ? wenc_decoder_max_utf8_length(d, n)
           : form == U16 ? wenc_decoder_max_utf16_length(d, n)
                         : wenc_decoder_max_utf32_length(d, n);
}

/* A plan for splitting N units into calls. */
typedef struct {
    size_t brk[512]; /* chunk ends (excluding n) */
    size_t nbrk;
    bool last_alone;    /* `last` on an extra empty call */
    size_t caps[8];     /* output room per call, cycled */
    size_t ncaps;
} plan;

static void plan_one(plan *p, size_t cap)
{
    p->nbrk = 0;
    p->last_alone = false;
    p->caps[0] = cap;
    p->ncaps = 1;
}

/* Decodes IN with D (initialised by the caller) following PLAN.  Returns NULL
** or what went wrong. */
static const char *decode_plan(wenc_decoder *d, int form, const uint8_t *in, size_t n,
                               const plan *p, dres *r, char *msg, size_t msgsz)
{
    static uint8_t dst[1 << 16];
    size_t us = usize(form);
    size_t start = 0, k = 0;
    uint64_t base = wenc_decoder_position(d);
    size_t nchunks = p->nbrk + 1 + (p->last_alone ? 1 : 0);
    ncalls = 0;
    r->out.n = 0;
    r->nerr = 0;
    for (size_t c = 0; c < nchunks; c++) {
        size_t end = c < p->nbrk ? p->brk[c] : n;
        bool last = c == nchunks - 1;
        size_t pos = start;
        for (unsigned guard = 0;; guard++) {
            size_t cap = p->caps[k++ % p->ncaps];
            if (cap > sizeof dst / us)
                cap = sizeof dst / us;
            size_t sn = end - pos, dn = cap;
            size_t b_call = dbound(d, form, sn);
            size_t b_total = dbound(d, form, n - pos);
            wenc_status st = dcall(d, form, in + pos, &sn, dst, &dn, last);
            stream_checks++;
            if (sn > end - pos || dn > cap) {
                snprintf(msg, msgsz, "consumed %zu of %zu, wrote %zu of %zu", sn, end - pos, dn, cap);
                return msg;
            }
            if (dn > b_call) {
                snprintf(msg, msgsz, "a call wrote %zu units, bound before it was %zu for %zu bytes",
                         dn, b_call, end - pos);
                return msg;
            }
            if (ncalls < sizeof calls / sizeof calls[0])
                calls[ncalls++] = (callrec){r->out.n / us, dn, cap, b_total};
            tu_bytes_push(&r->out, dst, dn * us);
            pos += sn;
            if (wenc_decoder_position(d) != base + pos) {
                snprintf(msg, msgsz, "position %" PRIu64 " after consuming %zu",
                         wenc_decoder_position(d) - base, pos);
                return msg;
            }
            if (guard > 4 * (n + 16) + r->out.n) {
                snprintf(msg, msgsz, "no progress (status %s)", wenc_status_name(st));
                return msg;
            }
            if (st == WENC_INPUT_EMPTY) {
                if (pos != end) {
                    snprintf(msg, msgsz, "INPUT_EMPTY with %zu bytes left", end - pos);
                    return msg;
                }
                break;
            }
            if (st == WENC_OUTPUT_FULL) {
                if (sn == 0 && dn == 0) {
                    snprintf(msg, msgsz, "OUTPUT_FULL without progress (room %zu)", cap);
                    return msg;
                }
                /* Room left must be less than the largest thing that could
                ** come next (two code points for Big5). */
                size_t slack = form == U8 ? 8 : form == U16 ? 4 : 2;
                if (cap - dn >= slack) {
                    snprintf(msg, msgsz, "OUTPUT_FULL with %zu of %zu units free", cap - dn, cap);
                    return msg;
                }
                continue;
            }
            if (st == WENC_MALFORMED) {
                if (r->nerr < sizeof r->errs / sizeof r->errs[0]) {
                    r->errs[r->nerr].off = wenc_decoder_error_offset(d) - base;
                    r->errs[r->nerr].len = wenc_decoder_error_length(d);
                    r->nerr++;
                }
                continue;
            }
            snprintf(msg, msgsz, "status %s", wenc_status_name(st));
            return msg;
        }
        start = end;
    }
    return NULL;
}

/* Code point boundaries of decoder output (which must be valid). */
static const char *scan_output(int form, const tu_bytes *out, uint8_t *is_start, char *msg,
                               size_t msgsz)
{
    size_t us = usize(form), n = out->n / us;
    for (size_t i = 0; i <= n; i++)
        is_start[i] = 0;
    size_t i = 0;
    while (i < n) {
        is_start[i] = 1;
        if (form == U8) {
            const uint8_t *p = out->p;
            uint8_t b = p[i];
            size_t len = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
                                         : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
            if (len == 0 || i + len > n) {
                snprintf(msg, msgsz, "invalid UTF-8 output at %zu", i);
                return msg;
            }
            uint32_t cp = len == 1 ? b : (uint32_t)(b & (0xFF >> (len + 1)));
            for (size_t k = 1; k < len; k++) {
                if ((p[i + k] & 0xC0) != 0x80) {
                    snprintf(msg, msgsz, "invalid UTF-8 output at %zu", i);
                    return msg;
                }
                cp = (cp << 6) | (p[i + k] & 0x3F);
            }
            static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
            if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                snprintf(msg, msgsz, "invalid UTF-8 output at %zu", i);
                return msg;
            }
            i += len;
        } else if (form == U16) {
            uint16_t u, v;
            memcpy(&u, out->p + 2 * i, 2);
            if (u >= 0xDC00 && u <= 0xDFFF) {
                snprintf(msg, msgsz, "lone trailing surrogate in UTF-16 output at %zu", i);
                return msg;
            }
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (i + 1 >= n || (memcpy(&v, out->p + 2 * (i + 1), 2), v < 0xDC00 || v > 0xDFFF)) {
                    snprintf(msg, msgsz, "lone leading surrogate in UTF-16 output at %zu", i);
                    return msg;
                }
                i += 2;
            } else {
                i++;
            }
        } else {
            uint32_t cp;
            memcpy(&cp, out->p + 4 * i, 4);
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                snprintf(msg, msgsz, "invalid UTF-32 output U+%X at %zu", (unsigned)cp, i);
                return msg;
            }
            i++;
        }
    }
    is_start[n] = 1;
    return NULL;
}

/* After a run: each call ends on a code point boundary unless its buffer was
** smaller than that code point and it wrote nothing else; the whole-stream
** bound held. */
static const char *check_calls(const uint8_t *is_start, size_t total, char *msg, size_t msgsz)
{
    for (size_t c = 0; c < ncalls; c++) {
        const callrec *k = &calls[c];
        size_t endp = k->out_before + k->written;
        if (total - k->out_before > k->bound_total) {
            snprintf(msg, msgsz, "call %zu: %zu units still to come, bound was %zu", c,
                     total - k->out_before, k->bound_total);
            return msg;
        }
        if (!is_start[endp]) {
            size_t s = endp, e = endp;
            while (s > 0 && !is_start[s])
                s--;
            while (!is_start[e])
                e++;
            if (k->out_before < s || k->cap >= e - s) {
                snprintf(msg, msgsz, "call %zu split a %zu-unit code point with %zu units of room",
                         c, e - s, k->cap);
                return msg;
            }
        }
    }
    return NULL;
}

static bool dres_equal(const dres *a, const dres *b, char *msg, size_t msgsz)
{
    if (a->out.n != b->out.n || memcmp(a->out.p, b->out.p, a->out.n) != 0) {
        size_t i = 0;
        while (i < a->out.n && i < b->out.n && a->out.p[i] == b->out.p[i])
            i++;
        snprintf(msg, msgsz, "output differs from one call's at byte %zu (%zu vs %zu bytes)", i,
                 a->out.n, b->out.n);
        return false;
    }
    if (a->nerr != b->nerr) {
        snprintf(msg, msgsz, "%zu errors, one call had %zu", a->nerr, b->nerr);
        return false;
    }
    for (size_t i = 0; i < a->nerr; i++)
        if (a->errs[i].off != b->errs[i].off || a->errs[i].len != b->errs[i].len) {
            snprintf(msg, msgsz, "error %zu at %" PRIu64 "+%" PRIu64 ", one call had %" PRIu64
                                 "+%" PRIu64, i, a->errs[i].off, a->errs[i].len, b->errs[i].off,
                     b->errs[i].len);
            return false;
        }
    return true;
}

/* Per-encoding input material. */
typedef struct {
    const char *bytes;      /* interesting bytes */
    const char *samples[8]; /* valid text, hex */
} dmaterial;

static const dmaterial m_utf8 = {
    "00 41 7F 80 8F 90 9F A0 BB BD BF C0 C1 C2 DF E0 E1 E2 82 AC ED EE EF F0 F1 F4 F5 FF",
    {"41 C3 A9", "E2 82 AC", "F0 9F 98 80", "F4 8F BF BF", "EF BB BF", "ED 9F BF", "DF BF", "0A"}};
static const dmaterial m_single = {
    "00 41 7F 80 81 A1 A4 A5 AA AE CA D9 DB FF",
    /* Words of Russian (windows-1251) and Greek (windows-1253) text, so
    ** that the decoders' vector paths for runs of letters meet splits. */
    {"41", "80", "FF", "C0 E9", "0A", "A0", "CF F0 E8 E2 E5 F2 2C 20 EC E8 F0 20",
     "C1 E8 DE ED E1 20"}};
static const dmaterial m_gb = {
    "30 31 35 36 37 39 40 41 7E 7F 80 81 82 84 8F 90 94 9A A1 A3 A4 A5 A6 D9 E3 E4 F4 FC FE FF",
    {"81 40", "A1 A1", "81 30 81 30", "90 30 81 30", "84 31 A4 39", "E3 32 9A 35", "80 A6 D9",
     "81 35 F4 37"}};
static const dmaterial m_big5 = {
    "40 41 51 62 64 7C 7E 7F 80 81 87 88 A0 A1 A3 A4 A5 C8 CA F9 FE FF",
    {"A4 51", "88 62", "88 A5", "87 45", "C8 7C", "A1 40", "F9 F9", "41"}};
static const dmaterial m_eucjp = {
    "41 5C 80 8E 8F A0 A1 A2 A4 AF B0 DF E0 FC F1 FE FF",
    {"A4 A2", "8E A1", "8F A2 AF", "A1 A1", "FC F1", "41", "8E DF", "AD A1"}};
static const dmaterial m_iso2022jp = {
    "0A 0E 0F 1B 1B 1B 21 22 24 24 28 28 40 41 42 42 49 4A 5C 5F 60 7E 80",
    {"1B 24 42 24 22 24 24 1B 28 42", "1B 28 4A 5C 7E 1B 28 42", "1B 28 49 21 5F 1B 28 42", "41",
     "1B 24 40 21 21 1B 28 42", "0A", "1B 28 4A 41 1B 28 42", "1B 28 42"}};
static const dmaterial m_sjis = {
    "40 41 7E 7F 80 81 82 85 87 9F A0 A1 DF E0 EE EF F0 F9 FA FC FD FE FF",
    {"82 A0", "81 40", "A1", "F0 40", "FA 40", "EE EF", "80", "9F FC"}};
static const dmaterial m_euckr = {
    "40 41 5A 5B 61 7A 80 81 A1 B0 C8 C9 FD FE FF",
    {"B0 A1", "81 41", "A1 A1", "FD FE", "41", "C8 FE", "A1 D7", "0A"}};
static const dmaterial m_repl = {"00 41 80 FF", {"41", "", "", "", "", "", "", ""}};
static const dmaterial m_utf16le = {
    "00 00 41 D8 DB DC DF 3D DE FF FE",
    {"41 00", "3D D8 00 DE", "FF DB FF DF", "00 D8 00 DC", "FF FE", "E9 00", "0A 00", "00 30"}};
static const dmaterial m_utf16be = {
    "00 00 41 D8 DB DC DF 3D DE FF FE",
    {"00 41", "D8 3D DE 00", "DB FF DF FF", "D8 00 DC 00", "FE FF", "00 E9", "00 0A", "30 00"}};
static const dmaterial m_xud = {"00 41 7F 80 FF", {"41", "80", "FF", "C0", "", "", "", ""}};

static const dmaterial *material_for(const wenc_encoding *e)
{
    if (e == WENC_UTF_8)
        return &m_utf8;
    if (e == WENC_GB18030 || e == WENC_GBK)
        return &m_gb;
    if (e == WENC_BIG5)
        return &m_big5;
    if (e == WENC_EUC_JP)
        return &m_eucjp;
    if (e == WENC_ISO_2022_JP)
        return &m_iso2022jp;
    if (e == WENC_SHIFT_JIS)
        return &m_sjis;
    if (e == WENC_EUC_KR)
        return &m_euckr;
    if (e == WENC_REPLACEMENT)
        return &m_repl;
    if (e == WENC_UTF_16LE)
        return &m_utf16le;
    if (e == WENC_UTF_16BE)
        return &m_utf16be;
    if (e == WENC_X_USER_DEFINED)
        return &m_xud;
    return &m_single;
}

/* Builds a random input of about LEN bytes. */
static void make_bytes(const dmaterial *m, size_t len, tu_bytes *out)
{
    tu_u32s alpha = {0};
    tu_parse_hex(m->bytes, &alpha, NULL);
    out->n = 0;
    switch (tu_rng_below(&rng, 4)) {
    case 0: /* biased random bytes */
        for (size_t i = 0; i < len; i++)
            tu_bytes_push1(out, tu_rng_below(&rng, 5) ? (uint8_t)alpha.p[tu_rng_below(&rng, alpha.n)]
                                                      : (uint8_t)tu_rng_next(&rng));
        break;
    default: { /* valid text, then maybe truncated or mutated */
        while (out->n < len) {
            tu_u32s s = {0};
            tu_parse_hex(m->samples[tu_rng_below(&rng, 8)], &s, NULL);
            for (size_t i = 0; i < s.n; i++)
                tu_bytes_push1(out, (uint8_t)s.p[i]);
            tu_u32s_free(&s);
        }
        int how = (int)tu_rng_below(&rng, 3);
        if (how == 1 && out->n > 0)
            out->n = tu_rng_below(&rng, out->n + 1);
        else if (how == 2 && out->n > 0)
            out->p[tu_rng_below(&rng, out->n)] = (uint8_t)alpha.p[tu_rng_below(&rng, alpha.n)];
        break;
    }
    }
    tu_u32s_free(&alpha);
}

static void random_plan(plan *p, size_t n, bool bytewise, size_t maxcap)
{
    p->nbrk = 0;
    if (bytewise) {
        for (size_t i = 1; i < n && p->nbrk < 512; i++)
            p->brk[p->nbrk++] = i;
    } else {
        size_t at = 0;
        while (p->nbrk < 500) {
            at += tu_rng_below(&rng, 8); /* 0: an empty chunk */
            if (at >= n)
                break;
            p->brk[p->nbrk++] = at;
        }
    }
    p->last_alone = tu_rng_below(&rng, 3) == 0;
    p->ncaps = 1 + tu_rng_below(&rng, 4);
    for (size_t i = 0; i < p->ncaps; i++)
        p->caps[i] = 1 + tu_rng_below(&rng, maxcap);
}

typedef struct {
    unsigned inputs, runs, failed;
} tally;

static void decoder_input(const wenc_encoding *enc, unsigned flags, const uint8_t *in, size_t n,
                          tally *t)
{
    char msg[300], what[200];
    static uint8_t is_start[(1 << 16) + 1];
    t->inputs++;
    for (int form = U8; form <= U32; form++) {
        snprintf(what, sizeof what, "%s %s to %s", wenc_encoding_name(enc),
                 flags & WENC_DECODER_FATAL ? "fatal" : "replacement", form_name[form]);
        wenc_decoder d;
        dres ref = {0}, got = {0};
        plan p;
        plan_one(&p, 1 << 14);
        wenc_decoder_init(&d, enc, flags);
        const char *bad = decode_plan(&d, form, in, n, &p, &ref, msg, sizeof msg);
        if (!bad)
            bad = scan_output(form, &ref.out, is_start, msg, sizeof msg);
        if (!bad)
            bad = check_calls(is_start, ref.out.n / usize(form), msg, sizeof msg);
        t->runs++;
        if (bad) {
            t->failed++;
            fail(what, bad, in, n, 1);
            goto next;
        }
        /* Variants. */
        size_t nvariants = 6 + (n <= 24 ? n + 1 : 0);
        for (size_t v = 0; v < nvariants; v++) {
            if (v < 6) {
                random_plan(&p, n, v < 2, v % 2 ? 3 : 12);
            } else {
                /* Every two-chunk split, a large buffer or a tiny one. */
                p.nbrk = 1;
                p.brk[0] = v - 6;
                p.last_alone = false;
                p.caps[0] = v % 3 ? 1 << 14 : 1 + tu_rng_below(&rng, 4);
                p.ncaps = 1;
            }
            wenc_decoder_init(&d, enc, flags);
            bad = decode_plan(&d, form, in, n, &p, &got, msg, sizeof msg);
            if (!bad && !dres_equal(&got, &ref, msg, sizeof msg))
                bad = msg;
            if (!bad)
                bad = check_calls(is_start, ref.out.n / usize(form), msg, sizeof msg);
            t->runs++;
            if (bad) {
                char detail[500];
                snprintf(detail, sizeof detail, "%s (%zu calls planned: %zu splits%s, caps %zu..)",
                         bad, p.nbrk + 1, p.nbrk, p.last_alone ? " + empty last" : "", p.caps[0]);
                t->failed++;
                fail(what, detail, in, n, 1);
                break;
            }
        }
    next:
        tu_bytes_free(&ref.out);
        tu_bytes_free(&got.out);
    }
}

static void decoders(void)
{
    tu_bytes in = {0};
    for (size_t ei = 0; ei < WENC_ENCODING_COUNT; ei++) {
        const wenc_encoding *enc = wenc_encoding_at(ei);
        if (!built_or_skip(enc, "decoders"))
            continue;
        const dmaterial *m = material_for(enc);
        bool single = m == &m_single && enc != WENC_WINDOWS_1252 && enc != WENC_ISO_8859_8;
        unsigned count = (single ? 20 : 200) * scale;
        tally t = {0, 0, 0};
        for (unsigned i = 0; i < count; i++) {
            size_t len = i % 3 == 2 ? 40 + tu_rng_below(&rng, 120) : tu_rng_below(&rng, 25);
            make_bytes(m, len, &in);
            for (int fatal = 0; fatal <= 1; fatal++)
                decoder_input(enc, fatal ? WENC_DECODER_FATAL : 0, in.p, in.n, &t);
        }
        /* BOM sniffing and stripping stream the same way too. */
        if (enc == WENC_UTF_8 || enc == WENC_UTF_16LE || enc == WENC_WINDOWS_1252) {
            for (unsigned i = 0; i < 60 * scale; i++) {
                make_bytes(m, tu_rng_below(&rng, 12), &in);
                static const char *const boms[] = {"EF BB BF", "FE FF", "FF FE", "EF BB", ""};
                tu_u32s b = {0};
                tu_parse_hex(boms[tu_rng_below(&rng, 5)], &b, NULL);
                tu_bytes x = {0};
                for (size_t k = 0; k < b.n; k++)
                    tu_bytes_push1(&x, (uint8_t)b.p[k]);
                tu_bytes_push(&x, in.p, in.n);
                unsigned bom = i % 2 ? WENC_DECODER_BOM_SNIFF : WENC_DECODER_BOM_STRIP;
                decoder_input(enc, bom | (i % 4 < 2 ? WENC_DECODER_FATAL : 0), x.p, x.n, &t);
                tu_u32s_free(&b);
                tu_bytes_free(&x);
            }
        }
        CHECK(t.failed == 0, "%s decoder: %u inputs, %u runs (2 modes x 3 forms x splits)",
              wenc_encoding_name(enc), t.inputs, t.runs);
    }
    tu_bytes_free(&in);
}

/* ======================================================================== */
/* Encoders.                                                                 */

typedef struct {
    uint32_t cp;
    uint64_t off;
} eerr;

typedef struct {
    tu_bytes out;
    eerr errs[256];
    size_t nerr;
    uint64_t repl;
} eres;

static wenc_status ecall(wenc_encoder *e, int form, const void *src, size_t *n, uint8_t *dst,
                         size_t *m, bool last)
{
    switch (form) {
    case U8:
        return wenc_encoder_encode_from_utf8(e, (const uint8_t *)src, n, dst, m, last);
    case U16:
        return wenc_encoder_encode_from_utf16(e, (const uint16_t *)src, n, dst, m, last);
    default:
        return wenc_encoder_encode_from_utf32(e, (const uint32_t *)src, n, dst, m, last);
    }
}

static size_t ebound(const wenc_encoder *e, int form, size_t n)
{
    return form == U8 ? wenc_encoder_max_length_from_utf8(e, n)
           : form == U16 ? wenc_encoder_max_length_from_utf16(e, n)
                         : wenc_encoder_max_length_from_utf32(e, n);
}

static const char *encode_plan(wenc_encoder *e, int form, const uint8_t *in, size_t n,
                               const plan *p, eres *r, char *msg, size_t msgsz)
{
    static uint8_t dst[1 << 16];
    size_t us = usize(form);
    size_t start = 0, k = 0;
    size_t nchunks = p->nbrk + 1 + (p->last_alone ? 1 : 0);
    ncalls = 0;
    r->out.n = 0;
    r->nerr = 0;
    for (size_t c = 0; c < nchunks; c++) {
        size_t end = c < p->nbrk ? p->brk[c] : n;
        bool last = c == nchunks - 1;
        size_t pos = start;
        for (unsigned guard = 0;; guard++) {
            size_t cap = p->caps[k++ % p->ncaps];
            if (cap > sizeof dst)
                cap = sizeof dst;
            size_t sn = end - pos, dn = cap;
            size_t b_call = ebound(e, form, sn);
            size_t b_total = ebound(e, form, n - pos);
            wenc_status st = ecall(e, form, in + pos * us, &sn, dst, &dn, last);
            stream_checks++;
            if (sn > end - pos || dn > cap) {
                snprintf(msg, msgsz, "consumed %zu of %zu, wrote %zu of %zu", sn, end - pos, dn, cap);
                return msg;
            }
            if (dn > b_call) {
                snprintf(msg, msgsz, "a call wrote %zu bytes, bound before it was %zu for %zu units",
                         dn, b_call, end - pos);
                return msg;
            }
            if (ncalls < sizeof calls / sizeof calls[0])
                calls[ncalls++] = (callrec){r->out.n, dn, cap, b_total};
            tu_bytes_push(&r->out, dst, dn);
            pos += sn;
            if (wenc_encoder_position(e) != pos) {
                snprintf(msg, msgsz, "position %" PRIu64 " after consuming %zu",
                         wenc_encoder_position(e), pos);
                return msg;
            }
            if (guard > 4 * (n + 16) + r->out.n) {
                snprintf(msg, msgsz, "no progress (status %s)", wenc_status_name(st));
                return msg;
            }
            if (st == WENC_INPUT_EMPTY) {
                if (pos != end) {
                    snprintf(msg, msgsz, "INPUT_EMPTY with %zu units left", end - pos);
                    return msg;
                }
                break;
            }
            if (st == WENC_OUTPUT_FULL) {
                if (sn == 0 && dn == 0) {
                    snprintf(msg, msgsz, "OUTPUT_FULL without progress (room %zu)", cap);
                    return msg;
                }
                /* The largest atom: "&#1114111;" after ESC ( B. */
                if (cap - dn >= 16) {
                    snprintf(msg, msgsz, "OUTPUT_FULL with %zu of %zu bytes free", cap - dn, cap);
                    return msg;
                }
                continue;
            }
            if (st == WENC_UNMAPPABLE) {
                if (r->nerr < sizeof r->errs / sizeof r->errs[0]) {
                    r->errs[r->nerr].cp = wenc_encoder_error_code_point(e);
                    r->errs[r->nerr].off = wenc_encoder_error_offset(e);
                    r->nerr++;
                }
                continue;
            }
            snprintf(msg, msgsz, "status %s", wenc_status_name(st));
            return msg;
        }
        start = end;
    }
    r->repl = wenc_encoder_replacement_count(e);
    /* The whole-stream bound. */
    for (size_t c = 0; c < ncalls; c++)
        if (r->out.n - calls[c].out_before > calls[c].bound_total) {
            snprintf(msg, msgsz, "call %zu: %zu bytes still to come, bound was %zu", c,
                     r->out.n - calls[c].out_before, calls[c].bound_total);
            return msg;
        }
    return NULL;
}

static bool eres_equal(const eres *a, const eres *b, char *msg, size_t msgsz)
{
    if (a->out.n != b->out.n || memcmp(a->out.p, b->out.p, a->out.n) != 0) {
        size_t i = 0;
        while (i < a->out.n && i < b->out.n && a->out.p[i] == b->out.p[i])
            i++;
        snprintf(msg, msgsz, "output differs from one call's at byte %zu (%zu vs %zu bytes)", i,
                 a->out.n, b->out.n);
        return false;
    }
    if (a->nerr != b->nerr) {
        snprintf(msg, msgsz, "%zu errors, one call had %zu", a->nerr, b->nerr);
        return false;
    }
    for (size_t i = 0; i < a->nerr; i++)
        if (a->errs[i].cp != b->errs[i].cp || a->errs[i].off != b->errs[i].off) {
            snprintf(msg, msgsz, "error %zu U+%04X@%" PRIu64 ", one call had U+%04X@%" PRIu64, i,
                     (unsigned)a->errs[i].cp, a->errs[i].off, (unsigned)b->errs[i].cp,
                     b->errs[i].off);
            return false;
        }
    if (a->repl != b->repl) {
        snprintf(msg, msgsz, "replacement count %" PRIu64 ", one call had %" PRIu64, a->repl,
                 b->repl);
        return false;
    }
    return true;
}

/* Code points worth encoding: mappable somewhere, unmappable elsewhere. */
static const uint32_t cp_pool[] = {
    0x41, 0x0A, 0x5C, 0x7E, 0x0E, 0x0F, 0x1B, 0x80, 0xA5, 0xE9, 0x100, 0x2D8, 0x203E, 0x20AC,
    0x2170, 0x2212, 0x2460, 0x2550, 0x3000, 0x3042, 0x4E02, 0x5341, 0x9ED1, 0x9FB4, 0xAC00,
    0xE000, 0xE5E5, 0xE78D, 0xE7C7, 0xF780, 0xF7FF, 0xFE10, 0xFF0D, 0xFF61, 0xFF76, 0xFF9E,
    0xFF9F, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x2008A, 0x10FFFF, 0x43F0, 0x410, 0x454,
};

/* Builds random input in FORM: scalar values and ill-formed units. */
static void make_units(int form, size_t count, tu_bytes *out)
{
    out->n = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t cp = cp_pool[tu_rng_below(&rng, sizeof cp_pool / sizeof cp_pool[0])];
        if (tu_rng_below(&rng, 8) == 0) {
            /* Ill-formed input for the form. */
            if (form == U8) {
                static const char *const bad[] = {"80", "C0", "E2 82", "F0 9F", "F0 9F 98", "FF",
                                                  "ED A0 80", "F4 90"};
                tu_u32s b = {0};
                tu_parse_hex(bad[tu_rng_below(&rng, 8)], &b, NULL);
                for (size_t k = 0; k < b.n; k++)
                    tu_bytes_push1(out, (uint8_t)b.p[k]);
                tu_u32s_free(&b);
            } else if (form == U16) {
                static const uint16_t bad[] = {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00};
                tu_bytes_push(out, &bad[tu_rng_below(&rng, 6)], 2);
            } else {
                static const uint32_t bad[] = {0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF};
                tu_bytes_push(out, &bad[tu_rng_below(&rng, 4)], 4);
            }
            continue;
        }
        if (form == U8)
            tu_put_utf8(out, cp);
        else if (form == U16)
            tu_put_utf16(out, cp);
        else
            tu_put_utf32(out, cp);
    }
}

static void encoder_input(const wenc_encoding *enc, unsigned flags, int form, const uint8_t *in,
                          size_t n, tally *t)
{
    char msg[300], what[200];
    snprintf(what, sizeof what, "%s encoder, %s, from %s", wenc_encoding_name(enc),
             flags == WENC_ENCODER_HTML ? "html" : "fatal", form_name[form]);
    t->inputs++;
    wenc_encoder e;
    eres ref = {0}, got = {0};
    plan p;
    plan_one(&p, 1 << 14);
    wenc_encoder_init(&e, enc, flags);
    static uint8_t is_start[(1 << 16) + 1];
    const char *bad = encode_plan(&e, form, in, n, &p, &ref, msg, sizeof msg);
    /* UTF-8's encoder output is UTF-8: its code points must not be split
    ** either (the same rule as the decoders'). */
    bool utf8 = enc == WENC_UTF_8;
    if (!bad && utf8)
        bad = scan_output(U8, &ref.out, is_start, msg, sizeof msg);
    t->runs++;
    if (bad) {
        t->failed++;
        fail(what, bad, in, n, usize(form));
        goto done;
    }
    size_t nvariants = 6 + (n <= 24 ? n + 1 : 0);
    for (size_t v = 0; v < nvariants; v++) {
        if (v < 6) {
            random_plan(&p, n, v < 2, v % 2 ? 4 : 20);
        } else {
            p.nbrk = 1;
            p.brk[0] = v - 6;
            p.last_alone = false;
            p.caps[0] = v % 3 ? 1 << 14 : 1 + tu_rng_below(&rng, 6);
            p.ncaps = 1;
        }
        wenc_encoder_init(&e, enc, flags);
        bad = encode_plan(&e, form, in, n, &p, &got, msg, sizeof msg);
        if (!bad && !eres_equal(&got, &ref, msg, sizeof msg))
            bad = msg;
        if (!bad && utf8)
            bad = check_calls(is_start, ref.out.n, msg, sizeof msg);
        t->runs++;
        if (bad) {
            char detail[500];
            snprintf(detail, sizeof detail, "%s (%zu splits%s, caps %zu..)", bad, p.nbrk,
                     p.last_alone ? " + empty last" : "", p.caps[0]);
            t->failed++;
            fail(what, detail, in, n, usize(form));
            break;
        }
    }
done:
    tu_bytes_free(&ref.out);
    tu_bytes_free(&got.out);
}

static void encoders(void)
{
    tu_bytes in = {0};
    for (size_t ei = 0; ei < WENC_ENCODING_COUNT; ei++) {
        const wenc_encoding *enc = wenc_encoding_at(ei);
        if (!wenc_encoding_has_encoder(enc) || !built_or_skip(enc, "encoders"))
            continue;
        bool single = wenc_encoding_is_single_byte(enc) && enc != WENC_WINDOWS_1252;
        unsigned count = (single ? 6 : 60) * scale;
        tally t = {0, 0, 0};
        for (unsigned i = 0; i < count; i++)
            for (int form = U8; form <= U32; form++) {
                size_t len = i % 3 == 2 ? 20 + tu_rng_below(&rng, 40) : tu_rng_below(&rng, 10);
                make_units(form, len, &in);
                for (int html = 0; html <= 1; html++)
                    encoder_input(enc, html ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL, form, in.p,
                                  in.n / usize(form), &t);
            }
        CHECK(t.failed == 0, "%s encoder: %u inputs, %u runs (2 modes x 3 input forms x splits)",
              wenc_encoding_name(enc), t.inputs, t.runs);
    }
    tu_bytes_free(&in);
}

/* ======================================================================== */
/* The bounds leave room for a last call, and saturate.                      */

static void bounds_are_enough(void)
{
    static uint8_t dst[1 << 18];
    tu_bytes in = {0};
    unsigned bad_dec = 0, bad_enc = 0, runs = 0;
    for (size_t ei = 0; ei < WENC_ENCODING_COUNT; ei++) {
        const wenc_encoding *enc = wenc_encoding_at(ei);
        if (!built_or_skip(enc, "bounds are enough"))
            continue;
        const dmaterial *m = material_for(enc);
        for (unsigned i = 0; i < 30 * scale; i++) {
            make_bytes(m, tu_rng_below(&rng, 60), &in);
            size_t cut = tu_rng_below(&rng, in.n + 1);
            for (int form = U8; form <= U32; form++) {
                unsigned flags = i % 2 ? WENC_DECODER_FATAL : 0;
                wenc_decoder d;
                wenc_decoder_init(&d, enc, flags);
                /* Reach a random state, possibly with output pending. */
                size_t sn = cut, dn = 1 + tu_rng_below(&rng, 3);
                wenc_status st = dcall(&d, form, in.p, &sn, dst, &dn, false);
                if (st == WENC_MALFORMED)
                    continue;
                size_t rest = in.n - sn;
                size_t room = dbound(&d, form, rest);
                size_t rn = rest;
                dn = room;
                runs++;
                if (room > sizeof dst / usize(form)) {
                    bad_dec++;
                    continue;
                }
                st = dcall(&d, form, sn == 0 ? in.p : in.p + sn, &rn, dst, &dn, true);
                if (st == WENC_OUTPUT_FULL || st == WENC_INVALID_ARGUMENT) {
                    if (bad_dec++ < 5)
                        fail(wenc_encoding_name(enc), "a last call with the bound's room got OUTPUT_FULL",
                             in.p + sn, rest, 1);
                }
            }
        }
        if (!wenc_encoding_has_encoder(enc))
            continue;
        for (unsigned i = 0; i < 30 * scale; i++)
            for (int form = U8; form <= U32; form++) {
                make_units(form, tu_rng_below(&rng, 30), &in);
                size_t n = in.n / usize(form), cut = tu_rng_below(&rng, n + 1);
                wenc_encoder e;
                wenc_encoder_init(&e, enc, i % 2 ? WENC_ENCODER_FATAL : WENC_ENCODER_HTML);
                size_t sn = cut, dn = 1 + tu_rng_below(&rng, 4);
                wenc_status st = ecall(&e, form, in.p, &sn, dst, &dn, false);
                if (st == WENC_UNMAPPABLE)
                    continue;
                size_t rest = n - sn, room = ebound(&e, form, rest), rn = rest;
                dn = room;
                runs++;
                if (room > sizeof dst) {
                    bad_enc++;
                    continue;
                }
                st = ecall(&e, form, in.p + sn * usize(form), &rn, dst, &dn, true);
                if (st == WENC_OUTPUT_FULL || st == WENC_INVALID_ARGUMENT) {
                    if (bad_enc++ < 5)
                        fail(wenc_encoding_name(enc),
                             "a last encode call with the bound's room got OUTPUT_FULL",
                             in.p + sn * usize(form), rest, usize(form));
                }
            }
    }
    stream_checks += runs;
    CHECK(bad_dec == 0, "decoders: room of wenc_decoder_max_*_length() never gives OUTPUT_FULL");
    CHECK(bad_enc == 0, "encoders: room of wenc_encoder_max_length_from_*() never gives OUTPUT_FULL");
    tu_bytes_free(&in);
}

static void bounds_saturate(void)
{
    unsigned bad = 0;
    for (size_t ei = 0; ei < WENC_ENCODING_COUNT; ei++) {
        const wenc_encoding *enc = wenc_encoding_at(ei);
        if (!built_or_skip(enc, "bounds saturate"))
            continue;
        bool narrow = enc == WENC_UTF_16LE || enc == WENC_UTF_16BE || enc == WENC_REPLACEMENT;
        wenc_decoder d;
        wenc_decoder_init(&d, enc, 0);
        for (int form = U8; form <= U32; form++) {
            size_t big = dbound(&d, form, SIZE_MAX), big1 = dbound(&d, form, SIZE_MAX - 1);
            size_t half = dbound(&d, form, SIZE_MAX / 2), third = dbound(&d, form, SIZE_MAX / 3);
            /* ASCII bytes give one unit each, so the bound reaches SIZE_MAX;
            ** UTF-16 gives at least one unit per two bytes; replacement one
            ** U+FFFD.  Never a wrapped-around small number, never decreasing. */
            bool ok = big >= big1 && big1 >= half && half >= third && third >= dbound(&d, form, 100);
            if (!narrow)
                ok = ok && big == SIZE_MAX && big1 == SIZE_MAX &&
                     (form != U8 || (half == SIZE_MAX && third == SIZE_MAX));
            else if (enc == WENC_REPLACEMENT)
                ok = ok && big >= (form == U8 ? 3u : 1u);
            else
                ok = ok && big >= SIZE_MAX / 2 && (form != U8 || big == SIZE_MAX);
            if (!ok && bad++ < 5)
                printf("# %s decoder to %s: bounds %zu %zu %zu %zu\n", wenc_encoding_name(enc),
                       form_name[form], big, big1, half, third);
        }
        if (!wenc_encoding_has_encoder(enc))
            continue;
        for (int html = 0; html <= 1; html++) {
            wenc_encoder e;
            wenc_encoder_init(&e, enc, html ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL);
            for (int form = U8; form <= U32; form++) {
                /* Every encoder writes an ASCII code point as one byte. */
                size_t big = ebound(&e, form, SIZE_MAX), big1 = ebound(&e, form, SIZE_MAX - 1);
                size_t half = ebound(&e, form, SIZE_MAX / 2);
                bool ok = big == SIZE_MAX && big1 == SIZE_MAX && half >= SIZE_MAX / 2;
                if (!ok && bad++ < 5)
                    printf("# %s encoder from %s: bounds %zu %zu %zu\n", wenc_encoding_name(enc),
                           form_name[form], big, big1, half);
            }
        }
    }
    CHECK(bad == 0, "bounds near SIZE_MAX saturate to SIZE_MAX (never wrap around)");
    CHECK(wenc_decoder_max_utf8_length(NULL, 10) == 0 && wenc_decoder_max_utf16_length(NULL, 10) == 0 &&
              wenc_decoder_max_utf32_length(NULL, 10) == 0,
          "decoder bounds of NULL are 0");
    CHECK(wenc_encoder_max_length_from_utf8(NULL, 10) == 0 &&
              wenc_encoder_max_length_from_utf16(NULL, 10) == 0 &&
              wenc_encoder_max_length_from_utf32(NULL, 10) == 0,
          "encoder bounds of NULL are 0");
}

/* ======================================================================== */
/* Arguments.                                                                */

static void arguments(void)
{
    wenc_decoder d;
    uint8_t out8[8];
    uint16_t out16[8];
    uint32_t out32[8];
    const uint8_t a[] = {0x41, 0x42};
    size_t n, m;

    wenc_decoder_init(&d, WENC_UTF_8, 0);
    n = 5, m = sizeof out8;
    CHECK(wenc_decoder_decode_to_utf8(&d, NULL, &n, out8, &m, false) == WENC_INVALID_ARGUMENT &&
              n == 0 && m == 0 && wenc_decoder_position(&d) == 0,
          "decode: NULL src with length 5 -> INVALID_ARGUMENT, nothing consumed or written");
    n = 2, m = 3;
    CHECK(wenc_decoder_decode_to_utf16(&d, a, &n, NULL, &m, false) == WENC_INVALID_ARGUMENT &&
              n == 0 && m == 0 && wenc_decoder_position(&d) == 0,
          "decode: NULL dst with room 3 -> INVALID_ARGUMENT, nothing consumed");
    m = 1;
    CHECK(wenc_decoder_decode_to_utf32(&d, a, NULL, out32, &m, false) == WENC_INVALID_ARGUMENT,
          "decode: NULL src_len -> INVALID_ARGUMENT");
    n = 2;
    CHECK(wenc_decoder_decode_to_utf32(&d, a, &n, out32, NULL, false) == WENC_INVALID_ARGUMENT,
          "decode: NULL dst_len -> INVALID_ARGUMENT");
    n = 2, m = 1;
    CHECK(wenc_decoder_decode_to_utf8(NULL, a, &n, out8, &m, false) == WENC_INVALID_ARGUMENT,
          "decode: NULL decoder -> INVALID_ARGUMENT");
    n = 0, m = 0;
    CHECK(wenc_decoder_decode_to_utf8(&d, NULL, &n, NULL, &m, false) == WENC_INPUT_EMPTY && n == 0 &&
              m == 0,
          "decode: NULL/0 input and NULL/0 output, not last -> INPUT_EMPTY");
    n = 0, m = 0;
    CHECK(wenc_decoder_decode_to_utf8(&d, NULL, &n, NULL, &m, true) == WENC_INPUT_EMPTY,
          "decode: empty last call -> INPUT_EMPTY");
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    n = 2, m = 0;
    wenc_status st = wenc_decoder_decode_to_utf16(&d, a, &n, NULL, &m, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 0, "decode: 'AB' into NULL/0 output -> OUTPUT_FULL");
    n = 2, m = 8;
    st = wenc_decoder_decode_to_utf16(&d, a + 0, &n, out16, &m, true);
    CHECK(st == WENC_INPUT_EMPTY && m == 2 && out16[0] == 0x41 && out16[1] == 0x42,
          "  then with room: 'AB'");
    /* Input that produces nothing needs no room. */
    const uint8_t lead[] = {0xE2, 0x82};
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    n = 2, m = 0;
    CHECK(wenc_decoder_decode_to_utf8(&d, lead, &n, NULL, &m, false) == WENC_INPUT_EMPTY && n == 2,
          "decode: E2 82 (not last) into NULL/0 output -> INPUT_EMPTY, consumed");

    wenc_encoder e;
    const uint32_t u[] = {0x41};
    wenc_encoder_init(&e, WENC_UTF_8, 0);
    n = 3, m = sizeof out8;
    CHECK(wenc_encoder_encode_from_utf32(&e, NULL, &n, out8, &m, false) == WENC_INVALID_ARGUMENT &&
              n == 0 && m == 0 && wenc_encoder_position(&e) == 0,
          "encode: NULL src with length 3 -> INVALID_ARGUMENT, nothing consumed or written");
    n = 1, m = 4;
    CHECK(wenc_encoder_encode_from_utf32(&e, u, &n, NULL, &m, false) == WENC_INVALID_ARGUMENT &&
              n == 0 && wenc_encoder_position(&e) == 0,
          "encode: NULL dst with room 4 -> INVALID_ARGUMENT, nothing consumed");
    n = 1, m = 4;
    CHECK(wenc_encoder_encode_from_utf16(NULL, (const uint16_t *)NULL, &n, out8, &m, false) ==
              WENC_INVALID_ARGUMENT,
          "encode: NULL encoder -> INVALID_ARGUMENT");
    m = 4;
    CHECK(wenc_encoder_encode_from_utf8(&e, a, NULL, out8, &m, false) == WENC_INVALID_ARGUMENT,
          "encode: NULL src_len -> INVALID_ARGUMENT");
    n = 0, m = 0;
    CHECK(wenc_encoder_encode_from_utf8(&e, NULL, &n, NULL, &m, true) == WENC_INPUT_EMPTY,
          "encode: NULL/0 input and output, last -> INPUT_EMPTY");
    wenc_encoder_init(&e, WENC_UTF_8, 0);
    n = 1, m = 0;
    CHECK(wenc_encoder_encode_from_utf32(&e, u, &n, NULL, &m, true) == WENC_OUTPUT_FULL,
          "encode: 'A' into NULL/0 output -> OUTPUT_FULL");
}

/* A 1-unit output buffer makes progress on multi-unit output. */
static void one_unit_buffers(void)
{
    static const struct {
        const wenc_encoding *enc;
        const char *in;
        const char *out;
    } dv[] = {
        {WENC_UTF_8, "E2 82 AC", "E2 82 AC"},
        {WENC_UTF_8, "F0 9F 98 80", "F0 9F 98 80"},
        {WENC_UTF_8, "E2 82", "EF BF BD"},
        {WENC_GB18030, "94 39 FC 36", "F0 9F 98 80"},
        {WENC_BIG5, "88 62", "C3 8A CC 84"},
        {WENC_UTF_16LE, "3D D8 00 DE", "F0 9F 98 80"},
        {WENC_SHIFT_JIS, "82 A0", "E3 81 82"},
    };
    for (size_t i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        if (!built_or_skip(dv[i].enc, dv[i].in))
            continue;
        tu_u32s inv = {0}, outv = {0};
        tu_parse_hex(dv[i].in, &inv, NULL);
        tu_parse_hex(dv[i].out, &outv, NULL);
        uint8_t in[8], want[8];
        for (size_t k = 0; k < inv.n; k++)
            in[k] = (uint8_t)inv.p[k];
        for (size_t k = 0; k < outv.n; k++)
            want[k] = (uint8_t)outv.p[k];
        wenc_decoder d;
        wenc_decoder_init(&d, dv[i].enc, 0);
        uint8_t got[16];
        size_t ng = 0, pos = 0, calls_made = 0;
        bool each_one = true;
        for (;;) {
            size_t n = inv.n - pos, m = 1;
            wenc_status st = wenc_decoder_decode_to_utf8(&d, in + pos, &n, got + ng, &m, true);
            calls_made++;
            pos += n;
            ng += m;
            if (st != WENC_OUTPUT_FULL || calls_made > 20)
                break;
            each_one = each_one && m == 1;
        }
        char desc[200];
        snprintf(desc, sizeof desc, "%s [%s] to UTF-8, 1-byte buffer: one byte per call",
                 wenc_encoding_name(dv[i].enc), dv[i].in);
        CHECK(each_one, "%s", desc);
        CHECK_BYTES(got, ng, want, outv.n, "  ... and the whole output");
        tu_u32s_free(&inv);
        tu_u32s_free(&outv);
    }
    /* UTF-16 output, 1 unit: a surrogate pair over two calls. */
    const uint8_t smile[] = {0xF0, 0x9F, 0x98, 0x80};
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    uint16_t u16[2];
    size_t n = 4, m = 1;
    wenc_status st = wenc_decoder_decode_to_utf16(&d, smile, &n, u16, &m, true);
    size_t n2 = 4 - n, m2 = 1;
    wenc_status st2 = wenc_decoder_decode_to_utf16(&d, smile + n, &n2, u16 + 1, &m2, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 1 && st2 == WENC_INPUT_EMPTY && m2 == 1 &&
              u16[0] == 0xD83D && u16[1] == 0xDE00,
          "UTF-8 F0 9F 98 80 to UTF-16 with a 1-unit buffer: D83D then DE00");

    /* Encoders: a 1-byte buffer writes one byte per call. */
    static const struct {
        const wenc_encoding *enc;
        uint32_t cp;
        const char *out;
    } ev[] = {
        {WENC_UTF_8, 0x20AC, "E2 82 AC"},
        {WENC_UTF_8, 0x1F600, "F0 9F 98 80"},
        {WENC_GB18030, 0x1F600, "94 39 FC 36"},
        {WENC_ISO_2022_JP, 0x3042, "1B 24 42 24 22 1B 28 42"},
        {WENC_WINDOWS_1252, 0x1F600, "26 23 31 32 38 35 31 32 3B"},
    };
    for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++) {
        tu_u32s outv = {0};
        tu_parse_hex(ev[i].out, &outv, NULL);
        uint8_t want[16], got[32];
        for (size_t k = 0; k < outv.n; k++)
            want[k] = (uint8_t)outv.p[k];
        if (!built_or_skip(ev[i].enc, "one-unit buffers")) {
            tu_u32s_free(&outv);
            continue;
        }
        wenc_encoder e;
        wenc_encoder_init(&e, ev[i].enc, WENC_ENCODER_HTML);
        size_t ng = 0, pos = 0, calls_made = 0;
        bool each_one = true;
        for (;;) {
            size_t en = 1 - pos, em = 1;
            st = wenc_encoder_encode_from_utf32(&e, &ev[i].cp + pos, &en, got + ng, &em, true);
            calls_made++;
            pos += en;
            ng += em;
            if (st != WENC_OUTPUT_FULL || calls_made > 40)
                break;
            each_one = each_one && em == 1;
        }
        char desc[200];
        snprintf(desc, sizeof desc, "%s encoder, U+%04X into a 1-byte buffer: one byte per call",
                 wenc_encoding_name(ev[i].enc), (unsigned)ev[i].cp);
        CHECK(each_one, "%s", desc);
        CHECK_BYTES(got, ng, want, outv.n, "  ... and the whole output");
        tu_u32s_free(&outv);
    }
}

/* A code point, an escape or a "&#N;" is only split when the buffer is too
** small for it and the call wrote nothing else. */
static void no_split_after_output(void)
{
    if (!built_or_skip(WENC_WINDOWS_1252, "no split after output") ||
        !built_or_skip(WENC_ISO_2022_JP, "no split after output"))
        return;
    wenc_decoder d;
    uint8_t out[8];
    const uint8_t euro[] = {0x41, 0xE2, 0x82, 0xAC};
    wenc_decoder_init(&d, WENC_UTF_8, 0);
    size_t n = 4, m = 3;
    wenc_status st = wenc_decoder_decode_to_utf8(&d, euro, &n, out, &m, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 1 && out[0] == 0x41,
          "decode 41 E2 82 AC to UTF-8 with 3 bytes of room: 'A' only, OUTPUT_FULL");
    size_t n2 = 4 - n, m2 = 3;
    st = wenc_decoder_decode_to_utf8(&d, euro + n, &n2, out, &m2, true);
    CHECK(st == WENC_INPUT_EMPTY && m2 == 3 && memcmp(out, "\xE2\x82\xAC", 3) == 0,
          "  then E2 82 AC whole");

    wenc_encoder e;
    const uint32_t in[] = {0x41, 0x1F600};
    wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_HTML);
    n = 2, m = 5;
    st = wenc_encoder_encode_from_utf32(&e, in, &n, out, &m, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 1 && out[0] == 0x41,
          "windows-1252 html 'A' U+1F600 with 5 bytes of room: 'A' only, OUTPUT_FULL");
    n2 = 2 - n, m2 = 5;
    st = wenc_encoder_encode_from_utf32(&e, in + n, &n2, out, &m2, true);
    CHECK(st == WENC_OUTPUT_FULL && m2 == 5 && memcmp(out, "&#128", 5) == 0,
          "  then, with nothing else to write, the first 5 bytes of &#128512;");
    size_t n3 = 2 - n - n2, m3 = 5;
    st = wenc_encoder_encode_from_utf32(&e, in + n + n2, &n3, out, &m3, true);
    CHECK(st == WENC_INPUT_EMPTY && m3 == 4 && memcmp(out, "512;", 4) == 0, "  then 512;");

    const uint32_t jp[] = {0x41, 0x3042};
    wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_FATAL);
    n = 2, m = 5;
    st = wenc_encoder_encode_from_utf32(&e, jp, &n, out, &m, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 4 && memcmp(out, "A\x1B\x24\x42", 4) == 0,
          "ISO-2022-JP 'A' U+3042 with 5 bytes of room: 41 1B 24 42, OUTPUT_FULL");
    n2 = 2 - n, m2 = 5;
    st = wenc_encoder_encode_from_utf32(&e, jp + n, &n2, out, &m2, true);
    CHECK(st == WENC_INPUT_EMPTY && m2 == 5 && memcmp(out, "\x24\x22\x1B\x28\x42", 5) == 0,
          "  then 24 22 1B 28 42");
}

/* After a `last` call returned INPUT_EMPTY the decoder is in its initial
** handler state: a second stream decodes as with a fresh decoder (positions
** and error offsets continue). */
static void back_to_initial_state(void)
{
    static const struct {
        const wenc_encoding *enc;
        const char *first, *second;
    } fixed[] = {
        {WENC_ISO_2022_JP, "1B 28 49", "21 5C"},     /* katakana -> ASCII */
        {WENC_ISO_2022_JP, "1B 28 4A", "1B 28 42"},  /* output flag false again */
        {WENC_ISO_2022_JP, "1B 24 42 24", "24 22"},  /* trailing byte -> ASCII */
        {WENC_REPLACEMENT, "41", "41"},              /* error returned: false */
        {WENC_GB18030, "81 30", "81 40"},
        {WENC_UTF_16LE, "3D D8 00", "41 00"},
        {WENC_UTF_8, "F0 9F", "80"},
        {WENC_EUC_JP, "8F A2", "A4 A2"},
    };
    tu_bytes x = {0}, y = {0};
    unsigned bad = 0, runs = 0;
    size_t nfixed = sizeof fixed / sizeof fixed[0];
    for (size_t i = 0; i < nfixed + 200 * WENC_ENCODING_COUNT * scale; i++) {
        const wenc_encoding *enc;
        if (i < nfixed) {
            enc = fixed[i].enc;
            if (!built_or_skip(enc, fixed[i].first))
                continue;
            tu_u32s a = {0}, b = {0};
            tu_parse_hex(fixed[i].first, &a, NULL);
            tu_parse_hex(fixed[i].second, &b, NULL);
            x.n = y.n = 0;
            for (size_t k = 0; k < a.n; k++)
                tu_bytes_push1(&x, (uint8_t)a.p[k]);
            for (size_t k = 0; k < b.n; k++)
                tu_bytes_push1(&y, (uint8_t)b.p[k]);
            tu_u32s_free(&a);
            tu_u32s_free(&b);
        } else {
            enc = wenc_encoding_at((i - nfixed) % WENC_ENCODING_COUNT);
            if (!wenc_encoding_is_built_in(enc))
                continue; /* -Dencodings left it out */
            make_bytes(material_for(enc), tu_rng_below(&rng, 16), &x);
            make_bytes(material_for(enc), tu_rng_below(&rng, 16), &y);
        }
        for (int fatal = 0; fatal <= 1; fatal++) {
            unsigned flags = fatal ? WENC_DECODER_FATAL : 0;
            char msg[300];
            plan p;
            plan_one(&p, 4096);
            wenc_decoder d, fresh;
            dres r1 = {0}, r2 = {0}, rf = {0};
            wenc_decoder_init(&d, enc, flags);
            wenc_decoder_init(&fresh, enc, flags);
            const char *b1 = decode_plan(&d, U32, x.p, x.n, &p, &r1, msg, sizeof msg);
            const char *b2 = b1 ? b1 : decode_plan(&d, U32, y.p, y.n, &p, &r2, msg, sizeof msg);
            const char *b3 = b2 ? b2 : decode_plan(&fresh, U32, y.p, y.n, &p, &rf, msg, sizeof msg);
            runs++;
            /* decode_plan() gives error offsets relative to the call's start. */
            if (b3 || !dres_equal(&r2, &rf, msg, sizeof msg)) {
                if (bad++ < 5) {
                    char hx[100], hy[100], det[400];
                    snprintf(det, sizeof det, "[%s] then [%s]: %s",
                             tu_fmt_bytes(hx, sizeof hx, x.p, x.n),
                             tu_fmt_bytes(hy, sizeof hy, y.p, y.n), b3 ? b3 : msg);
                    fail(wenc_encoding_name(enc), det, y.p, y.n, 1);
                }
            }
            tu_bytes_free(&r1.out);
            tu_bytes_free(&r2.out);
            tu_bytes_free(&rf.out);
        }
    }
    stream_checks += runs;
    CHECK(bad == 0, "after a last call, a decoder decodes the next stream like a fresh one (%u pairs)",
          runs);
    tu_bytes_free(&x);
    tu_bytes_free(&y);
}

/* wenc_decoder_reset() / wenc_encoder_reset() forget everything, including
** restored bytes and pending output; a memcpy'd decoder forks the stream. */
static void reset_and_fork(void)
{
    if (!built_or_skip(WENC_ISO_2022_JP, "reset and fork") ||
        !built_or_skip(WENC_GB18030, "reset and fork"))
        return;
    wenc_decoder d;
    uint32_t out[8];
    const uint8_t esc_i[] = {0x1B, 0x28, 0x49}, bang[] = {0x21};
    wenc_decoder_init(&d, WENC_ISO_2022_JP, 0);
    size_t n = 3, m = 8;
    wenc_decoder_decode_to_utf32(&d, esc_i, &n, out, &m, false);
    wenc_decoder_reset(&d);
    n = 1, m = 8;
    wenc_decoder_decode_to_utf32(&d, bang, &n, out, &m, true);
    CHECK(m == 1 && out[0] == 0x21 && wenc_decoder_position(&d) == 1,
          "ISO-2022-JP: ESC ( I, reset, 21 -> '!' at position 1");

    /* gb18030 81 30 81 then 41 with no room: the error's U+FFFD and the
    ** restored 30 81 41 are held in the decoder; reset drops them. */
    const uint8_t part[] = {0x81, 0x30, 0x81}, a[] = {0x41}, b[] = {0x42};
    wenc_decoder_init(&d, WENC_GB18030, 0);
    n = 3, m = 8;
    wenc_decoder_decode_to_utf32(&d, part, &n, out, &m, false);
    n = 1, m = 0;
    wenc_decoder_decode_to_utf32(&d, a, &n, out, &m, false);
    wenc_decoder_reset(&d);
    n = 1, m = 8;
    wenc_status st = wenc_decoder_decode_to_utf32(&d, b, &n, out, &m, true);
    CHECK(st == WENC_INPUT_EMPTY && m == 1 && out[0] == 0x42,
          "gb18030: 81 30 81 | 41 (no room), reset, 42 -> 'B' only");

    wenc_encoder e;
    uint8_t bytes[16];
    const uint32_t hira[] = {0x3042}, A[] = {0x41};
    wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_HTML);
    n = 1, m = sizeof bytes;
    wenc_encoder_encode_from_utf32(&e, hira, &n, bytes, &m, false);
    wenc_encoder_reset(&e);
    n = 1, m = sizeof bytes;
    wenc_encoder_encode_from_utf32(&e, A, &n, bytes, &m, true);
    CHECK(m == 1 && bytes[0] == 0x41 && wenc_encoder_position(&e) == 1,
          "ISO-2022-JP encoder: U+3042, reset, 'A' -> 41 only");
    const uint16_t lead[] = {0xD83D}, other[] = {0x41};
    wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_HTML);
    n = 1, m = sizeof bytes;
    wenc_encoder_encode_from_utf16(&e, lead, &n, bytes, &m, false);
    wenc_encoder_reset(&e);
    n = 1, m = sizeof bytes;
    wenc_encoder_encode_from_utf16(&e, other, &n, bytes, &m, true);
    CHECK(m == 1 && bytes[0] == 0x41 && wenc_encoder_replacement_count(&e) == 0,
          "UTF-8 encoder: lone D83D waiting, reset, 'A' -> 41 only");

    /* Fork: decode a random prefix, copy, finish both the same way. */
    tu_bytes in = {0};
    unsigned bad = 0, runs = 0;
    for (unsigned i = 0; i < 20 * WENC_ENCODING_COUNT * scale; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i % WENC_ENCODING_COUNT);
        make_bytes(material_for(enc), tu_rng_below(&rng, 30), &in);
        size_t cut = tu_rng_below(&rng, in.n + 1);
        unsigned flags = i % 2 ? WENC_DECODER_FATAL : 0;
        wenc_decoder_init(&d, enc, flags);
        char msg[300];
        plan p;
        plan_one(&p, 1 + tu_rng_below(&rng, 3));
        p.nbrk = 0;
        dres r1 = {0}, r2 = {0};
        /* The prefix, not last, with a tiny buffer so output may be pending. */
        size_t sn = cut, dn = p.caps[0];
        uint32_t tmp[4];
        wenc_status pst = wenc_decoder_decode_to_utf32(&d, in.p, &sn, tmp, &dn, false);
        if (pst == WENC_MALFORMED)
            continue;
        wenc_decoder fork;
        memcpy(&fork, &d, sizeof d);
        plan_one(&p, 4096);
        const char *b1 = decode_plan(&d, U32, in.p + sn, in.n - sn, &p, &r1, msg, sizeof msg);
        const char *b2 = b1 ? b1 : decode_plan(&fork, U32, in.p + sn, in.n - sn, &p, &r2, msg, sizeof msg);
        runs++;
        if (b2 || !dres_equal(&r1, &r2, msg, sizeof msg)) {
            if (bad++ < 5)
                fail(wenc_encoding_name(enc), b2 ? b2 : msg, in.p, in.n, 1);
        }
        tu_bytes_free(&r1.out);
        tu_bytes_free(&r2.out);
    }
    stream_checks += runs;
    CHECK(bad == 0, "a memcpy'd decoder continues exactly like the original (%u forks)", runs);
    tu_bytes_free(&in);
}

int main(int argc, char **argv)
{
    uint64_t seed = 20260521;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--long") == 0)
            scale = 20;
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
    }
    printf("# seed %" PRIu64 " (reproduce with: stream --seed %" PRIu64 "%s)\n", seed, seed,
           scale > 1 ? " --long" : "");
    tu_rng_seed(&rng, seed);
    clock_t t0 = clock();
    decoders();
    encoders();
    bounds_are_enough();
    bounds_saturate();
    arguments();
    one_unit_buffers();
    no_split_after_output();
    back_to_initial_state();
    reset_and_fork();
    printf("# %" PRIu64 " streaming calls checked in %.2f s\n", stream_checks,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    return check_done();
}
