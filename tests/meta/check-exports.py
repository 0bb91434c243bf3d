#!/usr/bin/env python3
"""exported-symbols: every symbol the shared library exports starts with
`wenc_` and none is an internal `wenc__` one (STYLE.md §1); in a build
with -Dsymbol_prefix=P, `P` + `wenc_` (README "Vendoring").

Usage: check-exports.py NM LIBRARY [PREFIX]
"""
import subprocess
import sys

nm, lib = sys.argv[1], sys.argv[2]
prefix = sys.argv[3] if len(sys.argv) > 3 else ""
out = subprocess.run([nm, "-D", "--defined-only", lib], check=True,
                     capture_output=True, text=True).stdout
names = [line.split()[-1] for line in out.splitlines() if line.strip()]
# gcc's AddressSanitizer adds an ODR indicator, __odr_asan.<name>, beside
# every exported global: an artifact of -Db_sanitize=address, not an export
# of ours.
names = [n for n in names if not n.startswith("__odr_asan.")]
bad = [n for n in names
       if not n.startswith(prefix + "wenc_") or n.startswith(prefix + "wenc__")]
for n in names:
    print("%s %s" % ("BAD" if n in bad else "ok ", n))
print("%d exported, %d not allowed" % (len(names), len(bad)))
sys.exit(1 if bad or not names else 0)
