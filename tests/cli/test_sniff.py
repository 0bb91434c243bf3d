#!/usr/bin/env python3
"""Integration tests of `wenc sniff` and `wenc -f html` (src/cli/sniff_cmd.c),
suite 'cli'.

Usage: test_sniff.py WENC [MANPAGE]

Shares test_cli.py's runner and helpers.  Expectations are worked out from
the HTML Standard's text (../shared/html-sniffing/HTML-SNIFFING.md) and the
Encoding Standard's indexes, never by running wenc."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402
from test_cli import Case, h, run  # noqa: E402
from exe_wrapper import not_on_windows  # noqa: E402

MANPAGE = None
SIN = "(standard input)"


class Sniff(Case):
    def sniff(self, args, data=b"", status=0):
        r = run(["sniff"] + args, data)
        self.assertEqual((r.returncode, r.stderr), (status, b""))
        return r.stdout.decode()

    def test_meta(self):
        self.assertEqual(self.sniff([], b"<meta charset=koi8-r>"),
                         SIN + ": KOI8-R tentative meta\n")

    def test_http_equiv(self):
        doc = b"<meta http-equiv=Content-Type content='text/html; charset=euc-jp'>"
        self.assertEqual(self.sniff([], doc), SIN + ": EUC-JP tentative meta\n")

    def test_xml_declaration_and_utf16(self):
        self.assertEqual(self.sniff([], b"<?xml version='1.0' encoding='big5'?><p>"),
                         SIN + ": Big5 tentative xml-declaration\n")
        self.assertEqual(self.sniff([], b"<\x00?\x00x\x00m\x00l\x00"),
                         SIN + ": UTF-16LE tentative utf16-xml\n")
        # The meta branch turns UTF-16 into UTF-8.
        self.assertEqual(self.sniff([], b"<meta charset=utf-16>"),
                         SIN + ": UTF-8 tentative meta\n")

    def test_bom(self):
        self.assertEqual(self.sniff(["--transport=gbk"], h("EF BB BF") + b"<meta charset=gbk>"),
                         SIN + ": UTF-8 certain bom\n")
        self.assertEqual(self.sniff([], h("FE FF 00 3C")), SIN + ": UTF-16BE certain bom\n")

    def test_transport(self):
        doc = b"<meta charset=gbk>"
        self.assertEqual(self.sniff(["--transport", "Shift_JIS"], doc),
                         SIN + ": Shift_JIS certain transport\n")
        self.assertEqual(self.sniff(["--transport=text/html; charset=\"koi8-r\""], doc),
                         SIN + ": KOI8-R certain transport\n")
        # A Content-Type without a usable charset: no transport encoding.
        self.assertEqual(self.sniff(["--transport=text/html; charset=bogus"], doc),
                         SIN + ": GBK tentative meta\n")
        r = run(["sniff", "--transport=bogus"], doc)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"unknown encoding label 'bogus'", r.stderr)

    def test_default_and_locale(self):
        self.assertEqual(self.sniff([], b"plain"), SIN + ": windows-1252 tentative default\n")
        self.assertEqual(self.sniff(["--locale=zh-TW"], b"plain"),
                         SIN + ": Big5 tentative default\n")
        self.assertEqual(self.sniff(["--locale", "ja"], b""),
                         SIN + ": Shift_JIS tentative default\n")

    def test_prescan_limit(self):
        # A <meta> that ends after byte 1024 is not seen.
        doc = b" " * 1007 + b"<meta charset=gbk>"
        self.assertEqual(self.sniff([], doc), SIN + ": windows-1252 tentative default\n")
        doc = b" " * 1006 + b"<meta charset=gbk>"
        self.assertEqual(self.sniff([], doc), SIN + ": GBK tentative meta\n")

    def test_detect_utf8(self):
        doc = b"<p>" + b"a" * 2000 + "é".encode()
        self.assertEqual(self.sniff(["--detect-utf8"], doc),
                         SIN + ": UTF-8 tentative autodetect\n")
        self.assertEqual(self.sniff(["--detect-utf8"], doc + b"\xff"),
                         SIN + ": windows-1252 tentative default\n")
        self.assertEqual(self.sniff([], doc), SIN + ": windows-1252 tentative default\n")

    def test_xml(self):
        self.assertEqual(self.sniff(["--xml"], b"<doc/>"), SIN + ": UTF-8 default\n")
        self.assertEqual(self.sniff(["--xml"], b"<?xml version='1.0' encoding='euc-kr'?>"),
                         SIN + ": EUC-KR xml-declaration\n")
        self.assertEqual(self.sniff(["--xml"], b"\x00<\x00?\x00x\x00m\x00l"),
                         SIN + ": UTF-16BE utf16-xml\n")
        self.assertEqual(self.sniff(["--xml"], h("FF FE 3C 00")), SIN + ": UTF-16LE bom\n")
        # --html after --xml: the last wins.
        self.assertEqual(self.sniff(["--xml", "--html"], b"<meta charset=gbk>"),
                         SIN + ": GBK tentative meta\n")

    @not_on_windows("directory")
    def test_files(self):
        a = self.file("a.html", b"<meta charset=iso-8859-2>")
        b = self.file("b.html", b"<p>")
        missing = os.path.join(self.dir, "missing")
        r = run(["sniff", a, missing, b])
        self.assertEqual(r.returncode, 3)
        self.assertEqual(r.stdout.decode(), "%s: ISO-8859-2 tentative meta\n"
                         "%s: windows-1252 tentative default\n" % (a, b))
        self.assertIn(b"missing: No such file or directory", r.stderr)
        r = run(["sniff", self.dir])
        self.assertEqual(r.returncode, 3)
        self.assertIn(b"Is a directory", r.stderr)

    def test_operands_after_double_dash(self):
        # After "--" every word is a FILE ("-" is standard input), options
        # before it still count.
        a = self.file("a.html", b"<meta charset=iso-8859-2>")
        r = run(["sniff", "--detect-utf8", "--", a, "-"], b"<p>\xc3\xa9")
        self.assertEqual((r.returncode, r.stderr), (0, b""))
        self.assertEqual(r.stdout.decode(), "%s: ISO-8859-2 tentative meta\n"
                         "%s: UTF-8 tentative autodetect\n" % (a, SIN))
        self.assertEqual(run(["sniff", "--"]).returncode, 0)

    def test_usage(self):
        for args in (["--frobnicate"], ["--xml=1"], ["--locale"], ["--transport"]):
            r = run(["sniff"] + args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn(b"Try 'wenc --help'", r.stderr)
        r = run(["sniff", "--help"])
        self.assertEqual(r.returncode, 0)
        self.assertIn(b"--transport=T", r.stdout)

    def test_help(self):
        text = run(["--help"]).stdout.decode()
        for s in ["wenc sniff [--html|--xml]", "--transport=T", "--locale=TAG",
                  "--detect-utf8", "'-f html'"]:
            self.assertIn(s, text)

    def test_manual(self):
        if not MANPAGE:
            self.skipTest("no manual page given")
        with open(MANPAGE, encoding="utf-8") as f:
            text = " ".join(f.read().replace("\\-", "-").split())
        for s in ["wenc sniff", "--xml", "--transport", "--locale", "--detect-utf8",
                  "-f html", "SNIFF"]:
            self.assertIn(s, text)


class FromHtml(Case):
    def convert(self, args, data, out, status=0):
        r = run(args, data)
        self.assertEqual((r.returncode, r.stderr, r.stdout), (status, b"", out))

    def test_meta_decides(self):
        # KOI8-R C1 D2 is U+0430 U+0440 (D0 B0 D1 80 in UTF-8).
        doc = b"<meta charset=koi8-r>" + h("C1 D2")
        self.convert(["-f", "html"], doc, b"<meta charset=koi8-r>" + h("D0 B0 D1 80"))
        self.convert(["--from=html"], doc, b"<meta charset=koi8-r>" + h("D0 B0 D1 80"))

    def test_default_windows_1252(self):
        # 0x80 is U+20AC in windows-1252.
        self.convert(["-f", "html"], b"<p>\x80", b"<p>" + h("E2 82 AC"))

    def test_bom(self):
        self.convert(["-f", "html"], h("FF FE 68 00 69 00"), b"hi")
        self.convert(["-f", "html"], h("EF BB BF") + b"<meta charset=koi8-r>\xc3\xa9",
                     b"<meta charset=koi8-r>\xc3\xa9")

    def test_long_document(self):
        # The prescan reads 1024 bytes ahead; the rest is converted too.
        head = b"<meta charset=windows-1251>"
        body = b"\xc0" * 100000  # U+0410, D0 90
        self.convert(["-f", "html"], head + body, head + h("D0 90") * 100000)

    def test_each_file(self):
        a = self.file("a.html", b"<meta charset=koi8-r>\xc1")
        b = self.file("b.html", b"<meta charset=iso-8859-7>\xc1")
        # KOI8-R C1: U+0430; ISO-8859-7 C1: U+0391 (CE 91).
        self.convert(["-f", "html", a, b], b"",
                     b"<meta charset=koi8-r>" + h("D0 B0") + b"<meta charset=iso-8859-7>" +
                     h("CE 91"))

    def test_to_other_encoding(self):
        self.convert(["-f", "html", "-t", "windows-1251"], b"<meta charset=koi8-r>\xc1",
                     b"<meta charset=koi8-r>\xe0")

    @not_on_windows("directory")
    def test_empty_and_directory(self):
        self.convert(["-f", "html"], b"", b"")
        r = run(["-f", "html", self.dir])
        self.assertEqual(r.returncode, 3)
        self.assertIn(b"Is a directory", r.stderr)


def main():
    global MANPAGE
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    test_cli.WENC = test_cli.command(os.path.abspath(sys.argv[1]))
    MANPAGE = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    test_cli.run_tap([Sniff, FromHtml])


if __name__ == "__main__":
    main()
