/* check.h -- the tests' assertions: TAP output ("ok N - ...", "not ok N"),
** both values printed on failure (libuv's ASSERT_EQ), totals at exit.
** Header-only; each test program includes it once. */
#ifndef WENC_TEST_CHECK_H
#define WENC_TEST_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned check_count, check_failed;

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define CHECK_PRINTF(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define CHECK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CHECK_PRINTF(f, a)
#endif

static void check_report(int ok, const char *file, int line, const char *fmt, ...)
    CHECK_PRINTF(4, 5);

static void check_report(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    check_count++;
    if (!ok)
        check_failed++;
    printf("%sok %u - ", ok ? "" : "not ", check_count);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (!ok)
        printf("  # at %s:%d", file, line);
    printf("\n");
}

/* Records a check; prints the description (printf format). */
#define CHECK(cond, ...) check_report(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* Integer equality; prints both values on failure. */
#define CHECK_EQ(a, b, desc)                                                              \
    do {                                                                                  \
        uintmax_t check_a_ = (uintmax_t)(a), check_b_ = (uintmax_t)(b);                   \
        check_report(check_a_ == check_b_, __FILE__, __LINE__, "%s (%ju == %ju)", desc,   \
                     check_a_, check_b_);                                                 \
    } while (0)

/* Byte-string equality; prints both in hex on failure. */
static inline void check_bytes_(const void *a, size_t na, const void *b, size_t nb, const char *desc,
                         const char *file, int line)
{
    int ok = na == nb && (na == 0 || memcmp(a, b, na) == 0);
    check_report(ok, file, line, "%s", desc);
    if (!ok) {
        printf("#   got     ");
        for (size_t i = 0; i < na; i++)
            printf(" %02X", ((const unsigned char *)a)[i]);
        printf("\n#   expected");
        for (size_t i = 0; i < nb; i++)
            printf(" %02X", ((const unsigned char *)b)[i]);
        printf("\n");
    }
}
#define CHECK_BYTES(a, na, b, nb, desc) check_bytes_(a, na, b, nb, desc, __FILE__, __LINE__)

/* Records a check this build cannot make (an encoding left out by
** -Dencodings): TAP "ok N - ... # SKIP". */
static inline void check_skip(const char *fmt, ...) CHECK_PRINTF(1, 2);

static inline void check_skip(const char *fmt, ...)
{
    va_list ap;
    check_count++;
    printf("ok %u - ", check_count);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(" # SKIP\n");
}

/* Ends the program: plan line, totals, exit status. */
static int check_done(void)
{
    printf("1..%u\n# %u checks, %u failed\n", check_count, check_count - check_failed,
           check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
