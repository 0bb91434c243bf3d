#!/usr/bin/env python3
"""Reports the size of the generated tables in a built wenc library, from
the linked object itself (nm -S), not from estimates: every table declared in
indexes/tables.h, grouped by index, and their total.

usage: table-sizes.py NM LIBRARY TABLES_H [--budget-kib N] [--missing-ok]

With --budget-kib, exits 1 if the total exceeds N KiB (the meson test
'table-sizes' asserts the default profile's budget this way; issue 12 has
the goals).  With --missing-ok, a table the library does not hold counts
as 0 bytes ("not linked"): a build with -Dencodings leaves out the tables of
the encodings it does not build.  Standard library only.
"""
import re
import subprocess
import sys


def declared_tables(tables_h):
    """Names of the arrays tables.h declares, in order, with their group
    (the comment line naming the index file above them)."""
    group, out = "?", []
    with open(tables_h, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"/\* (.*) \*/$", line.strip())
            if m:
                group = m.group(1)
            m = re.match(r"extern const .*?\b(wenc__\w+)\[", line)
            if m:
                out.append((group, m.group(1)))
    return out


def symbol_sizes(nm, library):
    """Defined data symbols of LIBRARY with their sizes (nm -S)."""
    res = subprocess.run([nm, "-S", "--defined-only", library], capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("table-sizes: %s failed: %s" % (nm, res.stderr.strip()))
    sizes = {}
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4:
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def main(argv):
    args = argv[1:]
    budget = None
    missing_ok = "--missing-ok" in args
    if missing_ok:
        args.remove("--missing-ok")
    if "--budget-kib" in args:
        i = args.index("--budget-kib")
        budget = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    nm, library, tables_h = args
    tables = declared_tables(tables_h)
    sizes = symbol_sizes(nm, library)
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
    print("%-40s %10s" % ("table", "bytes"))
    for group, rows in groups.items():
        sub = sum(size for _, size in rows)
        total += sub
        print("%-40s %10d" % (group, sub))
        for name, size in rows:
            print("  %-38s %10d" % (name, size))
    print("%-40s %10d  (%.1f KiB)" % ("total", total, total / 1024))
    if budget is not None:
        ok = total <= budget * 1024
        print("budget %.0f KiB: %s" % (budget, "ok" if ok else "EXCEEDED"))
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
