/* single_byte.c -- the single-byte decoder and encoder shared by the legacy
** single-byte encodings (Encoding Standard, "Legacy single-byte encodings"),
** each with its own index (indexes/single_byte.c). */
#include "engine/decode_loop.h"
#include "engine/encode_loop.h"
#include "simd/sb/sb_kernels.h"
#include "simd/utf16/utf16_kernels.h"
#include "simd/utf8/utf8_kernels.h"

#include <stdatomic.h>

/* The index in use; nothing persists between calls. */
struct sb_state {
    const uint16_t *index;  /* code point for byte - 0x80 */
#if !WENC__TABLES_SMALL
    const uint32_t *index8; /* its UTF-8 sequence, packed */
#endif
    const uint32_t *runs;   /* its two runs of consecutive code points */
    bool total;             /* every byte is mapped */
};

WENC__INLINE int sb_step(void *sv, int byte, wenc__step *r)
{
    const struct sb_state *s = sv;
    /* 1. End-of-queue: finished.  2. ASCII byte: its code point. */
    if (byte == WENC__EOQ)
        return WENC__FINISHED;
    if (byte < 0x80) {
        r->cp[0] = (uint32_t)byte;
        return WENC__CODE_POINT;
    }
    /* 3. The index code point for byte - 0x80; 4. null: error. */
    uint32_t cp = s->index[byte - 0x80];
    if (cp == WENC__NONE16) {
        r->error_length = 1;
        r->error_gap = 0;
        r->restore_count = 0;
        return WENC__ERROR;
    }
    r->cp[0] = cp;
    return WENC__CODE_POINT;
}

/* The bulk paths: every byte, ASCII and mapped upper-half bytes alike,
** without the step function; an unmapped byte (the step's error) or a
** nearly full output stops them.  Each first calls the vector kernels of
** src/simd/sb (sb_kernels.h) where the process has them and the input is
** long enough for them (wenc__sb_decode_from), and finishes what they
** leave (a last block shorter than a vector, a block holding an unmapped
** byte) or, for the scalar set and short inputs, does it all: portable C, 16 bytes
** a step.  Upper-half bytes go through the index (to UTF-8: its
** ready-made sequences) without a branch on the byte's half, since text
** in these encodings alternates between the halves at every space; runs
** of 16 ASCII bytes are tested as two words. */

/* Whether the 16 bytes at S are all ASCII; if so copies them to O (UTF-8,
** WIDE false) or widens them to 16 units at O (UTF-16, WIDE true). */
WENC__INLINE bool sb_ascii16(const uint8_t *s, void *o, const bool wide)
{
    uint64_t a, b;
    memcpy(&a, s, 8);
    memcpy(&b, s + 8, 8);
    if ((a | b) & UINT64_C(0x8080808080808080))
        return false;
    if (wide) {
        for (int i = 0; i < 16; i++)
            ((uint16_t *)o)[i] = s[i];
    } else {
        memcpy(o, s, 16);
    }
    return true;
}

/* To UTF-16: one unit per byte.  TOTAL: the index maps every byte, so
** there is no error to look for. */
WENC__INLINE void sb_bulk_utf16(const uint16_t *index, const uint32_t *runs, const bool total,
                                const uint8_t *src, size_t *pos_, size_t len, uint16_t *dst,
                                size_t *out_, size_t cap)
{
    size_t pos = *pos_, out = *out_;
    size_t n = len - pos < cap - out ? len - pos : cap - out;
    if (n == 0)
        return; /* no room: DST may be NULL, and NULL + 0 is undefined */
    const uint8_t *s = src + pos;
    uint16_t *o = dst + out;
    size_t i = 0;
    const wenc__isa isa = wenc__simd_isa();
    if (n >= wenc__sb_decode_from[isa][0])
        i = wenc__sb_kernels_by_isa[isa]->to_utf16(index, runs, s, n, o);
    /* All 256 bytes' units, made at the first block of 16 that needs them
    ** (none for ASCII text, none for a last block shorter than 16): a load
    ** and a store a byte then, where picking between the byte and the
    ** index costs five more instructions, which repays the table's making
    ** within the block. */
    uint16_t all[256];
    bool made = false;
    while (i < n) {
        size_t stop = i + 16;
        if (stop > n)
            stop = n;
        else if (sb_ascii16(s + i, o + i, true)) {
            i = stop;
            continue;
        } else if (!made) {
            wenc__sb_all16(index, all);
            made = true;
        }
        for (; i < stop; i++) {
            uint32_t b = s[i];
            uint32_t cp = made ? all[b] : wenc__sb_pick(b, index[b & 0x7F]);
            if (!total && cp == WENC__NONE16)
                goto done;
            o[i] = (uint16_t)cp;
        }
    }
done:
    *pos_ = pos + i;
    *out_ = out + i;
}

/* To UTF-8: 1 to 3 bytes per byte, stored 4 at a time, so the loop runs
** while even 3 bytes per byte plus the scratch byte fit; the last bytes of
** the output go through sb_bulk_any. */
WENC__INLINE void sb_bulk_utf8(const uint16_t *index, const uint32_t *index8, const uint32_t *runs,
                               const bool total,
                               const uint8_t *src, size_t *pos_, size_t len, uint8_t *dst,
                               size_t *out_, size_t cap)
{
    size_t pos = *pos_, out = *out_;
    const wenc__isa isa = wenc__simd_isa();
    const wenc__sb_kernels *k =
        len - pos >= wenc__sb_decode_from[isa][1] ? wenc__sb_kernels_by_isa[isa] : NULL;
#if WENC__TABLES_SMALL
    /* The small profile has no wenc__sb_decode_utf8 (issue 29): the
    ** sequences are made here when the input is long enough to pay for
    ** it (128 steps), else per byte, and the kernels to UTF-8 only run on
    ** the made table. */
    uint32_t made[128];
    if (len - pos >= 256 && (k == NULL || k->to_utf8 != NULL)) {
        for (unsigned j = 0; j < 128; j++)
            made[j] = wenc__sb_utf8_of(index[j]);
        index8 = made;
    }
#endif
    /* Sets without a kernel to UTF-8 (AVX2, AVX-512): ASCII runs copied
    ** (the UTF-8 kernels'), and each stretch of text after one decoded to
    ** UTF-16 (sb_kernels.h) and that to UTF-8 with the UTF-16 kernels (the
    ** index has no surrogates, so every unit is a whole code point); where
    ** one stops short, the loop below takes over. */
    if (k != NULL && k->to_utf8 == NULL) {
        const wenc__utf8_kernels *a = wenc__utf8_kernels_get();
        const wenc__utf16_kernels *u = wenc__utf16_kernels_get();
        uint16_t buf[512];
        while (pos < len && out < cap) { /* DST may be NULL when CAP is 0 */
            size_t m = len - pos < cap - out ? len - pos : cap - out;
            size_t ascii = a->ascii_to_utf8(src + pos, m, dst + out);
            pos += ascii;
            out += ascii;
            if (ascii == m)
                continue;
            m = len - pos < 512 ? len - pos : 512;
            size_t units = k->to_utf16(index, runs, src + pos, m, buf), written = 0;
            if (units == 0)
                break;
            size_t used = u->to_utf8(buf, units, dst + out, cap - out, &written);
            pos += used;
            out += written;
            if (used < m)
                break;
        }
    }
    for (;;) {
        size_t room = cap - out;
        size_t n = room < 4 ? 0 : (room - 1) / 3;
        if (n > len - pos)
            n = len - pos;
        if (n == 0)
            break;
#if WENC__TABLES_SMALL
        if (k != NULL && k->to_utf8 != NULL && index8 != NULL) {
#else
        if (k != NULL && k->to_utf8 != NULL) {
#endif
            size_t written = 0, read = k->to_utf8(index, index8, src + pos, n, dst + out, &written);
            pos += read;
            out += written;
            n -= read;
        }
        const uint8_t *s = src + pos;
        const uint8_t *end = s + n;
        uint8_t *o = dst + out;
        while (s != end) {
            const uint8_t *stop = s + 16;
            if (end - s < 16)
                stop = end;
            else if (sb_ascii16(s, o, false)) {
                s = stop;
                o += 16;
                continue;
            }
            do {
                uint32_t b = *s;
#if WENC__TABLES_SMALL
                uint32_t v = index8 != NULL ? wenc__sb_pick(b, index8[b & 0x7F])
                                            : wenc__sb_utf8_of(wenc__sb_pick(b, index[b & 0x7F]));
#else
                uint32_t v = wenc__sb_pick(b, index8[b & 0x7F]);
#endif
                if (!total && v == 0xFFFFFFFFu) {
                    *pos_ = (size_t)(s - src);
                    *out_ = (size_t)(o - dst);
                    return;
                }
                o += wenc__sb_store4(o, v);
            } while (++s != stop);
        }
        pos = (size_t)(s - src);
        out = (size_t)(o - dst);
    }
    *pos_ = pos;
    *out_ = out;
}

/* Any form, one byte at a time: the last bytes of the output. */
WENC__INLINE void sb_bulk_any(const uint16_t *index, const uint8_t *src, size_t *pos_, size_t len,
                              void *dst, size_t *out_, size_t cap, int form)
{
    size_t pos = *pos_, out = *out_;
    while (pos < len) {
        uint32_t b = src[pos];
        uint32_t cp = b < 0x80 ? b : index[b - 0x80];
        unsigned need = wenc__units(cp, form);
        if (cp == WENC__NONE16 || cap - out < need)
            break;
        wenc__put(dst, out, cp, form);
        out += need;
        pos++;
    }
    *pos_ = pos;
    *out_ = out;
}

/* To UTF-32: each stretch decoded to UTF-16 (one unit per byte, all below
** U+10000: the index has no surrogates) and widened, 3.5 to 12 times as
** fast on text as the loop of sb_bulk_any that did it before
** (bench history utf32-input.md). */
WENC__INLINE void sb_bulk_utf32(const uint16_t *index, const uint32_t *runs, const bool total,
                                const uint8_t *src, size_t *pos_, size_t len, uint32_t *dst,
                                size_t *out_, size_t cap)
{
    const wenc__utf8_kernels *a = wenc__utf8_kernels_get();
    uint16_t buf[512];
    size_t pos = *pos_, out = *out_;
    while (pos < len && out < cap) {
        size_t m = len - pos < cap - out ? len - pos : cap - out;
        /* ASCII widened directly (the UTF-8 kernels'). */
        size_t ascii = a->ascii_to_utf32(src + pos, m, dst + out);
        pos += ascii;
        out += ascii;
        if (ascii == m)
            continue;
        m -= ascii;
        if (m > 512)
            m = 512;
        size_t read = 0, n = 0;
        sb_bulk_utf16(index, runs, total, src + pos, &read, m, buf, &n, m);
        uint32_t *o = dst + out;
        for (size_t i = 0; i < n; i++)
            o[i] = buf[i];
        pos += n;
        out += n;
        if (n < m)
            break;
    }
    *pos_ = pos;
    *out_ = out;
}

WENC__INLINE void sb_bulk(void *sv, const uint8_t *src, size_t *pos, size_t len, void *dst,
                          size_t *out, size_t cap, int form)
{
    const struct sb_state *s = sv;
    /* Each loop once per kind of index, so that the error check is compiled
    ** out for those that map every byte. */
    if (form == WENC__UTF8) {
#if WENC__TABLES_SMALL
        const uint32_t *index8 = NULL;
#else
        const uint32_t *index8 = s->index8;
#endif
        if (s->total)
            sb_bulk_utf8(s->index, index8, s->runs, true, src, pos, len, (uint8_t *)dst, out, cap);
        else
            sb_bulk_utf8(s->index, index8, s->runs, false, src, pos, len, (uint8_t *)dst, out, cap);
    } else if (form == WENC__UTF16) {
        if (s->total)
            sb_bulk_utf16(s->index, s->runs, true, src, pos, len, (uint16_t *)dst, out, cap);
        else
            sb_bulk_utf16(s->index, s->runs, false, src, pos, len, (uint16_t *)dst, out, cap);
    } else {
        if (s->total)
            sb_bulk_utf32(s->index, s->runs, true, src, pos, len, (uint32_t *)dst, out, cap);
        else
            sb_bulk_utf32(s->index, s->runs, false, src, pos, len, (uint32_t *)dst, out, cap);
    }
    sb_bulk_any(s->index, src, pos, len, dst, out, cap, form);
}

WENC__INLINE wenc_status sb_decode(wenc__dcall *c, const int form)
{
    unsigned sb = (unsigned)c->d->priv_encoding->single_byte;
#if WENC__TABLES_SMALL
    struct sb_state s = {wenc__sb_decode + 128 * sb, wenc__sb_decode_runs + 2 * sb,
                         (WENC__SB_TOTAL >> sb & 1) != 0};
#else
    struct sb_state s = {wenc__sb_decode + 128 * sb, wenc__sb_decode_utf8 + 128 * sb,
                         wenc__sb_decode_runs + 2 * sb, (WENC__SB_TOTAL >> sb & 1) != 0};
#endif
    return wenc__decode_loop(c, form, &s, sb_step, wenc__always, true, sb_bulk);
}

WENC__DECODER_IMPL(single_byte, sb_decode);

/* Encoder: a direct map from code point to byte, two levels (code point
** >> 7, then the low 7 bits) over blocks shared by all encodings. */

struct sb_encode_state {
    const uint8_t *top; /* block numbers: code points in 128s */
    uint32_t last;      /* the top's last entry, the empty block */
    uint32_t main;      /* the block of the encode kernels (sb_main); 0: none */
    const uint32_t *runs; /* the index's runs (wenc__sb_decode_runs), for the kernels */
#if WENC__TABLES_SMALL
    /* The small profile's TOP (sb_kernels.h), made per call; MAIN's if
    ** MAIN is not 0. */
    uint8_t block[128];
#endif
};

/* The byte for BMP code point CP (wenc__sb_encode_byte): 0 if none. */
WENC__INLINE uint32_t sb_encode_byte(const struct sb_encode_state *s, uint32_t cp)
{
    return wenc__sb_encode_byte(s->top, s->last, cp);
}

WENC__INLINE int sb_encode_step(void *sv, int32_t cp, wenc__estep *r)
{
    const struct sb_encode_state *s = sv;
    r->n = 0;
    /* 1. End-of-queue: finished.  2. ASCII: its byte. */
    if (cp == WENC__EOQ)
        return WENC__E_FINISHED;
    if (cp < 0x80) {
        r->bytes[0] = (uint8_t)cp;
        r->n = 1;
        return WENC__E_BYTES;
    }
    /* 3. The index pointer; 4. null: error; 5. byte pointer + 0x80. */
    uint8_t byte = 0;
    if (cp < 0x10000)
        byte = (uint8_t)sb_encode_byte(s, (uint32_t)cp);
    if (byte == 0) {
        r->error_cp = (uint32_t)cp;
        return WENC__E_ERROR;
    }
    r->bytes[0] = byte;
    r->n = 1;
    return WENC__E_BYTES;
}


/* Whether the 16 UTF-16 units at S are ASCII; if so narrows them to O. */
WENC__INLINE bool sb_ascii16_from_utf16(const uint16_t *s, uint8_t *o)
{
    uint16_t any = 0;
    for (int i = 0; i < 16; i++)
        any |= s[i];
    if (any >= 0x80)
        return false;
    for (int i = 0; i < 16; i++)
        o[i] = (uint8_t)s[i];
    return true;
}

/* The encoder's table for block BLOCK (code point >> 7). */
WENC__INLINE const uint8_t *sb_block(const struct sb_encode_state *s, uint32_t block)
{
#if WENC__TABLES_SMALL
    (void)block; /* always MAIN's */
    return s->block;
#else
    uint32_t i = block < s->last ? block : s->last;
    return wenc__sb_enc_blocks + ((unsigned)s->top[i] << 7);
#endif
}

/* From S[POS], at most MAX items: three-byte sequences of the code points
** of block MAIN (>= U+0800) that BLOCK maps, and lone ASCII bytes before
** a byte >= 0x80, to their bytes at DST[*OUT] (what the step function
** writes for each); returns the position of the first other item.  S
** holds 3 * MAX + 1 bytes from POS, so that each item reads four.  The
** block's 128 code points are one leading byte, two second bytes (the
** lower bit of the second byte is the code point's bit 6) and any third
** byte: one mask and one compare find them, never overlong, and never a
** surrogate whose block BLOCK maps nothing of.  Not inlined: inside its
** caller GCC kept S on the stack and moved registers on every code point. */
static WENC__NOINLINE size_t sb_main3(const uint8_t *block, uint32_t main,
                                                 const uint8_t *s, size_t pos, size_t max,
                                                 uint8_t *dst, size_t *out_)
{
    const uint32_t want = (0xE0 | main >> 5) | (0x80 | (main & 0x1F) << 1) << 8 | 0x80u << 16;
    size_t out = *out_;
    for (; max > 0; max--) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint32_t w;
        memcpy(&w, s + pos, 4);
#else
        uint32_t w = (uint32_t)s[pos] | (uint32_t)s[pos + 1] << 8 | (uint32_t)s[pos + 2] << 16;
#endif
        if ((w & 0xC0FEFFu) != want) {
            if ((w & 0x8080u) != 0x8000u)
                break;
            dst[out++] = (uint8_t)w;
            pos++;
            continue;
        }
        uint32_t byte = block[(w >> 2 & 0x40) | (w >> 16 & 0x3F)];
        if (byte == 0)
            break;
        dst[out++] = (uint8_t)byte;
        pos += 3;
    }
    *out_ = out;
    return pos;
}

/* The stretch of sb_encode_utf8_kernels, in units (2 KiB of stack): each
** stretch costs three kernel calls and a last short block, which with 256
** units took a quarter of the time on words of two-byte letters (issue 43:
** ISO-8859-6 and windows-1256 from text:ar under AVX2, 1.47 of ICU with 256,
** 1.95 with 1024). */
#define SB_BOUNCE 1024

/* UTF-8 with the vector kernels: stretches of up to SB_BOUNCE bytes decoded to
** UTF-16 by the UTF-8 kernels (which stop at an ill-formed sequence and at
** one the stretch's end cuts), then encoded as from UTF-16.  At a unit
** without a byte (or U+0000, a supplementary code point), the bytes of
** the units before it say where the input stops, for the loop after to
** look at. */
static void sb_encode_utf8_kernels(const wenc__sb_kernels *k, const struct sb_encode_state *top,
                                   const uint8_t *s, size_t *pos_, size_t len, uint8_t *dst,
                                   size_t *out_, size_t cap)
{
    const wenc__utf8_kernels *u = wenc__utf8_kernels_get();
    const uint8_t *block = sb_block(top, top->main);
    size_t pos = *pos_, out = *out_;
    uint16_t buf[SB_BOUNCE];
    while (pos < len && out < cap) {
        /* ASCII (a page's markup, the spaces of text) copied as it is: the
        ** trip through the buffer made the HTML rows slower than without
        ** the kernels (windows-874 from html:th under AVX2: 1.0 against
        ** 2.3 GB/s). */
        size_t ascii = u->ascii_to_utf8(s + pos, len - pos < cap - out ? len - pos : cap - out,
                                        dst + out);
        pos += ascii;
        out += ascii;
        if (pos == len || out == cap)
            break;
        if (top->main >= 0x800 >> 7) {
            /* A main block of three-byte sequences (Thai): those and lone
            ** ASCII bytes between them (the spaces) straight to their
            ** bytes, without the trip through the buffer (issue 29:
            ** windows-874 from text:th under AVX2).  Each item reads at
            ** most four bytes, takes at most three and gives one. */
            size_t before = pos;
            size_t max = len - pos < 4 ? 0 : (len - pos - 1) / 3;
            if (max > cap - out)
                max = cap - out;
            pos = sb_main3(block, top->main, s, pos, max, dst, &out);
            if (pos != before)
                continue;
        }
        /* Each unit takes at least one byte of input, and gives one out. */
        size_t m = len - pos < SB_BOUNCE ? len - pos : SB_BOUNCE;
        if (m > cap - out)
            m = cap - out;
        size_t units = 0;
        size_t read = u->to_utf16(s + pos, m, buf, SB_BOUNCE, &units);
        if (units == 0)
            break;
        size_t i = 0;
        for (;;) {
            i += k->from_utf16(block, top->main, buf + i, units - i, dst + out + i);
            if (i == units)
                break;
            uint32_t byte = buf[i] - 0xD800u < 0x800 ? 0 : sb_encode_byte(top, buf[i]);
            if (byte == 0)
                break;
            dst[out + i++] = (uint8_t)byte;
        }
        out += i;
        if (i < units) {
            for (size_t j = 0; j < i; j++)
                pos += 1 + (buf[j] >= 0x80) + (buf[j] >= 0x800);
            break;
        }
        pos += read;
    }
    *pos_ = pos;
    *out_ = out;
}

/* The bulk path: well-formed input whose code points all have a byte,
** ASCII included, without the step function.  It stops at anything else
** (an unmappable or ill-formed code point, U+0000, a sequence that the end
** of the input may cut) for the step function to decide.  Each code point
** gives one byte, so the output's room only bounds the count.  The vector
** kernels (sb_kernels.h) go first where the process has them; the loops
** here finish what they leave, or do it all for the scalar set. */
static WENC__NOINLINE void sb_encode_bulk(void *sv, const void *src, size_t *pos_, size_t len,
                                 uint8_t *dst, size_t *out_, size_t cap, int form)
{
    const struct sb_encode_state *top = sv;
    const wenc__sb_kernels *k = wenc__sb_kernels_get();
    size_t pos = *pos_, out = *out_;
    if (form == WENC__FROM_UTF16) {
        const uint16_t *s = src;
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        size_t i = 0;
        if (k != NULL && k->from_utf16_table != NULL && n != 0)
            i = k->from_utf16_table(top->top, top->last, top->runs, s + pos, n, dst + out);
        while (i < n) {
            size_t stop = i + 16;
            if (stop > n)
                stop = n;
            else if (sb_ascii16_from_utf16(s + pos + i, dst + out + i)) {
                i = stop;
                continue;
            }
            for (; i < stop; i++) {
                /* Surrogates have no byte: the step function reads them. */
                uint32_t u = s[pos + i], byte = sb_encode_byte(top, u);
                if (byte == 0)
                    goto done16;
                dst[out + i] = (uint8_t)byte;
            }
        }
    done16:
        pos += i;
        out += i;
    } else if (form == WENC__FROM_UTF8) {
        const uint8_t *s = src;
        /* Up to 3 bytes are read per code point, and each gives one byte
        ** out of at least one in: so one bound keeps both in range. */
        size_t end = len - pos < 3 ? pos : len - 3 + 1;
        if (end - pos > cap - out)
            end = pos + (cap - out);
        if (k != NULL && k->from_utf8_table != NULL && end > pos) {
            size_t written = 0;
            pos += k->from_utf8_table(top->top, top->last, top->runs, s + pos, end - pos,
                                      dst + out, &written);
            out += written;
        }
        while (pos < end) {
            uint32_t b0 = s[pos], b1 = s[pos + 1], cp;
            /* Two ASCII bytes in a row: 8 at a time while they are ASCII
            ** (end - pos bounds the output's room too); U+0000 among them
            ** is its own byte, as the step function makes it. */
            if ((b0 | b1) < 0x80 && end - pos >= 8) {
                uint64_t w;
                memcpy(&w, s + pos, 8);
                if ((w & UINT64_C(0x8080808080808080)) == 0) {
                    memcpy(dst + out, &w, 8);
                    pos += 8;
                    out += 8;
                    continue;
                }
            }
            if (b0 < 0x80) {
                /* U+0000 is left to the step (its byte is the table's 0). */
                if (b0 == 0)
                    break;
                dst[out++] = (uint8_t)b0;
                pos++;
                continue;
            }
            /* Two-byte sequences: all of Cyrillic, Greek, Hebrew, Arabic
            ** and the Latin letters.  Overlong C0 and C1 leads make code
            ** points below 0x80, whose "bytes" (themselves) are refused. */
            if ((b0 & 0xE0) == 0xC0 && (b1 & 0xC0) == 0x80) {
                cp = (b0 & 0x1F) << 6 | (b1 & 0x3F);
                uint32_t byte = sb_encode_byte(top, cp);
                if (byte < 0x80)
                    break;
                dst[out++] = (uint8_t)byte;
                pos += 2;
                continue;
            }
            if (wenc__utf8_decode_valid(s, pos, len, &cp) != 3)
                break;
            uint32_t byte = sb_encode_byte(top, cp);
            if (byte == 0)
                break;
            dst[out++] = (uint8_t)byte;
            pos += 3;
        }
    }
    *pos_ = pos;
    *out_ = out;
}

/* The bulk path with the encode kernel (sb_kernels.h), for the encodings
** sb_encode gives a main block: the kernel as far as it goes (from UTF-16,
** each unit it stops at through the table, here), then sb_encode_bulk for
** what is left.  A function of its own, so that sb_encode_bulk stays as it
** was for the others (measured: with the kernel code inside it, ISO-8859-8
** from UTF-8 ran 1.5 times slower with the same instructions). */
static WENC__NOINLINE void sb_encode_bulk_kernel(void *sv, const void *src, size_t *pos_,
                                                            size_t len, uint8_t *dst, size_t *out_,
                                                            size_t cap, int form)
{
    const struct sb_encode_state *top = sv;
    const wenc__sb_kernels *kern = wenc__sb_kernels_get();
    size_t pos = *pos_, out = *out_;
    if (form == WENC__FROM_UTF16) {
        const uint16_t *s = src;
        size_t n = len - pos < cap - out ? len - pos : cap - out;
        size_t i = 0;
        if (n != 0) {
            /* The vector kernel for ASCII and the main block; each unit it
            ** stops at through the table, here. */
            const uint8_t *block = sb_block(top, top->main);
            while (i < n) {
                i += kern->from_utf16(block, top->main, s + pos + i, n - i, dst + out + i);
                if (i == n)
                    break;
                uint32_t byte = sb_encode_byte(top, s[pos + i]);
                if (byte == 0)
                    break;
                dst[out + i++] = (uint8_t)byte;
            }
        }
        pos += i;
        out += i;
    } else if (form == WENC__FROM_UTF8) {
        sb_encode_utf8_kernels(kern, top, src, &pos, len, dst, &out, cap);
    }
    *pos_ = pos;
    *out_ = out;
    sb_encode_bulk(sv, src, pos_, len, dst, out_, cap, form);
}

/* The block of code points (code point >> 7) from U+0180 up that holds
** the most of index row SB's code points, if it holds at least 24 (the
** Cyrillic, Greek, Hebrew, Arabic or Thai letters), else 0: the block the
** encode kernel looks up.  The Latin encodings spread their letters over
** U+0080..U+017F and beyond, where the kernel would stop every few letters
** (measured: windows-1250 text from UTF-8 three times slower), so they get
** 0 and keep sb_encode_bulk.  Worked out once per row from the decode table
** and kept (a race only repeats the same sum). */
static uint32_t sb_main(unsigned sb)
{
    static _Atomic uint8_t known[WENC__SB_INDEXES + 1]; /* block + 1; 0: not yet */
    uint32_t m = atomic_load_explicit(&known[sb], memory_order_relaxed);
    if (m != 0)
        return m - 1;
    uint8_t count[512] = {0};
    uint32_t best = 0;
    for (int j = 0; j < 128; j++) {
        uint32_t cp = wenc__sb_decode[128 * sb + (unsigned)j];
        if (cp != WENC__NONE16 && cp >= 0x180 && ++count[cp >> 7] > count[best])
            best = cp >> 7;
    }
    if (count[best] < 24)
        best = 0;
    atomic_store_explicit(&known[sb], (uint8_t)(best + 1), memory_order_relaxed);
    return best;
}

#if WENC__TABLES_SMALL
/* The block of code points (code point >> 7) that holds the most of index
** row SB's code points: the one the small profile's encoder makes a table
** for (sb_kernels.h).  Worked out once per row, as sb_main. */
static uint32_t sb_big(unsigned sb)
{
    static _Atomic uint16_t known[WENC__SB_INDEXES + 1]; /* block + 1; 0: not yet */
    uint32_t m = atomic_load_explicit(&known[sb], memory_order_relaxed);
    if (m != 0)
        return m - 1;
    uint8_t count[512] = {0};
    uint32_t best = 1;
    for (int j = 0; j < 128; j++) {
        uint32_t cp = wenc__sb_decode[128 * sb + (unsigned)j];
        if (cp != WENC__NONE16 && ++count[cp >> 7] > count[best])
            best = cp >> 7;
    }
    atomic_store_explicit(&known[sb], (uint16_t)(best + 1), memory_order_relaxed);
    return best;
}
#endif

WENC__INLINE wenc_status sb_encode(wenc__ecall *c, const int form)
{
    unsigned sb = (unsigned)c->e->priv_encoding->single_byte;
    struct sb_encode_state s = {.top = WENC__SB_ENC_TOP(sb), .last = WENC__SB_ENC_LAST(sb),
                                .runs = wenc__sb_decode_runs + 2 * sb};
    if (wenc__sb_kernels_get() != NULL && wenc__sb_kernels_get()->from_utf16 != NULL)
        s.main = sb_main(sb);
#if WENC__TABLES_SMALL
    /* The table of the index's largest block (sb_kernels.h), made when the
    ** input is long enough to pay for it (128 steps); the encode kernel
    ** (MAIN) runs only where that is its block too. */
    uint32_t big = sb_big(sb);
    if (c->src_len - c->pos >= 64) {
        s.last = wenc__sb_enc_make(sb, big, s.block);
        s.top = s.block;
    }
    if (s.main != big || s.top != s.block)
        s.main = 0;
#endif
    if (s.main != 0)
        return wenc__encode_loop_state(c, form, &s, sb_encode_step, wenc__always, NULL,
                                       sb_encode_bulk_kernel);
    return wenc__encode_loop_state(c, form, &s, sb_encode_step, wenc__always, NULL,
                                   sb_encode_bulk);
}

WENC__ENCODER_IMPL(single_byte, sb_encode, 1);
