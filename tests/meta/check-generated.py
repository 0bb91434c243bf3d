#!/usr/bin/env python3
"""generated-up-to-date: regenerates the tables from the index files into a
temporary folder and compares every generated file byte for byte with the
committed one.  Exit 77 (skip) without an index directory.

Usage: check-generated.py INDEX_DIR SOURCE_ROOT
"""
import filecmp
import os
import subprocess
import sys
import tempfile

index_dir, root = sys.argv[1], sys.argv[2]
if not index_dir or not os.path.isdir(index_dir):
    print("SKIP: no copy of the standard's index files (tools/run-tests uses "
          "../shared/whatwg-encoding or fetches them; by hand: tools/fetch-indexes.sh DIR, "
          "then meson configure -Dindex_dir=DIR)")
    sys.exit(77)
with tempfile.TemporaryDirectory() as out:
    subprocess.run([sys.executable, os.path.join(root, "tools", "gen-tables.py"), index_dir, out],
                   check=True)
    generated = []
    for sub in ("indexes", os.path.join("include", "wenc")):
        for name in sorted(os.listdir(os.path.join(out, sub))):
            generated.append(os.path.join(sub, name))
    stale = [f for f in generated
             if not os.path.exists(os.path.join(root, f))
             or not filecmp.cmp(os.path.join(out, f), os.path.join(root, f), shallow=False)]
    for f in generated:
        print("%s %s" % ("STALE" if f in stale else "ok   ", f))
    if stale:
        print("The committed tables differ from what tools/gen-tables.py generates: "
              "run `meson compile -C build regen` and commit.")
        sys.exit(1)
print("%d generated files up to date" % len(generated))
