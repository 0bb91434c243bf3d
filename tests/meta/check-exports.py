#!/usr/bin/env python3
"""exported-symbols: every symbol the shared library exports starts with
`wenc_` and none is an internal `wenc__` one (STYLE.md §1).

Usage: check-exports.py NM LIBRARY
"""
import subprocess
import sys

nm, lib = sys.argv[1], sys.argv[2]
out = subprocess.run([nm, "-D", "--defined-only", lib], check=True,
                     capture_output=True, text=True).stdout
names = [line.split()[-1] for line in out.splitlines() if line.strip()]
bad = [n for n in names if not n.startswith("wenc_") or n.startswith("wenc__")]
for n in names:
    print("%s %s" % ("BAD" if n in bad else "ok ", n))
print("%d exported, %d not allowed" % (len(names), len(bad)))
sys.exit(1 if bad or not names else 0)
