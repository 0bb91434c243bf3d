/* utf16_to_utf8_tpl.h -- the UTF-16 -> UTF-8 kernel (to_utf8 of
** utf16_kernels.h) written once over the x86 vector vocabulary
** (src/simd/vec_x86.h; the pattern of src/simd/utf8/utf8_check_tpl.h) for
** SSE4.1 and AVX2, over native units and over UTF-16LE/BE bytes
** (bytes_to_utf8), whose units are swapped as they are loaded, so that
** bytes reach UTF-8 in one pass (issue 43; the AVX-512 kernel's way): per
** vector of units, ASCII is narrowed (then two vectors at a time while it
** lasts), blocks below U+0800 go to below_800, blocks with a surrogate to
** the scalar loop, the rest to below_d800; the tail, or a block the
** vectors left (and the trailing surrogate of a pair that ends it), in
** scalar.  The includer defines below_800 and below_d800 (static, in the
** file; their SRC is bytes and their positions units, read as FROM says;
** they take blocks while LIM, the end of the template's window, is a block
** or more away, where the room is certain) and:
**   TPL_V, TPL_FN(op)   the vector type and its vocabulary;
**   TPL_LOAD(p, from)   the vector of units at the bytes P, read as FROM
**                       (WENC__U16_NATIVE, _LE or _BE) says;
**   TPL_ROOM            the bytes of room a block of units needs (its
**                       stores reach that far);
**   TPL_ASCII(d, v)     stores the ASCII units V as bytes at D;
**   TPL_ASCII2(d, a, b) the same for the two vectors A then B;
**   TPL_NAME_UNITS      the name of the loop both kernels share;
**   TPL_NAME_BYTES_TO_UTF8  the name of the bytes_to_utf8 instance, or
**   TPL_EXTERN_BYTES_TO_UTF8 that of an extern one;
**   TPL_NAME_TO_UTF8    the to_utf8 instance's name, a static function; or
**   TPL_EXTERN_TO_UTF8  the name of an extern instance (which another
**                       set's table shares; not TPL_NAME_, which
**                       tools/amalgamate renames per file). */

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
        ** bytes of room, and the loops below test one bound instead of
        ** two.  When it is used up, the next is measured from OUT; none is
        ** left once fewer than UNITS units or TPL_ROOM bytes are. */
        size_t room = cap - out, lim = pos;
        if (room >= TPL_ROOM)
            lim += len - pos < (room - TPL_ROOM) / 3 + UNITS ? len - pos
                                                             : (room - TPL_ROOM) / 3 + UNITS;
        if (lim - pos < UNITS)
            break;
        while (lim - pos >= UNITS) {
            TPL_V v = TPL_LOAD(src + 2 * pos, from);
            if (TPL_FN(none)(v, ff80)) {
                /* ASCII: one vector, then two at a time while it lasts. */
                TPL_ASCII(dst + out, v);
                pos += UNITS;
                out += UNITS;
                while (lim - pos >= 2 * UNITS) {
                    TPL_V a = TPL_LOAD(src + 2 * pos, from);
                    TPL_V b = TPL_LOAD(src + 2 * (pos + UNITS), from);
                    if (!TPL_FN(none)(TPL_FN(or)(a, b), ff80))
                        break;
                    TPL_ASCII2(dst + out, a, b);
                    pos += 2 * UNITS;
                    out += 2 * UNITS;
                }
                continue;
            }
            if (TPL_FN(none)(v, f800)) {
                below_800(src, lim, from, dst, &pos, &out);
                continue;
            }
            if (!TPL_FN(any_lane)(TPL_FN(eq_u16)(TPL_FN(and)(v, f800), d800))) {
                below_d800(src, lim, from, dst, &pos, &out);
                continue;
            }
            /* A surrogate: the block and the unit after it (the trailing
            ** surrogate of a pair that ends the block) in scalar, which
            ** stops before a lone one; then a new window. */
            size_t w, n = len - pos < UNITS + 1 ? len - pos : UNITS + 1;
            n = wenc__u16_to_utf8_step(src, from, pos, n, dst, out, cap, &w);
            pos += n;
            out += w;
            if (n == 0) {
                *written = out;
                return pos;
            }
            break;
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
#undef TPL_ASCII
#undef TPL_ASCII2
#undef TPL_NAME_UNITS
#undef TPL_NAME_BYTES_TO_UTF8
#undef TPL_EXTERN_BYTES_TO_UTF8
#undef TPL_NAME_TO_UTF8
#undef TPL_EXTERN_TO_UTF8
