/* wenc.c -- the wenc command-line tool: converts files between the encodings
** of the WHATWG Encoding Standard (convert.c), or checks them (`wenc check`,
** check.c).  This file holds main(): the options and the dispatch to the
** commands; cli.h is what the files share.  tools/wenc.1 is its manual;
** tests/cli/ holds its integration tests. */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "platform.h"
#include "sniff_cmd.h" /* wenc sniff, -f html */

/* ---------------------------------------------------------------------------
** Command line. */

const char usage_text[] =
    "Usage: wenc [OPTION]... [FILE]...\n"
    "  or:  wenc check [-f LABEL] [--all] [--format=text|json] [FILE]...\n"
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
    "      --format=FORMAT  text (default), or json: one JSON object per line for\n"
    "                         each error and each FILE's summary (see wenc(1))\n"
    "\n"
    "Errors are reported as FILE:LINE:COLUMN: first (LINE counts line feeds,\n"
    "COLUMN characters of the decoded line, both from 1), with --fatal too.\n"
    "\n"
    SNIFF_USAGE_TEXT
    "\n"
    "Exit status: 0 success; 1 malformed input or unmappable character with\n"
    "--fatal, or a FILE not valid for check; 2 usage error or unknown label;\n"
    "3 a FILE could not be read or the output could not be written.\n";

static int list_encodings(void)
{
    const wenc_encoding *e;
    for (size_t i = 0; (e = wenc_encoding_at(i)) != NULL; i++) {
        const char *label;
        printf("%-15s", wenc_encoding_name(e));
        for (size_t j = 0; (label = wenc_encoding_label(e, j)) != NULL; j++)
            printf(" %s", label);
        /* Only in a build with -Dencodings: its labels are still known. */
        if (!wenc_encoding_is_built_in(e))
            printf(" (not built in)");
        putchar('\n');
    }
    return finish_stdout();
}

int main(int argc, char **argv)
{
    const char *from_label = "utf-8", *to_label = "utf-8", *bom = "sniff";
    bool fatal = false, html = false;
    /* FILE operands are gathered at the front of argv (never ahead of the
    ** option parsing, which reads argv[i] with i >= nfiles). */
    char **files = argv;
    int nfiles = 0;

    /* Binary standard streams; no SIGPIPE (platform.h). */
    platform_init();

    /* A command comes first; to convert a file named "check", write
    ** "./check" or "-- check". */
    if (argc > 1 && strcmp(argv[1], "check") == 0)
        return check_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "sniff") == 0)
        return sniff_main(argc - 1, argv + 1);

    for (int i = 1; i < argc; i++) {
        if (take_operands(argc, argv, &i, files, &nfiles))
            continue;
        const char *arg = argv[i], *value = NULL;
        int m;
        if ((m = match_option(argc, argv, &i, "from", 'f', true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs an encoding label", escaped(arg));
            from_label = value;
        } else if ((m = match_option(argc, argv, &i, "to", 't', true, &value)) != 0) {
            if (m < 0)
                return usage_error("option '%s' needs an encoding label", escaped(arg));
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
            return usage_error("unknown option '%s'", escaped(arg));
        }
    }

    options opt = {0};
    bool from_html = strcmp(from_label, "html") == 0; /* sniffed per FILE */
    opt.from = from_html ? WENC_WINDOWS_1252 : lookup(from_label);
    if (opt.from == NULL)
        return usage_error("unknown encoding label '%s' (--from)", escaped(from_label));
    if (!from_html && !wenc_encoding_is_built_in(opt.from))
        return not_built_in_error(from_label, opt.from, "--from");
    const wenc_encoding *to = lookup(to_label);
    if (to == NULL)
        return usage_error("unknown encoding label '%s' (--to)", escaped(to_label));
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
            message("%s: %s", escaped(file), strerror(errno));
            status = STATUS_IO;
            continue;
        }
        if (from_html)
            opt.from = sniff_html_prefix(fd);
        if (!wenc_encoding_is_built_in(opt.from)) {
            /* The page names an encoding this build left out: say so and go
            ** on with the next FILE (exit status 2, as for its label). */
            message("%s: encoding %s (found by HTML sniffing) is not built in: this wenc "
                    "was built without it (-Dencodings)",
                    escaped(is_stdin ? "(standard input)" : file), wenc_encoding_name(opt.from));
            if (!is_stdin)
                close(fd);
            if (status < STATUS_USAGE)
                status = STATUS_USAGE;
            continue;
        }
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
