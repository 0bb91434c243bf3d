/* decode.c -- every decoder through the public API against the reference
** model (ref_decode), exhaustively over the short inputs where behaviour can
** differ, plus fixed-seed random inputs biased to each encoding's
** significant bytes.
**
** Each input is decoded one-shot (last = true) by a fresh decoder:
** - replacement mode into UTF-32, UTF-16 and UTF-8, each compared with the
**   model's items (an error item is U+FFFD); the largest sweeps check UTF-32
**   only, their output forms being covered by the smaller class sweeps;
** - fatal mode into UTF-32, calling again with the rest of the input after
**   each WENC_MALFORMED: the code points written before each error, and each
**   error's offset and length, must be the model's items in order.
**
** Default sweeps (~10 s): every decoder's 1- and 2-byte inputs; all 2^24
** three-byte UTF-8 inputs and UTF-8 four-byte classes; gb18030 and GBK lead x
** digit x every byte, the whole four-byte space and fourth-byte classes;
** EUC-JP 8F x every x every; UTF-16BE/LE unit pairs by class; ISO-2022-JP
** escapes and byte pairs from twelve states; lead x every x classes for the
** double-byte decoders; 20000 random inputs per encoding.
**
** Usage: conf-decode [INDEX_DIR] [--slow | --utf16]   (without INDEX_DIR:
** only the decoders that read no index, the others reported as skipped)
** --slow runs the minutes-long sweeps instead (meson suite 'slow'): UTF-8
** F0..F4 x every x every x classes, gb18030 lead x digit x every x every,
** EUC-JP 8F x every x every x every, every lead surrogate x every UTF-16 code
** unit, 200000 random inputs per encoding.  --utf16 runs only the default
** sweeps of UTF-16BE and UTF-16LE and their random inputs: a big-endian
** build's check of the byte-order code under emulation (.ci/step-s390x.sh),
** where the whole run would take most of an hour. */

#include "conf.h"

#define MAX_IN  1280
#define MAX_OUT (4 * MAX_IN + 16)

/* What a comparison failure shows: the encoding, the input, the model's
** items and what the library did. */
static void describe_items(char *buf, size_t size, const ref_item *items, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && k + 24 < size; i++) {
        if (items[i].cp < 0)
            k += (size_t)snprintf(buf + k, size - k, "%serr@%llu+%u", i ? " " : "",
                                  (unsigned long long)items[i].offset, items[i].length);
        else
            k += (size_t)snprintf(buf + k, size - k, "%sU+%04X", i ? " " : "",
                                  (unsigned)items[i].cp);
    }
}

static void describe_cps(char *buf, size_t size, const uint32_t *cps, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && k + 16 < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%sU+%04X", i ? " " : "", (unsigned)cps[i]);
}

typedef struct dcase {
    const wenc_encoding *enc;
    const char *name;
} dcase;

static void mismatch(tally *t, const dcase *c, const uint8_t *in, size_t n, const ref_item *items,
                     size_t nitems, const char *what, const char *detail)
{
    char hex[200], exp[400];
    conf_hex(hex, sizeof hex, in, n);
    describe_items(exp, sizeof exp, items, nitems);
    tally_fail(t, "%s [%s]: %s: %s; model: %s", c->name, hex, what, detail, exp);
}

static uint32_t out32[MAX_OUT];
static uint16_t out16[2 * MAX_OUT], exp16[2 * MAX_OUT];
static uint8_t out8[4 * MAX_OUT], exp8[4 * MAX_OUT];

/* Which comparisons run: all of them, or (for the biggest sweeps) UTF-32
** and fatal only, the UTF-16 and UTF-8 forms being the same handler step
** written three ways. */
enum { ALL_FORMS = 1, FATAL = 2 };

static unsigned long long compared_inputs;

/* Compares the library with the model on IN[0..N).  Returns true if all
** agreed (mismatches go to T). */
static bool compare(tally *t, const dcase *c, const uint8_t *in, size_t n, unsigned what)
{
    ref_item *items = NULL;
    size_t nitems = ref_decode(c->name, in, n, &items);
    bool ok = true;
    char got[400];
    t->checked++;
    compared_inputs++;

    /* Replacement mode, UTF-32. */
    wenc_decoder d;
    wenc_decoder_init(&d, c->enc, WENC_DECODER_REPLACEMENT);
    size_t sl = n, dl = MAX_OUT;
    wenc_status st = wenc_decoder_decode_to_utf32(&d, in, &sl, out32, &dl, true);
    bool same = st == WENC_INPUT_EMPTY && sl == n && dl == nitems && wenc_decoder_position(&d) == n;
    for (size_t i = 0; same && i < nitems; i++)
        same = out32[i] == (items[i].cp < 0 ? 0xFFFDu : (uint32_t)items[i].cp);
    if (!same) {
        describe_cps(got, sizeof got, out32, dl);
        char detail[520];
        snprintf(detail, sizeof detail, "UTF-32 %s, read %zu, got %s", wenc_status_name(st), sl,
                 got);
        mismatch(t, c, in, n, items, nitems, "replacement", detail);
        ok = false;
    }

    if (what & ALL_FORMS) {
        size_t n16 = 0, n8 = 0;
        for (size_t i = 0; i < nitems; i++) {
            uint32_t cp = items[i].cp < 0 ? 0xFFFDu : (uint32_t)items[i].cp;
            n16 += conf_utf16(exp16 + n16, cp);
            n8 += conf_utf8(exp8 + n8, cp);
        }
        wenc_decoder_init(&d, c->enc, WENC_DECODER_REPLACEMENT);
        sl = n;
        dl = 2 * MAX_OUT;
        st = wenc_decoder_decode_to_utf16(&d, in, &sl, out16, &dl, true);
        if (st != WENC_INPUT_EMPTY || sl != n || dl != n16 ||
            memcmp(out16, exp16, n16 * sizeof *out16) != 0) {
            char detail[320];
            int k = snprintf(detail, sizeof detail, "UTF-16 %s, read %zu, got",
                             wenc_status_name(st), sl);
            for (size_t i = 0; i < dl && i < 24 && k > 0 && (size_t)k < sizeof detail - 8; i++)
                k += snprintf(detail + k, sizeof detail - (size_t)k, " %04X", out16[i]);
            mismatch(t, c, in, n, items, nitems, "replacement", detail);
            ok = false;
        }
        wenc_decoder_init(&d, c->enc, WENC_DECODER_REPLACEMENT);
        sl = n;
        dl = 4 * MAX_OUT;
        st = wenc_decoder_decode_to_utf8(&d, in, &sl, out8, &dl, true);
        if (st != WENC_INPUT_EMPTY || sl != n || dl != n8 || memcmp(out8, exp8, n8) != 0) {
            char detail[320], hex[200];
            snprintf(detail, sizeof detail, "UTF-8 %s, read %zu, got [%s]", wenc_status_name(st),
                     sl, conf_hex(hex, sizeof hex, out8, dl));
            mismatch(t, c, in, n, items, nitems, "replacement", detail);
            ok = false;
        }
    }

    if (what & FATAL) {
        /* Fatal mode: stop at each error, then go on with the rest. */
        wenc_decoder_init(&d, c->enc, WENC_DECODER_FATAL);
        size_t pos = 0, k = 0, calls = 0;
        for (;;) {
            sl = n - pos;
            dl = MAX_OUT;
            st = wenc_decoder_decode_to_utf32(&d, in + pos, &sl, out32, &dl, true);
            pos += sl;
            char detail[200];
            for (size_t i = 0; i < dl; i++, k++)
                if (k >= nitems || items[k].cp != (int32_t)out32[i]) {
                    snprintf(detail, sizeof detail, "call %zu wrote U+%04X as item %zu", calls,
                             (unsigned)out32[i], k);
                    mismatch(t, c, in, n, items, nitems, "fatal", detail);
                    ok = false;
                    goto fatal_done;
                }
            if (st == WENC_INPUT_EMPTY) {
                if (k != nitems || pos != n) {
                    snprintf(detail, sizeof detail,
                             "call %zu: INPUT_EMPTY after %zu items, %zu bytes", calls, k, pos);
                    mismatch(t, c, in, n, items, nitems, "fatal", detail);
                    ok = false;
                }
                break;
            }
            if (st != WENC_MALFORMED || k >= nitems || items[k].cp != -1 ||
                wenc_decoder_error_offset(&d) != items[k].offset ||
                wenc_decoder_error_length(&d) != items[k].length) {
                snprintf(detail, sizeof detail, "call %zu: %s at item %zu, error %llu+%zu", calls,
                         wenc_status_name(st), k, (unsigned long long)wenc_decoder_error_offset(&d),
                         wenc_decoder_error_length(&d));
                mismatch(t, c, in, n, items, nitems, "fatal", detail);
                ok = false;
                break;
            }
            k++;
            if (++calls > n + 4) {
                mismatch(t, c, in, n, items, nitems, "fatal", "does not finish");
                ok = false;
                break;
            }
        }
    fatal_done:;
    }
    free(items);
    return ok;
}

/* ---- The encodings ------------------------------------------------------- */

static dcase cases[WENC_ENCODING_COUNT];

static const dcase *dc(const char *name)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
        if (strcmp(cases[i].name, name) == 0)
            return &cases[i];
    printf("Bail out! unknown encoding %s\n", name);
    exit(1);
}

/* ---- Sweeps -------------------------------------------------------------- */

/* Every single byte and every two-byte sequence, for every decoder. */
static void sweep_short(void)
{
    for (size_t e = 0; e < WENC_ENCODING_COUNT; e++) {
        const dcase *c = &cases[e];
        if (!built_or_skip(c->enc, "every byte, every two-byte sequence"))
            continue;
        tally t = {0, 0};
        uint8_t in[2];
        compare(&t, c, in, 0, ALL_FORMS | FATAL);
        for (int a = 0; a < 256; a++) {
            in[0] = (uint8_t)a;
            compare(&t, c, in, 1, ALL_FORMS | FATAL);
            for (int b = 0; b < 256; b++) {
                in[1] = (uint8_t)b;
                compare(&t, c, in, 2, ALL_FORMS | FATAL);
            }
        }
        tally_report(&t, "%s: the empty input, every byte, every two-byte sequence", c->name);
    }
}

/* Byte classes where decoders branch, for the third and fourth bytes of
** the longer sweeps: ASCII edges and letters, digits (gb18030), 0x80 and the
** UTF-8 continuation sub-ranges, every lead range edge. */
static const uint8_t reps[] = {
    0x00, 0x0E, 0x1B, 0x21, 0x24, 0x28, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x40, 0x41, 0x42,
    0x49, 0x4A, 0x5C, 0x5F, 0x7E, 0x7F, 0x80, 0x81, 0x8E, 0x8F, 0x90, 0x9F, 0xA0, 0xA1,
    0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
};
#define NREPS (sizeof reps / sizeof reps[0])

/* gb18030 (and GBK, the same decoder): lead x digit x every third byte,
** the whole four-byte space 81..FE 30..39 81..FE 30..39, and the
** fourth-byte classes after representative first three bytes; --slow:
** lead x digit x every third byte x every fourth byte (82M sequences). */
static void sweep_gb18030(const dcase *c, bool slow)
{
    if (!built_or_skip(c->enc, "four-byte sweep"))
        return;
    tally t = {0, 0};
    uint8_t in[4];
    if (slow) {
        for (int a = 0x81; a <= 0xFE; a++)
            for (int b = 0x30; b <= 0x39; b++)
                for (int x = 0; x < 256; x++)
                    for (int y = 0; y < 256; y++) {
                        in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x;
                        in[3] = (uint8_t)y;
                        compare(&t, c, in, 4, FATAL);
                    }
        tally_report(&t, "%s: every lead x digit x every byte x every byte", c->name);
        return;
    }
    for (int a = 0x81; a <= 0xFE; a++)
        for (int b = 0x30; b <= 0x39; b++)
            for (int x = 0; x < 256; x++) {
                in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x;
                compare(&t, c, in, 3, ALL_FORMS | FATAL);
            }
    tally_report(&t, "%s: every lead x digit x third byte (%d sequences)", c->name, 126 * 10 * 256);

    for (int a = 0x81; a <= 0xFE; a++)
        for (int b = 0x30; b <= 0x39; b++)
            for (int x = 0x81; x <= 0xFE; x++)
                for (int y = 0x30; y <= 0x39; y++) {
                    in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x, in[3] = (uint8_t)y;
                    compare(&t, c, in, 4, ALL_FORMS | FATAL);
                }
    tally_report(&t,
                 "%s: the whole four-byte space 81..FE 30..39 81..FE 30..39, every output "
                 "form",
                 c->name);

    static const uint8_t leads[] = {0x81, 0x82, 0x83, 0x84, 0x85, 0x8F,
                                    0x90, 0xE3, 0xE4, 0xFD, 0xFE};
    for (size_t l = 0; l < sizeof leads; l++)
        for (int b = 0x30; b <= 0x39; b++)
            for (int x = 0; x < 256; x++)
                for (size_t r = 0; r < NREPS; r++) {
                    in[0] = leads[l], in[1] = (uint8_t)b, in[2] = (uint8_t)x, in[3] = reps[r];
                    compare(&t, c, in, 4, FATAL);
                }
    tally_report(&t,
                 "%s: leads {81..85,8F,90,E3,E4,FD,FE} x digit x every byte x %zu "
                 "fourth-byte classes",
                 c->name, NREPS);
}

/* EUC-JP: 8F (JIS X 0212) x every byte x every byte; --slow: x every
** fourth byte too. */
static void sweep_euc_jp(bool slow)
{
    const dcase *c = dc("EUC-JP");
    if (!built_or_skip(c->enc, "three-byte sweep"))
        return;
    tally t = {0, 0};
    uint8_t in[4] = {0x8F, 0, 0, 0};
    if (slow) {
        for (int a = 0; a < 256; a++)
            for (int b = 0; b < 256; b++)
                for (int x = 0; x < 256; x++) {
                    in[1] = (uint8_t)a, in[2] = (uint8_t)b, in[3] = (uint8_t)x;
                    compare(&t, c, in, 4, FATAL);
                }
        tally_report(&t, "EUC-JP: 8F x every byte x every byte x every byte");
        return;
    }
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            in[1] = (uint8_t)a, in[2] = (uint8_t)b;
            compare(&t, c, in, 3, ALL_FORMS | FATAL);
        }
    /* And 8E / an ordinary lead followed by every pair's first byte and the
    ** classes: the restore paths after a lead byte. */
    static const uint8_t leads[] = {0x8E, 0xA1, 0xB0, 0xFE, 0xFF, 0x80};
    for (size_t l = 0; l < sizeof leads; l++)
        for (int a = 0; a < 256; a++)
            for (size_t r = 0; r < NREPS; r++) {
                in[0] = leads[l], in[1] = (uint8_t)a, in[2] = reps[r];
                compare(&t, c, in, 3, ALL_FORMS | FATAL);
            }
    tally_report(&t,
                 "EUC-JP: 8F x every byte x every byte; 8E/A1/B0/FE/FF/80 x every byte x "
                 "%zu classes",
                 NREPS);
}

/* UTF-8: all 2^24 three-byte sequences (UTF-32 and fatal; every output
** form for lead bytes C2..F4 and classes of the others, x every byte x the
** third-byte classes), and F0..F4 x every second byte x classes of the
** third and fourth; --slow: F0..F4 x every x every x classes, and
** F0..F4 x 80..BF x 80..BF x every byte. */
static void sweep_utf8(bool slow)
{
    const dcase *c = dc("UTF-8");
    tally t = {0, 0};
    uint8_t in[4];
    if (slow) {
        for (int a = 0xF0; a <= 0xF4; a++)
            for (int b = 0; b < 256; b++)
                for (int x = 0; x < 256; x++)
                    for (size_t r = 0; r < NREPS; r++) {
                        in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x, in[3] = reps[r];
                        compare(&t, c, in, 4, FATAL);
                    }
        tally_report(&t, "UTF-8: F0..F4 x every byte x every byte x %zu classes", NREPS);
        for (int a = 0xF0; a <= 0xF4; a++)
            for (int b = 0x80; b <= 0xBF; b++)
                for (int x = 0x80; x <= 0xBF; x++)
                    for (int y = 0; y < 256; y++) {
                        in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x,
                        in[3] = (uint8_t)y;
                        compare(&t, c, in, 4, FATAL);
                    }
        tally_report(&t, "UTF-8: F0..F4 x 80..BF x 80..BF x every byte");
        return;
    }
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++)
            for (int x = 0; x < 256; x++) {
                in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = (uint8_t)x;
                compare(&t, c, in, 3, FATAL);
            }
    tally_report(&t, "UTF-8: all 16777216 three-byte sequences (UTF-32 and fatal)");
    for (int a = 0; a < 256; a++) {
        bool lead = a >= 0xC2 && a <= 0xF4;
        bool rep = memchr(reps, a, NREPS) != NULL;
        if (!lead && !rep)
            continue;
        for (int b = 0; b < 256; b++)
            for (size_t r = 0; r < NREPS; r++) {
                in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = reps[r];
                compare(&t, c, in, 3, ALL_FORMS | FATAL);
            }
    }
    tally_report(&t, "UTF-8: C2..F4 and classes x every byte x %zu classes, every output form",
                 NREPS);
    static const uint8_t cont[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                   0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xF4, 0xF5, 0xFF};
    for (int a = 0xF0; a <= 0xF4; a++)
        for (int b = 0; b < 256; b++)
            for (size_t x = 0; x < sizeof cont; x++)
                for (size_t y = 0; y < sizeof cont; y++) {
                    in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = cont[x], in[3] = cont[y];
                    compare(&t, c, in, 4, ALL_FORMS | FATAL);
                }
    tally_report(&t, "UTF-8: F0..F4 x every byte x %zu x %zu classes", sizeof cont, sizeof cont);
}

/* UTF-16BE/LE: every code unit followed by representative units and a lone
** trailing byte, and representative units followed by every code unit (the
** surrogate pairs and their errors). */
static void sweep_utf16(const dcase *c, bool be, bool slow)
{
    static const uint16_t units[] = {0x0000, 0x0041, 0x00FF, 0xD7FF, 0xD800, 0xDB7F, 0xDBFF,
                                     0xDC00, 0xDE00, 0xDFFF, 0xE000, 0xFEFF, 0xFFFE, 0xFFFF};
    tally t = {0, 0};
    uint8_t in[5];
#define PUT(p, u)                                                                                  \
    (be ? ((p)[0] = (uint8_t)((u) >> 8), (p)[1] = (uint8_t)(u))                                    \
        : ((p)[0] = (uint8_t)(u), (p)[1] = (uint8_t)((u) >> 8)))
    if (slow) {
        /* Every lead surrogate followed by every code unit. */
        for (uint32_t u = 0xD800; u < 0xDC00; u++)
            for (uint32_t v = 0; v < 0x10000; v++) {
                PUT(in, u);
                PUT(in + 2, v);
                compare(&t, c, in, 4, FATAL);
            }
        tally_report(&t, "%s: every lead surrogate x every code unit", c->name);
        return;
    }
    for (uint32_t u = 0; u < 0x10000; u++)
        for (size_t r = 0; r < sizeof units / sizeof units[0]; r++) {
            PUT(in, u);
            PUT(in + 2, units[r]);
            compare(&t, c, in, 4, ALL_FORMS | FATAL);
            PUT(in, units[r]);
            PUT(in + 2, u);
            compare(&t, c, in, 4, ALL_FORMS | FATAL);
            in[4] = (uint8_t)units[r];
            compare(&t, c, in, 5, FATAL);
        }
    for (uint32_t u = 0; u < 0x10000; u++) {
        PUT(in, u);
        in[2] = 0xDC;
        compare(&t, c, in, 3, ALL_FORMS | FATAL);
        in[2] = 0x00;
        compare(&t, c, in, 3, ALL_FORMS | FATAL);
    }
#undef PUT
    tally_report(&t, "%s: every unit x %zu unit classes (both orders, and an odd byte after)",
                 c->name, sizeof units / sizeof units[0]);
}

/* ISO-2022-JP: from each state (reached by an escape sequence, with and
** without a character since, which decides the output flag), every escape
** sequence 1B xx yy and every two bytes. */
static void sweep_iso_2022_jp(void)
{
    const dcase *c = dc("ISO-2022-JP");
    if (!built_or_skip(c->enc, "escape sequences"))
        return;
    static const struct {
        const char *what;
        uint8_t bytes[8];
        size_t n;
    } states[] = {
        {"initial ASCII", {0}, 0},
        {"ASCII after ESC ( B", {0x1B, 0x28, 0x42}, 3},
        {"ASCII after ESC ( B A", {0x1B, 0x28, 0x42, 0x41}, 4},
        {"Roman after ESC ( J", {0x1B, 0x28, 0x4A}, 3},
        {"Roman after ESC ( J A", {0x1B, 0x28, 0x4A, 0x41}, 4},
        {"katakana after ESC ( I", {0x1B, 0x28, 0x49}, 3},
        {"katakana after ESC ( I !", {0x1B, 0x28, 0x49, 0x21}, 4},
        {"lead byte after ESC $ @", {0x1B, 0x24, 0x40}, 3},
        {"lead byte after ESC $ B", {0x1B, 0x24, 0x42}, 3},
        {"lead byte after ESC $ B 24 22", {0x1B, 0x24, 0x42, 0x24, 0x22}, 5},
        {"trailing byte after ESC $ B 24", {0x1B, 0x24, 0x42, 0x24}, 4},
        {"after a failed escape ESC ( J ESC (", {0x1B, 0x28, 0x4A, 0x1B, 0x28}, 5},
    };
    for (size_t s = 0; s < sizeof states / sizeof states[0]; s++) {
        tally t = {0, 0};
        uint8_t in[16];
        size_t p = states[s].n;
        memcpy(in, states[s].bytes, p);
        for (int a = 0; a < 256; a++)
            for (int b = 0; b < 256; b++) {
                in[p] = 0x1B, in[p + 1] = (uint8_t)a, in[p + 2] = (uint8_t)b;
                compare(&t, c, in, p + 3, ALL_FORMS | FATAL);
                in[p] = (uint8_t)a, in[p + 1] = (uint8_t)b;
                compare(&t, c, in, p + 2, ALL_FORMS | FATAL);
            }
        tally_report(&t, "ISO-2022-JP, %s: every ESC xx yy and every xx yy", states[s].what);
    }
    /* Two escape sequences in a row (the output flag makes the second an
    ** error), each followed by a character class. */
    static const uint8_t finals[][2] = {{0x28, 0x42}, {0x28, 0x4A}, {0x28, 0x49}, {0x24, 0x40},
                                        {0x24, 0x42}, {0x24, 0x41}, {0x28, 0x41}, {0x29, 0x42}};
    tally t = {0, 0};
    for (size_t i = 0; i < 8; i++)
        for (size_t j = 0; j < 8; j++)
            for (size_t r = 0; r < NREPS; r++)
                for (size_t r2 = 0; r2 < NREPS; r2++) {
                    uint8_t in[8] = {0x1B,         finals[i][0], finals[i][1], 0x1B,
                                     finals[j][0], finals[j][1], reps[r],      reps[r2]};
                    compare(&t, c, in, 8, FATAL);
                }
    tally_report(&t, "ISO-2022-JP: escape, escape, two byte classes (%d sequences)",
                 (int)(64 * NREPS * NREPS));
}

/* Big5, Shift_JIS, EUC-KR: every lead x every trail x a byte class, for the
** restore paths (an ASCII trail byte is read again). */
static void sweep_lead_trail_class(const dcase *c)
{
    if (!built_or_skip(c->enc, "lead x trail class"))
        return;
    tally t = {0, 0};
    uint8_t in[3];
    for (int a = 0x80; a < 256; a++)
        for (int b = 0; b < 256; b++)
            for (size_t r = 0; r < NREPS; r++) {
                in[0] = (uint8_t)a, in[1] = (uint8_t)b, in[2] = reps[r];
                compare(&t, c, in, 3, FATAL);
            }
    tally_report(&t, "%s: every non-ASCII lead x every byte x %zu classes", c->name, NREPS);
}

/* ---- The double-byte bulk paths (src/handlers/cjk_bulk.h) -------------------------- */

/* A pair each double-byte decoder maps (checked against the model before
** use), and the text the bulk sweeps build around the pair under test: the
** bulk path is entered at the first byte >= 0x80 with the decoder idle, and
** takes lone ASCII bytes inline and runs of ASCII 16 bytes at a time, so
** the filler mixes pairs, lone ASCII bytes and runs longer than 16. */
static const struct {
    const char *name;
    uint8_t pair[2];
} bulk_decoders[] = {
    {"Big5", {0xA4, 0x40}}, {"EUC-KR", {0xB0, 0xA1}},    {"GBK", {0xB0, 0xA1}},
    {"gb18030", {0xB0, 0xA1}}, {"Shift_JIS", {0x88, 0x9F}}, {"EUC-JP", {0xB0, 0xA1}},
};
#define NBULK (sizeof bulk_decoders / sizeof bulk_decoders[0])

/* Fills IN[0..N) with text of style STYLE (0..3) made of PAIR and ASCII. */
static void bulk_filler(uint8_t *in, size_t n, const uint8_t pair[2], unsigned style)
{
    static const char ascii[] = "The quick brown fox jumps over 13 lazy dogs.";
    size_t k = 0, a = 0;
    while (k < n) {
        unsigned what = (unsigned)(k * 7 + style * 3) % (style == 3 ? 3 : 5);
        if (what < 2 && k + 1 < n) {
            in[k++] = pair[0];
            in[k++] = pair[1];
        } else if (what == 2 || style == 1) {
            in[k++] = (uint8_t)ascii[a++ % (sizeof ascii - 1)];
        } else {
            for (size_t r = 0; r < 17 + style && k < n; r++)
                in[k++] = (uint8_t)ascii[a++ % (sizeof ascii - 1)];
        }
    }
}

/* Every byte >= 0x80 followed by every byte, planted at a position that
** moves across a 16-byte block, inside text long enough for the bulk path
** and its vector ASCII runs; and the same pair as the last bytes of the
** input and cut by its end. */
static void sweep_bulk_pairs(const dcase *c, const uint8_t pair[2])
{
    tally t = {0, 0};
    uint8_t in[64];
    for (int a = 0x80; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            size_t at = (size_t)(a * 7 + b) % 37;
            bulk_filler(in, sizeof in, pair, (unsigned)(a + b) % 4);
            in[at] = (uint8_t)a;
            in[at + 1] = (uint8_t)b;
            compare(&t, c, in, sizeof in, (a + b) % 4 == 0 ? ALL_FORMS | FATAL : FATAL);
            in[40] = (uint8_t)a;
            in[41] = (uint8_t)b;
            compare(&t, c, in, 42, FATAL);
            compare(&t, c, in, 41, FATAL);
        }
    tally_report(&t, "%s: every byte pair from 80 00 inside bulk-path text, and at its end",
                 c->name);

    /* The same inside a run of pairs only (the bulk path's loop over pairs,
    ** cjk_bulk.h), at an even and at an odd offset (the one after a lead
    ** byte), and ending the input; UTF-8 output needs room for three
    ** bytes and one of scratch per pair: the last pairs are written by the
    ** other path. */
    tally r = {0, 0};
    for (int a = 0x80; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            for (size_t k = 0; k + 1 < sizeof in; k += 2)
                in[k] = pair[0], in[k + 1] = pair[1];
            size_t at = 2 * ((size_t)(a * 3 + b) % 29);
            in[at] = (uint8_t)a;
            in[at + 1] = (uint8_t)b;
            compare(&r, c, in, sizeof in, (a + b) % 4 == 1 ? ALL_FORMS | FATAL : FATAL);
            for (size_t k = 0; k + 1 < sizeof in; k += 2)
                in[k] = pair[0], in[k + 1] = pair[1];
            in[at + 1] = (uint8_t)a;
            in[at + 2] = (uint8_t)b;
            compare(&r, c, in, sizeof in, FATAL);
            compare(&r, c, in, at + 3, (a + b) % 4 == 2 ? ALL_FORMS | FATAL : FATAL);
        }
    tally_report(&r, "%s: every byte pair from 80 00 inside a run of pairs, at even and odd "
                     "offsets, and at its end",
                 c->name);

    /* Korean-like text: pairs with a lone space after every one, two or
    ** three of them (the run of pairs takes a lone ASCII byte inline,
    ** issue 29), the byte pair under test planted after a space and the
    ** input cut at every length around it. */
    tally w = {0, 0};
    for (int a = 0x80; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            unsigned every = (unsigned)(a + b) % 3 + 1;
            size_t k = 0, at = 0, want = 3 + (size_t)(a * 5 + b) % 17;
            for (unsigned items = 0; k + 1 < sizeof in; items++) {
                if (items % (every + 1) == every) {
                    in[k++] = (uint8_t)(b % 2 ? ' ' : '.');
                    if (--want == 0)
                        at = k;
                } else {
                    in[k++] = pair[0];
                    in[k++] = pair[1];
                }
            }
            while (k < sizeof in)
                in[k++] = ' ';
            if (at + 1 < sizeof in) {
                in[at] = (uint8_t)a;
                in[at + 1] = (uint8_t)b;
            }
            compare(&w, c, in, sizeof in, (a + b) % 4 == 3 ? ALL_FORMS | FATAL : FATAL);
            for (size_t n = at > 2 ? at - 2 : 0; n <= at + 3 && n <= sizeof in; n++)
                compare(&w, c, in, n, FATAL);
        }
    tally_report(&w, "%s: every byte pair from 80 00 after a lone space among pairs, the input "
                     "cut around it",
                 c->name);
}

/* Errors at every position of a 64-byte block of bulk-path text: a byte
** that is never valid, a leading byte before an ASCII byte (restored) and
** before a byte >= 0x80, a leading byte that ends the input. */
static void sweep_bulk_errors(const dcase *c, const uint8_t pair[2])
{
    static const uint8_t bad[][2] = {{0xFF, 0x41}, {0x81, 0x20}, {0xA1, 0x7F}, {0xFE, 0xFF},
                                     {0x80, 0x80}, {0xA0, 0xA0}, {0x8F, 0xA1}, {0x81, 0x30}};
    tally t = {0, 0};
    uint8_t in[80];
    for (unsigned style = 0; style < 4; style++)
        for (size_t at = 0; at < 64; at++)
            for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
                bulk_filler(in, sizeof in, pair, style);
                in[at] = bad[k][0];
                in[at + 1] = bad[k][1];
                compare(&t, c, in, sizeof in, ALL_FORMS | FATAL);
                compare(&t, c, in, at + 1, FATAL);
            }
    tally_report(&t, "%s: errors planted at every position of a 64-byte block", c->name);
}

/* Streaming: the text above with an error in it, decoded in two chunks
** split at every position (inside pairs included) and with a one-unit
** output buffer, must give the one-shot output, which compare() has
** checked against the model. */
static bool decode_chunks(const dcase *c, const uint8_t *in, size_t n, size_t split, size_t room,
                          int form, uint8_t *out, size_t *out_len)
{
    wenc_decoder d;
    wenc_decoder_init(&d, c->enc, WENC_DECODER_REPLACEMENT);
    size_t unit = form == 8 ? 1 : form == 16 ? 2 : 4, o = 0, calls = 0;
    size_t bounds[2] = {split, n};
    size_t pos = 0;
    for (int chunk = 0; chunk < 2; chunk++) {
        bool last = chunk == 1;
        for (;;) {
            size_t sl = bounds[chunk] - pos, dl = room;
            wenc_status st;
            if (form == 8)
                st = wenc_decoder_decode_to_utf8(&d, in + pos, &sl, out + o, &dl, last);
            else if (form == 16)
                st = wenc_decoder_decode_to_utf16(&d, in + pos, &sl, (uint16_t *)(out + o), &dl,
                                                  last);
            else
                st = wenc_decoder_decode_to_utf32(&d, in + pos, &sl, (uint32_t *)(out + o), &dl,
                                                  last);
            pos += sl;
            o += dl * unit;
            if (st == WENC_INPUT_EMPTY)
                break;
            if (st != WENC_OUTPUT_FULL || ++calls > 8 * n + 16)
                return false;
        }
    }
    *out_len = o;
    return pos == n;
}

/* Decodes IN[0..N) with C in one call per output form, then split at every
** position with one-unit and large output buffers (decode_chunks), and
** counts in T whatever differs from the one call; WHAT names the input in
** the messages. */
static void compare_splits(tally *t, const dcase *c, const uint8_t *in, size_t n, const char *what)
{
    static uint8_t whole[4 * MAX_OUT * 4], part[4 * MAX_OUT * 4];
    for (int form = 8; form <= 32; form *= 2) {
        size_t whole_len, part_len;
        t->checked++;
        if (!decode_chunks(c, in, n, n, MAX_OUT, form, whole, &whole_len)) {
            tally_fail(t, "%s: %s UTF-%d: one-shot decode failed", c->name, what, form);
            continue;
        }
        for (size_t split = 0; split <= n; split++)
            for (size_t room = 1; room <= MAX_OUT; room += MAX_OUT - 1) {
                t->checked++;
                if (!decode_chunks(c, in, n, split, room, form, part, &part_len) ||
                    part_len != whole_len || memcmp(part, whole, whole_len) != 0)
                    tally_fail(t, "%s: %s UTF-%d: split at %zu, room %zu differs from one call",
                               c->name, what, form, split, room);
            }
    }
}

static void sweep_bulk_streaming(const dcase *c, const uint8_t pair[2])
{
    tally t = {0, 0};
    uint8_t in[72];
    for (unsigned style = 0; style < 4; style++)
        for (size_t err = 0; err < 3; err++) {
            bulk_filler(in, sizeof in, pair, style);
            if (err == 1)
                in[33] = 0xFF;
            else if (err == 2)
                in[sizeof in - 1] = pair[0];
            char what[40];
            snprintf(what, sizeof what, "style %u error %zu", style, err);
            compare_splits(&t, c, in, sizeof in, what);
        }
    tally_report(&t, "%s: bulk-path text split at every position, one-unit output buffers",
                 c->name);
}

static void sweep_bulk(void)
{
    for (size_t i = 0; i < NBULK; i++) {
        const dcase *c = dc(bulk_decoders[i].name);
        const uint8_t *pair = bulk_decoders[i].pair;
        if (!built_or_skip(c->enc, "bulk-path sweeps"))
            continue;
        /* The filler's pair must be one code point in the model, else the
        ** sweeps would not be testing runs of valid text. */
        ref_item *items = NULL;
        size_t nitems = ref_decode(c->name, pair, 2, &items);
        CHECK(nitems == 1 && items[0].cp >= 0x80, "%s: filler pair %02X %02X is one code point",
              c->name, pair[0], pair[1]);
        free(items);
        sweep_bulk_pairs(c, pair);
        sweep_bulk_errors(c, pair);
        sweep_bulk_streaming(c, pair);
    }
}

/* ---- ISO-2022-JP's bulk path (src/handlers/iso_2022_jp.c) ----------------- */

/* Its bulk path runs in the ASCII and jis0208 leading byte states: ASCII 16
** bytes at a time, jis0208 pairs, and the escapes ESC ( B, ESC $ B and
** ESC $ @ between them.  The text for its sweeps: ASCII words of varying
** length (some longer than 16) and runs of up to 9 pairs, alternating
** through those escapes.  Writes N bytes at IN and returns where the first
** pair of the second jis0208 run starts (a place to plant bytes in). */
static size_t iso_filler(uint8_t *in, size_t n, unsigned style)
{
    static const char ascii[] = "The quick brown fox jumps over 13 lazy dogs.";
    static const uint8_t pairs[] = {0x30, 0x21, 0x24, 0x22, 0x21, 0x21, 0x46, 0x7E, 0x7E, 0x7E,
                                    0x23, 0x30, 0x25, 0x22, 0x2D, 0x21};
    size_t k = 0, a = style, second = 0;
    for (unsigned run = 0; k < n; run++) {
        size_t words = 1 + (run * 5 + style) % 21;
        for (size_t w = 0; w < words && k < n; w++)
            in[k++] = (uint8_t)ascii[a++ % (sizeof ascii - 1)];
        static const uint8_t jis[2][3] = {{0x1B, 0x24, 0x42}, {0x1B, 0x24, 0x40}};
        for (size_t e = 0; e < 3 && k < n; e++)
            in[k++] = jis[(run + style) & 1][e];
        if (run == 1)
            second = k;
        size_t npairs = 1 + (run * 3 + style * 7) % 9;
        for (size_t q = 0; q < npairs && k + 1 < n; q++, a++) {
            in[k++] = pairs[2 * (a % 8)];
            in[k++] = pairs[2 * (a % 8) + 1];
        }
        static const uint8_t back[3] = {0x1B, 0x28, 0x42};
        for (size_t e = 0; e < 3 && k < n; e++)
            in[k++] = back[e];
    }
    return second;
}

/* Every two bytes planted inside an ASCII run and inside a jis0208 run, at
** positions moving across a 16-byte block, with the text around them
** longer than 16 bytes; the same at the end of the input and cut by it;
** and every ESC xx yy inside a jis0208 run. */
static void sweep_iso_2022_jp_bulk(void)
{
    const dcase *c = dc("ISO-2022-JP");
    if (!built_or_skip(c->enc, "bulk-path sweeps"))
        return;
    tally t = {0, 0};
    uint8_t in[96];
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            unsigned style = (unsigned)(a + b) % 4;
            size_t jis = iso_filler(in, sizeof in, style);
            size_t shift = (size_t)(a * 7 + b) % 5;
            /* Inside the second jis0208 run, after 0..4 of its pairs (or
            ** over its escape back when the run is shorter). */
            size_t at = jis + 2 * shift;
            in[at] = (uint8_t)a;
            in[at + 1] = (uint8_t)b;
            compare(&t, c, in, sizeof in, style == 0 ? ALL_FORMS | FATAL : FATAL);
            compare(&t, c, in, at + 2, FATAL);
            compare(&t, c, in, at + 1, FATAL);
            /* An escape, cut or not. */
            iso_filler(in, sizeof in, style);
            in[at] = 0x1B;
            in[at + 1] = (uint8_t)a;
            in[at + 2] = (uint8_t)b;
            compare(&t, c, in, sizeof in, FATAL);
            compare(&t, c, in, at + 3, FATAL);
            /* Inside the first ASCII run (at least 17 bytes for style 0
            ** and 16 + 1 positions). */
            uint8_t txt[48];
            memset(txt, 'a', sizeof txt);
            size_t in_ascii = 1 + (size_t)(a + 3 * b) % 20;
            txt[in_ascii] = (uint8_t)a;
            txt[in_ascii + 1] = (uint8_t)b;
            txt[40] = 0x1B, txt[41] = 0x24, txt[42] = 0x42, txt[43] = 0x30, txt[44] = 0x21;
            compare(&t, c, txt, sizeof txt - 3, FATAL);
        }
    tally_report(&t, "ISO-2022-JP: every xx yy and ESC xx yy inside bulk-path ASCII and jis0208 "
                     "runs, and at their end");

    /* Streaming: the text split at every position, one-unit and large
    ** output buffers, with and without an error in it. */
    static uint8_t whole[4 * MAX_OUT * 4], part[4 * MAX_OUT * 4];
    tally st = {0, 0};
    uint8_t text[100];
    for (unsigned style = 0; style < 4; style++)
        for (size_t err = 0; err < 4; err++) {
            size_t jis = iso_filler(text, sizeof text, style);
            if (err == 1)
                text[jis + 1] = 0x0A; /* a line feed in a pair: an error */
            else if (err == 2)
                text[sizeof text - 1] = 0x1B;
            else if (err == 3)
                text[jis + 2] = 0x80;
            for (int form = 8; form <= 32; form *= 2) {
                size_t whole_len, part_len;
                st.checked++;
                if (!decode_chunks(c, text, sizeof text, sizeof text, MAX_OUT, form, whole,
                                   &whole_len)) {
                    tally_fail(&st, "ISO-2022-JP: style %u error %zu UTF-%d: one-shot failed", style,
                               err, form);
                    continue;
                }
                for (size_t split = 0; split <= sizeof text; split++)
                    for (size_t room = 1; room <= MAX_OUT; room += MAX_OUT - 1) {
                        st.checked++;
                        if (!decode_chunks(c, text, sizeof text, split, room, form, part,
                                           &part_len) ||
                            part_len != whole_len || memcmp(part, whole, whole_len) != 0)
                            tally_fail(&st, "ISO-2022-JP: style %u error %zu UTF-%d: split at %zu, "
                                            "room %zu differs from one call",
                                       style, err, form, split, room);
                    }
            }
            compare(&st, c, text, sizeof text, ALL_FORMS | FATAL);
        }
    tally_report(&st, "ISO-2022-JP: bulk-path text split at every position, one-unit output "
                      "buffers");
}

/* The ASCII state's 64-byte and 16-byte steps: every byte planted at every
** position of a 150-byte ASCII run entered from jis0208 (the escape sets
** the output flag, the run's first byte clears it), followed by an escape
** and a pair; one position in eight in every form.  Then such runs with an
** ESC ( B, a 0E or a byte >= 0x80 in them, split at every position, with
** one-unit and large output buffers. */
static void sweep_iso_2022_jp_ascii(void)
{
    const dcase *c = dc("ISO-2022-JP");
    if (!built_or_skip(c->enc, "ASCII-run sweeps"))
        return;
    static const uint8_t head[] = {0x1B, 0x24, 0x42, 0x30, 0x21, 0x1B, 0x28, 0x42};
    static const uint8_t tail[] = {0x1B, 0x24, 0x42, 0x30, 0x21};
    static const char words[] = "The quick brown fox\njumps over 13 lazy dogs. ";
    enum { RUN = 150 };
    uint8_t in[sizeof head + RUN + sizeof tail];
    tally t = {0, 0};
    for (int b = 0; b < 256; b++)
        for (size_t at = 0; at < RUN; at++) {
            memcpy(in, head, sizeof head);
            for (size_t k = 0; k < RUN; k++)
                in[sizeof head + k] = (uint8_t)words[(k + (size_t)b) % (sizeof words - 1)];
            memcpy(in + sizeof head + RUN, tail, sizeof tail);
            in[sizeof head + at] = (uint8_t)b;
            compare(&t, c, in, sizeof in, at % 8 == 0 ? ALL_FORMS | FATAL : FATAL);
        }
    tally_report(&t, "ISO-2022-JP: every byte at every position of a 150-byte ASCII run");

    static const uint8_t planted[][3] = {{0x1B, 0x28, 0x42}, {0x0E, 'x', 'y'}, {0x80, 'x', 'y'},
                                         {'x', 'y', 'z'}};
    tally st = {0, 0};
    for (size_t p = 0; p < sizeof planted / sizeof planted[0]; p++) {
        memcpy(in, head, sizeof head);
        for (size_t k = 0; k < RUN; k++)
            in[sizeof head + k] = (uint8_t)words[k % (sizeof words - 1)];
        memcpy(in + sizeof head + RUN, tail, sizeof tail);
        memcpy(in + sizeof head + 70 + 3 * p, planted[p], 3);
        compare(&st, c, in, sizeof in, ALL_FORMS | FATAL);
        char what[40];
        snprintf(what, sizeof what, "ASCII run %zu", p);
        compare_splits(&st, c, in, sizeof in, what);
    }
    tally_report(&st, "ISO-2022-JP: ASCII runs split at every position, one-unit output buffers");
}

/* ---- The single-byte vector paths (src/handlers/single_byte.c, src/simd/sb/sb_*) -- */

/* The single-byte decoders' kernels decode 16, 32 or 64 bytes a step, ASCII
** and upper half alike, and the paths to UTF-8 and UTF-32 go through
** stretches of up to 512 bytes of UTF-16 between ASCII runs; the handler's
** own loop takes what they leave (a last short block, a block with an
** unmapped byte).  Text for them: words of
** bytes the model maps (in the upper half) between ASCII spaces and
** punctuation, as text in these encodings is, with word lengths that vary
** so that every block position sees both halves.  Returns false if the
** encoding maps no upper-half byte. */
static bool sb_filler(const dcase *c, uint8_t *in, size_t n, unsigned style)
{
    uint8_t mapped[128];
    size_t nmapped = 0;
    for (int b = 0x80; b < 0x100; b++) {
        uint8_t byte = (uint8_t)b;
        ref_item *items = NULL;
        size_t nitems = ref_decode(c->name, &byte, 1, &items);
        if (nitems == 1 && items[0].cp >= 0)
            mapped[nmapped++] = byte;
        free(items);
    }
    if (nmapped == 0)
        return false;
    static const char punct[] = " , . - ( ) \n0 9";
    size_t k = 0, m = style * 37u, p = style;
    while (k < n) {
        size_t word = 1 + (k * 5 + style * 3) % (style == 2 ? 40 : 9);
        for (; word > 0 && k < n; word--)
            in[k++] = mapped[m++ % nmapped];
        size_t gap = 1 + (k + style) % (style == 3 ? 20 : 2);
        for (; gap > 0 && k < n; gap--)
            in[k++] = (uint8_t)punct[p++ % (sizeof punct - 1)];
    }
    return true;
}

/* Every byte (0..255: ASCII, mapped, unmapped) planted at every position of
** three 32-byte blocks of text, in inputs whose lengths leave last blocks of
** every size; and every byte at positions around byte 1024, in inputs
** long enough to cross several stretch ends of the paths to UTF-8 and
** UTF-32.  Every output form and fatal mode against the model. */
static void sweep_sb_blocks(const dcase *c)
{
    tally t = {0, 0};
    uint8_t in[1100], text[1100];
    for (unsigned style = 0; style < 4; style++) {
        if (!sb_filler(c, text, sizeof text, style))
            return;
        for (int b = 0; b < 256; b++) {
            memcpy(in, text, sizeof in);
            for (size_t at = 0; at < 96; at++) {
                size_t n = 97 + (at * 7 + (size_t)b) % 67;
                uint8_t keep = in[at];
                in[at] = (uint8_t)b;
                compare(&t, c, in, n, (at + style) % 4 == 0 ? ALL_FORMS | FATAL : ALL_FORMS);
                in[at] = keep;
            }
            size_t at = 1008 + ((size_t)b + style * 11) % 33;
            in[at] = (uint8_t)b;
            compare(&t, c, in, sizeof in, ALL_FORMS | FATAL);
        }
    }
    tally_report(&t, "%s: every byte planted at every position of 3 vector blocks of text, "
                     "and near byte 1024 of 1100",
                 c->name);
}

/* Streaming: that text (with an unmapped byte or the last byte of the
** upper half in it) split at every position, with output buffers of 1, 7
** and 33 units and a large one, must give the one-shot output. */
static void sweep_sb_streaming(const dcase *c)
{
    static uint8_t whole[4 * MAX_OUT * 4], part[4 * MAX_OUT * 4];
    static const size_t rooms[] = {1, 7, 33, MAX_OUT};
    tally t = {0, 0};
    uint8_t in[100];
    for (unsigned style = 0; style < 4; style++)
        for (size_t err = 0; err < 3; err++) {
            if (!sb_filler(c, in, sizeof in, style))
                return;
            if (err == 1)
                in[37 + style * 9] = 0xFF; /* unmapped in some encodings */
            else if (err == 2)
                in[sizeof in - 1] = 0x81;
            for (int form = 8; form <= 32; form *= 2) {
                size_t whole_len, part_len;
                t.checked++;
                if (!decode_chunks(c, in, sizeof in, sizeof in, MAX_OUT, form, whole, &whole_len)) {
                    tally_fail(&t, "%s: style %u error %zu UTF-%d: one-shot decode failed", c->name,
                               style, err, form);
                    continue;
                }
                for (size_t split = 0; split <= sizeof in; split++)
                    for (size_t r = 0; r < sizeof rooms / sizeof rooms[0]; r++) {
                        t.checked++;
                        if (!decode_chunks(c, in, sizeof in, split, rooms[r], form, part,
                                           &part_len) ||
                            part_len != whole_len || memcmp(part, whole, whole_len) != 0)
                            tally_fail(&t, "%s: style %u error %zu UTF-%d: split at %zu, room %zu "
                                           "differs from one call",
                                       c->name, style, err, form, split, rooms[r]);
                    }
            }
        }
    tally_report(&t, "%s: single-byte text split at every position, output buffers of 1 to %d",
                 c->name, MAX_OUT);
}

static void sweep_single_byte(void)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const dcase *c = &cases[i];
        if (!wenc_encoding_is_single_byte(c->enc) ||
            !built_or_skip(c->enc, "single-byte vector-path sweeps"))
            continue;
        sweep_sb_blocks(c);
        sweep_sb_streaming(c);
    }
}

/* ---- Random inputs --------------------------------------------------------- */

/* Bytes that matter to each decoder; random inputs draw from them most of
** the time. */
static void add_range(uint8_t *out, size_t *n, int lo, int hi)
{
    for (int b = lo; b <= hi; b++)
        out[(*n)++] = (uint8_t)b;
}

static size_t significant(const char *name, uint8_t *out)
{
    size_t n = 0;
#define ADD(lo, hi) add_range(out, &n, lo, hi)
    if (strcmp(name, "UTF-8") == 0) {
        ADD(0x80, 0x82), ADD(0x8F, 0x90), ADD(0x9F, 0xA0), ADD(0xBF, 0xC2), ADD(0xDF, 0xE1);
        ADD(0xEC, 0xF0), ADD(0xF3, 0xF5), ADD(0x41, 0x41), ADD(0xFF, 0xFF);
    } else if (strcmp(name, "gb18030") == 0 || strcmp(name, "GBK") == 0) {
        ADD(0x30, 0x39), ADD(0x80, 0x85), ADD(0x8F, 0x90), ADD(0xA1, 0xA6), ADD(0xE3, 0xE4);
        ADD(0xFD, 0xFF), ADD(0x40, 0x41), ADD(0x7E, 0x7F), ADD(0x3A, 0x3A);
    } else if (strcmp(name, "Big5") == 0) {
        ADD(0x80, 0x81), ADD(0x87, 0x88), ADD(0xA1, 0xA4), ADD(0xC6, 0xC8), ADD(0xF9, 0xFF);
        ADD(0x40, 0x41), ADD(0x62, 0x62), ADD(0x66, 0x66), ADD(0x7E, 0x7F), ADD(0xA0, 0xA0);
    } else if (strcmp(name, "EUC-JP") == 0) {
        ADD(0x8E, 0x8F), ADD(0xA1, 0xA2), ADD(0xB0, 0xB0), ADD(0xDF, 0xE0), ADD(0xF4, 0xFF);
        ADD(0x41, 0x41), ADD(0x80, 0x80);
    } else if (strcmp(name, "ISO-2022-JP") == 0) {
        ADD(0x1B, 0x1B), ADD(0x1B, 0x1B), ADD(0x1B, 0x1B), ADD(0x24, 0x24), ADD(0x28, 0x28);
        ADD(0x40, 0x42), ADD(0x49, 0x4A), ADD(0x21, 0x22), ADD(0x5C, 0x5C), ADD(0x5F, 0x60);
        ADD(0x7E, 0x7F), ADD(0x0E, 0x0F), ADD(0x80, 0x80), ADD(0xFF, 0xFF), ADD(0x0A, 0x0A);
    } else if (strcmp(name, "Shift_JIS") == 0) {
        ADD(0x80, 0x82), ADD(0x9F, 0xA1), ADD(0xDF, 0xE0), ADD(0xEA, 0xF0), ADD(0xF9, 0xFC);
        ADD(0x40, 0x41), ADD(0x7E, 0x7F), ADD(0xFD, 0xFF);
    } else if (strcmp(name, "EUC-KR") == 0) {
        ADD(0x80, 0x81), ADD(0xA1, 0xA1), ADD(0xB0, 0xB0), ADD(0xC6, 0xC9), ADD(0xFD, 0xFF);
        ADD(0x41, 0x41), ADD(0x5A, 0x5B), ADD(0x60, 0x61), ADD(0x7A, 0x7B);
    } else if (strcmp(name, "UTF-16BE") == 0 || strcmp(name, "UTF-16LE") == 0) {
        ADD(0xD8, 0xDF), ADD(0x00, 0x00), ADD(0x00, 0x00), ADD(0x41, 0x41), ADD(0xFE, 0xFF);
    } else {
        ADD(0x80, 0xFF);
    }
#undef ADD
    return n;
}

/* Random inputs in four styles: bytes drawn mostly from the significant
** ones; ASCII runs (long enough for the engine's bulk ASCII path) between
** short bursts of significant bytes; mostly 0x81..0xFE (runs of valid
** double-byte sequences, for the bulk double-byte paths); and "words": runs
** of bytes from one random window of 48 high bytes between ASCII spaces and
** punctuation, as text in a single-byte encoding is (the single-byte
** decoders' vector paths take 16 bytes at a time when they are letters of
** one alphabet or ASCII), with now and then any other byte. */
static void random_inputs(const dcase *c, conf_rng *rng, unsigned count)
{
    if (!built_or_skip(c->enc, "random inputs"))
        return;
    uint8_t sig[256], in[MAX_IN];
    size_t nsig = significant(c->name, sig);
    tally t = {0, 0};
    for (unsigned i = 0; i < count; i++) {
        size_t n = 1 + rng_below(rng, i % 8 == 0 ? 480 : i % 2 ? 64 : 24);
        uint32_t style = rng_below(rng, 12);
        uint32_t window = 0x80 + rng_below(rng, 0x51);
        for (size_t k = 0; k < n;) {
            if (style >= 10) {
                uint32_t r = rng_below(rng, 64);
                in[k++] = r < 52   ? (uint8_t)(window + rng_below(rng, 48))
                          : r < 62 ? (uint8_t)" ,.-\n0"[rng_below(rng, 6)]
                                   : (uint8_t)rng_below(rng, 256);
            } else if (style < 4) {
                in[k++] = rng_below(rng, 8) < 5 ? sig[rng_below(rng, (uint32_t)nsig)]
                                                : (uint8_t)rng_below(rng, 256);
            } else if (style < 7) {
                size_t run = rng_below(rng, 41), burst = 1 + rng_below(rng, 6);
                for (; run > 0 && k < n; run--, k++)
                    in[k] = (uint8_t)(rng_below(rng, 16) == 0 ? '\n' : 0x20 + rng_below(rng, 0x5F));
                for (; burst > 0 && k < n; burst--, k++)
                    in[k] = sig[rng_below(rng, (uint32_t)nsig)];
            } else {
                uint32_t r = rng_below(rng, 20);
                in[k++] = r < 17   ? (uint8_t)(0x81 + rng_below(rng, 0x7E))
                          : r < 19 ? sig[rng_below(rng, (uint32_t)nsig)]
                                   : (uint8_t)rng_below(rng, 0x80);
            }
        }
        compare(&t, c, in, n, ALL_FORMS | FATAL);
    }
    tally_report(&t, "%s: %u random inputs (significant bytes, ASCII runs, high-byte runs)",
                 c->name, count);
}

/* Typed anchors from INDEX-FACTS.md section 5 (independent of the model):
** the edges of the gb18030 four-byte ranges. */
static void test_gb18030_anchors(void)
{
    if (!built_or_skip(WENC_GB18030, "anchors"))
        return;
    static const struct {
        uint8_t in[4];
        uint32_t cp; /* 0xFFFFFFFF: one error */
    } v[] = {
        {{0x81, 0x30, 0x81, 0x30}, 0x0080},     /* pointer 0 */
        {{0x81, 0x35, 0xF4, 0x37}, 0xE7C7},     /* pointer 7457 */
        {{0x84, 0x31, 0xA4, 0x39}, 0xFFFF},     /* pointer 39419, the last BMP one */
        {{0x84, 0x31, 0xA5, 0x30}, 0xFFFFFFFF}, /* pointer 39420: null */
        {{0x90, 0x30, 0x81, 0x30}, 0x10000},    /* pointer 189000 */
        {{0xE3, 0x32, 0x9A, 0x35}, 0x10FFFF},   /* pointer 1237575 */
        {{0xE3, 0x32, 0x9A, 0x36}, 0xFFFFFFFF}, /* pointer 1237576: null */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        wenc_decoder d;
        wenc_decoder_init(&d, WENC_GB18030, WENC_DECODER_FATAL);
        uint32_t out[4];
        size_t sl = 4, dl = 4;
        wenc_status st = wenc_decoder_decode_to_utf32(&d, v[i].in, &sl, out, &dl, true);
        bool ok = v[i].cp == 0xFFFFFFFF
                      ? st == WENC_MALFORMED && dl == 0 && wenc_decoder_error_length(&d) == 4
                      : st == WENC_INPUT_EMPTY && dl == 1 && out[0] == v[i].cp;
        char hex[32], want[16];
        if (v[i].cp == 0xFFFFFFFF)
            snprintf(want, sizeof want, "an error");
        else
            snprintf(want, sizeof want, "U+%04X", (unsigned)v[i].cp);
        CHECK(ok, "gb18030 [%s] is %s (INDEX-FACTS 5): got %s, %zu code point(s) U+%04X",
              conf_hex(hex, sizeof hex, v[i].in, 4), want, wenc_status_name(st), dl,
              dl ? (unsigned)out[0] : 0u);
    }
}

int main(int argc, char **argv)
{
    bool have_index = conf_load(argc, argv) != NULL;
    bool slow = conf_has_flag(argc, argv, "--slow");
    bool utf16 = conf_has_flag(argc, argv, "--utf16");
    double t0 = conf_seconds();
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        cases[i].enc = wenc_encoding_at(i);
        cases[i].name = wenc_encoding_name(cases[i].enc);
    }
    printf("# decode: every decoder against the reference model%s\n",
           slow    ? " (slow sweeps)"
           : utf16 ? " (UTF-16BE and UTF-16LE only)"
                   : "");

    if (utf16) {
        /* UTF-16BE and UTF-16LE alone (what an emulated big-endian build
        ** runs in place of the whole sweep); their model needs no index. */
        conf_rng rng = {0xDEC0DE};
        printf("# random seed 0xDEC0DE\n");
        for (int be = 1; be >= 0; be--) {
            const dcase *c = dc(be ? "UTF-16BE" : "UTF-16LE");
            sweep_utf16(c, be, false);
            random_inputs(c, &rng, 20000);
        }
    } else if (!have_index) {
        /* No index files: the decoders that read none (the model runs them
        ** without ref_load()), with the default run's sweeps; the others
        ** are reported as skipped. */
        sweep_utf8(slow);
        sweep_utf16(dc("UTF-16BE"), true, slow);
        sweep_utf16(dc("UTF-16LE"), false, slow);
        conf_rng rng = {0xDEC0DE};
        printf("# random seed 0xDEC0DE\n");
        for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
            if (ref_needs_index(cases[i].name))
                check_skip("%s: no copy of the standard's index files (tools/fetch-indexes.sh)",
                           cases[i].name);
            else
                random_inputs(&cases[i], &rng, slow ? 200000 : 20000);
        }
    } else if (slow) {
        sweep_utf8(true);
        sweep_gb18030(dc("gb18030"), true);
        sweep_euc_jp(true);
        sweep_utf16(dc("UTF-16BE"), true, true);
        sweep_utf16(dc("UTF-16LE"), false, true);
        conf_rng rng = {0x5EEDF00Du};
        printf("# random seed 0x5EEDF00D\n");
        for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
            random_inputs(&cases[i], &rng, 200000);
    } else {
        test_gb18030_anchors();
        sweep_short();
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_utf8(false);
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_gb18030(dc("gb18030"), false);
        sweep_gb18030(dc("GBK"), false);
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_euc_jp(false);
        sweep_utf16(dc("UTF-16BE"), true, false);
        sweep_utf16(dc("UTF-16LE"), false, false);
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_iso_2022_jp();
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_lead_trail_class(dc("Big5"));
        sweep_lead_trail_class(dc("Shift_JIS"));
        sweep_lead_trail_class(dc("EUC-KR"));
        sweep_lead_trail_class(dc("EUC-JP"));
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_bulk();
        sweep_iso_2022_jp_bulk();
        sweep_iso_2022_jp_ascii();
        printf("# %.1f s\n", conf_seconds() - t0);
        sweep_single_byte();
        printf("# %.1f s\n", conf_seconds() - t0);
        conf_rng rng = {0xDEC0DE};
        printf("# random seed 0xDEC0DE\n");
        for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
            random_inputs(&cases[i], &rng, 20000);
    }
    printf("# %llu inputs compared in %.1f s\n", compared_inputs, conf_seconds() - t0);
    ref_unload();
    return check_done();
}
