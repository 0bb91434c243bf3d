/* encode.c -- every encoder through the public API against the reference
** model (ref_encode), for every scalar value, plus round trips and
** fixed-seed random sequences through persistent instances.
**
** 1. Every scalar value U+0000..U+10FFFF (surrogates excluded), alone, with
**    a fresh encoder and last = true, from UTF-32, UTF-16 (a surrogate pair
**    for astral ones) and UTF-8 input, in fatal and html modes: the bytes,
**    or the error's code point and offset, equal the model's.  By default
**    the UTF-16 and UTF-8 forms run for every 7th code point plus every code
**    point the encoder can encode; --slow runs them for all.
** 2. Round trip: what the library encoded, decoded by the library, gives
**    the code point back, except for the one-way mappings listed below.
**    The same list must come out of the model (decode(encode(cp)) != cp
**    computed from the index text), so a change in either shows up.
** 3. Random code point sequences per encoder (fixed seed, printed), split
**    into random chunks, through one persistent instance: html mode, and
**    fatal mode used as "encode or fail" (on each error the caller writes
**    its own bytes and calls again with the same instance), against the
**    model driven the same way.
**
** Usage: conf-encode INDEX_DIR [--slow]   (skips without INDEX_DIR) */

#include "conf.h"

#define MAX_CP 0x10FFFFu

/* The standard's one-way mappings: code points that encode to bytes which
** decode to something else.  Typed from the standard (gb18030 encoder step
** 5 and index gb18030, SPEC-DELTA (c); the EUC-JP and Shift_JIS encoder
** steps for U+00A5, U+203E and U+2212; ISO-2022-JP encoder steps 8-9 with
** index ISO-2022-JP katakana).  Every other encoder round-trips every code
** point it can encode. */
typedef struct one_way_entry {
    uint32_t cp, decoded;
} one_way_entry;

static const one_way_entry one_way_gb18030[] = {
    /* GB18030-2022 alignment: PUA code points kept encodable as before. */
    {0xE78D, 0xFE10}, {0xE78E, 0xFE12}, {0xE78F, 0xFE11}, {0xE790, 0xFE13}, {0xE791, 0xFE14},
    {0xE792, 0xFE15}, {0xE793, 0xFE16}, {0xE794, 0xFE17}, {0xE795, 0xFE18}, {0xE796, 0xFE19},
    {0xE81E, 0x9FB4}, {0xE826, 0x9FB5}, {0xE82B, 0x9FB6}, {0xE82C, 0x9FB7}, {0xE832, 0x9FB8},
    {0xE843, 0x9FB9}, {0xE854, 0x9FBA}, {0xE864, 0x9FBB},
};

static const one_way_entry one_way_japanese[] = {
    /* EUC-JP and Shift_JIS: YEN SIGN and OVERLINE are written as ASCII,
    ** MINUS SIGN as FULLWIDTH HYPHEN-MINUS. */
    {0x00A5, 0x005C},
    {0x203E, 0x007E},
    {0x2212, 0xFF0D},
};

static const one_way_entry one_way_iso_2022_jp[] = {
    /* ISO-2022-JP: MINUS SIGN, and the half-width katakana through index
    ** ISO-2022-JP katakana (U+00A5 and U+203E round-trip via Roman). */
    {0x2212, 0xFF0D}, {0xFF61, 0x3002}, {0xFF62, 0x300C}, {0xFF63, 0x300D}, {0xFF64, 0x3001},
    {0xFF65, 0x30FB}, {0xFF66, 0x30F2}, {0xFF67, 0x30A1}, {0xFF68, 0x30A3}, {0xFF69, 0x30A5},
    {0xFF6A, 0x30A7}, {0xFF6B, 0x30A9}, {0xFF6C, 0x30E3}, {0xFF6D, 0x30E5}, {0xFF6E, 0x30E7},
    {0xFF6F, 0x30C3}, {0xFF70, 0x30FC}, {0xFF71, 0x30A2}, {0xFF72, 0x30A4}, {0xFF73, 0x30A6},
    {0xFF74, 0x30A8}, {0xFF75, 0x30AA}, {0xFF76, 0x30AB}, {0xFF77, 0x30AD}, {0xFF78, 0x30AF},
    {0xFF79, 0x30B1}, {0xFF7A, 0x30B3}, {0xFF7B, 0x30B5}, {0xFF7C, 0x30B7}, {0xFF7D, 0x30B9},
    {0xFF7E, 0x30BB}, {0xFF7F, 0x30BD}, {0xFF80, 0x30BF}, {0xFF81, 0x30C1}, {0xFF82, 0x30C4},
    {0xFF83, 0x30C6}, {0xFF84, 0x30C8}, {0xFF85, 0x30CA}, {0xFF86, 0x30CB}, {0xFF87, 0x30CC},
    {0xFF88, 0x30CD}, {0xFF89, 0x30CE}, {0xFF8A, 0x30CF}, {0xFF8B, 0x30D2}, {0xFF8C, 0x30D5},
    {0xFF8D, 0x30D8}, {0xFF8E, 0x30DB}, {0xFF8F, 0x30DE}, {0xFF90, 0x30DF}, {0xFF91, 0x30E0},
    {0xFF92, 0x30E1}, {0xFF93, 0x30E2}, {0xFF94, 0x30E4}, {0xFF95, 0x30E6}, {0xFF96, 0x30E8},
    {0xFF97, 0x30E9}, {0xFF98, 0x30EA}, {0xFF99, 0x30EB}, {0xFF9A, 0x30EC}, {0xFF9B, 0x30ED},
    {0xFF9C, 0x30EF}, {0xFF9D, 0x30F3}, {0xFF9E, 0x309B}, {0xFF9F, 0x309C},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct one_way_list {
    const char *encoding;
    const one_way_entry *list;
    size_t count;
} one_way_list;

static const one_way_list one_way[] = {
    {"GBK", one_way_gb18030, COUNT(one_way_gb18030)},
    {"gb18030", one_way_gb18030, COUNT(one_way_gb18030)},
    {"EUC-JP", one_way_japanese, COUNT(one_way_japanese)},
    {"ISO-2022-JP", one_way_iso_2022_jp, COUNT(one_way_iso_2022_jp)},
    {"Shift_JIS", one_way_japanese, COUNT(one_way_japanese)},
};

/* The expected decoded code point for CP in ENCODING's list, or -1 if CP
** must round-trip. */
static int32_t listed_one_way(const char *encoding, uint32_t cp)
{
    for (size_t i = 0; i < COUNT(one_way); i++) {
        if (strcmp(one_way[i].encoding, encoding) != 0)
            continue;
        for (size_t k = 0; k < one_way[i].count; k++)
            if (one_way[i].list[k].cp == cp)
                return (int32_t)one_way[i].list[k].decoded;
    }
    return -1;
}

static size_t listed_count(const char *encoding)
{
    for (size_t i = 0; i < COUNT(one_way); i++)
        if (strcmp(one_way[i].encoding, encoding) == 0)
            return one_way[i].count;
    return 0;
}

/* ---- Encoders ------------------------------------------------------------- */

typedef struct ecase {
    const wenc_encoding *enc;
    const char *name;
    ref_encoder *ref;   /* reused where the encoder has no state */
    bool stateful;      /* ISO-2022-JP: a fresh model instance each time */
    uint32_t *mappable; /* non-ASCII code points it encodes (from the sweep) */
    size_t nmappable;
} ecase;

static ecase cases[WENC_ENCODING_COUNT];
static size_t ncases;

/* Forms of input. */
enum { F32, F16, F8, NFORMS };
static const char *const form_name[NFORMS] = {"UTF-32", "UTF-16", "UTF-8"};

/* Encodes SRC (N units of FORM) with a library encoder E; appends to OUT. */
static wenc_status lib_encode(wenc_encoder *e, int form, const void *src, size_t *n, uint8_t *out,
                              size_t *out_len, bool last)
{
    switch (form) {
    case F32:
        return wenc_encoder_encode_from_utf32(e, src, n, out, out_len, last);
    case F16:
        return wenc_encoder_encode_from_utf16(e, src, n, out, out_len, last);
    default:
        return wenc_encoder_encode_from_utf8(e, src, n, out, out_len, last);
    }
}

/* Encodes SRC (TOTAL units of FORM, UNIT bytes each) into OUT by calls
** given at most ROOM bytes each (ROOM 0: the rest of CAP), until the input
** is read; *LEN is the bytes written.  False if a call returned another
** status than output full or the calls did not end. */
static bool encode_in_calls(wenc_encoder *e, int form, const uint8_t *src, size_t total,
                            size_t unit, uint8_t *out, size_t cap, size_t room, size_t *len)
{
    size_t pos = 0, calls = 0;
    *len = 0;
    for (;;) {
        size_t sl = total - pos, dl = room == 0 ? cap - *len : room;
        wenc_status st = lib_encode(e, form, src + pos * unit, &sl, out + *len, &dl, true);
        pos += sl;
        *len += dl;
        if (st == WENC_INPUT_EMPTY)
            return true;
        if (st != WENC_OUTPUT_FULL || ++calls > cap)
            return false;
    }
}

/* A code point in all three forms. */
typedef struct units {
    uint32_t u32[1];
    uint16_t u16[2];
    uint8_t u8[4];
    size_t n[NFORMS];
} units;

static void to_units(units *u, uint32_t cp)
{
    u->u32[0] = cp;
    u->n[F32] = 1;
    u->n[F16] = conf_utf16(u->u16, cp);
    u->n[F8] = conf_utf8(u->u8, cp);
}

static const void *units_of(const units *u, int form)
{
    return form == F32 ? (const void *)u->u32 : form == F16 ? (const void *)u->u16 : u->u8;
}

/* The N code points CPS as units of FORM at SRC; returns the units. */
static size_t cps_to_form(const uint32_t *cps, size_t n, int form, uint8_t *src)
{
    size_t total = 0, unit = form == F32 ? 4 : form == F16 ? 2 : 1;
    for (size_t k = 0; k < n; k++) {
        units u;
        to_units(&u, cps[k]);
        memcpy(src + total * unit, units_of(&u, form), u.n[form] * unit);
        total += u.n[form];
    }
    return total;
}

/* ---- 1 and 2: every scalar value ------------------------------------------ */

typedef struct sweep_stats {
    tally forms[NFORMS][2]; /* [form][html] */
    tally round_trip;
    tally model_one_way;
    size_t encodable, one_way_lib, one_way_model;
} sweep_stats;

static uint8_t *ref_out; /* the model's output buffer, reused */

static void sweep_encoder(ecase *c, bool slow, sweep_stats *s)
{
    memset(s, 0, sizeof *s);
    size_t cap = 1024;
    c->mappable = malloc(cap * sizeof *c->mappable);
    c->nmappable = 0;
    for (uint32_t cp = 0; cp <= MAX_CP; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        /* The model, both modes. */
        ref_encoder *r = c->stateful ? ref_encoder_new(c->name) : c->ref;
        size_t fatal_len = 0, html_len = 0;
        uint32_t err_cp = 0;
        long fatal_at = ref_encode(r, &cp, 1, 1, REF_FATAL, &ref_out, &fatal_len, &err_cp);
        uint8_t fatal_bytes[64];
        memcpy(fatal_bytes, ref_out, fatal_len < 64 ? fatal_len : 64);
        if (c->stateful) {
            ref_encoder_free(r);
            r = ref_encoder_new(c->name);
        }
        ref_encode(r, &cp, 1, 1, REF_HTML, &ref_out, &html_len, NULL);
        const uint8_t *html_bytes = ref_out;
        if (c->stateful)
            ref_encoder_free(r);
        if (fatal_at < 0) {
            s->encodable++;
            if (cp >= 0x80) {
                if (c->nmappable == cap)
                    c->mappable = realloc(c->mappable, (cap *= 2) * sizeof *c->mappable);
                c->mappable[c->nmappable++] = cp;
            }
        }

        units u;
        to_units(&u, cp);
        bool all_forms = slow || cp % 7 == 0 || (fatal_at < 0 && cp >= 0x80);
        for (int form = 0; form < NFORMS; form++) {
            if (form != F32 && !all_forms)
                continue;
            for (int html = 0; html < 2; html++) {
                tally *t = &s->forms[form][html];
                t->checked++;
                wenc_encoder e;
                wenc_encoder_init(&e, c->enc, html ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL);
                uint8_t out[64];
                size_t sl = u.n[form], dl = sizeof out;
                wenc_status st = lib_encode(&e, form, units_of(&u, form), &sl, out, &dl, true);
                const uint8_t *want = html ? html_bytes : fatal_bytes;
                size_t want_len = html ? html_len : fatal_len;
                wenc_status want_st = !html && fatal_at >= 0 ? WENC_UNMAPPABLE : WENC_INPUT_EMPTY;
                bool ok = st == want_st && sl == u.n[form] && dl == want_len &&
                          memcmp(out, want, dl) == 0;
                if (ok && st == WENC_UNMAPPABLE)
                    ok = wenc_encoder_error_code_point(&e) == err_cp &&
                         wenc_encoder_error_offset(&e) == 0;
                if (!ok) {
                    char got[200], exp[200];
                    conf_hex(got, sizeof got, out, dl);
                    conf_hex(exp, sizeof exp, want, want_len);
                    tally_fail(t,
                               "%s U+%04X from %s, %s: got %s [%s] read %zu error U+%04X@%llu; "
                               "model %s [%s] error U+%04X",
                               c->name, cp, form_name[form], html ? "html" : "fatal",
                               wenc_status_name(st), got, sl,
                               (unsigned)wenc_encoder_error_code_point(&e),
                               (unsigned long long)wenc_encoder_error_offset(&e),
                               wenc_status_name(want_st), exp, (unsigned)err_cp);
                }
                /* Round trip, once per code point, on the library's own
                ** UTF-32 fatal output. */
                if (form == F32 && !html && fatal_at < 0 && st == WENC_INPUT_EMPTY) {
                    wenc_decoder d;
                    wenc_decoder_init(&d, c->enc, WENC_DECODER_REPLACEMENT);
                    uint32_t back[16];
                    size_t bl = dl, nb = 16;
                    wenc_decoder_decode_to_utf32(&d, out, &bl, back, &nb, true);
                    int32_t listed = listed_one_way(c->name, cp);
                    s->round_trip.checked++;
                    bool same = nb == 1 && back[0] == cp;
                    if (!same)
                        s->one_way_lib++;
                    if (listed < 0 ? !same : !(nb == 1 && back[0] == (uint32_t)listed)) {
                        char got[120];
                        tally_fail(&s->round_trip,
                                   "%s U+%04X -> [%s] decodes to %zu code points, first U+%04X; "
                                   "expected %s U+%04X",
                                   c->name, cp, conf_hex(got, sizeof got, out, dl), nb,
                                   nb ? (unsigned)back[0] : 0u,
                                   listed < 0 ? "round trip to" : "listed one-way to",
                                   listed < 0 ? cp : (unsigned)listed);
                    }
                }
            }
        }

        /* The model's own round trip (expectations from the index text). */
        if (fatal_at < 0) {
            ref_item *items = NULL;
            size_t ni = ref_decode(c->name, fatal_bytes, fatal_len, &items);
            bool same = ni == 1 && items[0].cp == (int32_t)cp;
            int32_t listed = listed_one_way(c->name, cp);
            s->model_one_way.checked++;
            if (!same)
                s->one_way_model++;
            if (listed < 0 ? !same : !(ni == 1 && items[0].cp == listed))
                tally_fail(&s->model_one_way,
                           "%s U+%04X: the model decodes its encoding to %zu items, first %d; "
                           "the list says %s",
                           c->name, cp, ni, ni ? items[0].cp : -1,
                           listed < 0 ? "round trip" : "one-way");
            free(items);
        }
    }
}

static void test_every_scalar_value(bool slow)
{
    for (size_t i = 0; i < ncases; i++) {
        ecase *c = &cases[i];
        sweep_stats s;
        double t0 = conf_seconds();
        sweep_encoder(c, slow, &s);
        for (int form = 0; form < NFORMS; form++)
            for (int html = 0; html < 2; html++)
                tally_report(&s.forms[form][html], "%s, %s, from %s: %s", c->name,
                             html ? "html" : "fatal", form_name[form],
                             form == F32 || slow ? "every scalar value"
                                                 : "every 7th and every encodable scalar value");
        tally_report(&s.round_trip,
                     "%s: every encodable scalar value (%zu) decodes back, but the %zu listed "
                     "one-way mappings",
                     c->name, s.encodable, listed_count(c->name));
        tally_report(&s.model_one_way, "%s: the model's one-way mappings are the listed ones",
                     c->name);
        CHECK(s.one_way_lib == listed_count(c->name) && s.one_way_model == listed_count(c->name),
              "%s: %zu one-way mappings (library %zu, model %zu)", c->name, listed_count(c->name),
              s.one_way_lib, s.one_way_model);
        printf("# %s: %.1f s\n", c->name, conf_seconds() - t0);
    }
}

/* Counts of encodable scalar values, typed from the standard's indexes (and
** so a check that the sweep saw what INDEX-FACTS.md describes). */
static void test_counts(void)
{
    static const struct {
        const char *name;
        size_t count;
    } counts[] = {
        {"UTF-8", 0x110000 - 0x800},       {"gb18030", 0x110000 - 0x800 - 1}, /* all but U+E5E5 */
        {"GBK", 128 + 23939 + 1 - 1 + 18}, /* ASCII, index gb18030, U+20AC via 0x80 */
        {"x-user-defined", 256},           {"windows-1252", 256},
        {"ISO-8859-8", 128 + 92},          {"EUC-KR", 128 + 17048},
    };
    for (size_t i = 0; i < COUNT(counts); i++)
        for (size_t k = 0; k < ncases; k++)
            if (strcmp(cases[k].name, counts[i].name) == 0)
                CHECK_EQ(cases[k].nmappable + 128, counts[i].count, counts[i].name);
}

/* ---- 3: random sequences ---------------------------------------------------- */

static const uint32_t specials[] = {
    0x0E,   0x0F,   0x1B,   0x5C,   0x7E,   0x80,   0xA5,   0x203E, 0x2212,  0xFF61,
    0xFF76, 0xFF9E, 0xFF9F, 0xE5E5, 0x20AC, 0xE78D, 0xE7C7, 0xE864, 0xFFFF,  0x10FFFF,
    0xFEFF, 0x3000, 0xF780, 0xF7FF, 0x2550, 0x5341, 0x2170, 0xFF0D, 0x10000, 0x1F600,
};

static uint32_t random_cp(conf_rng *rng, const ecase *c)
{
    uint32_t r = rng_below(rng, 100);
    if (r < 30)
        return rng_below(rng, 0x80);
    if (r < 65 && c->nmappable > 0)
        return c->mappable[rng_below(rng, (uint32_t)c->nmappable)];
    if (r < 80)
        return specials[rng_below(rng, COUNT(specials))];
    if (r < 90) {
        uint32_t cp = 0x80 + rng_below(rng, 0x10000 - 0x80 - 0x800);
        return cp >= 0xD800 ? cp + 0x800 : cp;
    }
    return 0x10000 + rng_below(rng, 0x100000);
}

#define MAX_SEQ 64

/* The caller's replacement in "encode or fail": the URL standard writes
** the percent-encoded "&#N;"; any ASCII other than 0E, 0F, 1B, 5C and 7E is
** allowed. */
static size_t caller_bytes(uint8_t *p, uint32_t cp)
{
    return (size_t)sprintf((char *)p, "%%26%%23%lu%%3B", (unsigned long)cp);
}

typedef struct run {
    uint8_t out[MAX_SEQ * 32];
    size_t len;
    uint32_t err_cp[MAX_SEQ];
    size_t err_at[MAX_SEQ]; /* index in the sequence */
    size_t nerr;
    bool broken;
    char why[160];
} run;

/* The model: one persistent instance, whole sequence, "encode or fail". */
static void model_run(const ecase *c, const uint32_t *cps, size_t n, int mode, run *m)
{
    ref_encoder *r = ref_encoder_new(c->name);
    size_t pos = 0, len = 0;
    m->nerr = 0;
    m->broken = false;
    for (;;) {
        uint32_t err = 0;
        long at = ref_encode(r, cps + pos, n - pos, 1, mode, &ref_out, &len, &err);
        if (at < 0)
            break;
        m->err_cp[m->nerr] = err;
        m->err_at[m->nerr++] = pos + (size_t)at;
        uint8_t extra[32];
        size_t k = caller_bytes(extra, err);
        ref_out = realloc(ref_out, len + k);
        memcpy(ref_out + len, extra, k);
        len += k;
        pos += (size_t)at + 1;
    }
    memcpy(m->out, ref_out, len);
    m->len = len;
    ref_encoder_free(r);
}

/* The library: one persistent instance, input in FORM split into random
** chunks (LAST only with the final one), "encode or fail" in fatal mode. */
static void lib_run(const ecase *c, const uint32_t *cps, size_t n, int form, bool html,
                    conf_rng *rng, run *m)
{
    uint32_t u32[MAX_SEQ];
    uint16_t u16[2 * MAX_SEQ];
    uint8_t u8[4 * MAX_SEQ];
    size_t start[MAX_SEQ + 1], total = 0; /* unit offset of each code point */
    for (size_t i = 0; i < n; i++) {
        start[i] = total;
        total += form == F32   ? (u32[total] = cps[i], 1)
                 : form == F16 ? conf_utf16(u16 + total, cps[i])
                               : conf_utf8(u8 + total, cps[i]);
    }
    start[n] = total;
    const void *src = form == F32 ? (const void *)u32 : form == F16 ? (const void *)u16 : u8;
    size_t unit = form == F32 ? 4 : form == F16 ? 2 : 1;

    wenc_encoder e;
    wenc_encoder_init(&e, c->enc, html ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL);
    m->len = 0;
    m->nerr = 0;
    m->broken = false;
    size_t pos = 0;
    unsigned guard = 0;
    for (;;) {
        size_t chunk = rng_below(rng, 4) == 0 ? total - pos : 1 + rng_below(rng, 6);
        size_t end = chunk > total - pos ? total : pos + chunk;
        bool last = end == total;
        for (;;) {
            size_t sl = end - pos, dl = sizeof m->out - m->len;
            wenc_status st = lib_encode(&e, form, (const uint8_t *)src + pos * unit, &sl,
                                        m->out + m->len, &dl, last);
            pos += sl;
            m->len += dl;
            if (st == WENC_INPUT_EMPTY && pos == end)
                break;
            if (++guard > 4 * MAX_SEQ + 16) {
                m->broken = true;
                snprintf(m->why, sizeof m->why, "does not finish");
                return;
            }
            if (st != WENC_UNMAPPABLE || html) {
                m->broken = true;
                snprintf(m->why, sizeof m->why, "status %s at unit %zu of %zu",
                         wenc_status_name(st), pos, end);
                return;
            }
            /* Which code point failed, from the unit offset: the one that
            ** ends where the call stopped reading. */
            uint64_t off = wenc_encoder_error_offset(&e);
            size_t i = 0;
            while (i < n && start[i] != off)
                i++;
            if (i == n || start[i + 1] != pos) {
                m->broken = true;
                snprintf(m->why, sizeof m->why,
                         "error offset %llu is not the code point just consumed (unit %zu)",
                         (unsigned long long)off, pos);
                return;
            }
            m->err_cp[m->nerr] = wenc_encoder_error_code_point(&e);
            m->err_at[m->nerr++] = i;
            m->len += caller_bytes(m->out + m->len, wenc_encoder_error_code_point(&e));
        }
        if (last)
            return;
    }
}

static void describe_seq(char *buf, size_t size, const uint32_t *cps, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && k + 12 < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%s%04X", i ? " " : "", (unsigned)cps[i]);
}

static void test_sequences(conf_rng *rng, unsigned count)
{
    for (size_t i = 0; i < ncases; i++) {
        const ecase *c = &cases[i];
        tally t = {0, 0};
        unsigned long long errors = 0;
        for (unsigned k = 0; k < count; k++) {
            uint32_t cps[MAX_SEQ];
            size_t n = 1 + rng_below(rng, k % 4 == 0 ? MAX_SEQ : 12);
            for (size_t j = 0; j < n; j++)
                cps[j] = random_cp(rng, c);
            for (int html = 0; html < 2; html++) {
                static run want, got;
                model_run(c, cps, n, html ? REF_HTML : REF_FATAL, &want);
                errors += want.nerr;
                for (int form = 0; form < NFORMS; form++) {
                    t.checked++;
                    lib_run(c, cps, n, form, html, rng, &got);
                    bool ok = !got.broken && got.len == want.len &&
                              memcmp(got.out, want.out, got.len) == 0 && got.nerr == want.nerr;
                    for (size_t j = 0; ok && j < got.nerr; j++)
                        ok = got.err_cp[j] == want.err_cp[j] && got.err_at[j] == want.err_at[j];
                    if (!ok) {
                        char seq[400], g[300], w[300];
                        describe_seq(seq, sizeof seq, cps, n);
                        tally_fail(&t,
                                   "%s %s from %s, [%s]: %s got [%s] %zu errors%s%s; model [%s] "
                                   "%zu errors",
                                   c->name, html ? "html" : "encode-or-fail", form_name[form], seq,
                                   got.broken ? "BROKEN" : "",
                                   conf_hex(g, sizeof g, got.out, got.len), got.nerr,
                                   got.broken ? ": " : "", got.broken ? got.why : "",
                                   conf_hex(w, sizeof w, want.out, want.len), want.nerr);
                    }
                }
            }
        }
        tally_report(&t,
                     "%s: %u random sequences, html and encode-or-fail, from UTF-32/16/8 in "
                     "random chunks (%llu errors met)",
                     c->name, count, errors);
    }
}

/* ---- 4. The double-byte encoders' bulk paths (src/handlers/cjk_bulk.h) ------------ */

/* Every BMP scalar value >= 0x80 inside text the bulk path takes in one
** run: ideographs the encoder maps, lone ASCII characters and runs of more
** than 16 (the 16-unit vector copies), at a position that moves across a
** 16-unit block, in random chunks; html mode for every one, "encode or
** fail" for every fourth, the input form rotating. */
static void test_bulk_runs(conf_rng *rng)
{
    static const char *const names[] = {"Big5",      "EUC-KR", "GBK",        "gb18030",
                                        "Shift_JIS", "EUC-JP", "ISO-2022-JP"};
    for (size_t i = 0; i < ncases; i++) {
        const ecase *c = &cases[i];
        bool bulk = false;
        for (size_t k = 0; k < COUNT(names); k++)
            bulk |= strcmp(c->name, names[k]) == 0;
        if (!bulk || c->nmappable < 2)
            continue;
        tally t = {0, 0};
        for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF)
                continue;
            uint32_t cps[MAX_SEQ];
            size_t n = 0, at = cp % 19;
            while (n < 40) {
                if (n == at) {
                    cps[n++] = cp;
                    continue;
                }
                uint32_t r = (uint32_t)(n * 5 + cp) % 7;
                if (r < 4) {
                    cps[n] = c->mappable[(cp * 31u + (uint32_t)n) % c->nmappable];
                    n++;
                } else if (r < 6) {
                    cps[n] = (uint32_t)"ab 1.,"[(cp + n) % 6];
                    n++;
                } else
                    for (size_t k = 0; k < 17 && n < 40; k++)
                        cps[n++] = 'a' + (uint32_t)k;
            }
            for (int html = 1; html >= (cp % 4 == 0 ? 0 : 1); html--) {
                static run want, got;
                int form = (int)(cp % NFORMS);
                t.checked++;
                model_run(c, cps, n, html ? REF_HTML : REF_FATAL, &want);
                lib_run(c, cps, n, form, html, rng, &got);
                bool ok = !got.broken && got.len == want.len &&
                          memcmp(got.out, want.out, got.len) == 0 && got.nerr == want.nerr;
                if (!ok)
                    tally_fail(&t, "%s: U+%04X in a run, %s from %s%s%s", c->name, (unsigned)cp,
                               html ? "html" : "encode-or-fail", form_name[form],
                               got.broken ? ": " : "", got.broken ? got.why : "");
            }
        }
        tally_report(&t, "%s: every BMP scalar value >= U+0080 inside bulk-path runs", c->name);
    }
}

/* ---- 5. The single-byte encoders' vector paths (src/handlers/single_byte.c,
** src/simd/sb/sb_*) ------------------------------------------------------------ */

/* Text of an encoding's letters (its mappable code points) between ASCII
** spaces and punctuation, with CP planted at AT: the vector kernels take
** 32 units a step, so AT moves across two blocks.  Returns the length. */
static size_t sb_text(const ecase *c, uint32_t *cps, uint32_t cp, size_t at, unsigned style)
{
    size_t n = 0;
    while (n < 48) {
        size_t word = 1 + (n * 3 + style) % (style == 1 ? 30 : 7);
        for (; word > 0 && n < 48; word--, n++)
            cps[n] = c->mappable[(n * 37u + style * 11u + cp) % c->nmappable];
        if (n < 48) {
            cps[n] = (uint32_t)" ,.-\n("[(n + style) % 6];
            n++;
        }
    }
    cps[at] = cp;
    return n;
}

/* Compares one sequence in html mode and in "encode or fail", from FORM. */
static void sb_check(tally *t, const ecase *c, const uint32_t *cps, size_t n, int form,
                     conf_rng *rng, const char *what, uint32_t cp, size_t at)
{
    for (int html = 1; html >= 0; html--) {
        static run want, got;
        t->checked++;
        model_run(c, cps, n, html ? REF_HTML : REF_FATAL, &want);
        lib_run(c, cps, n, form, html, rng, &got);
        if (got.broken || got.len != want.len || memcmp(got.out, want.out, got.len) != 0 ||
            got.nerr != want.nerr)
            tally_fail(t, "%s: %s U+%04X at %zu, %s from %s%s%s", c->name, what, (unsigned)cp, at,
                       html ? "html" : "encode-or-fail", form_name[form],
                       got.broken ? ": " : "", got.broken ? got.why : "");
    }
}

/* Every code point the encoding maps at every position of two 32-unit
** blocks of its text; every scalar value of U+0080..U+25FF and
** U+F800..U+FFFF (all that the single-byte indexes hold, and their
** neighbours), and some beyond, at a position that moves; U+0000 and
** ASCII at every position.  From UTF-16 and UTF-8 (UTF-32 goes through
** the UTF-16 path: section 7), html mode and "encode or fail", input in random chunks (lib_run). */
static void test_sb_runs(conf_rng *rng)
{
    for (size_t i = 0; i < ncases; i++) {
        const ecase *c = &cases[i];
        if (!wenc_encoding_is_single_byte(c->enc) || c->nmappable < 2)
            continue;
        tally t = {0, 0};
        uint32_t cps[MAX_SEQ];
        for (int form = F16; form <= F8; form++) {
            for (size_t m = 0; m < c->nmappable + 2; m++)
                for (size_t at = 0; at < 40; at++) {
                    uint32_t cp = m < c->nmappable ? c->mappable[m] : m == c->nmappable ? 0 : 'A';
                    size_t n = sb_text(c, cps, cp, at, (unsigned)(m + at) % 3);
                    sb_check(&t, c, cps, n, form, rng, "mapped", cp, at);
                }
            for (uint32_t cp = 0x80; cp < 0x110000; cp++) {
                if (cp == 0x2600)
                    cp = 0xF800;
                if (cp == 0x10000)
                    cp = 0x10FFF0;
                size_t at = (cp * 7) % 41;
                size_t n = sb_text(c, cps, cp, at, cp % 3);
                sb_check(&t, c, cps, n, form, rng, "any", cp, at);
            }
        }
        tally_report(&t, "%s: every mapped code point at every position of 2 vector blocks, "
                         "U+0080..U+25FF and U+F800..U+FFFF at moving positions, from UTF-16 and "
                         "UTF-8",
                     c->name);
    }
}

/* ---- 6. ISO-2022-JP's bulk paths (src/handlers/iso_2022_jp.c) ------------ */

/* The case of the encoding NAME, or NULL if the run has none. */
static const ecase *find_case(const char *name)
{
    for (size_t i = 0; i < ncases; i++)
        if (strcmp(cases[i].name, name) == 0)
            return &cases[i];
    return NULL;
}

/* Runs of 60 code points of TEXT (cycled), entered at the start or after
** LEAD (an escape first), then TAIL (an escape after), with one of PLANTED
** at every position; from each input form, html mode and "encode or
** fail", in random chunks (lib_run). */
static void iso_2022_jp_planted(conf_rng *rng, const uint32_t *planted, size_t nplanted,
                                const uint32_t *text, size_t ntext, uint32_t lead,
                                uint32_t tail, const char *what)
{
    const ecase *c = find_case("ISO-2022-JP");
    if (c == NULL)
        return;
    tally t = {0, 0};
    uint32_t cps[MAX_SEQ];
    for (int form = 0; form < NFORMS; form++)
        for (size_t p = 0; p < nplanted; p++)
            for (size_t at = 0; at < 60; at++)
                for (size_t after_lead = 0; after_lead < 2; after_lead++) {
                    size_t n = 0;
                    if (after_lead)
                        cps[n++] = lead;
                    for (size_t k = 0; k < 60; k++)
                        cps[n++] = text[(k + at + p) % ntext];
                    cps[after_lead + at] = planted[p];
                    cps[n++] = tail;
                    sb_check(&t, c, cps, n, form, rng, "planted", planted[p], at);
                }
    tally_report(&t, "ISO-2022-JP: code points planted at every position of %s, from each "
                     "input form",
                 what);
}

/* The ASCII state: ASCII text, entered from jis0208, with those the ASCII
** state refuses (0E, 0F, 1B), U+0000, U+007F, the first beyond ASCII, the
** yen sign and overline (Roman), kana and kanji (jis0208), a half-width
** katakana and one the encoder cannot map planted. */
static void test_iso_2022_jp_runs(conf_rng *rng)
{
    static const uint32_t planted[] = {0x0E, 0x0F,   0x1B,   0x00,   0x7F,   0x80,  0xFF,
                                       0xA5, 0x203E, 0x3042, 0x4E00, 0xFF71, 0x0100};
    static const char ascii[] = "The quick brown fox\njumps over 13 lazy dogs. ";
    uint32_t text[sizeof ascii - 1];
    for (size_t k = 0; k < COUNT(text); k++)
        text[k] = (uint8_t)ascii[k];
    iso_2022_jp_planted(rng, planted, COUNT(planted), text, COUNT(text), 0x3042, 0x4E00,
                        "ASCII runs");
}

/* The jis0208 state: kana and kanji, entered from ASCII, with ASCII (an
** escape back), 0E and 1B, U+0000, the yen sign and overline (Roman),
** U+2212 and the half-width katakana (steps 8-9 change them before the
** lookup), U+FF0D, more kana and kanji, an ideographic space, and code
** points the encoder cannot map, in the BMP and beyond (four UTF-8 bytes,
** a UTF-16 pair) planted. */
static void test_iso_2022_jp_kanji_runs(conf_rng *rng)
{
    static const uint32_t planted[] = {'a',    0x0E,   0x1B,   0x00,   0xA5,   0x203E,
                                       0x2212, 0xFF61, 0xFF9F, 0xFF0D, 0x3042, 0x4E00,
                                       0x3000, 0x0100, 0x20AC, 0x10000};
    static const uint32_t text[] = {0x65E5, 0x672C, 0x8A9E, 0x306E, 0x6F22, 0x5B57,
                                    0x3001, 0x30AB, 0x30FC, 0x30C9, 0x3002, 0xFF08};
    iso_2022_jp_planted(rng, planted, COUNT(planted), text, COUNT(text), 'x', '.',
                        "kana and kanji runs");
}

/* Both states in turn (issue 29): Greek and Russian words between ASCII
** spaces, punctuation and references ("&#940;"), an escape at every word's
** start and end, with the planted code points of the two tests above and a
** Greek letter the index lacks (U+03AC), Greek and Cyrillic letters. */
static const uint32_t iso_2022_jp_words[] = {
    0x39F, 0x20,  0x391, 0x3C1, 0x3B7, 0x3C2, '&',   '#',   '9',   '4',   '0',   ';',
    0x3BD, 0x3B1, 0x3B9, 0x2C,  0x20,  0x3BF, 0x20,  0x3C4, 0x3AD, 0x3C4, 0x3B1, 0x3C1,
    0x20,  0x28,  0x41C, 0x430, 0x440, 0x441, 0x29,  0x2E,  0x20,  0x3A3, 0x3C9, 0x20,
    0x401, 0x451, 0x3B1, '\n'};

static void test_iso_2022_jp_word_runs(conf_rng *rng)
{
    static const uint32_t planted[] = {'a',    0x0E,   0x1B,   0x00,   0xA5,   0x203E,
                                       0x2212, 0xFF61, 0xFF9F, 0x3042, 0x4E00, 0x3000,
                                       0x3AC,  0x3B1,  0x451,  0x0100, 0x20AC, 0x10000};
    iso_2022_jp_planted(rng, planted, COUNT(planted), iso_2022_jp_words,
                        COUNT(iso_2022_jp_words), 0x3B1, ' ', "Greek and Russian words");
}

/* The same words into output buffers of every size from 1 to 12 bytes (an
** escape and the bytes after it, split every way) must give the model's
** bytes of one call, from each input form. */
static void test_iso_2022_jp_word_rooms(void)
{
    const ecase *c = find_case("ISO-2022-JP");
    if (c == NULL)
        return;
    tally t = {0, 0};
    uint32_t cps[MAX_SEQ];
    for (size_t n = 0; n < MAX_SEQ; n++)
        cps[n] = iso_2022_jp_words[n % COUNT(iso_2022_jp_words)];
    static run want;
    model_run(c, cps, MAX_SEQ, REF_HTML, &want);
    for (int form = 0; form < NFORMS; form++) {
        uint8_t src[4 * MAX_SEQ];
        size_t unit = form == F32 ? 4 : form == F16 ? 2 : 1;
        size_t total = cps_to_form(cps, MAX_SEQ, form, src);
        for (size_t room = 1; room <= 12; room++) {
            static uint8_t got[MAX_SEQ * 16];
            wenc_encoder e;
            wenc_encoder_init(&e, c->enc, WENC_ENCODER_HTML);
            size_t len;
            bool broken = !encode_in_calls(&e, form, src, total, unit, got, sizeof got, room,
                                           &len);
            t.checked++;
            if (broken || len != want.len || memcmp(got, want.out, len) != 0)
                tally_fail(&t, "ISO-2022-JP words from %s into %zu-byte buffers differ "
                               "from the model",
                           form_name[form], room);
        }
    }
    tally_report(&t, "ISO-2022-JP: Greek and Russian words into buffers of 1 to 12 bytes");
}

/* The same kind of text into output buffers of 1, 2 and 3 bytes per call
** (3, 4 and 5 for ISO-2022-JP, whose escapes take three) must give the
** bytes of one call with room to spare. */
static void test_bulk_small_output(void)
{
    for (size_t i = 0; i < ncases; i++) {
        const ecase *c = &cases[i];
        if (c->nmappable < 2)
            continue;
        /* ISO-2022-JP needs room for an escape sequence (three bytes). */
        size_t min_room = c->stateful ? 3 : 1;
        tally t = {0, 0};
        uint32_t cps[MAX_SEQ];
        for (size_t n = 0; n < MAX_SEQ; n++)
            cps[n] = n % 5 == 3 ? 0x20 : n % 11 == 7 ? 0xFFFD : c->mappable[(n * 97) % c->nmappable];
        for (int form = 0; form < NFORMS; form++) {
            uint8_t src[4 * MAX_SEQ];
            size_t unit = form == F32 ? 4 : form == F16 ? 2 : 1;
            size_t total = cps_to_form(cps, MAX_SEQ, form, src);
            static uint8_t whole[MAX_SEQ * 16], part[MAX_SEQ * 16];
            size_t whole_len = 0;
            for (size_t room = 0; room <= min_room + 2; room = room == 0 ? min_room : room + 1) {
                wenc_encoder e;
                wenc_encoder_init(&e, c->enc, WENC_ENCODER_HTML);
                size_t len;
                bool broken = !encode_in_calls(&e, form, src, total, unit,
                                               room == 0 ? whole : part, sizeof whole, room, &len);
                t.checked++;
                if (room == 0) {
                    static run want;
                    model_run(c, cps, MAX_SEQ, REF_HTML, &want);
                    whole_len = len;
                    if (broken || len != want.len || memcmp(whole, want.out, len) != 0)
                        tally_fail(&t, "%s from %s: one call differs from the model", c->name,
                                   form_name[form]);
                } else if (broken || len != whole_len || memcmp(part, whole, len) != 0)
                    tally_fail(&t, "%s from %s: %zu-byte output buffers differ from one call",
                               c->name, form_name[form], room);
            }
        }
        tally_report(&t, "%s: output buffers of %zu, %zu and %zu bytes", c->name, min_room,
                     min_room + 1, min_room + 2);
    }
}

/* ---- 7. UTF-32 input through the UTF-16 paths (src/engine/encoder.c) ----------- */

/* encode_utf32() narrows UTF-32 input to UTF-16 in blocks of up to 1024
** units where at least 32 in a row are scalar values below U+10000, and
** gives the other units (code points above U+FFFF, surrogates, values above
** U+10FFFF) and the stretches between them to the UTF-32 path; the
** double-byte encoders keep their UTF-32 path throughout (their own bulk
** loops).  Here, for every encoder: long text of its code points and ASCII
** runs with such units (and a few below U+10000) planted at the block and
** run limits, alone and in stretches (one every 2, 31, 32 or 33 units),
** and with none.  Each input is encoded in one call in html mode, in
** "encode or fail" with a marker for each error (its code point and unit
** offset), and in html mode into buffers of 1 to 40 bytes, all against the
** model (to which a unit that is not a scalar value is U+FFFD, as the
** engine reads it). */
#define U32_LEN 2200

typedef struct bytes_buf {
    uint8_t *p;
    size_t n, cap;
} bytes_buf;

static void buf_room(bytes_buf *b, size_t more)
{
    if (b->n + more > b->cap) {
        b->cap = (b->n + more) * 2;
        b->p = realloc(b->p, b->cap);
    }
}

static void buf_mark(bytes_buf *b, uint32_t cp, uint64_t at)
{
    buf_room(b, 40);
    b->n += (size_t)sprintf((char *)b->p + b->n, "<%lX@%llu>", (unsigned long)cp,
                            (unsigned long long)at);
}

/* The model over CPS[0..N): html mode, or "encode or fail" with markers. */
static void u32_model(const ecase *c, const uint32_t *cps, size_t n, bool html, bytes_buf *b)
{
    ref_encoder *r = ref_encoder_new(c->name);
    size_t pos = 0, len = 0;
    b->n = 0;
    for (;;) {
        uint32_t err = 0;
        long at =
            ref_encode(r, cps + pos, n - pos, 1, html ? REF_HTML : REF_FATAL, &ref_out, &len, &err);
        buf_room(b, len);
        memcpy(b->p + b->n, ref_out, len);
        b->n += len;
        len = 0;
        if (at < 0)
            break;
        pos += (size_t)at;
        buf_mark(b, err, pos);
        pos++;
    }
    ref_encoder_free(r);
}

/* The library from UTF-32 units U[0..N), output buffers of ROOM bytes (0:
** enough for all); false if it misbehaves. */
static bool u32_lib(const ecase *c, const uint32_t *u, size_t n, bool html, size_t room,
                    bytes_buf *b)
{
    wenc_encoder e;
    wenc_encoder_init(&e, c->enc, html ? WENC_ENCODER_HTML : WENC_ENCODER_FATAL);
    size_t pos = 0;
    b->n = 0;
    for (unsigned calls = 0; calls < 4 * U32_LEN * 16; calls++) {
        size_t want = room != 0 ? room : wenc_encoder_max_length_from_utf32(&e, n - pos);
        buf_room(b, want);
        size_t sl = n - pos, dl = want;
        wenc_status st = wenc_encoder_encode_from_utf32(&e, u + pos, &sl, b->p + b->n, &dl, true);
        pos += sl;
        b->n += dl;
        if (st == WENC_INPUT_EMPTY)
            return pos == n;
        if (st == WENC_UNMAPPABLE && !html)
            buf_mark(b, wenc_encoder_error_code_point(&e), wenc_encoder_error_offset(&e));
        else if (st != WENC_OUTPUT_FULL || room == 0)
            return false;
    }
    return false;
}

static void u32_check(tally *t, const ecase *c, const uint32_t *u, size_t n, conf_rng *rng,
                      const char *what)
{
    static uint32_t cps[U32_LEN];
    static bytes_buf want, got;
    for (size_t i = 0; i < n; i++)
        cps[i] = u[i] > 0x10FFFF || (u[i] >= 0xD800 && u[i] <= 0xDFFF) ? 0xFFFD : u[i];
    for (int html = 1; html >= 0; html--) {
        u32_model(c, cps, n, html, &want);
        /* Room for all, then (html) a few bytes per call. */
        size_t room = 1 + rng_below(rng, 40);
        for (int small = 0; small <= html; small++) {
            t->checked++;
            if (!u32_lib(c, u, n, html, small ? room : 0, &got) || got.n != want.n ||
                memcmp(got.p, want.p, got.n) != 0)
                tally_fail(t, "%s: %s, %s into %zu-byte buffers: differs from the model", c->name,
                           what, html ? "html" : "encode-or-fail", small ? room : got.n);
        }
    }
}

static void test_utf32_blocks(conf_rng *rng)
{
    static const size_t at[] = {0,    1,    30,   31,   32,   33,   63,   64,   1022, 1023,
                                1024, 1025, 1055, 1056, 1057, 2047, 2048, 2049, 2198, 2199};
    static const uint32_t other[] = {0x1F600, 0xD800,  0x110000,   0x10000, 0x00E9,
                                     0xDFFF,  0x2008A, 0xFFFFFFFF, 0x3042};
    static uint32_t text[U32_LEN], u[U32_LEN];
    for (size_t i = 0; i < ncases; i++) {
        const ecase *c = &cases[i];
        tally t = {0, 0};
        /* The encoding's text: ASCII words between its other code points. */
        for (size_t k = 0; k < U32_LEN; k++) {
            /* 40-unit ASCII runs (the engine's 16-unit ASCII steps)
            ** between stretches of mostly the encoding's others. */
            uint32_t r = k % 100 < 40 ? 0 : rng_below(rng, 100);
            text[k] = r < 45 || c->nmappable == 0 ? 0x20 + rng_below(rng, 0x5F)
                      : r < 95 ? c->mappable[rng_below(rng, (uint32_t)c->nmappable)]
                               : specials[rng_below(rng, COUNT(specials))];
            if (text[k] > 0xFFFF)
                text[k] = 0xFFFD;
        }
        u32_check(&t, c, text, U32_LEN, rng, "no unit above U+FFFF");
        char what[80];
        for (size_t k = 0; k < COUNT(at); k++) {
            memcpy(u, text, sizeof u);
            u[at[k]] = other[k % COUNT(other)];
            snprintf(what, sizeof what, "%lX at %zu", (unsigned long)u[at[k]], at[k]);
            u32_check(&t, c, u, U32_LEN, rng, what);
        }
        static const size_t every[] = {2, 31, 32, 33};
        for (size_t k = 0; k < COUNT(every); k++) {
            memcpy(u, text, sizeof u);
            for (size_t j = 1000; j < 1200; j += every[k])
                u[j] = other[j % COUNT(other)];
            snprintf(what, sizeof what, "one in %zu of units 1000..1199", every[k]);
            u32_check(&t, c, u, U32_LEN, rng, what);
        }
        tally_report(&t, "%s: %d units from UTF-32, others planted at the narrowing's limits",
                     c->name, U32_LEN);
    }
}

int main(int argc, char **argv)
{
    conf_load_or_skip(argc, argv);
    bool slow = conf_has_flag(argc, argv, "--slow");
    double t0 = conf_seconds();
    size_t left_out = 0;
    printf("# encode: every encoder against the reference model%s\n", slow ? " (slow)" : "");
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (!wenc_encoding_has_encoder(e))
            continue;
        if (!built_or_skip(e, "encoder")) {
            left_out++;
            continue;
        }
        ecase *c = &cases[ncases++];
        c->enc = e;
        c->name = wenc_encoding_name(e);
        c->stateful = e == WENC_ISO_2022_JP;
        c->ref = ref_encoder_new(c->name);
    }
    CHECK_EQ(ncases + left_out, 37, "37 encoders (built in or left out by -Dencodings)");

    test_every_scalar_value(slow);
    test_counts();
    printf("# %.1f s\n", conf_seconds() - t0);

    uint64_t seed = slow ? 0x51075EEDu : 0xE17C0DEu;
    conf_rng rng = {seed};
    printf("# random seed 0x%llX\n", (unsigned long long)seed);
    test_sequences(&rng, slow ? 20000 : 2000);
    test_bulk_runs(&rng);
    test_sb_runs(&rng);
    test_iso_2022_jp_runs(&rng);
    test_iso_2022_jp_kanji_runs(&rng);
    test_iso_2022_jp_word_runs(&rng);
    test_iso_2022_jp_word_rooms();
    test_bulk_small_output();
    test_utf32_blocks(&rng);

    printf("# %.1f s\n", conf_seconds() - t0);
    for (size_t i = 0; i < ncases; i++) {
        ref_encoder_free(cases[i].ref);
        free(cases[i].mappable);
    }
    free(ref_out);
    ref_unload();
    return check_done();
}
