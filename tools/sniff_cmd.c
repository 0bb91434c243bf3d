/* sniff_cmd.c -- `wenc sniff`, which prints how an HTML parser (the HTML
** Standard's encoding sniffing algorithm) or an XML processor would decide
** each FILE's encoding, and `-f html`, which converts a document from the
** encoding the sniffing algorithm chooses (wenc/sniff.h).  wenc.c
** dispatches to both; tools/wenc.1 documents them. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include "sniff_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The prescan's end condition: the standard's suggested 1024 bytes. */
#define PRESCAN_BYTES 1024

/* Exit statuses, as wenc.c's. */
enum { SNIFF_OK = 0, SNIFF_USAGE = 2, SNIFF_IO = 3 };

const char sniff_usage_text[] = SNIFF_USAGE_TEXT;

#if defined(__GNUC__) || defined(__clang__)
#define SNIFF_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define SNIFF_PRINTF_LIKE(f, a)
#endif

static void sniff_message(const char *fmt, ...) SNIFF_PRINTF_LIKE(1, 2);

static void sniff_message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "wenc: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int sniff_usage(const char *fmt, ...) SNIFF_PRINTF_LIKE(1, 2);

static int sniff_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "wenc: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'wenc --help' for more information.\n");
    va_end(ap);
    return SNIFF_USAGE;
}

/* Reads from FD into BUF until SIZE bytes or the end.  Returns the count, or
** -1 on a read error (errno set). */
static long read_full(int fd, uint8_t *buf, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                struct pollfd p = {.fd = fd, .events = POLLIN};
                if (poll(&p, 1, -1) >= 0 || errno == EINTR)
                    continue;
            }
            return -1;
        }
        got += (size_t)n;
    }
    return (long)got;
}

/* ---------------------------------------------------------------------------
** -f html */

static struct {
    int fd;
    uint8_t buf[PRESCAN_BYTES];
    size_t len, pos;
} pushback = {-1, {0}, 0, 0};

const wenc_encoding *sniff_html_prefix(int fd)
{
    pushback.fd = -1;
    pushback.len = pushback.pos = 0;
    long n = read_full(fd, pushback.buf, sizeof pushback.buf);
    if (n < 0)
        return WENC_WINDOWS_1252;
    pushback.fd = fd;
    pushback.len = (size_t)n;
    wenc_html_sniff_result r;
    wenc_html_sniff(pushback.buf, pushback.len, NULL, &r);
    return r.encoding;
}

size_t sniff_pushback_take(int fd, uint8_t *buf, size_t size)
{
    if (fd != pushback.fd || pushback.pos == pushback.len)
        return 0;
    size_t n = pushback.len - pushback.pos;
    if (n > size)
        n = size;
    memcpy(buf, pushback.buf + pushback.pos, n);
    pushback.pos += n;
    if (pushback.pos == pushback.len)
        pushback.fd = -1;
    return n;
}

/* ---------------------------------------------------------------------------
** wenc sniff */

typedef struct sniff_opts {
    bool xml;
    bool detect_utf8;
    const wenc_encoding *transport;
    const char *locale;
} sniff_opts;

/* The step's name in lower case with '-' ("xml-declaration"). */
static void print_source(wenc_sniff_source s)
{
    for (const char *p = wenc_sniff_source_name(s); *p != '\0'; p++)
        putchar(*p == '_' ? '-' : (*p >= 'A' && *p <= 'Z' ? *p + ('a' - 'A') : *p));
}

/* Reads FD: the first PRESCAN_BYTES bytes, or all of it with DETECT_UTF8.
** *BUF is malloc'ed (free it).  False on a read error or no memory. */
static bool read_input(int fd, bool all, uint8_t **buf, size_t *len)
{
    size_t cap = PRESCAN_BYTES, n = 0;
    uint8_t *p = malloc(cap);
    if (p == NULL)
        return false;
    for (;;) {
        long got = read_full(fd, p + n, cap - n);
        if (got < 0) {
            free(p);
            return false;
        }
        n += (size_t)got;
        if (n < cap || !all)
            break;
        uint8_t *q = cap > SIZE_MAX / 2 ? NULL : realloc(p, cap * 2);
        if (q == NULL) {
            free(p);
            errno = ENOMEM;
            return false;
        }
        p = q;
        cap *= 2;
    }
    *buf = p;
    *len = n;
    return true;
}

static int sniff_one(int fd, const char *name, const sniff_opts *o)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        sniff_message("%s: %s", name, strerror(EISDIR));
        return SNIFF_IO;
    }
    uint8_t *buf;
    size_t len;
    if (!read_input(fd, o->detect_utf8, &buf, &len)) {
        sniff_message("%s: %s", name, strerror(errno));
        return SNIFF_IO;
    }
    const wenc_encoding *e;
    const char *confidence = NULL;
    wenc_sniff_source source;
    if (o->xml) {
        e = wenc_xml_detect_encoding(buf, len, &source, NULL);
    } else {
        wenc_html_sniff_options so;
        memset(&so, 0, sizeof so);
        so.transport = o->transport;
        so.detect_utf8 = o->detect_utf8;
        if (o->locale != NULL) {
            so.locale = o->locale;
            so.locale_len = strlen(o->locale);
        }
        wenc_html_sniff_result r;
        wenc_html_sniff(buf, len, &so, &r);
        e = r.encoding;
        source = r.source;
        confidence = wenc_confidence_name(r.confidence);
    }
    free(buf);
    printf("%s: %s ", name, wenc_encoding_name(e));
    if (confidence != NULL)
        printf("%s ", confidence);
    print_source(source);
    putchar('\n');
    return SNIFF_OK;
}

/* Whether ARG is option NAME ("--name"), storing the value of "--name=V"
** or of the next word in *VALUE when it takes one.  Returns 1 if so, 0 if
** not, -1 if the value is missing or given to an option without one. */
static int option(int argc, char **argv, int *i, const char *name, bool wants,
                  const char **value)
{
    const char *arg = argv[*i];
    size_t len = strlen(name);
    if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, name, len) != 0)
        return 0;
    const char *rest = arg + 2 + len;
    if (*rest == '=') {
        if (!wants)
            return -1;
        *value = rest + 1;
        return 1;
    }
    if (*rest != '\0')
        return 0;
    if (!wants)
        return 1;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

int sniff_main(int argc, char **argv)
{
    sniff_opts o = {0};
    char **files = argv; /* gathered at the front, as wenc.c does */
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int m;
        if (arg[0] != '-' || arg[1] == '\0') {
            files[nfiles++] = argv[i];
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            while (++i < argc)
                files[nfiles++] = argv[i];
            break;
        }
        if ((m = option(argc, argv, &i, "html", false, &value)) != 0) {
            if (m < 0)
                return sniff_usage("option '%s' takes no value", arg);
            o.xml = false;
        } else if ((m = option(argc, argv, &i, "xml", false, &value)) != 0) {
            if (m < 0)
                return sniff_usage("option '%s' takes no value", arg);
            o.xml = true;
        } else if ((m = option(argc, argv, &i, "detect-utf8", false, &value)) != 0) {
            if (m < 0)
                return sniff_usage("option '%s' takes no value", arg);
            o.detect_utf8 = true;
        } else if ((m = option(argc, argv, &i, "transport", true, &value)) != 0) {
            if (m < 0)
                return sniff_usage("option '%s' needs a label or a Content-Type value", arg);
            if (strchr(value, '/') != NULL) {
                /* A Content-Type value: no usable charset means no
                ** transport-layer encoding, as in a browser. */
                o.transport = wenc_content_type_encoding(value, strlen(value));
            } else {
                o.transport = wenc_encoding_for_label(value, strlen(value));
                if (o.transport == NULL)
                    return sniff_usage("unknown encoding label '%s' (--transport)", value);
            }
        } else if ((m = option(argc, argv, &i, "locale", true, &value)) != 0) {
            if (m < 0)
                return sniff_usage("option '%s' needs a language tag", arg);
            o.locale = value;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(sniff_usage_text, stdout);
            return fflush(stdout) == 0 ? SNIFF_OK : SNIFF_IO;
        } else {
            return sniff_usage("unknown option '%s' for 'wenc sniff'", arg);
        }
    }
    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = SNIFF_OK;
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(files[i], O_RDONLY);
        if (fd < 0) {
            sniff_message("%s: %s", files[i], strerror(errno));
            status = SNIFF_IO;
            continue;
        }
        if (sniff_one(fd, is_stdin ? "(standard input)" : files[i], &o) != SNIFF_OK)
            status = SNIFF_IO;
        if (!is_stdin)
            close(fd);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        sniff_message("standard output: %s", strerror(errno));
        return SNIFF_IO;
    }
    return status;
}
