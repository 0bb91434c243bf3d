/* cli.c -- the shared helpers of the wenc command-line tool (cli.h):
** the buffers, messages, the buffered standard output, reading, and option
** matching. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "platform.h"  /* poll() */
#include "sniff_cmd.h" /* -f html's read-ahead */

uint8_t mid_buf[MID_SIZE];
out_buffer out_buf;
size_t out_len;

static const char *program = "wenc";

void message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---------------------------------------------------------------------------
** Output. */

/* Waits until FD is ready for EVENTS, for a descriptor inherited in
** non-blocking mode (EAGAIN).  False if poll(2) itself fails. */
bool wait_for(int fd, short events)
{
    struct pollfd p = {.fd = fd, .events = events};
    while (poll(&p, 1, -1) < 0)
        if (errno != EINTR)
            return false;
    return true;
}

static bool output_failed;

/* Writes OUT to standard output.  On failure, says why once and returns
** false; nothing is written after a failure. */
bool flush_output(void)
{
    const uint8_t *p = out_buf.b;
    size_t n = out_len;
    if (output_failed)
        return false;
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait_for(STDOUT_FILENO, POLLOUT))
                continue;
            message("standard output: %s", strerror(errno));
            output_failed = true;
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    out_len = 0;
    return true;
}

/* ---------------------------------------------------------------------------
** Input. */

ssize_t read_some(int fd, uint8_t *buf, size_t size)
{
    /* -f html read the start of the stream ahead: it comes first. */
    size_t kept = sniff_pushback_take(fd, buf, size);
    if (kept > 0)
        return (ssize_t)kept;
    for (;;) {
        ssize_t n = read(fd, buf, size);
        if (n >= 0)
            return n;
        if (errno == EINTR)
            continue;
        if ((errno != EAGAIN && errno != EWOULDBLOCK) || !wait_for(fd, POLLIN))
            return -1;
    }
}

/* ---------------------------------------------------------------------------
** Command line. */

int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'wenc --help' for more information.\n");
    va_end(ap);
    return STATUS_USAGE;
}

/* Ends a run that printed to stdout through stdio. */
int finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        message("standard output: %s", strerror(errno));
        return STATUS_IO;
    }
    return STATUS_OK;
}
/* If ARGV[*I] is option NAME (the long form "--NAME", or SHORT_NAME as
** "-x"), with a value when WANTS_VALUE, stores the value in *VALUE (which
** may be in the same word, "--name=V" or "-xV", or the next one) and
** returns 1; returns 0 if it is another option; -1 if the value is missing. */
int match_option(int argc, char **argv, int *i, const char *name, char short_name,
                 bool wants_value, const char **value)
{
    const char *arg = argv[*i];
    const char *rest = NULL;
    if (arg[1] == '-') {
        size_t len = strlen(name);
        if (strncmp(arg + 2, name, len) != 0)
            return 0;
        rest = arg + 2 + len;
        if (*rest == '=') {
            if (!wants_value)
                return -1;
            *value = rest + 1;
            return 1;
        }
        if (*rest != '\0')
            return 0;
    } else {
        if (short_name == 0 || arg[1] != short_name)
            return 0;
        rest = arg + 2;
        if (*rest != '\0') {
            if (!wants_value)
                return 0;
            *value = rest;
            return 1;
        }
    }
    if (!wants_value)
        return 1;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

bool take_operands(int argc, char **argv, int *i, char **files, int *nfiles)
{
    const char *arg = argv[*i];
    if (arg[0] != '-' || arg[1] == '\0') {
        files[(*nfiles)++] = argv[*i];
        return true;
    }
    if (strcmp(arg, "--") != 0)
        return false;
    while (++*i < argc)
        files[(*nfiles)++] = argv[*i];
    --*i;
    return true;
}

const wenc_encoding *lookup(const char *label)
{
    return wenc_encoding_for_label(label, strlen(label));
}

/* The error for a label the library knows but whose encoding this build
** left out (-Dencodings): distinct from "unknown encoding label", same exit
** status. */
int not_built_in_error(const char *label, const wenc_encoding *encoding, const char *option)
{
    return usage_error("encoding %s (label '%s', %s) is not built in: this wenc was built "
                       "without it (-Dencodings); 'wenc --list' shows what is built in",
                       wenc_encoding_name(encoding), escaped(label), option);
}
/* ---------------------------------------------------------------------------
** Output for wenc check's reports. */

/* Appends to OUT, flushing it first if needed; false on a write error. */
bool out_printf(const char *fmt, ...)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        size_t room = OUT_SIZE - out_len;
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf((char *)out_buf.b + out_len, room, fmt, ap);
        va_end(ap);
        if (n < 0)
            return false;
        if ((size_t)n < room) {
            out_len += (size_t)n;
            return true;
        }
        if (!flush_output())
            return false;
    }
    return false; /* longer than OUT: no message here is */
}

/* Makes sure OUT has ROOM bytes free; false on a write error. */
bool out_reserve(size_t room)
{
    return OUT_SIZE - out_len >= room || flush_output();
}

/* ---------------------------------------------------------------------------
** Names in messages. */

const char *escaped(const char *s)
{
    static char *ring[4];
    static size_t next;
    const uint8_t *b = (const uint8_t *)s;
    size_t n = strlen(s);
    if (n > (SIZE_MAX - 1) / 4)
        return "(name too long to show)";
    char *buf = realloc(ring[next], 4 * n + 1); /* \xHH: 4 bytes per byte */
    if (buf == NULL)
        return "(name not shown: out of memory)";
    ring[next] = buf;
    next = (next + 1) % 4;
    char *o = buf;
    for (size_t i = 0; i < n;) {
        size_t start = i;
        int32_t cp = b[i] < 0x80 ? b[i++] : wenc_utf8_decode_next(b, n, &i);
        if (cp == '\\') {
            *o++ = '\\';
            *o++ = '\\';
        } else if (cp == '\t' || cp == '\n' || cp == '\r') {
            *o++ = '\\';
            *o++ = cp == '\t' ? 't' : cp == '\n' ? 'n' : 'r';
        } else if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
            /* C0, DEL, C1, or a malformed span (cp < 0): its bytes. */
            for (size_t k = start; k < i; k++)
                o += sprintf(o, "\\x%02x", (unsigned)b[k]);
        } else {
            memcpy(o, s + start, i - start);
            o += i - start;
        }
    }
    *o = '\0';
    return buf;
}

bool out_json_string(const char *s)
{
    const uint8_t *b = (const uint8_t *)s;
    size_t n = strlen(s);
    if (!out_printf("\""))
        return false;
    for (size_t i = 0; i < n;) {
        size_t start = i;
        int32_t cp = b[i] < 0x80 ? b[i++] : wenc_utf8_decode_next(b, n, &i);
        bool ok;
        if (cp == '"' || cp == '\\')
            ok = out_printf("\\%c", (char)cp);
        else if (cp >= 0 && cp < 0x20)
            ok = out_printf("\\u%04x", (unsigned)cp);
        else if (cp < 0)
            ok = out_printf("\\ufffd");
        else
            ok = out_printf("%.*s", (int)(i - start), s + start);
        if (!ok)
            return false;
    }
    return out_printf("\"");
}

/* ---------------------------------------------------------------------------
** Lines and columns. */

void text_pos_advance_utf8(text_pos *p, const uint8_t *s, size_t n)
{
    const uint8_t *lf = NULL, *q = s, *end = s + n;
    if (n == 0)
        return;
    while ((q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
        p->line++;
        lf = q++;
    }
    if (lf != NULL) {
        p->column = 1;
        s = lf + 1;
    }
    p->column += wenc_utf8_count_code_points(s, (size_t)(end - s));
}

void text_pos_advance_utf16(text_pos *p, const uint16_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == 0x000A) {
            p->line++;
            p->column = 1;
        } else if (s[i] < 0xDC00 || s[i] > 0xDFFF) {
            /* A low surrogate ends a code point its high one counted. */
            p->column++;
        }
    }
}
