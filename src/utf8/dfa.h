/* dfa.h -- the one definition of valid UTF-8 in wenc: a table-driven DFA
** (in the spirit of Bjoern Hoehrmann's decoder) equivalent to the Encoding
** Standard's UTF-8 decoder, including where it rejects; its tables are
** dfa_tables.h.  The UTF-8 decoder (handlers/utf8.c), the encoders' UTF-8
** input (engine/encoder.c), TextEncoder and the UTF-8 toolkit run it; the
** validators' row tables (validate.c) and the kernels' lookup tables
** (simd/utf8_lookup.h) are tested against it (tests/unit/utf8_dfa.c,
** tests/unit/kernels_utf8.c).
**
** States are the standard's (bytes needed, lower boundary, upper boundary)
** triples that can occur:
**   ACCEPT        bytes needed 0
**   CONT1         1 more byte, 80..BF
**   CONT2         2 more, 80..BF first
**   E0            2 more, A0..BF first (overlong 3-byte forms)
**   ED            2 more, 80..9F first (surrogates)
**   CONT3         3 more, 80..BF first
**   F0            3 more, 90..BF first (overlong 4-byte forms)
**   F4            3 more, 80..8F first (above U+10FFFF)
** A byte outside the boundaries gives REJECT: the standard then returns
** error and, unless the state was ACCEPT, restores the byte (so the error
** covers the bytes before it: the "maximal subpart"). */
#ifndef WENC_UTF8_DFA_H
#define WENC_UTF8_DFA_H

#include <stddef.h>
#include <stdint.h>

enum {
    WENC__U8_ACCEPT = 0,
    WENC__U8_CONT1,
    WENC__U8_CONT2,
    WENC__U8_E0,
    WENC__U8_ED,
    WENC__U8_CONT3,
    WENC__U8_F0,
    WENC__U8_F4,
    WENC__U8_REJECT,
    WENC__U8_STATES = WENC__U8_REJECT
};

/* Byte classes: the distinctions the standard's UTF-8 decoder makes. */
enum {
    WENC__U8C_ASCII,   /* 00..7F */
    WENC__U8C_80_8F,   /* continuation bytes, split by the boundaries */
    WENC__U8C_90_9F,
    WENC__U8C_A0_BF,
    WENC__U8C_INVALID, /* C0, C1, F5..FF: never valid */
    WENC__U8C_C2_DF,
    WENC__U8C_E0,
    WENC__U8C_E1_EF,   /* E1..EC, EE, EF */
    WENC__U8C_ED,
    WENC__U8C_F0,
    WENC__U8C_F1_F3,
    WENC__U8C_F4,
    WENC__U8_CLASSES
};

extern const uint8_t wenc__utf8_class[256];
/* wenc__utf8_next[state * WENC__U8_CLASSES + class] */
extern const uint8_t wenc__utf8_next[WENC__U8_STATES * WENC__U8_CLASSES];
/* Bits of a lead byte that belong to the code point, by class. */
extern const uint8_t wenc__utf8_lead_mask[WENC__U8_CLASSES];

/* The state after BYTE in STATE (not REJECT), or WENC__U8_REJECT.  A
** convenience over the tables, for code that walks bytes one at a time
** (the UTF-8 toolkit, src/utf8/). */
static inline unsigned wenc__utf8_step(unsigned state, uint8_t byte)
{
    return wenc__utf8_next[state * WENC__U8_CLASSES + wenc__utf8_class[byte]];
}

/* Whether BYTE is a continuation byte (80..BF): the only bytes that never
** start a sequence and never end one early. */
static inline int wenc__utf8_is_continuation(uint8_t byte)
{
    return (byte & 0xC0) == 0x80;
}

/* If SRC[POS..LEN) starts with a complete, valid UTF-8 sequence, stores its
** scalar value in *CP and returns its length; else returns 0 (an error, or
** a sequence cut by LEN: the DFA then decides).  A sequence is valid
** exactly when its continuation bytes are 80..BF and its value is in its
** length's range and not a surrogate, which is what the DFA's boundaries
** say.  The fast paths use this; the DFA handles whatever it refuses. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline unsigned
wenc__utf8_decode_valid(const uint8_t *src, size_t pos, size_t len, uint32_t *cp)
{
    uint32_t b0 = src[pos];
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    if (b0 < 0xE0) {
        if (b0 < 0xC2 || len - pos < 2 || (src[pos + 1] & 0xC0) != 0x80)
            return 0;
        *cp = (b0 & 0x1F) << 6 | (src[pos + 1] & 0x3Fu);
        return 2;
    }
    if (b0 < 0xF0) {
        if (len - pos < 3 || (src[pos + 1] & 0xC0) != 0x80 || (src[pos + 2] & 0xC0) != 0x80)
            return 0;
        uint32_t v = (b0 & 0x0F) << 12 | (src[pos + 1] & 0x3Fu) << 6 | (src[pos + 2] & 0x3Fu);
        if (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))
            return 0;
        *cp = v;
        return 3;
    }
    if (b0 > 0xF4 || len - pos < 4 || (src[pos + 1] & 0xC0) != 0x80 ||
        (src[pos + 2] & 0xC0) != 0x80 || (src[pos + 3] & 0xC0) != 0x80)
        return 0;
    uint32_t v = (b0 & 0x07) << 18 | (src[pos + 1] & 0x3Fu) << 12 | (src[pos + 2] & 0x3Fu) << 6 |
                 (src[pos + 3] & 0x3Fu);
    if (v < 0x10000 || v > 0x10FFFF)
        return 0;
    *cp = v;
    return 4;
}

#endif /* WENC_UTF8_DFA_H */
