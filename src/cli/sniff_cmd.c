/* sniff_cmd.c -- `wenc sniff`, which prints how an HTML parser (the HTML
** Standard's encoding sniffing algorithm) or an XML processor would decide
** each FILE's encoding, and `-f html`, which converts a document from the
** encoding the sniffing algorithm chooses (wenc/sniff.h).  wenc.c
** dispatches to both; src/cli/wenc.1 documents them. */
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

/* ---------------------------------------------------------------------------
** -f html */

const wenc_encoding *sniff_prefix(int fd, bool xml)
{
    const uint8_t *bytes;
    long n = read_ahead(fd, PRESCAN_BYTES, &bytes);
    if (n < 0)
        return WENC_WINDOWS_1252;
    if (xml)
        return wenc_xml_detect_encoding(bytes, (size_t)n, NULL, NULL);
    wenc_html_sniff_result r;
    wenc_html_sniff(bytes, (size_t)n, NULL, &r);
    return r.encoding;
}

/* ---------------------------------------------------------------------------
** wenc sniff */

typedef struct sniff_opts {
    bool xml;
    bool detect_utf8;
    bool json;
    const wenc_encoding *transport;
    const char *locale;
} sniff_opts;

/* The step's name in lower case with '-' ("xml-declaration"). */
static const char *source_name(wenc_sniff_source s)
{
    static char name[32];
    size_t i = 0;
    for (const char *p = wenc_sniff_source_name(s); *p != '\0' && i + 1 < sizeof name; p++)
        name[i++] = *p == '_' ? '-' : (*p >= 'A' && *p <= 'Z' ? (char)(*p + ('a' - 'A')) : *p);
    name[i] = '\0';
    return name;
}

/* --detect-utf8 (step 8): whether the rest of FD, after the HEAD_LEN bytes
** at HEAD already read, makes the whole stream valid UTF-8 with a byte above
** 0x7F, as wenc_utf8_detect() says of the whole file; read in chunks
** through the streaming validator, in constant memory.  False with errno
** set and *READ_FAILED true on a read error. */
static bool detect_utf8_rest(int fd, const uint8_t *head, size_t head_len, bool *read_failed)
{
    static uint8_t chunk[CHUNK_SIZE];
    wenc_utf8_validator v;
    wenc_utf8_validator_init(&v);
    bool non_ascii = false, valid = true;
    const uint8_t *p = head;
    size_t n = head_len;
    *read_failed = false;
    for (;;) {
        for (size_t i = 0; i < n && !non_ascii; i++)
            non_ascii = p[i] >= 0x80;
        /* The first error settles it: nothing more is read. */
        size_t k = n;
        if (valid && wenc_utf8_validator_validate(&v, p, &k, false, NULL) != WENC_INPUT_EMPTY)
            valid = false;
        ssize_t got = read_some(fd, chunk, sizeof chunk);
        if (got < 0) {
            *read_failed = true;
            return false;
        }
        if (got == 0 || !valid)
            break;
        p = chunk;
        n = (size_t)got;
    }
    size_t none = 0;
    return valid && non_ascii &&
           wenc_utf8_validator_validate(&v, NULL, &none, true, NULL) == WENC_INPUT_EMPTY;
}

/* FILE NAME cannot be read (ERR): the message on standard error, and with
** --format=json a record of its own, so that every FILE has one
** (wenc.1, "JSON OUTPUT").  RESULT_READ, or RESULT_WRITE (said why). */
static result read_failed(const char *name, int err, const sniff_opts *o)
{
    message("%s: %s", escaped(name), strerror(err));
    if (o->json && (!out_printf("{\"type\":\"read-error\",\"file\":") ||
                    !out_json_string(name) || !out_printf(",\"message\":") ||
                    !out_json_string(strerror(err)) || !out_printf("}\n") || !flush_output()))
        return RESULT_WRITE;
    return RESULT_READ;
}

/* Sniffs the stream read from FD, named NAME, and writes the answer:
** RESULT_OK, RESULT_READ (said why) or RESULT_WRITE (said why). */
static result sniff_one(int fd, const char *name, const sniff_opts *o)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
        return read_failed(name, EISDIR, o);
    uint8_t buf[PRESCAN_BYTES];
    long got = read_full(fd, buf, sizeof buf);
    if (got < 0)
        return read_failed(name, errno, o);
    size_t len = (size_t)got;
    const wenc_encoding *e;
    const char *confidence = NULL;
    wenc_sniff_source source;
    if (o->xml) {
        e = wenc_xml_detect_encoding(buf, len, &source, NULL);
    } else {
        /* Steps 1 to 7 and 9 see only the prescan's bytes; step 8 (UTF-8
        ** detection) needs the whole file, which is streamed when step 9
        ** would otherwise decide. */
        wenc_html_sniff_options so;
        memset(&so, 0, sizeof so);
        so.transport = o->transport;
        if (o->locale != NULL) {
            so.locale = o->locale;
            so.locale_len = strlen(o->locale);
        }
        wenc_html_sniff_result r;
        wenc_html_sniff(buf, len, &so, &r);
        e = r.encoding;
        source = r.source;
        confidence = wenc_confidence_name(r.confidence);
        bool read_error;
        if (o->detect_utf8 && source == WENC_SNIFF_DEFAULT) {
            if (detect_utf8_rest(fd, buf, len, &read_error)) {
                e = WENC_UTF_8;
                source = WENC_SNIFF_AUTODETECT;
            } else if (read_error) {
                return read_failed(name, errno, o);
            }
        }
    }
    if (o->json) {
        if (!out_printf("{\"type\":\"sniff\",\"file\":") || !out_json_string(name) ||
            !out_printf(",\"rules\":\"%s\",\"encoding\":\"%s\",\"confidence\":", o->xml ? "xml" : "html",
                        wenc_encoding_name(e)) ||
            !(confidence != NULL ? out_printf("\"%s\"", confidence) : out_printf("null")) ||
            !out_printf(",\"source\":\"%s\"}\n", source_name(source)) || !flush_output())
            return RESULT_WRITE;
        return RESULT_OK;
    }
    if (!out_printf("%s: %s ", escaped(name), wenc_encoding_name(e)) ||
        (confidence != NULL && !out_printf("%s ", confidence)) ||
        !out_printf("%s\n", source_name(source)) || !flush_output())
        return RESULT_WRITE;
    return RESULT_OK;
}

/* The options of wenc sniff (next_option() returns the index). */
enum { S_HTML, S_XML, S_DETECT_UTF8, S_TRANSPORT, S_LOCALE, S_FORMAT, S_HELP };
static const cli_option sniff_options[] = {
    [S_HTML] = {"html", 0, ARG_NONE, NULL},
    [S_XML] = {"xml", 0, ARG_NONE, NULL},
    [S_DETECT_UTF8] = {"detect-utf8", 0, ARG_NONE, NULL},
    [S_TRANSPORT] = {"transport", 0, ARG_REQUIRED, "a label or a Content-Type value"},
    [S_LOCALE] = {"locale", 0, ARG_REQUIRED, "a language tag"},
    [S_FORMAT] = {"format", 0, ARG_REQUIRED, "a format: text or json"},
    [S_HELP] = {"help", 'h', ARG_NONE, NULL},
    {NULL, 0, ARG_NONE, NULL}
};

int sniff_main(int argc, char **argv)
{
    sniff_opts o = {0};
    const char *format = "text", *value;
    arg_parser ap;
    arg_parser_init(&ap, argc, argv, " for 'wenc sniff'");
    int k;
    while ((k = next_option(&ap, sniff_options, &value)) != OPT_DONE) {
        switch (k) {
        case OPT_ERROR:
            return STATUS_USAGE;
        case S_HTML:
            o.xml = false;
            break;
        case S_XML:
            o.xml = true;
            break;
        case S_DETECT_UTF8:
            o.detect_utf8 = true;
            break;
        case S_TRANSPORT:
            if (strchr(value, '/') != NULL) {
                /* A Content-Type value: no usable charset means no
                ** transport-layer encoding, as in a browser. */
                o.transport = wenc_content_type_encoding(value, strlen(value));
            } else {
                o.transport = wenc_encoding_for_label(value, strlen(value));
                if (o.transport == NULL)
                    return usage_error("unknown encoding label '%s' (--transport)", escaped(value));
            }
            break;
        case S_LOCALE:
            o.locale = value;
            break;
        case S_FORMAT:
            format = value;
            break;
        case S_HELP:
            fputs("Usage: " SNIFF_SYNOPSIS, stdout);
            fputs(sniff_usage_text, stdout);
            return finish_stdout();
        }
    }
    o.json = strcmp(format, "json") == 0;
    if (!o.json && strcmp(format, "text") != 0)
        return usage_error("unknown format '%s' (expected text or json)", escaped(format));
    char **files = ap.files;
    int nfiles = ap.nfiles;
    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = STATUS_OK;
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(files[i], O_RDONLY);
        if (fd < 0) {
            if (read_failed(files[i], errno, &o) == RESULT_WRITE)
                return STATUS_IO;
            status = STATUS_IO;
            continue;
        }
        result r = sniff_one(fd, is_stdin ? "(standard input)" : files[i], &o);
        if (!is_stdin)
            close(fd);
        if (r == RESULT_WRITE)
            return STATUS_IO;
        if (r != RESULT_OK)
            status = STATUS_IO;
    }
    return status;
}
