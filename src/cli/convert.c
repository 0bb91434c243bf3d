/* convert.c -- conversion, the wenc command-line tool's main work: reads a
** stream in chunks, decodes it with the library's streaming decoder and
** encodes the text with its encoder, in fixed-size buffers (constant memory
** whatever the input size); with --fatal, says where the first malformed
** input or unmappable character is.
**
** The pipeline, per input stream: read(2) a chunk -> wenc_decoder_decode_to_utf8
** into MID -> wenc_encoder_encode_from_utf8 into OUT -> write(2).  When the
** target is UTF-8 the decoder writes straight into OUT: its output is always
** well-formed UTF-8, which the UTF-8 encoder would copy unchanged.  UTF-16BE
** and UTF-16LE output (beyond the standard, which has no encoder for them) is
** wenc_decoder_decode_to_utf16 with the code units serialized in the asked
** byte order. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

/* --fatal with an encoder: how many bytes at the end of each chunk are
** decoded one at a time to find a position where the decoder holds nothing
** (see struct stream), and how many bytes before the current chunk are kept
** to re-read from there.  In a stream without errors no decoder of the
** standard holds more than 3 bytes before it completes a code point or an
** escape sequence, so these bounds are generous. */
#define TAIL_BYTES 8
#define HISTORY_SIZE 64

static uint8_t in_buf[CHUNK_SIZE];

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
    /* --fatal: the line and column of the decoded text written so far (with
    ** an encoder: of the text before mid_buf), for FILE:LINE:COLUMN. */
    bool count_lines;
    text_pos pos;
    /* -c: the errors skipped so far. */
    uint64_t omitted;
} stream;

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
    /* GNU style, FILE:LINE:COLUMN: first, for editors and CI systems; the
    ** decoder wrote every character before the error, so s->pos is its
    ** position. */
    fprintf(stderr, "%s:%" PRIu64 ":%" PRIu64 ": malformed input at byte %" PRIu64
            " (%zu byte%s:%s) in %s\n", escaped(s->name), s->pos.line, s->pos.column, offset,
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
    /* The character's position: s->pos is that of mid_buf[0]. */
    text_pos pos = s->pos;
    if (target >= s->mid_base && target - s->mid_base < MID_SIZE)
        text_pos_advance_utf8(&pos, mid_buf, (size_t)(target - s->mid_base));
    const char *name = escaped(s->name);
    uint64_t offset;
    if (source_offset(s, target, &offset))
        fprintf(stderr, "%s:%" PRIu64 ":%" PRIu64 ": U+%04" PRIX32 " at byte %" PRIu64
                " cannot be encoded in %s\n", name, pos.line, pos.column, cp, offset, to);
    else
        fprintf(stderr, "%s:%" PRIu64 ":%" PRIu64 ": U+%04" PRIX32 " at byte %" PRIu64
                " of the decoded UTF-8 text (source offset unknown) cannot be encoded in %s\n",
                name, pos.line, pos.column, cp, target, to);
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
            /* -c: the character was consumed; write nothing for it. */
            if (s->opt->omit) {
                s->omitted++;
                break;
            }
            /* The output holds everything before the character. */
            if (!flush_output())
                return RESULT_WRITE;
            report_unmappable(s);
            return RESULT_FATAL;
        default:
            message("%s: internal error: %s", escaped(s->name), wenc_status_message(st));
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
            r = encode_utf8(s, mid_buf, m,
                            (st == WENC_MALFORMED && !s->opt->omit) ||
                                (last && st == WENC_INPUT_EMPTY));
            if (s->count_lines)
                text_pos_advance_utf8(&s->pos, mid_buf, m);
        } else if (kind == OUTPUT_UTF8) {
            m = OUT_SIZE - out_len;
            st = wenc_decoder_decode_to_utf8(&s->dec, src, &k, out_buf.b + out_len, &m, last);
            if (s->count_lines)
                text_pos_advance_utf8(&s->pos, out_buf.b + out_len, m);
            out_len += m;
        } else {
            m = (OUT_SIZE - out_len) / 2;
            st = wenc_decoder_decode_to_utf16(&s->dec, src, &k, out_buf.u + out_len / 2, &m, last);
            if (s->count_lines) /* before the units are put in the asked order */
                text_pos_advance_utf16(&s->pos, out_buf.u + out_len / 2, m);
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
            /* -c: the malformed bytes were consumed; go on after them. */
            if (s->opt->omit) {
                s->omitted++;
                break;
            }
            if (!flush_output())
                return RESULT_WRITE;
            report_malformed(s);
            return RESULT_FATAL;
        default:
            message("%s: internal error: %s", escaped(s->name), wenc_status_message(st));
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

/* Converts the stream read from FD, named NAME in messages. */
result convert_fd(int fd, const char *name, const options *opt)
{
    static stream s; /* static: keeps the stack small; one stream at a time */
    memset(&s, 0, sizeof s);
    s.name = name;
    s.opt = opt;
    wenc_decoder_init(&s.dec, opt->from, opt->decoder_flags);
    if (opt->output == OUTPUT_ENCODER)
        wenc_encoder_init(&s.enc, opt->to, opt->encoder_flags);
    /* Only --fatal reports where an error is. */
    s.track = opt->output == OUTPUT_ENCODER && !(opt->encoder_flags & WENC_ENCODER_HTML) &&
              !opt->omit;
    s.mark = s.dec;
    s.count_lines = (opt->decoder_flags & WENC_DECODER_FATAL) != 0 && !opt->omit;
    s.pos = TEXT_POS_START;

    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        message("%s: %s", escaped(name), strerror(EISDIR));
        return RESULT_READ;
    }
    for (;;) {
        ssize_t n = read_some(fd, in_buf, sizeof in_buf);
        if (n < 0) {
            int err = errno;
            /* Give up this stream, but end the output cleanly. */
            if (!flush_output())
                return RESULT_WRITE;
            message("%s: %s", escaped(name), strerror(err));
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
    if (!flush_output())
        return RESULT_WRITE;
    return s.omitted > 0 ? RESULT_OMITTED : RESULT_OK;
}
