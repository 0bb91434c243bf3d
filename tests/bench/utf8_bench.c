/* utf8_bench.c -- speed of the UTF-8 toolkit: validation and counting of
** valid text, with wenc_decoder (UTF-8 to UTF-8, fatal) on the same data for
** comparison, and memcpy of the same bytes as the yardstick.  Reports MB/s
** (10^6 bytes per second), the median of 7 or more runs, and the ratio to
** memcpy (the median of the per-run ratios: the measures alternate within
** each run).  Not a test: it asserts nothing about speed.
**
**     utf8_bench [--quick] [--runs N] [DIR]
**
** DIR: a directory of text files (its *.txt and *.html files are measured,
** e.g. shared/bench-corpus/wikipedia); without it, generated text.  A
** generated pure-ASCII text is always measured first. */
#define _POSIX_C_SOURCE 200809L
#include <wenc/wenc.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct input {
    char name[64];
    uint8_t *data;
    size_t len;
};

static struct input inputs[128];
static size_t ninputs;
static double target_seconds = 0.02;
static int runs = 7;
static volatile size_t sink;

/* CPU time of the process, not wall time: the figures then hold on a
** machine shared with other jobs (the program is single-threaded). */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint8_t *decode_out;
static size_t decode_room;

enum { MEMCPY, VALIDATE, COUNT, UTF16, DECODER, MEASURES };
static const char *const measure_names[MEASURES] = {"memcpy", "validate", "count", "utf16-len",
                                                    "decoder"};

static size_t run_once(int measure, const struct input *in)
{
    switch (measure) {
    case MEMCPY:
        memcpy(decode_out, in->data, in->len);
        __asm__ __volatile__("" : : "r"(decode_out) : "memory");
        return decode_out[0];
    case VALIDATE:
        return wenc_utf8_is_valid(in->data, in->len);
    case COUNT:
        return wenc_utf8_count_code_points(in->data, in->len);
    case UTF16:
        return wenc_utf8_count_utf16_units(in->data, in->len);
    default: {
        wenc_decoder d;
        wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL);
        size_t n = in->len, m = decode_room;
        wenc_decoder_decode_to_utf8(&d, in->data, &n, decode_out, &m, true);
        return m;
    }
    }
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], compare_double);
    return v[n / 2];
}

/* MB/s of every measure on IN, and its speed over memcpy's: RUNS runs, each
** timing every measure in turn (so that a change in the machine's load hits
** all of them), each measure repeating its call for at least TARGET_SECONDS;
** medians over the runs. */
static void measure_all(const struct input *in, double mbps[MEASURES], double ratio[MEASURES])
{
    size_t reps[MEASURES];
    for (int m = 0; m < MEASURES; m++) {
        reps[m] = 1;
        for (;;) {
            double t0 = now();
            for (size_t r = 0; r < reps[m]; r++)
                sink += run_once(m, in);
            double t = now() - t0;
            if (t >= target_seconds / 4 || reps[m] > ((size_t)1 << 30))
                break;
            reps[m] *= 2;
        }
        reps[m] *= 4;
    }
    static double speeds[MEASURES][64], ratios[MEASURES][64];
    for (int k = 0; k < runs; k++) {
        for (int m = 0; m < MEASURES; m++) {
            double t0 = now();
            for (size_t r = 0; r < reps[m]; r++)
                sink += run_once(m, in);
            double t = now() - t0;
            speeds[m][k] = (double)in->len * (double)reps[m] / (t > 0 ? t : 1e-9) / 1e6;
        }
        for (int m = 0; m < MEASURES; m++)
            ratios[m][k] = speeds[m][k] / speeds[MEMCPY][k];
    }
    for (int m = 0; m < MEASURES; m++) {
        mbps[m] = median(speeds[m], runs);
        ratio[m] = median(ratios[m], runs);
    }
}

static uint64_t rng = 0x2545F4914F6CDD1Du;

static uint32_t random32(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}

/* Generated text: words of letters from ALPHABET (code points), separated
** by spaces, with a line break now and then. */
static void generate(const char *name, size_t len, const uint32_t *alphabet, size_t letters)
{
    struct input *in = &inputs[ninputs++];
    snprintf(in->name, sizeof in->name, "%s", name);
    in->data = malloc(len);
    if (in->data == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    size_t n = 0;
    while (n + 16 < len) {
        size_t word = 2 + random32() % 8;
        for (size_t k = 0; k < word; k++) {
            uint32_t c = alphabet[random32() % letters];
            size_t one = 1, room = 4;
            wenc_utf8_encode_lenient_from_utf32(&c, &one, in->data + n, &room, 0, 4);
            n += room;
        }
        in->data[n++] = random32() % 12 == 0 ? '\n' : ' ';
    }
    memset(in->data + n, ' ', len - n);
    in->len = len;
}

static void generated_ascii(size_t len, const char *name)
{
    uint32_t ascii[52];
    for (int k = 0; k < 26; k++) {
        ascii[k] = (uint32_t)('a' + k);
        ascii[26 + k] = (uint32_t)('a' + k);
    }
    ascii[0] = 'E'; /* a capital now and then */
    generate(name, len, ascii, 52);
}

static void generated_texts(void)
{
    /* Latin with accents (about 1 letter in 12 non-ASCII). */
    uint32_t latin[48];
    for (int k = 0; k < 44; k++)
        latin[k] = (uint32_t)('a' + k % 26);
    latin[44] = 0xE9;
    latin[45] = 0xE8;
    latin[46] = 0xE7;
    latin[47] = 0xFC;
    generate("latin (generated)", 1 << 20, latin, 48);
    uint32_t cyrillic[32];
    for (int k = 0; k < 32; k++)
        cyrillic[k] = 0x430 + (uint32_t)k;
    generate("cyrillic (generated)", 1 << 20, cyrillic, 32);
    uint32_t cjk[64];
    for (int k = 0; k < 64; k++)
        cjk[k] = 0x4E00 + 97 * (uint32_t)k;
    generate("cjk (generated)", 1 << 20, cjk, 64);
    uint32_t emoji[16];
    for (int k = 0; k < 16; k++)
        emoji[k] = 0x1F600 + (uint32_t)k;
    generate("emoji (generated)", 1 << 20, emoji, 16);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct input *)a)->name, ((const struct input *)b)->name);
}

static void read_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        perror(dir);
        exit(2);
    }
    size_t first = ninputs;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && ninputs < sizeof inputs / sizeof inputs[0]) {
        size_t n = strlen(e->d_name);
        if (!(n > 4 && strcmp(e->d_name + n - 4, ".txt") == 0) &&
            !(n > 5 && strcmp(e->d_name + n - 5, ".html") == 0))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (f == NULL)
            continue;
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        rewind(f);
        struct input *in = &inputs[ninputs];
        in->data = malloc(size > 0 ? (size_t)size : 1);
        if (in->data == NULL || size <= 0 || fread(in->data, 1, (size_t)size, f) != (size_t)size) {
            free(in->data);
            fclose(f);
            continue;
        }
        fclose(f);
        in->len = (size_t)size;
        snprintf(in->name, sizeof in->name, "%.*s", (int)sizeof in->name - 1, e->d_name);
        wenc_utf8_error err;
        if (wenc_utf8_validate(in->data, in->len, &err) != WENC_OK) {
            printf("# %s: not UTF-8 (%s at byte %ju), skipped\n", in->name,
                   wenc_utf8_error_message(err.kind), (uintmax_t)err.offset);
            free(in->data);
            continue;
        }
        ninputs++;
    }
    closedir(d);
    qsort(inputs + first, ninputs - first, sizeof inputs[0], by_name);
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 7)
                runs = 7;
            if (runs > 63)
                runs = 63;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--quick] [--runs N] [DIR]\n", argv[0]);
            return 2;
        } else {
            dir = argv[i];
        }
    }
    if (quick)
        target_seconds = 0.002;

    generated_ascii(1 << 20, "ascii (generated, 1 MiB)");
    if (!quick)
        generated_ascii(64 << 20, "ascii (generated, 64 MiB)");
    if (dir != NULL)
        read_dir(dir);
    else
        generated_texts();

    size_t max_len = 0;
    for (size_t i = 0; i < ninputs; i++)
        if (inputs[i].len > max_len)
            max_len = inputs[i].len;
    decode_room = max_len;
    decode_out = malloc(decode_room);
    if (decode_out == NULL) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }

    printf("# wenc %s, UTF-8 toolkit; MB/s (10^6 bytes per CPU second), median of %d runs%s\n",
           wenc_version(), runs, quick ? " (--quick)" : "");
    printf("# decoder = wenc_decoder UTF-8 -> UTF-8, fatal, for comparison; after each\n"
           "# MB/s, /mc = its speed over memcpy of the same bytes (median per-run ratio)\n");
    printf("%-26s %9s %6s", "input", "bytes", "ASCII");
    for (int m = 0; m < MEASURES; m++)
        printf(m == MEMCPY ? " %10s" : " %10s %6s", measure_names[m], "/mc");
    printf("\n");
    for (size_t i = 0; i < ninputs; i++) {
        const struct input *in = &inputs[i];
        size_t ascii = 0;
        for (size_t k = 0; k < in->len; k++)
            ascii += in->data[k] < 0x80;
        printf("%-26s %9zu %5.1f%%", in->name, in->len, 100.0 * (double)ascii / (double)in->len);
        fflush(stdout);
        double mbps[MEASURES], ratio[MEASURES];
        measure_all(in, mbps, ratio);
        for (int m = 0; m < MEASURES; m++) {
            if (m == MEMCPY)
                printf(" %10.0f", mbps[m]);
            else
                printf(" %10.0f %6.3f", mbps[m], ratio[m]);
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
