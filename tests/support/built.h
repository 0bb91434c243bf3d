/* built.h -- for tests that must run in a build configured with
** -Dencodings=... (only some encodings built in): skip what needs an
** encoding the library left out, saying which, instead of failing.  Include
** after check.h.  In the default build every encoding is built in and
** nothing is skipped. */
#ifndef WENC_TEST_BUILT_H
#define WENC_TEST_BUILT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wenc/wenc.h>

/* Whether ENC is built in; if not, records a TAP skip for WHAT. */
static inline bool built_or_skip(const wenc_encoding *enc, const char *what)
{
    if (enc == NULL || wenc_encoding_is_built_in(enc))
        return true;
    check_skip("%s: %s not built in (-Dencodings)", what, wenc_encoding_name(enc));
    return false;
}

/* The same for the encoding of LABEL (a label of the standard). */
static inline bool label_built_or_skip(const char *label, const char *what)
{
    const wenc_encoding *e = label ? wenc_encoding_for_label(label, strlen(label)) : NULL;
    return built_or_skip(e, what);
}

/* Skips the whole test (TAP "1..0 # SKIP", exit status 0; or, for a test
** run with protocol 'exitcode', EXITCODE_SKIP 77) unless every encoding of
** the NULL-terminated list is built in.  Call first thing in main(). */
static inline void require_built_(bool tap, const wenc_encoding *const *list)
{
    for (; *list != NULL; list++) {
        if (wenc_encoding_is_built_in(*list))
            continue;
        if (tap)
            printf("1..0 # SKIP needs %s, not built in (-Dencodings)\n",
                   wenc_encoding_name(*list));
        else
            printf("SKIP: needs %s, not built in (-Dencodings)\n", wenc_encoding_name(*list));
        exit(tap ? 0 : 77);
    }
}
#define REQUIRE_BUILT(...) \
    require_built_(true, (const wenc_encoding *const[]){__VA_ARGS__, NULL})
#define REQUIRE_BUILT_EXITCODE(...) \
    require_built_(false, (const wenc_encoding *const[]){__VA_ARGS__, NULL})

/* Skips the whole test unless every encoding is built in (for tests
** whose expectations are about all of them at once). */
static inline void require_all_built_(bool tap)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        const wenc_encoding *list[2] = {e, NULL};
        require_built_(tap, list);
    }
}
#define REQUIRE_ALL_BUILT() require_all_built_(true)
#define REQUIRE_ALL_BUILT_EXITCODE() require_all_built_(false)

#endif
