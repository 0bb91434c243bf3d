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
    bool all;  /* list every error, not just the first */
    bool json; /* --format=json: JSON objects instead of text */
    /* The window: stream bytes [base, base + len). */
    uint8_t window[CHECK_KEEP + CHUNK_SIZE];
    uint64_t base;
    size_t len;
    uint64_t fed; /* bytes given to the validator or decoder */
    uint64_t errors;
    uint64_t first_error;
    wenc_utf8_validator validator; /* UTF-8 */
    wenc_decoder decoder;          /* other encodings, fatal */
    /* The line and column of the decoded text up to stream offset
    ** `counted` (UTF-8: counted from the window's bytes when needed; other
    ** encodings: from the decoder's output, counted = fed). */
    text_pos pos;
    uint64_t counted;
} checker;


/* Shows a UTF-8 error: "NAME:LINE:COLUMN: " (GNU style, for editors and CI
** systems) then the toolkit's rendering. */
static bool show_utf8_error(const checker *c, const wenc_utf8_error *e)
{
    if (!out_reserve(CHECK_RENDER_ROOM) ||
        !out_printf("%s:%" PRIu64 ":%" PRIu64 ": ", escaped(c->name), c->pos.line, c->pos.column))
        return false;
    size_t room = OUT_SIZE - out_len;
    size_t n = wenc_utf8_render_error((char *)out_buf.b + out_len, room, c->window, c->len, c->base,
                                      e, CHECK_CONTEXT);
    if (n >= room) {
        message("%s: internal error: rendering of %zu bytes", escaped(c->name), n);
        return false;
    }
    out_len += n;
    return true;
}

/* Shows an error of another encoding in the same form, without the line of
** characters (which bytes make a character is the decoder's business, and
** around an error it may not be clear):
**
**     NAME:1:4: byte 3: malformed Shift_JIS sequence (1 byte: 81)
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

    if (!out_reserve(CHECK_RENDER_ROOM))
        return false;
    if (!out_printf("%s:%" PRIu64 ":%" PRIu64 ": byte %" PRIu64 ": malformed %s sequence (%zu byte%s",
                    escaped(c->name), c->pos.line, c->pos.column, offset,
                    wenc_encoding_name(c->encoding), length, length == 1 ? "" : "s"))
        return false;
    for (uint64_t p = first; p < last; p++)
        if (!out_printf("%s%02X", p == first ? ": " : " ", (unsigned)c->window[p - c->base]))
            return false;
    if (!out_printf(")\n "))
        return false;
    for (uint64_t p = from; p < to; p++)
        if (!out_printf(" %02X", (unsigned)c->window[p - c->base]))
            return false;
    if (!out_printf("\n%*s", (int)(2 + 3 * (first - from)), ""))
        return false;
    size_t carets = last > first ? (size_t)(3 * (last - first) - 1) : 1;
    for (size_t k = 0; k < carets; k++)
        if (!out_printf("^"))
            return false;
    return out_printf("\n");
}

/* Writes an error as one JSON object on a line of its own (wenc.1, "JSON
** OUTPUT"): KIND is the machine name, MESSAGE the text's. */
static bool show_json_error(const checker *c, uint64_t offset, size_t length, const char *kind,
                            const char *message_text)
{
    uint64_t end = c->base + c->len;
    if (!out_reserve(CHECK_RENDER_ROOM) || !out_printf("{\"type\":\"error\",\"file\":") ||
        !out_json_string(c->name) ||
        !out_printf(",\"encoding\":\"%s\",\"offset\":%" PRIu64 ",\"length\":%zu,"
                    "\"line\":%" PRIu64 ",\"column\":%" PRIu64 ",\"kind\":\"%s\","
                    "\"message\":\"%s\",\"bytes\":\"",
                    wenc_encoding_name(c->encoding), offset, length, c->pos.line, c->pos.column,
                    kind, message_text))
        return false;
    /* The span is in the window (at most CHECK_HELD bytes before what was
    ** fed); clipped like the text's, which never happens. */
    for (uint64_t p = offset < c->base ? c->base : offset; p < offset + length && p < end; p++)
        if (!out_printf("%s%02X", p == offset ? "" : " ", (unsigned)c->window[p - c->base]))
            return false;
    return out_printf("\"}\n");
}

/* Counts the window's UTF-8 bytes from c->counted up to stream offset UPTO,
** which the validator found valid. */
static void count_utf8(checker *c, uint64_t upto)
{
    if (upto > c->counted) {
        text_pos_advance_utf8(&c->pos, c->window + (c->counted - c->base),
                              (size_t)(upto - c->counted));
        c->counted = upto;
    }
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
            size_t m = MID_SIZE; /* the text is only counted */
            st = wenc_decoder_decode_to_utf8(&c->decoder, p, &k, mid_buf, &m, last);
            text_pos_advance_utf8(&c->pos, mid_buf, m);
        }
        p += k;
        n -= k;
        c->fed += k;
        if (st == WENC_INPUT_EMPTY)
            return CHECK_GO_ON;
        if (st == WENC_OUTPUT_FULL)
            continue;
        if (st != WENC_MALFORMED) {
            message("%s: internal error: %s", escaped(c->name), wenc_status_message(st));
            return CHECK_WRITE;
        }
        /* c->pos becomes the error's position: what comes before it is
        ** counted (UTF-8: valid bytes; others: the decoder wrote it). */
        bool shown;
        if (c->encoding == WENC_UTF_8) {
            count_utf8(c, e.offset);
            if (c->json) {
                char kind[32];
                const char *name = wenc_utf8_error_name(e.kind);
                size_t i = 0;
                for (; name[i] != '\0' && i < sizeof kind - 1; i++)
                    kind[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
                kind[i] = '\0';
                shown = show_json_error(c, e.offset, e.length, kind,
                                        wenc_utf8_error_message(e.kind));
            } else {
                shown = show_utf8_error(c, &e);
            }
            c->counted = e.offset + e.length;
        } else {
            e.offset = wenc_decoder_error_offset(&c->decoder);
            size_t length = wenc_decoder_error_length(&c->decoder);
            shown = c->json ? show_json_error(c, e.offset, length, "malformed",
                                              "malformed sequence")
                            : show_decoder_error(c, e.offset, length);
        }
        if (!shown)
            return CHECK_WRITE;
        /* The error is one U+FFFD when decoded: one character. */
        c->pos.column++;
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
    const char *name = escaped(c->name);
    uint64_t size = c->base + c->len;
    if (c->json)
        return out_printf("{\"type\":\"summary\",\"file\":") && out_json_string(c->name) &&
               out_printf(",\"encoding\":\"%s\",\"valid\":%s,\"errors\":%" PRIu64
                          ",\"bytes\":%" PRIu64 ",\"complete\":%s}\n",
                          enc, c->errors == 0 ? "true" : "false", c->errors, size,
                          stopped ? "false" : "true");
    if (stopped)
        return out_printf("%s: not valid %s (first error at byte %" PRIu64
                          "; --all lists every error)\n",
                          name, enc, c->first_error);
    if (c->errors == 0)
        return out_printf("%s: valid %s, %" PRIu64 " byte%s\n", name, enc, size,
                          size == 1 ? "" : "s");
    return out_printf("%s: %" PRIu64 " error%s in %" PRIu64 " byte%s (%s)\n", name, c->errors,
                      c->errors == 1 ? "" : "s", size, size == 1 ? "" : "s", enc);
}

/* Checks the stream read from FD, named NAME.  RESULT_OK: valid;
** RESULT_FATAL: errors found; RESULT_READ, RESULT_WRITE: as for convert_fd. */
static result check_fd(int fd, const char *name, const wenc_encoding *encoding, bool all,
                       bool json)
{
    static checker c; /* static: keeps the stack small; one stream at a time */
    memset(&c, 0, sizeof c);
    c.name = name;
    c.encoding = encoding;
    c.all = all;
    c.json = json;
    c.pos = TEXT_POS_START;
    wenc_utf8_validator_init(&c.validator);
    /* Bytes as they are: no BOM handling, a BOM is a character. */
    wenc_decoder_init(&c.decoder, encoding, WENC_DECODER_FATAL | WENC_DECODER_BOM_NONE);

    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!flush_output())
            return RESULT_WRITE;
        message("%s: %s", escaped(name), strerror(EISDIR));
        return RESULT_READ;
    }
    check_result r;
    for (;;) {
        /* Keep what the next errors may need, at most CHECK_KEEP bytes. */
        uint64_t keep = c.fed > c.base + CHECK_BEHIND ? c.fed - CHECK_BEHIND : c.base;
        if (encoding == WENC_UTF_8)
            count_utf8(&c, keep); /* decided bytes: errors there are counted */
        size_t drop = (size_t)(keep - c.base);
        memmove(c.window, c.window + drop, c.len - drop);
        c.base = keep;
        c.len -= drop;

        ssize_t n = read_some(fd, c.window + c.len, CHUNK_SIZE); /* c.len <= CHECK_KEEP */
        if (n < 0) {
            int err = errno;
            if (!flush_output())
                return RESULT_WRITE;
            message("%s: %s", escaped(name), strerror(err));
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

/* The options of wenc check (next_option() returns the index). */
enum { C_FROM, C_ALL, C_FORMAT, C_HELP };
static const cli_option check_options[] = {
    [C_FROM] = {"from", 'f', ARG_REQUIRED, "an encoding label"},
    [C_ALL] = {"all", 0, ARG_NONE, NULL},
    [C_FORMAT] = {"format", 0, ARG_REQUIRED, "a format: text or json"},
    [C_HELP] = {"help", 'h', ARG_NONE, NULL},
    {NULL, 0, ARG_NONE, NULL}
};

/* wenc check [-f LABEL] [--all] [FILE]...: ARGV[0] is "check". */
int check_main(int argc, char **argv, int (*help)(void))
{
    const char *from_label = "utf-8", *format = "text";
    bool all = false;
    arg_parser ap;
    arg_parser_init(&ap, argc, argv, " for 'wenc check'");
    const char *value;
    int k;
    while ((k = next_option(&ap, check_options, &value)) != OPT_DONE) {
        switch (k) {
        case OPT_ERROR:
            return STATUS_USAGE;
        case C_FROM:
            from_label = value;
            break;
        case C_ALL:
            all = true;
            break;
        case C_FORMAT:
            format = value;
            break;
        case C_HELP:
            return help();
        }
    }
    char **files = ap.files;
    int nfiles = ap.nfiles;
    const wenc_encoding *encoding = lookup(from_label);
    if (encoding == NULL)
        return usage_error("unknown encoding label '%s' (--from)", escaped(from_label));
    if (!wenc_encoding_is_built_in(encoding))
        return not_built_in_error(from_label, encoding, "--from");
    bool json = strcmp(format, "json") == 0;
    if (!json && strcmp(format, "text") != 0)
        return usage_error("unknown format '%s' (expected text or json)", escaped(format));

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
            message("%s: %s", escaped(file), strerror(errno));
            status = STATUS_IO;
            continue;
        }
        result r = check_fd(fd, is_stdin ? "(standard input)" : file, encoding, all, json);
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
