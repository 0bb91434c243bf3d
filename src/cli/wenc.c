/* wenc.c -- the wenc command-line tool: converts files between the encodings
** of the WHATWG Encoding Standard (convert.c), or checks them (`wenc check`,
** check.c), or tells how a browser would decode them (`wenc sniff`,
** sniff_cmd.c).  This file holds main(): the options (read as GNU's
** getopt_long reads them, cli.c), --list, the answers to iconv's habits,
** and the dispatch to the commands; cli.h is what the files share.
** src/cli/wenc.1 is its manual; tests/cli/ holds its integration tests. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strncasecmp */
#include <unistd.h>

#include "cli.h"
#include "platform.h"
#include "sniff_cmd.h" /* wenc sniff, -f html, -f xml */

/* ---------------------------------------------------------------------------
** Command line. */

/* The --help text, in three parts: ISO C asks compilers for string
** literals of up to 4095 bytes only. */
static const char usage_convert[] =
    "Usage: wenc [OPTION]... [FILE]...\n"
    "  or:  wenc -l|--list [LABEL]...\n"
    "  or:  wenc check [-f LABEL] [--all] [--format=text|json] [FILE]...\n"
    "  or:  " SNIFF_SYNOPSIS
    "Convert FILEs (standard input when none, or for '-') from one encoding of\n"
    "the WHATWG Encoding Standard to another, exactly as browsers do, and write\n"
    "the result to standard output.  Each FILE is a stream of its own.\n"
    "\n"
    "  -f, --from=LABEL     source encoding label (default: utf-8), or html:\n"
    "                         the encoding an HTML parser would choose, or xml:\n"
    "                         the one an XML processor would (see 'wenc sniff')\n"
    "  -t, --to=LABEL       target encoding label (default: utf-8)\n"
    "  -o, --output=FILE    write to FILE instead of standard output: to a new\n"
    "                         file beside it, renamed over FILE at the end, so\n"
    "                         FILE may be an input; on an error FILE is left as\n"
    "                         it was\n"
    "      --bom=MODE       sniff (default): a UTF-8 or UTF-16 BOM at the start\n"
    "                         overrides --from, and is removed;\n"
    "                       strip: only a BOM of the source encoding (UTF-8,\n"
    "                         UTF-16BE/LE) is removed;\n"
    "                       keep: no BOM handling, a BOM is decoded as text\n"
    "      --fatal          stop at the first malformed input or unmappable\n"
    "                         character, with its byte offset (exit status 1)\n"
    "      --html           write unmappable characters as &#N; (the default);\n"
    "                         with --fatal or -c, only malformed input stops\n"
    "                         or is dropped\n"
    "  -c, --omit-invalid   drop malformed input and unmappable characters\n"
    "                         (as iconv -c; beyond the standard, which replaces\n"
    "                         them): exit status 1 if anything was dropped\n"
    "  -l, --list [LABEL]   list every encoding with its labels, or the\n"
    "                         encoding of each LABEL\n"
    "  -h, --help           show this help\n"
    "  -V, --version        show the version\n"
    "\n"
    "Without --fatal or -c, malformed input decodes to U+FFFD.  LABEL is any\n"
    "label of the standard, matched as the standard says (ASCII case-insensitive,\n"
    "spaces around it ignored): 'wenc --list' shows them.  In the standard,\n"
    "latin1, ascii, us-ascii and iso-8859-1 are labels of windows-1252 (as\n"
    "browsers read them): '-t ascii' writes windows-1252, and '-t latin1' writes\n"
    "U+20AC as 0x80.  iconv's //TRANSLIT and //IGNORE suffixes are not taken:\n"
    "the error names the options that do what they ask.\n"
    "\n"
    "Long options may be abbreviated to any prefix that names only one\n"
    "(--fro=sjis); short options may be grouped (-cfsjis); '--' ends options.\n"
    "\n"
    "The standard has no encoder for replacement, UTF-16BE and UTF-16LE.  As an\n"
    "extension beyond the standard, '-t utf-16le' and '-t utf-16be' (and their\n"
    "other labels, such as utf-16) write the text as UTF-16 code units in that\n"
    "byte order, without adding a BOM.  '-t replacement' is an error.\n";

static const char usage_check[] =
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
    "      --format=FORMAT  text (default), or json: one JSON object per line for\n"
    "                         each error and each FILE's summary (see wenc(1))\n"
    "\n"
    "Errors are reported as FILE:LINE:COLUMN: first (LINE counts line feeds,\n"
    "COLUMN characters of the decoded line, both from 1), with --fatal too.\n"
    "\n";

static const char usage_status[] =
    "\n"
    "Exit status: 0 success; 1 malformed input or unmappable character with\n"
    "--fatal, something dropped with -c, or a FILE not valid for check; 2 usage\n"
    "error or unknown label; 3 a FILE could not be read or the output could not\n"
    "be written.  When the reader of the output goes away (wenc ... | head),\n"
    "wenc stops quietly, killed by SIGPIPE as cat is (the shell shows 141).\n";

/* Prints the --help text; returns the exit status. */
static int print_usage(void)
{
    fputs(usage_convert, stdout);
    fputs(usage_check, stdout);
    fputs(sniff_usage_text, stdout);
    fputs(usage_status, stdout);
    return finish_stdout();
}

/* Prints ENCODING's line of --list: its name and every label. */
static void list_line(const wenc_encoding *e)
{
    const char *label;
    printf("%-15s", wenc_encoding_name(e));
    for (size_t j = 0; (label = wenc_encoding_label(e, j)) != NULL; j++)
        printf(" %s", label);
    /* Only in a build with -Dencodings: its labels are still known. */
    if (!wenc_encoding_is_built_in(e))
        printf(" (not built in)");
    putchar('\n');
}

/* -l, --list [LABEL]...: every encoding, or the one of each LABEL. */
static int list_encodings(char **labels, int nlabels)
{
    const wenc_encoding *e;
    int status = STATUS_OK;
    if (nlabels == 0)
        for (size_t i = 0; (e = wenc_encoding_at(i)) != NULL; i++)
            list_line(e);
    for (int i = 0; i < nlabels; i++) {
        if ((e = lookup(labels[i])) != NULL) {
            list_line(e);
        } else {
            fflush(stdout); /* the lines before it come first */
            message("unknown encoding label '%s'", escaped(labels[i]));
            status = STATUS_USAGE;
        }
    }
    int s = finish_stdout();
    return s != STATUS_OK ? s : status;
}

/* The error for LABEL, given with OPTION ("--from", "--to"), which names
** no encoding.  iconv's suffixes //TRANSLIT and //IGNORE get the options
** that do what they ask; "-f=LABEL" (a short option takes the rest of its
** word as its value, '=' included) gets the spellings that work. */
static int label_error(const char *label, const char *option)
{
    const char *suffix = strstr(label, "//");
    if (suffix != NULL) {
        bool iconv = true;
        for (const char *p = suffix; *p != '\0' && iconv;) {
            p += 2;
            size_t n = strcspn(p, "/");
            iconv = n == 0 || (n == 8 && strncasecmp(p, "translit", 8) == 0) ||
                    (n == 6 && strncasecmp(p, "ignore", 6) == 0);
            p += n;
            iconv = iconv && (*p == '\0' || strncmp(p, "//", 2) == 0);
        }
        if (iconv) {
            char *alone = malloc((size_t)(suffix - label) + 1);
            if (alone != NULL) {
                memcpy(alone, label, (size_t)(suffix - label));
                alone[suffix - label] = '\0';
            }
            int status = usage_error(
                "'%s' (%s): wenc takes no iconv suffix such as //TRANSLIT or //IGNORE.\n"
                "Give the label alone ('%s'), and: -c to drop what cannot be decoded or\n"
                "encoded (//IGNORE); or keep the default, where malformed input becomes\n"
                "U+FFFD and a character the target lacks becomes &#N; (--html), which\n"
                "stands in for //TRANSLIT; or --fatal to stop at the first malformed input\n"
                "or unmappable character, with its offset.",
                escaped(label), option, alone != NULL ? escaped(alone) : "...");
            free(alone);
            return status;
        }
    }
    if (label[0] == '=' && lookup(label + 1) != NULL)
        return usage_error("unknown encoding label '%s' (%s): write '%s %s' or '%s=%s'",
                           escaped(label), option, option[2] == 'f' ? "-f" : "-t",
                           escaped(label + 1), option, escaped(label + 1));
    return usage_error("unknown encoding label '%s' (%s)", escaped(label), option);
}

/* The options of the conversion (OPT_DONE and OPT_ERROR aside, next_option()
** returns the index in this table). */
enum { O_FROM, O_TO, O_OUTPUT, O_OMIT, O_BOM, O_FATAL, O_HTML, O_LIST, O_HELP, O_VERSION };
static const cli_option convert_options[] = {
    [O_FROM] = {"from", 'f', ARG_REQUIRED, "an encoding label"},
    [O_TO] = {"to", 't', ARG_REQUIRED, "an encoding label"},
    [O_OUTPUT] = {"output", 'o', ARG_REQUIRED, "a file name"},
    [O_OMIT] = {"omit-invalid", 'c', ARG_NONE, NULL},
    [O_BOM] = {"bom", 0, ARG_REQUIRED, "a mode: sniff, strip or keep"},
    [O_FATAL] = {"fatal", 0, ARG_NONE, NULL},
    [O_HTML] = {"html", 0, ARG_NONE, NULL},
    [O_LIST] = {"list", 'l', ARG_OPTIONAL, NULL},
    [O_HELP] = {"help", 'h', ARG_NONE, NULL},
    [O_VERSION] = {"version", 'V', ARG_NONE, NULL},
    {NULL, 0, ARG_NONE, NULL}
};

/* WENC_SIMD names the kernel set to run (wenc/simd.h); the library
** ignores a value it cannot use without a word, as it never prints, so
** the tool says it, once, and goes on with the set the library chose. */
static void check_simd_env(void)
{
    const char *name = getenv("WENC_SIMD");
    if (name != NULL && name[0] != '\0' && wenc_simd_select(name) != WENC_OK)
        message("WENC_SIMD=%s ignored: not a kernel set this build and CPU can run "
                "(scalar, sse2, sse41, avx2, avx512 or neon); running %s",
                escaped(name), wenc_simd_active());
}

int main(int argc, char **argv)
{
    const char *from_label = "utf-8", *to_label = "utf-8", *bom = "sniff", *output = NULL;
    bool fatal = false, html = false, omit = false, list = false;

    /* Binary standard streams; SIGPIPE ignored (platform.h): a closed pipe
    ** is reported as a write error (EPIPE), on which flush_output() ends the
    ** run quietly, as cat does; a full disk too, which it reports. */
    platform_init();
    check_simd_env();

    /* A command comes first; to convert a file named "check", write
    ** "./check" or "-- check". */
    if (argc > 1 && strcmp(argv[1], "check") == 0)
        return check_main(argc - 1, argv + 1, print_usage);
    if (argc > 1 && strcmp(argv[1], "sniff") == 0)
        return sniff_main(argc - 1, argv + 1);

    arg_parser ap;
    arg_parser_init(&ap, argc, argv, "");
    const char *value;
    int k;
    while ((k = next_option(&ap, convert_options, &value)) != OPT_DONE) {
        switch (k) {
        case OPT_ERROR:
            return STATUS_USAGE;
        case O_FROM:
            from_label = value;
            break;
        case O_TO:
            to_label = value;
            break;
        case O_OUTPUT:
            output = value;
            break;
        case O_OMIT:
            omit = true;
            break;
        case O_BOM:
            bom = value;
            break;
        case O_FATAL:
            fatal = true;
            break;
        case O_HTML:
            html = true;
            break;
        case O_LIST:
            /* --list=LABEL, -lLABEL, or LABEL operands: one encoding each. */
            list = true;
            if (value != NULL)
                ap.files[ap.nfiles++] = argv[ap.i] + (value - argv[ap.i]);
            break;
        case O_HELP:
            return print_usage();
        case O_VERSION:
            /* The commit the tool was built from, when it was a checkout. */
            printf("wenc %s%s%s%s\n", wenc_version(), WENC_VERSION_COMMIT[0] ? " (" : "",
                   WENC_VERSION_COMMIT, WENC_VERSION_COMMIT[0] ? ")" : "");
            return finish_stdout();
        }
    }
    char **files = ap.files;
    int nfiles = ap.nfiles;
    if (list)
        return list_encodings(files, nfiles);

    options opt = {0};
    bool from_html = strcmp(from_label, "html") == 0; /* sniffed per FILE */
    bool from_xml = strcmp(from_label, "xml") == 0;
    opt.from = from_html || from_xml ? WENC_UTF_8 : lookup(from_label);
    if (opt.from == NULL)
        return label_error(from_label, "--from");
    if (!from_html && !from_xml && !wenc_encoding_is_built_in(opt.from))
        return not_built_in_error(from_label, opt.from, "--from");
    const wenc_encoding *to = lookup(to_label);
    if (to == NULL)
        return label_error(to_label, "--to");
    if (!wenc_encoding_is_built_in(to))
        return not_built_in_error(to_label, to, "--to");
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
                           escaped(to_label), wenc_encoding_name(to));
    if (strcmp(bom, "sniff") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_SNIFF;
    else if (strcmp(bom, "strip") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_STRIP;
    else if (strcmp(bom, "keep") == 0)
        opt.decoder_flags = WENC_DECODER_BOM_NONE;
    else
        return usage_error("unknown BOM mode '%s' (expected sniff, strip or keep)", escaped(bom));
    if (omit && fatal)
        return usage_error("-c drops what --fatal stops at: give one of them");
    /* -c runs both in fatal mode and goes on after each error, writing
    ** nothing for it (convert.c); with --html, unmappable characters are
    ** still written as &#N;. */
    if (fatal || omit)
        opt.decoder_flags |= WENC_DECODER_FATAL;
    opt.encoder_flags = (fatal || omit) && !html ? WENC_ENCODER_FATAL : WENC_ENCODER_HTML;
    opt.omit = omit;
    if (output != NULL && !output_to_file(output))
        return STATUS_IO;

    static char dash[] = "-";
    if (nfiles == 0)
        files[nfiles++] = dash;
    int status = STATUS_OK;
    bool omitted = false;
    for (int i = 0; i < nfiles; i++) {
        const char *file = files[i];
        bool is_stdin = strcmp(file, "-") == 0;
        int fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY);
        if (fd < 0) {
            message("%s: %s", escaped(file), strerror(errno));
            status = STATUS_IO;
            continue;
        }
        if (from_html || from_xml)
            opt.from = sniff_prefix(fd, from_xml);
        if (!wenc_encoding_is_built_in(opt.from)) {
            /* The page names an encoding this build left out: say so and go
            ** on with the next FILE (exit status 2, as for its label). */
            message("%s: encoding %s (found by %s sniffing) is not built in: this wenc "
                    "was built without it (-Dencodings)",
                    escaped(is_stdin ? "(standard input)" : file), wenc_encoding_name(opt.from),
                    from_xml ? "XML" : "HTML");
            if (!is_stdin)
                close(fd);
            if (status < STATUS_USAGE)
                status = STATUS_USAGE;
            continue;
        }
        result r = convert_fd(fd, is_stdin ? "(standard input)" : file, &opt);
        if (!is_stdin)
            close(fd);
        if (r == RESULT_OMITTED) {
            omitted = true;
        } else if (r == RESULT_READ) {
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
    /* -o's file replaces the old one only if every FILE was converted to
    ** its end (-c's omissions included). */
    if (status != STATUS_OK)
        output_discard();
    else if (!output_commit())
        status = STATUS_IO;
    /* -c: the output is whole, but not all of the input is in it. */
    if (status == STATUS_OK && omitted)
        status = STATUS_FATAL;
    return status;
}
