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
**                            written) if one of them is unmapped, with
**                            its state made once a call from the runs;
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
        if (!vec && !made) {
            wenc__sb_all16(index, all);
            made = true;
        }
        for (; i < stop; i++) {
            uint32_t b = src[i];
            uint32_t cp = vec ? wenc__sb_pick(b, index[b & 0x7F]) : all[b];
            if (!total && cp == WENC__NONE16)
                return i;
            dst[i] = (uint16_t)cp;
        }
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
#undef TPL_TOTAL
#undef TPL_RUNS
#undef TPL_RUNS_INIT
#undef TPL_BLOCK16
#undef TPL_NAME_UTF16
#undef TPL_NAME_UTF8
#undef TPL_NAME_TO_UTF16
#undef TPL_NAME_TO_UTF8
