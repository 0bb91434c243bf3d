#!/usr/bin/env python3
"""gen-tables.py -- generate wenc's compiled-in tables from the Encoding Standard.

Reads the standard's index files and encodings.json from INDEX_DIR (never from
this repository: they are not kept here) and writes, under OUT_ROOT:

  indexes/tables.h            declarations of every generated table
  indexes/<index>.c           decode (pointer -> code point) and encode
                              (code point -> bytes) tables per index
  indexes/single_byte.c       the single-byte indexes, both directions
  indexes/single_byte_small.c the same, small profile
  indexes/registry.c          the encoding registry and the label hash
  indexes/families.h          the handler families (HANDLERS below) as
                              X-macros for the engine's lists
  indexes/REVISION.md         Identifier and Date of every index used
  include/wenc/encodings.h    public handles for every encoding

Standard library only.  Output is deterministic: running it twice on the same
input gives identical bytes, which the `generated-up-to-date` test checks.

Usage: gen-tables.py INDEX_DIR OUT_ROOT
"""

import json
import os
import sys

GENERATOR = "tools/" + os.path.basename(__file__)
NONE16 = 0xFFFF  # "no mapping" in every uint16 table

# Encoding names of the standard mapped to wenc's handler families.  The
# single-byte encodings are recognised by their heading in encodings.json.
FAMILIES = {
    "UTF-8": "UTF8",
    "GBK": "GBK",
    "gb18030": "GB18030",
    "Big5": "BIG5",
    "EUC-JP": "EUC_JP",
    "ISO-2022-JP": "ISO_2022_JP",
    "Shift_JIS": "SHIFT_JIS",
    "EUC-KR": "EUC_KR",
    "replacement": "REPLACEMENT",
    "UTF-16BE": "UTF16BE",
    "UTF-16LE": "UTF16LE",
    "x-user-defined": "X_USER_DEFINED",
}
SINGLE_BYTE_HEADING = "Legacy single-byte encodings"

# The handler families, in the order of the C enum wenc__family: the one
# list of them.  The generator writes it into indexes/families.h for the C
# sources (the enum, the engines' tables of decoders and encoders, the
# default configuration); tools/select-encodings.py (which tells Meson
# what to compile) and tools/amalgamate import it.  Per family: its
# handler file in src/handlers/, the decoder and encoder it uses
# (wenc__<name>_decoder, wenc__<name>_encoder; None: no encoder), and its
# tables in indexes/, where "%D" stands for the table profile's decode
# suffix (".c" or "_small.c") and "%E" for its encode suffix ("_encode.c"
# or "_encode_small.c").  docs/engine.md, "Adding an encoding family".
HANDLERS = {
    "UTF8": ("utf8.c", "utf8", "utf8", []),
    "SINGLE_BYTE": ("single_byte.c", "single_byte", "single_byte", ["single_byte%D"]),
    # GBK's decoder is gb18030's; their encoders differ only in "is GBK".
    "GBK": ("gb18030.c", "gb18030", "gbk", ["gb18030%D", "gb18030_ranges.c", "gb18030%E"]),
    "GB18030": ("gb18030.c", "gb18030", "gb18030",
                ["gb18030%D", "gb18030_ranges.c", "gb18030%E"]),
    "BIG5": ("big5.c", "big5", "big5", ["big5.c", "big5%E"]),
    # Only EUC-JP decodes jis0212 (no encoder produces it).
    "EUC_JP": ("euc_jp.c", "euc_jp", "euc_jp", ["jis0208%D", "jis0212.c", "jis0208%E"]),
    "ISO_2022_JP": ("iso_2022_jp.c", "iso_2022_jp", "iso_2022_jp",
                    ["jis0208%D", "iso_2022_jp_katakana.c", "jis0208%E"]),
    "SHIFT_JIS": ("shift_jis.c", "shift_jis", "shift_jis", ["jis0208%D", "jis0208%E"]),
    "EUC_KR": ("euc_kr.c", "euc_kr", "euc_kr", ["euc_kr%D", "euc_kr%E"]),
    "REPLACEMENT": ("replacement.c", "replacement", None, []),
    "UTF16BE": ("utf16.c", "utf16be", None, []),
    "UTF16LE": ("utf16.c", "utf16le", None, []),
    "X_USER_DEFINED": ("x_user_defined.c", "x_user_defined", "x_user_defined", []),
}


def family_tables(family, small):
    """The table files in indexes/ that FAMILY compiles in a profile."""
    d, e = ("_small.c", "_encode_small.c") if small else (".c", "_encode.c")
    return [t.replace("%D", d).replace("%E", e) for t in HANDLERS[family][3]]
# ISO-8859-8-I has no index of its own (encoding.bs, "Legacy single-byte
# encodings": it shares ISO-8859-8's).
SHARED_INDEX = {"ISO-8859-8-I": "ISO-8859-8"}


# --------------------------------------------------------------------------
# Parsing, exactly as encoding.bs "Indexes" says.

class Index:
    def __init__(self, name, path):
        self.name = name
        self.file = os.path.basename(path)
        self.identifier = None
        self.date = None
        self.entries = []  # (pointer, code point) in file order
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
        for line in text.split("\n"):
            if line.startswith("#"):
                body = line[1:].strip()
                if body.startswith("Identifier:"):
                    self.identifier = body.split(":", 1)[1].strip()
                elif body.startswith("Date:"):
                    self.date = body.split(":", 1)[1].strip()
                continue
            if line == "":
                continue
            fields = line.split("\t")
            pointer = int(fields[0].strip(), 10)
            cp = int(fields[1].strip(), 16)
            self.entries.append((pointer, cp))
        if self.identifier is None or self.date is None:
            sys.exit("%s: no Identifier/Date header" % path)
        self.by_pointer = {}
        for p, c in self.entries:
            if p in self.by_pointer:
                sys.exit("%s: duplicate pointer %d" % (path, p))
            self.by_pointer[p] = c

    def first_pointers(self, exclude=lambda p: False):
        """code point -> first (lowest) pointer, the spec's "index pointer"."""
        out = {}
        for p, c in sorted(self.entries):
            if not exclude(p) and c not in out:
                out[c] = p
        return out

    def banner(self):
        return ("/* GENERATED by %s from %s\n"
                " * (Identifier: %s, Date: %s).\n"
                " * Do not edit: run `meson compile -C build regen`. */\n"
                % (GENERATOR, self.file, self.identifier, self.date))


# --------------------------------------------------------------------------
# C emission helpers.

def c_array(ctype, name, values, fmt, per_line=8, label_width=6):
    """A static-size array, 8 values per line, each line labelled with the
    position of its first value (so one changed entry changes one line)."""
    lines = ["const %s %s[%d] = {" % (ctype, name, len(values))]
    for i in range(0, len(values), per_line):
        chunk = ", ".join(fmt % v for v in values[i:i + per_line])
        lines.append("    /* %*d */ %s," % (label_width, i, chunk))
    lines.append("};")
    return "\n".join(lines) + "\n"


def page_table(mapping, limit, block_bits, empty):
    """Two-level table for code point -> value: top[cp >> bits] is a block
    number, blocks[(block << bits) | (cp & mask)] the value.  Identical
    blocks are shared; block 0 is the empty block."""
    size = 1 << block_bits
    blocks = [tuple([empty] * size)]
    seen = {blocks[0]: 0}
    top = []
    for base in range(0, limit, size):
        blk = tuple(mapping.get(cp, empty) for cp in range(base, base + size))
        if blk not in seen:
            seen[blk] = len(blocks)
            blocks.append(blk)
        top.append(seen[blk])
    flat = [v for b in blocks for v in b]
    return top, flat


def best_page_table(mapping, limit, empty, top_bytes, value_bytes):
    """Pick the block size that makes the smallest table (sizes in bytes)."""
    best = None
    for bits in range(4, 9):
        top, flat = page_table(mapping, limit, bits, empty)
        size = len(top) * top_bytes + len(flat) * value_bytes
        if best is None or size < best[0]:
            best = (size, bits, top, flat)
    return best


# The licences every generated C file carries, so that a copy taken alone
# (or inside the amalgamated wenc.c) says where its data come from: inserted
# by write() before each banner's last line.
DO_NOT_EDIT = " * Do not edit: run `meson compile -C build regen`. */"
LICENCE_NOTICE = (
    " * Part of wenc, Copyright (c) 2026, the wenc developers, BSD 3-Clause\n"
    " * License (LICENSE).  Derived from the WHATWG Encoding Standard's index\n"
    " * files and encodings.json, Copyright (c) WHATWG (Apple, Google, Mozilla,\n"
    " * Microsoft), which the standard licenses under the BSD 3-Clause License\n"
    " * where incorporated into source code (LICENSE-WHATWG).\n")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if path.endswith((".c", ".h")):
        if DO_NOT_EDIT not in text:
            raise SystemExit("gen-tables.py: %s: no banner to add the licences to" % path)
        text = text.replace(DO_NOT_EDIT, LICENCE_NOTICE + DO_NOT_EDIT, 1)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def c_ident(name):
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower())


# --------------------------------------------------------------------------
# Multi-byte indexes.

class Out:
    """Collects one generated .c file and the declarations for tables.h."""

    def __init__(self, banner):
        self.parts = [banner, "\n#include \"tables.h\"\n"]
        self.decls = []
        self.sizes = []  # (description, bytes)

    def array(self, ctype, name, values, fmt, per_line=8):
        width = len(str(max(len(values) - 1, 0)))
        self.parts.append("\n" + c_array(ctype, name, values, fmt, per_line, max(width, 1)))
        self.decls.append("extern const %s %s[%d];" % (ctype, name, len(values)))
        return len(values)

    def define(self, name, value):
        self.decls.append("#define %s %s" % (name, value))


def decode_table_16(index, length):
    return [index.by_pointer.get(p, NONE16) for p in range(length)]


def encode_page_table(out, prefix, mapping, what, entry):
    """The default profile: a page table whose entries are ENTRY(pointer),
    the bytes the encoders write (first byte in the low 8 bits), so that a
    lookup gives them with no arithmetic (src/handlers/<index>.h).  The
    table covers at least the whole BMP (empty blocks past the last code
    point cost one top entry each), so that the compiler drops the limit
    test where it knows the code point is below 0x10000 (a UTF-8
    three-byte sequence, a UTF-16 unit: src/handlers/cjk_bulk.h)."""
    limit = max(max(mapping) + 1, 0x10000)
    if limit > 0x10000:
        # Big5's plane 2 code points, a few hundred and rare in text, are in
        # a sorted list (astral_list): a page table up to them would be
        # mostly empty blocks.
        mapping = {cp: p for cp, p in mapping.items() if cp <= 0xFFFF}
        limit = 0x10000
    values = {cp: entry(p) for cp, p in mapping.items()}
    if any(v == NONE16 or not 0 <= v <= 0xFFFF for v in values.values()):
        sys.exit("%s: an encode entry does not fit 16 bits besides NONE16" % prefix)
    if prefix in SPARSE_RANK:
        encode_hybrid_table(out, prefix, values, limit, what, *SPARSE_RANK[prefix])
        return
    size, bits, top, flat = best_page_table(values, limit, NONE16, 2, 2)
    out.define("WENC__%s_ENC_BITS" % prefix.upper(), bits)
    out.define("WENC__%s_ENC_LIMIT" % prefix.upper(), "0x%X" % limit)
    out.array("uint16_t", "wenc__%s_enc_top" % prefix, top, "%d", 16)
    out.array("uint16_t", "wenc__%s_enc_blocks" % prefix, flat, "0x%04X")
    out.sizes.append(("%s encode (%s, as bytes), default profile" % (prefix, what), size))


# The default profile's encode tables whose sparse blocks are rank blocks
# (encode_hybrid_table): the number of mapped code points below which a
# block of 32 is sparse, and the code points where blocks may be.  EUC-KR:
# its hanja (4888 of the 20992 CJK unified ideographs U+4E00..U+9FFF, and
# 268 compatibility ideographs U+F900..U+FAFF), rare in Korean text, filled
# a third of the page table; the encoder's bulk path leaves them to the
# step function.  Symbols stay in page blocks: Korean text has more of
# them than of hanja.  Big5 and gb18030: every block of CJK Extension A
# (U+3400..U+4DBF; Big5 maps 73 of its code points in 60 blocks, gb18030
# 52 in 31) and of the compatibility ideographs (U+F900..U+FAFF), rare in
# text, which held 6.1 KiB of page blocks (4.5 KiB net; issue 42).
CJK_RARE = ((0x3400, 0x4DC0), (0xF900, 0xFB00))
SPARSE_RANK = {"euc_kr": (16, ((0x4E00, 0xA000), (0xF900, 0xFB00))),
               "big5": (33, CJK_RARE), "gb18030": (33, CJK_RARE)}


def encode_hybrid_table(out, prefix, values, limit, what, sparse, ranges):
    """A page table of 32-slot blocks (as encode_page_table) in which a
    block in RANGES with fewer than SPARSE mapped code points is left empty
    and kept as a rank block instead: a 32-bit set of its code points and
    where their entries start in a dense array, entry = values[base + the
    number of bits below] (src/handlers/rank_table.h, wenc__sparse_lookup).
    Which blocks of 32 code points are rank blocks: a bit set over the block
    numbers, with the count of set bits before each of its words."""
    dense_blocks = [tuple([NONE16] * 32)]
    seen = {dense_blocks[0]: 0}
    top = []
    ranked = [0] * ((limit // 32 + 31) // 32)
    rank_bits, rank_base, rank_values = [], [], []
    for base in range(0, limit, 32):
        blk = tuple(values.get(cp, NONE16) for cp in range(base, base + 32))
        mapped = [v for v in blk if v != NONE16]
        if mapped and len(mapped) < sparse and any(lo <= base < hi for lo, hi in ranges):
            ranked[base // 1024] |= 1 << (base // 32 % 32)
            rank_bits.append(sum(1 << i for i, v in enumerate(blk) if v != NONE16))
            rank_base.append(len(rank_values))
            rank_values.extend(mapped)
            top.append(0)
            continue
        if blk not in seen:
            seen[blk] = len(dense_blocks)
            dense_blocks.append(blk)
        top.append(seen[blk])
    if len(rank_values) > 0xFFFF:
        sys.exit("%s: the rank blocks' entries do not fit 16-bit offsets" % prefix)
    before, count = [], 0
    for word in ranked:
        before.append(count)
        count += bin(word).count("1")
    out.define("WENC__%s_ENC_BITS" % prefix.upper(), 5)
    out.define("WENC__%s_ENC_LIMIT" % prefix.upper(), "0x%X" % limit)
    out.array("uint16_t", "wenc__%s_enc_top" % prefix, top, "%d", 16)
    out.array("uint16_t", "wenc__%s_enc_blocks" % prefix,
              [v for b in dense_blocks for v in b], "0x%04X")
    out.array("uint32_t", "wenc__%s_enc_ranked" % prefix, ranked, "0x%08X", 4)
    out.array("uint16_t", "wenc__%s_enc_ranked_before" % prefix, before, "%4d")
    out.array("uint32_t", "wenc__%s_enc_rank_bits" % prefix, rank_bits, "0x%08X", 4)
    out.array("uint16_t", "wenc__%s_enc_rank_base" % prefix, rank_base, "%5d")
    out.array("uint16_t", "wenc__%s_enc_rank_values" % prefix, rank_values, "0x%04X")
    size = (2 * len(top) + 64 * len(dense_blocks) + 6 * len(ranked) + 6 * len(rank_bits)
            + 2 * len(rank_values))
    out.sizes.append(("%s encode (%s, as bytes; sparse blocks ranked), default profile"
                      % (prefix, what), size))


# The bytes of a pointer as the encoders write them, first byte in the low
# 8 bits (encoding.bs: the last steps of each encoder).
def gb18030_bytes(pointer):
    # gb18030 encoder steps 6-8 (also GBK's).
    trail = pointer % 190
    return (pointer // 190 + 0x81) | (trail + (0x40 if trail < 0x3F else 0x41)) << 8


def big5_bytes(pointer):
    # Big5 encoder steps 5-8.
    trail = pointer % 157
    return (pointer // 157 + 0x81) | (trail + (0x40 if trail < 0x3F else 0x62)) << 8


def euc_kr_bytes(pointer):
    # EUC-KR encoder steps 5-7.
    return (pointer // 190 + 0x81) | (pointer % 190 + 0x41) << 8


def jis0208_entry(pointer):
    # The default profile's jis0208 entry is the Shift_JIS bytes of the
    # first pointer (shift_jis_bytes below): what the Shift_JIS encoder
    # writes with no arithmetic, except for first pointers in rows 88..93
    # (leading byte 0xED..0xEF, see jis0208_shift_jis).  EUC-JP and
    # ISO-2022-JP get row and cell back from the two bytes with two
    # 256-entry tables (jis0208_encode_extra).  The first pointer of every
    # code point is below 8836 (checked in jis0208_shift_jis), so the
    # leading byte is at most 0xEF.
    return shift_jis_bytes(pointer)


def shift_jis_bytes(pointer):
    # Shift_JIS encoder steps 9-13.
    lead, trail = pointer // 188, pointer % 188
    return ((lead + (0x81 if lead < 0x1F else 0xC1))
            | (trail + (0x40 if trail < 0x3F else 0x41)) << 8)


# Per index: both profiles' entry for a pointer, and what else both
# profiles' encode files hold (the function gets the Out and the index).
ENCODE_FORMS = {
    "big5": (big5_bytes, None),
    "gb18030": (gb18030_bytes, lambda out, idx, small: gb18030_encode_check(idx)),
    "euc_kr": (euc_kr_bytes, None),
    "jis0208": (jis0208_entry, lambda out, idx, small: jis0208_encode_extra(idx, out, small)),
}


def gen_encode(idx, root, decls, sizes, prefix, mapping, what, small=None):
    """The encode tables of both profiles, each in a file of its own (the
    build compiles one): <prefix>_encode.c, two-level page tables of the
    bytes, two loads per lookup (default); <prefix>_encode_small.c, rank
    tables of the same bytes (-Dtables=small), unless SMALL (what
    gb18030_small() returned) says that file is written already."""
    entry, extra = ENCODE_FORMS[prefix]
    out = Out(idx.banner())
    encode_page_table(out, prefix, mapping, what, entry)
    astral_list(out, prefix, mapping, "default")
    if extra:
        extra(out, idx, False)
    write(os.path.join(root, "indexes", "%s_encode.c" % prefix), "".join(out.parts))
    decls.append(("%s, encode: default profile" % idx.file, out.decls))
    sizes.extend(out.sizes)
    if small:
        # The sizes of both small files come after the default encode's.
        decls.append(("%s, encode: small profile" % idx.file, small[1]))
        sizes.extend(small[2])
        return
    out = Out(idx.banner())
    if prefix in SEARCH_ENCODERS:
        SEARCH_ENCODERS[prefix](out, idx, mapping)
    elif prefix == "euc_kr":
        euc_kr_small_encode(idx, out)
    if extra:
        extra(out, idx, True)
    write(os.path.join(root, "indexes", "%s_encode_small.c" % prefix), "".join(out.parts))
    decls.append(("%s, encode: small profile" % idx.file, out.decls))
    sizes.extend(out.sizes)


def astral_list(out, prefix, mapping, profile):
    """Code points beyond the BMP (Big5's plane 2 ones, a few hundred and
    rare in text), in both profiles: a sorted list of their low 16 bits and
    one of their pointers, for a binary search (src/handlers/big5.h)."""
    astral = sorted((cp, p) for cp, p in mapping.items() if cp > 0xFFFF)
    if not astral:
        return
    if any(cp >> 16 != 2 for cp, _ in astral):
        sys.exit("%s: encodable astral code point outside plane 2" % prefix)
    out.define("WENC__%s_ASTRAL" % prefix.upper(), len(astral))
    out.array("uint16_t", "wenc__%s_astral_cp" % prefix,
              [cp & 0xFFFF for cp, _ in astral], "0x%04X")
    out.array("uint16_t", "wenc__%s_astral_pointer" % prefix, [p for _, p in astral], "%5d")
    out.sizes.append(("%s encode, plane 2, %s profile" % (prefix, profile), 4 * len(astral)))


# --------------------------------------------------------------------------
# The small profile's Big5 and jis0208 encoders search the decode tables
# (issue 29; src/handlers/big5.h and jis0208.h): the pointers of the
# common entries sorted by code point, a directory by code point block
# into them, runs of consecutive code points, and a linear scan of the
# decode table for the rest.

def sorted_directory(cps, shift):
    """For each block of 1 << SHIFT code points, the index in CPS (sorted)
    of its first one; one more entry at the end."""
    out, i = [], 0
    for b in range((0x10000 >> shift) + 1):
        while i < len(cps) and cps[i] >> shift < b:
            i += 1
        out.append(i)
    return out


def block_bits(cps):
    """A bit per block of 256 code points: some of CPS is in it."""
    words = [0] * 8
    for c in cps:
        words[c >> 13] |= 1 << (c >> 8 & 31)
    return words


def search_sorted(out, prefix, pairs, shift):
    """PAIRS (code point, place in the decode table), sorted by code point,
    written as the places alone and the directory."""
    pairs = sorted(pairs)
    if len(pairs) > 0xFFFF or any(a > 0xFFFF for _, a in pairs):
        sys.exit("%s: sorted pointers do not fit 16 bits" % prefix)
    directory = sorted_directory([c for c, _ in pairs], shift)
    out.define("WENC__%s_SORTED_SHIFT" % prefix.upper(), shift)
    out.array("uint16_t", "wenc__%s_sorted" % prefix, [a for _, a in pairs], "%5d")
    out.array("uint16_t", "wenc__%s_sorted_dir" % prefix, directory, "%5d")
    return 2 * len(pairs) + 2 * len(directory)


BIG5_SORTED_SHIFT = 7


def big5_search(out, idx, mapping):
    """Big5: "index Big5 pointer" (MAPPING) for the symbols and level 1
    hanzi (leading bytes 0xA1..0xC6 up to 0xC67E) and Cyrillic by halves
    in a sorted permutation; the rest (level 2, the ETEN and HKSCS extensions, plane
    2) by a scan of the decode table from 0xC6A1 (plane 2: from 0xA140),
    whose first hit must be the index Big5 pointer: the generator checks
    every code point."""
    first = (0x87 - 0x81) * 157
    floor = (0xA1 - 0x81) * 157
    scan = (0xC6 - 0x81) * 157 + 0xA1 - 0x62
    length = max(idx.by_pointer) + 1
    # And Cyrillic (ETEN's, 0xC7F3..0xC875): Russian text is mostly its
    # letters, which the scan found 240 entries in.
    pairs = [(cp, p - first) for cp, p in mapping.items()
             if floor <= p < scan or 0x0400 <= cp < 0x0500]
    if any(cp > 0xFFFF for cp, _ in pairs):
        sys.exit("big5: a plane 2 code point before the scan")
    size = search_sorted(out, "big5", pairs, BIG5_SORTED_SHIFT)
    scanned = {}
    astral = {}
    for p in range(floor, length):
        cp = idx.by_pointer.get(p)
        if cp is None:
            continue
        if cp > 0xFFFF:
            astral.setdefault(cp, p)
        elif p >= scan:
            scanned.setdefault(cp, p)
    words = block_bits(scanned)
    sorted_cps = {cp: p + first for cp, p in pairs}
    for cp in range(0x10000):
        got = sorted_cps.get(cp)
        if got is None and words[cp >> 13] >> (cp >> 8 & 31) & 1 and cp != NONE16:
            got = scanned.get(cp)
        if got != mapping.get(cp):
            sys.exit("big5: the search gives U+%04X another pointer" % cp)
    for cp in set(astral) | {cp for cp in mapping if cp > 0xFFFF}:
        if astral.get(cp) != mapping.get(cp):
            sys.exit("big5: the scan gives U+%05X another pointer" % cp)
    out.define("WENC__BIG5_SCAN_AT", scan - first)
    out.define("WENC__BIG5_FLOOR_AT", floor - first)
    out.array("uint32_t", "wenc__big5_scan_blocks", words, "0x%08X", 4)
    out.sizes.append(("big5 encode (sorted pointers, directory, scan blocks), small profile",
                      size + 4 * len(words)))


JIS0208_SORTED_SHIFT = 8
JIS0208_RUN_MIN = 8


def jis0208_scan_results(table, first):
    """Code point -> place, for every code point the scan from place FIRST
    finds (src/handlers/jis0208.h, jis0208_scan: the search kernel over
    the flat decode table): its first place from FIRST on."""
    found = {}
    for at in range(first, len(table)):
        if table[at] != NONE16:
            found.setdefault(table[at], at)
    return found


def jis0208_search(out, idx, mapping):
    """jis0208: the first pointer (MAPPING) of rows 1..47 (symbols, kana,
    level 1 kanji) from a direct table (Greek and Cyrillic), runs of
    consecutive code points (kana, Latin) or by halves in a sorted
    permutation; rows 48 on
    (level 2, NEC and IBM extensions) by a scan of the decode table, which
    the small profile keeps flat (issue 42: a delta table saved 3 KiB of
    it and cost a quarter of the decoders' speed on Japanese text).
    Shift_JIS's pointer for first pointers in rows 88..93 ("index
    Shift_JIS pointer" leaves them out) by a scan from pointer 8836, the
    IBM extensions.  Places are in the table without the gap
    (jis0208_layout)."""
    gap_first, gap_end = 8836, 10716
    length = max(idx.by_pointer) + 1
    table = [idx.by_pointer.get(p, NONE16) for p in list(range(gap_first)) + list(range(gap_end, length))]
    scan = 48 * 94
    # Greek and Cyrillic (rows 6 and 7, nearly in code point order, but
    # for a few holes that break the runs): a direct table of their places
    # less row 6's start, one byte per code point of the range.
    direct_first, direct_end, row6 = 0x0391, 0x0452, 5 * 94
    direct = {cp: p for cp, p in mapping.items()
              if direct_first <= cp < direct_end and row6 <= p < row6 + 0xFF}
    chain = sorted((p, cp) for cp, p in mapping.items() if p < scan and cp not in direct)
    runs, cur = [], None
    for p, cp in chain:
        if cur and p == cur[1] + cur[2] and cp == cur[0] + cur[2]:
            cur[2] += 1
        else:
            if cur:
                runs.append(cur)
            cur = [cp, p, 1]
    runs.append(cur)
    runs = sorted(r for r in runs if r[2] >= JIS0208_RUN_MIN)
    in_run = {r[0] + k: r[1] + k for r in runs for k in range(r[2])}
    pairs = [(cp, p) for cp, p in mapping.items()
             if p < scan and cp not in in_run and cp not in direct]
    size = search_sorted(out, "jis0208", pairs, JIS0208_SORTED_SHIFT)

    found = jis0208_scan_results(table, scan)
    words = block_bits(found)
    sorted_cps = dict(pairs)
    run_words = block_bits(in_run)
    for cp in range(0x10000):
        got = direct.get(cp)
        if got is None and run_words[cp >> 13] >> (cp >> 8 & 31) & 1:
            got = in_run.get(cp)
        if got is None:
            got = sorted_cps.get(cp)
        if got is None and words[cp >> 13] >> (cp >> 8 & 31) & 1 and cp != NONE16:
            got = found.get(cp)
        if got != mapping.get(cp):
            sys.exit("jis0208: the search gives U+%04X another pointer" % cp)
    # Shift_JIS: a first pointer in rows 88..93 is searched for again from
    # the IBM extensions (the place of pointer 10716, past the gap).
    ibm = jis0208_scan_results(table, gap_first)
    sjis = idx.first_pointers(exclude=lambda p: 8272 <= p <= 8835)
    for cp, p in mapping.items():
        if p >= 8272:
            want = sjis.get(cp)
            got = ibm.get(cp)
            if (None if want is None else want - (gap_end - gap_first)) != got:
                sys.exit("jis0208: the Shift_JIS scan gives U+%04X another pointer" % cp)
    out.define("WENC__JIS0208_DIRECT_FIRST", "0x%04X" % direct_first)
    out.define("WENC__JIS0208_DIRECT", direct_end - direct_first)
    out.define("WENC__JIS0208_DIRECT_BASE", row6)
    out.array("uint8_t", "wenc__jis0208_direct",
              [direct[c] - row6 if c in direct else 0xFF for c in range(direct_first, direct_end)],
              "0x%02X", 16)
    out.define("WENC__JIS0208_RUNS", len(runs))
    out.define("WENC__JIS0208_SCAN_AT", scan)
    out.define("WENC__JIS0208_IBM_AT", gap_first)
    out.define("WENC__JIS0208_DECODE_LENGTH", len(table))
    out.array("uint16_t", "wenc__jis0208_run_cp", [r[0] for r in runs], "0x%04X")
    out.array("uint16_t", "wenc__jis0208_run_at", [r[1] for r in runs], "%5d")
    out.array("uint16_t", "wenc__jis0208_run_len", [r[2] for r in runs], "%5d")
    out.array("uint32_t", "wenc__jis0208_run_blocks", run_words, "0x%08X", 4)
    out.array("uint32_t", "wenc__jis0208_scan_blocks", words, "0x%08X", 4)
    out.sizes.append(("jis0208 encode (direct, runs, sorted pointers, directory, scan blocks), "
                      "small profile", size + (direct_end - direct_first) + 6 * len(runs)
                      + 4 * len(run_words) + 4 * len(words)))


SEARCH_ENCODERS = {"big5": big5_search, "jis0208": jis0208_search}


def gen_big5(idx, root, decls, sizes):
    out = Out(idx.banner())
    length = max(idx.by_pointer) + 1
    # Decode: the low 16 bits of each code point; astral ones (all in plane 2,
    # checked below) are flagged in a bitset.  Both start at pointer
    # (0x87 - 0x81) * 157: leads 0x81..0x86 have no entry (src/handlers/big5.h).
    first = (0x87 - 0x81) * 157
    if min(idx.by_pointer) < first:
        sys.exit("big5: an entry below leading byte 0x87")
    low = []
    astral = [0] * ((length - first + 31) // 32)
    for p in range(first, length):
        cp = idx.by_pointer.get(p)
        if cp is None:
            low.append(NONE16)
        elif cp > 0xFFFF:
            if cp >> 16 != 2:
                sys.exit("big5: astral code point outside plane 2")
            low.append(cp & 0xFFFF)
            astral[(p - first) // 32] |= 1 << ((p - first) % 32)
        else:
            low.append(cp)
    out.define("WENC__BIG5_POINTERS", length)
    out.define("WENC__BIG5_FIRST", first)
    # The leading bytes whose rows hold an astral code point, a bit per byte
    # 0x80..0xBF and 0xC0..0xFF: the decoders' fast path (src/handlers/big5.c)
    # reads the other rows without the bitset.
    astral_leads = {p // 157 + 0x81 for p, cp in idx.by_pointer.items() if cp > 0xFFFF}
    for base in (0x80, 0xC0):
        mask = sum(1 << (b - base) for b in astral_leads if base <= b < base + 64)
        out.define("WENC__BIG5_ASTRAL_LEADS_%02X" % base, "0x%016XULL" % mask)
    out.array("uint16_t", "wenc__big5_decode", low, "0x%04X")
    out.array("uint32_t", "wenc__big5_astral", astral, "0x%08X", 4)
    out.sizes.append(("big5 decode", 2 * len(low) + 4 * len(astral)))
    # Encode: "index Big5 pointer" -- ignore pointers below (0xA1-0x81)*157,
    # take the last pointer for six code points, else the first.
    floor = (0xA1 - 0x81) * 157
    mapping = idx.first_pointers(exclude=lambda p: p < floor)
    for cp in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345):
        mapping[cp] = max(p for p, c in idx.entries if c == cp and p >= floor)
    write(os.path.join(root, "indexes", "big5.c"), "".join(out.parts))
    decls.append((idx.file, out.decls))
    sizes.extend(out.sizes)
    gen_encode(idx, root, decls, sizes, "big5", mapping, "index Big5 pointer")


DELTA_BITS = 4  # pointers per block of a delta decode table: 1 << DELTA_BITS

def delta_table(table):
    """The small profile's decode table (src/handlers/delta_table.h): per
    block of 16 pointers one uint32_t descriptor.  A block whose code points
    lie within 254 of the smallest is *narrow*: base = that code point (bits
    0..15, never 0: no index maps U+0000), and 16 uint8_t deltas, 0xFF for
    null.  Any other block is *wide* (base 0): 16 uint16_t code points.
    (jis0208's decode table is flat in both profiles: its kana and kanji
    blocks alternate in text, and the lookup's branch went either way at
    random; jis0208_search().)  Bits 16..31 are what to add to a pointer,
    modulo 65536, for its place in the narrow or wide array (identical
    blocks are shared: the empty ones, the PUA rows).  Returns
    (descriptors, narrow, wide)."""
    size = 1 << DELTA_BITS
    table = table + [NONE16] * (-len(table) % size)
    desc, narrow, wide = [], {}, {}
    for at in range(0, len(table), size):
        blk = table[at:at + size]
        cps = [c for c in blk if c != NONE16]
        base = min(cps) if cps else 0
        if max(cps, default=base) - base <= 254:
            key = tuple(0xFF if c == NONE16 else c - base for c in blk)
            number = narrow.setdefault(key, len(narrow))
            desc.append(((number * size - at) & 0xFFFF) << 16 | max(base, 1))
            if base == 0 and cps:
                sys.exit("delta table: U+0000 in an index")
        else:
            number = wide.setdefault(tuple(blk), len(wide))
            desc.append(((number * size - at) & 0xFFFF) << 16)
    if max(len(narrow), len(wide)) * size > 1 << 16:
        sys.exit("delta table: too many blocks")
    return (desc, [d for blk in narrow for d in blk], [c for blk in wide for c in blk])


def gen_simple(idx, root, decls, sizes, prefix, encode, note=None, layout=None, delta_only=False,
               small_tables=None):
    """Decode table over 0..max pointer (or as LAYOUT arranges it: it returns
    the table and defines what its accessor needs), flat in <prefix>.c
    (default profile) and as a delta table in <prefix>_small.c
    (-Dtables=small), or with DELTA_ONLY a delta table in <prefix>.c for
    both; optionally a first-pointer encode table.  SMALL_TABLES, if given,
    writes the small profile's files instead (gb18030_small)."""
    out = Out(idx.banner())
    length = max(idx.by_pointer) + 1
    if any(c > 0xFFFF for _, c in idx.entries):
        sys.exit("%s: unexpected astral code point" % idx.name)
    out.define("WENC__%s_POINTERS" % prefix.upper(), length)
    table = layout(idx, out, length) if layout else decode_table_16(idx, length)
    extra = None
    if note:
        extra = note(idx, out)
    shared = (list(out.parts), list(out.decls), list(out.sizes))
    if prefix == "iso_2022_jp_katakana":
        # 63 entries: nothing to gain, and one profile-independent table.
        out.array("uint16_t", "wenc__%s_decode" % prefix, table, "0x%04X")
        out.sizes.append(("%s decode" % prefix, 2 * len(table)))
        write(os.path.join(root, "indexes", "%s.c" % prefix), "".join(out.parts))
        decls.append((idx.file, out.decls))
        sizes.extend(out.sizes)
        return extra
    if delta_only:
        desc, narrow, wide = delta_table(table)
        out.array("uint32_t", "wenc__%s_decode_blocks" % prefix, desc, "0x%08X", 4)
        out.array("uint8_t", "wenc__%s_decode_narrow" % prefix, narrow, "0x%02X", 16)
        out.array("uint16_t", "wenc__%s_decode_wide" % prefix, wide, "0x%04X")
        out.sizes.append(("%s decode (delta table, both profiles)" % prefix,
                          4 * len(desc) + len(narrow) + 2 * len(wide)))
        write(os.path.join(root, "indexes", "%s.c" % prefix), "".join(out.parts))
        decls.append((idx.file, out.decls))
        sizes.extend(out.sizes)
        return extra
    decls.append((idx.file, shared[1]))
    sizes.extend(shared[2])
    out.decls = []
    out.sizes = []
    out.array("uint16_t", "wenc__%s_decode" % prefix, table, "0x%04X")
    out.sizes.append(("%s decode" % prefix, 2 * len(table)))
    write(os.path.join(root, "indexes", "%s.c" % prefix), "".join(out.parts))
    decls.append(("%s, decode: default profile" % idx.file, out.decls))
    sizes.extend(out.sizes)
    if small_tables:
        small = small_tables(idx, root)
        decls.append(("%s, decode: small profile" % idx.file, small[0]))
        if encode:
            gen_encode(idx, root, decls, sizes, prefix, idx.first_pointers(), "index pointer",
                       small)
        return extra
    small = Out(idx.banner())
    small.parts = shared[0]
    if prefix == "euc_kr":
        euc_kr_small_decode(idx, small)
    elif prefix == "jis0208":
        # Flat in both profiles (jis0208_search()).
        small.array("uint16_t", "wenc__jis0208_decode", table, "0x%04X")
        small.sizes.append(("jis0208 decode, small profile", 2 * len(table)))
    else:
        desc, narrow, wide = delta_table(table)
        small.array("uint32_t", "wenc__%s_decode_blocks" % prefix, desc, "0x%08X", 4)
        small.array("uint8_t", "wenc__%s_decode_narrow" % prefix, narrow, "0x%02X", 16)
        small.array("uint16_t", "wenc__%s_decode_wide" % prefix, wide, "0x%04X")
        small.sizes.append(("%s decode, small profile" % prefix,
                            4 * len(desc) + len(narrow) + 2 * len(wide)))
    write(os.path.join(root, "indexes", "%s_small.c" % prefix), "".join(small.parts))
    decls.append(("%s, decode: small profile" % idx.file, small.decls))
    sizes.extend(small.sizes)
    if encode:
        gen_encode(idx, root, decls, sizes, prefix, idx.first_pointers(), "index pointer")
    return extra


# EUC-KR in the small profile (src/handlers/euc_kr.h; issue 29).  Every
# Hangul syllable U+AC00..U+D7A3 has a pointer, and both of its areas are
# in code point order: KS X 1001's 2350 (leads B0..C8, trails A1..FE) and
# the extension's other 8822 (leads 81..C6, trails 41..5A, 61..7A, 81..FE,
# of which leads A1 and up take those below A1 only).  So one bit per
# syllable (set: KS X 1001) with a count of set bits per 64 gives both
# directions: the Nth set bit is the Nth KS X 1001 syllable, the Nth clear
# bit the Nth extension one.  The rest, symbols (rows A1..AC) and hanja
# (rows CA..FD, by reading), keep a flat table of their rows, which the
# encoder searches.
EUC_KR_HANGUL = (0xAC00, 11172)
EUC_KR_EXT_TRAILS = (list(range(0x41, 0x5B)) + list(range(0x61, 0x7B))
                     + list(range(0x81, 0xFF)))
EUC_KR_SYMBOL_ROWS = (0xA1, 12)  # first leading byte, rows
EUC_KR_HANJA_ROWS = (0xCA, 52)
EUC_KR_HANJA_BLOCKS = ((0x4E00, 0xA000), (0xF900, 0xFB00))
EUC_KR_ZERO_SAMPLE = 64  # an extension syllable's word: every 64th one's


def euc_kr_pointer(lead, trail):
    return (lead - 0x81) * 190 + trail - 0x41


def euc_kr_small_areas(idx):
    """The pointers of the three areas, in the order the accessors number
    them, checked against the index: (KS X 1001 Hangul, extension Hangul,
    other rows)."""
    ks = [euc_kr_pointer(l, t) for l in range(0xB0, 0xC9) for t in range(0xA1, 0xFF)]
    ext = [euc_kr_pointer(l, t) for l in range(0x81, 0xC7) for t in EUC_KR_EXT_TRAILS
           if l < 0xA1 or t < 0xA1]
    ext = ext[:EUC_KR_HANGUL[1] - len(ks)]
    other = [euc_kr_pointer(first + r, t) for first, rows in (EUC_KR_SYMBOL_ROWS, EUC_KR_HANJA_ROWS)
             for r in range(rows) for t in range(0xA1, 0xFF)]
    lo, n = EUC_KR_HANGUL
    for area in (ks, ext):
        cps = [idx.by_pointer.get(p) for p in area]
        if any(c is None or not lo <= c < lo + n for c in cps) or cps != sorted(cps):
            sys.exit("euc-kr: Hangul area not in code point order")
    if ext[-1] != euc_kr_pointer(0xC6, 0x52):
        sys.exit("euc-kr: the extension does not end at C6 52")
    if set(idx.by_pointer) - set(ks) - set(ext) - set(other):
        sys.exit("euc-kr: a pointer outside the small profile's areas")
    for i, p in enumerate(other):
        c = idx.by_pointer.get(p)
        hanja = c is not None and any(a <= c < b for a, b in EUC_KR_HANJA_BLOCKS)
        if c is not None and hanja != (i >= EUC_KR_SYMBOL_ROWS[1] * 94):
            sys.exit("euc-kr: a hanja among the symbols or the reverse")
    return ks, ext, other


def euc_kr_small_decode(idx, out):
    """The Hangul bit set with its rank and select directories, the KS X
    1001 syllables as deltas (the decoder's common case: two loads), and
    the other rows flat."""
    ks, ext, other = euc_kr_small_areas(idx)
    lo, n = EUC_KR_HANGUL
    kscp = [idx.by_pointer[p] for p in ks]
    words = [0] * ((n + 63) // 64)
    for c in kscp:
        words[(c - lo) // 64] |= 1 << ((c - lo) % 64)
    # Per word, the bytes of KS X 1001 syllable number (set bits before
    # it): the encoder adds the count below a syllable to the trailing byte.
    rank, count = [], 0
    for w in words:
        rank.append((0xB0 + count // 94) | (0xA1 + count % 94) << 8)
        count += bin(w).count("1")
    # The word holding every 64th clear bit (the extension syllable
    # select starts there).
    zeros, sample = 0, []
    for i, w in enumerate(words):
        for b in range(64):
            if i * 64 + b < n and not w >> b & 1:
                if zeros % EUC_KR_ZERO_SAMPLE == 0:
                    sample.append(i)
                zeros += 1
    # KS X 1001 syllable k: base[k / 16] + delta[k].
    base = [kscp[k] for k in range(0, len(kscp), 16)]
    delta = [c - base[k // 16] for k, c in enumerate(kscp)]
    if max(delta) > 0xFF or len(words) > 0xFF:
        sys.exit("euc-kr: the Hangul tables do not fit their types")
    values = [idx.by_pointer.get(p, NONE16) for p in other]
    out.define("WENC__EUC_KR_EXTENSION", len(ext))
    out.define("WENC__EUC_KR_HANJA_FIRST", EUC_KR_SYMBOL_ROWS[1] * 94)
    out.define("WENC__EUC_KR_HANJA", EUC_KR_HANJA_ROWS[1] * 94)
    out.define("WENC__EUC_KR_ZERO_SAMPLE", EUC_KR_ZERO_SAMPLE)
    out.array("uint64_t", "wenc__euc_kr_hangul_bits", words, "0x%016X", 4)
    out.array("uint16_t", "wenc__euc_kr_hangul_ks", rank, "0x%04X")
    out.array("uint8_t", "wenc__euc_kr_hangul_zeros", sample, "%3d", 16)
    out.array("uint16_t", "wenc__euc_kr_ks_hangul_base", base, "0x%04X")
    out.array("uint8_t", "wenc__euc_kr_ks_hangul_delta", delta, "0x%02X", 16)
    out.array("uint16_t", "wenc__euc_kr_other", values, "0x%04X")
    out.sizes.append(("euc_kr decode (Hangul bit set, KS X 1001 Hangul deltas, other rows), "
                      "small profile", 8 * len(words) + 2 * len(rank) + len(sample)
                      + 2 * len(base) + len(delta) + 2 * len(values)))


def euc_kr_small_encode(idx, out):
    """The encoder searches the decode tables (euc_kr_small_decode): the
    Hangul bit set's rank, a binary search for symbols through this order
    of their entries by code point, a scan of the hanja rows."""
    _, _, other = euc_kr_small_areas(idx)
    symbols = [(idx.by_pointer[p], i) for i, p in enumerate(other[:EUC_KR_SYMBOL_ROWS[1] * 94])
               if p in idx.by_pointer]
    order = [i for _, i in sorted(symbols)]
    out.define("WENC__EUC_KR_SYMBOLS", len(order))
    out.array("uint16_t", "wenc__euc_kr_symbol_order", order, "%4d", 16)
    out.sizes.append(("euc_kr encode (symbols by code point), small profile", 2 * len(order)))


def jis0208_layout(idx, out, length):
    # Pointers 8836..10715 are Shift_JIS's EUDC area, decoded to U+E000..
    # before the index is consulted (encoding.bs, "Shift_JIS decoder"), and
    # beyond the EUC-JP and ISO-2022-JP pointer space: the index has no entry
    # there, and the table leaves the gap out (src/handlers/jis0208.h).
    first, end = 8836, 10716
    if any(first <= p < end for p in idx.by_pointer):
        sys.exit("jis0208: an entry in the EUDC gap")
    out.define("WENC__JIS0208_GAP_FIRST", first)
    out.define("WENC__JIS0208_GAP_END", end)
    return [idx.by_pointer.get(p, NONE16) for p in list(range(first)) + list(range(end, length))]


def gb18030_encode_check(idx):
    # The encoders' bulk path (src/handlers/gb18030.c, gb18030_encode_cp())
    # relies on the index lookup to stop at U+E5E5 (encoder step 3) and at
    # the code points of the side table (step 5): none may have a pointer.
    side = (0xE78D, 0xE78E, 0xE78F, 0xE790, 0xE791, 0xE792, 0xE793, 0xE794, 0xE795,
            0xE796, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864)
    if any(c == 0xE5E5 or c in side for _, c in idx.entries):
        sys.exit("gb18030: U+E5E5 or a side-table code point is in the index")


def jis0208_encode_check(idx):
    # The bulk paths of the EUC-JP and Shift_JIS encoders look up index
    # jis0208 first and the code points their steps 2-6 treat apart only
    # when it gave null (src/handlers/shift_jis.c, shift_jis_encode_cp()):
    # none of them may have a pointer, and U+FF0D (U+2212's stand-in) must.
    apart = [0x80, 0xA5, 0x203E, 0x2212] + list(range(0xFF61, 0xFFA0))
    if any(c in apart for _, c in idx.entries) or 0xFF0D not in idx.first_pointers():
        sys.exit("jis0208: a code point the encoders treat apart is in the index")


def jis0208_encode_extra(idx, out, small):
    jis0208_encode_check(idx)
    if small:
        # The small profile finds pointers, not bytes (jis0208_search):
        # row and cell are the pointer's quotient and remainder by 94, and
        # rows 88..93 are searched again.
        return
    jis0208_shift_jis(idx, out)
    # Both profiles' entries are Shift_JIS bytes (jis0208_entry):
    # row and cell (EUC-JP and ISO-2022-JP, "index pointer" / 94 and % 94)
    # are wenc__sjis_lead_row[leading] + wenc__sjis_trail_row_cell[trailing],
    # row in the low 8 bits and cell in the next 8.  Undoing Shift_JIS
    # encoder steps 10-12: the leading byte gives the row pair (row / 2),
    # the trailing byte the row's parity and the cell.  Bytes no entry
    # holds get 0.
    lead_row = [0] * 256
    trail_rc = [0] * 256
    for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xF0)):
        lead_row[lead] = 2 * (lead - (0x81 if lead < 0xA0 else 0xC1))
    for trail in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
        t = trail - (0x40 if trail < 0x7F else 0x41)
        trail_rc[trail] = t // 94 | (t % 94) << 8
    for p in range(94 * 94):
        b = shift_jis_bytes(p)
        if lead_row[b & 0xFF] + trail_rc[b >> 8] != p // 94 | (p % 94) << 8:
            sys.exit("jis0208: Shift_JIS bytes do not give row and cell back")
    out.array("uint8_t", "wenc__sjis_lead_row", lead_row, "%2d", 16)
    out.array("uint16_t", "wenc__sjis_trail_row_cell", trail_rc, "0x%04X")
    out.sizes.append(("jis0208 row and cell from Shift_JIS bytes", 3 * 256))


def jis0208_shift_jis(idx, out):
    # "index Shift_JIS pointer" differs from the first pointer only for code
    # points whose first pointer lies in 8272..8835, rows 88..93 exactly.
    # Both profiles' encode files hold, for each pointer of those rows, the
    # Shift_JIS bytes of its code point (NONE16 if it has none or there is
    # no entry): the default profile's lookup gives the row, and a row of 88
    # or more sends the Shift_JIS encoder here with no search.
    first = idx.first_pointers()
    if max(first.values()) >= 8836:
        sys.exit("jis0208: a first pointer at or past 8836 (row 94)")
    lo, hi = 8272, 8835
    if lo != 88 * 94 or hi != 94 * 94 - 1:
        sys.exit("jis0208: the Shift_JIS exclusion is not rows 88..93")
    sjis = idx.first_pointers(exclude=lambda p: lo <= p <= hi)
    # The table stops after the last pointer with an entry: no code point
    # has a first pointer past it.
    last = max(p for p in idx.by_pointer if p <= hi)
    exc = []
    for p in range(lo, last + 1):
        cp = idx.by_pointer.get(p)
        exc.append(shift_jis_bytes(sjis[cp]) if cp is not None and cp in sjis else NONE16)
    out.define("WENC__SJIS_EXC_FIRST", lo)
    out.array("uint16_t", "wenc__sjis_exc_bytes", exc, "0x%04X")
    out.sizes.append(("jis0208 Shift_JIS bytes for rows 88..93", 2 * len(exc)))


# gb18030's small profile (src/handlers/gb18030.h; docs/engine.md, "Table
# profiles").  Index gb18030's pointers are leading byte 0x81..0xFE times 190
# trailing bytes, t = 0..189; each row splits at t = 96 (trailing byte 0xA1)
# into a lower and an upper half.  Rows 0x81..0xA0 and the lower halves of
# 0xAA..0xFE (GBK/3 and GBK/4) hold the 14139 ideographs U+4E00..U+9FA5 that
# GB2312 does not, in code point order, and 101 others at the end (0xFD9C..
# 0xFEA0: compatibility ideographs, radicals, CJK Extension A, PUA); the
# upper halves of 0xAA..0xAF and 0xF8..0xFE and the lower halves of 0xA1..
# 0xA7 are PUA runs (A3A0 excepted: U+3000, the GB18030-2022 change where
# the run would put U+E5E5).  What is left, GB2312's symbol rows, GB2312's
# hanzi and GBK/5 (the lower halves of 0xA8..0xA9), is one flat table.
GB_HALF = 96                      # t of trailing byte 0xA1
GB_URO = (0x4E00, 0x9FA6)         # CJK unified ideographs of GBK
GB_IDEOGRAPHS = 14139             # URO ideographs not in GB2312 (checked)
GB_LEVEL1 = 3755                  # GB2312 level-1 hanzi, rows 0xB0..0xD7
GB_PUA = (0xE000, 0xE766)         # the PUA runs of the row halves
GB_ROW_TABLE, GB_ROW_PUA, GB_ROW_SLOT = 0, 1, 2


def gb18030_small_rows():
    """Per row half (2 * (lead - 0x81) + upper): (kind, add), the code point
    of t being table[add + t] (TABLE), add + t (PUA) or the ideograph slot
    add + t (SLOT, see gb18030_small()); and the table's row halves in
    order: the lower halves of 0xA8..0xA9, then the upper halves of 0xA1..
    0xA9 and 0xB0..0xF7."""
    rows, table_halves = [], []
    tables = [(l, 0) for l in (0xA8, 0xA9)] + [(l, 1) for l in range(0xA1, 0xAA)]
    tables += [(l, 1) for l in range(0xB0, 0xF8)]
    at = 0
    for lead, upper in tables:
        table_halves.append((lead, upper, at))
        at += 94 if upper else GB_HALF
    where = {(l, u): a for l, u, a in table_halves}
    for lead in range(0x81, 0xFF):
        for upper in (0, 1):
            start = GB_HALF if upper else 0
            if (lead, upper) in where:
                rows.append((GB_ROW_TABLE, where[lead, upper] - start))
            elif lead <= 0xA0:
                rows.append((GB_ROW_SLOT, (lead - 0x81) * 190))
            elif not upper and lead >= 0xAA:
                rows.append((GB_ROW_SLOT, 32 * 190 + (lead - 0xAA) * GB_HALF))
            elif not upper:
                rows.append((GB_ROW_PUA, 0xE4C6 + (lead - 0xA1) * GB_HALF))
            elif lead <= 0xAF:
                rows.append((GB_ROW_PUA, 0xE000 + (lead - 0xAA) * 94 - start))
            else:
                rows.append((GB_ROW_PUA, 0xE234 + (lead - 0xF8) * 94 - start))
    return rows, table_halves


def gb18030_small(idx, root):
    """The small profile's tables of index gb18030, in place of gen_simple()'s
    delta and rank tables: gb18030_small.c (decode, and what the encoder
    shares with it) and gb18030_encode_small.c.  Every lookup is checked
    here against the index for every pointer and code point.  Returns the
    declarations of each file and the sizes of both."""
    bp, first = idx.by_pointer, idx.first_pointers()
    rows, halves = gb18030_small_rows()
    table = []
    for lead, upper, _ in halves:
        base = (lead - 0x81) * 190 + (GB_HALF if upper else 0)
        table.extend(bp[p] for p in range(base, base + (94 if upper else GB_HALF)))
    hanzi_at = halves[2 + 9][2]  # the upper half of 0xB0
    hanzi = table[hanzi_at:]
    gb2312 = {c for c in hanzi if GB_URO[0] <= c < GB_URO[1]}
    level1 = sorted((c, o) for o, c in enumerate(hanzi[:GB_LEVEL1]))
    if len(gb2312) != len(hanzi) - 5 or any(not GB_URO[0] <= c < GB_URO[1] for c, _ in level1):
        sys.exit("gb18030: GB2312's hanzi rows are not 6763 + 5 PUA")
    # The slots: every pointer of a SLOT row half, in pointer order.
    slots = [p for p in range(len(bp)) if rows[2 * (p // 190) + (p % 190 >= GB_HALF)][0]
             == GB_ROW_SLOT]
    uro_rest = [c for c in range(*GB_URO) if c not in gb2312]
    if [bp[p] for p in slots[:GB_IDEOGRAPHS]] != uro_rest or len(uro_rest) != GB_IDEOGRAPHS:
        sys.exit("gb18030: GBK/3-4 do not hold the other URO ideographs in order")
    bottom = [bp[p] for p in slots[GB_IDEOGRAPHS:]]
    # The GB2312 bit set over the URO, 64 code points a word (padding bits
    # set), with the number of set bits before each word and, per word, of
    # level-1 hanzi (both with one entry past the last word).
    n = GB_URO[1] - GB_URO[0]
    words = [0] * ((n + 63) // 64)
    for i in range(len(words) * 64):
        if i >= n or GB_URO[0] + i in gb2312:
            words[i // 64] |= 1 << (i % 64)
    rank, count = [], 0
    for w in range(len(words) + 1):
        rank.append(count)
        if w < len(words):
            count += bin(words[w]).count("1")
    # Which of the GB2312 hanzi, in code point order, are level-1 ones: a
    # bit set over that order, with the set bits before each word.
    l1_cps = {c for c, _ in level1}
    l1_set = [0] * ((len(gb2312) + 63) // 64)
    for r, c in enumerate(sorted(gb2312)):
        if c in l1_cps:
            l1_set[r // 64] |= 1 << (r % 64)
    l1_rank, count = [], 0
    for w in l1_set:
        l1_rank.append(count)
        count += bin(w).count("1")
    # The word holding every 256th slot (the select directory).
    zeros = [64 * w - rank[w] for w in range(len(words) + 1)]
    select = [max(w for w in range(len(words)) if zeros[w] <= k)
              for k in range(0, GB_IDEOGRAPHS, 256)]
    # Everything else the encoders find: the code points outside the URO and
    # the PUA runs, sorted, with their pointers.
    other = sorted((c, p) for c, p in first.items()
                   if not (GB_URO[0] <= c < GB_URO[1] or GB_PUA[0] <= c < GB_PUA[1]))

    def decode(p):
        kind, add = rows[2 * (p // 190) + (p % 190 >= GB_HALF)]
        v = add + p % 190
        if kind == GB_ROW_TABLE:
            return table[v]
        if kind == GB_ROW_PUA:
            return 0x3000 if v == 0xE5E5 else v
        return uro_rest[v] if v < GB_IDEOGRAPHS else bottom[v - GB_IDEOGRAPHS]

    slot_of = {c: k for k, c in enumerate(uro_rest)}
    other_of = dict(other)

    def encode(c):
        if GB_URO[0] <= c < GB_URO[1]:
            if c not in gb2312:
                return slots[slot_of[c]]
            o = [o for x, o in level1 if x == c] or [hanzi.index(c, GB_LEVEL1)]
            return (0xB0 - 0x81) * 190 + GB_HALF + o[0] // 94 * 190 + o[0] % 94
        if GB_PUA[0] <= c < GB_PUA[1]:
            for lo, lead, width in ((0xE000, 0xAA, 94), (0xE234, 0xF8, 94), (0xE4C6, 0xA1, 96)):
                o = c - lo
                if 0 <= o < (564 if lo == 0xE000 else 658 if lo == 0xE234 else 672):
                    return (None if c == 0xE5E5 else (lead - 0x81 + o // width) * 190
                            + (GB_HALF if width == 94 else 0) + o % width)
        return other_of.get(c)

    import bisect
    if any(decode(p) != bp[p] for p in range(len(bp))):
        sys.exit("gb18030: the small profile's decode differs from the index")
    if any(encode(c) != first.get(c) for c in range(0x80, 0x10000)):
        sys.exit("gb18030: the small profile's encode differs from the index")
    if len(words) * 64 >= 1 << 16 or len(bp) != 126 * 190:
        sys.exit("gb18030: the small profile's fields do not fit")
    out = Out(idx.banner())
    out.define("WENC__GB18030_IDEOGRAPHS", GB_IDEOGRAPHS)
    out.define("WENC__GB18030_URO_FIRST", "0x%04X" % GB_URO[0])
    out.define("WENC__GB18030_URO_COUNT", n)
    out.define("WENC__GB18030_HANZI_AT", hanzi_at)
    out.array("uint32_t", "wenc__gb18030_rows", [k << 16 | a for k, a in rows], "0x%05X")
    out.array("uint16_t", "wenc__gb18030_table", table, "0x%04X")
    out.array("uint16_t", "wenc__gb18030_bottom", bottom, "0x%04X")
    out.array("uint64_t", "wenc__gb18030_gb2312", words, "0x%016Xu", 4)
    out.array("uint16_t", "wenc__gb18030_gb2312_rank", rank, "%4d", 16)
    out.array("uint16_t", "wenc__gb18030_select", select, "%3d", 16)
    out.sizes.append(("gb18030 decode, small profile",
                      4 * len(rows) + 2 * len(table) + 2 * len(bottom) + 8 * len(words)
                      + 2 * len(rank) + 2 * len(select)))
    write(os.path.join(root, "indexes", "gb18030_small.c"), "".join(out.parts))
    decode_decls, decode_sizes = out.decls, out.sizes
    out = Out(idx.banner())
    out.define("WENC__GB18030_LEVEL1", GB_LEVEL1)
    out.array("uint16_t", "wenc__gb18030_level1", [o for _, o in level1], "%4d", 16)
    out.array("uint64_t", "wenc__gb18030_level1_set", l1_set, "0x%016Xu", 4)
    out.array("uint16_t", "wenc__gb18030_level1_rank", l1_rank, "%4d", 16)
    # Where each block of 256 code points starts in the list (and one past
    # the last): the search covers one block, and none in the blocks with
    # nothing (Hangul, which goes to the four-byte ranges).
    other_cps = [c for c, _ in other]
    blocks = [bisect.bisect_left(other_cps, b << 8) for b in range(257)]
    out.array("uint16_t", "wenc__gb18030_other_block", blocks, "%4d", 16)
    out.array("uint16_t", "wenc__gb18030_other_cp", other_cps, "0x%04X")
    out.array("uint16_t", "wenc__gb18030_other_pointer", [p for _, p in other], "%5d")
    out.sizes.append(("gb18030 encode, small profile",
                      2 * len(level1) + 10 * len(l1_set) + 2 * len(blocks) + 4 * len(other)))
    write(os.path.join(root, "indexes", "gb18030_encode_small.c"), "".join(out.parts))
    return decode_decls, out.decls, decode_sizes + out.sizes


def gen_gb18030_ranges(idx, root, decls, sizes):
    out = Out(idx.banner())
    rows = sorted(idx.entries)
    if [c for _, c in rows] != sorted(c for _, c in rows):
        sys.exit("gb18030 ranges: code points not increasing with pointers")
    out.define("WENC__GB18030_RANGES", len(rows))
    out.array("uint32_t", "wenc__gb18030_ranges_pointer", [p for p, _ in rows], "%7d")
    out.array("uint32_t", "wenc__gb18030_ranges_cp", [c for _, c in rows], "0x%05X")
    out.sizes.append(("gb18030 ranges (both directions)", 8 * len(rows)))
    write(os.path.join(root, "indexes", "gb18030_ranges.c"), "".join(out.parts))
    decls.append((idx.file, out.decls))
    sizes.extend(out.sizes)


# --------------------------------------------------------------------------
# Single-byte indexes and the registry.

def gen_single_byte(sb_indexes, root, decls, sizes):
    banner = ("/* GENERATED by %s from the single-byte index files:\n" % GENERATOR
              + "".join(" *   %s (Identifier: %s, Date: %s)\n" % (i.file, i.identifier, i.date)
                        for i in sb_indexes)
              + " * Do not edit: run `meson compile -C build regen`. */\n")
    out = Out(banner)
    # Decode: one row of 128 code points per index (byte - 0x80).
    dec = []
    for i in sb_indexes:
        dec.extend(i.by_pointer.get(p, NONE16) for p in range(128))
    out.define("WENC__SB_INDEXES", len(sb_indexes))
    # Indexes that map every byte: their decoders need no error check.
    total = sum(1 << n for n, i in enumerate(sb_indexes) if len(i.by_pointer) == 128)
    out.define("WENC__SB_TOTAL", "0x%XU" % total)
    out.array("uint16_t", "wenc__sb_decode", dec, "0x%04X")
    out.sizes.append(("single-byte decode (all %d indexes)" % len(sb_indexes), 2 * len(dec)))
    # Decode to UTF-8: the same rows as ready-made UTF-8 sequences, packed
    # little-endian (first byte lowest) so one 32-bit store writes them, with
    # the length minus one in the top byte (an ASCII byte, stored as itself,
    # has 0 there).  0xFFFFFFFF = no mapping.
    dec8 = []
    for cp in dec:
        if cp == NONE16:
            dec8.append(0xFFFFFFFF)
            continue
        seq = chr(cp).encode("utf-8")
        if not 2 <= len(seq) <= 3:
            sys.exit("single-byte decode: U+%04X is not a 2- or 3-byte sequence" % cp)
        dec8.append(int.from_bytes(seq, "little") | (len(seq) - 1) << 24)
    out.array("uint32_t", "wenc__sb_decode_utf8", dec8, "0x%08X")
    out.sizes.append(("single-byte decode to UTF-8 (all %d indexes)" % len(sb_indexes),
                      4 * len(dec8)))
    # Per index the two longest runs of bytes that map to consecutive code
    # points (U+00A0 and up: letters, not the C1 controls), for vector
    # decoding: first byte | run length << 8 | (first code point - first
    # byte) mod 2^16 << 16.  Length 0 = no run.
    runs = []
    for i in sb_indexes:
        found, p = [], 0
        while p < 128:
            q = p
            if i.by_pointer.get(p, 0) >= 0xA0:
                while q + 1 < 128 and i.by_pointer.get(q + 1) == i.by_pointer[q] + 1:
                    q += 1
                found.append((q - p + 1, p))
            p = q + 1
        found.sort(key=lambda r: (-r[0], r[1]))
        for k in range(2):
            n, p = found[k] if k < len(found) and found[k][0] >= 8 else (0, 0)
            runs.append((p + 0x80) | n << 8 | ((i.by_pointer.get(p, 0) - p - 0x80) & 0xFFFF) << 16
                        if n else 0)
    out.array("uint32_t", "wenc__sb_decode_runs", runs, "0x%08X", 2)
    out.sizes.append(("single-byte decode runs (all %d indexes)" % len(sb_indexes), 4 * len(runs)))
    # Encode: per index a top level (code point >> 7) into a pool of
    # 128-byte blocks shared by all indexes; 0 = no mapping (an encoded byte
    # is always pointer + 0x80).  ASCII maps to itself (one block shared by
    # all), so bulk loops need no branch on it; U+0000 gives 0 too, which
    # they must tell apart from no mapping.  Each top stops after the block
    # of the index's largest code point, plus one entry for the empty block:
    # lookups clamp code point >> 7 to that last entry
    # (src/handlers/single_byte.c, sb_encode_byte()), so the tops cover the
    # BMP in a few dozen bytes each instead of 512.
    bits = 7
    pool = [tuple([0] * 128)]
    seen = {pool[0]: 0}
    tops, top_at, top_last = [], [], []
    for i in sb_indexes:
        mapping = {c: p + 0x80 for c, p in i.first_pointers().items()}
        mapping.update((c, c) for c in range(0x80))
        if max(mapping) > 0xFFFF:
            sys.exit("%s: astral code point" % i.name)
        top_at.append(len(tops))
        for base in range(0, max(mapping) + 1, 1 << bits):
            blk = tuple(mapping.get(cp, 0) for cp in range(base, base + 128))
            if blk not in seen:
                seen[blk] = len(pool)
                pool.append(blk)
            tops.append(seen[blk])
        top_last.append(len(tops) - top_at[-1])
        tops.append(0)
    if len(pool) > 256:
        sys.exit("single-byte encode: too many blocks for uint8_t")
    out.array("uint8_t", "wenc__sb_enc_top", tops, "%3d", 16)
    out.array("uint16_t", "wenc__sb_enc_top_at", top_at, "%4d")
    out.array("uint16_t", "wenc__sb_enc_top_last", top_last, "%4d")
    out.array("uint8_t", "wenc__sb_enc_blocks", [v for b in pool for v in b], "0x%02X", 16)
    out.sizes.append(("single-byte encode (all %d indexes)" % len(sb_indexes),
                      len(tops) + 4 * len(top_at) + 128 * len(pool)))
    write(os.path.join(root, "indexes", "single_byte.c"), "".join(out.parts))
    # The small profile (single_byte_small.c, issue 29): the decode table and
    # the runs as above, no UTF-8 sequences (the decoder computes them), and
    # instead of the two-level encode table each index's 128 pointers in
    # the order of their code points (unmapped ones, 0xFFFF, last), which
    # the encoder searches by halves after trying the runs
    # (src/simd/sb/sb_kernels.h, wenc__sb_encode_byte()).  The search and
    # the runs give the byte of the first pointer only because no index
    # maps a code point twice, nor an ASCII one: checked here.
    small = Out(banner)
    small.array("uint16_t", "wenc__sb_decode", dec, "0x%04X")
    small.array("uint32_t", "wenc__sb_decode_runs", runs, "0x%08X", 2)
    order = []
    for i in sb_indexes:
        cps = [c for c in i.by_pointer.values()]
        if len(set(cps)) != len(cps) or min(cps) < 0x80:
            sys.exit("%s: a code point mapped twice, or an ASCII one" % i.name)
        order.extend(sorted(range(128), key=lambda p: (i.by_pointer.get(p, NONE16), p)))
    small.array("uint8_t", "wenc__sb_enc_order", order, "%3d", 16)
    sizes.append(("single-byte encode, small profile: code point order (all %d indexes)"
                  % len(sb_indexes), len(order)))
    write(os.path.join(root, "indexes", "single_byte_small.c"), "".join(small.parts))
    both = ("wenc__sb_decode[", "wenc__sb_decode_runs[", "WENC__SB_")
    decls.append(("single-byte indexes", [d for d in out.decls if any(b in d for b in both)]))
    decls.append(("single-byte indexes, decode: default profile",
                  [d for d in out.decls if "wenc__sb_decode_utf8[" in d]))
    decls.append(("single-byte indexes, encode: default profile",
                  [d for d in out.decls if "wenc__sb_enc_" in d]))
    decls.append(("single-byte indexes, encode: small profile",
                  [d for d in small.decls if "wenc__sb_enc_order[" in d]))
    sizes.extend(out.sizes)


def fnv1a(data, seed):
    h = (2166136261 ^ seed) & 0xFFFFFFFF
    for b in data:
        h ^= b
        h = (h * 16777619) & 0xFFFFFFFF
    return h


def perfect_hash(keys, buckets, slots):
    """Hash-and-displace: bucket = fnv(key, 0) % buckets, slot =
    fnv(key, disp[bucket]) % slots, with disp chosen per bucket so that no
    two keys share a slot.  Deterministic (buckets in a fixed order)."""
    groups = [[] for _ in range(buckets)]
    for k in keys:
        groups[fnv1a(k, 0) % buckets].append(k)
    order = sorted(range(buckets), key=lambda b: (-len(groups[b]), b))
    disp = [0] * buckets
    table = [None] * slots
    for b in order:
        if not groups[b]:
            continue
        for d in range(1, 1 << 16):
            pos = [fnv1a(k, d) % slots for k in groups[b]]
            if len(set(pos)) == len(pos) and all(table[s] is None for s in pos):
                break
        else:
            sys.exit("perfect hash: no displacement found")
        disp[b] = d
        for k, s in zip(groups[b], pos):
            table[s] = k
    return disp, table


def gen_registry(encodings_json, sb_names, root, label_sizes):
    with open(encodings_json, "rb") as f:
        groups = json.loads(f.read().decode("utf-8"))
    encs = []  # (name, family, labels, sb index number or None)
    for g in groups:
        for e in g["encodings"]:
            name = e["name"]
            if g["heading"] == SINGLE_BYTE_HEADING:
                fam = "SINGLE_BYTE"
                sb = sb_names.index(SHARED_INDEX.get(name, name))
            else:
                fam = FAMILIES[name]
                sb = None
            encs.append((name, fam, list(e["labels"]), sb))
    labels = []  # (label, encoding number)
    for n, (name, _, labs, _) in enumerate(encs):
        for lab in labs:
            if lab != lab.lower() or not lab.isascii():
                sys.exit("label %r is not lowercase ASCII" % lab)
            labels.append((lab, n))
    labels.sort()
    maxlen = max(len(l) for l, _ in labels)
    keys = [l.encode("ascii") for l, _ in labels]
    buckets, slots = 64, 512
    disp, table = perfect_hash(keys, buckets, slots)
    label_no = {k: i for i, k in enumerate(keys)}

    banner = ("/* GENERATED by %s from encodings.json.\n"
              " * Do not edit: run `meson compile -C build regen`. */\n" % GENERATOR)
    c = [banner, "\n#include \"engine/internal.h\"\n\n"]
    c.append("/* Every label, sorted, with its encoding. */\n")
    c.append("const wenc__label wenc__labels[WENC__LABEL_COUNT] = {\n")
    for i, (lab, n) in enumerate(labels):
        c.append("    /* %3d */ {\"%s\", %d, %d},\n" % (i, lab, len(lab), n))
    c.append("};\n\n")
    c.append("/* Perfect hash over the labels (hash and displace, FNV-1a): see\n"
             " * wenc__label_lookup() in src/engine/encoding.c. */\n")
    c.append(c_array("uint16_t", "wenc__label_disp", disp, "%5d", 8, 2))
    c.append(c_array("uint8_t", "wenc__label_slots",
                     [0 if k is None else label_no[k] + 1 for k in table], "%3d", 16, 3))
    # Per-encoding label lists: indexes into wenc__labels.
    c.append("\nstatic const uint8_t labels_of[] = {\n")
    firsts = []
    pos = 0
    for n, (name, _, labs, _) in enumerate(encs):
        ids = [label_no[l.encode("ascii")] for l in sorted(labs)]
        firsts.append((pos, len(ids)))
        pos += len(ids)
        c.append("    /* %-14s */ %s,\n" % (name, ", ".join(str(i) for i in ids)))
    c.append("};\n\n")
    for n, (name, fam, labs, sb) in enumerate(encs):
        first, count = firsts[n]
        c.append("const wenc_encoding wenc_encoding_%s = {\n" % c_ident(name))
        c.append("    \"%s\", \"%s\", %d, WENC__FAMILY_%s, %s,\n"
                 % (name, name.lower(), n, fam, -1 if sb is None else sb))
        c.append("    labels_of + %d, %d,\n};\n" % (first, count))
    c.append("\nconst wenc_encoding *const wenc__encodings[WENC__ENCODING_COUNT] = {\n")
    for name, _, _, _ in encs:
        c.append("    &wenc_encoding_%s,\n" % c_ident(name))
    c.append("};\n")
    write(os.path.join(root, "indexes", "registry.c"), "".join(c))

    h = [banner.replace("/* GENERATED", "/* wenc/encodings.h -- GENERATED"), "\n"]
    h.append("#ifndef WENC_ENCODINGS_H\n#define WENC_ENCODINGS_H\n\n")
    h.append("/* One static singleton per encoding of the Encoding Standard, in the\n"
             "** standard's order.  Compare by pointer; never free.  WENC_<NAME> is a\n"
             "** const wenc_encoding * usable anywhere an encoding is expected. */\n")
    for name, _, _, _ in encs:
        h.append("WENC_API extern const wenc_encoding wenc_encoding_%s;\n" % c_ident(name))
    h.append("\n")
    for name, _, _, _ in encs:
        macro = "WENC_" + c_ident(name).upper()
        h.append("#define %-26s (&wenc_encoding_%s)\n" % (macro, c_ident(name)))
    h.append("\n/* Number of encodings: wenc_encoding_at(0 .. WENC_ENCODING_COUNT - 1). */\n")
    h.append("#define WENC_ENCODING_COUNT %d\n" % len(encs))
    h.append("\n#endif\n")
    write(os.path.join(root, "include", "wenc", "encodings.h"), "".join(h))
    label_sizes.append(("labels: %d labels, hash %d buckets/%d slots, longest %d"
                        % (len(labels), buckets, slots, maxlen),
                        len(labels) * 16 + 2 * buckets + slots + pos))
    return len(encs), len(labels), maxlen


# --------------------------------------------------------------------------

def gen_families(root):
    """indexes/families.h: HANDLERS as the X-macros the C lists need."""
    def xmacro(name, items):
        return "#define %s(X) \\\n%s\n" % (name, " \\\n".join("    X(%s)" % i for i in items))
    h = ["/* GENERATED by %s from its list HANDLERS: the handler families.\n"
         " * Do not edit: run `meson compile -C build regen`. */\n\n" % GENERATOR,
         "#ifndef WENC_INDEXES_FAMILIES_H\n#define WENC_INDEXES_FAMILIES_H\n\n",
         "/* X(FAMILY) for every family, in the order of enum wenc__family. */\n",
         xmacro("WENC__FAMILIES", list(HANDLERS)), "\n",
         "/* X(FAMILY, NAME): the decoder of each family, wenc__NAME_decoder. */\n",
         xmacro("WENC__FAMILY_DECODERS", ["%s, %s" % (f, h[1]) for f, h in HANDLERS.items()]),
         "\n",
         "/* X(FAMILY, NAME): the encoder of each family that has one,\n"
         " * wenc__NAME_encoder. */\n",
         xmacro("WENC__FAMILY_ENCODERS",
                ["%s, %s" % (f, h[2]) for f, h in HANDLERS.items() if h[2]]), "\n",
         "/* A build that did not say which families it has (WENC__HAVE_CONFIG_H\n"
         " * undefined: the sources compiled directly) has them all. */\n",
         "#ifndef WENC__HAVE_CONFIG_H\n"]
    h += ["#define WENC__HAVE_FAMILY_%s 1\n" % f for f in HANDLERS]
    h.append("#endif\n\n#endif\n")
    write(os.path.join(root, "indexes", "families.h"), "".join(h))


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    src, root = argv[1], argv[2]

    def load(name):
        return Index(name, os.path.join(src, "index-%s.txt" % name))

    with open(os.path.join(src, "encodings.json"), "rb") as f:
        groups = json.loads(f.read().decode("utf-8"))
    sb_names = [e["name"] for g in groups if g["heading"] == SINGLE_BYTE_HEADING
                for e in g["encodings"] if e["name"] not in SHARED_INDEX]
    sb_indexes = [load(n.lower()) for n in sb_names]

    decls, sizes = [], []
    gen_single_byte(sb_indexes, root, decls, sizes)
    gen_big5(load("big5"), root, decls, sizes)
    gen_simple(load("gb18030"), root, decls, sizes, "gb18030", True, small_tables=gb18030_small)
    gen_gb18030_ranges(load("gb18030-ranges"), root, decls, sizes)
    gen_simple(load("jis0208"), root, decls, sizes, "jis0208", True, None, jis0208_layout)
    # Only EUC-JP's three-byte sequences (0x8F ..) use index jis0212, which
    # no encoder produces: the smaller table in both profiles.
    gen_simple(load("jis0212"), root, decls, sizes, "jis0212", False, delta_only=True)
    gen_simple(load("euc-kr"), root, decls, sizes, "euc_kr", True)
    gen_simple(load("iso-2022-jp-katakana"), root, decls, sizes, "iso_2022_jp_katakana", False)
    n_enc, n_lab, maxlen = gen_registry(os.path.join(src, "encodings.json"), sb_names, root, sizes)

    h = ["/* GENERATED by %s: declarations of the tables in the generated indexes/ sources.\n"
         " * Do not edit: run `meson compile -C build regen`. */\n\n" % GENERATOR,
         "#ifndef WENC_INDEXES_TABLES_H\n#define WENC_INDEXES_TABLES_H\n\n",
         "#include <stdint.h>\n\n",
         "/* Value of every uint16_t table entry that has no mapping. */\n",
         "#define WENC__NONE16 0x%04X\n\n" % NONE16,
         "#define WENC__ENCODING_COUNT %d\n#define WENC__LABEL_COUNT %d\n" % (n_enc, n_lab),
         "#define WENC__LABEL_MAX_LENGTH %d\n" % maxlen,
         "#define WENC__LABEL_BUCKETS 64\n#define WENC__LABEL_SLOTS 512\n\n",
         "/* Pointers per block of a small-profile decode table, log 2\n"
         " * (src/handlers/delta_table.h). */\n",
         "#define WENC__DELTA_BITS %d\n\n" % DELTA_BITS]
    for title, d in decls:
        h.append("/* %s */\n" % title)
        h.extend(line + "\n" for line in d)
        h.append("\n")
    h.append("#endif\n")
    write(os.path.join(root, "indexes", "tables.h"), "".join(h))
    gen_families(root)

    rev = ["# Revision of the generated tables\n\n",
           "GENERATED by %s. The tables in this folder are derived from the\n" % GENERATOR,
           "WHATWG Encoding Standard's index files (https://encoding.spec.whatwg.org/),\n",
           "Copyright © WHATWG (Apple, Google, Mozilla, Microsoft), licensed under the\n",
           "BSD 3-Clause License where incorporated into source code: see\n",
           "[LICENSE-WHATWG](../LICENSE-WHATWG) at the top of the repository (beside\n",
           "wenc's own [LICENSE](../LICENSE)), which every generated file names too.\n\n",
           "| index file | Identifier | Date |\n|---|---|---|\n"]
    every = sb_indexes + [load(n) for n in ("big5", "euc-kr", "gb18030", "gb18030-ranges",
                                           "iso-2022-jp-katakana", "jis0208", "jis0212")]
    for i in sorted(every, key=lambda i: i.file):
        rev.append("| %s | `%s` | %s |\n" % (i.file, i.identifier, i.date))
    rev.append("\n## Table sizes (bytes)\n\n| table | bytes |\n|---|---:|\n")
    for what, size in sizes:
        rev.append("| %s | %d |\n" % (what, size))
    write(os.path.join(root, "indexes", "REVISION.md"), "".join(rev))


if __name__ == "__main__":
    main(sys.argv)
