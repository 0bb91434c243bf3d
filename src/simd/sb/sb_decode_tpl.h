/* sb_decode_tpl.h -- the single-byte decode kernels to_utf16 and to_utf8
** (sb_kernels.h) for 16-byte vectors, written once for SSE2 and NEON (the
** pattern of src/simd/iso2022jp/iso2022jp_copy_tpl.h): a block of 16
** ASCII bytes is copied or widened in a vector; any other block goes
** through the index a byte at a time, ASCII and upper-half bytes alike,
** without a branch on the byte's half (text in these encodings alternates
** between the halves at every space): to UTF-16 through a table of all 256
** bytes' units made once a call, unless the set has a vector step for the
** block (TPL_BLOCK16) and the index's runs hold most of its letters.  Both stop before a last block shorter than 16 bytes,
** which the handler's loop finishes.  The includer defines:
**   TPL_ASCII16(s, o, wide)  whether the 16 bytes at S are ASCII; if so
**                            copies them to O (UTF-8, WIDE false) or widens
**                            them to 16 units at O (UTF-16, WIDE true);
**   TPL_TOTAL(index)         whether INDEX maps every byte (then the loops
**                            need no check, and are compiled without it);
**   TPL_RUNS, TPL_RUNS_INIT(r, runs), TPL_BLOCK16(r, index, total, s, o)
**                            optionally: a vector step for a block with
**                            upper-half bytes to UTF-16, false (nothing
**                            written) if one of them is unmapped or it
**                            leaves the block to the byte loop, with
**                            its state made once a call from the runs;
**   TPL_FEW16(index, total, s, o)
**                            optionally: a vector step for a block with
**                            few upper-half bytes to UTF-16 where the
**                            runs' step is not taken, false (nothing
**                            written) for more or an unmapped one;
**   TPL_MASK16(s, o)         optionally: copies the 16 bytes at S to O
**                            and returns the mask of those >= 0x80 (bit I
**                            for byte I), for the UTF-8 loop's ASCII runs;
**   TPL_NAME_UTF16, TPL_NAME_UTF8, TPL_NAME_TO_UTF16, TPL_NAME_TO_UTF8
**                            the instances' names (the last two are the
**                            kernels). */

/* VEC: the set's vector step for blocks with upper-half bytes (compiled
** in only when the includer has one); without it, the byte loop reads a
** table of all 256 bytes' units, made at the first block that needs it
** (ASCII text never does). */
WENC__INLINE size_t TPL_NAME_UTF16(const uint16_t *index, const uint32_t *runs, const uint8_t *src,
                                   size_t len, uint16_t *dst, const bool total, const bool vec)
{
    (void)vec; /* read only where the set has TPL_BLOCK16 or TPL_FEW16 (not NEON) */
#if defined(TPL_BLOCK16)
    TPL_RUNS r;
    if (vec)
        TPL_RUNS_INIT(&r, runs);
#else
    (void)runs;
#endif
    uint16_t all[256];
    bool made = false;
    size_t i = 0;
    while (len - i >= 16) {
        size_t stop = i + 16;
#if defined(TPL_FEW16)
        /* ASCII blocks too: one test of the block where there were two. */
        if (!vec) {
            if (TPL_FEW16(index, total, src + i, dst + i)) {
                i = stop;
                continue;
            }
        } else
#endif
            if (TPL_ASCII16(src + i, dst + i, true)) {
            i = stop;
            continue;
        }
#if defined(TPL_BLOCK16)
        if (vec && TPL_BLOCK16(&r, index, total, src + i, dst + i)) {
            i = stop;
            continue;
        }
#endif
        /* The byte loop: the runs' step left the block (an unmapped byte,
        ** or too many outside the runs: Arabic letters in windows-1256),
        ** or the index has no runs to speak of. */
        if (!made) {
            wenc__sb_all16(index, all);
            made = true;
        }
        /* 16 steps from a fixed base: compilers unroll them without a
        ** test of the position per byte (KOI8-R, windows-1256 text: a
        ** load, a load and a store a byte; issue 43). */
        const uint8_t *s = src + i;
        uint16_t *o = dst + i;
        for (unsigned j = 0; j < 16; j++) {
            uint32_t b = s[j];
            uint32_t cp = all[b];
            if (!total && cp == WENC__NONE16)
                return i + j;
            o[j] = (uint16_t)cp;
        }
        i = stop;
    }
    return i;
}

static size_t TPL_NAME_TO_UTF16(const uint16_t *index, const uint32_t *runs, const uint8_t *src,
                                size_t len, uint16_t *dst)
{
    if (len < 16)
        return 0;
#if defined(TPL_BLOCK16)
    /* The vector step pays where the index's runs hold most letters (its
    ** byte loop then runs only at an unmapped byte).  KOI8's letters are
    ** not in code point order, so its runs hold 16 of 64: the step would
    ** patch most bytes one at a time after its vector work. */
    if ((runs[0] >> 8 & 0xFF) + (runs[1] >> 8 & 0xFF) >= 32)
        return TPL_TOTAL(index) ? TPL_NAME_UTF16(index, runs, src, len, dst, true, true)
                                : TPL_NAME_UTF16(index, runs, src, len, dst, false, true);
#endif
    return TPL_TOTAL(index) ? TPL_NAME_UTF16(index, runs, src, len, dst, true, false)
                            : TPL_NAME_UTF16(index, runs, src, len, dst, false, false);
}

WENC__INLINE size_t TPL_NAME_UTF8(const uint32_t *index8, const uint8_t *src, size_t len,
                                  uint8_t *dst, size_t *written, const bool total)
{
    const uint8_t *s = src, *end = src + (len & ~(size_t)15);
    uint8_t *o = dst;
#if defined(TPL_MASK16)
    /* Text of the Latin encodings (an accented letter or two in 16
    ** bytes): the ASCII bytes before the next upper-half byte copied in a
    ** vector, that byte through INDEX8, and the block read again after it;
    ** blocks with more than FEW upper-half bytes (Cyrillic, Greek, Arabic
    ** words) through the byte loop below, which takes no branch on a
    ** byte's half.  The byte loop alone decoded Czech and Turkish text at
    ** 0.9-1.0 of encoding_rs (issue 43).  It reads and writes 16 bytes at
    ** S and O while 16 bytes of input are left: O - DST is at most 3 (S -
    ** SRC), so they are within DST's room of 3 LEN + 1. */
    const uint8_t *last = src + len;
    uint32_t all8[256];
    bool made = false;
    while (last - s >= 16) {
        unsigned m = TPL_MASK16(s, o);
        if (m == 0) {
            s += 16;
            o += 16;
            continue;
        }
        const uint8_t *stop = s + 16;
        unsigned k = (unsigned)__builtin_ctz(m);
        s += k;
        o += k;
        m >>= k;
        /* More than 4 bits set in M: a word of upper-half letters. */
        unsigned more = m & (m - 1);
        more &= more - 1;
        more &= more - 1;
        more &= more - 1;
        if (more == 0) {
            uint32_t v = index8[*s & 0x7F];
            if (!total && v == 0xFFFFFFFFu)
                goto done;
            o += wenc__sb_store4(o, v);
            s++;
            continue;
        }
        /* The rest of the block, through a table of all 256 bytes'
        ** sequences made at the first such block: a load and a store a
        ** byte, where picking between the byte and INDEX8 costs five more
        ** instructions (Greek, Arabic text: issue 43). */
        if (!made) {
            for (unsigned b = 0; b < 128; b++)
                all8[b] = b;
            memcpy(all8 + 128, index8, 128 * sizeof *all8);
            made = true;
        }
        do {
            uint32_t v = all8[*s];
            if (!total && v == 0xFFFFFFFFu)
                goto done;
            o += wenc__sb_store4(o, v);
        } while (++s != stop);
    }
    (void)end;
#else
    while (s != end) {
        const uint8_t *stop = s + 16;
        if (TPL_ASCII16(s, o, false)) {
            s = stop;
            o += 16;
            continue;
        }
        do {
            uint32_t b = *s;
            uint32_t v = wenc__sb_pick(b, index8[b & 0x7F]);
            if (!total && v == 0xFFFFFFFFu)
                goto done;
            o += wenc__sb_store4(o, v);
        } while (++s != stop);
    }
#endif
done:
    *written = (size_t)(o - dst);
    return (size_t)(s - src);
}

static size_t TPL_NAME_TO_UTF8(const uint16_t *index, const uint32_t *index8, const uint8_t *src,
                               size_t len, uint8_t *dst, size_t *written)
{
    if (len < 16) {
        *written = 0;
        return 0;
    }
    return TPL_TOTAL(index) ? TPL_NAME_UTF8(index8, src, len, dst, written, true)
                            : TPL_NAME_UTF8(index8, src, len, dst, written, false);
}

#undef TPL_ASCII16
#undef TPL_MASK16
#undef TPL_FEW16
#undef TPL_TOTAL
#undef TPL_RUNS
#undef TPL_RUNS_INIT
#undef TPL_BLOCK16
#undef TPL_NAME_UTF16
#undef TPL_NAME_UTF8
#undef TPL_NAME_TO_UTF16
#undef TPL_NAME_TO_UTF8
