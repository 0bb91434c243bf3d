/* iso2022jp_impl.h -- what the ISO-2022-JP kernels of every instruction set
** share (included only by src/simd/iso2022jp/iso2022jp_*.c): the four copies, and
** the macro that makes a set's table of them. */
#ifndef WENC_ISO2022JP_IMPL_H
#define WENC_ISO2022JP_IMPL_H

#include "iso2022jp_kernels.h"

/* The copies, by what they read and write (iso2022jp_kernels.h). */
enum { WENC__JP_TO_UTF8, WENC__JP_TO_UTF16, WENC__JP_TO_UTF32, WENC__JP_FROM_UTF16 };

/* Defines NAME, a set's table, from its COPY(src, len, dst, form): one
** entry point per copy, each COPY inlined for its form. */
#define WENC__ISO2022JP_KERNELS(name, copy)                                                        \
    static size_t name##_to_utf8(const uint8_t *src, size_t len, uint8_t *dst)                     \
    {                                                                                              \
        return copy(src, len, dst, WENC__JP_TO_UTF8);                                              \
    }                                                                                              \
    static size_t name##_to_utf16(const uint8_t *src, size_t len, uint16_t *dst)                   \
    {                                                                                              \
        return copy(src, len, dst, WENC__JP_TO_UTF16);                                             \
    }                                                                                              \
    static size_t name##_to_utf32(const uint8_t *src, size_t len, uint32_t *dst)                   \
    {                                                                                              \
        return copy(src, len, dst, WENC__JP_TO_UTF32);                                             \
    }                                                                                              \
    static size_t name##_from_utf16(const uint16_t *src, size_t len, uint8_t *dst)                 \
    {                                                                                              \
        return copy(src, len, dst, WENC__JP_FROM_UTF16);                                           \
    }                                                                                              \
    const wenc__iso2022jp_kernels name = {                                                         \
        .to_utf8 = name##_to_utf8,                                                                 \
        .to_utf16 = name##_to_utf16,                                                               \
        .to_utf32 = name##_to_utf32,                                                               \
        .from_utf16 = name##_from_utf16,                                                           \
    }

#endif /* WENC_ISO2022JP_IMPL_H */
