/* sniff_cmd.h -- what src/cli/sniff_cmd.c gives the rest of the wenc tool:
** the `wenc sniff` command and the `-f html` source encoding. */
#ifndef WENC_TOOLS_SNIFF_CMD_H
#define WENC_TOOLS_SNIFF_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wenc/wenc.h"

/* `wenc sniff [--html|--xml] [--transport=LABEL] [--locale=TAG]
** [--detect-utf8] [--format=text|json] [FILE]...`: ARGV[0] is "sniff".  Returns the exit
** status. */
int sniff_main(int argc, char **argv);

/* Its synopsis, for the usage lines of `wenc --help` and `wenc sniff
** --help` (after "Usage: " or "  or:  "). */
#define SNIFF_SYNOPSIS \
    "wenc sniff [--html|--xml] [--transport=T] [--locale=TAG] [--detect-utf8]\n" \
    "                  [--format=text|json] [FILE]...\n"

/* The paragraphs of `wenc --help` on `wenc sniff` and `-f html` (a
** literal, for wenc.c's usage text), and the same as an array. */
#define SNIFF_USAGE_TEXT \
    "'wenc sniff' prints, for each FILE, the encoding an HTML parser would\n" \
    "decode it with (the HTML Standard's encoding sniffing algorithm: BOM,\n" \
    "transport layer, a prescan of the first 1024 bytes for <meta charset> and\n" \
    "XML declarations, then the default), its confidence and the step that\n" \
    "decided it, as 'FILE: ENCODING CONFIDENCE STEP'.  With --xml, how an XML\n" \
    "processor would (BOM, UTF-16 '<?x', the XML declaration, else UTF-8).\n" \
    "\n" \
    "      --html           HTML rules (the default)\n" \
    "      --xml            XML rules\n" \
    "      --transport=T    the transport layer's encoding: a label, or a whole\n" \
    "                         Content-Type value (with a '/') whose charset\n" \
    "                         parameter is used if it names an encoding\n" \
    "      --locale=TAG     default by the standard's locale table (BCP 47 tag,\n" \
    "                         e.g. ru, ja-JP, zh-TW; default: windows-1252)\n" \
    "      --detect-utf8    read each whole FILE (streamed, in constant memory)\n" \
    "                         and choose UTF-8 when it is valid UTF-8 with a\n" \
    "                         non-ASCII byte (step 8)\n" \
    "      --format=FORMAT  text (default), or json: one JSON object per line\n" \
    "                         and FILE, as 'wenc check --format=json' (wenc(1))\n" \
    "\n" \
    "'-f html' (or --from=html) converts each FILE from the encoding that\n" \
    "'wenc sniff FILE' prints (reading up to 1024 bytes ahead); '-f xml' from\n" \
    "the one 'wenc sniff --xml FILE' prints.\n"
extern const char sniff_usage_text[];

/* `-f html` and `-f xml`: reads the start of FD (up to 1024 bytes, or to
** its end) and returns the encoding the HTML encoding sniffing algorithm
** chooses for it (no transport layer; the default is windows-1252), or
** with XML, wenc_xml_detect_encoding() (BOM, UTF-16 '<?x', the XML
** declaration, else UTF-8).  Never NULL.  It reads with read_ahead()
** (cli.h), so the caller's read_some() still reads FD from its start.  A
** read error keeps nothing (the caller's own read then reports it). */
const wenc_encoding *sniff_prefix(int fd, bool xml);

#endif
