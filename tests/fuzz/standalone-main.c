/* standalone-main.c -- runs a fuzz target without libFuzzer: every file
** named on the command line, and every regular file in every directory
** named (not recursive, in name order), is passed once to
** LLVMFuzzerTestOneInput().  This is how the corpus and the regression
** inputs run as ordinary tests in every build (suite 'fuzz'; zlib-ng does
** the same).  A failed invariant aborts with the input's name; the exit
** status is 0 when every input ran.  An argument that does not exist is an
** error, so a mistyped corpus path cannot pass silently. */
#define _POSIX_C_SOURCE 200809L

#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static unsigned long inputs_run;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = fuzz_xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            uint8_t *p = realloc(buf, cap);
            if (p == NULL) {
                fprintf(stderr, "out of memory reading %s\n", path);
                abort();
            }
            buf = p;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        fprintf(stderr, "%s: read error\n", path);
        free(buf);
        return 1;
    }
    /* An exact-size copy, as libFuzzer gives: reads past the end are seen. */
    uint8_t *input = fuzz_exact_copy(buf, n);
    free(buf);
    fuzz_input_name = path;
    LLVMFuzzerTestOneInput(input, n);
    fuzz_input_name = NULL;
    free(input);
    inputs_run++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *path)
{
    DIR *dir = opendir(path);
    if (dir == NULL) {
        perror(path);
        return 1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL) {
        if (ent->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **p = realloc(names, cap * sizeof *names);
            if (p == NULL)
                abort();
            names = p;
        }
        size_t len = strlen(path) + 1 + strlen(ent->d_name) + 1;
        names[count] = fuzz_xmalloc(len);
        snprintf(names[count], len, "%s/%s", path, ent->d_name);
        count++;
    }
    closedir(dir);
    if (count > 1)
        qsort(names, count, sizeof *names, compare_names);
    int rc = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            rc |= run_file(names[i]);
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            rc = 1;
        } else if (S_ISDIR(st.st_mode)) {
            rc |= run_dir(argv[i]);
        } else {
            rc |= run_file(argv[i]);
        }
    }
    printf("%s: %lu inputs run%s\n", argc > 0 ? argv[0] : "fuzz", inputs_run,
           fuzz_have_ref() ? ", compared with the reference model" : "");
    return rc;
}
