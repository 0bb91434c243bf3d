#!/usr/bin/env python3
"""Integration tests of the wenc command-line tool's iconv and GNU habits
(issue 28), suite 'cli': -l/--list LABEL, -o FILE, -c, //TRANSLIT and
//IGNORE, GNU option syntax (abbreviations, grouped short options, -V),
`wenc sniff --format=json`, -f xml, `sniff --detect-utf8` in constant
memory.  Each option also with bad input.

Usage: test_habits.py WENC [INDEX_DIR [MANPAGE [GUIDE]]]

Shares test_cli.py's runner and helpers.  Expectations are typed in from
the standard's indexes and encodings.json, never computed by wenc."""

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402
from test_cli import Case, h, run  # noqa: E402
from exe_wrapper import command  # noqa: E402  (the tool in a cross build)

SIN = "(standard input)"
SJIS_LABELS = ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis",
               "windows-31j", "x-sjis"]


def usage(r, pattern, test):
    """R failed as a usage error whose message matches PATTERN."""
    test.assertEqual(r.returncode, 2, r.stderr)
    test.assertEqual(r.stdout, b"")
    test.assertRegex(r.stderr.decode("utf-8", "replace"), pattern)
    test.assertIn("Try 'wenc --help'", r.stderr.decode("utf-8", "replace"))


class List(Case):
    def test_short_and_long(self):
        whole = run(["--list"])
        self.assertEqual((whole.returncode, whole.stderr), (0, b""))
        for args in (["-l"], ["--li"], ["--list", "--"]):
            self.assertEqual(run(args).stdout, whole.stdout, args)

    def test_one_encoding(self):
        for args in (["--list", "sjis"], ["-l", " SJIS "], ["--list=ms932"], ["-lx-sjis"],
                     ["-l", "--", "shift_jis"], ["sjis", "-l"]):
            r = run(args)
            self.assertEqual((r.returncode, r.stderr), (0, b""), args)
            self.assertEqual(r.stdout.decode().split(), ["Shift_JIS"] + SJIS_LABELS, args)

    def test_latin1_is_windows_1252(self):
        r = run(["-l", "latin1", "us-ascii"])
        lines = r.stdout.decode().splitlines()
        self.assertEqual([l.split()[0] for l in lines], ["windows-1252"] * 2)
        for label in ["ascii", "us-ascii", "iso-8859-1", "latin1", "windows-1252"]:
            self.assertIn(label, lines[0].split())

    def test_labels_from_the_standard(self):
        if not test_cli.INDEX_DIR:
            self.skipTest("no index directory given")
        with open(os.path.join(test_cli.INDEX_DIR, "encodings.json"), encoding="utf-8") as f:
            spec = [e for g in json.load(f) for e in g["encodings"]]
        for e in spec:
            for label in e["labels"]:
                r = run(["--list", label])
                # A build with -Dencodings marks what it left out.
                words = r.stdout.decode().replace(" (not built in)", "").split()
                self.assertEqual((r.returncode, words[0]), (0, e["name"]), label)
                self.assertEqual(sorted(words[1:]), sorted(e["labels"]), label)

    def test_unknown_label(self):
        r = run(["--list", "sjis2"])
        self.assertEqual((r.returncode, r.stdout), (2, b""))
        self.assertEqual(r.stderr, b"wenc: unknown encoding label 'sjis2'\n")
        # The known ones are still listed, in order.
        r = run(["-l", "sjis", "klingon", "latin1"])
        self.assertEqual(r.returncode, 2)
        self.assertEqual([l.split()[0] for l in r.stdout.decode().splitlines()],
                         ["Shift_JIS", "windows-1252"])
        self.assertIn(b"'klingon'", r.stderr)
        r = run(["--list="])
        self.assertEqual((r.returncode, r.stderr), (2, b"wenc: unknown encoding label ''\n"))

    def test_bad_syntax(self):
        usage(run(["--list", "--bogus"]), r"unknown option '--bogus'", self)


class Output(Case):
    def listing(self):
        return sorted(os.listdir(self.dir))

    def test_writes_the_file(self):
        for args in (["-o"], ["--output"], ["--out"], ["--output="], ["-o", ""]):
            out = os.path.join(self.dir, "out.txt")
            if args[-1] in ("--output=", ""):
                a = args[:-1] + [args[-1] + out]
            else:
                a = args + [out]
            r = run(a + ["-t", "windows-1252"], "é€".encode())
            self.assertEqual((r.returncode, r.stdout, r.stderr), (0, b"", b""), a)
            with open(out, "rb") as f:
                self.assertEqual(f.read(), h("E9 80"), a)
            os.unlink(out)
            self.assertEqual(self.listing(), [], a)  # no temporary file left
        out = os.path.join(self.dir, "o")
        r = run(["-o" + out], b"x")
        self.assertEqual((r.returncode, r.stderr), (0, b""))
        self.assertEqual(open(out, "rb").read(), b"x")

    def test_new_file_mode_follows_umask(self):
        out = os.path.join(self.dir, "new")
        r = subprocess.run([test_cli.WENC, "-o", out], input=b"x", stderr=subprocess.PIPE,
                           preexec_fn=lambda: os.umask(0o027), timeout=60)
        self.assertEqual(r.returncode, 0)
        self.assertEqual(os.stat(out).st_mode & 0o777, 0o640)

    def test_onto_itself(self):
        # Shift_JIS 82 A0 is U+3042 (E3 81 82); 0x61 is 'a'.
        f = self.file("page.txt", h("61 82 A0"))
        os.chmod(f, 0o604)
        r = run(["-f", "sjis", "-o", f, f])
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, b"", b""))
        self.assertEqual(open(f, "rb").read(), h("61 E3 81 82"))
        self.assertEqual(os.stat(f).st_mode & 0o777, 0o604)  # the mode is kept
        # Twice the same input, and the output among them.
        r = run(["-o", f, f, "-", f], b"-")
        self.assertEqual((r.returncode, r.stderr), (0, b""))
        self.assertEqual(open(f, "rb").read(), h("61 E3 81 82") + b"-" + h("61 E3 81 82"))
        self.assertEqual(self.listing(), ["page.txt"])

    def test_through_a_symbolic_link(self):
        f = self.file("real", h("E9"))
        link = os.path.join(self.dir, "link")
        os.symlink("real", link)
        r = run(["-f", "latin1", "-o", link, link])
        self.assertEqual((r.returncode, r.stderr), (0, b""))
        self.assertTrue(os.path.islink(link))
        self.assertEqual(open(f, "rb").read(), "é".encode())
        self.assertEqual(self.listing(), ["link", "real"])

    def test_device(self):
        # /dev/null is written, not replaced.
        r = run(["-o", "/dev/null"], b"abc")
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, b"", b""))
        self.assertTrue(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"))

    def test_error_leaves_the_file_as_it_was(self):
        f = self.file("keep.txt", b"old contents")
        inode = os.stat(f).st_ino
        bad = self.file("bad", b"a\xff")
        missing = os.path.join(self.dir, "missing")
        for args, status, why in ((["--fatal", bad], 1, "malformed input"),
                                  ([missing], 3, "No such file"),
                                  ([bad, missing], 3, "No such file"),
                                  (["-t", "windows-1252", "--fatal", "-"], 1, "U\\+3042"),
                                  ([self.dir], 3, "Is a directory")):
            r = run(["-o", f] + args, "あ".encode())
            self.assertEqual((r.returncode, r.stdout), (status, b""), args)
            self.assertRegex(r.stderr.decode(), why)
            self.assertTrue(r.stderr.decode().endswith(
                "wenc: %s: left unchanged: the conversion did not complete\n" % f), args)
            self.assertEqual(open(f, "rb").read(), b"old contents", args)
            self.assertEqual(os.stat(f).st_ino, inode, args)
            self.assertEqual(self.listing(), ["bad", "keep.txt"], args)
        # A file that did not exist is not created.
        new = os.path.join(self.dir, "new.txt")
        r = run(["-o", new, "--fatal", bad])
        self.assertEqual(r.returncode, 1)
        self.assertIn("wenc: %s: not written: the conversion did not complete\n" % new,
                      r.stderr.decode())
        self.assertFalse(os.path.exists(new))

    def test_signal_removes_the_temporary_file(self):
        out = os.path.join(self.dir, "out")
        p = subprocess.Popen([test_cli.WENC, "-o", out], stdin=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdin.write(b"x" * 200000)
        p.stdin.flush()
        deadline = time.monotonic() + 30
        while len(self.listing()) == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual(len(self.listing()), 1)  # the temporary file
        self.assertTrue(self.listing()[0].startswith("out.wenc-"))
        p.send_signal(signal.SIGTERM)
        self.assertEqual(p.wait(timeout=60), -signal.SIGTERM)
        p.stdin.close()
        p.stderr.close()
        self.assertEqual(self.listing(), [])

    def test_missing_folder(self):
        out = os.path.join(self.dir, "no", "such", "out.txt")
        r = run(["-o", out], b"x")
        self.assertEqual((r.returncode, r.stdout), (3, b""))
        self.assertEqual(r.stderr.decode(), "wenc: %s: cannot create a file in its folder: %s\n"
                         % (out, os.strerror(2)))
        self.assertFalse(os.path.exists(os.path.join(self.dir, "no")))

    def test_directory(self):
        r = run(["-o", self.dir], b"x")
        self.assertEqual(r.returncode, 3)
        self.assertEqual(r.stderr.decode(), "wenc: %s: %s\n" % (self.dir, os.strerror(21)))

    def test_usage_errors(self):
        usage(run(["-o"]), r"option '-o' needs a file name", self)
        usage(run(["--output"]), r"option '--output' needs a file name", self)
        usage(run(["x", "--ou"]), r"option '--output' needs a file name", self)
        # A usage error leaves the file alone, and creates nothing.
        f = self.file("f", b"old")
        usage(run(["-o", f, "-t", "bogus"]), r"'bogus'", self)
        self.assertEqual((open(f, "rb").read(), self.listing()), (b"old", ["f"]))


class Omit(Case):
    def omits(self, args, data, out, status=1):
        r = run(args, data)
        self.assertEqual((r.returncode, r.stderr, r.stdout), (status, b"", out), args)

    def test_malformed_input_dropped(self):
        self.omits(["-c"], h("61 FF 62 E2 82"), b"ab")
        self.omits(["--omit-invalid"], h("61 FF 62"), b"ab")
        self.omits(["-c"], "clean é".encode(), "clean é".encode(), 0)
        self.omits(["-c"], b"", b"", 0)
        # The Shift_JIS bytes: FF is no character, 82 at the end is
        # a lead byte without its trail.
        self.omits(["-c", "-f", "shift_jis"], h("61 FF 62 82"), b"ab")
        # UTF-16LE: an odd byte at the end, a lone surrogate (D800).
        self.omits(["-c", "-f", "utf-16le"], h("61 00 00 D8 62 00 63"), b"ab")
        self.omits(["-c", "-t", "utf-16le"], h("61 FF"), h("61 00"))

    def test_unmappable_dropped(self):
        # windows-1252: U+20AC is 80, U+1F600 and U+3042 are not there.
        self.omits(["-c", "-t", "windows-1252"], "a€😀bあ".encode(), h("61 80 62"))
        self.omits(["-ct", "latin1"], "é".encode(), h("E9"), 0)
        # Both kinds at once, across 64 KiB reads.
        data = (b"a" * 999 + h("FF") + "😀".encode()) * 300
        self.omits(["-c", "-t", "windows-1252"], data, b"a" * 999 * 300)

    def test_unmappable_dropped_in_iso_2022_jp(self):
        # U+3042 is 24 22 in JIS X 0208; after the dropped U+1F600 the
        # encoder still goes back to ASCII for 'b'.
        self.omits(["-c", "-t", "iso-2022-jp"], "aあ😀b".encode(),
                   h("61 1B 24 42 24 22 1B 28 42 62"))

    def test_with_html(self):
        # --html keeps the &#N; of unmappable characters; -c drops only
        # malformed input then.
        self.omits(["-c", "--html", "-t", "windows-1252"], "a😀".encode(), b"a&#128512;", 0)
        self.omits(["-c", "--html", "-t", "windows-1252"], h("61 FF"), b"a")

    def test_with_output_file(self):
        out = os.path.join(self.dir, "out")
        r = run(["-c", "-o", out], h("61 FF 62"))
        self.assertEqual((r.returncode, r.stderr), (1, b""))
        self.assertEqual(open(out, "rb").read(), b"ab")

    def test_usage_errors(self):
        usage(run(["-c", "--fatal"]), r"-c .*--fatal", self)
        usage(run(["--omit-invalid=yes"]), r"option '--omit-invalid' takes no value", self)
        usage(run(["-cx"]), r"unknown option '-x'", self)


class IconvSuffixes(Case):
    def test_answered(self):
        for args, label in ((["-t", "latin1//TRANSLIT"], "latin1"),
                            (["-t", "US-ASCII//IGNORE"], "US-ASCII"),
                            (["--to=ascii//translit//ignore"], "ascii"),
                            (["-f", "utf-8//IGNORE"], "utf-8"),
                            (["-t", "sjis//"], "sjis")):
            r = run(args, b"x")
            usage(r, r"iconv suffix", self)
            err = r.stderr.decode()
            for option in ["-c", "&#N;", "--fatal", "'%s'" % label]:
                self.assertIn(option, err, args)
            # The advice ends as a sentence (issue 42: it stopped at "the
            # first").
            advice = err.split("\nTry 'wenc --help'")[0]
            self.assertRegex(advice, r"--fatal to stop at the first malformed input\s+or "
                             r"unmappable character, with its offset\.\Z")

    def test_other_suffix_is_an_unknown_label(self):
        usage(run(["-t", "latin1//bogus"]), r"\Awenc: unknown encoding label 'latin1//bogus'",
              self)


class Syntax(Case):
    def test_abbreviations(self):
        # Shift_JIS 82 A0 is U+3042.
        for args in (["--fro=sjis"], ["--fr", "sjis"], ["--from", "sjis"],
                     ["-fsjis"], ["-f", "sjis"]):
            r = run(args + ["--t=utf-8", "--bo=keep"], h("82 A0"))
            self.assertEqual((r.returncode, r.stderr, r.stdout), (0, b"", "あ".encode()), args)
        for args in (["--ve"], ["-V"], ["--version"]):
            r = run(args)
            self.assertEqual((r.returncode, r.stderr), (0, b""))
            self.assertRegex(r.stdout.decode(), r"\Awenc \d+\.\d+\.\d+( \([\w.+-]+\))?\n\Z")
        self.assertTrue(run(["--he"]).stdout.startswith(b"Usage: wenc "))

    def test_ambiguous(self):
        usage(run(["--f=sjis"]), r"option '--f=sjis' is ambiguous; possibilities: "
              r"'--from' '--fatal'\n", self)
        usage(run(["--h"]), r"possibilities: '--html' '--help'", self)
        usage(run(["check", "--f"]), r"is ambiguous for 'wenc check'; possibilities: "
              r"'--from' '--format'", self)

    def test_short_option_with_equals(self):
        # A short option takes the rest of its word, '=' included (as
        # getopt): the error says how to write it.
        usage(run(["-f=shift_jis"]), r"unknown encoding label '=shift_jis' \(--from\): "
              r"write '-f shift_jis' or '--from=shift_jis'", self)
        usage(run(["-t=bogus"]), r"unknown encoding label '=bogus' \(--to\)\n", self)

    def test_double_dash_ends_options(self):
        f = self.file("-c", b"\xff")
        r = run(["--", f], b"")
        self.assertEqual((r.returncode, r.stdout), (0, h("EF BF BD")))
        r = run(["-c", "--", "-V"])
        self.assertEqual(r.returncode, 3)
        self.assertIn(b"-V: No such file", r.stderr)

    def test_missing_values(self):
        for args, msg in ((["-f"], "'-f' needs an encoding label"),
                          (["--fr"], "'--from' needs an encoding label"),
                          (["-ct"], "'-t' needs an encoding label"),
                          (["--bom"], "'--bom' needs a mode"),
                          (["check", "--form"], "'--format' needs a format"),
                          (["sniff", "--loc"], "'--locale' needs a language tag"),
                          (["sniff", "--format"], "'--format' needs a format")):
            usage(run(args), msg, self)

    def test_unknown_values(self):
        usage(run(["--bo=maybe"]), r"unknown BOM mode 'maybe'", self)
        usage(run(["sniff", "--format=xml"]), r"unknown format 'xml' \(expected text or json\)",
              self)
        usage(run(["check", "--fo=yaml"]), r"unknown format 'yaml'", self)
        usage(run(["-f", "xml2"]), r"unknown encoding label 'xml2'", self)

    def test_commands_take_abbreviations(self):
        r = run(["check", "--fo=json", "--a", "-"], b"ok")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(json.loads(r.stdout)["type"], "summary")
        r = run(["sniff", "--x", "--det"], b"<doc/>")
        self.assertEqual((r.returncode, r.stdout), (0, SIN.encode() + b": UTF-8 default\n"))


class SniffJson(Case):
    def sniff_json(self, args, data=b""):
        r = run(["sniff", "--format=json"] + args, data)
        self.assertEqual((r.returncode, r.stderr), (0, b""))
        lines = r.stdout.decode().splitlines()
        return [json.loads(l) for l in lines], lines

    def test_html(self):
        objs, lines = self.sniff_json([], b"<meta charset=koi8-r>")
        self.assertEqual(lines, ['{"type":"sniff","file":"(standard input)","rules":"html",'
                                 '"encoding":"KOI8-R","confidence":"tentative","source":"meta"}'])
        objs, _ = self.sniff_json(["--transport=sjis"], b"<p>")
        self.assertEqual((objs[0]["encoding"], objs[0]["confidence"], objs[0]["source"]),
                         ("Shift_JIS", "certain", "transport"))

    def test_xml(self):
        objs, lines = self.sniff_json(["--xml"], b"<?xml version='1.0' encoding='euc-kr'?>")
        self.assertEqual(lines, ['{"type":"sniff","file":"(standard input)","rules":"xml",'
                                 '"encoding":"EUC-KR","confidence":null,'
                                 '"source":"xml-declaration"}'])

    def test_file_names_and_errors(self):
        # The name is a JSON string, escaped as wenc check escapes it.
        odd = self.file('a"b\\c\x01.html', b"<meta charset=gbk>")
        missing = os.path.join(self.dir, "missing")
        r = run(["sniff", "--format", "json", odd, missing, "--detect-utf8", "-"], "é".encode())
        self.assertEqual(r.returncode, 3)
        self.assertIn(b"missing: No such file", r.stderr)
        objs = [json.loads(l) for l in r.stdout.decode().splitlines()]
        # Every FILE has its record, the missing one too (issue 42).
        self.assertEqual([(o["type"], o["file"], o.get("encoding"), o.get("source"))
                          for o in objs],
                         [("sniff", odd, "GBK", "meta"), ("read-error", missing, None, None),
                          ("sniff", SIN, "UTF-8", "autodetect")])
        self.assertEqual(objs[1], {"type": "read-error", "file": missing,
                                   "message": os.strerror(errno.ENOENT)})
        self.assertIn(b'\\"b\\\\c\\u0001.html"', r.stdout)
        # A folder, and the text format: no record there, the message only.
        r = run(["sniff", "--format=json", self.dir])
        self.assertEqual(r.returncode, 3)
        self.assertEqual(json.loads(r.stdout), {"type": "read-error", "file": self.dir,
                                                "message": os.strerror(errno.EISDIR)})
        r = run(["sniff", missing])
        self.assertEqual((r.returncode, r.stdout), (3, b""))
        self.assertIn(b"missing: No such file", r.stderr)


class SimdEnv(Case):
    """WENC_SIMD names the kernel set (wenc/simd.h): the library ignores a
    value it cannot use without a word, the tool says so on one line."""

    def run_with(self, value, args, data):
        env = dict(os.environ, WENC_SIMD=value)
        return run(args, data, env=env)

    def test_unknown_value_reported_once(self):
        for value in ["avx3", "AVX2", "sse4.1", "neon\t"]:
            r = self.run_with(value, ["-t", "windows-1252"], "caf\u00e9".encode())
            self.assertEqual((r.returncode, r.stdout), (0, h("63 61 66 E9")), value)
            lines = r.stderr.decode().splitlines()
            self.assertEqual(len(lines), 1, lines)
            self.assertRegex(lines[0], r"\Awenc: WENC_SIMD=.* ignored: not a kernel set this "
                             r"build and CPU can run \(scalar, sse2, sse41, avx2, avx512 or "
                             r"neon\); running (scalar|sse2|sse41|avx2|avx512|neon)\Z")
        # In every command, not only the conversion.
        r = self.run_with("fast", ["check", "-"], b"ok")
        self.assertEqual(r.returncode, 0)
        self.assertIn(b"WENC_SIMD=fast ignored", r.stderr)

    def test_known_value_silent(self):
        for value in ["scalar", ""]:
            r = self.run_with(value, ["-t", "windows-1252"], "caf\u00e9".encode())
            self.assertEqual((r.returncode, r.stdout, r.stderr), (0, h("63 61 66 E9"), b""),
                             value)


class FromXml(Case):
    def convert(self, args, data, out, status=0):
        r = run(args, data)
        self.assertEqual((r.returncode, r.stderr, r.stdout), (status, b"", out), args)

    def test_declaration_decides(self):
        # EUC-KR B0 A1 is U+AC00 (EA B0 80).
        doc = b"<?xml version='1.0' encoding='euc-kr'?><a>"
        self.convert(["-f", "xml"], doc + h("B0 A1"), doc + h("EA B0 80"))
        self.convert(["--from=xml", "-t", "utf-16le"], doc + h("B0 A1"),
                     doc.decode().encode("utf-16-le") + h("00 AC"))

    def test_default_utf8_not_windows_1252(self):
        # Where -f html would read 0x80 as U+20AC, XML's default is UTF-8.
        self.convert(["-f", "xml"], b"<a>\xc3\xa9</a>", "<a>é</a>".encode())
        self.convert(["-f", "xml", "-c"], b"<a>\x80</a>", b"<a></a>", 1)

    def test_bom_and_utf16(self):
        self.convert(["-f", "xml"], h("FF FE 3C 00 61 00"), b"<a")
        self.convert(["-f", "xml"], h("00 3C 00 3F 00 78"), b"<?x")

    def test_each_file(self):
        a = self.file("a.xml", b"<?xml version='1.0' encoding='koi8-r'?>\xc1")
        b = self.file("b.xml", b"<x>\xc3\xa9")
        # KOI8-R C1 is U+0430 (D0 B0).
        self.convert(["-f", "xml", a, b], b"",
                     b"<?xml version='1.0' encoding='koi8-r'?>" + h("D0 B0") + b"<x>\xc3\xa9")


class DetectUtf8(Case):
    def test_streams_in_constant_memory(self):
        # 64 MiB of valid UTF-8 through a pipe; wenc's peak resident set,
        # sampled while it reads, stays that of its fixed buffers (the
        # whole file was read into memory before issue 28).
        block = ("<p>" + "é" * 500 + "\n").encode() * 1000
        count = (64 << 20) // len(block)
        p = subprocess.Popen([test_cli.WENC, "sniff", "--detect-utf8"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        hwm = []

        def feed():
            for _ in range(count):
                p.stdin.write(block)
            p.stdin.flush()
            hwm.append(test_cli.peak_rss(p.pid))  # before the end: wenc runs
            p.stdin.write(b"\xff")  # one invalid byte at the very end
            p.stdin.close()

        writer = threading.Thread(target=feed)
        writer.start()
        out = p.stdout.read()  # the answer comes after the last byte
        err = p.stderr.read()
        writer.join()
        self.assertEqual((p.wait(timeout=60), err), (0, b""))
        self.assertEqual(out.decode(), SIN + ": windows-1252 tentative default\n")
        # Under an exe wrapper (qemu-user, wine) the process measured is the
        # emulator, whose own memory is no figure of wenc's.
        if hwm[0] is not None and not os.environ.get("MESON_EXE_WRAPPER"):
            self.assertLess(hwm[0], 16 * 1024, "wenc's peak RSS %d KiB" % hwm[0])

    def test_answers_as_before(self):
        # The whole file decides, also when the prescan's 1024 bytes end
        # inside a character, or the only non-ASCII byte comes late.
        self.assertEqual(run(["sniff", "--detect-utf8"], b"a" * 1023 + "é".encode()).stdout,
                         (SIN + ": UTF-8 tentative autodetect\n").encode())
        self.assertEqual(run(["sniff", "--detect-utf8"], b"a" * 100000 + "é".encode()).stdout,
                         (SIN + ": UTF-8 tentative autodetect\n").encode())
        self.assertEqual(run(["sniff", "--detect-utf8"], b"a" * 100000).stdout,
                         (SIN + ": windows-1252 tentative default\n").encode())
        self.assertEqual(run(["sniff", "--detect-utf8"], "é".encode() + b"\xe2\x82").stdout,
                         (SIN + ": windows-1252 tentative default\n").encode())
        # A <meta> decides before step 8.
        self.assertEqual(run(["sniff", "--detect-utf8"], b"<meta charset=gbk>\xc3\xa9").stdout,
                         (SIN + ": GBK tentative meta\n").encode())


class Docs(Case):
    def test_help(self):
        text = run(["--help"]).stdout.decode()
        for s in ["-l, --list [LABEL]", "-o, --output=FILE", "-c, --omit-invalid",
                  "-V, --version", "//TRANSLIT", "//IGNORE", "abbreviated", "latin1, ascii, "
                  "us-ascii and iso-8859-1 are labels of windows-1252", "[--detect-utf8]",
                  "--format=text|json] [FILE]", "'-f xml'", "SIGPIPE", "dropped with -c"]:
            self.assertIn(s, " ".join(text.split()) if " " in s else text, s)
        self.assertEqual(run(["sniff", "--help"]).stdout.decode().splitlines()[0],
                         "Usage: wenc sniff [--html|--xml] [--transport=T] [--locale=TAG] "
                         "[--detect-utf8]")

    def test_manual(self):
        if not test_cli.MANPAGE:
            self.skipTest("no manual page given")
        with open(test_cli.MANPAGE, encoding="utf-8") as f:
            text = " ".join(f.read().replace("\\-", "-").split())
        for s in ["--list", "-l", "--output", "-o", "--omit-invalid", "-c", "//TRANSLIT",
                  "//IGNORE", "-V", "abbreviat", "-f xml", "--format=json", "--detect-utf8",
                  "141", "SIGPIPE", "us-ascii"]:
            self.assertIn(s, text)

    def test_guide(self):
        if not GUIDE:
            self.skipTest("no guide given")
        with open(GUIDE, encoding="utf-8") as f:
            text = " ".join(f.read().split())
        for s in ["wenc -l sjis", "-o notes.txt notes.txt", "wenc -c", "//TRANSLIT",
                  "//IGNORE", "--fro=sjis", "-f xml", "--format=json --detect-utf8",
                  "SIGPIPE", "`us-ascii`", "-V"]:
            self.assertIn(s, text)


GUIDE = None


def main():
    global GUIDE
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    # In a cross build, a path that runs the tool through the exe wrapper.
    test_cli.WENC = command(os.path.abspath(sys.argv[1]))
    test_cli.INDEX_DIR = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
    test_cli.MANPAGE = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    GUIDE = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
    test_cli.run_tap([List, Output, Omit, IconvSuffixes, Syntax, SniffJson, FromXml,
                      DetectUtf8, Docs])

if __name__ == "__main__":
    main()
