#!/usr/bin/env python3
"""Resolves the -Dencodings= option (names or labels of the Encoding
Standard, or "all") against the registry, for meson.build at configure time.

usage: select-encodings.py [--tables=default|small] REGISTRY_C VALUE...

REGISTRY_C is indexes/registry.c (generated from encodings.json; its labels
and encoding records are read, so this script knows every label the library
knows).  Each VALUE is a name or label, matched as "get an encoding" does
(ASCII whitespace trimmed, ASCII case-insensitive); a value may also hold
several separated by commas.  The mandatory encodings (see MANDATORY) are
always added.  Prints key=value lines for meson.build:

  mask=0x...        bit N set: the encoding with id N is built
  families=a,b      handler families built (wenc__family names, lowercase)
  names=...         names of the built encodings, in the standard's order
  left_out=...      names of the others
  all=true|false    whether every encoding is built
  every_family=a,b  every handler family, built or not
  handlers=f,g      the handler files of the families built (src/...)
  tables=t,u        their tables in indexes/ in the --tables profile
                    (registry.c, always built, is not among them)

The families, their handler files and their tables come from
tools/gen-tables.py's list HANDLERS, the one list of them.

Exits 1, naming the value, when a value is no label of the standard, and
when there is no value at all.
Standard library only.
"""
import importlib.util
import os
import re
import sys

# Always built, whatever the option says (docs/guide.md, "Building only
# some encodings"): UTF-8 is the standard's default and the encoding of
# every UTF-8 hook; UTF-16BE/LE because BOM sniffing ("decode", TextDecoder,
# the HTML and XML sniffing) can switch to them whatever the caller chose;
# replacement because six labels of the standard map to it so that those
# documents decode to one U+FFFD.  None of them has a table.
MANDATORY = ("UTF-8", "UTF-16BE", "UTF-16LE", "replacement")

WHITESPACE = "\t\n\f\r "


def load_generator():
    """tools/gen-tables.py as a module (its name is no identifier)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-tables.py")
    spec = importlib.util.spec_from_file_location("gen_tables", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def family_files(families, small):
    """The handler files (under src/) and table files (under indexes/) of
    FAMILIES (lowercase names), each once, in the generator's order."""
    gen = load_generator()
    handlers, tables = [], []
    for fam, spec in gen.HANDLERS.items():
        if fam.lower() not in families:
            continue
        h = "handlers/" + spec[0]
        if h not in handlers:
            handlers.append(h)
        for t in gen.family_tables(fam, small):
            if t not in tables:
                tables.append(t)
    return handlers, tables, [f.lower() for f in gen.HANDLERS]


def read_registry(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    labels = {}
    for label, eid in re.findall(r'^\s*/\*\s*\d+ \*/ \{"([^"]+)", \d+, (\d+)\},$', text, re.M):
        labels[label] = int(eid)
    encodings = {}
    for name, eid, family in re.findall(
            r'^const wenc_encoding wenc_encoding_\w+ = \{\n\s*"([^"]+)", "[^"]+", (\d+), '
            r'WENC__FAMILY_(\w+),', text, re.M):
        encodings[int(eid)] = (name, family.lower())
    if not labels or len(encodings) < 40:
        sys.exit("select-encodings: cannot read the registry in %s" % path)
    return labels, encodings


def main(argv):
    small = False
    if len(argv) > 1 and argv[1].startswith("--tables="):
        small = argv[1] == "--tables=small"
        argv = argv[:1] + argv[2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    labels, encodings = read_registry(argv[1])
    by_name = {name.lower(): eid for eid, (name, _) in encodings.items()}
    values = []
    for arg in argv[2:]:
        values += arg.split(",")
    values = [v.strip(WHITESPACE) for v in values]
    values = [v for v in values if v != ""]
    if not values:
        sys.exit("-Dencodings is empty: give names or labels of the Encoding Standard "
                 "(utf-8 for the mandatory ones only), or all")
    if any(v.lower() == "all" for v in values):
        chosen = set(encodings)
    else:
        chosen = set()
        for v in values:
            key = v.lower() if v.isascii() else None
            eid = labels.get(key, by_name.get(key))
            if eid is None:
                sys.exit("-Dencodings: '%s' is no name or label of the Encoding Standard "
                         "(see `wenc --list`)" % v)
            chosen.add(eid)
    chosen |= {eid for eid, (name, _) in encodings.items() if name in MANDATORY}
    mask = 0
    for eid in chosen:
        mask |= 1 << eid
    families = []
    for eid in sorted(chosen):
        fam = encodings[eid][1]
        if fam not in families:
            families.append(fam)
    print("mask=0x%X" % mask)
    print("families=" + ",".join(families))
    print("names=" + ",".join(encodings[e][0] for e in sorted(chosen)))
    print("left_out=" + ",".join(encodings[e][0] for e in sorted(encodings) if e not in chosen))
    print("all=" + ("true" if len(chosen) == len(encodings) else "false"))
    handlers, tables, every = family_files(families, small)
    print("every_family=" + ",".join(every))
    print("handlers=" + ",".join(handlers))
    print("tables=" + ",".join(tables))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
