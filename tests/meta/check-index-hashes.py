#!/usr/bin/env python3
"""index-hashes: the pinned SHA-256 list of the standard's files
(subprojects/packagefiles/whatwg-encoding/SHA256SUMS) is right, and both
of its users refuse a file that does not match, naming it:

  1. every file the list names is in INDEX_DIR with that hash, and the list
     names every index file (so, with generated-up-to-date, the list is the
     files the committed tables come from);
  2. tools/fetch-indexes.sh, pointed with WENC_SPEC_URL at a file:// copy of
     INDEX_DIR, fetches and accepts them; with one file changed it fails
     and names the file;
  3. the wrap's overlay (subprojects/packagefiles/whatwg-encoding), as
     `meson subprojects download` lays it out, configures in a small parent
     project; with one file changed `meson setup` fails naming the file.

Usage: check-index-hashes.py MESON SOURCE_ROOT INDEX_DIR
Prints TAP; SKIP without INDEX_DIR (no network: the files come from there).
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

meson, root, index_dir = sys.argv[1], sys.argv[2], sys.argv[3]
overlay = os.path.join(root, "subprojects", "packagefiles", "whatwg-encoding")
if not index_dir or not os.path.isdir(index_dir):
    # A TAP test that skips says so in its plan and exits 0 (meson reads
    # any other status as an error).
    print("1..0 # SKIP no copy of the standard's index files (tools/run-tests uses "
          "../shared/whatwg-encoding or fetches them; by hand: tools/fetch-indexes.sh DIR, "
          "then meson configure -Dindex_dir=DIR)")
    sys.exit(0)

n = 0


def ok(cond, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, what))
    if not cond:
        for line in detail.splitlines()[-30:]:
            print("# " + line)
    return cond


sums = {}
with open(os.path.join(overlay, "SHA256SUMS"), encoding="utf-8") as f:
    for line in f:
        if line.strip() and not line.startswith("#"):
            h, name = line.split()
            sums[name] = h

bad = []
for name, h in sorted(sums.items()):
    with open(os.path.join(index_dir, name), "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != h:
            bad.append(name)
ok(not bad, "SHA256SUMS matches the files in INDEX_DIR", "differ: " + " ".join(bad))
indexes = {os.path.basename(p) for p in glob.glob(os.path.join(index_dir, "index-*.txt"))}
missing = sorted((indexes | {"encodings.json", "indexes.json"}) - set(sums))
ok(not missing, "SHA256SUMS lists every index file and the JSON files", " ".join(missing))

victim = "index-jis0212.txt"
with tempfile.TemporaryDirectory(prefix="wenc-hashes-") as tmp:
    site = os.path.join(tmp, "site")
    shutil.copytree(index_dir, site)
    curl = shutil.which("curl")
    if curl is None:
        print("ok %d - fetch-indexes.sh # SKIP curl not installed" % (n + 1))
        print("ok %d - fetch-indexes.sh refuses # SKIP curl not installed" % (n + 2))
        n += 2
    else:
        env = dict(os.environ, WENC_SPEC_URL="file://" + site)
        fetch = os.path.join(root, "tools", "fetch-indexes.sh")
        r = subprocess.run(["sh", fetch, os.path.join(tmp, "good")], env=env,
                           capture_output=True, text=True)
        ok(r.returncode == 0 and "SHA-256 match" in r.stdout,
           "fetch-indexes.sh fetches and accepts the pinned files", r.stdout + r.stderr)
        with open(os.path.join(site, victim), "ab") as f:
            f.write(b"# one more line\n")
        r = subprocess.run(["sh", fetch, os.path.join(tmp, "bad")], env=env,
                           capture_output=True, text=True)
        ok(r.returncode != 0 and ("fetch-indexes: %s: SHA-256" % victim) in r.stderr
           and "refusing it" in r.stderr
           and not os.path.exists(os.path.join(tmp, "bad", victim)),
           "fetch-indexes.sh refuses a changed file and names it", r.stdout + r.stderr)

    # The wrap's checkout with the overlay applied, in a parent project.
    parent = os.path.join(tmp, "parent")
    sub = os.path.join(parent, "subprojects", "whatwg-encoding")
    shutil.copytree(index_dir, sub)
    for f in os.listdir(overlay):
        shutil.copy(os.path.join(overlay, f), sub)
    with open(os.path.join(parent, "meson.build"), "w") as f:
        f.write("project('parent')\n"
                "d = subproject('whatwg-encoding').get_variable('index_dir')\n"
                "message('index_dir=' + d)\n")
    r = subprocess.run([meson, "setup", os.path.join(tmp, "b1"), parent],
                       capture_output=True, text=True)
    ok(r.returncode == 0 and "files match their pinned SHA-256" in r.stdout,
       "the wrap's overlay accepts the pinned files", r.stdout + r.stderr)
    with open(os.path.join(sub, victim), "ab") as f:
        f.write(b"# one more line\n")
    r = subprocess.run([meson, "setup", os.path.join(tmp, "b2"), parent],
                       capture_output=True, text=True)
    out = r.stdout + r.stderr
    ok(r.returncode != 0 and ("%s: SHA-256" % victim) in out and "refusing" in out,
       "the wrap's overlay refuses a changed file and names it", out)
print("1..%d" % n)
