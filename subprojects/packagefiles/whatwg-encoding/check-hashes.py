#!/usr/bin/env python3
"""Checks the standard's data files in DIR against DIR/SHA256SUMS (the
hashes pinned for the wrap's revision).  Exit 0 and a summary if all match;
exit 1 with one line per bad file otherwise, naming it."""
import hashlib
import os
import sys

d = sys.argv[1]
bad = []
count = 0
with open(os.path.join(d, "SHA256SUMS"), encoding="utf-8") as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        want, name = line.split(None, 1)
        name = name.strip().lstrip("*")
        count += 1
        path = os.path.join(d, name)
        try:
            with open(path, "rb") as g:
                got = hashlib.sha256(g.read()).hexdigest()
        except OSError as e:
            bad.append("%s: cannot be read (%s)" % (name, e.strerror))
            continue
        if got != want:
            bad.append("%s: SHA-256 %s, expected %s" % (name, got, want))
if bad:
    sys.stderr.write("whatwg-encoding: refusing the index files, they are not the pinned "
                     "revision's:\n  " + "\n  ".join(bad) + "\n")
    sys.exit(1)
print("whatwg-encoding: %d files match their pinned SHA-256" % count)
