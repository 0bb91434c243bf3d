/* sniff_cmd.c -- `wenc sniff`, which prints how an HTML parser (the HTML
** Standard's encoding sniffing algorithm) or an XML processor would decide
** each FILE's encoding, and `-f html`, which converts a document from the
** encoding the sniffing algorithm chooses (wenc/sniff.h).  wenc.c
** dispatches to both; tools/wenc.1 documents them. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include "sniff_cmd.h"

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The prescan's end condition: the standard's suggested 1024 bytes. */
#define PRESCAN_BYTES 1024

const char sniff_usage_text[] = SNIFF_USAGE_TEXT;

/* Reads from FD into BUF until SIZE bytes or the end.  Returns the count, or
** -1 on a read error (errno set). */
static long read_full(int fd, uint8_t *buf, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ssize_t n = read_some(fd, buf + got, size - got);
        if (n < 0)
            return -1;
        if (n == 0)
            break;
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
        message("%s: %s", escaped(name), strerror(EISDIR));
        return STATUS_IO;
    }
    uint8_t *buf;
    size_t len;
    if (!read_input(fd, o->detect_utf8, &buf, &len)) {
        message("%s: %s", escaped(name), strerror(errno));
        return STATUS_IO;
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
    printf("%s: %s ", escaped(name), wenc_encoding_name(e));
    if (confidence != NULL)
        printf("%s ", confidence);
    print_source(source);
    putchar('\n');
    return STATUS_OK;
}

int sniff_main(int argc, char **argv)
{
    sniff_opts o = {0};
    char **files = argv; /* gathered at the front, as wenc.c does */
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (take_operands(argc, argv, &i, files, &nfiles))
            continue;
        const char *arg = argv[i], *value = NULL;
        int m;
        if ((m = match_option(argc, argv, &i, "html", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' takes no value", escaped(arg));
            o.xml = false;
        } else if ((m = match_option(argc, argv, &i, "xml", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' takes no value", escaped(arg));
            o.xml = true;
        } else if ((m = match_option(argc, argv, &i, "detect-utf8", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' takes no value", escaped(arg));
            o.detect_utf8 = true;
        } else if ((m = match_option(argc, argv, &i, "transport", 0, true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs a label or a Content-Type value", escaped(arg));
            if (strchr(value, '/') != NULL) {
                /* A Content-Type value: no usable charset means no
                ** transport-layer encoding, as in a browser. */
                o.transport = wenc_content_type_encoding(value, strlen(value));
            } else {
                o.transport = wenc_encoding_for_label(value, strlen(value));
                if (o.transport == NULL)
                    return usage_error("unknown encoding label '%s' (--transport)", escaped(value));
            }
        } else if ((m = match_option(argc, argv, &i, "locale", 0, true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs a language tag", escaped(arg));
            o.locale = value;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(sniff_usage_text, stdout);
            return finish_stdout();
        } else {
            return usage_error("unknown option '%s' for 'wenc sniff'", escaped(arg));
        }
    }
    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = STATUS_OK;
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(files[i], O_RDONLY);
        if (fd < 0) {
            message("%s: %s", escaped(files[i]), strerror(errno));
            status = STATUS_IO;
            continue;
        }
        if (sniff_one(fd, is_stdin ? "(standard input)" : files[i], &o) != STATUS_OK)
            status = STATUS_IO;
        if (!is_stdin)
            close(fd);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        message("standard output: %s", strerror(errno));
        return STATUS_IO;
    }
    return status;
}
