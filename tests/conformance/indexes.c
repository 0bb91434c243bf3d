/* indexes.c -- the generated tables (indexes/, tools/gen-tables.py) against
** the standard's index files, read at run time by the reference model.
**
** Decode side: every pointer of every index, present or not, agrees with the
** decode accessor of the build's profile (flat table, or the delta table of
** -Dtables=small; absent pointers are WENC__NONE16).  Encode side:
** every code point U+0000..U+10FFFF is looked up the way the handlers do it
** (the encode lookups of the src/handlers headers, the single-byte blocks) and
** compared with the pointer rule of the standard computed by the
** model from the index text: "index pointer" (first pointer), "index
** Shift_JIS pointer", "index Big5 pointer", and the two "index gb18030
** ranges" algorithms, both ways, for every pointer and code point.  The
** double-byte lookups give the bytes the encoders write (jis0208: row and
** cell); this file turns the model's pointer into those with the
** standard's formulas (the encoders' last steps), written out here again.
**
** Usage: conf-indexes INDEX_DIR (skips without it). */

#include "conf.h"
#include "engine/internal.h"
#include "handlers/big5.h"
#include "simd/sb/sb_kernels.h"
#include "handlers/euc_kr.h"
#include "handlers/gb18030.h"
#include "handlers/jis0208.h"
#include "handlers/jis0212.h"

#define MAX_CP 0x10FFFFu

static int32_t lib16(uint32_t v)
{
    return v == WENC__NONE16 ? -1 : (int32_t)v;
}

/* Compares a uint16_t decode table of LEN entries with INDEX, pointer by
** pointer; the table must also end right after the largest pointer. */
typedef uint32_t (*decode_fn)(uint32_t pointer);

/* Every pointer 0..0xFFFF through LOOKUP (the handlers' accessor, which may
** hide a table layout with gaps) against the index file; LEN is the
** pointer space the accessor claims (largest pointer + 1). */
static void check_decode(const char *index, decode_fn lookup, size_t len)
{
    tally t = {0, 0};
    size_t present = 0;
    for (uint32_t p = 0; p <= 0xFFFF; p++) {
        int32_t want = ref_index_code_point(index, p);
        int32_t got = lib16(lookup(p));
        t.checked++;
        present += want != -1;
        if (want != got)
            tally_fail(&t, "index %s pointer %u: table %d, index file %d", index, p, got, want);
    }
    tally_report(&t,
                 "index %s: every pointer 0..65535 agrees with the decode lookup "
                 "(%zu mapped, the others WENC__NONE16)",
                 index, present);
    CHECK_EQ(len, (size_t)ref_index_max_pointer(index) + 1,
             "decode pointer space is the largest pointer + 1");
    CHECK_EQ(present, ref_index_entry_count(index), "every entry of the file is in the table");
}

#define FLAT_DECODE(name, table, len)                                                             \
    static uint32_t name(uint32_t pointer)                                                        \
    {                                                                                             \
        return pointer < (len) ? (table)[pointer] : WENC__NONE16;                                 \
    }
/* The handlers call it only with pointers of the index's space. */
static uint32_t gb18030_code_point(uint32_t pointer)
{
    return pointer < WENC__GB18030_POINTERS ? wenc__gb18030_code_point(pointer) : WENC__NONE16;
}
FLAT_DECODE(katakana_code_point, wenc__iso_2022_jp_katakana_decode,
            WENC__ISO_2022_JP_KATAKANA_POINTERS)

/* EUC-KR's lookup by bytes (the decoder's) against the one by pointer, for
** every lead and trail the decoder passes (0x81..0xFE, 0x41..0xFE). */
static void check_euc_kr_bytes(void)
{
    tally t = {0, 0};
    for (uint32_t lead = 0x81; lead <= 0xFE; lead++) {
        for (uint32_t trail = 0x41; trail <= 0xFE; trail++) {
            int32_t want = ref_index_code_point("euc-kr", (lead - 0x81) * 190 + trail - 0x41);
            int32_t got = lib16(wenc__euc_kr_bytes_code_point(lead, trail));
            t.checked++;
            if (want != got)
                tally_fail(&t, "euc-kr bytes %02X %02X: table %d, index file %d", lead, trail,
                           got, want);
        }
    }
    tally_report(&t, "index euc-kr: every lead 81..FE and trail 41..FE by bytes");
#if WENC__TABLES_SMALL
    /* The small profile's decoder fast path (src/handlers/euc_kr.c) also
    ** passes leading bytes 80 and FF and any trailing byte: null. */
    tally o = {0, 0};
    for (uint32_t lead = 0x80; lead <= 0xFF; lead++) {
        for (uint32_t trail = 0; trail <= 0xFF; trail++) {
            if (lead >= 0x81 && lead <= 0xFE && trail >= 0x41 && trail <= 0xFE)
                continue;
            o.checked++;
            if (wenc__euc_kr_bytes_code_point(lead, trail) != WENC__NONE16)
                tally_fail(&o, "euc-kr bytes %02X %02X: not null", lead, trail);
        }
    }
    tally_report(&o, "index euc-kr: leads 80 and FF, trails outside 41..FE by bytes: null");
#endif
}

/* EUC-KR's lookup for the encoder's bulk path gives what wenc__euc_kr_bytes
** gives, or WENC__NONE16 (the step function then decides). */
static void check_euc_kr_bulk(void)
{
    tally t = {0, 0};
    for (uint32_t cp = 0x80; cp <= MAX_CP; cp++) {
        uint32_t bulk = wenc__euc_kr_bytes_bulk(cp);
        t.checked++;
        if (bulk != WENC__NONE16 && bulk != wenc__euc_kr_bytes(cp))
            tally_fail(&t, "euc-kr bulk U+%04X: %04X, not the step's", cp, bulk);
    }
    tally_report(&t, "index euc-kr: the bulk lookup agrees with the step's or leaves it");
}

/* ---- Single-byte ------------------------------------------------------- */

static const char *sb_index_name(const wenc_encoding *e, char *buf, size_t size)
{
    /* ISO-8859-8-I shares ISO-8859-8's index (encoding.bs, "Legacy
    ** single-byte encodings"); every other index is named after the
    ** encoding, lowercased. */
    if (e == WENC_ISO_8859_8_I)
        return "iso-8859-8";
    snprintf(buf, size, "%s", wenc_encoding_lowercase_name(e));
    return buf;
}

static void test_single_byte(void)
{
    tally dec = {0, 0}, enc = {0, 0};
    size_t encodings = 0, mapped = 0;
    bool row_used[WENC__SB_INDEXES] = {false};
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        if (!wenc_encoding_is_single_byte(e))
            continue;
        encodings++;
        char buf[64];
        const char *index = sb_index_name(e, buf, sizeof buf);
        int row = e->single_byte;
        if (row < 0 || row >= WENC__SB_INDEXES) {
            tally_fail(&dec, "%s: single-byte row %d out of range", index, row);
            continue;
        }
        row_used[row] = true;
        const uint16_t *decode = wenc__sb_decode + 128 * row;
        for (uint32_t p = 0; p < 128; p++) {
            dec.checked++;
            int32_t want = ref_index_code_point(index, p);
            if (lib16(decode[p]) != want)
                tally_fail(&dec, "%s pointer %u (byte 0x%02X): table %d, index file %d",
                           wenc_encoding_name(e), p, p + 0x80, lib16(decode[p]), want);
        }
        /* The encoder's lookup (src/simd/sb/sb_kernels.h,
        ** wenc__sb_encode_byte): BMP only, 0 = no mapping, otherwise the
        ** byte (pointer + 0x80); ASCII gives itself (the encoders' step 2,
        ** so their bulk loops need no branch; U+0000 gives its byte 0).
        ** Default profile: the top stops at an empty entry that every code
        ** point beyond reads (the lookup clamps code point >> 7 to it).
        ** Small profile: the runs, then a search of the pointers in code
        ** point order. */
        const uint8_t *top = WENC__SB_ENC_TOP(row);
        uint32_t last = WENC__SB_ENC_LAST(row);
#if !WENC__TABLES_SMALL
        CHECK(top[last] == 0, "%s: the top ends with the empty block", wenc_encoding_name(e));
        for (int made = 0; made < 1; made++)
#else
        /* Without a made table (short inputs), and with the one for the
        ** block of U+0400 (Cyrillic; Latin-1's for the Latin encodings,
        ** whose Cyrillic block is empty). */
        static uint8_t block[128];
        for (int made = 0; made < 2; made++)
#endif
        for (uint32_t cp = 0; cp <= MAX_CP; cp++) {
#if WENC__TABLES_SMALL
            if (cp == 0 && made == 1) {
                uint32_t main = 8;
                bool any = false;
                for (int j = 0; j < 128; j++)
                    any |= decode[j] >> 7 == 8;
                if (!any)
                    main = 1;
                last = wenc__sb_enc_make((unsigned)row, main, block);
                top = block;
            }
#endif
            int32_t want = ref_index_pointer(index, cp);
            uint8_t byte = cp < 0x10000 ? (uint8_t)wenc__sb_encode_byte(top, last, cp) : 0;
            if (cp < 0x80) {
                enc.checked++;
                if (byte != cp || want != -1)
                    tally_fail(&enc, "%s U+%04X: table byte 0x%02X, index pointer %d",
                               wenc_encoding_name(e), cp, byte, want);
                continue;
            }
            int32_t got = byte == 0 ? -1 : byte - 0x80;
            enc.checked++;
            mapped += want != -1;
            if (want != got)
                tally_fail(&enc, "%s U+%04X: table pointer %d, index pointer %d",
                           wenc_encoding_name(e), cp, got, want);
        }
    }
    tally_report(&dec, "single-byte decode tables: every pointer of %zu encodings", encodings);
    tally_report(&enc,
                 "single-byte encode blocks: every code point of %zu encodings is the "
                 "first pointer (%zu mappings)",
                 encodings, mapped);
    size_t rows = 0;
    for (int r = 0; r < WENC__SB_INDEXES; r++)
        rows += row_used[r];
    CHECK_EQ(rows, WENC__SB_INDEXES, "every single-byte table row belongs to an encoding");
    CHECK_EQ(encodings, 28, "28 single-byte encodings over 27 indexes");
}

/* ---- Page-table encode sides -------------------------------------------- */

typedef int32_t (*rule_fn)(uint32_t cp);

/* Two bytes as the accessors give them: the first in the low 8 bits. */
static int32_t pack2(int32_t first, int32_t second)
{
    return first | second << 8;
}

/* Pointer -> bytes, each the last steps of its encoder (encoding.bs), or -1
** for -1 (null). */
static int32_t gb18030_bytes_of(int32_t p)
{
    /* gb18030 encoder 7.1-7.4. */
    if (p < 0)
        return -1;
    int32_t trailing = p % 190;
    return pack2(p / 190 + 0x81, trailing + (trailing < 0x3F ? 0x40 : 0x41));
}

static int32_t big5_bytes_of(int32_t p)
{
    /* Big5 encoder 5-8. */
    if (p < 0)
        return -1;
    int32_t trailing = p % 157;
    return pack2(p / 157 + 0x81, trailing + (trailing < 0x3F ? 0x40 : 0x62));
}

static int32_t euc_kr_bytes_of(int32_t p)
{
    /* EUC-KR encoder 5-7. */
    return p < 0 ? -1 : pack2(p / 190 + 0x81, p % 190 + 0x41);
}

static int32_t jis0208_row_cell_of(int32_t p)
{
    /* EUC-JP encoder 9-11 and ISO-2022-JP encoder 13-15 without their
    ** 0xA1 / 0x21. */
    return p < 0 ? -1 : pack2(p / 94, p % 94);
}

static int32_t shift_jis_bytes_of(int32_t p)
{
    /* Shift_JIS encoder 9-13. */
    if (p < 0)
        return -1;
    int32_t lead = p / 188, trail = p % 188;
    return pack2(lead + (lead < 0x1F ? 0x81 : 0xC1), trail + (trail < 0x3F ? 0x40 : 0x41));
}

static int32_t rule_gb18030(uint32_t cp)
{
    return gb18030_bytes_of(ref_index_pointer("gb18030", cp));
}

static int32_t rule_big5(uint32_t cp)
{
    return big5_bytes_of(ref_index_big5_pointer(cp));
}

static int32_t rule_jis0208(uint32_t cp)
{
    return jis0208_row_cell_of(ref_index_pointer("jis0208", cp));
}

static int32_t rule_shift_jis(uint32_t cp)
{
    return shift_jis_bytes_of(ref_index_shift_jis_pointer(cp));
}

static int32_t rule_euc_kr(uint32_t cp)
{
    return euc_kr_bytes_of(ref_index_pointer("euc-kr", cp));
}

static int32_t lib_gb18030(uint32_t cp)
{
    return lib16(wenc__gb18030_bytes(cp));
}

static int32_t lib_big5(uint32_t cp)
{
    return lib16(wenc__big5_bytes(cp));
}

static int32_t lib_euc_kr(uint32_t cp)
{
    return lib16(wenc__euc_kr_bytes(cp));
}

static int32_t lib_jis0208(uint32_t cp)
{
    return lib16(wenc__jis0208_row_cell(cp));
}

static int32_t lib_shift_jis(uint32_t cp)
{
    return lib16(wenc__jis0208_shift_jis_bytes(cp));
}

/* Every code point through LIB against RULE. */
static void check_encode(const char *what, rule_fn rule, rule_fn lib)
{
    tally t = {0, 0};
    size_t mapped = 0;
    for (uint32_t cp = 0; cp <= MAX_CP; cp++) {
        int32_t want = rule(cp), got = lib(cp);
        t.checked++;
        mapped += want != -1;
        if (want != got)
            tally_fail(&t, "%s U+%04X: table %d, expected %d", what, cp, got, want);
    }
    tally_report(&t, "%s: every code point U+0000..U+10FFFF (%zu have a pointer)", what, mapped);
}

/* ---- Big5 ----------------------------------------------------------------- */

static void test_big5(void)
{
    /* Decode: the low 16 bits plus the plane-2 bitset (indexes/big5.c),
    ** through the handler's accessor, for every pointer 0..65535. */
    tally t = {0, 0};
    size_t astral = 0, present = 0;
    for (uint32_t p = 0; p <= 0xFFFF; p++) {
        uint32_t cp = wenc__big5_code_point(p);
        bool is_astral = cp != WENC__NONE16 && cp > 0xFFFF;
        int32_t got = lib16(cp);
        int32_t want = ref_index_code_point("big5", p);
        t.checked++;
        astral += is_astral;
        present += want != -1;
        if (want != got)
            tally_fail(&t, "big5 pointer %u: table %d, index file %d", p, got, want);
    }
    /* No astral bit beyond the last pointer. */
    for (uint32_t at = WENC__BIG5_POINTERS - WENC__BIG5_FIRST;
         at < 32 * (sizeof wenc__big5_astral / 4); at++) {
        t.checked++;
        if (wenc__big5_astral[at >> 5] >> (at & 31) & 1)
            tally_fail(&t, "big5 astral bit set past the end, pointer %u", at + WENC__BIG5_FIRST);
    }
    tally_report(&t,
                 "index big5: every pointer 0..65535 agrees with the decode table and its astral "
                 "bitset (%zu astral)",
                 astral);
    /* The bulk path's lookup by bytes, for every lead it takes. */
    tally tb = {0, 0};
    for (uint32_t lead = 0x87; lead <= 0xFE; lead++) {
        for (uint32_t trail = 0x40; trail <= 0xFE; trail++) {
            if (trail > 0x7E && trail < 0xA1)
                continue;
            uint32_t offset = trail < 0x7F ? 0x40 : 0x62;
            int32_t want = ref_index_code_point("big5", (lead - 0x81) * 157 + trail - offset);
            int32_t got = lib16(wenc__big5_bytes_code_point(lead, trail));
            tb.checked++;
            if (want != got)
                tally_fail(&tb, "big5 bytes %02X %02X: table %d, index file %d", lead, trail, got,
                           want);
        }
    }
    tally_report(&tb, "index big5: every lead 87..FE and trail 40..7E, A1..FE by bytes");
    CHECK_EQ(WENC__BIG5_POINTERS, (size_t)ref_index_max_pointer("big5") + 1,
             "big5 decode table length is the largest pointer + 1");
    CHECK_EQ(present, ref_index_entry_count("big5"), "every entry of index big5 is in the table");
    check_encode("index Big5 pointer, as bytes", rule_big5, lib_big5);
    /* Typed from INDEX-FACTS.md 4.1: the six last-pointer code points, an
    ** exclusion below (0xA1 - 0x81) * 157 and a first-pointer case. */
    static const struct {
        uint32_t cp;
        int32_t pointer;
    } facts[] = {
        {0x2550, 18991}, {0x255E, 18975}, {0x2561, 18977},
        {0x256A, 18976}, {0x5341, 5512},  {0x5345, 5599},
        {0x256D, 5243},  {0x4FBB, 12065}, {0x5F0C, -1},
        {0x00C0, -1},    {0x43F0, -1},    {0x2008A, (0xC8 - 0x81) * 157 + 0x7C - 0x40},
    };
    tally f = {0, 0};
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
        f.checked++;
        if (lib_big5(facts[i].cp) != big5_bytes_of(facts[i].pointer))
            tally_fail(&f, "U+%04X: table 0x%04X, INDEX-FACTS pointer %d", facts[i].cp,
                       lib_big5(facts[i].cp), facts[i].pointer);
    }
    tally_report(&f, "Big5 encode table on typed facts (last pointer for U+2550.., exclusions)");
}

/* ---- gb18030 ranges -------------------------------------------------------- */

/* The standard's two algorithms, run over the generated arrays
** (wenc__gb18030_ranges_pointer/_cp), so that the arrays are checked through
** every value they can produce. */
static int32_t table_ranges_code_point(uint32_t pointer)
{
    if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
        return -1;
    if (pointer == 7457)
        return 0xE7C7;
    int lo = -1;
    for (int i = 0; i < WENC__GB18030_RANGES; i++)
        if (wenc__gb18030_ranges_pointer[i] <= pointer)
            lo = i;
    if (lo < 0)
        return -1;
    return (int32_t)(wenc__gb18030_ranges_cp[lo] + pointer - wenc__gb18030_ranges_pointer[lo]);
}

static int32_t table_ranges_pointer(uint32_t cp)
{
    if (cp == 0xE7C7)
        return 7457;
    int lo = -1;
    for (int i = 0; i < WENC__GB18030_RANGES; i++)
        if (wenc__gb18030_ranges_cp[i] <= cp)
            lo = i;
    if (lo < 0)
        return -1;
    return (int32_t)(wenc__gb18030_ranges_pointer[lo] + cp - wenc__gb18030_ranges_cp[lo]);
}

static void test_gb18030_ranges(void)
{
    tally t = {0, 0};
    CHECK_EQ(WENC__GB18030_RANGES, ref_index_entry_count("gb18030-ranges"),
             "gb18030 ranges: as many rows as the index file");
    for (int i = 0; i < WENC__GB18030_RANGES; i++) {
        t.checked++;
        uint32_t p = wenc__gb18030_ranges_pointer[i];
        if (ref_index_code_point("gb18030-ranges", p) != (int32_t)wenc__gb18030_ranges_cp[i])
            tally_fail(&t, "ranges row %d: pointer %u -> U+%04X, index file says %d", i, p,
                       wenc__gb18030_ranges_cp[i], ref_index_code_point("gb18030-ranges", p));
        if (i > 0 && (p <= wenc__gb18030_ranges_pointer[i - 1] ||
                      wenc__gb18030_ranges_cp[i] <= wenc__gb18030_ranges_cp[i - 1]))
            tally_fail(&t, "ranges row %d: not increasing", i);
    }
    tally_report(&t, "gb18030 ranges arrays equal the index file's rows, increasing");

    /* The algorithms over every pointer (and a margin past the last) and
    ** every code point.  The linear scans above are slow, so walk with a
    ** cached row instead and only compare; the binary searches of the model
    ** are independent. */
    for (uint32_t p = 0; p <= 1237575 + 16; p++) {
        t.checked++;
        int32_t want = ref_gb18030_ranges_code_point(p);
        int32_t got;
        if ((p > 39419 && p < 189000) || p > 1237575)
            got = -1;
        else if (p == 7457)
            got = 0xE7C7;
        else {
            static int row = 0;
            while (row + 1 < WENC__GB18030_RANGES && wenc__gb18030_ranges_pointer[row + 1] <= p)
                row++;
            got = (int32_t)(wenc__gb18030_ranges_cp[row] + p - wenc__gb18030_ranges_pointer[row]);
        }
        if (want != got)
            tally_fail(&t, "ranges code point for pointer %u: table %d, model %d", p, got, want);
        if ((p & 0xFFFF) == 0 && table_ranges_code_point(p) != got)
            tally_fail(&t, "ranges code point for pointer %u: walk and scan disagree", p);
    }
    tally_report(&t, "index gb18030 ranges code point: every pointer 0..1237591");
    for (uint32_t cp = 0x80; cp <= MAX_CP; cp++) {
        t.checked++;
        int32_t want = ref_gb18030_ranges_pointer(cp);
        int32_t got;
        if (cp == 0xE7C7)
            got = 7457;
        else {
            static int row = 0;
            while (row + 1 < WENC__GB18030_RANGES && wenc__gb18030_ranges_cp[row + 1] <= cp)
                row++;
            got = (int32_t)(wenc__gb18030_ranges_pointer[row] + cp - wenc__gb18030_ranges_cp[row]);
        }
        if (want != got)
            tally_fail(&t, "ranges pointer for U+%04X: table %d, model %d", cp, got, want);
        if ((cp & 0xFFF) == 0 && table_ranges_pointer(cp) != got)
            tally_fail(&t, "ranges pointer for U+%04X: walk and scan disagree", cp);
    }
    tally_report(&t, "index gb18030 ranges pointer: every code point U+0080..U+10FFFF");
    /* Typed from INDEX-FACTS.md section 5. */
    CHECK(table_ranges_code_point(39419) == 0xFFFF && table_ranges_code_point(189000) == 0x10000 &&
              table_ranges_code_point(1237575) == 0x10FFFF &&
              table_ranges_code_point(39420) == -1 && table_ranges_code_point(7457) == 0xE7C7 &&
              table_ranges_pointer(0xE7C7) == 7457 && table_ranges_pointer(0x80) == 0 &&
              table_ranges_pointer(0xE5E5) == 37026,
          "gb18030 ranges typed facts: 39419 U+FFFF, 189000 U+10000, 1237575 U+10FFFF, 39420 "
          "null, 7457 <-> U+E7C7, U+E5E5 -> 37026");
}

int main(int argc, char **argv)
{
    const char *dir = conf_load_or_skip(argc, argv);
    double t0 = conf_seconds();
    printf("# indexes: generated tables against the index files in %s\n", dir);

    test_single_byte();
    test_big5();

    check_decode("gb18030", gb18030_code_point, WENC__GB18030_POINTERS);
    check_encode("index pointer gb18030, as bytes", rule_gb18030, lib_gb18030);
    CHECK(lib_gb18030(0x3000) == pack2(0xA1, 0xA1) && lib_gb18030(0xE5E5) == -1 &&
              lib_gb18030(0xE78D) == -1,
          "gb18030 typed facts: U+3000 -> A1 A1 (pointer 6176, the first of 6176, 6555), "
          "U+E5E5 and U+E78D absent");
    test_gb18030_ranges();

    check_decode("jis0208", wenc__jis0208_code_point, WENC__JIS0208_POINTERS);
    check_encode("index pointer jis0208, as row and cell", rule_jis0208, lib_jis0208);
    check_encode("index Shift_JIS pointer, as bytes", rule_shift_jis, lib_shift_jis);
    /* 8634 = 91 * 94 + 80; 10716 = 57 * 188 (FA 40); 60 = 0 * 94 + 60. */
    CHECK(lib_jis0208(0x2170) == pack2(91, 80) && lib_shift_jis(0x2170) == pack2(0xFA, 0x40) &&
              lib_jis0208(0xFF0D) == pack2(0, 60) && lib_jis0208(0x2212) == -1 &&
              lib_jis0208(0x00A5) == -1,
          "jis0208 typed facts: U+2170 -> pointer 8634 (row 91 cell 80) / Shift_JIS FA 40, "
          "U+FF0D -> 60, no U+2212, no U+00A5");

    check_decode("jis0212", wenc__jis0212_code_point, WENC__JIS0212_POINTERS);

    check_decode("euc-kr", wenc__euc_kr_code_point, WENC__EUC_KR_POINTERS);
    check_euc_kr_bytes();
    check_euc_kr_bulk();
    check_encode("index pointer euc-kr", rule_euc_kr, lib_euc_kr);
    CHECK_EQ(lib_euc_kr(0xAC00), pack2(0xB0, 0xA1), "EUC-KR: U+AC00 is B0 A1");

    check_decode("iso-2022-jp-katakana", katakana_code_point,
                 WENC__ISO_2022_JP_KATAKANA_POINTERS);
    {
        uint8_t first[2] = {(uint8_t)(wenc__iso_2022_jp_katakana_decode[0] >> 8),
                            (uint8_t)wenc__iso_2022_jp_katakana_decode[0]};
        CHECK_BYTES(first, 2, "\x30\x02", 2, "katakana pointer 0 (U+FF61) is U+3002");
    }

    printf("# %.1f s\n", conf_seconds() - t0);
    ref_unload();
    return check_done();
}
