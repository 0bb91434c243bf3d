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
    STATUS_IO = 3,    /* a file could not be read, or output not written  */
    /* The reader of standard output went away: killed by SIGPIPE, as cat
    ** is (the shell's 128 + 13), or this status where there is no SIGPIPE. */
    STATUS_PIPE = 141
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
    bool omit; /* -c: drop malformed input and unmappable characters */
} options;

/* Results of the conversion steps. */
typedef enum result {
    RESULT_OK,
    RESULT_FATAL,      /* --fatal stopped: exit 1, stop everything        */
    RESULT_WRITE,      /* output failed: exit 3, stop everything          */
    RESULT_READ,       /* this input failed: exit 3 later, go on          */
    RESULT_OMITTED     /* converted, -c dropped something: exit 1 later   */
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

/* Writes OUT to the output (standard output, or -o's file).  On failure,
** says why once and returns false; nothing is written after a failure.
** When the reader of standard output has gone away (EPIPE), ends the run
** quietly instead, as cat does (STATUS_PIPE). */
bool flush_output(void);

/* -o FILE: makes the output a new temporary file beside PATH (PATH may be
** one of the inputs: it is read as it was), which output_commit() renames
** over PATH with PATH's mode (a new file's: 0666 less the umask), and
** output_discard() removes, leaving PATH as it was.  A device or FIFO is
** written directly.  False after saying why (a missing folder, a
** directory, no permission). */
bool output_to_file(const char *path);
/* Ends the output: -o's file replaces PATH.  False after saying why. */
bool output_commit(void);
/* Ends the output without replacing -o's PATH, and says so. */
void output_discard(void);

/* Appends to OUT, flushing it first if needed; false on a write error. */
bool out_printf(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* Makes sure OUT has ROOM bytes free; false on a write error. */
bool out_reserve(size_t room);

/* read(2) that retries on EINTR and waits on a non-blocking descriptor;
** what read_ahead() read from FD comes first. */
ssize_t read_some(int fd, uint8_t *buf, size_t size);

/* Reads from FD into BUF until SIZE bytes or the end.  Returns the count, or
** -1 on a read error (errno set). */
long read_full(int fd, uint8_t *buf, size_t size);

/* The most read_ahead() keeps: -f html's prescan reads 1024 bytes (the HTML
** Standard's suggestion, sniff_cmd.c). */
#define READ_AHEAD_MAX 1024

/* Reads the start of FD (up to SIZE bytes, at most READ_AHEAD_MAX, or to
** its end), points *BYTES at them and keeps them for read_some(), so the
** reader of FD still sees the stream from its start.  Returns their count,
** or -1 on a read error, which keeps nothing (the next read reports it). */
long read_ahead(int fd, size_t size, const uint8_t **bytes);

/* Prints a usage error and the hint to --help; returns STATUS_USAGE. */
int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
/* Reports that LABEL (given with OPTION, e.g. "--from") names ENCODING,
** which this build of the library left out; returns STATUS_USAGE. */
int not_built_in_error(const char *label, const wenc_encoding *encoding, const char *option);

/* Ends a run that printed to stdout through stdio. */
int finish_stdout(void);

/* An option a command takes, for next_option(): a table of them ends with
** {NULL}. */
typedef enum arg_kind {
    ARG_NONE,     /* --name, -x                                        */
    ARG_REQUIRED, /* --name=V, --name V, -xV, -x V                      */
    ARG_OPTIONAL  /* --name or --name=V; -x or -xV (never the next word) */
} arg_kind;

typedef struct cli_option {
    const char *name;  /* the long name, without "--"                   */
    char short_name;   /* 0 for none                                     */
    arg_kind arg;
    const char *needs; /* what the value is, for "option '-f' needs ..." */
} cli_option;

/* The state of a command line being read, GNU getopt_long's way: options
** and FILE operands in any order; "--" makes every later word an operand;
** short options may be grouped ("-cl", "-cfsjis"); a long option may be
** abbreviated to any prefix that names only it ("--fro" for --from).  The
** operands are gathered at the front of ARGV, FILES[0..NFILES): never ahead
** of the word being read. */
typedef struct arg_parser {
    int argc;
    char **argv;
    int i;               /* the word being read                         */
    const char *cluster; /* the rest of a group of short options, or NULL */
    char **files;
    int nfiles;
    const char *command; /* for messages: "" or " for 'wenc check'"     */
} arg_parser;

void arg_parser_init(arg_parser *p, int argc, char **argv, const char *command);

enum { OPT_DONE = -1, OPT_ERROR = -2 };

/* Reads the next option of P that TABLE (ending with {NULL}) knows.
** Returns its index in TABLE with *VALUE set to its value (NULL
** when it has none); OPT_DONE after the last word; or OPT_ERROR after
** printing a usage error (unknown or ambiguous option, missing or
** unexpected value): the command returns STATUS_USAGE then. */
int next_option(arg_parser *p, const cli_option *table, const char **value);

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

/* Converts the stream read from FD, named NAME in messages (convert.c). */
result convert_fd(int fd, const char *name, const options *opt);

/* wenc check [-f LABEL] [--all] [FILE]...: ARGV[0] is "check" (check.c).
** --help calls HELP (wenc.c's whole --help text) and returns its status:
** passed in, so that check.c does not depend on wenc.c. */
int check_main(int argc, char **argv, int (*help)(void));

#endif
