/* cli.h -- what the files of the wenc command-line tool share: exit
** statuses, the I/O buffers, messages to standard error, the buffered
** standard output, option matching, and the entry points of the commands
** (convert.c: conversion, check.c: `wenc check`).  These names belong to the
** program alone (the library's are all wenc_ or wenc__), so they keep their
** short names. */
#ifndef WENC_TOOLS_CLI_H
#define WENC_TOOLS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* __MINGW_PRINTF_FORMAT */
#include <sys/types.h>

#include "wenc/wenc.h"

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

/* The buffers (cli.c): decoded UTF-8 of one chunk, and the output. */
extern uint8_t mid_buf[MID_SIZE];
/* uint16_t units for UTF-16 output, bytes otherwise. */
typedef union out_buffer {
    uint8_t b[OUT_SIZE];
    uint16_t u[OUT_SIZE / 2];
} out_buffer;
extern out_buffer out_buf;
extern size_t out_len;

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

/* Results of the conversion steps. */
typedef enum result {
    RESULT_OK,
    RESULT_FATAL,      /* --fatal stopped: exit 1, stop everything        */
    RESULT_WRITE,      /* output failed: exit 3, stop everything          */
    RESULT_READ        /* this input failed: exit 3 later, go on          */
} result;

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define PRINTF_LIKE(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Writes "wenc: " and the formatted message to standard error. */
void message(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* Waits until FD is ready for EVENTS (a descriptor inherited in
** non-blocking mode); false if poll(2) itself fails. */
bool wait_for(int fd, short events);

/* Writes OUT to standard output.  On failure, says why once and returns
** false; nothing is written after a failure. */
bool flush_output(void);

/* Appends to OUT, flushing it first if needed; false on a write error. */
bool out_printf(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* Makes sure OUT has ROOM bytes free; false on a write error. */
bool out_reserve(size_t room);

/* read(2) that retries on EINTR and waits on a non-blocking descriptor. */
ssize_t read_some(int fd, uint8_t *buf, size_t size);

/* Prints a usage error and the hint to --help; returns STATUS_USAGE. */
int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
/* Reports that LABEL (given with OPTION, e.g. "--from") names ENCODING,
** which this build of the library left out; returns STATUS_USAGE. */
int not_built_in_error(const char *label, const wenc_encoding *encoding, const char *option);

/* Ends a run that printed to stdout through stdio. */
int finish_stdout(void);

/* If ARGV[*I] is option NAME (the long form "--NAME", or SHORT_NAME as
** "-x"), with a value when WANTS_VALUE, stores the value in *VALUE (which
** may be in the same word, "--name=V" or "-xV", or the next one) and
** returns 1; returns 0 if it is another option; -1 if the value is missing. */
int match_option(int argc, char **argv, int *i, const char *name, char short_name,
                 bool wants_value, const char **value);

/* Takes ARGV[*I] as a FILE operand if it is not an option: a word that
** does not start with '-', or "-" (standard input), is appended to
** FILES[*NFILES]; "--" makes every later word an operand (and moves *I to
** the last).  Returns true if it took ARGV[*I].  FILES may be ARGV itself
** (the commands gather their operands at its front): an operand is never
** stored ahead of the word being read. */
bool take_operands(int argc, char **argv, int *i, char **files, int *nfiles);

/* The encoding of the NUL-terminated LABEL, or NULL. */
const wenc_encoding *lookup(const char *label);

/* Returns S (a file name, a label, an argument) as it may be shown on a
** terminal: each C0 control, DEL, C1 control (U+0080..U+009F) and byte
** that is not part of well-formed UTF-8 written C-style (\t, \n, \r,
** else \xHH per byte), and the backslash as \\, as GNU tools do, so
** that a name never reaches the terminal as control codes.  The result
** lives until the fourth call after this one (so a message may show up to
** four such strings); a fixed placeholder if memory runs out. */
const char *escaped(const char *s);

/* Appends S to OUT as a JSON string (quotes included): '"', '\\' and
** controls escaped, bytes that are not well-formed UTF-8 written as
** U+FFFD (JSON text is Unicode).  False on a write error. */
bool out_json_string(const char *s);

/* A position in the decoded text, as diagnostics give it: LINE is 1 plus
** the number of U+000A LINE FEEDs before it, COLUMN 1 plus the number of
** code points between the last LINE FEED (or the start) and it (wenc.1,
** "LINES AND COLUMNS"). */
typedef struct text_pos {
    uint64_t line;
    uint64_t column;
} text_pos;

#define TEXT_POS_START ((text_pos){1, 1})

/* Moves *P past the N bytes of well-formed UTF-8 at S (a decoder's
** output). */
void text_pos_advance_utf8(text_pos *p, const uint8_t *s, size_t n);

/* Moves *P past the N UTF-16 code units at S (a decoder's output, in host
** order; a surrogate pair may be split between two calls). */
void text_pos_advance_utf16(text_pos *p, const uint16_t *s, size_t n);

/* The --help text (wenc.c). */
extern const char usage_text[];

/* Converts the stream read from FD, named NAME in messages (convert.c). */
result convert_fd(int fd, const char *name, const options *opt);

/* wenc check [-f LABEL] [--all] [FILE]...: ARGV[0] is "check" (check.c). */
int check_main(int argc, char **argv);

#endif
