/* iso_2022_jp.c -- ISO-2022-JP decoder and encoder (Encoding Standard,
** "ISO-2022-JP").  Tables: index jis0208 (jis0208.h) and index ISO-2022-JP
** katakana (encoder only). */
#include "cjk_bulk.h"
#include "handlers/jis0208.h"
#include "simd/iso2022jp/iso2022jp_kernels.h"

/* Decoder states.  ASCII is 0, so a zeroed decoder is in its initial state. */
enum { ASCII, ROMAN, KATAKANA, LEADING_BYTE, TRAILING_BYTE, ESCAPE_START, ESCAPE };

struct iso_2022_jp_state {
    uint8_t state;        /* ISO-2022-JP decoder state */
    uint8_t output_state; /* ISO-2022-JP decoder output state */
    uint8_t leading;      /* ISO-2022-JP leading */
    uint8_t output;       /* ISO-2022-JP output */
};

WENC__INLINE int iso_2022_jp_step(void *sv, int byte, wenc__step *r)
{
    struct iso_2022_jp_state *s = sv;
    r->error_gap = 0;
    r->restore_count = 0;
    r->error_length = 1;
    switch (s->state) {
    case ASCII:
    case ROMAN:
    case KATAKANA:
    case LEADING_BYTE:
        if (byte == 0x1B) {
            s->state = ESCAPE_START;
            return WENC__CONTINUE;
        }
        if (byte == WENC__EOQ)
            return WENC__FINISHED;
        s->output = 0;
        if (s->state == ASCII && byte < 0x80 && byte != 0x0E && byte != 0x0F) {
            r->cp[0] = (uint32_t)byte;
            return WENC__CODE_POINT;
        }
        if (s->state == ROMAN && byte < 0x80 && byte != 0x0E && byte != 0x0F) {
            r->cp[0] = byte == 0x5C ? 0xA5 : byte == 0x7E ? 0x203E : (uint32_t)byte;
            return WENC__CODE_POINT;
        }
        if (s->state == KATAKANA && byte >= 0x21 && byte <= 0x5F) {
            r->cp[0] = 0xFF61 - 0x21 + (uint32_t)byte;
            return WENC__CODE_POINT;
        }
        if (s->state == LEADING_BYTE && byte >= 0x21 && byte <= 0x7E) {
            s->leading = (uint8_t)byte;
            s->state = TRAILING_BYTE;
            return WENC__CONTINUE;
        }
        return WENC__ERROR;
    case TRAILING_BYTE:
        s->state = LEADING_BYTE;
        if (byte == 0x1B) {
            /* The error is the leading byte; 0x1B starts an escape. */
            s->state = ESCAPE_START;
            r->error_gap = 1;
            return WENC__ERROR;
        }
        if (byte >= 0x21 && byte <= 0x7E) {
            uint32_t cp = wenc__jis0208_code_point((s->leading - 0x21u) * 94 + (uint32_t)byte - 0x21);
            if (cp == WENC__NONE16) {
                r->error_length = 2;
                return WENC__ERROR;
            }
            r->cp[0] = cp;
            return WENC__CODE_POINT;
        }
        /* End-of-queue: the leading byte alone; otherwise both. */
        r->error_length = byte == WENC__EOQ ? 1 : 2;
        return WENC__ERROR;
    case ESCAPE_START:
        if (byte == 0x24 || byte == 0x28) {
            s->leading = (uint8_t)byte;
            s->state = ESCAPE;
            return WENC__CONTINUE;
        }
        if (byte != WENC__EOQ) {
            r->restore[0] = (uint8_t)byte;
            r->restore_count = 1;
        }
        s->output = 0;
        s->state = s->output_state;
        return WENC__ERROR;
    default: { /* ESCAPE */
        uint8_t leading = s->leading;
        int state = -1;
        s->leading = 0;
        if (leading == 0x28 && byte == 0x42)
            state = ASCII;
        else if (leading == 0x28 && byte == 0x4A)
            state = ROMAN;
        else if (leading == 0x28 && byte == 0x49)
            state = KATAKANA;
        else if (leading == 0x24 && (byte == 0x40 || byte == 0x42))
            state = LEADING_BYTE;
        if (state >= 0) {
            /* A successful escape; two in a row are an error (3 bytes). */
            s->state = s->output_state = (uint8_t)state;
            uint8_t output = s->output;
            s->output = 1;
            if (!output)
                return WENC__CONTINUE;
            r->error_length = 3;
            return WENC__ERROR;
        }
        r->restore[0] = leading;
        r->restore_count = 1;
        if (byte != WENC__EOQ) {
            r->restore[1] = (uint8_t)byte;
            r->restore_count = 2;
        }
        s->output = 0;
        s->state = s->output_state;
        return WENC__ERROR;
    }
    }
}

/* The bulk path runs in the two states text stays in, holding no byte:
** ASCII and jis0208's leading byte state (Roman and katakana are rare and
** left to the step function). */
WENC__INLINE bool iso_2022_jp_idle(const void *sv)
{
    uint8_t state = ((const struct iso_2022_jp_state *)sv)->state;
    return state == ASCII || state == LEADING_BYTE;
}

/* The decoder's ASCII state, 16 bytes (room for them checked here), with
** the vector of src/simd/cjk/cjk_copies.h (called only where the kernels
** exist, which is where that vector is SSE2): true if all 16 were copied,
** false at a stop (wenc__iso2022jp_plain: 80 and up, and 0E, 0F and 1B,
** errors or an escape; with the bytes before it copied) or without the
** room. */
WENC__INLINE bool iso_2022_jp_ascii16(const uint8_t *src, size_t *pos, size_t len, void *dst,
                                      size_t *out, size_t cap, const int form)
{
    if (len - *pos < 16 || cap - *out < 16)
        return false;
    wenc__cjk_v16 v;
    (void)wenc__cjk_ascii16(src, *pos, WENC__FROM_UTF8, &v);
    unsigned stops = wenc__cjk_iso2022jp_stops16(v);
    /* All 16 stored; only those before a stop are kept (the rest is
    ** scratch inside the output's room). */
    wenc__cjk_store16(dst, *out, v, form);
    unsigned n = wenc__cjk_first_stop16(stops);
    *pos += n;
    *out += n;
    return n == 16;
}

/* The decoder's ASCII state through the kernels K, as far as it goes. */
WENC__INLINE void iso_2022_jp_ascii_kernel(const wenc__iso2022jp_kernels *k, const uint8_t *src,
                                           size_t *pos, size_t len, void *dst, size_t *out,
                                           size_t cap, const int form)
{
    size_t n = len - *pos < cap - *out ? len - *pos : cap - *out;
    if (n == 0)
        return; /* no room: DST may be NULL, no arithmetic on it */
    if (form == WENC__UTF8)
        n = k->to_utf8(src + *pos, n, (uint8_t *)dst + *out);
    else if (form == WENC__UTF16)
        n = k->to_utf16(src + *pos, n, (uint16_t *)dst + *out);
    else
        n = k->to_utf32(src + *pos, n, (uint32_t *)dst + *out);
    *pos += n;
    *out += n;
}

/* The bulk path (decode_loop.h), with the state ASCII or jis0208's leading
** byte:
** - ASCII state: bytes 00..7F other than 0E, 0F and 1B decode to
**   themselves and clear the output flag (ASCII state steps);
** - leading byte state: a pair of bytes 21..7E whose index jis0208
**   pointer, (leading - 0x21) * 94 + byte - 0x21 (always below the table's
**   gap), is not null decodes to its code point and clears the output flag
**   (leading and trailing byte states);
** - in either, ESC ( B and ESC $ B or ESC $ @, complete, after output
**   (flag clear) switch to ASCII or jis0208 and set the flag, state and
**   output state alike (escape start and escape states).
** Everything else (errors, a pair or escape cut by the input's end, an
** escape right after another, Roman and katakana) goes to the step
** function. */
WENC__INLINE void iso_2022_jp_run(struct iso_2022_jp_state *s, const uint8_t *src, size_t *pos_,
                                  size_t len, void *dst, size_t *out_, size_t cap, const int form)
{
    size_t pos = *pos_, out = *out_;
    uint8_t state = s->state, output = s->output;
    const wenc__iso2022jp_kernels *k = wenc__iso2022jp_kernels_get();
    for (;;) {
        if (state == ASCII) {
            size_t start = pos, out_start = out;
            /* No kernels (iso2022jp_kernels.h: the scalar set, NEON): the
            ** loop below. */
            if (k != NULL && (len - pos < 16 || cap - out < 16 ||
                              iso_2022_jp_ascii16(src, &pos, len, dst, &out, cap, form))) {
                /* The kernels of src/simd where the CPU has them, when a
                ** first 16 bytes have no stop (most runs in a Japanese page
                ** end sooner, and took 8-17 % longer through the call).
                ** The kernel starts again at the run's start: from 16
                ** bytes in, every 64-byte load of an aligned input split
                ** two cache lines. */
                pos = start;
                out = out_start;
                iso_2022_jp_ascii_kernel(k, src, &pos, len, dst, &out, cap, form);
            }
            while (pos < len && out < cap) {
                uint32_t b = src[pos];
                if (!wenc__iso2022jp_plain(b))
                    break;
                wenc__put(dst, out++, b, form);
                pos++;
            }
            if (pos != start)
                output = 0;
        } else {
            while (len - pos >= 2) {
                uint32_t row = src[pos] - 0x21u, cell = src[pos + 1] - 0x21u;
                if (row >= 94 || cell >= 94)
                    break;
                uint32_t cp = wenc__jis0208_decode_at(row * 94 + cell);
                if (cp == WENC__NONE16)
                    break;
                if (form == WENC__UTF8 && cap - out >= 4 && cp >= 0x800) {
                    /* Kanji and kana: three bytes (the index has no
                    ** code point beyond the BMP) and one of scratch. */
                    cjk_store_utf8_3(dst, out, cp);
                    out += 3;
                } else {
                    unsigned need = wenc__units(cp, form);
                    if (cap - out < need)
                        break;
                    wenc__put(dst, out, cp, form);
                    out += need;
                }
                pos += 2;
                output = 0;
            }
        }
        /* An escape sequence to the other of the two states, or back to
        ** the same one. */
        if (len - pos < 3 || src[pos] != 0x1B || output)
            break;
        uint32_t b1 = src[pos + 1], b2 = src[pos + 2];
        if (b1 == 0x28 && b2 == 0x42)
            state = ASCII;
        else if (b1 == 0x24 && (b2 == 0x40 || b2 == 0x42))
            state = LEADING_BYTE;
        else
            break;
        output = 1;
        pos += 3;
    }
    s->state = s->output_state = state;
    s->output = output;
    *pos_ = pos;
    *out_ = out;
}

WENC__CJK_BULK void iso_2022_jp_bulk(void *sv, const uint8_t *src, size_t *pos, size_t len,
                                     void *dst, size_t *out, size_t cap, int form)
{
    /* One copy per output form (see wenc__cjk_decode_bulk). */
    if (form == WENC__UTF8)
        iso_2022_jp_run(sv, src, pos, len, dst, out, cap, WENC__UTF8);
    else if (form == WENC__UTF16)
        iso_2022_jp_run(sv, src, pos, len, dst, out, cap, WENC__UTF16);
    else
        iso_2022_jp_run(sv, src, pos, len, dst, out, cap, WENC__UTF32);
}

WENC__INLINE wenc_status iso_2022_jp_decode(wenc__dcall *c, const int form)
{
    struct iso_2022_jp_state s;
    memcpy(&s, &c->d->priv_state, sizeof s);
    wenc_status st = wenc__decode_loop(c, form, &s, iso_2022_jp_step, iso_2022_jp_idle, false,
                                       iso_2022_jp_bulk);
    memcpy(&c->d->priv_state, &s, sizeof s);
    return st;
}

WENC__DECODER_IMPL(iso_2022_jp, iso_2022_jp_decode);

/* Encoder states (ISO-2022-JP encoder state). */
enum { E_ASCII, E_ROMAN, E_JIS0208 };

struct iso_2022_jp_encode_state {
    uint8_t state;
};

WENC__INLINE int escape(wenc__estep *r, uint8_t a, uint8_t b)
{
    r->bytes[0] = 0x1B;
    r->bytes[1] = a;
    r->bytes[2] = b;
    r->n = 3;
    return WENC__E_BYTES_AGAIN;
}

WENC__INLINE int iso_2022_jp_encode_step(void *sv, int32_t cp, wenc__estep *r)
{
    struct iso_2022_jp_encode_state *s = sv;
    r->n = 0;
    /* 1-2. End-of-queue: back to ASCII first if needed, then finished. */
    if (cp == WENC__EOQ) {
        if (s->state != E_ASCII) {
            s->state = E_ASCII;
            escape(r, 0x28, 0x42);
        }
        return WENC__E_FINISHED;
    }
    /* 3. Shift and escape code points are errors reported as U+FFFD. */
    if (s->state != E_JIS0208 && (cp == 0x0E || cp == 0x0F || cp == 0x1B)) {
        r->error_cp = WENC__REPLACEMENT_CHARACTER;
        return WENC__E_ERROR;
    }
    /* 4. ASCII in ASCII state. */
    if (s->state == E_ASCII && cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 5. Roman state: ASCII but 5C and 7E, and the yen sign and overline. */
    if (s->state == E_ROMAN &&
        ((cp < 0x80 && cp != 0x5C && cp != 0x7E) || cp == 0xA5 || cp == 0x203E)) {
        r->bytes[0] = (uint8_t)(cp == 0xA5 ? 0x5C : cp == 0x203E ? 0x7E : cp);
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 6. ASCII in another state: escape to ASCII, then again. */
    if (cp < 0x80) {
        s->state = E_ASCII;
        return escape(r, 0x28, 0x42);
    }
    /* 7. The yen sign or overline outside Roman: escape to Roman. */
    if (cp == 0xA5 || cp == 0x203E) {
        s->state = E_ROMAN;
        return escape(r, 0x28, 0x4A);
    }
    /* 8. U+2212 is encoded as U+FF0D.  9. Half-width katakana become
    ** full-width (index ISO-2022-JP katakana). */
    uint32_t c = (uint32_t)cp;
    if (c == 0x2212)
        c = 0xFF0D;
    if (c >= 0xFF61 && c <= 0xFF9F)
        c = wenc__iso_2022_jp_katakana_decode[c - 0xFF61];
    /* 10. The index pointer.  11. null: back to ASCII first if in jis0208
    ** (the error then happens in ASCII state), then error. */
    uint32_t rc = wenc__jis0208_row_cell(c);
    if (rc == WENC__NONE16) {
        if (s->state == E_JIS0208) {
            s->state = E_ASCII;
            return escape(r, 0x28, 0x42);
        }
        r->error_cp = c;
        return WENC__E_ERROR;
    }
    /* 12. Escape to jis0208 if needed.  13-15. Two bytes: pointer / 94 +
    ** 0x21 and pointer % 94 + 0x21, the row and cell plus 0x21. */
    if (s->state != E_JIS0208) {
        s->state = E_JIS0208;
        return escape(r, 0x24, 0x42);
    }
    r->bytes[0] = (uint8_t)((rc & 0xFF) + 0x21);
    r->bytes[1] = (uint8_t)((rc >> 8) + 0x21);
    r->n = 2;
    return WENC__E_BYTES;
}

/* PAIR of the jis0208 state's bulk path: the two bytes of steps 13-15,
** row and cell plus 0x21, or WENC__NONE16 where the index has no pointer.
** Steps 5-9 treat ASCII, U+00A5, U+203E, U+2212 and the half-width katakana
** apart: the index has none of the latter (tools/gen-tables.py,
** jis0208_encode_check), and the loop stops at ASCII. */
WENC__INLINE uint32_t iso_2022_jp_pair(uint32_t cp)
{
    return wenc__jis0208_row_cell_plus(cp, 0x2121);
}

/* The encoder's ASCII state, 16 units from UTF-8 or UTF-16 (room for them
** checked here), as iso_2022_jp_ascii16: true if all 16 were written, false
** at a stop (with the units before it written) or without the room. */
WENC__INLINE bool iso_2022_jp_encode_ascii16(const void *src, size_t *pos, size_t len,
                                             uint8_t *dst, size_t *out, size_t cap, int from)
{
    if (from == WENC__FROM_UTF32 || len - *pos < 16 || cap - *out < 16)
        return false;
    wenc__cjk_v16 v;
    unsigned n = wenc__cjk_ascii16(src, *pos, from, &v);
    unsigned stops = wenc__cjk_iso2022jp_stops16(v);
    /* All 16 stored; those after a stop are scratch inside the output's
    ** room. */
    wenc__cjk_store16(dst, *out, v, WENC__UTF8);
    unsigned k = wenc__cjk_first_stop16(stops);
    n = k < n ? k : n;
    *pos += n;
    *out += n;
    return n == 16;
}

/* The ISO-2022-JP kernels' copy (KERN, of src/simd) of the ASCII state's
** run from SRC[POS] to DST[OUT], UTF-8 or UTF-16 (FROM): code points below
** 0x80 other than 0E, 0F and 1B are their own bytes (steps 3-4); returns
** its length.  A function of its own: in one function with the jis0208
** run, the ASCII loop's code moved, and the pure-ASCII rows from UTF-16 and
** UTF-32 ran 15 % and 50 % slower with the same instructions.  No room:
** DST may be NULL, no call. */
WENC__CJK_BULK size_t iso_2022_jp_encode_kernel(const wenc__iso2022jp_kernels *kern,
                                                const void *src, size_t pos, size_t len,
                                                uint8_t *dst, size_t out, size_t cap, int from)
{
    size_t run = len - pos < cap - out ? len - pos : cap - out;
    if (run == 0)
        return 0;
    if (from == WENC__FROM_UTF8)
        return kern->to_utf8((const uint8_t *)src + pos, run, dst + out);
    return kern->from_utf16((const uint16_t *)src + pos, run, dst + out);
}

/* The bulk path's ASCII state one unit at a time (steps 3-4): from UTF-32
** (the stretches the engine does not narrow to UTF-16), and in the sets
** without kernels (the scalar set, NEON).  Returns how many units it took
** (positions by value: the caller's stay in registers). */
WENC__CJK_BULK size_t iso_2022_jp_ascii_run(const void *src, size_t pos, size_t len,
                                            uint8_t *dst, size_t out, size_t cap, int from)
{
    size_t start = pos;
    while (pos < len && out < cap) {
        uint32_t u = wenc__encode_unit(src, pos, from);
        if (!wenc__iso2022jp_plain(u))
            break;
        dst[out++] = (uint8_t)u;
        pos++;
    }
    return pos - start;
}

/* The code point of the UTF-8 sequence of two or three bytes at SRC[POS]
** (its first byte 0x80 or more) in *CP, and the bytes it spans; or 0 for
** anything else (ill-formed or cut input, four bytes, and any sequence
** that starts in the input's last three bytes, read four at a time), which
** the step function takes.  A surrogate (ED A0..BF) is well-formed here,
** but the index maps no U+D800..U+DFFF: the loop stops there as at any
** unmapped code point. */
WENC__INLINE unsigned iso_2022_jp_utf8_2_3(const uint8_t *src, size_t pos, size_t len,
                                           uint32_t *cp)
{
    if (len - pos < 4)
        return 0;
    uint32_t w = cjk_load_le32(src + pos);
    /* One test of the first byte picks the pattern to check (a text keeps
    ** to one length). */
    if (w & 0x20) {
        /* 1110xxxx 10xxxxxx 10xxxxxx, not overlong (cjk_encode_pairs):
        ** kanji, kana and symbols. */
        if ((w & 0xC0C0F0u) != 0x8080E0u || (w & 0x200Fu) == 0)
            return 0;
        *cp = wenc__cjk_utf8_3(w, WENC__CJK_PORTABLE);
        return 3;
    }
    /* 110xxxxx 10xxxxxx, not C0 or C1 (overlong): Greek and Cyrillic. */
    if ((w & 0xC0E0u) != 0x80C0u || (w & 0x1Eu) == 0)
        return 0;
    *cp = (w & 0x1F) << 6 | (w >> 8 & 0x3F);
    return 2;
}

/* The bulk path for text that moves between the ASCII and jis0208 states
** (Greek or Russian words between ASCII spaces and punctuation: issue 29),
** from UTF-8 or UTF-16 (FROM), with the state in *STATE, as the step
** function does it:
** - ASCII state: units below 0x80 other than 0E, 0F and 1B are their own
**   byte (steps 3-4);
** - jis0208 state: a code point the index maps is its row and cell plus
**   0x21 (steps 13-15; iso_2022_jp_pair has none of what steps 5-9 treat
**   apart);
** - ASCII state, a code point the index maps: ESC $ B (step 12, "restore
**   codePoint"), then its two bytes in the jis0208 state;
** - jis0208 state, such a unit below 0x80: ESC ( B (step 6), then its
**   byte in the ASCII state.
** An escape is written only with the bytes of the code point after it, so
** that the output holds only whole steps.  The loop stops, leaving the
** rest to the step function, at anything else (errors, the Roman state's
** code points, ill-formed input) and where the next step's bytes do not
** fit.  The escapes are inline: through the engine (wenc__encode_result),
** each cost about 135 instructions, and Greek text has one every four
** characters (callgrind, text:el).  KERN: the ISO-2022-JP kernels, with
** which the ASCII state takes runs 16 units at a time and long ones
** through a kernel; NULL in the scalar set and NEON, whose path stays
** plain C. */
WENC__INLINE void iso_2022_jp_switch_run(uint8_t *state_, const void *src, size_t *pos_,
                                         size_t len, uint8_t *dst, size_t *out_, size_t cap,
                                         const int from, const wenc__iso2022jp_kernels *kern)
{
    size_t pos = *pos_, out = *out_;
    uint8_t state = *state_;
    uint32_t u, rc;
    unsigned units;
    if (state == E_JIS0208)
        goto jis0208;
    for (;;) {
        /* ASCII state.  Without kernels, the scalar set's loop (a
        ** function of its own: inline here, pure ASCII took half as many
        ** instructions again, callgrind). */
        if (kern == NULL) {
            size_t n = iso_2022_jp_ascii_run(src, pos, len, dst, out, cap, from);
            pos += n;
            out += n;
        }
        for (;;) {
            if (pos == len)
                goto done;
            u = wenc__encode_unit(src, pos, from);
            if (u >= 0x80)
                break;
            if (!wenc__iso2022jp_plain(u))
                goto done;
            if (kern != NULL && len - pos >= 16 && cap - out >= 16 &&
                wenc__encode_unit(src, pos + 1, from) < 0x80) {
                /* A run (a character reference, markup): 16 units a step
                ** (the first is plain: the step takes at least one).  When
                ** all 16 are, the kernels from the run's start (as in the
                ** decoder's run): from 16 bytes in, every 64-byte load of
                ** an aligned input split two cache lines. */
                size_t start = pos, out_start = out;
                if (iso_2022_jp_encode_ascii16(src, &pos, len, dst, &out, cap, from)) {
                    size_t n =
                        iso_2022_jp_encode_kernel(kern, src, start, len, dst, out_start, cap, from);
                    pos = start + n;
                    out = out_start + n;
                }
                continue;
            }
            if (out == cap)
                goto done;
            dst[out++] = (uint8_t)u;
            pos++;
        }
        /* A code point the index maps: ESC $ B and its two bytes. */
        if (from == WENC__FROM_UTF8) {
            units = iso_2022_jp_utf8_2_3((const uint8_t *)src, pos, len, &u);
            if (units == 0)
                goto done;
        } else {
            units = 1; /* a surrogate has no pointer */
        }
        rc = iso_2022_jp_pair(u);
        if (rc == WENC__NONE16 || cap - out < 5)
            goto done;
        dst[out] = 0x1B;
        dst[out + 1] = 0x24;
        dst[out + 2] = 0x42;
        cjk_store2(dst + out + 3, rc);
        out += 5;
        pos += units;
        state = E_JIS0208;
    jis0208:
        for (;;) {
            if (pos == len)
                goto done;
            u = wenc__encode_unit(src, pos, from);
            if (u < 0x80)
                break;
            if (from == WENC__FROM_UTF8) {
                units = iso_2022_jp_utf8_2_3((const uint8_t *)src, pos, len, &u);
                if (units == 0)
                    goto done;
            } else {
                units = 1;
            }
            rc = iso_2022_jp_pair(u);
            if (rc == WENC__NONE16 || cap - out < 2)
                goto done;
            cjk_store2(dst + out, rc);
            out += 2;
            pos += units;
        }
        /* A unit below 0x80: ESC ( B and its byte. */
        if (!wenc__iso2022jp_plain(u) || cap - out < 4)
            goto done;
        dst[out] = 0x1B;
        dst[out + 1] = 0x28;
        dst[out + 2] = 0x42;
        dst[out + 3] = (uint8_t)u;
        out += 4;
        pos++;
        state = E_ASCII;
    }
done:
    *state_ = state;
    *pos_ = pos;
    *out_ = out;
}

/* The bulk path's copies from UTF-8 and UTF-16 (iso_2022_jp_switch_run). */
WENC__CJK_BULK void iso_2022_jp_text_run(uint8_t *state, const void *src, size_t *pos, size_t len,
                                         uint8_t *dst, size_t *out, size_t cap, int from)
{
    const wenc__iso2022jp_kernels *kern = wenc__iso2022jp_kernels_get();
    if (from == WENC__FROM_UTF8)
        iso_2022_jp_switch_run(state, src, pos, len, dst, out, cap, WENC__FROM_UTF8, kern);
    else
        iso_2022_jp_switch_run(state, src, pos, len, dst, out, cap, WENC__FROM_UTF16, kern);
}

/* The bulk path (encode_loop.h): from UTF-8 and UTF-16, the ASCII and
** jis0208 states and the escapes between them (iso_2022_jp_switch_run);
** from UTF-32, the ASCII state's runs.  The Roman state, and everything
** else, go to the step function. */
WENC__INLINE void iso_2022_jp_encode_bulk(void *sv, const void *src, size_t *pos, size_t len,
                                          uint8_t *dst, size_t *out, size_t cap, int from)
{
    struct iso_2022_jp_encode_state *s = sv;
    if (from != WENC__FROM_UTF32) {
        if (s->state != E_ROMAN)
            iso_2022_jp_text_run(&s->state, src, pos, len, dst, out, cap, from);
    } else if (s->state == E_ASCII) {
        size_t n = iso_2022_jp_ascii_run(src, *pos, len, dst, *out, cap, from);
        *pos += n;
        *out += n;
    }
}

WENC__INLINE wenc_status iso_2022_jp_encode(wenc__ecall *c, const int form)
{
    struct iso_2022_jp_encode_state s;
    memcpy(&s, &c->e->priv_state, sizeof s);
    wenc_status st = wenc__encode_loop_state(c, form, &s, iso_2022_jp_encode_step, NULL, NULL,
                                             iso_2022_jp_encode_bulk);
    memcpy(&c->e->priv_state, &s, sizeof s);
    return st;
}

WENC__ENCODER_IMPL(iso_2022_jp, iso_2022_jp_encode, 5);
