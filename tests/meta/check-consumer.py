#!/usr/bin/env python3
"""consumer-subproject: builds tests/consumer, a tiny project that uses wenc
the way the README shows: tests/consumer/wenc.wrap in its subprojects/ and
`dependency('wenc')`, which falls back to the wrap ([provide]) and so to
wenc's meson.override_dependency().  The wrap's url is
pointed at a git repository made from a copy of this source tree (there is
no network here) and its revision at that repository's commit, as the
README says to pin one; everything else is the README's file.  Then runs it.

Usage: check-consumer.py MESON SOURCE_ROOT
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

meson, root = sys.argv[1], sys.argv[2]
ignore = shutil.ignore_patterns(".git", "build*", "__pycache__", "subprojects")


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        print(" ".join(cmd))
        print(r.stdout[-4000:], r.stderr[-4000:])
        sys.exit(1)
    return r.stdout


with open(os.path.join(root, "tests", "consumer", "wenc.wrap"), encoding="utf-8") as f:
    wrap = f.read()
with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
    if wrap not in f.read():
        print("README.md does not show tests/consumer/wenc.wrap as it is")
        sys.exit(1)

with tempfile.TemporaryDirectory() as tmp:
    proj = os.path.join(tmp, "consumer")
    shutil.copytree(os.path.join(root, "tests", "consumer"), proj)
    os.remove(os.path.join(proj, "wenc.wrap"))
    os.makedirs(os.path.join(proj, "subprojects"))
    src = os.path.join(tmp, "wenc.git")
    shutil.copytree(root, src, ignore=ignore)
    git = shutil.which("git")
    if git:
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
        # The README pins a commit: the wrap's url and revision pointed at
        # a repository of the tree and the full hash of its commit.
        run([git, "init", "-q", src])
        run([git, "-C", src, "add", "-A"])
        run([git, "-C", src, "commit", "-q", "-m", "wenc"], env=env)
        commit = subprocess.run([git, "-C", src, "rev-parse", "HEAD"], check=True,
                                capture_output=True, text=True).stdout.strip()
        local = re.sub(r"(?m)^url = .*$", "url = " + src, wrap)
        local = re.sub(r"(?m)^revision = .*$", "revision = " + commit, local)
        with open(os.path.join(proj, "subprojects", "wenc.wrap"), "w") as f:
            f.write(local)
    else:
        # No git: the checkout the wrap would make, in place.
        print("# no git: subprojects/wenc is a copy, the wrap is not exercised")
        shutil.move(src, os.path.join(proj, "subprojects", "wenc"))
    build = os.path.join(tmp, "build")
    run([meson, "setup", "--wrap-mode=forcefallback", build, proj])
    run([meson, "compile", "-C", build])
    r = subprocess.run([os.path.join(build, "consumer")], capture_output=True, text=True)
    print(r.stdout, end="")
    sys.exit(r.returncode)
