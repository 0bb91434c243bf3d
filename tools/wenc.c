/* wenc.c -- the wenc command-line tool: converts files between the encodings
** of the WHATWG Encoding Standard through the library's streaming decoder and
** encoder, in fixed-size buffers (constant memory whatever the input size).
** tools/wenc.1 is its manual; tests/cli/ holds its integration tests.
**
** The pipeline, per input stream: read(2) a chunk -> wenc_decoder_decode_to_utf8
** into MID -> wenc_encoder_encode_from_utf8 into OUT -> write(2).  When the
** target is UTF-8 the decoder writes straight into OUT: its output is always
** well-formed UTF-8, which the UTF-8 encoder would copy unchanged.  UTF-16BE
** and UTF-16LE output (beyond the standard, which has no encoder for them) is
** wenc_decoder_decode_to_utf16 with the code units serialized in the asked
** byte order.
**
** `wenc check` validates instead of converting: the UTF-8 toolkit's
** streaming validator, or another encoding's decoder in fatal mode, with
** every error shown in context (section "wenc check" below). */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wenc/wenc.h"

#include "sniff_cmd.h" /* wenc sniff, -f html */

/* Exit statuses (documented in --help and wenc.1). */
enum {
    STATUS_OK = 0,
    STATUS_FATAL = 1, /* malformed input or unmappable character, --fatal;
                      ** wenc check: a FILE is not valid                 */
    STATUS_USAGE = 2, /* bad option or unknown label                      */
    STATUS_IO = 3     /* a file could not be read, or output not written  */
};

/* Buffer sizes.  MID holds the UTF-8 decoded from one chunk in one call
** (at most 3 bytes per input byte, plus what the decoder holds); OUT is
** written out whenever it fills and after every chunk. */
#define CHUNK_SIZE (64 * 1024)
#define MID_SIZE (3 * CHUNK_SIZE + 64)
#define OUT_SIZE (128 * 1024)

/* --fatal with an encoder: how many bytes at the end of each chunk are
** decoded one at a time to find a position where the decoder holds nothing
** (see struct stream), and how many bytes before the current chunk are kept
** to re-read from there.  In a stream without errors no decoder of the
** standard holds more than 3 bytes before it completes a code point or an
** escape sequence, so these bounds are generous. */
#define TAIL_BYTES 8
#define HISTORY_SIZE 64

static uint8_t in_buf[CHUNK_SIZE];
static uint8_t mid_buf[MID_SIZE];
/* uint16_t units for UTF-16 output, bytes otherwise. */
static union {
    uint8_t b[OUT_SIZE];
    uint16_t u[OUT_SIZE / 2];
} out_buf;
static size_t out_len;

/* What the output is made with. */
typedef enum output_kind {
    OUTPUT_ENCODER, /* the standard's encoder for the target  */
    OUTPUT_UTF8,    /* the decoder's UTF-8 as it is            */
    OUTPUT_UTF16LE, /* extension: UTF-16 code units, LE        */
    OUTPUT_UTF16BE  /* extension: UTF-16 code units, BE        */
} output_kind;

typedef struct options {
    const wenc_encoding *from;
    const wenc_encoding *to;
    unsigned decoder_flags;
    unsigned encoder_flags;
    output_kind output;
} options;

/* One input stream (a FILE operand or standard input). */
typedef struct stream {
    const char *name; /* for messages */
    wenc_decoder dec;
    wenc_encoder enc;
    const options *opt;
    /* The chunk being converted and its offset in the stream. */
    const uint8_t *chunk;
    size_t chunk_len;
    uint64_t chunk_base;
    /* The last bytes before the chunk (history[history_len - 1] is at
    ** chunk_base - 1), for messages and to re-decode from a mark. */
    uint8_t history[HISTORY_SIZE];
    size_t history_len;
    /* The first bytes of the stream: whether they are a BOM. */
    uint8_t head[3];
    size_t head_len;
    /* UTF-8 bytes the decoder has written so far (the encoder's input
    ** offsets), and the offset of mid_buf[0]. */
    uint64_t decoded;
    uint64_t mid_base;
    /* --fatal with an encoder: a copy of the decoder at a position where it
    ** held nothing (mark_pos bytes read, mark_decoded UTF-8 bytes written).
    ** An unmappable character's source offset is found by decoding again
    ** from there, one byte at a time (source_offset()). */
    bool track;
    wenc_decoder mark;
    uint64_t mark_pos;
    uint64_t mark_decoded;
} stream;

/* Results of the conversion steps. */
typedef enum result {
    RESULT_OK,
    RESULT_FATAL,      /* --fatal stopped: exit 1, stop everything        */
    RESULT_WRITE,      /* output failed: exit 3, stop everything          */
    RESULT_READ        /* this input failed: exit 3 later, go on          */
} result;

static const char *program = "wenc";

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static void message(const char *fmt, ...) PRINTF_LIKE(1, 2);

static void message(const char *fmt, ...)
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
static bool wait_for(int fd, short events)
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
static bool flush_output(void)
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
** Messages for --fatal. */

/* The byte at stream offset POS, which lies in the current chunk or in the
** history before it; -1 if it is no longer kept. */
static int byte_at(const stream *s, uint64_t pos)
{
    if (pos >= s->chunk_base) {
        uint64_t i = pos - s->chunk_base;
        return i < s->chunk_len ? s->chunk[i] : -1;
    }
    uint64_t back = s->chunk_base - pos;
    return back <= s->history_len ? s->history[s->history_len - back] : -1;
}

static void report_malformed(const stream *s)
{
    uint64_t offset = wenc_decoder_error_offset(&s->dec);
    size_t length = wenc_decoder_error_length(&s->dec);
    char hex[3 * 8 + 8] = "";
    size_t h = 0;
    for (size_t i = 0; i < length && i < 8; i++) {
        int b = byte_at(s, offset + i);
        if (b < 0)
            break;
        h += (size_t)snprintf(hex + h, sizeof hex - h, " %02X", (unsigned)b);
    }
    if (length > 8)
        snprintf(hex + h, sizeof hex - h, " ...");
    message("%s: malformed input at byte %" PRIu64 " (%zu byte%s:%s) in %s", s->name, offset,
            length, length == 1 ? "" : "s", hex,
            wenc_encoding_name(wenc_decoder_encoding(&s->dec)));
}

/* Whether the stream starts with a BOM that sniffing consumes. */
static bool bom_sniffed(const stream *s)
{
    const uint8_t *b = s->head;
    if (!(s->opt->decoder_flags & WENC_DECODER_BOM_SNIFF))
        return false;
    return (s->head_len >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) ||
           (s->head_len >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)));
}

/* Ends a copy of decoder D's stream; true if that gives no error.  *EXTRA
** is the number of UTF-8 bytes the flush writes. */
static bool flushes_cleanly(const wenc_decoder *d, size_t *extra)
{
    wenc_decoder f = *d; /* a decoder may be copied to fork its state */
    uint8_t tmp[64];
    size_t none = 0, m = sizeof tmp;
    wenc_status st = wenc_decoder_decode_to_utf8(&f, NULL, &none, tmp, &m, true);
    *extra = m;
    return st == WENC_INPUT_EMPTY;
}

/* The stream offset of the first byte of the bytes that decoded to the code
** point starting at TARGET in the decoded UTF-8.  That is the largest
** position P such that the stream's first P bytes, ended there, decode
** without error to at most TARGET bytes of the same text: every byte from P
** on belongs to that code point (or to a BOM or escape sequence before it,
** which end at an earlier such P).  Decoding one byte at a time from the
** mark finds it.  False if the bytes from the mark are no longer kept
** (which an error-free stream never causes, see TAIL_BYTES). */
static bool source_offset(const stream *s, uint64_t target, uint64_t *offset)
{
    uint64_t end = wenc_decoder_position(&s->dec);
    uint64_t p = s->mark_pos, produced = s->mark_decoded, best = p;
    wenc_decoder d = s->mark;
    bool bom = bom_sniffed(s);
    if (produced > target || byte_at(s, p) < 0)
        return false;
    for (; p < end; ) {
        uint8_t b = (uint8_t)byte_at(s, p), tmp[64];
        size_t k = 1, m = sizeof tmp, extra;
        if (wenc_decoder_decode_to_utf8(&d, &b, &k, tmp, &m, false) != WENC_INPUT_EMPTY)
            return false;
        produced += m;
        p++;
        if (produced > target) {
            *offset = best;
            return true;
        }
        /* Held bytes a flush decodes are the text's own only while BOM
        ** sniffing is undecided and no BOM follows. */
        if (flushes_cleanly(&d, &extra) && produced + extra <= target &&
            (extra == 0 || (p < 3 && !bom)))
            best = p;
    }
    /* The code point came out of the final flush (a stream of one or two
    ** bytes held for BOM sniffing). */
    size_t extra;
    if (flushes_cleanly(&d, &extra) && produced + extra > target) {
        *offset = best;
        return true;
    }
    return false;
}

/* Reads the code point at P (well-formed UTF-8, as decoders write). */
static uint32_t utf8_code_point(const uint8_t *p)
{
    if (p[0] < 0x80)
        return p[0];
    if (p[0] < 0xE0)
        return (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
    if (p[0] < 0xF0)
        return (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
    return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3F) << 12 |
           (uint32_t)(p[2] & 0x3F) << 6 | (p[3] & 0x3F);
}

static void report_unmappable(const stream *s)
{
    uint64_t target = wenc_encoder_error_offset(&s->enc);
    /* The character as it is in the text: the encoder reports U+FFFD for
    ** ISO-2022-JP's U+000E, U+000F and U+001B, as the standard says, but
    ** the user wants to find the character that is there. */
    uint32_t cp = wenc_encoder_error_code_point(&s->enc);
    if (target >= s->mid_base && target - s->mid_base < MID_SIZE)
        cp = utf8_code_point(mid_buf + (target - s->mid_base));
    const char *to = wenc_encoding_name(s->opt->to);
    uint64_t offset;
    if (source_offset(s, target, &offset))
        message("%s: U+%04" PRIX32 " at byte %" PRIu64 " cannot be encoded in %s", s->name, cp,
                offset, to);
    else
        message("%s: U+%04" PRIX32 " at byte %" PRIu64
                " of the decoded UTF-8 text (source offset unknown) cannot be encoded in %s",
                s->name, cp, target, to);
}

/* ---------------------------------------------------------------------------
** Conversion. */

/* Encodes N bytes of decoded UTF-8 at P (mid_buf) into OUT. */
static result encode_utf8(stream *s, const uint8_t *p, size_t n, bool last)
{
    for (;;) {
        size_t k = n, room = OUT_SIZE - out_len;
        wenc_status st =
            wenc_encoder_encode_from_utf8(&s->enc, p, &k, out_buf.b + out_len, &room, last);
        out_len += room;
        p += k;
        n -= k;
        switch (st) {
        case WENC_INPUT_EMPTY:
            return RESULT_OK;
        case WENC_OUTPUT_FULL:
            if (!flush_output())
                return RESULT_WRITE;
            break;
        case WENC_UNMAPPABLE:
            /* The output holds everything before the character. */
            if (!flush_output())
                return RESULT_WRITE;
            report_unmappable(s);
            return RESULT_FATAL;
        default:
            message("%s: internal error: %s", s->name, wenc_status_message(st));
            return RESULT_FATAL;
        }
    }
}

/* Serializes the N UTF-16 units just decoded at out_buf.u[out_len / 2] in
** the asked byte order. */
static void order_utf16(size_t n, output_kind kind)
{
    static const uint16_t one = 1;
    bool host_le = *(const uint8_t *)&one == 1;
    if (host_le == (kind == OUTPUT_UTF16LE))
        return;
    uint16_t *u = out_buf.u + out_len / 2;
    for (size_t i = 0; i < n; i++)
        u[i] = (uint16_t)(u[i] << 8 | u[i] >> 8);
}

/* Decodes N bytes at SRC (LAST: they end the stream) and writes the text
** into OUT in the output form. */
static result convert(stream *s, const uint8_t *src, size_t n, bool last)
{
    output_kind kind = s->opt->output;
    for (;;) {
        size_t k = n, m;
        wenc_status st;
        result r = RESULT_OK;
        if (kind == OUTPUT_ENCODER) {
            m = MID_SIZE;
            st = wenc_decoder_decode_to_utf8(&s->dec, src, &k, mid_buf, &m, last);
            s->mid_base = s->decoded;
            s->decoded += m;
            /* After malformed input: convert what came before it, and end
            ** the output cleanly (ISO-2022-JP back to ASCII). */
            r = encode_utf8(s, mid_buf, m, st == WENC_MALFORMED || (last && st == WENC_INPUT_EMPTY));
        } else if (kind == OUTPUT_UTF8) {
            m = OUT_SIZE - out_len;
            st = wenc_decoder_decode_to_utf8(&s->dec, src, &k, out_buf.b + out_len, &m, last);
            out_len += m;
        } else {
            m = (OUT_SIZE - out_len) / 2;
            st = wenc_decoder_decode_to_utf16(&s->dec, src, &k, out_buf.u + out_len / 2, &m, last);
            order_utf16(m, kind);
            out_len += 2 * m;
        }
        if (k != 0) /* SRC may be NULL (the final flush): no NULL + 0 */
            src += k;
        n -= k;
        if (r != RESULT_OK)
            return r;
        switch (st) {
        case WENC_INPUT_EMPTY:
            return RESULT_OK;
        case WENC_OUTPUT_FULL:
            if (kind != OUTPUT_ENCODER && !flush_output())
                return RESULT_WRITE;
            break;
        case WENC_MALFORMED:
            if (!flush_output())
                return RESULT_WRITE;
            report_malformed(s);
            return RESULT_FATAL;
        default:
            message("%s: internal error: %s", s->name, wenc_status_message(st));
            return RESULT_FATAL;
        }
    }
}

/* Whether decoder D holds nothing: ending the stream here would neither
** fail nor write anything. */
static bool decoder_idle(const wenc_decoder *d)
{
    size_t extra;
    return flushes_cleanly(d, &extra) && extra == 0;
}

/* Converts a chunk that does not end the stream.  With marks to keep, the
** last bytes go one at a time, and the mark moves to the last position
** after them where the decoder holds nothing. */
static result convert_chunk(stream *s, const uint8_t *src, size_t n)
{
    if (!s->track)
        return convert(s, src, n, false);
    size_t bulk = n > TAIL_BYTES ? n - TAIL_BYTES : 0;
    result r = convert(s, src, bulk, false);
    for (size_t i = bulk; r == RESULT_OK && i < n; i++) {
        r = convert(s, src + i, 1, false);
        if (r == RESULT_OK && decoder_idle(&s->dec)) {
            s->mark = s->dec;
            s->mark_pos = wenc_decoder_position(&s->dec);
            s->mark_decoded = s->decoded;
        }
    }
    return r;
}

/* Remembers the chunk's last bytes before the next chunk replaces it. */
static void keep_history(stream *s)
{
    const uint8_t *p = s->chunk;
    size_t n = s->chunk_len;
    if (n >= HISTORY_SIZE) {
        memcpy(s->history, p + n - HISTORY_SIZE, HISTORY_SIZE);
        s->history_len = HISTORY_SIZE;
    } else {
        size_t keep = s->history_len + n > HISTORY_SIZE ? HISTORY_SIZE - n : s->history_len;
        memmove(s->history, s->history + s->history_len - keep, keep);
        memcpy(s->history + keep, p, n);
        s->history_len = keep + n;
    }
    s->chunk_base += n;
    s->chunk_len = 0;
}

static ssize_t read_some(int fd, uint8_t *buf, size_t size)
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

/* Converts the stream read from FD, named NAME in messages. */
static result convert_fd(int fd, const char *name, const options *opt)
{
    static stream s; /* static: keeps the stack small; one stream at a time */
    memset(&s, 0, sizeof s);
    s.name = name;
    s.opt = opt;
    wenc_decoder_init(&s.dec, opt->from, opt->decoder_flags);
    if (opt->output == OUTPUT_ENCODER)
        wenc_encoder_init(&s.enc, opt->to, opt->encoder_flags);
    s.track = opt->output == OUTPUT_ENCODER && !(opt->encoder_flags & WENC_ENCODER_HTML);
    s.mark = s.dec;

    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        message("%s: %s", name, strerror(EISDIR));
        return RESULT_READ;
    }
    for (;;) {
        ssize_t n = read_some(fd, in_buf, sizeof in_buf);
        if (n < 0) {
            int err = errno;
            /* Give up this stream, but end the output cleanly. */
            if (!flush_output())
                return RESULT_WRITE;
            message("%s: %s", name, strerror(err));
            if (opt->output == OUTPUT_ENCODER && encode_utf8(&s, NULL, 0, true) != RESULT_OK)
                return RESULT_WRITE;
            return flush_output() ? RESULT_READ : RESULT_WRITE;
        }
        if (n == 0)
            break;
        s.chunk = in_buf;
        s.chunk_len = (size_t)n;
        for (size_t i = 0; s.head_len < sizeof s.head && i < (size_t)n; i++)
            s.head[s.head_len++] = in_buf[i];
        result r = convert_chunk(&s, in_buf, (size_t)n);
        if (r != RESULT_OK)
            return r;
        keep_history(&s);
        if (!flush_output())
            return RESULT_WRITE;
    }
    result r = convert(&s, NULL, 0, true);
    if (r != RESULT_OK)
        return r;
    return flush_output() ? RESULT_OK : RESULT_WRITE;
}

/* ---------------------------------------------------------------------------
** Command line. */

static const char usage_text[] =
    "Usage: wenc [OPTION]... [FILE]...\n"
    "  or:  wenc check [-f LABEL] [--all] [FILE]...\n"
    "  or:  wenc sniff [--html|--xml] [--transport=T] [--locale=TAG] [FILE]...\n"
    "Convert FILEs (standard input when none, or for '-') from one encoding of\n"
    "the WHATWG Encoding Standard to another, exactly as browsers do, and write\n"
    "the result to standard output.  Each FILE is a stream of its own.\n"
    "\n"
    "  -f, --from=LABEL     source encoding label (default: utf-8), or html:\n"
    "                         the encoding an HTML parser would choose\n"
    "  -t, --to=LABEL       target encoding label (default: utf-8)\n"
    "      --bom=MODE       sniff (default): a UTF-8 or UTF-16 BOM at the start\n"
    "                         overrides --from, and is removed;\n"
    "                       strip: only a BOM of the source encoding (UTF-8,\n"
    "                         UTF-16BE/LE) is removed;\n"
    "                       keep: no BOM handling, a BOM is decoded as text\n"
    "      --fatal          stop at the first malformed input or unmappable\n"
    "                         character, with its byte offset (exit status 1)\n"
    "      --html           write unmappable characters as &#N; (the default);\n"
    "                         with --fatal, stop only at malformed input\n"
    "      --list           list every encoding with its labels\n"
    "  -h, --help           show this help\n"
    "      --version        show the version\n"
    "\n"
    "Without --fatal, malformed input decodes to U+FFFD.  LABEL is any label of\n"
    "the standard, matched as the standard says (ASCII case-insensitive, spaces\n"
    "around it ignored): 'wenc --list' shows them.\n"
    "\n"
    "The standard has no encoder for replacement, UTF-16BE and UTF-16LE.  As an\n"
    "extension beyond the standard, '-t utf-16le' and '-t utf-16be' (and their\n"
    "other labels, such as utf-16) write the text as UTF-16 code units in that\n"
    "byte order, without adding a BOM.  '-t replacement' is an error.\n"
    "\n"
    "'wenc check' validates FILEs instead: it writes each malformed sequence to\n"
    "standard output with its byte offset, its bytes and the bytes around it\n"
    "(UTF-8 errors also as characters, and named: invalid byte, overlong\n"
    "encoding, surrogate, ...), then a summary line per FILE.  It checks the\n"
    "bytes as they are: a BOM is no special case (in UTF-8, EF BB BF is the\n"
    "valid character U+FEFF), and it never changes the encoding.\n"
    "\n"
    "  -f, --from=LABEL     the encoding to check (default: utf-8)\n"
    "      --all            list every error (default: stop at the first of each\n"
    "                         FILE)\n"
    "\n"
    SNIFF_USAGE_TEXT
    "\n"
    "Exit status: 0 success; 1 malformed input or unmappable character with\n"
    "--fatal, or a FILE not valid for check; 2 usage error or unknown label;\n"
    "3 a FILE could not be read or the output could not be written.\n";

static int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);

static int usage_error(const char *fmt, ...)
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
static int finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        message("standard output: %s", strerror(errno));
        return STATUS_IO;
    }
    return STATUS_OK;
}

static int list_encodings(void)
{
    const wenc_encoding *e;
    for (size_t i = 0; (e = wenc_encoding_at(i)) != NULL; i++) {
        const char *label;
        printf("%-15s", wenc_encoding_name(e));
        for (size_t j = 0; (label = wenc_encoding_label(e, j)) != NULL; j++)
            printf(" %s", label);
        putchar('\n');
    }
    return finish_stdout();
}

/* If ARGV[*I] is option NAME (the long form "--NAME", or SHORT_NAME as
** "-x"), with a value when WANTS_VALUE, stores the value in *VALUE (which
** may be in the same word, "--name=V" or "-xV", or the next one) and
** returns 1; returns 0 if it is another option; -1 if the value is missing. */
static int match_option(int argc, char **argv, int *i, const char *name, char short_name,
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

static const wenc_encoding *lookup(const char *label)
{
    return wenc_encoding_for_label(label, strlen(label));
}

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

static bool out_printf(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* Appends to OUT, flushing it first if needed; false on a write error. */
static bool out_printf(const char *fmt, ...)
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
static bool out_reserve(size_t room)
{
    return OUT_SIZE - out_len >= room || flush_output();
}

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
static int check_main(int argc, char **argv)
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

int main(int argc, char **argv)
{
    const char *from_label = "utf-8", *to_label = "utf-8", *bom = "sniff";
    bool fatal = false, html = false;
    /* FILE operands are gathered at the front of argv (never ahead of the
    ** option parsing, which reads argv[i] with i >= nfiles). */
    char **files = argv;
    int nfiles = 0;

    /* A closed pipe is reported as a write error (EPIPE), like a full disk,
    ** rather than killing the process silently. */
    signal(SIGPIPE, SIG_IGN);

    /* A command comes first; to convert a file named "check", write
    ** "./check" or "-- check". */
    if (argc > 1 && strcmp(argv[1], "check") == 0)
        return check_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "sniff") == 0)
        return sniff_main(argc - 1, argv + 1);

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int m;
        if (arg[0] != '-' || arg[1] == '\0') {
            files[nfiles++] = argv[i]; /* a FILE, or "-" */
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
        } else if ((m = match_option(argc, argv, &i, "to", 't', true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs an encoding label", arg);
            to_label = value;
        } else if ((m = match_option(argc, argv, &i, "bom", 0, true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '--bom' needs a mode: sniff, strip or keep");
            bom = value;
        } else if ((m = match_option(argc, argv, &i, "fatal", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '--fatal' takes no value");
            fatal = true;
        } else if ((m = match_option(argc, argv, &i, "html", 0, false, &value)) != 0) {
            if (m < 0)
                return usage_error("option '--html' takes no value");
            html = true;
        } else if (strcmp(arg, "--list") == 0) {
            return list_encodings();
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            return finish_stdout();
        } else if (strcmp(arg, "--version") == 0) {
            printf("wenc %s\n", wenc_version());
            return finish_stdout();
        } else {
            return usage_error("unknown option '%s'", arg);
        }
    }

    options opt = {0};
    bool from_html = strcmp(from_label, "html") == 0; /* sniffed per FILE */
    opt.from = from_html ? WENC_WINDOWS_1252 : lookup(from_label);
    if (opt.from == NULL)
        return usage_error("unknown encoding label '%s' (--from)", from_label);
    const wenc_encoding *to = lookup(to_label);
    if (to == NULL)
        return usage_error("unknown encoding label '%s' (--to)", to_label);
    opt.to = to;
    if (to == WENC_UTF_8)
        opt.output = OUTPUT_UTF8;
    else if (to == WENC_UTF_16LE)
        opt.output = OUTPUT_UTF16LE;
    else if (to == WENC_UTF_16BE)
        opt.output = OUTPUT_UTF16BE;
    else if (wenc_encoding_has_encoder(to))
        opt.output = OUTPUT_ENCODER;
    else
        return usage_error("cannot convert to '%s': the standard has no encoder for %s",
                           to_label, wenc_encoding_name(to));
    if (strcmp(bom, "sniff") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_SNIFF;
    else if (strcmp(bom, "strip") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_STRIP;
    else if (strcmp(bom, "keep") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_NONE;
    else
        return usage_error("unknown BOM mode '%s' (expected sniff, strip or keep)", bom);
    if (fatal)
        opt.decoder_flags |= WENC_DECODER_FATAL;
    opt.encoder_flags = fatal && !html ? WENC_ENCODER_FATAL : WENC_ENCODER_HTML;

    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = STATUS_OK;
    for (int i = 0; i < nfiles; i++) {
        const char *file = files[i];
        bool is_stdin = strcmp(file, "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY);
        if (fd < 0) {
            message("%s: %s", file, strerror(errno));
            status = STATUS_IO;
            continue;
        }
        if (from_html)
            opt.from = sniff_html_prefix(fd);
        result r = convert_fd(fd, is_stdin ? "(standard input)" : file, &opt);
        if (!is_stdin)
            close(fd);
        if (r == RESULT_READ) {
            status = STATUS_IO;
        } else if (r == RESULT_WRITE) {
            status = STATUS_IO;
            break;
        } else if (r == RESULT_FATAL) {
            /* A read error on an earlier FILE outranks it (the highest
            ** status wins). */
            if (status == STATUS_OK)
                status = STATUS_FATAL;
            break;
        }
    }
    return status;
}
