#!/usr/bin/env python3
"""Reports the size of the generated tables in a built wenc library, from
the linked object itself (nm -S), not from estimates: every table declared in
indexes/tables.h, grouped by index, and their total.

usage: table-sizes.py NM LIBRARY TABLES_H [--profile default|small] [--budget-kib N]
                      [--c-header OUT] [--missing-ok] [--symbol-prefix P]

Tables of a profile (tables.h groups named "..., encode: small profile")
count only for the build of that profile (-Dtables; default: default).
With --budget-kib, exits 1 if the total exceeds N KiB (the meson test
'table-sizes' asserts the budget of the build's profile this way; issue 12
has the goals).  With --c-header, also writes the total as C macros to OUT
(the benchmark program prints them).  With --missing-ok, a table the
library does not hold counts as 0 bytes ("not linked"): a build with
-Dencodings leaves out the tables of the encodings it does not build.
With --symbol-prefix P, the library's names are P + the names of tables.h
(a build with -Dsymbol_prefix=P, README "Vendoring").
Standard library only.
"""
import re
import subprocess
import sys


def declared_tables(tables_h, profile):
    """Names of the arrays tables.h declares for PROFILE, in order, with
    their group (the comment line naming the index file above them)."""
    group, out = "?", []
    with open(tables_h, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"/\* (.*) \*/$", line.strip())
            if m:
                group = m.group(1)
            m = re.match(r"extern const .*?\b(wenc__\w+)\[", line)
            p = re.search(r"(?:en|de)code: (\w+) profile$", group)
            if m and (p is None or p.group(1) == profile):
                out.append((group, m.group(1)))
    return out


def symbol_sizes(nm, library, prefix=""):
    """Defined data symbols of LIBRARY with their sizes (nm -S), by name
    without PREFIX."""
    res = subprocess.run([nm, "-S", "--defined-only", library], capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("table-sizes: %s failed: %s" % (nm, res.stderr.strip()))
    sizes = {}
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3].startswith(prefix):
            sizes[parts[3][len(prefix):]] = int(parts[1], 16)
    return sizes


def main(argv):
    args = argv[1:]
    budget = None
    profile = "default"
    header = None
    if "--c-header" in args:
        i = args.index("--c-header")
        header = args[i + 1]
        del args[i:i + 2]
    if "--profile" in args:
        i = args.index("--profile")
        profile = args[i + 1]
        del args[i:i + 2]
    missing_ok = "--missing-ok" in args
    if missing_ok:
        args.remove("--missing-ok")
    prefix = ""
    if "--symbol-prefix" in args:
        i = args.index("--symbol-prefix")
        prefix = args[i + 1]
        del args[i:i + 2]
    if "--budget-kib" in args:
        i = args.index("--budget-kib")
        budget = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    nm, library, tables_h = args
    tables = declared_tables(tables_h, profile)
    sizes = symbol_sizes(nm, library, prefix)
    missing = [name for _, name in tables if name not in sizes]
    # A library with internal symbols but not these tables left them out;
    # one without any has no symbol table (stripped): nothing to measure.
    if missing and missing_ok and any(n.startswith("wenc__") for n in sizes):
        for name in missing:
            sizes[name] = 0
        print("not linked (-Dencodings): %s" % ", ".join(missing))
        missing = []
    if missing:
        # A stripped library has no symbol table: nothing can be measured.
        sys.exit("table-sizes: %s has no size for %s" % (library, ", ".join(missing[:5])))
    groups = {}
    for group, name in tables:
        groups.setdefault(group, []).append((name, sizes[name]))
    total = 0
    print("%-48s %10s" % ("table", "bytes"))
    for group, rows in groups.items():
        sub = sum(size for _, size in rows)
        total += sub
        print("%-48s %10d" % (group, sub))
        for name, size in rows:
            print("  %-46s %10d" % (name, size))
    print("%-48s %10d  (%.1f KiB, profile %s)" % ("total", total, total / 1024, profile))
    if header is not None:
        with open(header, "w", encoding="utf-8", newline="\n") as f:
            f.write("/* GENERATED at build time by tools/table-sizes.py from the linked\n"
                    " * library (nm -S). */\n"
                    "#define WENC_BENCH_TABLE_PROFILE \"%s\"\n"
                    "#define WENC_BENCH_TABLE_BYTES %d\n" % (profile, total))
    if budget is not None:
        ok = total <= budget * 1024
        print("budget %.0f KiB: %s" % (budget, "ok" if ok else "EXCEEDED"))
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
