/* latin1_utf8_tpl.h -- latin1_kernels.h's to_utf8 (and from_utf8, at the
** end) in 16-byte blocks with
** 128-bit SSSE3 and SSE4.1 steps, written once for the sets that include
** it (latin1_sse41.c, latin1_avx2.c: each compiles it with its own
** instructions, target.h; AVX2's VEX copy measured 10-14 % faster on
** Latin text than SSE4.1's in an AVX2 process).  AVX-512 without VBMI2
** runs AVX2's too (faster there than the UTF-16 family's to_utf8 through
** a window); with VBMI2 it has its own (latin1_avx512.c).  A block that is all ASCII is stored
** whole; else each character's 1 or 2 bytes are made on the 16 bytes and
** interleaved into 16-bit lanes (latin1_utf8_lanes) (Encoding Standard, "UTF-8
** encoder": 0xC0 | b >> 6, then 0x80 | (b & 0x3F), first byte lowest), and
** packed by pshufb with utf16_tables.c's shuffles for 1- or 2-byte
** sequences (the UTF-16 family's table, shared rather than written
** twice).  The includer has included latin1_kernels.h, simd/vec_x86.h and
** simd/utf16/utf16_impl.h; the function's name is fixed (to_utf8), one
** instance per file (and from_utf8). */

/* The UTF-8 of the 8 characters in the 16-bit lanes of U (each lane its
** 1 or 2 bytes, latin1_utf8_lanes), M (8 bits) their bytes 80..FF: 16
** bytes stored at D, of which the first returned are theirs. */
WENC__INLINE size_t latin1_utf8_half(__m128i u, unsigned m, uint8_t *d)
{
    v128_storeu(d, _mm_shuffle_epi8(u, v128_loadu(wenc__utf16_pack2[m])));
    return wenc__utf16_pack2_len[m];
}

/* The 16 characters of V as 16-bit lanes, the first 8 in *LO and the last
** 8 in *HI, each lane's low byte the sequence's first.  Built on the bytes
** before they are interleaved, 4 steps for the 16 (the 16-bit lanes took
** 8 a half: widen, two shifts, and, two ors, compare, blend):
** the first byte is b below 0x80, else 0xC0 | b >> 6, which is C2 for
** 80..BF and C3 for C0..FF: C2 less the signed compare b > (int8)0xBF
** (-1 for C0..FF), chosen by b's top bit (blendv's mask bit); the second,
** 0x80 | (b & 0x3F), is b & 0xBF when b >= 0x80 (an ASCII lane's second
** byte is never stored). */
WENC__INLINE void latin1_utf8_lanes(__m128i v, __m128i *lo, __m128i *hi)
{
    __m128i lead = _mm_sub_epi8(v128_set1_u8(0xC2), _mm_cmpgt_epi8(v, v128_set1_u8(0xBF)));
    lead = _mm_blendv_epi8(v, lead, v);
    __m128i cont = v128_and(v, v128_set1_u8(0xBF));
    *lo = _mm_unpacklo_epi8(lead, cont);
    *hi = _mm_unpackhi_epi8(lead, cont);
}

/* The block of 16 characters V (M: its bytes 80..FF; LEFT: the input's
** characters from V on) into DST + *O, DST[0..CAP): each half's store is
** 16 bytes.  The first half's extra bytes are always the second's; the
** second's (at most 8) are the next block's when WHOLE, or when 16 more
** characters and 32 more bytes of room after the first half are left
** (the next 16 characters, in a block or in the caller's loops, then
** write at least 8 bytes), or else made exact through a copy, so that
** nothing past the new *O is touched. */
WENC__INLINE void latin1_utf8_block(__m128i v, unsigned m, size_t left, uint8_t *dst, size_t cap,
                                    size_t *o, bool whole)
{
    __m128i lo, hi;
    latin1_utf8_lanes(v, &lo, &hi);
    size_t n = *o + latin1_utf8_half(lo, m & 0xFF, dst + *o);
    if (whole || (left >= 32 && cap - n >= 32)) {
        *o = n + latin1_utf8_half(hi, m >> 8, dst + n);
    } else {
        /* Its 8 to 16 bytes as two 8-byte copies, the second ending
        ** where they end. */
        uint8_t last[16];
        size_t k = latin1_utf8_half(hi, m >> 8, last);
        memcpy(dst + n, last, 8);
        memcpy(dst + n + k - 8, last + k - 8, 8);
        *o = n + k;
    }
}

/* One block of to_utf8 at SRC + *I into DST + *O (latin1_utf8_block's
** WHOLE): false, with nothing done, at the 16th block of ASCII in a row
** (*ASCII_RUN), a run that the UTF-8 family's copy (wider steps) takes
** faster.  After 4, Latin text (an accent in most 64 bytes) went back and
** forth: de, fr and pt 25-50 % slower, en 5 % faster (Zen 3, AVX2 and
** SSE4.1). */
WENC__INLINE bool latin1_utf8_step(const uint8_t *src, size_t len, size_t *i, uint8_t *dst,
                                   size_t cap, size_t *o, unsigned *ascii_run, bool whole)
{
    __m128i v = v128_loadu(src + *i);
    unsigned m = (unsigned)v128_movemask(v);
    if (m == 0) {
        if (++*ascii_run == 16)
            return false;
        v128_storeu(dst + *o, v);
        *o += 16;
    } else {
        *ascii_run = 0;
        latin1_utf8_block(v, m, len - *i, dst, cap, o, whole);
    }
    *i += 16;
    return true;
}

/* Blocks of 16 characters from SRC[0..LEN) into DST[0..CAP) while a block
** and its 32 bytes of room are left, up to the 16th block of ASCII in a
** row; returns the characters read, *WRITTEN the bytes written, and
** touches nothing past them (latin1_utf8_block).  First in runs of K
** blocks that need no check of their own: the Jth has 32 characters from
** it (16 after it) and at least 48 bytes of room (each block before it
** wrote at most 32), so its second half's extra bytes are the next's.
** One check a run, not two a block, was 21-36 % faster on Latin text
** (Zen 3, AVX2; simdutf's loop has only its input check).  Then, where a
** run would be one block (short input, and the end), each block checks it
** (latin1_utf8_block's test): a run's setup there made 16 and 32
** characters 1-3 ns slower. */
static size_t to_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    size_t i = 0, o = 0;
    unsigned ascii_run = 0;
    while (len - i >= 48 && cap - o >= 80) {
        size_t k = (len - i) / 16 - 1, room = (cap - o - 16) / 32;
        for (k = room < k ? room : k; k != 0; k--)
            if (!latin1_utf8_step(src, len, &i, dst, cap, &o, &ascii_run, true))
                goto out;
    }
    while (len - i >= 16 && cap - o >= 32)
        if (!latin1_utf8_step(src, len, &i, dst, cap, &o, &ascii_run, false))
            break;
out:
    *written = o;
    return i;
}

/* latin1_kernels.h's from_utf8 in blocks of 16 bytes while a block and its
** 16 bytes of room are left, up to the 4th block of ASCII in a row (which
** the UTF-8 family's copy then takes); the rest, and from a block with a
** byte out of place, the definition's loop (wenc__latin1_from_utf8_from),
** so every stop is that loop's.  In a block the leads (C0..FF) and the
** bytes 80..FF are marked: it is whole when each lead is C2 or C3 and the
** bytes 80..BF are exactly those after a lead (a lead in its last byte is
** carried to the next block).  Then 0x40 is added to each byte after C3
** (Encoding Standard, "UTF-8 decoder": C2 80..BF is U+0080..U+00BF, C3
** 80..BF is U+00C0..U+00FF) and the leads are dropped, each half by pshufb
** with wenc__latin1_drop8 and stored as 8 bytes (16 for the first: the
** second's store writes over its extra bytes). */
static size_t from_utf8(const uint8_t *src, size_t len, uint8_t *dst, size_t cap, size_t *written)
{
    const __m128i c0 = v128_set1_u8(0xC0), fe = v128_set1_u8(0xFE), c2 = v128_set1_u8(0xC2),
                  c3 = v128_set1_u8(0xC3), x40 = v128_set1_u8(0x40), eight = v128_set1_u8(8);
    size_t i = 0, o = 0;
    unsigned carry = 0, ascii_run = 0;
    __m128i prev = v128_zero();
    while (len - i >= 16 && cap - o >= 16) {
        __m128i v = v128_loadu(src + i);
        unsigned high = (unsigned)v128_movemask(v);
        if ((high | carry) == 0) {
            if (++ascii_run == 4) {
                *written = o;
                return i;
            }
            v128_storeu(dst + o, v);
            i += 16;
            o += 16;
            continue;
        }
        ascii_run = 0;
        unsigned lead = (unsigned)v128_movemask(_mm_cmpeq_epi8(v128_and(v, c0), c0));
        unsigned good = (unsigned)v128_movemask(_mm_cmpeq_epi8(v128_and(v, fe), c2));
        if (lead != good || (high ^ lead) != (((lead << 1) | carry) & 0xFFFF))
            break;
        /* Lane J's byte before it (lane 0: the last block's last). */
        __m128i before = _mm_alignr_epi8(v, prev, 15);
        __m128i val = _mm_add_epi8(v, v128_and(_mm_cmpeq_epi8(before, c3), x40));
        unsigned lo = lead & 0xFF, hi = lead >> 8;
        __m128i idx = _mm_unpacklo_epi64(
            _mm_loadl_epi64((const __m128i *)(const void *)wenc__latin1_drop8[lo]),
            _mm_add_epi8(_mm_loadl_epi64((const __m128i *)(const void *)wenc__latin1_drop8[hi]),
                         eight));
        __m128i r = _mm_shuffle_epi8(val, idx);
        v128_storeu(dst + o, r);
        o += 16u - wenc__utf16_pack2_len[lo]; /* 8 - the bits of LO */
        _mm_storel_epi64((__m128i *)(void *)(dst + o), _mm_unpackhi_epi64(r, r));
        o += 16u - wenc__utf16_pack2_len[hi];
        carry = lead >> 15;
        prev = v;
        i += 16;
    }
    /* A carried lead's sequence starts the rest (its byte wrote nothing).
    ** The loop ends inside a block that stopped it, or within 16 bytes of
    ** the input's end or the room's. */
    i = wenc__latin1_from_utf8_from(src, i - carry, len, dst, cap, &o);
    *written = o;
    return i;
}
