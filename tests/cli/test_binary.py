#!/usr/bin/env python3
"""The tool's input and output are bytes on every platform, suite 'cli'.

Usage: test_binary.py WENC

Windows' C runtime opens files and the standard streams in text mode unless
told otherwise: CR LF read as LF, LF written as CR LF, and a 0x1A byte read
as the end of the file (src/cli/platform.c).  Each encoding's round-trip
sample of test_cli.py (typed in from the standard) is converted with those
bytes around it, from standard input and from a file operand, to a pipe and
to a file, both ways; under wine (tests/cli/exe_wrapper.py) this is the
Windows build's binary mode, natively the same bytes.  Python standard
library only; prints TAP."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402
from test_cli import ASCII, MULTI_BYTE, SINGLE_BYTE, Case, h, run  # noqa: E402

# What text mode would change: CR LF, a lone LF and CR, 0x1A (Ctrl-Z, the
# end of a file to MS-DOS), NUL.
AROUND = "\r\n\x1a\n\r\x00"


def samples():
    """(label, text, encoded) for every encoding with an encoder (and the
    UTF-16 output extension), the text between two AROUND."""
    for name, hexbytes, cps in SINGLE_BYTE:
        text = ASCII.decode() + "".join(chr(int(c, 16)) for c in cps.split())
        yield name, text, ASCII + h(hexbytes)
    for label, text, hexbytes in MULTI_BYTE:
        yield label, text, h(hexbytes)


def wrap(label, text, encoded):
    """TEXT and ENCODED with AROUND on both sides, AROUND encoded as the
    standard's UTF-16BE/LE or ASCII (every other encoding has ASCII bytes
    as themselves, ISO-2022-JP in its ASCII state at both ends)."""
    codec = {"utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}.get(label, "ascii")
    around = AROUND.encode(codec)
    return AROUND + text + AROUND, around + encoded + around


class Binary(Case):
    def convert(self, args, data, expected):
        """ARGS on DATA from standard input, then from a file operand, each
        to a pipe and to a file."""
        f = self.file("in", data)
        out = os.path.join(self.dir, "out")
        for operand, stdin in (([], data), ([f], b"")):
            self.ok(args + operand, stdin, expected)
            with open(out, "wb") as o:
                r = subprocess.run([test_cli.WENC] + args + operand, input=stdin, stdout=o,
                                   stderr=subprocess.PIPE, timeout=120)
            self.assertEqual((r.returncode, r.stderr), (0, b""), args + operand)
            with open(out, "rb") as o:
                self.assertEqual(o.read(), expected, args + operand + ["> file"])

    def test_round_trip(self):
        for label, text, encoded in samples():
            with self.subTest(label=label):
                text, encoded = wrap(label, text, encoded)
                utf8 = text.encode()
                self.convert(["-t", label], utf8, encoded)
                self.convert(["-f", label, "--bom=keep"], encoded, utf8)

    def test_positions_count_cr_lf_as_two_bytes(self):
        # LINE counts line feeds, COLUMN characters (CR one of them), the
        # offset bytes (wenc(1)): "a CR LF b CR LF c CR FF", FF at byte 8.
        f = self.file("crlf", b"a\r\nb\r\nc\r\xff")
        self.fails(["--fatal", f], b"", 1, b"a\r\nb\r\nc\r",
                   r"crlf:3:3: malformed input at byte 8")
        r = run(["check", f])
        self.assertEqual(r.returncode, 1)
        self.assertRegex(r.stdout.decode("utf-8", "replace").splitlines()[0],
                         r"crlf:3:3: byte 8: invalid byte \(1 byte: FF\)$")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    test_cli.WENC = test_cli.command(os.path.abspath(sys.argv[1]))
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Binary)
    print("1..%d" % suite.countTestCases(), flush=True)
    result = test_cli.Tap()
    suite.run(result)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
