#!/usr/bin/env python3
"""make-corpus.py -- writes the fuzz targets' seed corpora and dictionaries.

    tests/fuzz/make-corpus.py [--index-dir DIR] [--out tests/fuzz]

Writes corpus/<target>/gen-* (replacing every earlier gen-* file; seeds
added by hand use any other name and are kept) and dict/*.dict.  Standard
library only; the output is deterministic.

The seeds are valid text in each encoding and its edge cases: every lead
byte (with a valid, an ASCII and an invalid trail byte), every escape
sequence, boundaries of every range, and the vectors of SPEC-DELTA.md.
With --index-dir (the standard's index-*.txt and encodings.json, e.g.
../shared/whatwg-encoding) the valid text is sampled from the indexes and
the label seeds are every label of encodings.json; without it they come
from byte samples typed in below.  The seeds never come from wenc itself.

Input layouts (tests/fuzz/decode.c, encode.c, fuzz.h; docs/fuzzing.md):
  decode, encode: encoding byte, modes byte, extra byte, schedule count
                  byte, count x (chunk, room) bytes, then the data.
  hooks:          encoding byte, modes byte, schedule, then the data.
  textdecoder:    encoding, modes, stream plan bytes, schedule, then data.
  utf8:           lenient flags, context, max length, schedule, then bytes.
  labels:         the label itself.
  sniff:          options byte, two encoding bytes, then the document.
"""

import argparse
import json
import os
import re
import sys

# The standard's encodings in its order: wenc_encoding_at(i).
ENCODINGS = [
    "UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5",
    "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10",
    "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "KOI8-R",
    "KOI8-U", "macintosh", "windows-874", "windows-1250", "windows-1251",
    "windows-1252", "windows-1253", "windows-1254", "windows-1255",
    "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic", "GBK",
    "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR",
    "replacement", "UTF-16BE", "UTF-16LE", "x-user-defined",
]
NO_ENCODER = {"replacement", "UTF-16BE", "UTF-16LE"}
SINGLE_BYTE = ENCODINGS[1:29]

# A few labels of each encoding, for builds without the index directory.
TYPED_LABELS = [
    "unicode-1-1-utf-8", "utf8", "866", "csisolatin2", "iso-ir-109", "l3",
    "iso8859-4", "cyrillic", "arabic", "greek8", "hebrew", "csiso88598i",
    "latin6", "iso-8859-13", "iso8859-14", "latin9", "iso-8859-16", "koi8",
    "koi8-ru", "mac", "tis-620", "x-cp1250", "x-cp1251", "ascii", "latin1",
    "cp1253", "iso-8859-9", "cp1255", "cp1256", "cp1257", "cp1258",
    "x-mac-ukrainian", "gb2312", "x-gbk", "gb18030", "big5-hkscs", "x-euc-jp",
    "csiso2022jp", "ms932", "windows-31j", "ks_c_5601-1987", "iso-2022-kr",
    "hz-gb-2312", "unicodefffe", "unicode", "ucs-2", "utf-16", "x-user-defined",
]

SPEC_DELTA_LABELS = [b"unicode", b"replacement", b" \tUTF8\n", b"\x0cUtF-16lE\r",
                     b"utf-8\x00", b"\xe2\x84\xaaoi8-r", b"koi8-\xc5\xbf",
                     b"x" * 19, b"x" * 20, b"\t\n\x0c\r ", b"utf-8 utf-8"]


def index_name(encoding):
    """The index file of a single-byte encoding (ISO-8859-8-I shares 8's)."""
    return "iso-8859-8" if encoding == "ISO-8859-8-I" else encoding.lower()


def read_index(index_dir, name):
    """{pointer: code point} of index-NAME.txt."""
    table = {}
    with open(os.path.join(index_dir, "index-%s.txt" % name), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*(\d+)\s+0x([0-9A-Fa-f]+)", line)
            if m:
                table[int(m.group(1))] = int(m.group(2), 16)
    return table


def sample(pointers, count):
    """COUNT pointers spread evenly over the sorted POINTERS, ends included."""
    pointers = sorted(pointers)
    if len(pointers) <= count:
        return pointers
    step = (len(pointers) - 1) / (count - 1)
    return sorted({pointers[round(i * step)] for i in range(count)})


def utf8(cps):
    return "".join(map(chr, cps)).encode("utf-8", "surrogatepass")


# --------------------------------------------------------------------------
# Byte forms of pointers, from the standard's encoder algorithms.

def gb_two(p):
    lead, trail = divmod(p, 190)
    return bytes([lead + 0x81, trail + (0x40 if trail < 0x3F else 0x41)])


def gb_four(p):
    b1, p = divmod(p, 10 * 126 * 10)
    b2, p = divmod(p, 10 * 126)
    b3, b4 = divmod(p, 10)
    return bytes([b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30])


def big5(p):
    lead, trail = divmod(p, 157)
    return bytes([lead + 0x81, trail + (0x40 if trail < 0x3F else 0x62)])


def euc_pointers(table):
    """Pointers that two bytes in A1..FE reach (the rest are Shift_JIS's)."""
    return [p for p in table if p < 94 * 94]


def jis_euc(p):
    lead, trail = divmod(p, 94)
    return bytes([lead + 0xA1, trail + 0xA1])


def jis_7bit(p):
    lead, trail = divmod(p, 94)
    return bytes([lead + 0x21, trail + 0x21])


def sjis(p):
    lead, trail = divmod(p, 188)
    return bytes([lead + (0x81 if lead < 0x1F else 0xC1),
                  trail + (0x40 if trail < 0x3F else 0x41)])


def euc_kr(p):
    lead, trail = divmod(p, 190)
    return bytes([lead + 0x81, trail + 0x41])


# --------------------------------------------------------------------------
# Decoder seeds: name -> bytes, per encoding.

ASCII_TEXT = b"Hello, world! 0123456789 <a href=\"x\">~\\</a>\r\n\t"


def every_lead(lo, hi, trails):
    """Each lead byte in LO..HI followed by each of TRAILS."""
    out = bytearray()
    for lead in range(lo, hi + 1):
        for t in trails:
            out += bytes([lead, t])
    return bytes(out)


def decode_seeds(name, idx):
    """Seeds for NAME's decoder.  IDX: callable giving an index or None."""
    s = {}
    s["ascii"] = ASCII_TEXT
    if name == "UTF-8":
        s["valid"] = utf8([0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x3042, 0xD7FF, 0xE000,
                           0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x1F4A9, 0x10FFFF])
        s["bom"] = b"\xef\xbb\xbfA\xef\xbb\xbf"
        s["invalid"] = (b"\x80\xbf\xc0\x80\xc1\xbf\xc2\x41\xe0\x80\x80\xe0\x9f\xbf"
                        b"\xed\xa0\x80\xed\xbf\xbf\xf0\x80\x80\x80\xf0\x8f\xbf\xbf"
                        b"\xf4\x90\x80\x80\xf5\x80\xfe\xff")
        s["truncated"] = b"\xe2\x82\x41\xf0\x9f\x92\x41\xf0\x9f\xe2\x82"
        s["every-lead"] = every_lead(0x80, 0xFF, [0x80, 0xBF, 0x41])
    elif name in SINGLE_BYTE or name == "x-user-defined":
        s["every-byte"] = bytes(range(256))
        if idx is not None and name != "x-user-defined":
            table = idx(index_name(name))
            s["valid"] = ASCII_TEXT[:16] + bytes(p + 0x80 for p in sorted(table))
    elif name in ("GBK", "gb18030"):
        s["every-lead"] = every_lead(0x80, 0xFF, [0x40, 0x7F, 0xA1, 0xFF, 0x30, 0x41])
        s["four-byte"] = (b"\x81\x30\x81\x30\x81\x35\xf4\x37\x84\x31\xa4\x39\x84\x31\xa5\x30"
                          b"\x90\x30\x81\x30\xe3\x32\x9a\x35\xe3\x32\x9a\x36\x84\x31\x82\x36"
                          b"\xfe\x39\xfe\x39")
        s["delta"] = (b"\x80\xa6\xd9\xfe\x59\x84\x31\xa5\x30\x81\x30\x81\x41\xa3\xa0\xa1\xa1"
                      b"\x81\x30")
        s["truncated"] = b"\x81\x30\x81\x81\x30\xff\x81"
        if idx is not None:
            table = idx("gb18030")
            s["valid-2"] = b"".join(gb_two(p) for p in sample(table, 400))
            ranges = idx("gb18030-ranges")
            four = sorted(set(ranges) | {p - 1 for p in ranges if p} | {39419, 189000, 1237575})
            s["valid-4"] = b"".join(gb_four(p) for p in four if p >= 0)
        else:
            s["valid-2"] = (b"\xc4\xe3\xba\xc3\xca\xc0\xbd\xe7\xd6\xd0\xce\xc4\xa1\xa1\xa3\xac"
                            b"\x81\x40\xfe\xfe\xa2\xe3")
    elif name == "Big5":
        s["every-lead"] = every_lead(0x80, 0xFF, [0x40, 0x7E, 0x7F, 0xA1, 0xFE, 0x41])
        s["delta"] = b"\x88\x62\x88\x64\x88\xa3\x88\xa5\x87\x40\x81\x40\xf9\xf9\xa4\x51\x80\xff"
        s["truncated"] = b"\xa4\x40\xa4"
        if idx is not None:
            s["valid"] = b"".join(big5(p) for p in sample(idx("big5"), 500))
        else:
            s["valid"] = b"\xa7\x41\xa6\x6e\xa5\x40\xac\xc9\xa4\xa4\xa4\xe5\xa1\x40\xc6\x40"
    elif name == "EUC-JP":
        s["every-lead"] = every_lead(0x80, 0xFF, [0xA1, 0xFE, 0x41, 0xFF, 0x8E])
        s["delta"] = (b"\xa1\x8e\xa1\xa1\xff\xa1\x41\xfc\xf1\x8e\xa1\x8e\xdf\x8e\xe0"
                      b"\x8f\xa2\xaf\x8f\xa1\x41\x8f\xfe\xfe\x5c\x7e")
        s["truncated"] = b"\xa4\xa2\xa4\x8f\xa2\x8f"
        if idx is not None:
            s["valid"] = b"".join(jis_euc(p) for p in sample(euc_pointers(idx("jis0208")), 300))
            s["valid-0212"] = b"".join(b"\x8f" + jis_euc(p)
                                       for p in sample(euc_pointers(idx("jis0212")), 200))
        else:
            s["valid"] = b"\xa4\xb3\xa4\xf3\xa4\xcb\xa4\xc1\xa4\xcf\xc6\xfc\xcb\xdc\xb8\xec"
    elif name == "ISO-2022-JP":
        s["escapes"] = (b"a\x1b(Bb\x1b(J\\~\x1b(I!_\x1b$@$\"\x1b$B$\"\x1b(Bz"
                        b"\x1b$A\x1b(C\x1b\x1b$\x1b(\x1bA")
        s["delta"] = (b"\x1b$B$\"\x1b(J\\\x1b(B\x1b(J\\\x1b(B\x1b$B$\x1b(B\x1b(B\x1b(B"
                      b"\x0e\x0f\x1b$B\n$\"\x1b(B")
        s["truncated"] = b"\x1b$B$"
        s["every-byte-jis"] = b"\x1b$B" + every_lead(0x00, 0xFF, [0x21, 0x7E, 0x1B])[:600]
        s["every-byte-katakana"] = b"\x1b(I" + bytes(range(256))
        if idx is not None:
            pts = sample(euc_pointers(idx("jis0208")), 300)
            s["valid"] = b"ASCII \x1b$B" + b"".join(jis_7bit(p) for p in pts) + b"\x1b(B end"
        else:
            s["valid"] = b"\x1b$B$3$s$K$A$OF|K\\8l\x1b(B, \x1b(J\\\x1b(B"
    elif name == "Shift_JIS":
        s["every-lead"] = every_lead(0x80, 0xFF, [0x40, 0x7E, 0x7F, 0x80, 0xFC, 0x22])
        s["delta"] = b"\x82\x22\xf0\x40\xf9\xfc\xee\xef\xfa\x40\x80\xa0\xa1\xdf\xfd\xff\x5c\x7e"
        s["truncated"] = b"\x82\xa0\x82"
        if idx is not None:
            s["valid"] = b"".join(sjis(p) for p in sample(idx("jis0208"), 400))
        else:
            s["valid"] = b"\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd\x93\xfa\x96\x7b\x8c\xea"
    elif name == "EUC-KR":
        s["every-lead"] = every_lead(0x80, 0xFF, [0x41, 0xA1, 0xFE, 0x52, 0xFF])
        s["delta"] = b"\xb0\xa1\xc8\xfe\xfe\xfe\x81\x41\xa1\x41\x80"
        s["truncated"] = b"\xb0\xa1\xb0"
        if idx is not None:
            s["valid"] = b"".join(euc_kr(p) for p in sample(idx("euc-kr"), 500))
        else:
            s["valid"] = b"\xbe\xc8\xb3\xe7\xc7\xcf\xbc\xbc\xbf\xe4"
    elif name == "replacement":
        s["delta"] = b"AB"
        s["empty"] = b""
    elif name in ("UTF-16BE", "UTF-16LE"):
        def units(us):
            order = "big" if name == "UTF-16BE" else "little"
            return b"".join(u.to_bytes(2, order) for u in us)
        s["valid"] = units([0x41, 0xE9, 0x3042, 0xFEFF, 0xD83D, 0xDE00, 0xDBFF, 0xDFFF, 0xFFFD])
        s["invalid"] = units([0xD800, 0x41, 0xDC00, 0xD800, 0xD800, 0xDC00, 0xDBFF]) + b"\x41"
        s["bom"] = b"\xfe\xff\x00\x41" + b"\xff\xfe\x41\x00"
        s["odd"] = units([0x41, 0xD83D]) + b"\x00"
    return s


# --------------------------------------------------------------------------
# Encoder seeds: text as code points.

SPECIAL_CPS = [
    0x00, 0x0E, 0x0F, 0x1B, 0x5C, 0x7E, 0x7F, 0x80, 0xA5, 0xE9, 0x203E, 0x2212, 0x20AC,
    0x3000, 0x3042, 0x4E00, 0x9FB4, 0xE5E5, 0xE78D, 0xE7C7, 0xE81E, 0xF780, 0xF7FF,
    0xFE10, 0xFEFF, 0xFF0D, 0xFF61, 0xFF76, 0xFF9E, 0xFF9F, 0xFFFD, 0xFFFF, 0x10000,
    0x1F600, 0x2A6A5, 0x10FFFF,
]


def encode_text(name, idx):
    """Code points NAME's encoder maps, from the indexes (or typed in)."""
    cps = [ord(c) for c in "Text: "]
    if idx is None:
        cps += [0xE9, 0x3053, 0x3093, 0x65E5, 0x672C, 0x4E2D, 0x6587, 0xD55C, 0x0416]
        return cps
    table = None
    if name in SINGLE_BYTE:
        table = idx(index_name(name))
    elif name in ("GBK", "gb18030"):
        table = idx("gb18030")
    elif name == "Big5":
        table = {p: c for p, c in idx("big5").items() if p >= (0xA1 - 0x81) * 157}
    elif name in ("EUC-JP", "ISO-2022-JP"):
        table = {p: idx("jis0208")[p] for p in euc_pointers(idx("jis0208"))}
    elif name == "Shift_JIS":
        table = idx("jis0208")
    elif name == "EUC-KR":
        table = idx("euc-kr")
    if table:
        cps += [table[p] for p in sample(table, 120)]
    else:
        cps += [0xE9, 0x3042, 0x1F600]
    return cps


def header(enc, modes, extra, schedule):
    out = bytearray([ENCODINGS.index(enc), modes, extra, len(schedule)])
    for chunk, room in schedule:
        out += bytes([chunk, room])
    return bytes(out)


# Schedules: none (one call), tiny chunks and rooms, mixed.
SCHEDULES = [
    [],
    [(0x01, 0x01), (0x03, 0x02), (0x00, 0x00), (0x07, 0x05)],
    [(0x05, 0xC0), (0x82, 0x81), (0x1F, 0x03), (0xC0, 0xC0)],
    [(0x02, 0x10), (0x11, 0x00), (0x01, 0x7F)],
]


def build_decode(idx):
    seeds = {}
    n = 0
    for enc in ENCODINGS:
        for what, data in sorted(decode_seeds(enc, idx).items()):
            for variant in range(2):
                # Vary the modes deterministically: error mode, BOM mode,
                # output form, schedule, fork and empty last call.
                fatal = (n + variant) & 1
                bom = (n // 2 + variant) % 3
                form = (n + 2 * variant) % 3
                modes = fatal | bom << 1 | form << 3
                extra = ((n * 3 + variant) % 16 if variant else 0) | (0x10 if n % 5 == 0 else 0)
                sched = SCHEDULES[(n + variant) % len(SCHEDULES)] if variant else []
                key = "gen-%s-%s-%d" % (enc.lower(), what, variant)
                seeds[key] = header(enc, modes, extra, sched) + data
            n += 1
    return seeds


def build_encode(idx):
    seeds = {}
    n = 0
    mixed = SPECIAL_CPS + [ord(c) for c in "<p>caf\u00e9 \u65e5\u672c</p>"]
    for enc in ENCODINGS:
        dec = decode_seeds(enc, idx)
        text = encode_text(enc, idx) + mixed
        inputs = []
        # Source 3: the encoding's own valid text, decoded by wenc's decoder.
        for what in ("valid", "valid-2", "valid-4", "every-byte", "escapes", "delta"):
            if what in dec:
                inputs.append(("decoded-" + what, 3, dec[what]))
        if enc not in NO_ENCODER:
            u8 = utf8(text)
            inputs.append(("utf8", 0, u8))
            inputs.append(("utf8-ill-formed", 0, u8[:40] + b"\xc0\xe2\x82\xed\xa0\x80\xf4\x90"
                           + u8[40:80] + b"\xe2\x82"))
            u16 = "".join(map(chr, text)).encode("utf-16-le", "surrogatepass")
            inputs.append(("utf16", 1, u16 + b"\x00\xd8\x41\x00\x00\xdc\x3d\xd8"))
            u32 = b"".join(c.to_bytes(4, "little") for c in text)
            inputs.append(("utf32", 2, u32 + b"\x00\xd8\x00\x00\x00\x00\x11\x00"
                           b"\xff\xff\xff\xff\x41\x00\x00\x00"))
        for what, source, data in inputs:
            for variant in range(2):
                html = (n + variant) & 1
                form = (n + variant) % 3
                modes = html | source << 1 | form << 3
                extra = ((n * 5 + variant) % 16 if variant else 0) | (0x10 if n % 7 == 0 else 0)
                sched = SCHEDULES[(n + variant) % len(SCHEDULES)] if variant else []
                key = "gen-%s-%s-%d" % (enc.lower(), what, variant)
                seeds[key] = header(enc, modes, extra, sched) + data
            n += 1
    return seeds


def build_hooks(idx):
    """hooks: encoding, modes, schedule, data (bytes to decode, text)."""
    seeds = {}
    n = 0
    texts = {
        "bom-utf8": b"\xef\xbb\xbfA\xef\xbb\xbf\xc3\xa9",
        "bom-utf16le": b"\xff\xfeA\x00\x3d\xd8\x00\xde\x00\xd8",
        "bom-utf16be": b"\xfe\xff\x00A\xd8\x3d\xde\x00",
        "bom-split": b"\xef\xbb",
        "malformed": b"A\xff\xe2\x82\xed\xa0\x80B",
        "special": utf8(SPECIAL_CPS),
    }
    for enc in ENCODINGS:
        dec = decode_seeds(enc, idx)
        data = dec.get("valid") or dec.get("valid-2") or dec.get("escapes") or dec["ascii"]
        items = [("valid", data[:400])]
        if n % 4 == 0:
            items += sorted(texts.items())
        for what, d in items:
            modes = (n & 1) | ((n >> 1) & 1) << 1
            sched = SCHEDULES[n % len(SCHEDULES)]
            out = bytearray([ENCODINGS.index(enc), modes, len(sched)])
            for chunk, room in sched:
                out += bytes([chunk, room])
            seeds["gen-%s-%s" % (enc.lower(), what)] = bytes(out) + d
            n += 1
    return seeds


def build_textdecoder(idx):
    """textdecoder: encoding, modes, stream plan, schedule, bytes."""
    seeds = {}
    n = 0
    # SPEC-DELTA's TextDecoder vectors, and streams split inside sequences.
    extra = [
        ("UTF-8", b"\xef\xbb\xbfA"), ("UTF-8", b"\xfe\xff"),
        ("UTF-8", b"\xef\xbb\xbf\xef\xbb\xbf"), ("UTF-8", b"\xffAB" + b"C"),
        ("UTF-8", b"\xf0\x9f\x98\x80\xc3"), ("UTF-16LE", b"\xff\xfeA\x00"),
        ("UTF-16BE", b"\xff\xfe\x00A"), ("UTF-16LE", b"\x00\xd8A\x00\x3d"),
        ("windows-1252", b"\xef\xbb\xbf"), ("Shift_JIS", b"\x82\xa0\x82"),
        ("ISO-2022-JP", b"\x1b$B$\"\x1b(B\x1b"), ("gb18030", b"\x81\x30\x81\x30\x81"),
    ]
    inputs = []
    for enc in ENCODINGS:
        dec = decode_seeds(enc, idx)
        data = dec.get("valid") or dec.get("valid-2") or dec.get("escapes") or dec["ascii"]
        inputs.append((enc, data[:200]))
    for enc, data in inputs + extra:
        for variant in range(2):
            modes = (n & 1) | (((n >> 1) & 1) << 1) | (((n + variant) & 1) << 2) \
                | ((n % 3 == 0) << 3) | ((n % 8) << 5)
            plan = (0x55, 0x0F, 0xF3, 0x01)[(n + variant) % 4]
            sched = SCHEDULES[(n + variant) % len(SCHEDULES)] or [(0x03, 0xC0), (0x01, 0xC0)]
            out = bytearray([ENCODINGS.index(enc), modes, plan, len(sched)])
            for chunk, room in sched:
                out += bytes([chunk, room])
            seeds["gen-%s-%02d-%d" % (enc.lower(), n, variant)] = bytes(out) + data
        n += 1
    return seeds


def build_utf8(idx):
    """utf8: lenient flags, render context, max length, schedule, bytes."""
    seeds = {}
    samples = sorted(decode_seeds("UTF-8", idx).items())
    samples += [
        ("cesu8", b"a\xed\xa0\xbd\xed\xb8\x80b\xed\xa0\xbd"),
        ("modified", b"\xc0\x80x\xc1\xbf\xe0\x80\x80\xf0\x80\x80\x80"),
        ("large", b"\xf4\x90\x80\x80\xf7\xbf\xbf\xbf\xf8\x88\x80\x80\x80"
                  b"\xfc\x84\x80\x80\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf\xfe\xff"),
        ("wtf8", b"\xed\xa0\x80\xed\xbf\xbf\xed\x9f\xbf"),
        ("render", "a\tb\u200b\u00e9\u4e2d\U0001F600\x7f\x01".encode() + b"\xe0\x80z"),
        ("utf32", b"A\x00\x00\x00\x00\xd8\x00\x00\xff\xff\x10\x00\x00\x00\x11\x00"),
        # wenc/latin1.h: one-byte text as UTF-8 then U+0100; read as UTF-16LE,
        # units up to 0xFF past a vector step, a pair, a lone surrogate.
        ("latin1", ("caf\u00e9 \u00ff\u0080" * 12 + "\u0100\u00e9").encode()),
        ("utf16-latin1", b"a\x00\xe9\x00" * 40 + b"\x80\x00\x00\x01\x3d\xd8\x00\xde"
                         b"\xff\x00\x00\xdca\x00"),
    ]
    for i, (what, data) in enumerate(samples):
        for variant in range(2):
            flags = (0x00, 0x01, 0x02, 0x06, 0x08, 0x18, 0x1F, 0xE0, 0x5E)[(i + 3 * variant) % 9]
            sched = SCHEDULES[(i + variant) % len(SCHEDULES)]
            out = bytearray([flags, (i * 5 + variant) % 24, (i + variant) % 6, len(sched)])
            for chunk, room in sched:
                out += bytes([chunk, room])
            seeds["gen-%s-%d" % (what, variant)] = bytes(out) + data
    return seeds


# Documents for fuzz-sniff: every branch of the HTML prescan, "get an
# attribute", "get an XML encoding" and the meta content algorithm.
SNIFF_DOCS = [
    b"<meta charset=utf-8>",
    b"<META CHARSET='KOI8-R'>",
    b"<meta/charset=\"gbk\">",
    b"<meta http-equiv=content-type content='text/html; charset=euc-jp'>",
    b"<meta content=\"text/html;charset=big5\" http-equiv=\"Content-Type\">",
    b"<meta charset=bogus charset=utf-8><meta charset=x-user-defined>",
    b"<meta http-equiv=refresh content='charset=gbk'><meta charset=utf-16le>",
    b"<!--><!---><!-- <meta charset=gbk> --><meta charset=shift_jis>",
    b"<!DOCTYPE html><html><head></head><?pi><a b=c d='e>'><meta charset=iso-8859-2>",
    b"</ x><1<<meta a b = c \xc3\xa7=1 =charset=x charset=windows-1251>",
    b"<?xml version='1.0' encoding='koi8-r'?><meta charset=",
    b"<?xml encoding\x01=\x1f\"utf-16\"?>",
    b"<?xml?><p encoding='big5'>",
    b"<\x00?\x00x\x00m\x00l\x00",
    b"\x00<\x00?\x00x\x00m\x00l",
    b"\xef\xbb\xbf<meta charset=gbk>",
    b"\xfe\xff\x00<",
    b"\xff\xfe<\x00",
    b"<meta charset='utf-8",
    b"<!-- unterminated <meta charset=gbk>",
    b"caf\xc3\xa9 <p>",
    b"caf\xe9 \xa4 <p>",
    b"text/html; charset=\"koi\\8-r\", text/html",
    b" " * 1010 + b"<meta charset=gbk>",
]


def build_sniff():
    """sniff: options byte, two encoding bytes (wenc_encoding_at order), document."""
    seeds = {}
    for i, doc in enumerate(SNIFF_DOCS):
        for variant in range(2):
            flags = (0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xC1)[(i + 5 * variant) % 10]
            e1 = (i * 7 + variant) % len(ENCODINGS)
            e2 = (i * 3 + 11 * variant) % len(ENCODINGS)
            seeds["gen-%02d-%d" % (i, variant)] = bytes([flags, e1, e2]) + doc
    return seeds


SNIFF_DICT = [b"<meta", b"<META ", b"charset", b"http-equiv", b"content-type", b"content",
              b"<!--", b"-->", b"<!", b"</", b"<?", b"<?xml", b"encoding", b"='", b'="',
              b"<\x00?\x00x\x00", b"\x00<\x00?\x00x", b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe",
              b"utf-8", b"utf-16", b"x-user-defined", b"gbk", b"shift_jis", b"replacement",
              b"text/html;", b"\\"]


def build_labels(index_dir):
    labels = []
    if index_dir:
        with open(os.path.join(index_dir, "encodings.json"), encoding="utf-8") as f:
            for group in json.load(f):
                for e in group["encodings"]:
                    labels += [l.encode() for l in e["labels"]]
    else:
        labels = [l.encode() for l in TYPED_LABELS]
    seeds = {}
    for l in labels:
        seeds["gen-" + re.sub(r"[^a-z0-9_.-]", "_", l.decode())] = l
    # Case, whitespace and near misses.
    for i, l in enumerate(SPEC_DELTA_LABELS + [b"  UTF-8  ", b"Shift_JIS", b"\x0bu8"]):
        seeds["gen-edge-%02d" % i] = l
    return seeds


# --------------------------------------------------------------------------
# Dictionaries.

def dict_line(b):
    return '"' + "".join(chr(c) if 0x20 <= c < 0x7F and c not in b'"\\' else "\\x%02X" % c
                         for c in b) + '"'


def dict_entries(enc, idx):
    entries = [b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe"]
    seeds = decode_seeds(enc, idx)
    if enc == "ISO-2022-JP":
        entries += [b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b$", b"\x1b("]
    if enc == "UTF-8":
        entries += [utf8([c]) for c in (0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF)]
        entries += [b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\x80"]
    if enc in ("GBK", "gb18030"):
        entries += [b"\x81\x30\x81\x30", b"\x84\x31\xa4\x39", b"\x90\x30\x81\x30",
                    b"\xe3\x32\x9a\x35", b"\x84\x31\xa5\x30", b"\xa6\xd9", b"\x80"]
    if enc in ("UTF-16BE", "UTF-16LE"):
        be = enc == "UTF-16BE"
        for u in (0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFEFF, 0xFFFE):
            entries.append(u.to_bytes(2, "big" if be else "little"))
    valid = seeds.get("valid") or seeds.get("valid-2") or b""
    step = 2
    if enc not in SINGLE_BYTE and enc not in ("UTF-8", "x-user-defined", "replacement"):
        for i in range(0, min(len(valid), 2 * 24), step):
            entries.append(valid[i:i + step])
    seen, out = set(), []
    for e in entries:
        if e and e not in seen:
            seen.add(e)
            out.append(e)
    return out


def write_dicts(dict_dir, idx, labels):
    os.makedirs(dict_dir, exist_ok=True)
    for f in os.listdir(dict_dir):
        if f.endswith(".dict"):
            os.remove(os.path.join(dict_dir, f))
    union = []
    for enc in ENCODINGS:
        entries = dict_entries(enc, idx)
        union += entries
        with open(os.path.join(dict_dir, enc.lower() + ".dict"), "w") as f:
            f.write("# %s: byte sequences for fuzz-decode/fuzz-encode "
                    "(WENC_FUZZ_ENCODING=%s). GENERATED by make-corpus.py.\n" % (enc, enc))
            for e in entries:
                f.write(dict_line(e) + "\n")
    for target in ("decode", "hooks", "textdecoder", "utf8"):
        seen = set()
        with open(os.path.join(dict_dir, target + ".dict"), "w") as f:
            f.write("# Every encoding's entries, for fuzz-%s. GENERATED by make-corpus.py.\n"
                    % target)
            for e in union:
                if e not in seen:
                    seen.add(e)
                    f.write(dict_line(e) + "\n")
    with open(os.path.join(dict_dir, "encode.dict"), "w") as f:
        f.write("# UTF-8 of code points the encoders treat specially, for fuzz-encode.\n"
                "# GENERATED by make-corpus.py.\n")
        for c in SPECIAL_CPS:
            f.write(dict_line(utf8([c])) + "\n")
    with open(os.path.join(dict_dir, "sniff.dict"), "w") as f:
        f.write("# Markup and labels for fuzz-sniff. GENERATED by make-corpus.py.\n")
        for e in SNIFF_DICT:
            f.write(dict_line(e) + "\n")
    with open(os.path.join(dict_dir, "labels.dict"), "w") as f:
        f.write("# Labels, for fuzz-labels. GENERATED by make-corpus.py.\n")
        for l in sorted(set(labels)):
            f.write(dict_line(l) + "\n")


def write_corpus(corpus_dir, seeds):
    os.makedirs(corpus_dir, exist_ok=True)
    for f in os.listdir(corpus_dir):
        if f.startswith("gen-"):
            os.remove(os.path.join(corpus_dir, f))
    for name, data in sorted(seeds.items()):
        with open(os.path.join(corpus_dir, name), "wb") as f:
            f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--index-dir", help="the standard's index files and encodings.json")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)),
                    help="where corpus/ and dict/ go (default: this script's directory)")
    args = ap.parse_args()

    idx = None
    if args.index_dir:
        with open(os.path.join(args.index_dir, "encodings.json"), encoding="utf-8") as f:
            names = [e["name"] for g in json.load(f) for e in g["encodings"]]
        if names != ENCODINGS:
            sys.exit("encodings.json lists other encodings than ENCODINGS in this script")
        cache = {}

        def idx(name):
            if name not in cache:
                cache[name] = read_index(args.index_dir, name)
            return cache[name]

    label_seeds = build_labels(args.index_dir)
    targets = {"decode": build_decode(idx), "encode": build_encode(idx), "labels": label_seeds,
               "hooks": build_hooks(idx), "textdecoder": build_textdecoder(idx),
               "utf8": build_utf8(idx), "sniff": build_sniff()}
    total = 0
    for target, seeds in targets.items():
        write_corpus(os.path.join(args.out, "corpus", target), seeds)
        size = sum(len(v) for v in seeds.values())
        total += size
        print("corpus/%s: %d seeds, %d bytes" % (target, len(seeds), size))
    write_dicts(os.path.join(args.out, "dict"), idx,
                [l for k, l in label_seeds.items() if not k.startswith("gen-edge")])
    print("total %d bytes" % total)


if __name__ == "__main__":
    main()
