/* utf8_exhaustive.c -- the UTF-8 toolkit against the standard's UTF-8
** decoder on every byte sequence of length 1 to 3, on every sequence of
** length 4 and 5 over representatives of the DFA's byte classes, and on 1M
** short and 20000 longer random strings.  Four views must agree on each input:
**   (a) wenc_utf8_* (errors, first error, streaming, boundaries, lenient
**       decoding with no flag),
**   (b) wenc_decoder on UTF-8 in fatal mode, resumed past each error,
**   (c) wenc_decoder in replacement mode (its output, so its U+FFFD count),
**   (d) ref_decode() below: the standard's steps transcribed literally.
** The kind of each error is derived here from Unicode's definitions (Table
** 3-7 and the value a sequence would have), not from the library's rule. */
#include <wenc/wenc.h>

#include "check.h"

#define MAX_IN 256

/* One output item of the standard's decoder: a code point or an error,
** with the bytes it came from. */
struct item {
    int32_t cp; /* -1 for error */
    size_t start, length;
};

/* (d) The Encoding Standard's "UTF-8 decoder" handler, step by step, run by
** "decode" (process the queue until finished; an error gives U+FFFD in
** replacement mode).  The queue is IN[0..N) then end-of-queue; "restore"
** moves the read position back. */
static size_t ref_decode(const uint8_t *in, size_t n, struct item *items)
{
    uint32_t code_point = 0;
    unsigned bytes_seen = 0, bytes_needed = 0;
    unsigned lower = 0x80, upper = 0xBF;
    size_t start = 0, count = 0, i = 0;
    for (;;) {
        int byte = i < n ? in[i] : -1;
        i++;
        /* 1. */
        if (byte == -1 && bytes_needed != 0) {
            bytes_needed = 0;
            items[count++] = (struct item){-1, start, n - start};
            continue;
        }
        /* 2. */
        if (byte == -1)
            return count;
        /* 3. */
        if (bytes_needed == 0) {
            start = i - 1;
            if (byte <= 0x7F) {
                items[count++] = (struct item){byte, start, 1};
            } else if (byte >= 0xC2 && byte <= 0xDF) {
                bytes_needed = 1;
                code_point = byte & 0x1F;
            } else if (byte >= 0xE0 && byte <= 0xEF) {
                if (byte == 0xE0)
                    lower = 0xA0;
                if (byte == 0xED)
                    upper = 0x9F;
                bytes_needed = 2;
                code_point = byte & 0xF;
            } else if (byte >= 0xF0 && byte <= 0xF4) {
                if (byte == 0xF0)
                    lower = 0x90;
                if (byte == 0xF4)
                    upper = 0x8F;
                bytes_needed = 3;
                code_point = byte & 0x7;
            } else {
                items[count++] = (struct item){-1, start, 1};
            }
            continue;
        }
        /* 4. */
        if (byte < (int)lower || byte > (int)upper) {
            code_point = 0;
            bytes_needed = 0;
            bytes_seen = 0;
            lower = 0x80;
            upper = 0xBF;
            i--; /* restore */
            items[count++] = (struct item){-1, start, i - start};
            continue;
        }
        /* 5.-11. */
        lower = 0x80;
        upper = 0xBF;
        code_point = (code_point << 6) | (uint32_t)(byte & 0x3F);
        bytes_seen++;
        if (bytes_seen != bytes_needed)
            continue;
        items[count++] = (struct item){(int32_t)code_point, start, i - start};
        code_point = 0;
        bytes_needed = 0;
        bytes_seen = 0;
    }
}

/* The kind of the error span ITEM of IN[0..N), from Unicode's definitions:
** Table 3-7 for which bytes may lead, and for a lead byte followed by a
** continuation byte it rejected, the range of values the sequence would
** have (whatever continuation bytes came next). */
static wenc_utf8_error_kind ref_kind(const uint8_t *in, size_t n, const struct item *it)
{
    uint8_t lead = in[it->start];
    size_t after = it->start + it->length;
    if (!(lead >= 0xC2 && lead <= 0xF4))
        return lead >= 0x80 && lead <= 0xBF ? WENC_UTF8_ERROR_UNEXPECTED_CONTINUATION
                                            : WENC_UTF8_ERROR_INVALID_BYTE;
    if (after == n)
        return WENC_UTF8_ERROR_INCOMPLETE_AT_END;
    uint8_t next = in[after];
    if (next < 0x80 || next > 0xBF)
        return WENC_UTF8_ERROR_TRUNCATED;
    /* A continuation byte was rejected: only the second byte of a sequence
    ** can be, so the span is the lead alone. */
    unsigned total = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    uint32_t lo = lead & (0x7F >> total), hi = lo;
    lo = (lo << 6) | (next & 0x3F);
    hi = lo;
    for (unsigned k = 2; k < total; k++) {
        lo = lo << 6;
        hi = (hi << 6) | 0x3F;
    }
    static const uint32_t smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (hi < smallest[total])
        return WENC_UTF8_ERROR_OVERLONG;
    if (lo >= 0xD800 && hi <= 0xDFFF)
        return WENC_UTF8_ERROR_SURROGATE;
    if (lo > 0x10FFFF)
        return WENC_UTF8_ERROR_TOO_LARGE;
    return WENC_UTF8_ERROR_NONE; /* cannot happen: reported as a mismatch */
}

static unsigned long long inputs, mismatches;

static void mismatch(const uint8_t *in, size_t n, const char *what)
{
    mismatches++;
    if (mismatches > 20)
        return;
    printf("# mismatch (%s) on", what);
    for (size_t i = 0; i < n; i++)
        printf(" %02X", in[i]);
    printf("\n");
}

/* Everything compared on one input.  SPLIT (0 < SPLIT < N, or 0 for none)
** is where the streaming validator's input is cut; BYTEWISE feeds it one
** byte at a time instead. */
static bool lenient_flags_too;

static void compare(const uint8_t *in, size_t n, size_t split, bool bytewise)
{
    struct item items[MAX_IN + 1];
    wenc_utf8_error ref_errors[MAX_IN + 1];
    size_t count = ref_decode(in, n, items), nerr = 0;
    inputs++;
    for (size_t k = 0; k < count; k++) {
        if (items[k].cp < 0) {
            ref_errors[nerr] = (wenc_utf8_error){items[k].start, (uint32_t)items[k].length,
                                                 ref_kind(in, n, &items[k])};
            nerr++;
        }
    }

    /* (a) Every error, in order. */
    wenc_utf8_error got[MAX_IN + 1];
    size_t ngot = wenc_utf8_find_errors(in, n, got, MAX_IN + 1);
    bool same = ngot == nerr;
    for (size_t k = 0; same && k < nerr; k++)
        same = got[k].offset == ref_errors[k].offset &&
               got[k].length == ref_errors[k].length && got[k].kind == ref_errors[k].kind;
    if (!same)
        mismatch(in, n, "find_errors");

    /* (a) The first error, and validity. */
    wenc_utf8_error first;
    wenc_status st = wenc_utf8_validate(in, n, &first);
    if (nerr == 0 ? (st != WENC_OK || first.offset != n)
                  : (st != WENC_MALFORMED || first.offset != ref_errors[0].offset ||
                     first.length != ref_errors[0].length ||
                     first.kind != ref_errors[0].kind))
        mismatch(in, n, "validate");
    if (wenc_utf8_is_valid(in, n) != (nerr == 0))
        mismatch(in, n, "is_valid");

    /* (a) Streaming, split at SPLIT or byte by byte. */
    wenc_utf8_validator v;
    wenc_utf8_validator_init(&v);
    size_t pos = 0, k = 0;
    same = true;
    while (same) {
        size_t chunk_end = bytewise ? (pos < n ? pos + 1 : n) : (pos < split ? split : n);
        size_t len = chunk_end - pos;
        bool last = chunk_end == n;
        wenc_utf8_error e;
        st = wenc_utf8_validator_validate(&v, in + pos, &len, last, &e);
        pos += len;
        if (st == WENC_MALFORMED) {
            same = k < nerr && e.offset == ref_errors[k].offset &&
                   e.length == ref_errors[k].length && e.kind == ref_errors[k].kind;
            k++;
            continue;
        }
        if (st != WENC_INPUT_EMPTY)
            same = false;
        if (last)
            break;
    }
    if (!same || k != nerr || wenc_utf8_validator_position(&v) != n ||
        wenc_utf8_validator_error_count(&v) != nerr)
        mismatch(in, n, "validator");

    /* (b) wenc_decoder, fatal, resumed after each error. */
    wenc_decoder d;
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
    uint32_t out[MAX_IN + 1];
    pos = 0;
    k = 0;
    same = true;
    for (;;) {
        size_t len = n - pos, room = MAX_IN + 1;
        st = wenc_decoder_decode_to_utf32(&d, in + pos, &len, out, &room, true);
        pos += len;
        if (st != WENC_MALFORMED)
            break;
        same = same && k < nerr && wenc_decoder_error_offset(&d) == ref_errors[k].offset &&
               wenc_decoder_error_length(&d) == ref_errors[k].length;
        k++;
    }
    if (st != WENC_INPUT_EMPTY || !same || k != nerr)
        mismatch(in, n, "fatal decoder");

    /* (c) wenc_decoder, replacement: the standard's output, so one U+FFFD
    ** per error. */
    wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_REPLACEMENT);
    size_t len = n, room = MAX_IN + 1;
    st = wenc_decoder_decode_to_utf32(&d, in, &len, out, &room, true);
    same = st == WENC_INPUT_EMPTY && room == count;
    size_t replacements = 0, literal = 0;
    for (size_t j = 0; same && j < count; j++) {
        same = out[j] == (items[j].cp < 0 ? 0xFFFDu : (uint32_t)items[j].cp);
        replacements += out[j] == 0xFFFD;
        literal += items[j].cp == 0xFFFD;
    }
    if (!same || replacements - literal != ngot)
        mismatch(in, n, "replacement decoder");

    /* (a) Lenient decoding without flags is the standard's decoder. */
    len = n;
    room = MAX_IN + 1;
    wenc_utf8_lenient_counts counts = {0};
    st = wenc_utf8_decode_lenient_to_utf32(in, &len, out, &room, 0, &counts, NULL);
    same = st == WENC_INPUT_EMPTY && len == n && room == count && counts.malformed == nerr;
    for (size_t j = 0; same && j < count; j++)
        same = out[j] == (items[j].cp < 0 ? 0xFFFDu : (uint32_t)items[j].cp);
    if (!same)
        mismatch(in, n, "lenient, no flag");
    if (nerr != 0) {
        len = n;
        room = MAX_IN + 1;
        wenc_utf8_error e;
        st = wenc_utf8_decode_lenient_to_utf32(in, &len, out, &room, WENC_UTF8_LENIENT_FATAL,
                                               NULL, &e);
        if (st != WENC_MALFORMED || len != ref_errors[0].offset ||
            e.offset != ref_errors[0].offset || e.length != ref_errors[0].length ||
            e.kind != ref_errors[0].kind)
            mismatch(in, n, "lenient, fatal");
    }

    /* (a) Lenient decoding accepts a superset: valid input decodes the same
    ** with every combination of flags, and nothing is counted. */
    if (nerr == 0 && lenient_flags_too) {
        for (unsigned f = 1; f < 32; f++) {
            len = n;
            room = MAX_IN + 1;
            memset(&counts, 0, sizeof counts);
            unsigned flags = f << 1; /* every ALLOW/COMBINE flag, fatal mode off */
            st = wenc_utf8_decode_lenient_to_utf32(in, &len, out, &room, flags & 0x1E,
                                                   &counts, NULL);
            same = st == WENC_INPUT_EMPTY && len == n && room == count &&
                   counts.malformed == 0 && counts.overlong == 0 && counts.large == 0 &&
                   counts.surrogates == 0 && counts.cesu8_pairs == 0;
            for (size_t j = 0; same && j < count; j++)
                same = out[j] == (uint32_t)items[j].cp;
            if (!same) {
                mismatch(in, n, "lenient flags on valid input");
                break;
            }
        }
    }

    /* (a) Boundaries and iteration: spans are the items. */
    size_t item_of[MAX_IN];
    for (size_t j = 0; j < count; j++)
        for (size_t b = 0; b < items[j].length; b++)
            item_of[items[j].start + b] = j;
    same = true;
    for (size_t off = 0; same && off < n; off++) {
        const struct item *it = &items[item_of[off]];
        same = wenc_utf8_char_start(in, n, off) == it->start &&
               wenc_utf8_next_boundary(in, n, off) == it->start + it->length &&
               wenc_utf8_prev_boundary(in, n, off + 1) == it->start &&
               wenc_utf8_truncate(in, n, off) == it->start;
    }
    size_t at = 0;
    for (size_t j = 0; same && j < count; j++) {
        int32_t c = wenc_utf8_decode_next(in, n, &at);
        same = c == (items[j].cp < 0 ? WENC_UTF8_MALFORMED : items[j].cp) &&
               at == items[j].start + items[j].length;
    }
    same = same && wenc_utf8_decode_next(in, n, &at) == WENC_UTF8_DONE && at == n;
    for (size_t j = count; same && j-- > 0;) {
        int32_t c = wenc_utf8_decode_prev(in, n, &at);
        same = c == (items[j].cp < 0 ? WENC_UTF8_MALFORMED : items[j].cp) &&
               at == items[j].start;
    }
    same = same && wenc_utf8_decode_prev(in, n, &at) == WENC_UTF8_DONE && at == 0;
    if (!same)
        mismatch(in, n, "boundaries");

    /* (a) Sniffing and counting. */
    bool ascii = true;
    for (size_t j = 0; j < n; j++)
        ascii = ascii && in[j] < 0x80;
    wenc_utf8_sniff_result want_sniff =
        ascii ? WENC_UTF8_SNIFF_ASCII
        : (nerr == 0 ||
           (nerr == 1 && ref_errors[0].kind == WENC_UTF8_ERROR_INCOMPLETE_AT_END))
            ? WENC_UTF8_SNIFF_UTF8
            : WENC_UTF8_SNIFF_NOT_UTF8;
    if (wenc_utf8_sniff(in, n) != want_sniff)
        mismatch(in, n, "sniff");
    if (nerr == 0) {
        size_t units = 0;
        for (size_t j = 0; j < count; j++)
            units += items[j].cp >= 0x10000 ? 2 : 1;
        if (wenc_utf8_count_code_points(in, n) != count ||
            wenc_utf8_count_utf16_units(in, n) != units)
            mismatch(in, n, "counts");
    }
}

/* The error list and the first error only, against the reference: for the
** many long inputs below, where the fast paths of validation are what is
** tested. */
static void compare_errors(const uint8_t *in, size_t n)
{
    struct item items[MAX_IN + 1];
    wenc_utf8_error got[MAX_IN + 1];
    size_t count = ref_decode(in, n, items), nerr = 0;
    size_t ngot = wenc_utf8_find_errors(in, n, got, MAX_IN + 1);
    bool same = true;
    inputs++;
    for (size_t k = 0; k < count; k++) {
        if (items[k].cp >= 0)
            continue;
        same = same && nerr < ngot && got[nerr].offset == items[k].start &&
               got[nerr].length == items[k].length &&
               got[nerr].kind == ref_kind(in, n, &items[k]);
        nerr++;
    }
    wenc_utf8_error first;
    wenc_status st = wenc_utf8_validate(in, n, &first);
    same = same && ngot == nerr && wenc_utf8_is_valid(in, n) == (nerr == 0) &&
           st == (nerr == 0 ? WENC_OK : WENC_MALFORMED) &&
           first.offset == (nerr == 0 ? n : got[0].offset);
    if (!same)
        mismatch(in, n, "errors in long input");
}

/* Representatives of the DFA's byte classes: both ends of each class, and
** the bytes where the standard's boundaries fall. */
static const uint8_t reps[] = {
    0x00, 0x41, 0x7F,                   /* ASCII */
    0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, /* continuation, by boundary */
    0xC0, 0xC1, 0xF5, 0xFF,             /* never valid */
    0xC2, 0xDF,                         /* 2-byte leads */
    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, /* 3-byte leads */
    0xF0, 0xF1, 0xF3, 0xF4,             /* 4-byte leads */
};
#define NREPS (sizeof reps / sizeof reps[0])

/* One byte per class, for length 5. */
static const uint8_t one_per_class[] = {0x41, 0x80, 0x90, 0xA0, 0xC0, 0xC2,
                                        0xE0, 0xE1, 0xED, 0xF0, 0xF1, 0xF4};

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint32_t random32(void)
{
    /* xorshift64* */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}

/* A byte biased toward UTF-8's structure. */
static uint8_t random_byte(void)
{
    uint32_t r = random32();
    switch (r % 8) {
    case 0:
    case 1:
        return (uint8_t)((r >> 8) & 0x7F);
    case 2:
    case 3:
    case 4:
        return (uint8_t)(0x80 + ((r >> 8) & 0x3F));
    case 5:
        return (uint8_t)(0xC0 + ((r >> 8) & 0x1F));
    case 6:
        return (uint8_t)(0xE0 + ((r >> 8) & 0x0F));
    default:
        return (uint8_t)(0xF0 + ((r >> 8) & 0x0F));
    }
}

/* Appends a random valid code point's bytes, typed from the definition. */
static size_t random_char(uint8_t *p)
{
    uint32_t r = random32(), c;
    switch (r % 4) {
    case 0:
        c = (r >> 8) & 0x7F;
        break;
    case 1:
        c = 0x80 + (r >> 8) % (0x800 - 0x80);
        break;
    case 2:
        c = 0x800 + (r >> 8) % (0x10000 - 0x800);
        if (c >= 0xD800 && c <= 0xDFFF)
            c -= 0x800;
        break;
    default:
        c = 0x10000 + (r >> 4) % 0x100000;
        break;
    }
    if (c < 0x80) {
        p[0] = (uint8_t)c;
        return 1;
    }
    if (c < 0x800) {
        p[0] = (uint8_t)(0xC0 | (c >> 6));
        p[1] = (uint8_t)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        p[0] = (uint8_t)(0xE0 | (c >> 12));
        p[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
        p[2] = (uint8_t)(0x80 | (c & 0x3F));
        return 3;
    }
    p[0] = (uint8_t)(0xF0 | (c >> 18));
    p[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
    p[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
    p[3] = (uint8_t)(0x80 | (c & 0x3F));
    return 4;
}

static void report(const char *what, unsigned long long before_inputs,
                   unsigned long long before_mismatches)
{
    unsigned long long n = inputs - before_inputs;
    CHECK(mismatches == before_mismatches, "%s: %llu inputs, %llu mismatches", what, n,
          mismatches - before_mismatches);
}

int main(void)
{
    uint8_t in[MAX_IN] = {0};
    unsigned long long i0, m0;

    i0 = inputs, m0 = mismatches;
    compare(in, 0, 0, false);
    report("empty input", i0, m0);

    i0 = inputs, m0 = mismatches;
    for (unsigned a = 0; a < 256; a++) {
        in[0] = (uint8_t)a;
        compare(in, 1, 0, true);
    }
    report("all 1-byte sequences", i0, m0);

    i0 = inputs, m0 = mismatches;
    for (unsigned a = 0; a < 65536; a++) {
        in[0] = (uint8_t)(a >> 8);
        in[1] = (uint8_t)a;
        compare(in, 2, 1, false);
        compare(in, 2, 0, true);
    }
    report("all 2-byte sequences (whole, split, byte by byte)", i0, m0);

    i0 = inputs, m0 = mismatches;
    for (uint32_t a = 0; a < (1u << 24); a++) {
        in[0] = (uint8_t)(a >> 16);
        in[1] = (uint8_t)(a >> 8);
        in[2] = (uint8_t)a;
        compare(in, 3, a % 3, false);
    }
    report("all 3-byte sequences (whole, split after 1 or 2 bytes)", i0, m0);

    lenient_flags_too = true;
    i0 = inputs, m0 = mismatches;
    for (size_t a = 0; a < NREPS; a++)
        for (size_t b = 0; b < NREPS; b++)
            for (size_t c = 0; c < NREPS; c++)
                for (size_t e = 0; e < NREPS; e++) {
                    in[0] = reps[a];
                    in[1] = reps[b];
                    in[2] = reps[c];
                    in[3] = reps[e];
                    compare(in, 4, (a + b + c + e) % 4, (a + b) % 5 == 0);
                }
    report("4-byte sequences over class representatives", i0, m0);

    i0 = inputs, m0 = mismatches;
    for (unsigned a = 0; a < 12 * 12 * 12 * 12 * 12; a++) {
        unsigned x = a;
        for (int k = 0; k < 5; k++, x /= 12)
            in[k] = one_per_class[x % 12];
        compare(in, 5, a % 5, false);
    }
    report("5-byte sequences over one byte per class", i0, m0);

    i0 = inputs, m0 = mismatches;
    for (int r = 0; r < 1000000; r++) {
        size_t n = 1 + random32() % 20, len = 0;
        while (len < n) {
            if (random32() % 2 == 0 && n - len >= 4)
                len += random_char(in + len);
            else
                in[len++] = random_byte();
        }
        compare(in, n, random32() % n, r % 16 == 0);
    }
    report("1M random strings of 1 to 20 bytes", i0, m0);

    /* Longer strings, mostly ASCII runs with UTF-8 (and some errors) in
    ** between, for the SIMD and word-at-a-time paths. */
    i0 = inputs, m0 = mismatches;
    for (int r = 0; r < 20000; r++) {
        size_t n = 1 + random32() % MAX_IN, len = 0;
        unsigned ascii_run = random32() % 64;
        while (len < n) {
            uint32_t x = random32() % 100;
            if (x < 90 || n - len < 4) {
                for (unsigned k = 0; k < ascii_run && len < n; k++)
                    in[len++] = (uint8_t)(0x20 + random32() % 0x5F);
                if (len < n && random32() % 4 == 0)
                    in[len++] = random_byte();
            } else {
                len += random_char(in + len);
            }
        }
        compare(in, n, random32() % n, r % 16 == 0);
    }
    report("20000 random strings of 1 to 256 bytes, mostly ASCII", i0, m0);

    /* Dense multi-byte text with a rare bad byte, for the shift DFA path. */
    i0 = inputs, m0 = mismatches;
    for (int r = 0; r < 20000; r++) {
        size_t n = 32 + random32() % (MAX_IN - 32), len = 0;
        unsigned rare = 50 + random32() % 1000;
        while (len < n) {
            if (n - len < 4 || random32() % rare == 0)
                in[len++] = random_byte();
            else
                len += random_char(in + len);
        }
        compare(in, n, random32() % n, r % 16 == 0);
    }
    report("20000 random strings of 32 to 256 bytes, mostly multi-byte", i0, m0);

    /* Every 3-byte sequence over the representatives planted at offsets 0
    ** to 20 of 48 bytes of valid text (ASCII, 2-byte, 3-byte, 4-byte, mixed):
    ** each position of a 16-byte block, and sequences across blocks. */
    static const char *const fillers[] = {
        "a", "\xC3\xA9", "\xE6\x97\xA5", "\xF0\x9F\x98\x80", "\xD0\xB6\xE3\x81\x82\x61",
    };
    i0 = inputs, m0 = mismatches;
    for (size_t f = 0; f < sizeof fillers / sizeof fillers[0]; f++) {
        uint8_t base[48];
        size_t flen = strlen(fillers[f]);
        for (size_t k = 0; k < sizeof base; k++)
            base[k] = (uint8_t)fillers[f][k % flen];
        for (size_t a = 0; a < NREPS; a++)
            for (size_t b = 0; b < NREPS; b++)
                for (size_t c = 0; c < NREPS; c++)
                    for (size_t at = 0; at <= 20; at++) {
                        memcpy(in, base, sizeof base);
                        /* Keep the filler whole before the planted bytes. */
                        size_t p = at - at % flen;
                        in[p] = reps[a];
                        in[p + 1] = reps[b];
                        in[p + 2] = reps[c];
                        compare_errors(in, sizeof base);
                    }
    }
    report("3-byte class sequences planted in 48 bytes of valid text", i0, m0);

    /* The lenient encoder: with no flag it is UTF-8 (checked against the
    ** definition for every scalar value); with flags, what it writes the
    ** lenient decoder reads back. */
    uint32_t bad_plain = 0, bad_trip = 0;
    for (uint32_t c = 0; c <= 0x10FFFF; c++) {
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        uint8_t want[4], got[8];
        size_t want_len;
        if (c < 0x80) {
            want[0] = (uint8_t)c;
            want_len = 1;
        } else if (c < 0x800) {
            want[0] = (uint8_t)(0xC0 | (c >> 6));
            want[1] = (uint8_t)(0x80 | (c & 0x3F));
            want_len = 2;
        } else if (c < 0x10000) {
            want[0] = (uint8_t)(0xE0 | (c >> 12));
            want[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
            want[2] = (uint8_t)(0x80 | (c & 0x3F));
            want_len = 3;
        } else {
            want[0] = (uint8_t)(0xF0 | (c >> 18));
            want[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
            want[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
            want[3] = (uint8_t)(0x80 | (c & 0x3F));
            want_len = 4;
        }
        size_t one = 1, room = sizeof got;
        if (wenc_utf8_encode_lenient_from_utf32(&c, &one, got, &room, 0, 4) != WENC_INPUT_EMPTY ||
            room != want_len || memcmp(got, want, want_len) != 0)
            bad_plain++;
    }
    CHECK_EQ(bad_plain, 0, "lenient encoder without flags writes UTF-8 for every scalar value");

    for (int r = 0; r < 300000; r++) {
        uint32_t c;
        switch (r % 4) {
        case 0: c = random32() & 0x7FFFFFFF; break;
        case 1: c = 0xD800 + random32() % 0x800; break;
        case 2: c = random32() % 0x110000; break;
        default: c = 0x110000 + random32() % 0x3000000; break;
        }
        unsigned wflags = WENC_UTF8_WRITE_SURROGATES | WENC_UTF8_WRITE_LARGE |
                          WENC_UTF8_WRITE_NUL_AS_C0_80 |
                          (r % 3 == 0 ? WENC_UTF8_WRITE_CESU8 : 0);
        unsigned rflags = WENC_UTF8_ALLOW_SURROGATES | WENC_UTF8_ALLOW_LARGE |
                          WENC_UTF8_ALLOW_OVERLONG | WENC_UTF8_COMBINE_CESU8;
        uint8_t bytes[8];
        uint32_t back[4];
        size_t one = 1, room = sizeof bytes;
        if (wenc_utf8_encode_lenient_from_utf32(&c, &one, bytes, &room, wflags, 6) !=
            WENC_INPUT_EMPTY) {
            bad_trip++;
            continue;
        }
        size_t blen = room, nback = 4;
        wenc_utf8_lenient_counts counts = {0};
        if (wenc_utf8_decode_lenient_to_utf32(bytes, &blen, back, &nback, rflags, &counts,
                                              NULL) != WENC_INPUT_EMPTY ||
            blen != room || nback != 1 || back[0] != c || counts.malformed != 0)
            bad_trip++;
    }
    CHECK_EQ(bad_trip, 0, "lenient encode then decode gives back 300000 random values");

    return check_done();
}
