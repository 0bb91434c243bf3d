/* utf16_to_utf8_tpl.h -- the UTF-16 -> UTF-8 kernel (to_utf8 of
** utf16_kernels.h) written once over the x86 vector vocabulary
** (src/simd/vec_x86.h; the pattern of src/simd/utf8/utf8_check_tpl.h) for
** SSE4.1 and AVX2, over native units and over UTF-16LE/BE bytes
** (bytes_to_utf8), whose units are swapped as they are loaded, so that
** bytes reach UTF-8 in one pass (issue 43; the AVX-512 kernel's way).  One
** loop takes a vector of units at a time (a block), whatever it holds:
** ASCII is narrowed (two vectors at a time while it lasts), blocks below
** U+0800 go to below_800, blocks with a surrogate to the scalar loop, the
** rest to below_d800; the tail, or a block the vectors left (and the
** trailing surrogate of a pair that ends it), in scalar.  Switching loops
** at each change of block (the template's first shape) cost accented
** Latin text up to half its speed.
**
** The includer defines ascii_block, below_800 and below_d800 (static, in
** the file): each encodes the block V at D and returns its bytes, taking
** its turn (WENC__U16_TURN, utf16_impl.h) first and leaving its last
** 16-byte store pending in *LAST at *AT; and:
**   TPL_V, TPL_FN(op)   the vector type and its vocabulary;
**   TPL_LOAD(p, from)   the vector of units at the bytes P, read as FROM
**                       (WENC__U16_NATIVE, _LE or _BE) says;
**   TPL_ROOM            the bytes of room a block needs: its stores, and
**                       the 16 bytes its turn reads past its own;
**   TPL_ASCII2(d, a, b) stores the ASCII units of A then B as bytes at D;
**   TPL_NAME_UNITS      the name of the loop both kernels share;
**   TPL_NAME_BYTES_TO_UTF8  the name of the bytes_to_utf8 instance, or
**   TPL_EXTERN_BYTES_TO_UTF8 that of an extern one;
**   TPL_NAME_TO_UTF8    the to_utf8 instance's name, a static function; or
**   TPL_EXTERN_TO_UTF8  the name of an extern instance (which another
**                       set's table shares; not TPL_NAME_, which
**                       tools/amalgamate renames per file).
**
** Nothing past the bytes written is changed (the contract), though a
** block's 16-byte stores reach past its bytes: all but the last at most
** UNITS bytes (the fewest a block makes), so never past the next block's
** bytes; the last at most 12, and it is made in the next block's turn,
** whose own stores then rewrite those bytes.  What the last block's
** pending store reaches past the end is given back from *PAST, read in
** that block's turn: then no store made yet had reached there (the block
** before's pending one had not been made, and every other ended within
** the bytes of the two blocks before), so it holds what DST held. */

/* The LEN units at the bytes SRC, read as FROM says, to UTF-8 (contract:
** utf16_kernels.h, to_utf8): returns the units read. */
WENC__INLINE size_t TPL_NAME_UNITS(const uint8_t *src, size_t len, int from, uint8_t *dst,
                                   size_t cap, size_t *written)
{
    enum { UNITS = sizeof(TPL_V) / 2 };
    const TPL_V ff80 = TPL_FN(set1_u16)(0xFF80), f800 = TPL_FN(set1_u16)(0xF800);
    const TPL_V d800 = TPL_FN(set1_u16)(0xD800);
    size_t pos = 0, out = 0;
    if (len == 0 || cap == 0) { /* SRC or DST may be NULL */
        *written = 0;
        return 0;
    }
    for (;;) {
        /* A window: blocks start at POS while LIM - POS >= UNITS.  A unit
        ** writes at most 3 bytes, so every block in it has its TPL_ROOM
        ** bytes of room, and the loop tests one bound instead of two.
        ** When it is used up, the next is measured from OUT; none is left
        ** once fewer than UNITS units or TPL_ROOM bytes are. */
        size_t room = cap - out, lim = pos;
        if (room >= TPL_ROOM) {
            size_t fit = (room - TPL_ROOM) / 3 + UNITS;
            lim += len - pos < fit ? len - pos : fit;
        }
        if (lim - pos < UNITS)
            break;
        /* Until a block leaves its last store, the pending one rewrites
        ** the 16 bytes at OUT with what they hold. */
        __m128i past = _mm_loadu_si128((const __m128i *)(const void *)(dst + out)), last = past;
        uint8_t *at = dst + out;
        bool surrogate = false;
        do {
            TPL_V v = TPL_LOAD(src + 2 * pos, from), b;
            if (TPL_FN(none)(v, ff80)) {
                if (lim - pos < 2 * UNITS ||
                    !TPL_FN(none)(b = TPL_LOAD(src + 2 * (pos + UNITS), from), ff80)) {
                    out += ascii_block(v, dst + out, &last, &at, &past);
                    pos += UNITS;
                    continue;
                }
                /* Two vectors of ASCII and more: their stores write what
                ** they reach and rewrite what the pending one reached. */
                _mm_storeu_si128((__m128i *)(void *)at, last);
                for (;;) {
                    TPL_ASCII2(dst + out, v, b);
                    pos += 2 * UNITS;
                    out += 2 * UNITS;
                    if (lim - pos < 2 * UNITS)
                        break;
                    v = TPL_LOAD(src + 2 * pos, from);
                    b = TPL_LOAD(src + 2 * (pos + UNITS), from);
                    if (!TPL_FN(none)(TPL_FN(or)(v, b), ff80))
                        break;
                }
                at = dst + out;
                last = past = _mm_loadu_si128((const __m128i *)(const void *)at);
                continue;
            }
            if (TPL_FN(none)(v, f800)) {
                out += below_800(v, dst + out, &last, &at, &past);
                pos += UNITS;
                continue;
            }
            if (TPL_FN(any_lane)(TPL_FN(eq_u16)(TPL_FN(and)(v, f800), d800))) {
                surrogate = true;
                break;
            }
            out += below_d800(v, dst + out, &last, &at, &past);
            pos += UNITS;
        } while (lim - pos >= UNITS);
        _mm_storeu_si128((__m128i *)(void *)at, last);
        _mm_storeu_si128((__m128i *)(void *)(dst + out), past);
        if (!surrogate)
            continue;
        /* A surrogate: the block and the unit after it (the trailing
        ** surrogate of a pair that ends the block) in scalar, which stops
        ** before a lone one; then a new window. */
        size_t w, n = len - pos < UNITS + 1 ? len - pos : UNITS + 1;
        n = wenc__u16_to_utf8_step(src, from, pos, n, dst, out, cap, &w);
        pos += n;
        out += w;
        if (n == 0) {
            *written = out;
            return pos;
        }
    }
    /* The tail (fewer than UNITS units, or TPL_ROOM bytes of room, left). */
    size_t w;
    pos += wenc__u16_to_utf8_step(src, from, pos, len - pos, dst, out, cap, &w);
    out += w;
    *written = out;
    return pos;
}

#ifdef TPL_EXTERN_TO_UTF8
size_t TPL_EXTERN_TO_UTF8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                          size_t *written)
#else
static size_t TPL_NAME_TO_UTF8(const uint16_t *src, size_t len, uint8_t *dst, size_t cap,
                               size_t *written)
#endif
{
    return TPL_NAME_UNITS((const uint8_t *)(const void *)src, len, WENC__U16_NATIVE, dst, cap,
                          written);
}

/* x86 is little-endian: UTF-16LE bytes are native units, and an odd last
** byte is never part of one. */
#ifdef TPL_EXTERN_BYTES_TO_UTF8
size_t TPL_EXTERN_BYTES_TO_UTF8(const uint8_t *src, size_t len, bool be, uint8_t *dst, size_t cap,
                                size_t *written)
#else
static size_t TPL_NAME_BYTES_TO_UTF8(const uint8_t *src, size_t len, bool be, uint8_t *dst,
                                     size_t cap, size_t *written)
#endif
{
    return 2 * (be ? TPL_NAME_UNITS(src, len / 2, WENC__U16_BE, dst, cap, written)
                   : TPL_NAME_UNITS(src, len / 2, WENC__U16_LE, dst, cap, written));
}

#undef TPL_V
#undef TPL_FN
#undef TPL_LOAD
#undef TPL_ROOM
#undef TPL_ASCII2
#undef TPL_NAME_UNITS
#undef TPL_NAME_BYTES_TO_UTF8
#undef TPL_EXTERN_BYTES_TO_UTF8
#undef TPL_NAME_TO_UTF8
#undef TPL_EXTERN_TO_UTF8
