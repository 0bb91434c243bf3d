/* cli.c -- the shared helpers of the wenc command-line tool (cli.h):
** the buffers, messages, the buffered output (standard output, or -o's
** file written beside its target and renamed over it), reading, and the
** option parser. */
#define _XOPEN_SOURCE 700 /* mkstemp */
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "platform.h"  /* poll(), -o's file operations */

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

/* Where OUT goes: standard output, or -o FILE (output_to_file()). */
static int out_fd = STDOUT_FILENO;
static const char *out_path;   /* -o FILE as given, for messages      */
static char *out_target;       /* the file to replace (links followed) */
static char *out_tmp;          /* its temporary sibling, while it exists */
static bool out_existed;       /* whether there was a file to replace  */

/* The reader of standard output went away (EPIPE): stop as cat(1) and
** iconv(1) do, quietly, killed by SIGPIPE (the shell's status 141), which
** tells a pipeline the output was cut short.  wenc ignores SIGPIPE so that
** a write reports EPIPE first (and -o's temporary file, which is never
** standard output, is never left behind by it). */
_Noreturn static void output_pipe_closed(void)
{
#ifdef SIGPIPE
    signal(SIGPIPE, SIG_DFL);
    raise(SIGPIPE);
#endif
    _exit(STATUS_PIPE);
}

/* Says that writing the output failed with ERR. */
static void output_error(int err)
{
    if (out_path == NULL && err == EPIPE)
        output_pipe_closed();
    if (out_path == NULL)
        message("standard output: %s", strerror(err));
    else
        message("%s: %s", escaped(out_path), strerror(err));
}

/* Writes OUT to the output.  On failure, says why once and returns false;
** nothing is written after a failure. */
bool flush_output(void)
{
    const uint8_t *p = out_buf.b;
    size_t n = out_len;
    if (output_failed)
        return false;
    while (n > 0) {
        ssize_t w = write(out_fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait_for(out_fd, POLLOUT))
                continue;
            output_error(errno);
            output_failed = true;
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    out_len = 0;
    return true;
}

/* A signal that ends the run while -o's temporary file exists removes it
** first (unlink(2) is async-signal-safe), then ends the run as it would. */
static void remove_tmp_and_die(int sig)
{
    if (out_tmp != NULL)
        unlink(out_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Has SIG remove the temporary file, unless it is ignored (nohup, a
** background job): then it stays ignored. */
static void catch_signal(int sig)
{
    if (signal(sig, remove_tmp_and_die) == SIG_IGN)
        signal(sig, SIG_IGN);
}

bool output_to_file(const char *path)
{
    struct stat st;
    mode_t mode;
    out_path = path;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            message("%s: %s", escaped(path), strerror(EISDIR));
            return false;
        }
        if (!S_ISREG(st.st_mode)) {
            /* A device or a FIFO (/dev/null, a named pipe): nothing there
            ** can be left half-written, and it must not be replaced. */
            out_fd = open(path, O_WRONLY);
            if (out_fd < 0) {
                message("%s: %s", escaped(path), strerror(errno));
                return false;
            }
            return true;
        }
        /* Through a symbolic link, the file it names is replaced (the link
        ** stays), with the mode it had. */
        out_target = platform_realpath(path);
        mode = st.st_mode & 07777;
        out_existed = true;
    } else {
        out_target = malloc(strlen(path) + 1);
        if (out_target != NULL)
            strcpy(out_target, path);
        mode = umask(0);
        umask(mode);
        mode = 0666 & ~mode;
    }
    if (out_target == NULL) {
        message("%s: %s", escaped(path), strerror(errno));
        return false;
    }
    /* Beside the file, so that rename(2) replaces it in one step. */
    static const char suffix[] = ".wenc-XXXXXX";
    out_tmp = malloc(strlen(out_target) + sizeof suffix);
    if (out_tmp == NULL) {
        message("%s: %s", escaped(path), strerror(ENOMEM));
        return false;
    }
    strcpy(out_tmp, out_target);
    strcat(out_tmp, suffix);
    catch_signal(SIGINT);
    catch_signal(SIGTERM);
#ifdef SIGHUP
    catch_signal(SIGHUP);
#endif
    out_fd = mkstemp(out_tmp);
    if (out_fd < 0) {
        int err = errno;
        free(out_tmp);
        out_tmp = NULL;
        message("%s: cannot create a file in its folder: %s", escaped(path), strerror(err));
        return false;
    }
    if (platform_fchmod(out_fd, (unsigned)mode) != 0) {
        message("%s: %s", escaped(path), strerror(errno));
        output_discard();
        return false;
    }
    return true;
}

bool output_commit(void)
{
    if (out_fd == STDOUT_FILENO)
        return true;
    if (close(out_fd) != 0) {
        output_error(errno);
        output_discard();
        return false;
    }
    out_fd = -1;
    if (out_tmp != NULL && platform_replace(out_tmp, out_target) != 0) {
        output_error(errno);
        output_discard();
        return false;
    }
    free(out_tmp);
    out_tmp = NULL;
    return true;
}

void output_discard(void)
{
    if (out_fd >= 0 && out_fd != STDOUT_FILENO)
        close(out_fd);
    out_fd = -1;
    if (out_tmp == NULL)
        return;
    unlink(out_tmp);
    free(out_tmp);
    out_tmp = NULL;
    message("%s: %s", escaped(out_path),
            out_existed ? "left unchanged: the conversion did not complete"
                        : "not written: the conversion did not complete");
}

/* ---------------------------------------------------------------------------
** Input. */

/* What read_ahead() read and read_some() has not yet given back. */
static struct {
    int fd;
    uint8_t buf[READ_AHEAD_MAX];
    size_t len, pos;
} ahead = {-1, {0}, 0, 0};

ssize_t read_some(int fd, uint8_t *buf, size_t size)
{
    /* The bytes read ahead come first. */
    if (fd == ahead.fd && ahead.pos < ahead.len) {
        size_t n = ahead.len - ahead.pos;
        if (n > size)
            n = size;
        memcpy(buf, ahead.buf + ahead.pos, n);
        ahead.pos += n;
        if (ahead.pos == ahead.len)
            ahead.fd = -1;
        return (ssize_t)n;
    }
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

long read_full(int fd, uint8_t *buf, size_t size)
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

long read_ahead(int fd, size_t size, const uint8_t **bytes)
{
    ahead.fd = -1;
    ahead.len = ahead.pos = 0;
    *bytes = ahead.buf;
    long n = read_full(fd, ahead.buf, size < READ_AHEAD_MAX ? size : READ_AHEAD_MAX);
    if (n < 0)
        return -1;
    ahead.fd = fd;
    ahead.len = (size_t)n;
    return n;
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
        output_error(errno);
        return STATUS_IO;
    }
    return STATUS_OK;
}
void arg_parser_init(arg_parser *p, int argc, char **argv, const char *command)
{
    memset(p, 0, sizeof *p);
    p->argc = argc;
    p->argv = argv;
    p->files = argv;
    p->command = command;
}

/* A long option, "--NAME" or "--NAME=VALUE", where NAME may be any prefix of
** one option's name (GNU getopt_long): an exact match wins, several
** matches are an error that lists them. */
static int long_option(arg_parser *p, const cli_option *table, const char **value)
{
    const char *arg = p->argv[p->i], *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
    int found = -1, matches = 0;
    for (int k = 0; len > 0 && table[k].name != NULL; k++) {
        if (strncmp(table[k].name, name, len) != 0)
            continue;
        found = k;
        if (table[k].name[len] == '\0') {
            matches = 1;
            break;
        }
        matches++;
    }
    if (matches == 0) {
        usage_error("unknown option '%s'%s", escaped(arg), p->command);
        return OPT_ERROR;
    }
    if (matches > 1) {
        char list[512] = "";
        size_t n = 0;
        for (int k = 0; table[k].name != NULL && n < sizeof list; k++)
            if (strncmp(table[k].name, name, len) == 0)
                n += (size_t)snprintf(list + n, sizeof list - n, " '--%s'", table[k].name);
        usage_error("option '%s' is ambiguous%s; possibilities:%s", escaped(arg), p->command,
                    list);
        return OPT_ERROR;
    }
    const cli_option *o = &table[found];
    if (eq != NULL) {
        if (o->arg == ARG_NONE) {
            usage_error("option '--%s' takes no value", o->name);
            return OPT_ERROR;
        }
        *value = eq + 1;
    } else if (o->arg == ARG_REQUIRED) {
        if (p->i + 1 >= p->argc) {
            usage_error("option '--%s' needs %s", o->name, o->needs);
            return OPT_ERROR;
        }
        *value = p->argv[++p->i];
    }
    return found;
}

/* The next short option of a group ("-c", "-cl", "-fLABEL", "-cf LABEL"):
** one that takes a value takes the rest of the word, else the next word. */
static int short_option(arg_parser *p, const cli_option *table, const char **value)
{
    char c = *p->cluster++;
    int k = 0;
    while (table[k].name != NULL && table[k].short_name != c)
        k++;
    const cli_option *o = &table[k];
    char word[3] = {'-', c, '\0'};
    if (o->name == NULL) {
        p->cluster = NULL;
        usage_error("unknown option '%s'%s", escaped(word), p->command);
        return OPT_ERROR;
    }
    if (o->arg == ARG_NONE) {
        if (*p->cluster == '\0')
            p->cluster = NULL;
        return k;
    }
    if (*p->cluster != '\0') {
        *value = p->cluster;
    } else if (o->arg == ARG_REQUIRED) {
        if (p->i + 1 >= p->argc) {
            p->cluster = NULL;
            usage_error("option '%s' needs %s", word, o->needs);
            return OPT_ERROR;
        }
        *value = p->argv[++p->i];
    }
    p->cluster = NULL;
    return k;
}

int next_option(arg_parser *p, const cli_option *table, const char **value)
{
    *value = NULL;
    if (p->cluster != NULL)
        return short_option(p, table, value);
    for (;;) {
        if (p->i + 1 >= p->argc) {
            p->i = p->argc;
            return OPT_DONE;
        }
        const char *arg = p->argv[++p->i];
        if (arg[0] != '-' || arg[1] == '\0') {
            /* An operand ("-" is standard input). */
            p->files[p->nfiles++] = p->argv[p->i];
        } else if (strcmp(arg, "--") == 0) {
            while (++p->i < p->argc)
                p->files[p->nfiles++] = p->argv[p->i];
            return OPT_DONE;
        } else if (arg[1] == '-') {
            return long_option(p, table, value);
        } else {
            p->cluster = arg + 1;
            return short_option(p, table, value);
        }
    }
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
