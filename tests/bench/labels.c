/* labels.c -- micro-benchmark of label lookup (wenc_encoding_for_label):
** nanoseconds per lookup, median of 9 runs, over every label of the
** standard in three spellings (as listed, upper case, padded with
** whitespace) and over near misses.  Not a test: it asserts nothing. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wenc/wenc.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define MAX_KEYS 1024
static char keys[MAX_KEYS][48];
static size_t key_len[MAX_KEYS];
static size_t nkeys;

static void add(const char *prefix, const char *label, const char *suffix, int upper)
{
    if (nkeys == MAX_KEYS)
        return;
    char *k = keys[nkeys];
    snprintf(k, sizeof keys[0], "%.4s%.30s%.4s", prefix, label, suffix);
    if (upper)
        for (char *p = k; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
    key_len[nkeys++] = strlen(k);
}

/* Median ns per lookup over keys[from..to). */
static double measure(size_t from, size_t to, unsigned *found)
{
    double t[9];
    for (int r = 0; r < 9; r++) {
        unsigned hits = 0;
        double start = now();
        for (int rep = 0; rep < 2000; rep++)
            for (size_t i = from; i < to; i++)
                hits += wenc_encoding_for_label(keys[i], key_len[i]) != NULL;
        t[r] = (now() - start) / (2000.0 * (double)(to - from)) * 1e9;
        *found = hits / 2000;
    }
    qsort(t, 9, sizeof t[0], cmp_double);
    return t[4];
}

int main(void)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        for (size_t j = 0; wenc_encoding_label(e, j) != NULL; j++)
            add("", wenc_encoding_label(e, j), "", 0);
    }
    size_t labels = nkeys;
    for (size_t i = 0; i < labels; i++)
        add("", keys[i], "", 1);
    for (size_t i = 0; i < labels; i++)
        add(" \t", keys[i], "\r\n", 0);
    size_t good = nkeys;
    for (size_t i = 0; i < labels; i++)
        add("x", keys[i], "", 0);
    unsigned found;
    double as_listed = measure(0, labels, &found);
    printf("%-34s %6.1f ns/lookup (%u of %zu found)\n", "labels as listed", as_listed, found,
           labels);
    double upper = measure(labels, 2 * labels, &found);
    printf("%-34s %6.1f ns/lookup (%u found)\n", "labels in upper case", upper, found);
    double padded = measure(2 * labels, good, &found);
    printf("%-34s %6.1f ns/lookup (%u found)\n", "labels with whitespace around", padded,
           found);
    double misses = measure(good, nkeys, &found);
    printf("%-34s %6.1f ns/lookup (%u found)\n", "near misses (\"x\" + label)", misses, found);
    return 0;
}
