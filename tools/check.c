/* check.c -- `wenc check`: validates streams instead of converting them,
** with every error shown in context, then a summary per stream. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* ---------------------------------------------------------------------------
** wenc check: validation.
**
** The bytes pass through a window that slides over the stream: each read
** appends up to CHUNK_SIZE bytes after the last CHECK_KEEP bytes of the
** window.  UTF-8 goes through the toolkit's streaming validator (error
** kinds), other encodings through their decoder in fatal mode, continued
** past each error.  Every error is shown with CHECK_CONTEXT bytes of
** context on each side, and the window is kept large enough that the
** rendering is exactly the one the whole stream in memory would give, so
** chunk boundaries never show in the output:
**   - the last CHECK_AHEAD bytes read are not validated until more bytes
**     come (or the stream ends), so every error reported has at least
**     CHECK_CONTEXT + CHECK_MARGIN bytes after it in the window;
**   - the window keeps CHECK_BEHIND bytes before the first byte not yet
**     validated: an error starts at most CHECK_HELD bytes before it (the
**     bytes of an open sequence the validator or decoder holds), which
**     leaves CHECK_CONTEXT + CHECK_MARGIN bytes before the error.
** The margin covers what the toolkit's boundary functions look at beyond
** the context (at most 4 bytes) to cut it to whole characters. */
#define CHECK_CONTEXT 8
#define CHECK_MARGIN  8
#define CHECK_HELD    8
#define CHECK_AHEAD   (CHECK_CONTEXT + CHECK_MARGIN)
#define CHECK_BEHIND  (CHECK_HELD + CHECK_CONTEXT + CHECK_MARGIN)
#define CHECK_KEEP    (CHECK_BEHIND + CHECK_AHEAD)

/* Room in OUT that one error's rendering always fits in (with a context
** of 8 bytes it is under 1 KiB). */
#define CHECK_RENDER_ROOM 4096

/* One input stream being checked. */
typedef struct checker {
    const char *name; /* for messages */
    const wenc_encoding *encoding;
    bool all; /* list every error, not just the first */
    /* The window: stream bytes [base, base + len). */
    uint8_t window[CHECK_KEEP + CHUNK_SIZE];
    uint64_t base;
    size_t len;
    uint64_t fed; /* bytes given to the validator or decoder */
    uint64_t errors;
    uint64_t first_error;
    wenc_utf8_validator validator; /* UTF-8 */
    wenc_decoder decoder;          /* other encodings, fatal */
} checker;


/* Shows a UTF-8 error: "NAME: " then the toolkit's rendering. */
static bool show_utf8_error(const checker *c, const wenc_utf8_error *e)
{
    if (!out_reserve(CHECK_RENDER_ROOM) || !out_printf("%s: ", c->name))
        return false;
    size_t room = OUT_SIZE - out_len;
    size_t n = wenc_utf8_render_error((char *)out_buf.b + out_len, room, c->window, c->len, c->base,
                                      e, CHECK_CONTEXT);
    if (n >= room) {
        message("%s: internal error: rendering of %zu bytes", c->name, n);
        return false;
    }
    out_len += n;
    return true;
}

/* Shows an error of another encoding in the same form, without the line of
** characters (which bytes make a character is the decoder's business, and
** around an error it may not be clear):
**
**     NAME: byte 3: malformed Shift_JIS sequence (1 byte: 81)
**       61 62 63 81 20 64
**                ^^
*/
static bool show_decoder_error(const checker *c, uint64_t offset, size_t length)
{
    uint64_t end = c->base + c->len;
    uint64_t first = offset < c->base ? c->base : offset > end ? end : offset;
    uint64_t last = offset + length > end ? end : offset + length;
    if (last < first)
        last = first;
    uint64_t from = first - c->base > CHECK_CONTEXT ? first - CHECK_CONTEXT : c->base;
    uint64_t to = end - last > CHECK_CONTEXT ? last + CHECK_CONTEXT : end;
    const uint8_t *w = c->window - c->base; /* w[pos]: the byte at stream offset pos */

    if (!out_reserve(CHECK_RENDER_ROOM))
        return false;
    if (!out_printf("%s: byte %" PRIu64 ": malformed %s sequence (%zu byte%s", c->name, offset,
                    wenc_encoding_name(c->encoding), length, length == 1 ? "" : "s"))
        return false;
    for (uint64_t p = first; p < last; p++)
        if (!out_printf("%s%02X", p == first ? ": " : " ", (unsigned)w[p]))
            return false;
    if (!out_printf(")\n "))
        return false;
    for (uint64_t p = from; p < to; p++)
        if (!out_printf(" %02X", (unsigned)w[p]))
            return false;
    if (!out_printf("\n%*s", (int)(2 + 3 * (first - from)), ""))
        return false;
    size_t carets = last > first ? (size_t)(3 * (last - first) - 1) : 1;
    for (size_t k = 0; k < carets; k++)
        if (!out_printf("^"))
            return false;
    return out_printf("\n");
}

/* Results of checking: go on, stop this stream (its first error, without
** --all), or stop everything (output failed). */
typedef enum check_result { CHECK_GO_ON, CHECK_STOP, CHECK_WRITE } check_result;

/* Validates the window's bytes from c->fed up to stream offset UPTO; LAST:
** they end the stream. */
static check_result check_bytes(checker *c, uint64_t upto, bool last)
{
    const uint8_t *p = c->window + (c->fed - c->base);
    size_t n = (size_t)(upto - c->fed);
    for (;;) {
        size_t k = n;
        wenc_status st;
        wenc_utf8_error e;
        if (c->encoding == WENC_UTF_8) {
            st = wenc_utf8_validator_validate(&c->validator, p, &k, last, &e);
        } else {
            size_t m = MID_SIZE; /* the text is not kept */
            st = wenc_decoder_decode_to_utf8(&c->decoder, p, &k, mid_buf, &m, last);
        }
        p += k;
        n -= k;
        c->fed += k;
        if (st == WENC_INPUT_EMPTY)
            return CHECK_GO_ON;
        if (st == WENC_OUTPUT_FULL)
            continue;
        if (st != WENC_MALFORMED) {
            message("%s: internal error: %s", c->name, wenc_status_message(st));
            return CHECK_WRITE;
        }
        bool shown;
        if (c->encoding == WENC_UTF_8) {
            shown = show_utf8_error(c, &e);
        } else {
            e.offset = wenc_decoder_error_offset(&c->decoder);
            shown = show_decoder_error(c, e.offset, wenc_decoder_error_length(&c->decoder));
        }
        if (!shown)
            return CHECK_WRITE;
        if (c->errors++ == 0)
            c->first_error = e.offset;
        if (!c->all)
            return CHECK_STOP;
    }
}

/* The summary line of a stream checked to its end, or stopped at its first
** error. */
static bool check_summary(const checker *c, bool stopped)
{
    const char *enc = wenc_encoding_name(c->encoding);
    uint64_t size = c->base + c->len;
    if (stopped)
        return out_printf("%s: not valid %s (first error at byte %" PRIu64
                          "; --all lists every error)\n",
                          c->name, enc, c->first_error);
    if (c->errors == 0)
        return out_printf("%s: valid %s, %" PRIu64 " byte%s\n", c->name, enc, size,
                          size == 1 ? "" : "s");
    return out_printf("%s: %" PRIu64 " error%s in %" PRIu64 " byte%s (%s)\n", c->name, c->errors,
                      c->errors == 1 ? "" : "s", size, size == 1 ? "" : "s", enc);
}

/* Checks the stream read from FD, named NAME.  RESULT_OK: valid;
** RESULT_FATAL: errors found; RESULT_READ, RESULT_WRITE: as for convert_fd. */
static result check_fd(int fd, const char *name, const wenc_encoding *encoding, bool all)
{
    static checker c; /* static: keeps the stack small; one stream at a time */
    memset(&c, 0, sizeof c);
    c.name = name;
    c.encoding = encoding;
    c.all = all;
    wenc_utf8_validator_init(&c.validator);
    /* Bytes as they are: no BOM handling, a BOM is a character. */
    wenc_decoder_init(&c.decoder, encoding, WENC_DECODER_FATAL | WENC_DECODER_BOM_NONE);

    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!flush_output())
            return RESULT_WRITE;
        message("%s: %s", name, strerror(EISDIR));
        return RESULT_READ;
    }
    check_result r;
    for (;;) {
        /* Keep what the next errors may need, at most CHECK_KEEP bytes. */
        uint64_t keep = c.fed > c.base + CHECK_BEHIND ? c.fed - CHECK_BEHIND : c.base;
        size_t drop = (size_t)(keep - c.base);
        memmove(c.window, c.window + drop, c.len - drop);
        c.base = keep;
        c.len -= drop;

        ssize_t n = read_some(fd, c.window + c.len, CHUNK_SIZE); /* c.len <= CHECK_KEEP */
        if (n < 0) {
            int err = errno;
            if (!flush_output())
                return RESULT_WRITE;
            message("%s: %s", name, strerror(err));
            return RESULT_READ;
        }
        if (n == 0)
            break;
        c.len += (size_t)n;
        uint64_t end = c.base + c.len;
        if (end - c.fed > CHECK_AHEAD) {
            r = check_bytes(&c, end - CHECK_AHEAD, false);
            if (r != CHECK_GO_ON)
                goto done;
            if (!flush_output())
                return RESULT_WRITE;
        }
    }
    r = check_bytes(&c, c.base + c.len, true);
done:
    if (r == CHECK_WRITE || !check_summary(&c, r == CHECK_STOP) || !flush_output())
        return RESULT_WRITE;
    return c.errors == 0 ? RESULT_OK : RESULT_FATAL;
}

/* wenc check [-f LABEL] [--all] [FILE]...: ARGV[0] is "check". */
int check_main(int argc, char **argv)
{
    const char *from_label = "utf-8";
    bool all = false;
    char **files = argv; /* gathered at the front, as in main() */
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
        if ((m = match_option(argc, argv, &i, "from", 'f', true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs an encoding label", arg);
            from_label = value;
        } else if ((m = match_option(argc, argv, &i, "all", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '--all' takes no value");
            all = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            return finish_stdout();
        } else {
            return usage_error("unknown option '%s' for 'wenc check'", arg);
        }
    }
    const wenc_encoding *encoding = lookup(from_label);
    if (encoding == NULL)
        return usage_error("unknown encoding label '%s' (--from)", from_label);

    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = STATUS_OK;
    for (int i = 0; i < nfiles; i++) {
        const char *file = files[i];
        bool is_stdin = strcmp(file, "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY);
        if (fd < 0) {
            if (!flush_output())
                return STATUS_IO;
            message("%s: %s", file, strerror(errno));
            status = STATUS_IO;
            continue;
        }
        result r = check_fd(fd, is_stdin ? "(standard input)" : file, encoding, all);
        if (!is_stdin)
            close(fd);
        if (r == RESULT_WRITE)
            return STATUS_IO;
        if (r == RESULT_READ)
            status = STATUS_IO;
        else if (r == RESULT_FATAL && status == STATUS_OK)
            status = STATUS_FATAL;
    }
    return status;
}
